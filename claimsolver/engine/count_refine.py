"""The claimer's count judging one hand's options (numba kernels): the refinements of play
classes in ``tables.COUNT_REFINES`` — a lead, discard, follow or ruff worth less in his count
than another normal play falls into the class the Law layer prices (``laws/normal.own_count``),
an overtake or a top card thrown worth more becomes his count's play. The count's values come
from :mod:`.count` (the mechanics); this file only compares them."""
import numpy as np
from numba import njit

from claimsolver import tables as T

from .classify import aware_out, effective, hold, low_rank, top_holding
from .count import lead_value, play_value
from .movegen import group_mask
from .suit_rounds import _rounds


@njit(cache=True, _nrt=False)
def _memo_play(mv, row, hands, side, trump, forget, shown, leader, trk, tstart, pos, seat, memo):
    """:func:`play_value` of the option in row ``row`` (its card mv[row, 0]), kept in mv[row, 3]
    (-1: not yet computed): the refinement asks for an option's value up to three times, and a
    value costs several play-outs of the trick."""
    if mv[row, 3] < 0:
        mv[row, 3] = play_value(hands, side, trump, forget, shown, leader, trk, tstart, pos, seat, mv[row, 0], memo)
    return mv[row, 3]


@njit(cache=True, _nrt=False)
def _refine_wins(hands, side, trump, forget, shown, leader, trk, tstart, pos, seat, mv, base, n, memo):
    """tables.COUNT *winning*: of two or more wins with a sure winner, those worth less in
    his count than the best of them fall to FOLLOW_WIN_BREAKS_COUNT (values memoised in mv[., 3],
    :func:`_memo_play`)."""
    wins = 0
    for i in range(n):
        if mv[base + i, 1] == T.FOLLOW_WIN_SURE:
            wins += 1
    if wins < 2:
        return
    best = -1
    for i in range(n):
        if mv[base + i, 1] == T.FOLLOW_WIN_SURE:
            v = _memo_play(mv, base + i, hands, side, trump, forget, shown, leader, trk, tstart, pos, seat, memo)
            if v > best:
                best = v
    for i in range(n):
        if mv[base + i, 1] == T.FOLLOW_WIN_SURE:
            if _memo_play(mv, base + i, hands, side, trump, forget, shown, leader, trk, tstart, pos, seat, memo) < best:
                mv[base + i, 1] = T.FOLLOW_WIN_BREAKS_COUNT


@njit(cache=True, _nrt=False)
def _heads_suit(hands, side, forget, s):
    """Does a claiming hand hold a top card of suit s (tables.py's terms)?"""
    return top_holding(hold(hands[side] | hands[side + 2], s), hold(aware_out(hands, side, forget), s)) != 0


@njit(cache=True, _nrt=False)
def _surplus_top(hands, side, forget, seat, c):
    """Is card c of ``seat`` a surplus top card: the side cashes as many rounds of its suit
    without it (played from the top against the aware outstanding cards, until the first
    round lost)? (A sole master is not: the length that might win a later round is not cash.)"""
    s = c >> 4
    aw = aware_out(hands, side, forget)
    a = hold(hands[seat], s)
    b = hold(hands[seat ^ 2], s)
    x = hold(hands[(seat + 1) & 3] & aw, s)
    y = hold(hands[(seat + 3) & 3] & aw, s)
    w0, w1, w2, w3 = _rounds(a & ~(np.int64(1) << (c & 15)), b, x, y, True)
    v0, v1, v2, v3 = _rounds(a, b, x, y, True)
    return w0 + w1 + w2 + w3 >= v0 + v1 + v2 + v3


