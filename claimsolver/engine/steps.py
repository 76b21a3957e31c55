"""Statement-step interpreter of the claim search (numba kernels).

The jitted counterpart of ``settle_pc``, ``stated``, ``crossruff_leads`` and ``advance_aux``
of the reference search (``tests/reference_claim.py``). ``steps`` is an int64[n, 9] table
(columns: tables.STEP_FIELDS); ``pc`` is the active row (-1 = no active step) and ``aux`` its
counter. Card sets are int64 bitboards; ``stated`` returns the bitboard of the dictated cards
(0 = the step says nothing about this play).
"""
import numpy as np
from numba import njit

from claimsolver import tables as T

from .bits import popcount
from .classify import hold, top_holding
from .trick import beats, trick_winner

SUIT_MASK = 0x7FFC


@njit(cache=True, _nrt=False)
def suit_bits(s):
    """Bitboard of every card of suit s (0 for s outside 0..3, e.g. trump 4)."""
    if s < 0 or s > 3:
        return np.int64(0)
    return np.int64(SUIT_MASK) << (16 * s)


def named_cards(steps) -> int:
    """The cards a statement names (its steps' card and card2): each is its own group of
    equivalent cards and is keyed exactly by the claim search. (Plain Python: the wrappers
    compute it once per search.)"""
    named = 0
    for row in steps:
        for col in (T.S_CARD, T.S_CARD2):
            if int(row[col]) >= 0:
                named |= 1 << int(row[col])
    return named


@njit(cache=True, _nrt=False)
def taking_cards(steps):
    """The cards that take the tricks of a list (STEP_LISTED's ``flag``; 0 without a list).
    They are the claiming side's highest cards of their suits, so the ones still held are
    its top ``m`` cards of each suit: equivalent cards are grouped, and the table keys the
    state, with ``m`` per suit (search_claim.state_keys)."""
    w = np.int64(0)
    for i in range(steps.shape[0]):
        if steps[i, T.S_KIND] == T.STEP_LISTED:
            w |= steps[i, T.S_FLAG]
    return w


@njit(cache=True, _nrt=False)
def listed_bits(mask):
    """Bitboard of every card of the suits in a suit bit mask (STEP_LISTED's ``count``)."""
    res = np.int64(0)
    for s in range(4):
        if (mask >> s) & 1:
            res |= np.int64(SUIT_MASK) << (16 * s)
    return res


@njit(cache=True, _nrt=False)
def crossruff_leads(hands, trump, side, seat):
    """Cards that ``seat`` (or either claiming hand when -1) can lead for partner to ruff."""
    res = np.int64(0)
    if trump == 4:
        return res
    for k in range(2):
        p = side + 2 * k
        if seat >= 0 and p != seat:
            continue
        q = (p + 2) & 3
        if hold(hands[q], trump) == 0:
            continue
        for s in range(4):
            if s != trump and hold(hands[p], s) != 0 and hold(hands[q], s) == 0:
                res |= hands[p] & suit_bits(s)
    return res


