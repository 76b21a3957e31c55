"""The claimer's own count (DESIGN 2.4), as the Law layer uses it to read a claim.

*His count* is the number of tricks the claiming side takes in the position as the claimer
believes it (forgotten cards do not exist for him), cashing and establishing by force against
best defence, with no finesse, squeeze or throw-in. Exactly (``tables.COUNT``, the same
definition the claim search reads): the sum over the suits of the tricks the claiming side
takes in that suit played on its own from the top — each round the claiming hand with the
higher card plays it and the other its lowest; each opponent, while the claiming side's card
is winning the round, plays his lowest card above it if he has one, else his lowest card —
counting only the opponents' cards he is aware of, where they lie; with the ruffs and the
blocked suits (entries) of ``tables.COUNT``.

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
    against the opponents' holdings (``tables.COUNT``), blocked or not."""
    free, after = _rounds(ours, theirs)
    return sum(free) + sum(after)


def _trump_rounds_won(mine: list[int], other: list[int], theirs: tuple[list[int], list[int]]) -> int:
    """Rounds of the trump suit won by the card of the hand holding ``mine``."""
    free, after = _rounds((mine, other), theirs)
    return free[0] + after[0]


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


def _rounds(ours: tuple[list[int], list[int]], theirs: tuple[list[int], list[int]]) -> tuple[list[int], list[int]]:
    """One suit played from the top (``tables.COUNT``): each round the claiming hand with the
    higher card plays it and the other its lowest; each opponent, while the claiming side's
    card is winning, his lowest card above it if he has one, else his lowest. Returns the
    rounds won by each claiming hand's card before the suit blocks and after it: it blocks
    when partner's card takes the next round and the hand that won the last round has no card
    of the suit left to lead to him."""
    hands = [sorted(ours[0]), sorted(ours[1])]
    x, y = sorted(theirs[0]), sorted(theirs[1])
    free, after = [0, 0], [0, 0]
    last: int | None = None
    blocked = False
    while hands[0] or hands[1]:
        k = 0 if hands[0] and (not hands[1] or hands[0][-1] > hands[1][-1]) else 1
        blocked = blocked or (last is not None and last != k and not hands[last])
        best = hands[k].pop()
        if hands[1 - k]:
            hands[1 - k].pop(0)
        ours_wins = True
        for opp in (x, y):
            if not opp:
                continue
            over = [r for r in opp if r > best] if ours_wins else []
            card = over[0] if over else opp[0]
            opp.remove(card)
            if over:
                ours_wins, best = False, card
        if ours_wins:
            (after if blocked else free)[k] += 1
            last = k
        else:
            last = None
    return free, after


def can_reach(hands: tuple[int, int, int, int], side: int, forget: int, trump: int, frm: int, to: int,
              skip: int | None = None) -> bool:
    """Can claiming hand ``frm`` put partner ``to`` on lead (``tables.COUNT``)? In a suit other
    than ``skip`` that ``frm`` holds, ``to`` has a card above every aware outstanding card and
    above ``frm``'s; or ``to`` is void in a side suit ``frm`` holds and has a trump."""
    aware = (hands[1 - side] | hands[3 - side]) & ~forget
    for s in range(4):
        mine, theirs = _ranks(hands[frm], s), _ranks(hands[to], s)
        if s == skip or not mine:
            continue
        if theirs and max(theirs) > max(mine + _ranks(aware, s)):
            return True
        if not theirs and trump != NOTRUMP and s != trump and _ranks(hands[to], trump):
            return True
    return False


def count_tricks(hands: tuple[int, int, int, int], side: int, forget: int, trump: int = NOTRUMP) -> int:
    """The claimer's count of a position at a trick boundary (not capped by the tricks left):
    ``hands`` four bitboards N E S W, ``side`` the claiming side, ``forget`` the outstanding
    cards he is taken to have overlooked, ``trump`` the trump suit (ruffs count). A blocked
    suit's later rounds count when their hand has an entry in another suit."""
    x, y = hands[1 - side] & ~forget, hands[3 - side] & ~forget
    seats = (side, side + 2)
    n = 0
    for s in range(4):
        free, after = _rounds((_ranks(hands[side], s), _ranks(hands[side + 2], s)), (_ranks(x, s), _ranks(y, s)))
        n += sum(free)
        for k in (0, 1):
            if after[k] and can_reach(hands, side, forget, trump, seats[1 - k], seats[k], skip=s):
                n += after[k]
    return n + ruffs(hands, side, forget, trump)


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


def excludes_dominated_plays(settings) -> bool:
    """DESIGN 2.4, *his own count*: a play that loses a trick in the position as the claimer
    believes it is irrational unless the statement imposes it or it is a named careless slip
    of his class (the footnote to Laws 70 and 71: normal play includes the careless or
    inferior "for the class of player involved", never the irrational). The static count
    (``tables.COUNT``) misses timing: entries used before a blocked suit is unblocked, a
    winner led so that the suit blocks, the order of ruffs. So for an **expert** the ruling
    also checks the worst line by double dummy over the layouts of the cards he cannot see
    (:mod:`claimsolver.dominance`): a play that another normal play matches wherever those
    cards lie and beats in some layout can only lose, and is not his. Club and novice players
    keep the static count alone: for them such slips (failing to unblock, cashing winners in
    an order that strands some) are careless and normal (``laws.normal.failing_to_unblock``)."""
    return settings.player_class == "expert"
