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
def concede_breaks_count(hands, side, trump, forget, seat, c):
    """Does leading c (a card that concedes the trick in the claimer's belief) lower his count
    (tables.COUNT, *conceding*)?"""
    s = c >> 4
    a = hands[side]
    b = hands[side + 2]
    x = hands[1 - side] & ~forget
    y = hands[3 - side] & ~forget
    rleft = popcount(hands[seat])
    k0 = count_tricks(a, b, x, y)
    before = k0 if k0 < rleft else rleft
    cb = np.int64(1) << c
    if seat == side:
        a &= ~cb
        ps = hold(b, s)
        if ps != 0:
            b &= ~(np.int64(1) << (16 * s + low_rank(ps)))
    else:
        b &= ~cb
        ps = hold(a, s)
        if ps != 0:
            a &= ~(np.int64(1) << (16 * s + low_rank(ps)))
    xs = hold(x, s)
    ys = hold(y, s)
    if high_rank(xs) > high_rank(ys):
        x &= ~(np.int64(1) << (16 * s + high_rank(xs)))
        if ys != 0:
            y &= ~(np.int64(1) << (16 * s + low_rank(ys)))
    elif ys != 0:
        y &= ~(np.int64(1) << (16 * s + high_rank(ys)))
        if xs != 0:
            x &= ~(np.int64(1) << (16 * s + low_rank(xs)))
    k1 = count_tricks(a, b, x, y)
    m = opp_cash(a, b, x, y, trump)
    after = rleft - 1 - m
    if k1 < after:
        after = k1
    return after < before


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
    that concedes and lowers the count; a discard or a follow whose value
    (:func:`play_value`) is below the best value of the options the policy does not make
    irrational."""
    lead_pol = policy[T.LEAD_CONCEDE_BREAKS_COUNT] != policy[T.LEAD_NO_TOP_CARD]
    disc_pol = (policy[T.VOID_DISCARD_BREAKS_COUNT] != policy[T.VOID_DISCARD_LOSER]
                or policy[T.VOID_DISCARD_BREAKS_COUNT] != policy[T.VOID_DISCARD_TOP_ALL_TOP])
    fol_pol = (policy[T.FOLLOW_BREAKS_COUNT] != policy[T.FOLLOW_LOW_UNDER_PARTNER]
               or policy[T.FOLLOW_BREAKS_COUNT] != policy[T.FOLLOW_OTHER])
    if pos == 0:
        if not lead_pol:
            return
        for i in range(n):
            if mv[base + i, 1] != T.LEAD_NO_TOP_CARD:
                continue
            c = mv[base + i, 0]
            s = c >> 4
            p = seat ^ 2
            ruff = (trump != 4 and s != trump and hold(hands[p], s) == 0
                    and hold(hands[p], trump) != 0)
            aw_s = hold((hands[1 - side] | hands[3 - side]) & ~forget, s)
            partner_top = aw_s == 0 or (hold(hands[p], s) & above(high_rank(aw_s))) != 0
            if not ruff and not partner_top:
                if concede_breaks_count(hands, side, trump, forget, seat, c):
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
