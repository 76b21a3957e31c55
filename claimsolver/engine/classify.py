"""Play classification of the claim search (numba kernels).

The jitted counterpart of ``classify`` / ``is_top`` / ``sure`` / ``may_beat_later`` of the
reference search (``tests/reference_claim.py``), written with bit operations. Everything is
seen from the claimer's point of view (DESIGN 2.4): ``aw`` = outstanding cards the claimer is
aware of (opponents' cards not in the forget mask).

Conventions: card = 16*suit + rank, hands int64[4] bitboards, seats N E S W = 0..3, side =
seat & 1, trump 0..3 or 4 = notrump. A *holding* is the 16-bit slice of one suit.
The current trick is ``trk[tstart:tstart+pos]`` (cards in order from ``leader``).
"""
import numpy as np
from numba import njit

from claimsolver import tables as T

from .bits import hibit, popcount
from .movegen import group_mask
from .trick import beats


@njit(cache=True, _nrt=False)
def effective(v, slip):
    """A policy value as the line stands: a SLIP class (tables.SLIP) is CARELESS until the line
    has made one such play (``slip`` 1), IRRATIONAL after."""
    if v == T.SLIP:
        return T.IRRATIONAL if slip != 0 else T.CARELESS
    return v


@njit(cache=True, _nrt=False)
def hold(x, s):
    """16-bit holding of suit ``s`` in bitboard ``x``."""
    return (x >> (16 * s)) & 0xFFFF


@njit(cache=True, _nrt=False)
def high_rank(h):
    """Highest rank in a holding (0 when empty). One ``ctlz`` (:func:`bits.hibit`), not a
    loop over the ranks: the count calls it several times per round of a suit."""
    return hibit(h & 0x7FFC)


@njit(cache=True, _nrt=False)
def low_rank(h):
    """Lowest rank in a holding (0 when empty): the highest bit of the lowest one."""
    m = h & 0x7FFC
    return hibit(m & -m)


@njit(cache=True, _nrt=False)
def above(r):
    """Holding mask of ranks strictly above ``r``."""
    return 0x7FFC & ~((np.int64(2) << r) - 1)


@njit(cache=True, _nrt=False)
def strictly_between(lo, hi):
    """Holding mask of ranks strictly between ranks lo and hi."""
    return ((np.int64(1) << hi) - 1) & ~((np.int64(2) << lo) - 1)


@njit(cache=True, _nrt=False)
def outstanding(hands, side):
    return hands[1 - side] | hands[3 - side]


@njit(cache=True, _nrt=False)
def aware_out(hands, side, forget):
    return (hands[1 - side] | hands[3 - side]) & ~forget


@njit(cache=True, _nrt=False)
def top_holding(mine, aw_s):
    """The cards of holding ``mine`` that are top cards: above every aware outstanding card
    of the suit (``aw_s``, a holding)."""
    if aw_s == 0:
        return mine
    return mine & above(high_rank(aw_s))


@njit(cache=True, _nrt=False)
def is_top(hands, side, forget, c):
    """No aware outstanding card of c's suit is higher than c."""
    s = c >> 4
    return (hold(aware_out(hands, side, forget), s) & above(c & 15)) == 0


@njit(cache=True, _nrt=False)
def may_beat_later(aw, shown, trump, o, x, lead_suit):
    """Could opponent ``o`` (still to play) beat card x with an aware card, as the claimer
    sees it?"""
    void_known = (shown >> (4 * o + lead_suit)) & 1
    xs = x >> 4
    if void_known == 0:
        if xs == lead_suit:
            return (hold(aw, lead_suit) & above(x & 15)) != 0
        return False
    if trump == 4 or lead_suit == trump or ((shown >> (4 * o + trump)) & 1) != 0:
        return False
    t = hold(aw, trump)
    if xs == trump:
        return (t & above(x & 15)) != 0
    return t != 0