@njit(cache=True, _nrt=False)
def settle_pc(hands, side, trump, forget, shown, pc, aux, steps):
    """Run tests and finished steps until the program counter rests on a live step.
    Returns (pc, aux) (pc -1 when the line has ended)."""
    n = steps.shape[0]
    for _ in range(64):
        if pc < 0 or pc >= n:
            return -1, aux
        kind = steps[pc, T.S_KIND]
        suit = steps[pc, T.S_SUIT]
        hand = steps[pc, T.S_HAND]
        card = steps[pc, T.S_CARD]
        cnt = steps[pc, T.S_COUNT]
        flag = steps[pc, T.S_FLAG]
        nxt = steps[pc, T.S_NEXT]
        alt = steps[pc, T.S_ALT]
        out = hands[1 - side] | hands[3 - side]
        mine = hands[side] | hands[side + 2]
        if kind == T.STEP_END:
            return -1, aux
        if kind == T.STEP_TEST_DROPS:
            pc = nxt if ((out >> card) & 1) == 0 else alt
            continue
        if kind == T.STEP_TEST_SHOWN_OUT:
            pc = nxt if ((shown >> (4 * hand + suit)) & 1) != 0 else alt
            continue
        if kind == T.STEP_TEST_STATIC:
            pc = nxt if flag != 0 else alt
            continue
        done = False
        if kind == T.STEP_DRAW_TRUMPS:
            done = trump == 4 or (out & suit_bits(trump)) == 0 or (mine & suit_bits(trump)) == 0
        elif kind == T.STEP_CASH:
            aw = out & ~forget
            done = top_holding(hold(mine, suit), hold(aw, suit)) == 0
        elif kind == T.STEP_FINESSE or kind == T.STEP_DUCK:
            done = aux >= 1 or (mine & suit_bits(suit)) == 0
        elif kind == T.STEP_CONCEDE:
            done = aux >= cnt
        elif kind == T.STEP_PLAY:
            done = ((mine >> card) & 1) == 0
        elif kind == T.STEP_RUFF:
            done = (aux >= cnt or (hands[hand] & suit_bits(trump)) == 0
                    or (hands[(hand + 2) & 3] & suit_bits(suit)) == 0)
        elif kind == T.STEP_DISCARD:
            want = (np.int64(1) << card) if card >= 0 else suit_bits(suit)
            done = (mine & want) == 0
        elif kind == T.STEP_CROSSRUFF:
            done = crossruff_leads(hands, trump, side, -1) == 0
        elif kind == T.STEP_LISTED:
            done = (mine & listed_bits(cnt)) == 0
        if not done:
            return pc, aux
        pc = nxt
        aux = 0
    return -1, aux


@njit(cache=True, _nrt=False)
def _low_card(m):
    """Lowest card of a non-empty bitboard."""
    c = 0
    while ((m >> c) & 1) == 0:
        c += 1
    return c


@njit(cache=True, _nrt=False)
def _high_card(m):
    """Highest card of a non-empty bitboard."""
    c = 62
    while ((m >> c) & 1) == 0:
        c -= 1
    return c


@njit(cache=True, _nrt=False)
def last_trump_round(hands, side, trump, leader, pos):
    """Does the trump trick under way (its ``pos`` cards played, led by ``leader``) draw the
    opponents' last trumps? Each must follow with a trump while he holds one: so when every
    opponent still to play holds at most one and those who have played hold none."""
    tb = suit_bits(trump)
    for o in range(4):
        if (o & 1) == side:
            continue
        played = ((o - leader) & 3) < pos
        if popcount(hands[o] & tb) > (0 if played else 1):
            return False
    return True


