"""The worst line cut into tricks and explained: who won each trick, which careless play,
stated play, overlooked card or outstanding trump cost it (the reasons with their Law), and
the first play after which double dummy gives the claiming side less (``first_losing_play``).

Reads the witness line the claim search returned; knows nothing of how it was found."""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np

from claimsolver import tables as T
from claimsolver.cards import NOTRUMP, SEAT_LETTERS, Seat, card_name, card_suit, card_symbol
from claimsolver.claim import Claim, a_player
from claimsolver.laws.awareness import Awareness
from claimsolver.laws.questions import Reason
from claimsolver.laws.statement import CompiledLine


@dataclasses.dataclass(frozen=True)
class Trick:
    leader: Seat
    cards: tuple[int, ...]
    winner: Seat | None  # None when the line stops mid-trick (cannot happen for a full line)
    note: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "leader": SEAT_LETTERS[self.leader],
            "cards": [card_name(c) for c in self.cards],
            "winner": SEAT_LETTERS[self.winner] if self.winner is not None else None,
            "note": self.note,
        }


# --- the line and its explanation ----------------------------------------------------------

def group_tricks(claim: Claim, line) -> list[Trick]:
    """The witness (seat, card, class, stated) list cut into tricks with their winners."""
    pos = claim.position
    trump = pos.trump
    tricks: list[Trick] = []
    leader = pos.leader
    cards: list[int] = list(pos.trick)
    for seat, card, _k, _stated in line:
        cards.append(card)
        if len(cards) == 4:
            winner = trick_winner(cards, leader, trump)
            tricks.append(Trick(Seat(leader), tuple(cards), Seat(winner)))
            leader, cards = winner, []
    if cards:
        tricks.append(Trick(Seat(leader), tuple(cards), None))
    return tricks


def trick_winner(cards: list[int], leader: int, trump: int) -> int:
    best, who = cards[0], leader
    for i, c in enumerate(cards[1:], 1):
        if (card_suit(c) == card_suit(best) and c > best) or (
            trump != NOTRUMP and card_suit(c) == trump and card_suit(best) != trump
        ):
            best, who = c, (leader + i) % 4
    return who


def _play_name(seat: int, card: int) -> str:
    return f"{Seat(seat).full_name}'s {card_symbol(card)}"


def _costs_trick(play: tuple[int, int, int, int], t_index: int, led_suit: int) -> bool:
    """Whether a careless play (trick index, seat, card, class) costs trick ``t_index``, led in
    ``led_suit``: it was made in it, or it threw away a card of the suit this trick is played
    in, or it cut the hands apart (a communication class)."""
    return ((play[0] == t_index and play[3] not in DISCARD_CLASSES) or card_suit(play[2]) == led_suit
            or play[3] in COMMUNICATION_CLASSES)


