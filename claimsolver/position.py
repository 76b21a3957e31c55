"""The position at the moment of a claim: what each seat still holds, the trick in progress.

A :class:`Position` is plain data (int masks, DDS numbering). It is built from the position
fields of a claim file (``deal``, ``trump``, ``leader``, ``trick``), from an endplay ``Deal``,
and converts back to both. :func:`validate` reports every problem at once, each with the
field it concerns, so the CLI can print one line per problem.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Iterable, Mapping

import numpy as np

from claimsolver.cards import (
    NOTRUMP,
    SEAT_LETTERS,
    SUIT_LETTERS,
    Seat,
    card_name,
    card_suit,
    count,
    deal_name,
    iter_cards,
    parse_card,
    parse_deal,
    parse_seat,
    parse_strain,
    strain_name,
    suit_cards,
)
from claimsolver.errors import InvalidInput, NotationError


@dataclasses.dataclass(frozen=True)
class Position:
    """Four hands (int masks indexed by seat), trump (0..3, 4 = NT), the leader of the current
    trick, the cards already played to it (0–3, in order from the leader) and the tricks each
    side (NS, EW) has won before it."""

    hands: tuple[int, int, int, int]
    trump: int
    leader: Seat
    trick: tuple[int, ...] = ()
    tricks_won: tuple[int, int] = (0, 0)

    # -- derived ----------------------------------------------------------------------------
    @property
    def to_move(self) -> Seat:
        return Seat((self.leader + len(self.trick)) % 4)

    @property
    def tricks_left(self) -> int:
        """Tricks still to be completed, the current one included."""
        return count(self.hands[self.leader]) + (1 if self.trick else 0)

    @property
    def remaining(self) -> int:
        """Mask of every card still held by someone."""
        return self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]

    @property
    def lead_suit(self) -> int | None:
        return card_suit(self.trick[0]) if self.trick else None

    def hands_array(self) -> np.ndarray:
        return np.array(self.hands, dtype=np.int64)

    def trick_array(self) -> np.ndarray:
        return np.array(self.trick, dtype=np.int64)

    # -- claim-file fields ------------------------------------------------------------------
    @classmethod
    def from_fields(
        cls,
        deal: str,
        trump: str,
        leader: str,
        trick: Iterable[str] = (),
        *,
        shown_out: Mapping[str, str] | None = None,
        tricks_won: tuple[int, int] = (0, 0),
    ) -> "Position":
        """Build and validate a position from claim-file notation; raises :class:`InvalidInput`
        listing every problem found."""
        problems: list[tuple[str, str]] = []
        hands = None
        try:
            hands = parse_deal(deal)
        except NotationError as e:
            problems.append(("deal", str(e)))
        strain = None
        try:
            strain = parse_strain(trump)
        except NotationError as e:
            problems.append(("trump", str(e)))
        lead_seat = None
        try:
            lead_seat = parse_seat(leader)
        except NotationError as e:
            problems.append(("leader", str(e)))
        cards: list[int] = []
        if not isinstance(trick, (list, tuple)):
            problems.append(("trick", f"must be a list of cards, e.g. [\"HK\", \"H2\"], not {trick!r}"))
            trick = ()
        for i, text in enumerate(trick):
            try:
                cards.append(parse_card(text))
            except NotationError as e:
                problems.append((f"trick[{i}]", str(e)))
        if problems:
            raise InvalidInput(problems)
        pos = cls(hands, strain, lead_seat, tuple(cards), tuple(tricks_won))  # type: ignore[arg-type]
        problems = validate(pos, shown_out=parse_shown_out(shown_out or {}))
        if problems:
            raise InvalidInput(problems)
        return pos

    def to_fields(self) -> dict[str, Any]:
        return {
            "deal": self.deal_pbn(),
            "trump": strain_name(self.trump),
            "leader": SEAT_LETTERS[self.leader],
            "trick": [card_name(c) for c in self.trick],
        }

    def deal_pbn(self, first: int = 0) -> str:
        return deal_name(self.hands, first)

    def __repr__(self) -> str:
        trick = ", ".join(repr(card_name(c)) for c in self.trick)
        return (
            f"Position.from_fields({self.deal_pbn()!r}, {strain_name(self.trump)!r}, "
            f"{SEAT_LETTERS[self.leader]!r}, [{trick}])"
        )

    # -- endplay ----------------------------------------------------------------------------
    @classmethod
    def from_deal(cls, deal: Any, tricks_won: tuple[int, int] = (0, 0)) -> "Position":
        """From an endplay ``Deal`` (remaining cards, trump, ``first`` = leader of the current
        trick, ``curtrick``). The holdings are read with one ``np.frombuffer``."""
        remain = np.frombuffer(deal._data.remainCards, np.uint32).reshape(4, 4).astype(np.int64)
        shifts = np.array([0, 16, 32, 48], dtype=np.int64)
        hands = tuple(int(x) for x in np.bitwise_or.reduce(remain << shifts, axis=1))
        trick = tuple(16 * int(c.suit) + int(c.rank).bit_length() - 1 for c in deal.curtrick)
        pos = cls(hands, int(deal.trump), Seat(int(deal.first)), trick, tuple(tricks_won))  # type: ignore[arg-type]
        problems = validate(pos)
        if problems:
            raise InvalidInput(problems)
        return pos

    def to_deal(self) -> Any:
        """An endplay ``Deal`` of this position (mid-trick cards played from outside the
        hands, so the players who played hold one card fewer, as DDS requires)."""
        from endplay.types import Card, Deal, Denom, Player

        deal = Deal(self.deal_pbn(), first=Player(int(self.leader)), trump=Denom(self.trump))
        for c in self.trick:
            deal.play(Card(card_name(c)), from_hand=False)
        return deal


def parse_shown_out(shown_out: Mapping[str, str]) -> dict[Seat, int]:
    """``{"E": "S", "W": "HC"}`` -> {Seat.E: {0}, ...} as a bit set of suits (bit s)."""
    result: dict[Seat, int] = {}
    problems = []
    if not isinstance(shown_out, Mapping):
        raise InvalidInput([("shown_out", f"must map seats to suits, e.g. {{\"E\": \"S\"}}, not {shown_out!r}")])
    for seat_text, suits in shown_out.items():
        try:
            seat = parse_seat(seat_text)
        except NotationError as e:
            problems.append(("shown_out", str(e)))
            continue
        bits = 0
        for ch in str(suits).upper():
            if ch in SUIT_LETTERS:
                bits |= 1 << SUIT_LETTERS.index(ch)
            elif not ch.isspace() and ch != ",":
                problems.append(("shown_out", f"{seat_text}: {ch!r} is not a suit (expected letters S, H, D, C)"))
        result[seat] = result.get(seat, 0) | bits
    if problems:
        raise InvalidInput(problems)
    return result


def validate(pos: Position, shown_out: Mapping[Seat, int] | None = None) -> list[tuple[str, str]]:
    """Every problem with a position, as (field, reason) pairs; empty when it is valid."""
    problems: list[tuple[str, str]] = []
    shown_out = shown_out or {}
    if pos.trump not in range(5):
        problems.append(("trump", f"unknown strain {pos.trump!r}"))
    if len(pos.trick) > 3:
        problems.append(("trick", f"at most 3 cards can be played to the current trick, got {len(pos.trick)}"))
        return problems
    seen: dict[int, str] = {}
    for seat in range(4):
        h = pos.hands[seat]
        if count(h) > 13:
            problems.append(("deal", f"{Seat(seat).full_name} holds {count(h)} cards (at most 13)"))
        for s in range(4):
            if shown_out.get(Seat(seat), 0) >> s & 1 and suit_cards(h, s):
                problems.append(
                    ("shown_out", f"{Seat(seat).full_name} showed out of {SUIT_LETTERS[s]} but holds "
                     f"{' '.join(card_name(c) for c in _cards(suit_cards(h, s)))}")
                )
        for c in _cards(h):
            if c in seen:
                problems.append(("deal", f"{card_name(c)} is in {seen[c]} and in {Seat(seat).full_name}'s hand"))
            seen[c] = f"{Seat(seat).full_name}'s hand"
    for i, c in enumerate(pos.trick):
        player = Seat((pos.leader + i) % 4)
        if c in seen:
            problems.append((f"trick[{i}]", f"{card_name(c)} is played to the trick but is still in {seen[c]}"))
        elif any(c == d for d in pos.trick[:i]):
            problems.append((f"trick[{i}]", f"{card_name(c)} is played twice"))
        if i > 0:
            led = card_suit(pos.trick[0])
            if card_suit(c) != led and suit_cards(pos.hands[player], led):
                problems.append(
                    (f"trick[{i}]", f"{player.full_name} played {card_name(c)} on a "
                     f"{SUIT_LETTERS[led]} lead while holding {SUIT_LETTERS[led]} (revoke)")
                )
            if card_suit(c) == led and shown_out.get(player, 0) >> led & 1:
                problems.append(
                    (f"trick[{i}]", f"{player.full_name} follows with {card_name(c)} but showed out of "
                     f"{SUIT_LETTERS[led]} before (revoke)")
                )
    # Hand sizes: the players who have played to the current trick hold one card fewer.
    k = len(pos.trick)
    sizes = [count(h) for h in pos.hands]
    n = sizes[(pos.leader + k) % 4] if k < 4 else 0
    expected = [n - 1 if (seat - pos.leader) % 4 < k else n for seat in range(4)]
    if sizes != expected or n == 0:
        desc = ", ".join(f"{Seat(s).name} {sizes[s]}" for s in range(4))
        if n == 0 and sizes == expected:
            problems.append(("deal", "no cards left to play"))
        elif k:
            problems.append(
                ("deal", f"hand sizes {desc} do not fit a trick in progress with {k} card(s) played "
                 f"from {pos.leader.full_name}: those who played hold one card fewer than the others")
            )
        else:
            problems.append(("deal", f"hand sizes {desc} differ: every hand must hold the same number of cards"))
    if any(t < 0 for t in pos.tricks_won):
        problems.append(("tricks_won", f"tricks won cannot be negative: {pos.tricks_won}"))
    elif n and sum(pos.tricks_won) + pos.tricks_left > 13:
        problems.append(
            ("tricks_won", f"{sum(pos.tricks_won)} tricks won plus {pos.tricks_left} to play is more than 13")
        )
    return problems


def _cards(mask: int) -> list[int]:
    return list(iter_cards(mask))


__all__ = ["Position", "validate", "parse_shown_out", "NOTRUMP"]
