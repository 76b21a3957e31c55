"""The claimer's count (numba kernels): the mechanics of ``COUNT`` in :mod:`claimsolver.tables`.

The Law layer decides what the count means for the ruling (which plays that lower it are
irrational); this file only computes it. Hands are given as four int64 bitboards: ``a`` and
``b`` the claiming hands (``a`` = seat ``side``, ``b`` = its partner), ``x`` and ``y`` the
opponents' cards the claimer is aware of (seat ``1 - side``, then ``3 - side``). Allocation
free: everything is scalars.
"""
import numpy as np
from numba import njit

from claimsolver import tables as T

from .bits import popcount
from .classify import above, high_rank, hold, later_opps, low_rank, sure
from .trick import beats


@njit(cache=True)
def _bit(r):
    return np.int64(1) << r


@njit(cache=True)
def suit_count(a, b, x, y):
    """Tricks the claiming side takes in one suit (holdings a, b; opponents' x, y) played on
    its own from the top (tables.COUNT)."""
    n = 0
    while a != 0 or b != 0:
        ha = high_rank(a)
        hb = high_rank(b)
        if ha > hb:
            top = ha
            a &= ~_bit(ha)
            if b != 0:
                b &= ~_bit(low_rank(b))
        else:
            top = hb
            b &= ~_bit(hb)
            if a != 0:
                a &= ~_bit(low_rank(a))
        best = top
        mine = True
        if x != 0:
            up = x & above(best)
            if up != 0:
                r = low_rank(up)
                best = r
                mine = False
            else:
                r = low_rank(x)
            x &= ~_bit(r)
        if y != 0:
            up = (y & above(best)) if mine else np.int64(0)
            if up != 0:
                r = low_rank(up)
                mine = False
            else:
                r = low_rank(y)
            y &= ~_bit(r)
        if mine:
            n += 1
    return n


@njit(cache=True)
def count_tricks(a, b, x, y):
    """The claimer's count (tables.COUNT) of claiming hands a, b against the opponents' aware
    cards x, y: the sum of :func:`suit_count` over the suits (not capped by the tricks left)."""
    n = 0
    for s in range(4):
        n += suit_count(hold(a, s), hold(b, s), hold(x, s), hold(y, s))
    return n


@njit(cache=True)
def opp_cash(a, b, x, y, trump):
    """Tricks the opponents (aware cards x, y) cash on lead against claiming hands a, b
    (tables.COUNT, the opponents' *cash*), all suits."""
    n = 0
    for s in range(4):
        ha_s = hold(a, s)
        hb_s = hold(b, s)
        if trump != 4 and s != trump:
            if (ha_s == 0 and hold(a, trump) != 0) or (hb_s == 0 and hold(b, trump) != 0):
                continue
        xs = hold(x, s)
        ys = hold(y, s)
        while xs != 0 or ys != 0:
            hx = high_rank(xs)
            hy = high_rank(ys)
            if hx > hy:
                top = hx
                xs &= ~_bit(hx)
                if ys != 0:
                    ys &= ~_bit(low_rank(ys))
            else:
                top = hy
                ys &= ~_bit(hy)
                if xs != 0:
                    xs &= ~_bit(low_rank(xs))
            best = top
            theirs = True
            if ha_s != 0:
                up = ha_s & above(best)
                if up != 0:
                    r = low_rank(up)
                    best = r
                    theirs = False
                else:
                    r = low_rank(ha_s)
                ha_s &= ~_bit(r)
            if hb_s != 0:
                up = (hb_s & above(best)) if theirs else np.int64(0)
                if up != 0:
                    r = low_rank(up)
                    theirs = False
                else:
                    r = low_rank(hb_s)
                hb_s &= ~_bit(r)
            if not theirs:
                break
            n += 1
    return n


@njit(cache=True)
def _opp_may_beat(o_s, o_tr, w, s, trump):
    """Could an opponent holding the aware cards o_s of suit s and o_tr of trumps beat the
    claiming side's card w on a lead of suit s (cards where they lie)?"""
    if o_s != 0:
        return (w >> 4) == s and (o_s & above(w & 15)) != 0
    if trump == 4 or s == trump or o_tr == 0:
        return False
    if (w >> 4) == trump:
        return (o_tr & above(w & 15)) != 0
    return True