@njit(cache=True, _nrt=False)
def refine_count(hands, side, trump, forget, shown, leader, trk, tstart, pos, seat, policy, mv, base, n, slip,
                 cash_cards, memo):
    """Refine the play classes mv[base:base+n, 1] of one claiming hand's options by the count
    (tables.COUNT_REFINES), where the policy prices the refined class differently: a lead
    from a suit without a top card, a discard, a ruff in front of partner's sure winner or a
    follow whose value (:func:`lead_value`,
    :func:`play_value`) is below the best value of the options the policy does not make
    irrational; an overtake of partner's winner or a top card thrown while a loser is kept
    that is worth more than all of them becomes the count's play (31, 36). Of the leads of
    ``cash_cards`` (a bitboard: the suits a list of tricks names, tables.STEP_LISTED), unless a
    lead of another suit he holds a top card of is worth more tricks than all of them, while one
    of a suit he holds a top card of is normal, the others fall and those are weighed among
    themselves: he cashes before he concedes. A side top card led while an aware trump is out
    (irrational under Law 70C: draw it first) from a hand without a top trump (the top trump is
    partner's) worth more tricks than every normal lead becomes his count's play (39): he cannot
    draw the trump, leading to partner's, without losing a trick he counts."""
    lead_pol = (policy[T.LEAD_CONCEDE_BREAKS_COUNT] != policy[T.LEAD_NO_TOP_CARD]
                or policy[T.LEAD_TOP_BREAKS_COUNT] != policy[T.LEAD_TOP_OF_TOP_CARDS]
                or policy[T.LEAD_TRUMP_BREAKS_COUNT] != policy[T.LEAD_TOP_OF_TOP_CARDS]
                or policy[T.LEAD_UNDER_TOP_CARD] != policy[T.LEAD_CROSS_TO_PARTNER_TOP])
    side_pol = policy[T.LEAD_SIDE_TOP_FOR_COUNT] != policy[T.LEAD_SIDE_TOP_WITH_AWARE_TRUMP]
    disc_pol = (policy[T.VOID_DISCARD_BREAKS_COUNT] != policy[T.VOID_DISCARD_LOSER]
                or policy[T.VOID_DISCARD_BREAKS_COUNT] != policy[T.VOID_DISCARD_TOP_ALL_TOP]
                or policy[T.VOID_DISCARD_BREAKS_COUNT] != policy[T.VOID_OTHER])
    fol_pol = (policy[T.FOLLOW_BREAKS_COUNT] != policy[T.FOLLOW_LOW_UNDER_PARTNER]
               or policy[T.FOLLOW_BREAKS_COUNT] != policy[T.FOLLOW_OTHER]
               or policy[T.FOLLOW_BREAKS_COUNT] != policy[T.FOLLOW_DUCK_AHEAD_OF_PARTNER])
    over_pol = policy[T.FOLLOW_OVERTAKE_FOR_COUNT] != policy[T.FOLLOW_OVER_PARTNER]
    top_pol = policy[T.VOID_DISCARD_TOP_FOR_COUNT] != policy[T.VOID_DISCARD_TOP_KEEP_LOSER]
    ruff_pol = policy[T.VOID_RUFF_BREAKS_COUNT] != policy[T.VOID_RUFF_AHEAD_OF_PARTNER]
    win_pol = policy[T.FOLLOW_WIN_BREAKS_COUNT] != policy[T.FOLLOW_WIN_SURE]
    if pos == 0:
        if not lead_pol and not side_pol:
            return
        refinable = False
        for i in range(n):
            if lead_pol and (mv[base + i, 1] == T.LEAD_NO_TOP_CARD or mv[base + i, 1] == T.LEAD_TOP_OF_TOP_CARDS
                             or mv[base + i, 1] == T.LEAD_CROSS_TO_PARTNER_TOP):
                refinable = True
            if side_pol and mv[base + i, 1] == T.LEAD_SIDE_TOP_WITH_AWARE_TRUMP:
                refinable = True
        if not refinable:
            return
        for i in range(n):
            mv[base + i, 3] = -1  # lead values, computed once each (mv[., 3] is free until gen_options sets it)
        best = -1
        for i in range(n):
            if effective(policy[mv[base + i, 1]], slip) != T.IRRATIONAL:
                v = lead_value(hands, side, trump, forget, shown, seat, mv[base + i, 0], memo)
                mv[base + i, 3] = v
                if v > best:
                    best = v
        # (not where no lead is normal: the fallback then weighs every lead by his count)
        if side_pol and best >= 0 and trump != 4 and top_holding(hold(hands[seat], trump),
                                                   hold(aware_out(hands, side, forget), trump)) == 0:
            # a side top with an aware trump out while the top trump is partner's, worth more
            # tricks than every normal lead: he cannot draw the trump first (a trump led to
            # partner's) without losing a trick he counts; cashing is his play
            side_best = -1
            for i in range(n):
                if mv[base + i, 1] == T.LEAD_SIDE_TOP_WITH_AWARE_TRUMP:
                    v = lead_value(hands, side, trump, forget, shown, seat, mv[base + i, 0], memo)
                    if (v >> 6) > (best >> 6):
                        mv[base + i, 1] = T.LEAD_SIDE_TOP_FOR_COUNT
                        mv[base + i, 3] = v
                        if v > side_best:
                            side_best = v
            if side_best > best:
                best = side_best
        if not lead_pol:
            return
        # among the leads of cash_cards (unless a cash outside them, a lead of another suit he
        # holds a top card of, is worth more tricks than all of them: drawing trumps, an unlisted
        # winner), while one of a suit he holds a top card of is normal, those are weighed among
        # themselves and the others fall: he cashes before he concedes
        best_top = -1
        if cash_cards != 0:
            best_cash = -1
            best_other = -1
            for i in range(n):
                c = mv[base + i, 0]
                v = mv[base + i, 3]
                if (cash_cards >> c) & 1:
                    if v > best_cash:
                        best_cash = v
                elif v > best_other and _heads_suit(hands, side, forget, c >> 4):
                    best_other = v
            if best_cash >= 0 and best_other >> 6 <= best_cash >> 6:
                for i in range(n):
                    c = mv[base + i, 0]
                    v = mv[base + i, 3]
                    if (cash_cards >> c) & 1 and v > best_top and _heads_suit(hands, side, forget, c >> 4):
                        best_top = v
        for i in range(n):
            cl = mv[base + i, 1]
            if cl == T.LEAD_NO_TOP_CARD or cl == T.LEAD_TOP_OF_TOP_CARDS or cl == T.LEAD_CROSS_TO_PARTNER_TOP:
                c = mv[base + i, 0]
                v = mv[base + i, 3]
                if v < 0:
                    v = lead_value(hands, side, trump, forget, shown, seat, c, memo)
                if best_top >= 0 and (cash_cards >> c) & 1:
                    below = v < best_top or not _heads_suit(hands, side, forget, c >> 4)
                else:
                    below = v < best
                if below:
                    if cl == T.LEAD_NO_TOP_CARD:
                        mv[base + i, 1] = T.LEAD_CONCEDE_BREAKS_COUNT
                    elif cl == T.LEAD_TOP_OF_TOP_CARDS:
                        # a trump that draws none of theirs: the ruff or the control his count
                        # rests on thrown away (38), not a blockage he does not see (32)
                        draws_none = (c >> 4) == trump and hold(aware_out(hands, side, forget), trump) == 0
                        mv[base + i, 1] = T.LEAD_TRUMP_BREAKS_COUNT if draws_none else T.LEAD_TOP_BREAKS_COUNT
                    else:  # a crossing that costs him a trick is the underlead it then is
                        mv[base + i, 1] = T.LEAD_UNDER_TOP_CARD
        return
    for i in range(n):
        mv[base + i, 3] = -1  # play values, computed once each (_memo_play)
    if win_pol:
        _refine_wins(hands, side, trump, forget, shown, leader, trk, tstart, pos, seat, mv, base, n, memo)
    refinable = False
    for i in range(n):
        cl = mv[base + i, 1]
        if ((cl == T.VOID_DISCARD_LOSER or cl == T.VOID_DISCARD_TOP_ALL_TOP or cl == T.VOID_OTHER) and disc_pol) or (
                (cl == T.FOLLOW_LOW_UNDER_PARTNER or cl == T.FOLLOW_OTHER
                 or cl == T.FOLLOW_DUCK_AHEAD_OF_PARTNER) and fol_pol) or (
                cl == T.FOLLOW_OVER_PARTNER and over_pol) or (cl == T.VOID_RUFF_AHEAD_OF_PARTNER and ruff_pol) or (
                cl == T.VOID_DISCARD_TOP_KEEP_LOSER and top_pol):
            refinable = True
    if not refinable:
        return
    best = -1
    for i in range(n):
        if effective(policy[mv[base + i, 1]], slip) != T.IRRATIONAL:
            v = _memo_play(mv, base + i, hands, side, trump, forget, shown, leader, trk, tstart, pos, seat, memo)
            if v > best:
                best = v
    over = -1
    if over_pol:
        for i in range(n):
            if mv[base + i, 1] == T.FOLLOW_OVER_PARTNER:
                v = _memo_play(mv, base + i, hands, side, trump, forget, shown, leader, trk, tstart, pos, seat, memo)
                if v > best:
                    mv[base + i, 1] = T.FOLLOW_OVERTAKE_FOR_COUNT
                    if v > over:
                        over = v
    kept = -1  # the best top card thrown for his count (tables.COUNT *discarding*)
    if top_pol:
        h = hands[seat]
        allc = hands[0] | hands[1] | hands[2] | hands[3]
        for i in range(n):
            c = mv[base + i, 0]
            # (the lowest of its suit, as class 20: of equal believed winners he throws the lowest)
            if mv[base + i, 1] == T.VOID_DISCARD_TOP_KEEP_LOSER and (
                    group_mask(h, allc, c) >> (16 * (c >> 4) + low_rank(hold(h, c >> 4)))) & 1:
                v = _memo_play(mv, base + i, hands, side, trump, forget, shown, leader, trk, tstart, pos, seat, memo)
                # at equal tricks (more of his count only), only a surplus top card: a sole
                # master is thrown only for a trick his count sees (tables.COUNT *discarding*)
                if v > best and ((v >> 6) > (best >> 6) or _surplus_top(hands, side, forget, seat, c)):
                    mv[base + i, 1] = T.VOID_DISCARD_TOP_FOR_COUNT
                    if v > kept:
                        kept = v
    top = best if best > over else over
    if kept > top:
        top = kept
    for i in range(n):
        cl = mv[base + i, 1]
        if (cl == T.VOID_DISCARD_LOSER or cl == T.VOID_DISCARD_TOP_ALL_TOP or cl == T.VOID_OTHER) and disc_pol:
            if _memo_play(mv, base + i, hands, side, trump, forget, shown, leader, trk, tstart, pos, seat, memo) < top:
                mv[base + i, 1] = T.VOID_DISCARD_BREAKS_COUNT
        elif cl == T.VOID_RUFF_AHEAD_OF_PARTNER and ruff_pol:
            if _memo_play(mv, base + i, hands, side, trump, forget, shown, leader, trk, tstart, pos, seat, memo) < top:
                mv[base + i, 1] = T.VOID_RUFF_BREAKS_COUNT
        elif (cl == T.FOLLOW_LOW_UNDER_PARTNER or cl == T.FOLLOW_OTHER
              or cl == T.FOLLOW_DUCK_AHEAD_OF_PARTNER) and (fol_pol or over >= 0):
            if _memo_play(mv, base + i, hands, side, trump, forget, shown, leader, trk, tstart, pos, seat, memo) < top:
                mv[base + i, 1] = T.FOLLOW_LOW_KEEPING_BLOCKER if over >= 0 else T.FOLLOW_BREAKS_COUNT