def explain(claim: Claim, tricks: list[Trick], line, awareness: Awareness, policy: np.ndarray,
            compiled: CompiledLine, forced: frozenset[int] = frozenset()
            ) -> tuple[list[Trick], list[Reason], set[int]]:
    """A note on every trick of the line, the reasons for each trick the claimer loses, and
    the classes of the careless plays that cost a trick. ``forced``: the indices in ``line`` of
    careless plays that were the player's only normal play (one group of cards: a hand holding
    only top cards of one suit throwing one). His cards made them, not his carelessness, so they
    are not blamed for a trick (tables.CARELESS, *CARELESS_FORCED*); the trick's cause is looked
    for elsewhere (an earlier careless play, the statement, an overlooked card), and only where
    none is found does the reason name the forced play, as forced (Law 70A)."""
    side = claim.claiming_side
    trump = claim.position.trump
    forgotten = awareness.forget
    reasons: list[Reason] = []
    out: list[Trick] = []
    plays = list(line)
    k = 0  # index into plays
    first_offset = len(claim.position.trick)
    careless_pending: list[tuple[int, int, int, int]] = []  # (trick index, seat, card, class)
    forced_pending: list[tuple[int, int, int, int]] = []  # the same, of the forced ones
    partner_law = "70D2" if claim.claimer != claim.declarer else "70D1"
    # Tricks lost with a cause: (priority, trick index, note, reason, careless classes)
    caused: list[tuple[int, int, str, Reason, set[int]]] = []
    won = 0
    for t_index, trick in enumerate(tricks):
        n_new = len(trick.cards) - (first_offset if t_index == 0 else 0)
        mine = plays[k:k + n_new]
        stated = [(s, c) for s, c, cls, st in mine if st and (s & 1) == side]
        for j, (s, c, cls, st) in enumerate(mine, k):
            if cls >= 0 and not st and policy[cls] in (T.CARELESS, T.SLIP):
                (forced_pending if j in forced else careless_pending).append((t_index, s, c, cls))
        k += n_new
        if trick.winner is None:
            out.append(trick)
            continue
        win_card = winning_card(trick, trump)
        winner = _play_name(trick.winner, win_card)
        if (trick.winner & 1) == side:
            won += 1
            out.append(dataclasses.replace(trick, note=f"won by {winner}" + (" (as stated)" if stated else "")))
            continue
        out.append(dataclasses.replace(trick, note=f"won by {winner}"))
        led_suit = card_suit(trick.cards[0])
        culprits = [p for p in careless_pending if _costs_trick(p, t_index, led_suit)]
        careless_pending = [p for p in careless_pending if p not in culprits]
        made = [p for p in forced_pending if _costs_trick(p, t_index, led_suit)]
        forced_pending = [p for p in forced_pending if p not in made]
        if culprits:
            what = "; ".join(f"{_play_name(s, c)} ({T.PLAY_CLASS_NAMES[cls]})" for _, s, c, cls in culprits)
            caused.append((0, t_index, f"won by {winner} after {what}", Reason(partner_law, (
                f"{what[0].upper()}{what[1:]}: careless but normal for the class of player "
                f"({claim.settings.player_class}), so the least successful normal line includes it"
                + (" (Law 70D2: the director takes the claimer's partner's least successful normal play)."
                   if partner_law == "70D2" else "."))), {p[3] for p in culprits}))
        elif stated:
            what = ", ".join(card_symbol(c) for _, c in stated)
            caused.append((1, t_index, f"won by {winner}: the stated play ({what}) loses", Reason("70D1", (
                f"The statement binds: the stated play ({what}) is followed even though it loses to "
                f"{card_symbol(win_card)}.")), set()))
        elif forgotten >> win_card & 1 and trump != NOTRUMP and card_suit(win_card) == trump:
            how = "ruffed" if led_suit != trump else "won"
            caused.append((2, t_index, f"{how} by {winner}: the outstanding trump the claimer did not mention",
                           Reason("70C", (
                               f"The claimer made no statement about {card_symbol(win_card)}, an outstanding trump, "
                               f"and it is at all likely he was unaware of it; playing on without drawing it is "
                               f"careless, so normal, and it takes a trick.")), set()))
        elif forgotten >> win_card & 1:
            why = awareness.reason_for(win_card) or "the statement does not mention it"
            caused.append((3, t_index, f"won by {winner}, a card the claimer did not allow for", Reason("70A", (
                f"{card_symbol(win_card)} is taken as overlooked ({why}); a normal line in which the claimer "
                f"overlooks it loses a trick to it, and doubtful points are resolved against the claimer.")),
                set()))
        elif made:
            what = "; ".join(f"{_play_name(s, c)} ({T.PLAY_CLASS_NAMES[cls]})" for _, s, c, cls in made)
            caused.append((4, t_index, f"won by {winner} after {what}, forced", Reason("70A", (
                f"{what[0].upper()}{what[1:]}: careless by its class, but the only normal play there "
                f"(his cards and his count left nothing else), so not a careless choice; the trick "
                f"it would have taken is lost to the line's earlier plays, and the least successful "
                f"normal line governs.")), set()))
    # Only the tricks lost beyond those the claim concedes need a reason; the most specific
    # causes explain them, the others are the conceded tricks.
    extra = max(0, claim.claimed - won)
    costly: set[int] = set()
    for _prio, t_index, note, reason, classes in sorted(caused)[:extra]:
        out[t_index] = dataclasses.replace(out[t_index], note=note)
        reasons.append(reason)
        costly |= classes
    reasons.extend(unfollowed_steps(line, compiled))
    return out, reasons, costly


# every trick count: the double-dummy value after every card of a 13-trick line costs no
# measurable time on the audits (session 37: 39.9 -> 39.7 s at club, 33.0 s at expert; it was 9
# until then, when 17 of 120 flagged club rulings and 15 of 40 expert ones had no such reason)
FIRST_LOSING_PLAY_MAX_TRICKS = 13
FIRST_LOSING_PLAY_BUDGET = 2_000_000  # nodes per double-dummy search; past it, nothing is named


# double-dummy values along worst lines, remembered for the process (facts about a position):
# the own-count check calls first_losing_play once per round on much the same line
_LINE_DD: dict[tuple, int] = {}
_LINE_DD_MAX = 100_000  # cleared when full (the entries are small)