@njit(cache=True, _nrt=False)
def counted_ruff(aw, shown, trump, later, x, lead_suit):
    """May an opponent still to play ruff partner's card x of the suit led, as a claiming
    player void in that suit sees it? One he takes to be void in the suit led — shown out, or
    no card of it that he is aware of still out (he has counted the suit, as
    :func:`may_overruff`) — while an aware trump that beats x is out and that opponent has not
    shown out of trumps. Partner's card is then no sure winner for a ruff of it
    (tables.VOID_RUFF_PARTNER) or a ruff or discard in front of it
    (tables.VOID_RUFF_AHEAD_OF_PARTNER); a shown-out opponent :func:`sure` already reads."""
    if trump == 4 or lead_suit == trump or hold(aw, lead_suit) != 0:
        return False
    t = hold(aw, trump)
    if (x >> 4) == trump:
        t &= above(x & 15)
    if t == 0:
        return False
    for o in range(4):
        if (later >> o) & 1 and ((shown >> (4 * o + trump)) & 1) == 0:
            return True
    return False


@njit(cache=True, _nrt=False)
def may_overruff(aw, shown, trump, o, x, lead_suit):
    """Could opponent ``o`` (still to play) overruff the claiming hand's ruff with trump x, as
    the claimer sees it? He takes ``o`` to be void in the suit led once ``o`` has shown out of
    it or once no card of it that he is aware of is still out (he has counted the suit), and
    to hold a trump while one he is aware of, above x, is out and ``o`` has not shown out of
    trumps. (Only the ruff is judged so: whether his side-suit winners are sure is not.)"""
    if ((shown >> (4 * o + lead_suit)) & 1) == 0 and hold(aw, lead_suit) != 0:
        return False
    if (shown >> (4 * o + trump)) & 1:
        return False
    return (hold(aw, trump) & above(x & 15)) != 0


@njit(cache=True, _nrt=False)
def ruff_threatened(aw, shown, trump, side, rs):
    """May an opponent ruff the next round of side suit rs, as the claimer sees it? One he
    takes to be void in it (shown out, or no aware card of it out: he has counted the suit)
    while an aware trump is out and that opponent has not shown out of trumps. The suit is
    then no longer a solid suit he is running (tables.LEAD_LOSER_WHILE_RUNNING): turning to
    draw the trump is no break-off."""
    if trump == 4 or rs == trump or hold(aw, trump) == 0:
        return False
    counted = hold(aw, rs) == 0
    for o in (1 - side, 3 - side):
        if (counted or (shown >> (4 * o + rs)) & 1) and ((shown >> (4 * o + trump)) & 1) == 0:
            return True
    return False


@njit(cache=True, _nrt=False)
def later_opps(leader, pos, side):
    """Bit mask of the opponents (seats) still to play after position ``pos`` of the trick."""
    m = 0
    for k in range(pos + 1, 4):
        o = (leader + k) & 3
        if (o & 1) != side:
            m |= 1 << o
    return m


@njit(cache=True, _nrt=False)
def sure(aw, shown, trump, later, x, cur, has_cur, lead_suit):
    """x beats ``cur`` (when has_cur) and no later opponent may beat it."""
    if has_cur and not beats(x, cur, trump):
        return False
    for o in range(4):
        if (later >> o) & 1:
            if may_beat_later(aw, shown, trump, o, x, lead_suit):
                return False
    return True


@njit(cache=True, _nrt=False)
def partner_sure_later(hands, aw, shown, trump, later, seat, cur, lead_suit):
    """Second to play (void): does partner, fourth, hold a card of the suit led that beats
    ``cur`` and that no opponent in ``later`` (third hand) may beat or ruff, as the claimer
    sees it (:func:`sure`, :func:`counted_ruff`)? (tables.VOID_RUFF_AHEAD_OF_PARTNER)"""
    ps = hold(hands[seat ^ 2], lead_suit)
    if ps == 0:
        return False
    x = 16 * lead_suit + high_rank(ps)
    return sure(aw, shown, trump, later, x, cur, True, lead_suit) and not counted_ruff(aw, shown, trump, later, x,
                                                                                     lead_suit)