@njit(cache=True)
def lead_value(hands, side, trump, forget, seat, c):
    """The value of leading card c in the claimer's count (tables.COUNT, *leading*)."""
    s = c >> 4
    p = seat ^ 2
    rleft = popcount(hands[seat])
    x = hands[1 - side] & ~forget
    y = hands[3 - side] & ~forget
    mine = hands[seat] & ~(np.int64(1) << c)
    part = hands[p]
    aw_s = hold(x | y, s)
    # partner: the lowest card above the led card and every aware card of the suit (crossing
    # to his winner), else his lowest card of the suit, else (void) his lowest trump, else a
    # discard (nothing removed)
    w = c
    ph = hold(part, s)
    lim = c & 15
    if high_rank(aw_s) > lim:
        lim = high_rank(aw_s)
    if ph != 0:
        tops = ph & above(lim)
        r = low_rank(tops) if tops != 0 else low_rank(ph)
        pcard = 16 * s + r
        part &= ~(np.int64(1) << pcard)
        if r > (c & 15):
            w = pcard
    elif trump != 4 and s != trump and hold(part, trump) != 0 and high_rank(aw_s) > (c & 15):
        pcard = 16 * trump + low_rank(hold(part, trump))
        part &= ~(np.int64(1) << pcard)
        w = pcard
    xs = hold(x, s)
    ys = hold(y, s)
    xt = hold(x, trump) if trump != 4 else np.int64(0)
    yt = hold(y, trump) if trump != 4 else np.int64(0)
    bx = _opp_may_beat(xs, xt, w, s, trump)
    by = _opp_may_beat(ys, yt, w, s, trump)
    win = not bx and not by
    if win:
        if xs != 0:
            x &= ~(np.int64(1) << (16 * s + low_rank(xs)))
        if ys != 0:
            y &= ~(np.int64(1) << (16 * s + low_rank(ys)))
    else:
        # the opponents win: the higher card of the suit, else the lowest trump that beats w
        hx = high_rank(xs) if (w >> 4) == s else 0
        hy = high_rank(ys) if (w >> 4) == s else 0
        if hx > (w & 15) or hy > (w & 15):
            if hx > hy:
                x &= ~(np.int64(1) << (16 * s + hx))
                if ys != 0:
                    y &= ~(np.int64(1) << (16 * s + low_rank(ys)))
            else:
                y &= ~(np.int64(1) << (16 * s + hy))
                if xs != 0:
                    x &= ~(np.int64(1) << (16 * s + low_rank(xs)))
        elif bx:
            lo = xt & above(w & 15) if (w >> 4) == trump else xt
            x &= ~(np.int64(1) << (16 * trump + low_rank(lo)))
            if ys != 0:
                y &= ~(np.int64(1) << (16 * s + low_rank(ys)))
        else:
            lo = yt & above(w & 15) if (w >> 4) == trump else yt
            y &= ~(np.int64(1) << (16 * trump + low_rank(lo)))
            if xs != 0:
                x &= ~(np.int64(1) << (16 * s + low_rank(xs)))
    if seat == side:
        a = mine
        b = part
    else:
        a = part
        b = mine
    k = count_tricks(a, b, x, y)
    if win:
        return 1 + (k if k < rleft - 1 else rleft - 1)
    keep = rleft - 1 - opp_cash(a, b, x, y, trump)
    if k < keep:
        keep = k
    return keep if keep > 0 else 0