def first_losing_play(claim: Claim, line, dd_at_claim: int, max_tricks: int | None = None,
                      below: int | None = None):
    """The first play of the claiming side on the worst line after which double dummy gives
    it fewer tricks than before it (``below``: and fewer than ``below``, a trick that matters
    to the claim of that many): (trick number, seat, card, play class, before, after), or
    None (too many tricks left, a search over its budget, or none found)."""
    from claimsolver.engine import SearchBudgetExceeded, dd_tricks_side

    pos = claim.position
    if claim.tricks_left > (FIRST_LOSING_PLAY_MAX_TRICKS if max_tricks is None else max_tricks):
        return None
    side, trump = claim.claiming_side, pos.trump
    hands = [int(h) for h in pos.hands]
    leader, trick, won, number = int(pos.leader), list(pos.trick), 0, 1
    value = dd_at_claim
    try:
        for seat, card, cls, stated in line:
            hands[seat] &= ~(1 << card)
            trick.append(card)
            if len(trick) == 4:
                leader = trick_winner(trick, leader, trump)
                won += (leader & 1) == side
                trick = []
                number += 1
            if not any(hands) and not trick:
                after = won
            else:
                key = (tuple(hands), trump, leader, tuple(trick), side)
                v = _LINE_DD.get(key)
                if v is None:
                    if len(_LINE_DD) >= _LINE_DD_MAX:
                        _LINE_DD.clear()
                    v = _LINE_DD[key] = int(dd_tricks_side(np.array(hands, dtype=np.int64), trump, leader,
                                                           np.array(trick, dtype=np.int64), side,
                                                           node_budget=FIRST_LOSING_PLAY_BUDGET))
                after = won + v
            if (seat & 1) == side and after < value and (below is None or after < below):
                return (number - (1 if not trick else 0), seat, card, -1 if stated else cls, value, after)
            value = after
    except SearchBudgetExceeded:
        return None
    return None


def losing_play_reason(claim: Claim, first, policy: np.ndarray) -> Reason:
    """The reason naming the first play of the worst line that loses a trick the claim needs
    (``first_losing_play(..., below=...)``; for the director:
    the point where the line parts from perfect play, and why the Laws allow it)."""
    number, seat, card, cls, before, after = first
    who = _play_name(seat, card)
    if cls < 0:
        kind = "as the statement says"
    elif policy[cls] == T.IRRATIONAL:
        # such a play is made only where every legal play is irrational by its class (then the
        # one his count rates best, tables.COUNT *fallback*), or by the own-count check: the
        # card it plays instead of one it found dominated (claimsolver.dominance)
        kind = (f"{T.PLAY_CLASS_NAMES[cls]}: made where every card he could play was of a kind he would not "
                f"choose, or instead of a play his own count check excluded where he held the same cards")
    else:
        how = "careless but normal" if policy[cls] in (T.CARELESS, T.SLIP) else "normal"
        kind = f"{T.PLAY_CLASS_NAMES[cls]}: {how} for {a_player(claim.settings.player_class)}"
    return Reason("70D1", (
        f"Where the line loses its trick: at trick {number}, {who} ({kind}); before it the claiming side "
        f"could still take {before} of the tricks with best play, after it only {after}. Nothing in the "
        f"statement rules this play out, so it is part of the least successful normal line."))


DISCARD_CLASSES = frozenset(k for k, name in enumerate(T.PLAY_CLASS_NAMES) if name.startswith("discard"))
# Careless plays that cut the hands off from each other: they cost a later trick in any suit.
COMMUNICATION_CLASSES = frozenset((T.FOLLOW_LOW_KEEPING_BLOCKER, T.VOID_DISCARD_ENTRY_LINK,
                                   T.LEAD_TOP_BREAKS_COUNT))


def unfollowed_steps(line, compiled: CompiledLine) -> list[Reason]:
    """Named cards of the statement that the line could not play as stated (DESIGN 2.2: the
    ruling says so and the rest is played as if unstated)."""
    out = []
    for row in compiled.steps:
        if row[T.S_KIND] != T.STEP_PLAY:
            continue
        c = int(row[T.S_CARD])
        for seat, card, cls, stated in line:
            if card == c and not stated:
                how = "discarded it" if cls in DISCARD_CLASSES else "played it"
                out.append(Reason("70D1", (
                    f"The stated play of {card_symbol(c)} could not be carried out as stated: on this line "
                    f"{Seat(seat).full_name} {how} earlier; the rest is played as if unstated.")))
    return out


def winning_card(trick: Trick, trump: int) -> int:
    w = trick_winner(list(trick.cards), trick.leader, trump)
    return trick.cards[(w - trick.leader) % 4]
