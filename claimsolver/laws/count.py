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

from itertools import combinations

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


def suit_count(hands: tuple[int, int, int, int], side: int, forget: int, suit: int) -> int:
    """The claiming side's tricks in one suit played on its own from the top against the
    opponents' cards he is aware of (``suit_tricks``: no entries, ruffs or cap)."""
    x, y = hands[1 - side] & ~forget, hands[3 - side] & ~forget
    return suit_tricks((_ranks(hands[side], suit), _ranks(hands[side + 2], suit)), (_ranks(x, suit), _ranks(y, suit)))


def _pair_cards(mine: list[int], other: list[int]) -> int:
    """Rounds of trumps played from the top in which the hand holding ``mine`` plays the
    pair's card (the higher of the two), won or lost: a trump that does cannot also ruff."""
    hand, partner, n = sorted(mine), sorted(other), 0
    while hand or partner:
        if hand and (not partner or hand[-1] > partner[-1]):
            n += 1
            hand.pop()
            partner = partner[1:]
        else:
            partner.pop()
            hand = hand[1:]
    return n


def _sure_trumps(hands: tuple[int, int, int, int], side: int, forget: int, trump: int) -> int:
    """The opponents' *sure trumps* (``tables.COUNT``, *value*): in the opponent's hand holding
    more of them, the trumps he is aware of above every trump of the claiming hands."""
    if trump == NOTRUMP:
        return 0
    top = max(_ranks(hands[side] | hands[side + 2], trump), default=0)
    return max(len([r for r in _ranks(hands[o] & ~forget, trump) if r > top]) for o in (1 - side, 3 - side))


def ruffs(hands: tuple[int, int, int, int], side: int, forget: int, trump: int) -> int:
    """Ruffing tricks in his count (``tables.COUNT``): each hand ruffs partner's losing rounds
    of the side suits it is void in, with its trumps that only ever follow under partner's
    in the rounds of trumps (a crossruff when both do); with no trump out, the shorter hand
    with all its trumps."""
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
            spare = n[h] - _pair_cards(_ranks(hands[h], trump), _ranks(hands[p], trump))
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
    free, after = [0, 0], [0, 0]
    for winner, blocked in _round_winners(ours, theirs):
        if winner < 2:
            (after if blocked else free)[winner] += 1
    return free, after


def establishing_cards(hands: tuple[int, int, int, int], side: int, suit: int) -> list[int] | None:
    """"establish the clubs" (Law 70D1, the line he states): the claiming side's card of each
    round of ``suit`` played from the top (``tables.COUNT``'s rounds: the hand with the higher
    card plays it, the other its lowest), every card where it lies, up to the last round the
    side wins — the rounds the opponents must win are given up on the way. None when the side
    wins no round of it."""
    played: list[int] = []
    rounds = _round_winners((_ranks(hands[side], suit), _ranks(hands[side + 2], suit)),
                            (_ranks(hands[1 - side], suit), _ranks(hands[3 - side], suit)), played)
    won = [i for i, (w, _blocked) in enumerate(rounds) if w < 2]
    if not won:
        return None
    return [16 * suit + r for r in played[:won[-1] + 1]]


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


def _round_winners(ours: tuple[list[int], list[int]], theirs: tuple[list[int], list[int]],
                   played: list[int] | None = None) -> list[tuple[int, bool]]:
    """One suit played from the top as :func:`_rounds`, round by round: who wins each round
    (0 or 1: that claiming hand; 2 or 3: the first or the second opponent) and whether the
    suit had blocked before it. ``played``, when given, receives the claiming side's card
    (its rank) of each round."""
    hands = [sorted(ours[0]), sorted(ours[1])]
    x, y = sorted(theirs[0]), sorted(theirs[1])
    out: list[tuple[int, bool]] = []
    last: int | None = None
    blocked = False
    while hands[0] or hands[1]:
        k = 0 if hands[0] and (not hands[1] or hands[0][-1] > hands[1][-1]) else 1
        blocked = blocked or (last is not None and last != k and not hands[last])
        best = hands[k].pop()
        if played is not None:
            played.append(best)
        if hands[1 - k]:
            hands[1 - k].pop(0)
        winner = k
        for i, opp in enumerate((x, y)):
            if not opp:
                continue
            over = [r for r in opp if r > best] if winner < 2 else []
            card = over[0] if over else opp[0]
            opp.remove(card)
            if over:
                winner, best = 2 + i, card
        out.append((winner, blocked))
        last = winner if winner < 2 else None
    return out