@njit(cache=True)
def play_value(hands, side, trump, forget, shown, leader, trk, tstart, pos, seat, c):
    """The value of following or discarding with card c in the claimer's count (tables.COUNT,
    *following and discarding*): 1 when the claiming side then surely wins the trick, plus the
    tricks he keeps after it — min(R', count) when he keeps the lead, else min(count, R' - m)
    (the opponents cash m first)."""
    aw = (hands[1 - side] | hands[3 - side]) & ~forget
    lead_suit = trk[tstart] >> 4
    cur = trk[tstart]
    wi = 0
    for k in range(1, pos):
        if beats(trk[tstart + k], cur, trump):
            cur = trk[tstart + k]
            wi = k
    wseat = (leader + wi) & 3
    later = later_opps(leader, pos, side)
    win = 0
    if beats(c, cur, trump):
        if sure(aw, shown, trump, later, c, cur, True, lead_suit):
            win = 1
    elif (wseat & 1) == side and sure(aw, shown, trump, later, cur, cur, False, lead_suit):
        win = 1
    a = hands[side]
    b = hands[side + 2]
    cb = np.int64(1) << c
    if seat == side:
        a &= ~cb
    else:
        b &= ~cb
    x = hands[1 - side] & ~forget
    y = hands[3 - side] & ~forget
    k = count_tricks(a, b, x, y)
    rl = popcount(hands[seat]) - 1
    if win == 1:
        return 1 + (k if k < rl else rl)
    keep = rl - opp_cash(a, b, x, y, trump)
    if k < keep:
        keep = k
    return keep if keep > 0 else 0


@njit(cache=True)
def refine_count(hands, side, trump, forget, shown, leader, trk, tstart, pos, seat, policy, mv, base, n):
    """Refine the play classes mv[base:base+n, 1] of one claiming hand's options by the count
    (tables.COUNT_REFINES), where the policy prices the refined class differently: a lead
    from a suit without a top card, a discard or a follow whose value (:func:`lead_value`,
    :func:`play_value`) is below the best value of the options the policy does not make
    irrational."""
    lead_pol = policy[T.LEAD_CONCEDE_BREAKS_COUNT] != policy[T.LEAD_NO_TOP_CARD]
    disc_pol = (policy[T.VOID_DISCARD_BREAKS_COUNT] != policy[T.VOID_DISCARD_LOSER]
                or policy[T.VOID_DISCARD_BREAKS_COUNT] != policy[T.VOID_DISCARD_TOP_ALL_TOP])
    fol_pol = (policy[T.FOLLOW_BREAKS_COUNT] != policy[T.FOLLOW_LOW_UNDER_PARTNER]
               or policy[T.FOLLOW_BREAKS_COUNT] != policy[T.FOLLOW_OTHER])
    if pos == 0:
        if not lead_pol:
            return
        refinable = False
        for i in range(n):
            if mv[base + i, 1] == T.LEAD_NO_TOP_CARD:
                refinable = True
        if not refinable:
            return
        best = -1
        for i in range(n):
            if policy[mv[base + i, 1]] != T.IRRATIONAL:
                v = lead_value(hands, side, trump, forget, seat, mv[base + i, 0])
                if v > best:
                    best = v
        for i in range(n):
            if mv[base + i, 1] == T.LEAD_NO_TOP_CARD:
                if lead_value(hands, side, trump, forget, seat, mv[base + i, 0]) < best:
                    mv[base + i, 1] = T.LEAD_CONCEDE_BREAKS_COUNT
        return
    if not disc_pol and not fol_pol:
        return
    refinable = False
    for i in range(n):
        cl = mv[base + i, 1]
        if ((cl == T.VOID_DISCARD_LOSER or cl == T.VOID_DISCARD_TOP_ALL_TOP) and disc_pol) or (
                (cl == T.FOLLOW_LOW_UNDER_PARTNER or cl == T.FOLLOW_OTHER) and fol_pol):
            refinable = True
    if not refinable:
        return
    best = -1
    for i in range(n):
        if policy[mv[base + i, 1]] != T.IRRATIONAL:
            v = play_value(hands, side, trump, forget, shown, leader, trk, tstart, pos, seat, mv[base + i, 0])
            if v > best:
                best = v
    for i in range(n):
        cl = mv[base + i, 1]
        if (cl == T.VOID_DISCARD_LOSER or cl == T.VOID_DISCARD_TOP_ALL_TOP) and disc_pol:
            if play_value(hands, side, trump, forget, shown, leader, trk, tstart, pos, seat, mv[base + i, 0]) < best:
                mv[base + i, 1] = T.VOID_DISCARD_BREAKS_COUNT
        elif (cl == T.FOLLOW_LOW_UNDER_PARTNER or cl == T.FOLLOW_OTHER) and fol_pol:
            if play_value(hands, side, trump, forget, shown, leader, trk, tstart, pos, seat, mv[base + i, 0]) < best:
                mv[base + i, 1] = T.FOLLOW_BREAKS_COUNT