@njit(cache=True, _nrt=False)
def stated(hands, side, trump, forget, leader, trk, tstart, pos, pc, aux, steps, seat, legal):
    """Bitboard of the cards the active step dictates for ``seat`` (a subset of ``legal``),
    0 when the step says nothing about this play (or cannot be carried out here)."""
    if pc < 0:
        return np.int64(0)
    kind = steps[pc, T.S_KIND]
    suit = steps[pc, T.S_SUIT]
    hand = steps[pc, T.S_HAND]
    card = steps[pc, T.S_CARD]
    flag = steps[pc, T.S_FLAG]
    h = hands[seat]
    if kind == T.STEP_PLAY:
        c2 = steps[pc, T.S_CARD2]
        dsuit = steps[pc, T.S_COUNT]
        if pos > 0 and (c2 >= 0 or dsuit >= 0) and (h & suit_bits(trk[tstart] >> 4)) == 0:
            # "a club on the jack of hearts": in the jack's trick a hand that cannot follow
            # discards the card (or a card of the suit) named
            for k in range(pos):
                if trk[tstart + k] == card:
                    if c2 >= 0:
                        return (np.int64(1) << c2) & h & legal
                    return h & suit_bits(dsuit) & legal
        if card >= 0 and ((h >> card) & 1) != 0 and ((legal >> card) & 1) != 0:
            # "club to the ace" is played in a club trick: a side-suit card thrown on another
            # suit's lead is not the stated play (a trump may ruff with it)
            if pos > 0 and (card >> 4) != (trk[tstart] >> 4) and (card >> 4) != trump:
                return np.int64(0)
            return np.int64(1) << card
        return np.int64(0)
    if kind == T.STEP_DISCARD:
        if pos > 0:
            ls = trk[tstart] >> 4
            if (h & suit_bits(ls)) == 0:
                want = (np.int64(1) << card) if card >= 0 else suit_bits(suit)
                return h & want & legal
        return np.int64(0)
    card2 = steps[pc, T.S_CARD2]
    cnt = steps[pc, T.S_COUNT]
    if kind == T.STEP_CASH and pos > 0 and (card2 >= 0 or cnt >= 0):
        # while cashing, a claiming hand that cannot follow discards card2, else a card of
        # suit ``count`` (tables.py)
        ls = trk[tstart] >> 4
        if (h & suit_bits(ls)) == 0:
            if card2 >= 0 and ((h >> card2) & 1) != 0:
                return (np.int64(1) << card2) & legal
            if cnt >= 0 and (h & suit_bits(cnt)) != 0:
                return h & suit_bits(cnt) & legal
            return np.int64(0)
    if pos == 0:
        if kind == T.STEP_DRAW_TRUMPS:
            # "drawing trumps from hand" with the lead in the other hand: that hand draws them
            # now if it can (the intention is to draw them; the hand named cannot lead)
            tr = h & suit_bits(trump)
            if tr == 0:
                return np.int64(0)
            end = steps[pc, T.S_COUNT]
            if (end >= 0 and seat != end and (hands[end] & suit_bits(trump)) != 0
                    and last_trump_round(hands, side, trump, seat, 0)):
                # "... ending in dummy": the last round is led low for the other hand to win
                return (np.int64(1) << _low_card(tr)) & legal
            return (np.int64(1) << _high_card(tr)) & legal
        if kind == T.STEP_CASH:
            ms = h & suit_bits(suit)
            if hand >= 0 and seat != hand and ms != 0 and (hands[hand] & suit_bits(suit)) != 0:
                return ms & legal
            if ms == 0:
                return np.int64(0)
            aw = (hands[1 - side] | hands[3 - side]) & ~forget
            if top_holding(hold(h, suit), hold(aw, suit)) != 0:
                return (np.int64(1) << _high_card(ms)) & legal
            return ms & legal
        if kind == T.STEP_FINESSE:
            if flag != 0:
                if card >= 0 and ((h >> card) & 1) != 0:
                    return (np.int64(1) << card) & legal
                return np.int64(0)
            if hand >= 0 and seat != hand:
                if (hands[hand] & suit_bits(suit)) == 0:
                    return np.int64(0)
                # the tenace's hand on lead, the finesse still to take: it crosses to the hand
                # that leads it, in a suit whose top card (as he sees it) that hand holds
                aw = (hands[1 - side] | hands[3 - side]) & ~forget
                res = np.int64(0)
                for s in range(4):
                    if s != suit and hold(h, s) != 0 and top_holding(hold(hands[hand], s), hold(aw, s)) != 0:
                        res |= h & suit_bits(s)
                return res & legal
            m = h & suit_bits(suit)
            if card >= 0:
                m &= ~(np.int64(1) << card)
            return m & legal
        if kind == T.STEP_CONCEDE:
            if suit >= 0:
                return h & suit_bits(suit) & legal
            res = np.int64(0)
            for s in range(4):
                aw = (hands[1 - side] | hands[3 - side]) & ~forget
                hs = hold(h, s)
                res |= (hs & ~top_holding(hs, hold(aw, s))) << (16 * s)
            return res & legal
        if kind == T.STEP_RUFF:
            if seat == ((hand + 2) & 3):
                return h & suit_bits(suit) & legal
            return np.int64(0)
        if kind == T.STEP_DUCK:
            if hand < 0 or seat == hand:
                return h & suit_bits(suit) & legal
            return np.int64(0)
        if kind == T.STEP_CROSSRUFF:
            return crossruff_leads(hands, trump, side, seat) & legal
        return np.int64(0)
    # following
    lead_seat = leader
    lead_card = trk[tstart]
    lead_suit = lead_card >> 4
    lead_mine = (lead_seat & 1) == side
    if kind == T.STEP_FINESSE and lead_suit == suit and lead_mine:
        cur = trk[tstart]
        for k in range(1, pos):
            if beats(trk[tstart + k], cur, trump):
                cur = trk[tstart + k]
        if flag == 0 and (h & suit_bits(suit)) != 0:
            last_seat = (leader + pos - 1) & 3
            if pos >= 2 and (last_seat & 1) != side:
                if card >= 0 and ((h >> card) & 1) != 0 and beats(card, cur, trump):
                    return (np.int64(1) << card) & legal
                # covered by the second hand (AQ10 against KJ, the jack played on the ten's
                # finesse), or the card gone (the queen spent on that cover): the tenace wins
                # as cheaply as it can, the finesse against the other card still to come
                m = h & suit_bits(suit)
                while m != 0:
                    x = _low_card(m)
                    m &= ~(np.int64(1) << x)
                    if beats(x, cur, trump):
                        return (np.int64(1) << x) & legal
            return np.int64(0)
        if flag != 0 and lead_card == card and (h & suit_bits(suit)) != 0:
            if cur == card:
                low = np.int64(0)
                ms = h & suit_bits(suit)
                m = ms
                while m != 0:
                    x = _low_card(m)
                    m &= ~(np.int64(1) << x)
                    if not beats(x, cur, trump):
                        low |= np.int64(1) << x
                return low & legal
        if flag != 0 and lead_card == card and (h & suit_bits(suit)) == 0 and cur == card and trump != 4:
            # letting it run with partner void (a ruffing finesse): not covered, he discards;
            # covered, nothing is dictated (ruffing the cover is his normal play)
            return h & ~suit_bits(trump) & legal
        return np.int64(0)
    if kind == T.STEP_DRAW_TRUMPS and lead_suit == trump and lead_mine and seat == steps[pc, T.S_COUNT]:
        # "... ending in dummy": that hand wins the round that draws their last trumps, and
        # before it keeps its trumps under partner's winning ones
        tr = h & suit_bits(trump)
        if tr == 0:
            return np.int64(0)
        if last_trump_round(hands, side, trump, leader, pos):
            return (np.int64(1) << _high_card(tr)) & legal
        if (trick_winner(trk, tstart, pos, leader, trump) & 1) == side:
            return (np.int64(1) << _low_card(tr)) & legal
        return np.int64(0)
    if (kind == T.STEP_DRAW_TRUMPS and lead_suit == trump and leader == steps[pc, T.S_COUNT]
            and last_trump_round(hands, side, trump, leader, pos)):
        # the hand to end in led the last round: its partner does not overtake it
        tr = h & suit_bits(trump)
        if tr != 0:
            return (np.int64(1) << _low_card(tr)) & legal
        return np.int64(0)
    if kind == T.STEP_DUCK and lead_suit == suit and lead_mine:
        ms = h & suit_bits(suit)
        if ms == 0:
            return np.int64(0)
        return (np.int64(1) << _low_card(ms)) & legal
    if kind == T.STEP_RUFF and seat == hand and lead_suit == suit:  # whoever led the suit
        if (h & suit_bits(suit)) == 0:
            if card >= 0 and ((h >> card) & 1) != 0:
                return (np.int64(1) << card) & legal  # the stated trump
            tr = h & suit_bits(trump)
            if tr == 0:
                return np.int64(0)
            return (np.int64(1) << _low_card(tr)) & legal
        return np.int64(0)
    if (kind == T.STEP_CROSSRUFF and lead_mine and (h & suit_bits(lead_suit)) == 0
            and lead_suit != trump):
        tr = h & suit_bits(trump)
        if tr == 0:
            return np.int64(0)
        return (np.int64(1) << _low_card(tr)) & legal
    return np.int64(0)


@njit(cache=True, _nrt=False)
def advance_aux(pc, aux, side, trump, steps, leader, c0, c1, c2, c3, winner):
    """Step bookkeeping at the end of a trick (cards c0..c3 in order from ``leader``).
    Returns the new aux."""
    if pc < 0:
        return aux
    kind = steps[pc, T.S_KIND]
    suit = steps[pc, T.S_SUIT]
    hand = steps[pc, T.S_HAND]
    if kind == T.STEP_RUFF and (c0 >> 4) == suit:  # a stated ruff counts whoever led the suit
        for k in range(4):
            s = (leader + k) & 3
            c = c0 if k == 0 else (c1 if k == 1 else (c2 if k == 2 else c3))
            if s == hand and (c >> 4) == trump:
                return aux + 1
        return aux
    if (leader & 1) != side:
        return aux
    if (kind == T.STEP_FINESSE or kind == T.STEP_DUCK) and (c0 >> 4) == suit:
        return aux + 1
    if kind == T.STEP_CONCEDE and (winner & 1) != side:
        return aux + 1
    return aux