@njit(cache=True, _nrt=False)
def partner_sure_above(hands, aw, shown, trump, later, seat, cur, c, lead_suit):
    """Second to play, following suit with c: does partner, fourth, hold a card of the suit
    led that beats both ``cur`` and c and that no opponent in ``later`` (third hand) may beat,
    as the claimer sees it (:func:`sure`)? Then c gives nothing up
    (tables.FOLLOW_DUCK_AHEAD_OF_PARTNER)."""
    ps = hold(hands[seat ^ 2], lead_suit)
    if ps == 0:
        return False
    x = 16 * lead_suit + high_rank(ps)
    return x > c and sure(aw, shown, trump, later, x, cur, True, lead_suit)


@njit(cache=True, _nrt=False)
def keeps_blocker(hands, aw, seat, c, cur, lead_suit, g):
    """Following with c (below partner's sure winner cur, a card of the suit led; ``g`` = c's
    group), does the player fail to unblock (tables.FOLLOW_LOW_KEEPING_BLOCKER)? b = his
    highest card of the suit below cur: c is not equivalent to b, and after this trick partner
    still holds cards of the suit, all top cards, all below b, and more of them than the
    player keeps."""
    kept = hold(hands[seat ^ 2], lead_suit)
    if kept == 0:
        return False
    mine = hold(hands[seat], lead_suit)
    b = high_rank(mine & ~above(cur & 15) & 0x7FFC)
    if (g >> (16 * lead_suit + b)) & 1:
        return False
    if (kept & above(b)) != 0:
        return False
    if top_holding(kept, hold(aw, lead_suit)) != kept:
        return False
    return popcount(kept) > popcount(mine) - 1


@njit(cache=True, _nrt=False)
def discards_entry_link(hands, aw, seat, c):
    """Is discarding c (not a top card) throwing the last card of an entry suit
    (tables.VOID_DISCARD_ENTRY_LINK)?"""
    h = hands[seat]
    p = hands[seat ^ 2]
    s = c >> 4
    if hold(h, s) != (np.int64(1) << (c & 15)):
        return False
    if top_holding(hold(p, s), hold(aw, s)) == 0:
        return False
    ntop = 0
    for t in range(4):
        pt = top_holding(hold(p, t), hold(aw, t))
        if pt != 0:
            if t != s and hold(h, t) != 0:
                return False
            ntop += popcount(pt)
    if ntop < 2:
        return False
    for t in range(4):
        if t != s:
            ht = hold(h, t)
            if ht != 0 and top_holding(ht, hold(aw, t)) != ht:
                return True
    return False