def opponents_cash(hands: tuple[int, int, int, int], side: int, forget: int, trump: int, leader: int,
                   skip: frozenset[int] = frozenset()) -> int:
    """Tricks the opponents cash with ``leader`` on lead (``tables.COUNT``, the opponents'
    *cash*): in his suits, and his partner's when he can give partner the lead (a card above
    the rest, a ruff, or a round of partner's before a lost one), each suit (not in ``skip``)
    played from their top until the first round they lose; in a side suit no more
    rounds than a claiming hand holding a trump has cards of it."""
    partner = (leader + 2) % 4
    theirs = [hands[q] & ~forget for q in range(4)]
    ours = hands[side] | hands[side + 2]
    reach = False
    for s in range(4):
        mine, his = _ranks(theirs[leader], s), _ranks(theirs[partner], s)
        if mine and ((his and max(his) > max(mine + _ranks(ours, s)))
                     or (not his and trump != NOTRUMP and s != trump and _ranks(theirs[partner], trump))):
            reach = True
        # or a suit whose rounds from their top give partner a round before one is lost (or
        # ruffed): ♣K86 opposite ♣Q9, the king, then the 8 to the queen
        if mine and his and not reach:
            cap = min([len(_ranks(hands[q], s)) for q in (side, side + 2)
                       if trump != NOTRUMP and s != trump and _ranks(hands[q], trump)], default=13)
            for i, (winner, blocked) in enumerate(_round_winners((mine, his), (_ranks(hands[side], s),
                                                                              _ranks(hands[side + 2], s)))):
                if winner >= 2 or i >= cap:
                    break
                if winner == 1 and not blocked:
                    reach = True
                    break
    total = 0
    for s in range(4):
        if s in skip or not (_ranks(theirs[leader], s) or (reach and _ranks(theirs[partner], s))):
            continue
        won = 0
        for winner, _ in _round_winners((_ranks(theirs[leader], s), _ranks(theirs[partner], s)),
                                        (_ranks(hands[side], s), _ranks(hands[side + 2], s))):
            if winner >= 2:
                break
            won += 1
        if trump != NOTRUMP and s != trump:
            for q in (side, side + 2):
                if _ranks(hands[q], trump):
                    won = min(won, len(_ranks(hands[q], s)))
        total += won
    return total


def count_tricks(hands: tuple[int, int, int, int], side: int, forget: int, trump: int = NOTRUMP) -> int:
    """The claimer's count of a position at a trick boundary (not capped by the tricks left):
    ``hands`` four bitboards N E S W, ``side`` the claiming side, ``forget`` the outstanding
    cards he is taken to have overlooked, ``trump`` the trump suit (ruffs count). A blocked
    suit's later rounds count when their hand has an entry in another suit. Rounds won after a
    round of their suit is lost (*establishing*, ``tables.COUNT``) count only as far as the
    cards left allow once the rounds lost and the opponents' cash in the other suits are paid,
    in the set of suits he establishes that leaves him the most."""
    x, y = hands[1 - side] & ~forget, hands[3 - side] & ~forget
    seats = (side, side + 2)
    n = 0
    # suit -> (rounds established in it, rounds lost before the last of them, who wins those)
    established: dict[int, tuple[int, int, set[int]]] = {}
    for s in range(4):
        rounds = _round_winners((_ranks(hands[side], s), _ranks(hands[side + 2], s)), (_ranks(x, s), _ranks(y, s)))
        counted = [w < 2 and (not blocked or can_reach(hands, side, forget, trump, seats[1 - w], seats[w], skip=s))
                   for w, blocked in rounds]
        n += sum(counted)
        losses = [i for i, (w, _) in enumerate(rounds) if w >= 2]
        late = [i for i, ok in enumerate(counted) if ok and losses and i > losses[0]]
        if s == trump and len(losses) <= _sure_trumps(hands, side, forget, trump):
            late = []  # lost only to their sure trumps: not established by force
        if late:
            lost = [i for i in losses if i < late[-1]]
            established[s] = (len(late), len(lost), {1 - side if rounds[i][0] == 2 else 3 - side for i in lost})
    n += ruffs(hands, side, forget, trump)
    if established:
        cards = max(bin(hands[side]).count("1"), bin(hands[side + 2]).count("1"))
        rest = n - sum(e for e, _, _ in established.values())

        def kept(suits: frozenset[int]) -> int:
            """Established rounds that count when he establishes ``suits``."""
            e = sum(established[s][0] for s in suits)
            lost = sum(established[s][1] for s in suits)
            cash = max(opponents_cash(hands, side, forget, trump, o, suits)
                       for o in set().union(*(established[s][2] for s in suits)))
            return min(e, max(0, cards - rest - lost - cash))

        # he establishes the set of suits that leaves him the most (tables.COUNT, *establishing*);
        # the whole set is enough when nothing of it is cut
        suits = sorted(established)
        best = kept(frozenset(suits))
        if best < sum(e for e, _, _ in established.values()):
            best = max([best] + [kept(frozenset(c)) for r in range(1, len(suits)) for c in combinations(suits, r)])
        n = rest + best
    return n


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
