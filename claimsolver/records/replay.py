"""Shared replay logic for hand records: contract and declarer from an auction, a legality-
checking replay of the play up to a claim, and the record types the readers yield.

Both readers (PBN and LIN) reduce a board to the same facts: the full deal, the contract and
declarer, the cards played in play order (possibly stopping mid-trick), whether the record
ends in a claim, and declarer's recorded total of tricks. :func:`board_to_record` turns those
facts into a :class:`RecordedClaim` or a :class:`SkippedBoard`.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any, Iterable, Sequence

from claimsolver.cards import (
    NOTRUMP,
    SEAT_LETTERS,
    SUIT_LETTERS,
    Seat,
    card_name,
    card_rank,
    card_suit,
    count,
    deal_name,
    iter_cards,
    strain_name,
    suit_cards,
)
from claimsolver.errors import ClaimSolverError
from claimsolver.position import Position, validate

# --- skip codes ----------------------------------------------------------------------------
# A SkippedBoard carries one of these codes; ``reason`` is the human sentence.
PLAYED_OUT = "played-out"  # all 13 tricks recorded, no claim: not an error
PASSED_OUT = "passed-out"  # four passes: no play
NO_PLAY = "no-play"  # contract but no card recorded (e.g. result only)
INCOMPLETE = "incomplete"  # play stops before trick 13 without a claim marker
BAD_DEAL = "bad-deal"  # deal missing or unreadable
MISSING_TAGS = "missing-tags"  # contract / declarer / result missing or unreadable
BAD_CARD = "bad-card"  # a card token that cannot be read
NOT_IN_HAND = "not-in-hand"  # a played card the player to move does not hold
REVOKE = "revoke"  # a played card that fails to follow suit while holding the led suit
BAD_CLAIM = "bad-claim"  # claimed tricks negative or more than the tricks left
BAD_PLAY = "bad-play"  # a play section that cannot be linearised

NOT_ERRORS = frozenset({PLAYED_OUT, PASSED_OUT})

VULNERABILITY = {
    "none": "None", "love": "None", "-": "None", "o": "None", "0": "None",
    "ns": "NS", "n": "NS",
    "ew": "EW", "e": "EW",
    "all": "All", "both": "All", "b": "All",
}


class ReplayError(ClaimSolverError):
    """A board that cannot be replayed; ``code`` is one of the skip codes above."""

    def __init__(self, code: str, reason: str):
        self.code = code
        self.reason = reason
        super().__init__(reason)


# --- records -------------------------------------------------------------------------------

@dataclasses.dataclass
class RecordedClaim:
    """The position at a claim recorded in a hand record.

    ``declarer`` and ``claimer`` are seat letters (``"N"``...); ``claimed`` is the number of
    the remaining tricks (current trick included) that the claimer's side wins according to
    the recorded result; ``tricks_won`` counts completed tricks before the current one as
    ``{"declarer": n, "defenders": m}``; ``shown_out`` maps seat letters to the suits that
    seat failed to follow (``{"W": "HC"}``); ``vulnerable`` is ``"None"``, ``"NS"``, ``"EW"``
    or ``"All"``; ``players`` maps seat letters to names when the record has them."""

    file: str
    board: str
    room: str | None
    contract: str
    declarer: str
    claimer: str
    claimed: int
    tricks_won: dict[str, int]
    position: Position
    shown_out: dict[str, str]
    vulnerable: str | None
    players: dict[str, str] | None = None
    result: int | None = None  # declarer's recorded total (PBN [Result], LIN mc)
    table: str | None = None  # PBN [Table] when a file holds several tables of a board
    dealer: str | None = None
    full_deal: str | None = None  # the deal before any card was played (PBN, N first)
    played: tuple[int, ...] = ()  # cards played before the claim, in play order

    @property
    def key(self) -> str:
        """A short label unique within a file: ``11``, ``11/t4``, ``o12``, ``c12``."""
        return _key(self.board, self.room, self.table)

    @property
    def trick_number(self) -> int:
        """The trick (1..13) in progress at the claim."""
        return sum(self.tricks_won.values()) + 1

    def to_claim_dict(self) -> dict[str, Any]:
        """A claim-file object (see claim-format.md) that ``Position.from_fields`` accepts."""
        pos = self.position
        stem = re.sub(r"\.[^.]*$", "", self.file.replace("\\", "/").rsplit("/", 1)[-1])
        return {
            "id": f"{stem}:{self.key}",
            "source": f"{self.file} board {self.board}"
            + (f" {self.room} room" if self.room else "")
            + (f" table {self.table}" if self.table else "")
            + f", claim at trick {self.trick_number}",
            "deal": pos.deal_pbn(),
            "trump": strain_name(pos.trump),
            "declarer": self.declarer,
            "leader": SEAT_LETTERS[pos.leader],
            "claimer": self.claimer,
            "claimed": self.claimed,
            "trick": [card_name(c) for c in pos.trick],
            "shown_out": dict(self.shown_out),
            "contract": self.contract,
            "vulnerable": self.vulnerable,
            "tricks_won": dict(self.tricks_won),
        }


@dataclasses.dataclass
class SkippedBoard:
    """A board that gives no claim position: ``code`` says why (see the module constants);
    ``played_out`` boards are normal (no claim), every other code except ``passed-out`` is a
    bad or incomplete record."""

    file: str
    board: str | None
    room: str | None
    reason: str
    code: str = BAD_PLAY
    table: str | None = None

    @property
    def played_out(self) -> bool:
        return self.code == PLAYED_OUT

    @property
    def is_error(self) -> bool:
        return self.code not in NOT_ERRORS

    @property
    def key(self) -> str:
        return _key(self.board or "?", self.room, self.table)


def _key(board: str, room: str | None, table: str | None) -> str:
    k = str(board)
    if room:
        k = room[0] + k
    if table:
        k += f"/t{table}"
    return k


# --- contract and auction ------------------------------------------------------------------

_CONTRACT = re.compile(r"^([1-7])\s*(NT|N|S|H|D|C)\s*(XX|X|R)?$", re.I)


def parse_contract(text: str) -> tuple[int, int, int]:
    """``"4S"``, ``"3NTx"``, ``"6CXX"`` -> (level, strain, doubled 0/1/2). Raises ReplayError
    with code passed-out for ``Pass``."""
    t = str(text).strip().replace(" ", "")
    if t.upper() in ("PASS", "P", "AP", "PASSED", "PASSEDOUT", "PASSOUT"):
        raise ReplayError(PASSED_OUT, "passed out")
    m = _CONTRACT.match(t)
    if not m:
        raise ReplayError(MISSING_TAGS, f"unreadable contract {text!r}")
    level = int(m.group(1))
    strain = NOTRUMP if m.group(2).upper() in ("N", "NT") else SUIT_LETTERS.index(m.group(2).upper())
    dbl = {None: 0, "X": 1, "XX": 2, "R": 2}[m.group(3).upper() if m.group(3) else None]
    return level, strain, dbl


def contract_name(level: int, strain: int, doubled: int) -> str:
    return f"{level}{strain_name(strain)}{('', 'X', 'XX')[doubled]}"


_BID = re.compile(r"^([1-7])(NT|N|S|H|D|C)$")


def auction_contract(dealer: Seat, calls: Sequence[str]) -> tuple[str, Seat]:
    """Contract name and declarer from an auction starting with ``dealer``. Calls: ``P``/
    ``Pass``, ``X``/``D``/``Dbl``, ``XX``/``R``/``Rdbl``, ``1C``..``7NT``; alert marks (``!``)
    and case are ignored. Declarer is the first player of the declaring side to bid the final
    strain. Raises ReplayError: passed-out, or missing-tags for an unfinished or unreadable
    auction."""
    last: tuple[int, int, Seat] | None = None
    doubled = 0
    first_bidder: dict[tuple[int, int], Seat] = {}
    passes = 0
    n_calls = 0
    for i, raw in enumerate(calls):
        c = raw.strip().upper().rstrip("!").replace("♠", "S").replace("♥", "H").replace("♦", "D").replace("♣", "C")
        if not c:
            continue
        seat = Seat((dealer + n_calls) % 4)
        n_calls += 1
        if c in ("P", "PASS"):
            passes += 1
            if last is None and passes == 4:
                raise ReplayError(PASSED_OUT, "passed out")
            if last is not None and passes == 3:
                break
            continue
        passes = 0
        if c in ("X", "D", "DBL", "DOUBLE"):
            doubled = 1
        elif c in ("XX", "R", "RDBL", "REDOUBLE"):
            doubled = 2
        else:
            m = _BID.match(c)
            if not m:
                raise ReplayError(MISSING_TAGS, f"unreadable call {raw!r} in the auction")
            strain = NOTRUMP if m.group(2) in ("N", "NT") else SUIT_LETTERS.index(m.group(2))
            last = (int(m.group(1)), strain, seat)
            doubled = 0
            first_bidder.setdefault((seat & 1, strain), seat)
    else:
        if last is None and passes < 4:
            raise ReplayError(MISSING_TAGS, "the auction is not finished (no contract)")
        if last is not None and passes < 3:
            raise ReplayError(MISSING_TAGS, "the auction is not finished (fewer than 3 passes after the last call)")
    assert last is not None
    level, strain, seat = last
    return contract_name(level, strain, doubled), first_bidder[(seat & 1, strain)]


# --- the replay ----------------------------------------------------------------------------

def trick_winner(cards: Sequence[int], leader: int, trump: int) -> Seat:
    best = 0
    for i in range(1, 4):
        c, w = cards[i], cards[best]
        if card_suit(c) == card_suit(w):
            if card_rank(c) > card_rank(w):
                best = i
        elif card_suit(c) == trump:
            best = i
    return Seat((leader + best) % 4)


class Replay:
    """Plays cards one at a time from a full deal, checking that each card is in the hand of
    the player to move and follows suit; keeps tricks won per side and shown-out suits."""

    def __init__(self, hands: Sequence[int], trump: int, opening_leader: Seat):
        self.hands = list(hands)
        self.trump = trump
        self.leader = Seat(opening_leader)
        self.trick: list[int] = []
        self.won = [0, 0]  # NS, EW
        self.shown_out = [0, 0, 0, 0]  # bit s = suit s
        self.played: list[int] = []
        self.tricks: list[tuple[Seat, tuple[int, ...], Seat]] = []  # leader, cards, winner

    @property
    def to_move(self) -> Seat:
        return Seat((self.leader + len(self.trick)) % 4)

    @property
    def completed(self) -> int:
        return len(self.tricks)

    def play(self, card: int) -> None:
        seat = self.to_move
        where = f"trick {self.completed + 1}, {seat.full_name}"
        if not self.hands[seat] >> card & 1:
            holder = next((s for s in Seat if self.hands[s] >> card & 1), None)
            if holder is not None:
                detail = f"it is in {holder.full_name}'s hand (played from the wrong hand?)"
            elif card in self.played:
                detail = "it was played before"
            else:
                detail = "nobody holds it"
            raise ReplayError(NOT_IN_HAND, f"{where}: {card_name(card)} is not in {seat.full_name}'s hand: {detail}")
        if self.trick:
            led = card_suit(self.trick[0])
            if card_suit(card) != led:
                if suit_cards(self.hands[seat], led):
                    held = " ".join(card_name(c) for c in iter_cards(suit_cards(self.hands[seat], led)))
                    raise ReplayError(
                        REVOKE,
                        f"{where}: revoke: {card_name(card)} played on a {SUIT_LETTERS[led]} lead "
                        f"while holding {held}",
                    )
                self.shown_out[seat] |= 1 << led
        self.hands[seat] &= ~(1 << card)
        self.trick.append(card)
        self.played.append(card)
        if len(self.trick) == 4:
            winner = trick_winner(self.trick, self.leader, self.trump)
            self.tricks.append((self.leader, tuple(self.trick), winner))
            self.won[winner & 1] += 1
            self.leader = winner
            self.trick = []

    def position(self) -> Position:
        """The position now: cards held, the trick in progress (the players who played to it
        already hold one card fewer), tricks won (NS, EW) before it."""
        return Position(tuple(self.hands), self.trump, self.leader, tuple(self.trick), (self.won[0], self.won[1]))  # type: ignore[arg-type]

    def shown_out_letters(self) -> dict[str, str]:
        return {
            SEAT_LETTERS[s]: "".join(SUIT_LETTERS[x] for x in range(4) if self.shown_out[s] >> x & 1)
            for s in range(4)
            if self.shown_out[s]
        }


# --- from board facts to a record ----------------------------------------------------------

@dataclasses.dataclass
class BoardFacts:
    """What a reader extracts from one board before the replay."""

    file: str
    board: str | None
    room: str | None = None
    table: str | None = None
    hands: tuple[int, int, int, int] | None = None
    dealer: Seat | None = None
    vulnerable: str | None = None
    contract: str | None = None  # e.g. "4SX"; None when unknown
    declarer: Seat | None = None
    players: dict[str, str] | None = None
    claim: bool = False  # the record ends in a claim
    result: int | None = None  # declarer's total tricks as recorded
    opening_leader: Seat | None = None  # when the record says so (PBN [Play "E"])


def check_deal(hands: Sequence[int]) -> None:
    """Raise ReplayError(bad-deal) unless the four hands are 13 distinct cards each."""
    sizes = [count(h) for h in hands]
    if sizes != [13] * 4:
        desc = ", ".join(f"{Seat(s).name} {sizes[s]}" for s in range(4))
        raise ReplayError(BAD_DEAL, f"the deal does not have 13 cards per hand ({desc})")
    union = 0
    for h in hands:
        if union & h:
            dup = " ".join(card_name(c) for c in iter_cards(union & h))
            raise ReplayError(BAD_DEAL, f"the deal gives {dup} to two players")
        union |= h


def start_replay(facts: BoardFacts) -> tuple[Replay, int, Seat, str]:
    """Check the facts that must be there before any card is played; returns the replay, the
    trump, the declarer and the contract name."""
    if facts.hands is None:
        raise ReplayError(BAD_DEAL, "no deal")
    check_deal(facts.hands)
    if facts.contract is None:
        raise ReplayError(MISSING_TAGS, "no contract")
    level, strain, dbl = parse_contract(facts.contract)
    if facts.declarer is None:
        raise ReplayError(MISSING_TAGS, "no declarer")
    leader = facts.declarer.lho
    if facts.opening_leader is not None and facts.opening_leader != leader:
        raise ReplayError(
            BAD_PLAY,
            f"the play starts with {facts.opening_leader.full_name} but declarer is "
            f"{facts.declarer.full_name} (the opening leader is {leader.full_name})",
        )
    return Replay(facts.hands, strain, leader), strain, facts.declarer, contract_name(level, strain, dbl)


def finish(facts: BoardFacts, replay: Replay, contract: str) -> RecordedClaim | SkippedBoard:
    """After the cards have been played: a claim, a played-out board or an incomplete one."""
    declarer = facts.declarer
    assert declarer is not None
    done = replay.completed
    if done == 13:
        return skipped(facts, PLAYED_OUT, "played out: all 13 tricks recorded, no claim")
    if not facts.claim:
        if not replay.played:
            raise ReplayError(NO_PLAY, "no card played and no claim recorded")
        raise ReplayError(INCOMPLETE, f"the play stops in trick {done + 1} without a claim")
    if not replay.played:
        raise ReplayError(NO_PLAY, "a result is recorded but no card was played (claim before the opening lead?)")
    if facts.result is None:
        raise ReplayError(MISSING_TAGS, "a claim without the number of tricks (no result)")
    side = declarer & 1
    won_decl, won_def = replay.won[side], replay.won[1 - side]
    pos = replay.position()
    left = pos.tricks_left
    claimed = facts.result - won_decl
    if claimed < 0:
        raise ReplayError(
            BAD_CLAIM,
            f"recorded result {facts.result} is less than the {won_decl} tricks declarer had already won",
        )
    if claimed > left:
        raise ReplayError(
            BAD_CLAIM,
            f"recorded result {facts.result} needs {claimed} of the {left} tricks left "
            f"(declarer had won {won_decl})",
        )
    problems = validate(pos)
    if problems:  # cannot happen after a checked replay; kept as a guard
        raise ReplayError(BAD_PLAY, "; ".join(f"{f}: {r}" for f, r in problems))
    full = _deal_pbn(facts.hands) if facts.hands else None
    return RecordedClaim(
        file=facts.file,
        board=str(facts.board),
        room=facts.room,
        contract=contract,
        declarer=SEAT_LETTERS[declarer],
        claimer=SEAT_LETTERS[declarer],
        claimed=claimed,
        tricks_won={"declarer": won_decl, "defenders": won_def},
        position=pos,
        shown_out=replay.shown_out_letters(),
        vulnerable=facts.vulnerable,
        players=facts.players,
        result=facts.result,
        table=facts.table,
        dealer=SEAT_LETTERS[facts.dealer] if facts.dealer is not None else None,
        full_deal=full,
        played=tuple(replay.played),
    )


def _deal_pbn(hands: Sequence[int]) -> str:
    return deal_name(hands, 0)


def skipped(facts: BoardFacts, code: str, reason: str) -> SkippedBoard:
    return SkippedBoard(facts.file, facts.board, facts.room, reason, code, facts.table)


def replay_board(facts: BoardFacts, cards: Iterable[int]) -> RecordedClaim | SkippedBoard:
    """Replay ``cards`` (play order) from the facts; never raises for a bad record."""
    try:
        replay, _, _, contract = start_replay(facts)
        for c in cards:
            if replay.completed == 13:
                raise ReplayError(BAD_PLAY, f"more than 52 cards played ({card_name(c)} after trick 13)")
            replay.play(c)
        return finish(facts, replay, contract)
    except ReplayError as e:
        return skipped(facts, e.code, e.reason)


def normalise_vulnerability(text: str | None) -> str | None:
    if text is None:
        return None
    return VULNERABILITY.get(str(text).strip().lower())


def summarize(items: Iterable[RecordedClaim | SkippedBoard]) -> dict[str, int]:
    """Counts: ``claims``, ``played-out``, and one entry per other skip code."""
    out: dict[str, int] = {"claims": 0, PLAYED_OUT: 0}
    for it in items:
        key = "claims" if isinstance(it, RecordedClaim) else it.code
        out[key] = out.get(key, 0) + 1
    return out


__all__ = [
    "RecordedClaim", "SkippedBoard", "Replay", "ReplayError", "BoardFacts", "replay_board",
    "auction_contract", "parse_contract", "contract_name", "normalise_vulnerability", "summarize",
    "trick_winner", "check_deal", "start_replay", "finish", "skipped",
]