@njit(cache=True, _nrt=False)
def classify(hands, side, trump, forget, shown, running, leader, trk, tstart, pos, seat, c):
    """Play class (tables.py) of claiming-side seat ``seat`` playing card ``c``."""
    h = hands[seat]
    s = c >> 4
    allc = hands[0] | hands[1] | hands[2] | hands[3]
    g = group_mask(h, allc, c)
    out = outstanding(hands, side)
    aw = out & ~forget
    if pos == 0:
        mine = hold(h, s)
        tops = top_holding(mine, hold(aw, s))
        highest = high_rank(mine)
        if tops != 0:
            top_lead = (g >> (16 * s + highest)) & 1
            ps = hold(hands[seat ^ 2], s)
            # crossing (37): his lowest card to partner's top card above it, partner shorter
            if top_lead or ((top_holding(ps, hold(aw, s)) & above(c & 15)) != 0
                            and popcount(mine) > popcount(ps)
                            and (g >> (16 * s + low_rank(mine))) & 1):
                if trump != 4 and s != trump and hold(aw, trump) != 0:
                    mytr = hold(hands[side] | hands[side + 2], trump)
                    if top_holding(mytr, hold(aw, trump)) != 0:
                        return T.LEAD_SIDE_TOP_WITH_AWARE_TRUMP
                return T.LEAD_TOP_OF_TOP_CARDS if top_lead else T.LEAD_CROSS_TO_PARTNER_TOP
            if (highest < 12 and (c & 15) < 10 and popcount(mine >> 10) <= 1
                    and hold(out & forget, s) != 0):
                return T.LEAD_SPOT_UNDER_TOP_UNAWARE
            return T.LEAD_UNDER_TOP_CARD
        if running >= 0 and (running >> 2) == seat and not is_top(hands, side, forget, c):
            rs = running & 3
            # trumps with none left out (as he knows) are not a suit he is running for tricks:
            # keeping them for ruffs is no break-off
            if top_holding(hold(h, rs), hold(aw, rs)) != 0 and not (
                    trump != 4 and rs == trump and hold(aw, trump) == 0) and not ruff_threatened(
                    aw, shown, trump, side, rs):
                return T.LEAD_LOSER_WHILE_RUNNING
        return T.LEAD_NO_TOP_CARD
    lead_suit = trk[tstart] >> 4
    cur = trk[tstart]
    wi = 0
    for k in range(1, pos):
        if beats(trk[tstart + k], cur, trump):
            cur = trk[tstart + k]
            wi = k
    wseat = (leader + wi) & 3
    later = later_opps(leader, pos, side)
    partner_wins = (wseat & 1) == side
    partner_sure = partner_wins and sure(aw, shown, trump, later, cur, cur, False, lead_suit)
    mine = hold(h, lead_suit)
    if mine != 0:
        if partner_sure:
            if not beats(c, cur, trump):
                if keeps_blocker(hands, aw, seat, c, cur, lead_suit, g):
                    return T.FOLLOW_LOW_KEEPING_BLOCKER
                lo = 16 * lead_suit + low_rank(mine)
                if (g >> lo) & 1 == 0:
                    if not keeps_blocker(hands, aw, seat, lo, cur, lead_suit, group_mask(h, allc, lo)):
                        return T.FOLLOW_WINNER_UNDER_PARTNER
                return T.FOLLOW_LOW_UNDER_PARTNER
            # does some card of mine not beat cur?
            if (cur >> 4) != lead_suit or (mine & ~above(cur & 15) & 0x7FFC) != 0:
                return T.FOLLOW_OVER_PARTNER
            return T.FOLLOW_OTHER
        sures = 0
        for r in range(2, 15):
            if (mine >> r) & 1:
                x = 16 * lead_suit + r
                if sure(aw, shown, trump, later, x, cur, True, lead_suit):
                    sures |= np.int64(1) << r
        if sures != 0:
            cr = c & 15
            if (sures >> cr) & 1:
                aw_ls = hold(aw, lead_suit)
                mn = low_rank(sures)
                band = 0
                for r in range(mn, 15):
                    if (sures >> r) & 1 and (aw_ls & strictly_between(mn, r)) == 0:
                        band |= np.int64(1) << r
                if ((band >> cr) & 1) == 0:
                    return T.FOLLOW_WIN_SURE_OVER_MARKED
                mb = high_rank(band)
                if (hold(out, lead_suit) & strictly_between(cr, mb)) != 0:
                    # spots without solidity above them, as for a lead (LEAD_SPOT_UNDER_TOP_UNAWARE)
                    if mb < 12 and cr < 10 and popcount(band >> 10) <= 1:
                        return T.FOLLOW_SPOT_UNDER_TOP_UNAWARE
                    return T.FOLLOW_UNDER_TOP_UNAWARE
                return T.FOLLOW_WIN_SURE
            if pos == 1 and partner_sure_above(hands, aw, shown, trump, later, seat, cur, c, lead_suit):
                return T.FOLLOW_DUCK_AHEAD_OF_PARTNER
            if beats(c, cur, trump):
                return T.FOLLOW_INTERMEDIATE
            return T.FOLLOW_DUCK_HOLDING_SURE
        if beats(c, cur, trump):
            mx = high_rank(mine)
            cr = c & 15
            if mx > cr and (hold(aw, lead_suit) & strictly_between(cr, mx)) != 0:
                return T.FOLLOW_INTERMEDIATE
        return T.FOLLOW_OTHER
    # void in the suit led; second to play, partner (fourth) may be sure to win the trick
    # (read only where the player holds a trump: a ruff, or a discard instead of one)
    ahead = (pos == 1 and trump != 4 and hold(h, trump) != 0
             and partner_sure_later(hands, aw, shown, trump, later, seat, cur, lead_suit))
    # void: partner's card is sure only if no opponent after him may ruff it (a counted suit)
    partner_sure = partner_sure and not counted_ruff(aw, shown, trump, later, cur, lead_suit)
    if trump != 4 and s == trump:
        if partner_wins:
            if partner_sure:
                return T.VOID_RUFF_PARTNER
            return T.VOID_OTHER
        mytr = hold(h, trump)
        if not beats(c, cur, trump):
            # underruffing a trick the opponents win, though able to overruff it
            if (cur >> 4) != trump or (mytr & above(cur & 15)) != 0:
                return T.VOID_DISCARD_OPPONENT_WINNING
            return T.VOID_OTHER
        m = -1
        msafe = -1
        for r in range(2, 15):
            if (mytr >> r) & 1:
                x = 16 * trump + r
                if beats(x, cur, trump):
                    if m < 0:
                        m = x
                    if msafe < 0:
                        ok = True
                        for o in range(4):
                            if (later >> o) & 1:
                                if may_overruff(aw, shown, trump, o, x, lead_suit):
                                    ok = False
                        if ok:
                            msafe = x
        g_m = (g >> m) & 1
        if msafe == m:
            if ahead:
                return T.VOID_RUFF_AHEAD_OF_PARTNER if g_m else T.VOID_RUFF_OPPONENT_HIGHER
            return T.VOID_RUFF_OPPONENT if g_m else T.VOID_RUFF_OPPONENT_HIGHER
        if msafe < 0:
            return T.VOID_RUFF_LOW_INTO_OVERRUFF if g_m else T.VOID_RUFF_OPPONENT_HIGHER
        if g_m:
            return T.VOID_RUFF_LOW_INTO_OVERRUFF
        return T.VOID_RUFF_OPPONENT if (g >> msafe) & 1 else T.VOID_RUFF_OPPONENT_HIGHER
    if not partner_wins and trump != 4 and not ahead:
        mytr = hold(h, trump)
        if mytr != 0:
            if (cur >> 4) != trump or (mytr & above(cur & 15)) != 0:
                return T.VOID_DISCARD_OPPONENT_WINNING
    if not is_top(hands, side, forget, c):
        # partner's card may still be beaten and he could ruff it: the discard gives up the
        # trick, which his count judges (18), not only the entry (26)
        gives_up = partner_wins and not partner_sure and trump != 4 and hold(h, trump) != 0
        if not gives_up and discards_entry_link(hands, aw, seat, c):
            return T.VOID_DISCARD_ENTRY_LINK
        return T.VOID_DISCARD_LOSER
    for t in range(4):
        ht = hold(h, t)
        if ht != 0 and top_holding(ht, hold(aw, t)) != ht:
            return T.VOID_DISCARD_TOP_KEEP_LOSER
    lowest = low_rank(hold(h, s))
    if (g >> (16 * s + lowest)) & 1:
        return T.VOID_DISCARD_TOP_ALL_TOP
    return T.VOID_DISCARD_TOP_NOT_LOWEST
