"""BBO LIN hand records (single hands and vugraph archives) -> the position at each claim.

A LIN text is a flat sequence of ``key|value|`` pairs (newlines between pairs are ignored; a
value such as an ``nt|`` note may itself span lines). This module has its own small
tokenizer, because endplay's LIN parser cannot read vugraph archives and drops the raw
``mc`` value.

Keys read:

- ``qx|o12|`` / ``qx|c12|``: a new board, open or closed room, board 12 (vugraph);
- ``md|3<S>,<W>,<N>,<E>|``: the deal, dealer digit first (1 = South, 2 = West, 3 = North,
  4 = East), then the hands of South, West, North and East (the last may be empty: the
  remaining 13 cards). In a file without ``qx`` each ``md`` starts a new board;
- ``pn|``: player names, South, West, North, East (8 names in a vugraph archive: open room
  then closed room). A ``pn`` applies to the boards that follow it (vugraph files repeat
  ``pn`` when players change);
- ``ah|Board 7|``: the board label of a single hand; ``sv|``: vulnerability (``o``/``0`` none,
  ``n``, ``e``, ``b`` both);
- ``mb|``: the calls (alert marks ``!`` ignored); contract and declarer are computed from
  them (declarer = first player of the declaring side to bid the final strain);
- ``pc|``: the cards played, in play order (either case: ``pc|cK``, ``pc|CK``);
- ``mc|N|``: a claim; N is declarer's **total** tricks for the deal. It may come in the
  middle of a trick. When a board has several, the last one counts.

Ignored: ``vg``, ``rs``, ``pg``, ``st``, ``rh``, ``an``, ``nt`` (notes), ``ob`` (calls of the
other room), and anything unknown.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Iterator

from claimsolver.cards import FULL_DECK, Seat, count, make_card, parse_card, parse_rank
from claimsolver.errors import NotationError
from claimsolver.records.replay import (
    BAD_CARD,
    BAD_DEAL,
    BAD_PLAY,
    MISSING_TAGS,
    BoardFacts,
    RecordedClaim,
    ReplayError,
    SkippedBoard,
    auction_contract,
    finish,
    normalise_vulnerability,
    skipped,
    start_replay,
)

LIN_DEALER = {"1": Seat.S, "2": Seat.W, "3": Seat.N, "4": Seat.E}
LIN_HAND_ORDER = (Seat.S, Seat.W, Seat.N, Seat.E)


def tokenize(text: str) -> list[tuple[str, str]]:
    """``key|value|key|value|...`` -> [(key, value)]; keys lower-case and stripped."""
    parts = text.replace("\r", "").split("|")
    pairs = []
    for i in range(0, len(parts) - 1, 2):
        pairs.append((parts[i].strip().lower(), parts[i + 1]))
    return pairs


@dataclasses.dataclass
class LinBoard:
    """The raw tokens of one board."""

    board: str | None = None
    room: str | None = None
    md: str | None = None
    sv: str | None = None
    calls: list[str] = dataclasses.field(default_factory=list)
    cards: list[str] = dataclasses.field(default_factory=list)
    claims: list[tuple[str, int]] = dataclasses.field(default_factory=list)  # (mc value, cards before it)
    players: list[str] | None = None
    label: str | None = None  # ah


def split_boards(text: str) -> Iterator[LinBoard]:
    """Group the tokens of a LIN text into boards."""
    cur: LinBoard | None = None
    names: list[str] | None = None
    for key, val in tokenize(text):
        if key == "pn":
            names = [n.strip() for n in val.split(",")]
            if cur is not None and cur.md is None:
                cur.players = names
        elif key == "qx":
            if cur is not None:
                yield cur
            cur = LinBoard(players=names)
            m = re.match(r"\s*([oc])\s*(\d+)", val, re.I)
            if m:
                cur.room = "open" if m.group(1).lower() == "o" else "closed"
                cur.board = m.group(2)
            else:
                cur.board = val.strip() or None
        elif key == "md":
            if cur is None or cur.md is not None:
                if cur is not None:
                    yield cur
                cur = LinBoard(players=names)
            cur.md = val
        elif cur is None:
            continue
        elif key == "ah":
            cur.label = val.strip()
        elif key == "sv":
            cur.sv = val.strip()
        elif key == "mb":
            cur.calls.append(val)
        elif key == "pc":
            cur.cards.append(val.strip())
        elif key == "mc":
            cur.claims.append((val.strip(), len(cur.cards)))
    if cur is not None:
        yield cur


def parse_md(text: str) -> tuple[Seat | None, tuple[int, int, int, int]]:
    """``3SKH4579QKAD69C58K,S569...,S47...,`` -> (dealer, hands by seat). The fourth hand may be
    omitted (the remaining cards). Raises ReplayError(bad-deal)."""
    t = text.strip()
    dealer = None
    if t and t[0].isdigit():
        dealer = LIN_DEALER.get(t[0])
        if dealer is None:
            raise ReplayError(BAD_DEAL, f"md|: unknown dealer digit {t[0]!r}")
        t = t[1:]
    parts = t.split(",")
    hands = [0, 0, 0, 0]
    given = []
    for i, part in enumerate(parts[:4]):
        part = part.strip()
        if not part:
            continue
        seat = LIN_HAND_ORDER[i]
        mask = 0
        suit = None
        part_u = part.upper().replace("10", "T")
        for ch in part_u:
            if ch in "SHDC":
                suit = "SHDC".index(ch)
                continue
            if suit is None:
                raise ReplayError(BAD_DEAL, f"md|: {seat.full_name}'s hand {part!r} has a rank before a suit")
            try:
                card = make_card(suit, parse_rank(ch))
            except NotationError:
                raise ReplayError(BAD_DEAL, f"md|: {seat.full_name}'s hand {part!r}: {ch!r} is not a rank") from None
            if mask >> card & 1:
                raise ReplayError(BAD_DEAL, f"md|: {seat.full_name}'s hand {part!r} lists a card twice")
            mask |= 1 << card
        hands[seat] = mask
        given.append(seat)
    missing = [s for s in Seat if s not in given]
    if len(missing) == 1:
        others = 0
        for s in given:
            if others & hands[s]:
                raise ReplayError(BAD_DEAL, "md|: a card is in two hands")
            others |= hands[s]
        if all(count(hands[s]) == 13 for s in given):
            hands[missing[0]] = FULL_DECK & ~others
    elif missing:
        raise ReplayError(BAD_DEAL, f"md|: hands missing for {', '.join(s.full_name for s in missing)}")
    return dealer, (hands[0], hands[1], hands[2], hands[3])


def loads(text: str, file: str = "<string>") -> Iterator[RecordedClaim | SkippedBoard]:
    """Every board of a LIN text (single hands or a vugraph archive) as a RecordedClaim or a
    SkippedBoard (never raises for a bad board)."""
    for number, b in enumerate(split_boards(text), 1):
        label = b.board
        if label is None and b.label:
            m = re.search(r"\d+", b.label)
            label = m.group(0) if m else b.label
        if label is None:
            label = f"#{number}"
        facts = BoardFacts(file=file, board=label, room=b.room)
        try:
            yield _replay(b, facts)
        except ReplayError as e:
            yield skipped(facts, e.code, e.reason)


def _players(b: LinBoard) -> dict[str, str] | None:
    if not b.players:
        return None
    names = b.players
    if len(names) >= 8 and b.room == "closed":
        names = names[4:8]
    out = {}
    for seat, name in zip(LIN_HAND_ORDER, names[:4]):
        if name:
            out[seat.name] = name
    return out or None


def _replay(b: LinBoard, facts: BoardFacts) -> RecordedClaim | SkippedBoard:
    if not b.md:
        raise ReplayError(BAD_DEAL, "no deal (md|)")
    facts.dealer, facts.hands = parse_md(b.md)
    facts.vulnerable = normalise_vulnerability(b.sv) if b.sv is not None else None
    facts.players = _players(b)
    if facts.dealer is None:
        raise ReplayError(MISSING_TAGS, "md| has no dealer digit: the auction cannot be placed")
    if not b.calls:
        raise ReplayError(MISSING_TAGS, "no auction (mb|)")
    facts.contract, facts.declarer = auction_contract(facts.dealer, b.calls)
    cards = b.cards
    if b.claims:
        value, upto = b.claims[-1]
        facts.claim = True
        if not re.fullmatch(r"\d{1,2}", value) or int(value) > 13:
            raise ReplayError(MISSING_TAGS, f"mc|{value}| is not a number of tricks")
        facts.result = int(value)
        if upto < len(cards):
            # play went on after the last claim: keep the position at the claim
            cards = cards[:upto]
    replay, _, _, contract = start_replay(facts)
    for i, tok in enumerate(cards):
        if replay.completed == 13:
            raise ReplayError(BAD_PLAY, f"more than 52 cards (pc|{tok}| after trick 13)")
        try:
            card = parse_card(tok)
        except NotationError as e:
            raise ReplayError(BAD_CARD, f"pc|{tok}| (card {i + 1}): {e}") from None
        replay.play(card)
    return finish(facts, replay, contract)


def load(path: str) -> Iterator[RecordedClaim | SkippedBoard]:
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    yield from loads(text, file=str(path))


__all__ = ["load", "loads", "tokenize", "split_boards", "parse_md", "LinBoard"]
