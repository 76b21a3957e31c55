"""The claimer's own count (DESIGN 2.4), as the Law layer uses it to read a claim.

*His count* is the number of tricks the claiming side takes in the position as the claimer
believes it (forgotten cards do not exist for him), cashing and establishing by force against
best defence, with no finesse, squeeze or throw-in. Exactly (``tables.COUNT``, the same
definition the claim search reads): the sum over the suits of the tricks the claiming side
takes in that suit played on its own from the top — each round the claiming hand with the
higher card plays it and the other its lowest; each opponent, while the claiming side's card
is winning the round, plays his lowest card above it if he has one, else his lowest card —
counting only the opponents' cards he is aware of, where they lie; no ruffs.

Here it tells what a number claimed shows about the claimer's state of mind
(:mod:`claimsolver.laws.awareness`): a claim of more tricks than he could count knowing of a
card is evidence that he overlooked it.
"""

from __future__ import annotations

from claimsolver.cards import NOTRUMP, iter_cards, card_rank, card_suit
from claimsolver.claim import Claim

_SUIT_BITS = 0x7FFC


def _ranks(mask: int, suit: int) -> list[int]:
    holding = (mask >> (16 * suit)) & _SUIT_BITS
    return [r for r in range(2, 15) if holding >> r & 1]


def suit_tricks(ours: tuple[list[int], list[int]], theirs: tuple[list[int], list[int]]) -> int:
    """Tricks the claiming side (two holdings of ranks) takes in one suit played from the top
    against the opponents' holdings (``tables.COUNT``)."""
    a, b = sorted(ours[0]), sorted(ours[1])
    x, y = sorted(theirs[0]), sorted(theirs[1])
    won = 0
    while a or b:
        lead, other = (a, b) if a and (not b or a[-1] > b[-1]) else (b, a)
        best = lead.pop()
        if other:
            other.pop(0)
        ours_wins = True
        for opp in (x, y):
            if not opp:
                continue
            over = [r for r in opp if r > best] if ours_wins else []
            card = over[0] if over else opp[0]
            opp.remove(card)
            if over:
                ours_wins, best = False, card
        won += ours_wins
    return won


def _trump_rounds_won(mine: list[int], other: list[int], theirs: tuple[list[int], list[int]]) -> int:
    """Rounds of the trump suit won by the card of the hand holding ``mine``."""
    a, b = sorted(mine), sorted(other)
    x, y = sorted(theirs[0]), sorted(theirs[1])
    won = 0
    while a or b:
        a_leads = bool(a) and (not b or a[-1] > b[-1])
        lead, follow = (a, b) if a_leads else (b, a)
        best = lead.pop()
        if follow:
            follow.pop(0)
        ours = True
        for opp in (x, y):
            if opp:
                over = [r for r in opp if r > best] if ours else []
                card = over[0] if over else opp[0]
                opp.remove(card)
                if over:
                    ours, best = False, card
        won += ours and a_leads
    return won


def ruffs(hands: tuple[int, int, int, int], side: int, forget: int, trump: int) -> int:
    """Ruffing tricks in his count (``tables.COUNT``): each hand ruffs partner's losing rounds
    of the side suits it is void in, with its trumps that win no round of trumps (a
    crossruff when both do); with no trump out, the shorter hand with all its trumps."""
    if trump == NOTRUMP:
        return 0
    x, y = hands[1 - side] & ~forget, hands[3 - side] & ~forget
    best = []
    seats = (side, side + 2)
    n = {h: len(_ranks(hands[h], trump)) for h in seats}
    none_out = not _ranks(x | y, trump)
    for h in seats:
        p = (h + 2) % 4
        if none_out:  # the longer holding draws; the shorter ruffs with all its trumps
            spare = n[h] if n[h] <= n[p] else 0
        else:
            spare = n[h] - _trump_rounds_won(_ranks(hands[h], trump), _ranks(hands[p], trump),
                                             (_ranks(x, trump), _ranks(y, trump)))
        lost = sum(len(_ranks(hands[p], s)) - suit_tricks((_ranks(hands[p], s), []), (_ranks(x, s), _ranks(y, s)))
                   for s in range(4) if s != trump and not _ranks(hands[h], s))
        best.append(max(0, min(spare, lost)))
    if none_out and n[side] == n[side + 2]:
        return max(best)
    return sum(best)


def count_tricks(hands: tuple[int, int, int, int], side: int, forget: int, trump: int = NOTRUMP) -> int:
    """The claimer's count of a position at a trick boundary (not capped by the tricks left):
    ``hands`` four bitboards N E S W, ``side`` the claiming side, ``forget`` the outstanding
    cards he is taken to have overlooked, ``trump`` the trump suit (ruffs count)."""
    x, y = hands[1 - side] & ~forget, hands[3 - side] & ~forget
    return (sum(suit_tricks((_ranks(hands[side], s), _ranks(hands[side + 2], s)), (_ranks(x, s), _ranks(y, s)))
                for s in range(4)) + ruffs(hands, side, forget, trump))


def claim_count(claim: Claim, forget: int) -> int:
    """His count at the moment of the claim, out of the tricks left: the count of the cards in
    hand, plus the current trick when the claiming side's card is winning it and no card he
    is aware of in the hand of an opponent still to play is higher in the suit led."""
    pos = claim.position
    side = claim.claiming_side
    n = count_tricks(tuple(pos.hands), side, forget, pos.trump)
    if pos.trick:
        best_i = 0
        for i, c in enumerate(pos.trick):
            b = pos.trick[best_i]
            if (card_suit(c) == card_suit(b) and card_rank(c) > card_rank(b)) or (
                    pos.trump != NOTRUMP and card_suit(c) == pos.trump != card_suit(b)):
                best_i = i
        winner = (int(pos.leader) + best_i) % 4
        if winner & 1 == side:
            best = pos.trick[best_i]
            later = [(int(pos.leader) + k) % 4 for k in range(len(pos.trick), 4)]
            threat = any(card_suit(c) == card_suit(best) and card_rank(c) > card_rank(best)
                         for seat in later if seat & 1 != side
                         for c in iter_cards(pos.hands[seat] & ~forget))
            n += not threat
    return min(claim.tricks_left, n)
