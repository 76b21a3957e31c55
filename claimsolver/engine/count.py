"""The claimer's count (numba kernels): the mechanics of ``COUNT`` in :mod:`claimsolver.tables`.

The Law layer decides what the count means for the ruling (which plays that lower it are
irrational); this file only computes it. Hands are given as four int64 bitboards: ``a`` and
``b`` the claiming hands (``a`` = seat ``side``, ``b`` = its partner), ``x`` and ``y`` the
opponents' cards the claimer is aware of (seat ``1 - side``, then ``3 - side``). Everything is
scalars, but for the memo of values after a trick (:func:`_after_value_memo`). One suit played
from the top (the rounds) is in :mod:`.suit_rounds`; comparing a hand's options by their
values (``tables.COUNT_REFINES``) in :mod:`.count_refine`.
"""
import numpy as np
from numba import njit

from .bits import hibit, popcount
from .classify import above, high_rank, hold, low_rank
from .opp_cash import (  # noqa: F401  (re-exported: the count's callers and tests use count.*)
    _get, _seated_terms, has_link, keep_after_loss, opp_cash, opp_cash_seated, opp_cash_skip, opp_reach)
from .suit_rounds import _round_seq, pair_cards, suit_count
from .trick import beats


@njit(cache=True, _nrt=False)
def _ruffs(h, p, x, y, trump, spare):
    """Ruffs of hand h (``spare`` trumps that win no round of trumps) in the side suits it is
    void in, one per round partner p loses there."""
    if spare <= 0:
        return 0  # (no trump to spare: the rounds need not be played out)
    lost = 0
    for s in range(4):
        if s == trump or hold(h, s) != 0:
            continue
        ps = hold(p, s)
        if ps != 0:
            lost += popcount(ps) - suit_count(ps, np.int64(0), hold(x, s), hold(y, s))
            if lost >= spare:
                return spare
    return lost


@njit(cache=True, _nrt=False)
def ruff_tricks(a, b, x, y, trump):
    """(ra, rb): the ruffs the count credits to hand a and hand b (tables.COUNT, *ruffs*): each
    hand ruffs partner's losing rounds of the side suits it is void in, with its trumps that
    only ever follow under partner's in the rounds of trumps (:func:`pair_cards`: a trump
    that wins or loses a round cannot also ruff); with no trump out, the shorter hand with
    all its trumps."""
    if trump == 4:
        return 0, 0
    ta = popcount(hold(a, trump))
    tb = popcount(hold(b, trump))
    if hold(x | y, trump) == 0:
        # no trump out: the rounds of trumps are the longer holding's, whatever the ranks, and
        # the shorter hand's trumps are all free to ruff (equal lengths: the better way round)
        ra1 = _ruffs(a, b, x, y, trump, ta) if ta <= tb else 0
        rb1 = _ruffs(b, a, x, y, trump, tb) if tb <= ta else 0
        if ta == tb:
            return (ra1, 0) if ra1 >= rb1 else (0, rb1)
        return ra1, rb1
    # each hand ruffs with its trumps that are the pair's card in no round of trumps (a
    # crossruff when both do): ♠76 against ♠T loses a round and wins one, none to spare
    pa, pb = pair_cards(hold(a, trump), hold(b, trump))
    return _ruffs(a, b, x, y, trump, ta - pa), _ruffs(b, a, x, y, trump, tb - pb)


@njit(cache=True, _nrt=False)
def count_tricks(a, b, x, y, trump):
    """The claimer's count (tables.COUNT) of claiming hands a, b against the opponents' aware
    cards x, y: the rounds of the suits and the ruffs of :func:`ruff_tricks`, established
    rounds capped by the opponents' cash (:func:`_split_all`; not capped by the tricks left)."""
    wa, wb = _split_all(a, b, x, y, trump)
    return wa + wb


@njit(cache=True, _nrt=False)
def _split_est(a, b, x, y, trump):
    """Rounds won by hand a and hand b over all suits (not ruffs), a blocked suit's later
    rounds counted only when the hand that takes them has an entry in another suit
    (tables.COUNT, *a blocked suit*); and what establishing costs (tables.COUNT,
    *establishing*): the counted rounds each hand wins after a round of the suit was lost
    (ea, eb) and the suits so established (bit s; not the trump suit when its lost rounds
    are no more than the opponents' sure trumps); then, by suit, the rounds lost
    before the last such round (four bits at bit 4 s), the established rounds (ea_s at bit
    8 s, eb_s at bit 8 s + 4) and which opponents win those lost rounds (bit 2 s: x, bit
    2 s + 1: y)."""
    aw = x | y
    ta = 0
    tb = 0
    ea = 0
    eb = 0
    est = 0
    lost_by = 0
    e_by = 0
    opps_by = 0
    for s in range(4):
        ma, mb, mblk, mx, my = _round_seq(hold(a, s), hold(b, s), hold(x, s), hold(y, s))
        if (ma & mblk) != 0 and not has_link(b, a, aw, trump, s):
            ma &= ~mblk
        if (mb & mblk) != 0 and not has_link(a, b, aw, trump, s):
            mb &= ~mblk
        ta += popcount(ma)
        tb += popcount(mb)
        ml = mx | my
        if ml == 0:
            continue
        if s == trump and popcount(ml) <= opp_sure_trumps(a, b, x, y, trump):
            continue  # lost only to their sure trumps: not established by force (their trick, the room's)
        first_loss = ml & -ml
        after = ~(first_loss | (first_loss - 1))  # the rounds after the first lost one
        ea_s = popcount(ma & after)
        eb_s = popcount(mb & after)
        if ea_s + eb_s == 0:
            continue
        ea += ea_s
        eb += eb_s
        e_by |= (ea_s | (eb_s << 4)) << (8 * s)
        est |= 1 << s
        last_won = hibit((ma | mb) & after & 0x3FFF)
        before = (np.int64(1) << last_won) - 1
        lost_by |= popcount(ml & before) << (4 * s)
        if (mx & before) != 0:
            opps_by |= 1 << (2 * s)
        if (my & before) != 0:
            opps_by |= 2 << (2 * s)
    return ta, tb, ea, eb, est, lost_by, e_by, opps_by


@njit(cache=True, _nrt=False)
def _split_all(a, b, x, y, trump):
    """His count split by the claiming hand that takes each trick (rounds, then ruffs), the
    rounds established by force capped by what establishing costs (tables.COUNT,
    *establishing*): with n the cards left in the longer claiming hand, t the rest of the
    count, the lost rounds before the established ones and c the opponents' cash in the other
    suits when the one who wins such a round is on lead (the larger, when both may), at most
    n - t - lost - c of them count (none below 0), taken off a's first; lost and c for the set
    of suits he establishes, the one that leaves him the most."""
    wa, wb, ea, eb, lost_by = _split_all_est(a, b, x, y, trump)
    return wa, wb


@njit(cache=True, _nrt=False)
def _split_all_est(a, b, x, y, trump):
    """:func:`_split_all`, with the established rounds that stay counted in each hand's
    (ea, eb) and the lost rounds by suit of :func:`_split_est` (lost_by; only the suits he
    establishes)."""
    wa, wb, ea, eb, lost_by, _opps = _capped_est(a, b, x, y, trump, 0)
    return wa, wb, ea, eb, lost_by


@njit(cache=True, _nrt=False)
def _capped_est(a, b, x, y, trump, solo):
    """:func:`_split_all_est`; with ``solo`` 1, hand a's count alone when it cannot reach
    partner (tables.COUNT, *the hand on lead*): partner's cards stay in play (they follow,
    and stop the opponents' cash) but his tricks are not counted, so they take none of the
    room establishing needs. Also returns which opponents win the lost rounds (bit 2 s: x,
    bit 2 s + 1: y), for the suits he establishes."""
    wa, wb, ea, eb, est, lost_by, e_by, opps_by = _split_est(a, b, x, y, trump)
    ra, rb = ruff_tricks(a, b, x, y, trump)
    if solo != 0:
        wb = 0
        rb = 0
        eb = 0
        for s in range(4):
            e_a = (e_by >> (8 * s)) & 15
            e_by &= ~(np.int64(255) << (8 * s))
            if e_a == 0:
                est &= ~(1 << s)
                lost_by &= ~(np.int64(15) << (4 * s))
                opps_by &= ~(np.int64(3) << (2 * s))
            else:
                e_by |= e_a << (8 * s)
    e = ea + eb
    if e > 0:
        n = popcount(a)
        if (popcount(b) > n) != (solo != 0):
            # (alone: the tricks left, the fewer cards — a hand that discarded in the count's
            # trick keeps its card)
            n = popcount(b)
        base = wa + wb + ra + rb - e
        # he establishes the suits that leave him the most (tables.COUNT, *establishing*):
        # the whole set first (kept when as good, and enough when nothing is cut), then the others
        keep = -1
        best_set = est
        sub = est
        while sub != 0:
            e_s = 0
            lost_s = 0
            opps_s = 0
            for s in range(4):
                if (sub >> s) & 1:
                    e_s += ((e_by >> (8 * s)) & 15) + ((e_by >> (8 * s + 4)) & 15)
                    lost_s += (lost_by >> (4 * s)) & 15
                    opps_s |= (opps_by >> (2 * s)) & 3
            k = _established_kept(a, b, x, y, trump, n - base - lost_s, e_s, opps_s, sub)
            if k > keep:
                keep = k
                best_set = sub
            if keep == e:
                break
            sub = (sub - 1) & est
        if best_set != est:
            for s in range(4):
                if not (best_set >> s) & 1:
                    xa = (e_by >> (8 * s)) & 15
                    xb = (e_by >> (8 * s + 4)) & 15
                    wa -= xa
                    wb -= xb
                    ea -= xa
                    eb -= xb
                    lost_by &= ~(np.int64(15) << (4 * s))
        cut = ea + eb - keep
        ca = ea if ea < cut else cut
        wa -= ca
        wb -= cut - ca
        ea -= ca
        eb -= cut - ca
    return wa + ra, wb + rb, ea, eb, lost_by, opps_by


@njit(cache=True, _nrt=False)
def _established_kept(a, b, x, y, trump, room, e, opps, est):
    """How many of the e rounds established by force in the suits ``est`` count: the room
    left (n - t - the lost rounds) less the opponents' cash in the other suits when the one
    who wins a lost round is on lead (the larger, when both may), none below 0."""
    if room > 0:  # the opponents' cash matters only while there is room to take it from
        c = opp_cash_skip(a, b, x, y, trump, est) if opps & 1 else 0
        if (opps & 2) and c < room:
            cy = opp_cash_skip(a, b, y, x, trump, est)
            if cy > c:
                c = cy
        room -= c
    if room < 0:
        room = 0
    return e if e < room else room


@njit(cache=True, _nrt=False)
def count_on_lead(a, b, x, y, trump, lead_a):
    """The count with claiming hand a (lead_a) or b on lead: a hand that cannot give the lead
    to its partner (:func:`has_link`) cannot count the partner's winners (:func:`_alone`),
    unless it crosses to them in trumps first (:func:`_cross_count`)."""
    wa, wb = _split_all(a, b, x, y, trump)
    k = _on_lead_split(a, b, x, y, trump, lead_a, wa, wb)
    if k < wa + wb:
        c = _cross_count(a, b, x, y, trump, lead_a)
        if c > k:
            k = c if c < wa + wb else wa + wb
    return k


@njit(cache=True, _nrt=False)
def _on_lead_split(a, b, x, y, trump, lead_a, wa, wb):
    """:func:`count_on_lead` without crossing below the hand's own top card (wa, wb: the
    hands' shares of the count)."""
    if lead_a:
        if wb == 0 or has_link(a, b, x | y, trump, 4):
            return wa + wb
        k, _e = _alone(a, b, x, y, trump, wa, 0)
        return k
    if wa == 0 or has_link(b, a, x | y, trump, 4):
        return wa + wb
    k, _e = _alone(b, a, x, y, trump, wb, 0)
    return k


@njit(cache=True, _nrt=False)
def _cross_count(a, b, x, y, trump, lead_a):
    """The count of the claiming hand on lead (a when lead_a, else b) that crosses to its
    partner in trumps (tables.COUNT, *the hand on lead*): its lowest trump led to partner's
    lowest trump above it and above every aware trump, the opponents following low; 1 + the
    count with partner on lead after that trick (not crossing back). North's ♥6 to South's
    ♥9, no trump out, reaches South's spades though the ♥9 is below North's ♥10: a trump above
    all of theirs is stranded nowhere (it wins whenever played), unlike a side suit's top card.
    -1: no such crossing."""
    if trump == 4:
        return -1
    f = a if lead_a else b
    t = b if lead_a else a
    fs = hold(f, trump)
    ts = hold(t, trump)
    if fs == 0 or ts == 0:
        return -1
    lo = low_rank(fs)
    xs = hold(x, trump)
    ys = hold(y, trump)
    lim = high_rank(xs | ys)
    if lo > lim:
        lim = lo
    up = ts & above(lim)
    if up == 0:
        return -1
    f2 = f & ~(np.int64(1) << (16 * trump + lo))
    t2 = t & ~(np.int64(1) << (16 * trump + low_rank(up)))
    x2 = x & ~(np.int64(1) << (16 * trump + low_rank(xs))) if xs != 0 else x
    y2 = y & ~(np.int64(1) << (16 * trump + low_rank(ys))) if ys != 0 else y
    a2 = f2 if lead_a else t2
    b2 = t2 if lead_a else f2
    wa, wb = _split_all(a2, b2, x2, y2, trump)
    return 1 + _on_lead_split(a2, b2, x2, y2, trump, not lead_a, wa, wb)


@njit(cache=True, _nrt=False)
def _alone(f, t, x, y, trump, wf, ef):
    """The count of claiming hand f on lead that cannot reach its partner t (tables.COUNT,
    *the hand on lead*): its share of the pair's count (wf, with ef rounds established by
    force), or its own tricks counted alone (:func:`_capped_est`) when that is more and, in
    every suit it establishes, the opponent who wins a lost round holds nothing else, so he must
    lead the suit back: partner's winners it cannot reach then take none of the room
    establishing needs (North's ♦QT against East's bare ♦K7, South's ♠98 stranded: one
    diamond)."""
    k, _b, e, _eb, lost_by, opps_by = _capped_est(f, t, x, y, trump, 1)
    if k <= wf:
        return wf, ef
    for s in range(4):
        if (lost_by >> (4 * s)) & 15:
            other = ~(np.int64(0xFFFF) << (16 * s))  # his cards outside the suit
            if (opps_by >> (2 * s)) & 1 and (x & other) != 0:
                return wf, ef
            if (opps_by >> (2 * s + 1)) & 1 and (y & other) != 0:
                return wf, ef
    return k, e


@njit(cache=True, _nrt=False)
def _opp_may_beat(o_s, o_tr, w, s, trump):
    """Could an opponent holding the aware cards o_s of suit s and o_tr of trumps beat the
    claiming side's card w in a trick of suit s (cards where they lie)?"""
    if o_s != 0:
        return (w >> 4) == s and (o_s & above(w & 15)) != 0
    if trump == 4 or s == trump or o_tr == 0:
        return False
    if (w >> 4) == trump:
        return (o_tr & above(w & 15)) != 0
    return True


@njit(cache=True, _nrt=False)
def _without(h0, h1, h2, h3, p, c):
    """The four hands with card c taken out of seat p's."""
    bit = np.int64(1) << c
    if p == 0:
        h0 &= ~bit
    elif p == 1:
        h1 &= ~bit
    elif p == 2:
        h2 &= ~bit
    else:
        h3 &= ~bit
    return h0, h1, h2, h3


@njit(cache=True, _nrt=False)
def _later_top(h0, h1, h2, h3, side, trump, leader, s, pos):
    """The highest rank of suit s among the claiming hands still to play after position pos
    of the trick (0: none); 15 when one of them could ruff (no card of s holds the trick)."""
    top = 0
    for k in range(pos + 1, 4):
        q = (leader + k) & 3
        if (q & 1) != side:
            continue
        hq = _get(h0, h1, h2, h3, q)
        qs = hold(hq, s)
        if qs != 0:
            r = high_rank(qs)
            if r > top:
                top = r
        elif trump != 4 and s != trump and hold(hq, trump) != 0:
            return 15
    return top


@njit(cache=True, _nrt=False)
def _partner_wins_later(h0, h1, h2, h3, leader, s, best):
    """In a trick of suit s led by a claiming hand (``leader``), can fourth hand win it with a
    card of the suit over both ``best`` and third hand's highest card of the suit?"""
    fourth = hold(_get(h0, h1, h2, h3, (leader + 3) & 3), s)
    if fourth == 0:
        return False
    third = hold(_get(h0, h1, h2, h3, (leader + 2) & 3), s)
    bar = best & 15
    if third != 0 and high_rank(third) > bar:
        bar = high_rank(third)
    return high_rank(fourth) > bar


@njit(cache=True, _nrt=False)
def play_out_trick(h0, h1, h2, h3, side, trump, leader, s, best, wseat, k, overtake, opp_over, shown):
    """The players at positions k..3 of a trick of suit s led by ``leader`` play by the
    count's rules (tables.COUNT, *the trick*); ``best``/``wseat``: the card winning so far and
    its seat; the opponents' hands hold only the cards the claimer is aware of. ``overtake``:
    the claimer's choice for a claiming hand whose partner's card is winning — 0: it follows
    with its lowest card; 1: it takes the trick with its lowest higher card of the suit, when
    it has one (the lead in the other hand); 2: it unblocks, following with its highest card
    below partner's (the ♠K of K2 under partner's ♠A, keeping the lead where the long suit is),
    when that is not its lowest; ``opp_over``: the
    defenders' choice of which of them wins — 1: an opponent whose partner's card is winning
    takes the trick with his lowest higher card that no claiming hand after him can beat (else
    his lowest higher card), an opponent who could beat the claiming side's card but not hold
    the trick plays low instead of covering, and second hand ducks (lowest card; void,
    discards) when fourth hand can win the trick over third hand; 2: second hand wins with his lowest card
    that third hand cannot beat and that beats fourth hand's lowest (his partner follows low: he
    keeps the lead); 3: the same above every card of fourth hand's. ``shown``: the show-out word (bit 4 * seat +
    suit): a claiming hand takes no finesse, fearing the opponents' cards of the suit in the next
    opponent's hand unless a show-out tells where they lie. Returns the hands after the trick, the
    winning card and seat, as bits 1 and 2 whether the claimer's choices 1 and 2 were possible
    (else playing the trick with them gives the same) and, as bits 1, 2 and 4, whether the defenders'
    choices 1, 2 and 3 could differ from their plain play."""
    could = 0
    opp_could = 0
    for pos in range(k, 4):
        p = (leader + pos) & 3
        h = _get(h0, h1, h2, h3, p)
        hs = hold(h, s)
        ours = (wseat & 1) == side
        card = -1
        if (p & 1) != side:
            if hs != 0:
                if ours and (best >> 4) == s and (hs & above(best & 15)) != 0:
                    up = hs & above(best & 15)
                    holds = up & above(_later_top(h0, h1, h2, h3, side, trump, leader, s, pos))
                    card = 16 * s + low_rank(holds if holds != 0 else up)
                    if holds == 0:
                        # no card of his holds the trick against the claiming hands after
                        # him: covering or playing low is the defenders' choice (North keeps
                        # his ♣K behind the ♣A rather than let dummy's ♣87 become winners)
                        opp_could |= 1
                        if opp_over == 1:
                            card = 16 * s + low_rank(hs)
                    if pos == 1:
                        # the defenders choose which of them wins: second hand may duck for
                        # fourth hand, who wins over the claiming hand between them, or win
                        # high enough that fourth hand cannot take the lead from him
                        if _partner_wins_later(h0, h1, h2, h3, leader, s, best):
                            opp_could |= 1
                            if opp_over == 1:
                                card = 16 * s + low_rank(hs)
                        # fourth hand, his partner, follows with his lowest card: it takes the
                        # lead from him only when that card is higher (a bare ♣Q behind the ♣A);
                        # or he wins above all of partner's cards, keeping partner's low ones
                        fourth = hold(_get(h0, h1, h2, h3, (leader + 3) & 3), s)
                        later = _later_top(h0, h1, h2, h3, side, trump, leader, s, pos)
                        bar = low_rank(fourth)
                        if later > bar:
                            bar = later
                        keep = up & above(bar)
                        if keep != 0 and 16 * s + low_rank(keep) != card:
                            opp_could |= 2
                            if opp_over == 2:
                                card = 16 * s + low_rank(keep)
                        bar3 = high_rank(fourth)
                        if later > bar3:
                            bar3 = later
                        keep3 = up & above(bar3)
                        if (keep3 != 0 and 16 * s + low_rank(keep3) != card
                                and low_rank(keep3) != low_rank(keep)):
                            opp_could |= 4
                            if opp_over == 3:
                                card = 16 * s + low_rank(keep3)
                elif not ours and (best >> 4) == s and (hs & above(best & 15)) != 0:
                    opp_could |= 1
                    if opp_over == 1:  # over partner: with a card the claiming hands after him cannot beat
                        up = hs & above(best & 15)
                        holds = up & above(_later_top(h0, h1, h2, h3, side, trump, leader, s, pos))
                        card = 16 * s + low_rank(holds if holds != 0 else up)
                    else:
                        card = 16 * s + low_rank(hs)
                else:
                    card = 16 * s + low_rank(hs)
            elif ours and trump != 4 and s != trump:
                t = hold(h, trump)
                if (best >> 4) == trump:
                    t &= above(best & 15)
                if t != 0:
                    card = 16 * trump + low_rank(t)
                    if pos == 1 and _partner_wins_later(h0, h1, h2, h3, leader, s, best):
                        # second hand, void, may discard and let partner win the trick
                        opp_could |= 1
                        if opp_over == 1:
                            card = -1
        else:
            threat = -1
            if pos < 3:
                threat = (p + 1) & 3
            tr_s = np.int64(0)
            tr_t = np.int64(0)
            if threat >= 0:
                ht = _get(h0, h1, h2, h3, threat)
                tr_s = hold(ht, s)
                other = (threat + 2) & 3
                if ((shown >> (4 * threat + s)) & 1) == 0 and ((shown >> (4 * other + s)) & 1) == 0:
                    # no finesse (tables.COUNT): he cannot see which of them holds their cards
                    tr_s |= hold(_get(h0, h1, h2, h3, other), s)
                if trump != 4:
                    tr_t = hold(ht, trump)
            safe = ours and (threat < 0 or not _opp_may_beat(tr_s, tr_t, best, s, trump))
            if hs != 0:
                under = hs & ~above(best & 15) if (best >> 4) == s else np.int64(0)
                if safe and (best >> 4) == s and (hs & above(best & 15)) != 0:
                    could |= 1
                if safe and (under & (under - 1)) != 0:
                    could |= 2
                if safe and overtake == 1 and (best >> 4) == s and (hs & above(best & 15)) != 0:
                    card = 16 * s + low_rank(hs & above(best & 15))
                elif safe and overtake == 2 and (under & (under - 1)) != 0:
                    card = 16 * s + high_rank(under)
                elif safe:
                    card = 16 * s + low_rank(hs)
                else:
                    for r in range(2, 15):
                        if (hs >> r) & 1:
                            cand = 16 * s + r
                            if beats(cand, best, trump) and (threat < 0 or not _opp_may_beat(tr_s, tr_t, cand, s, trump)):
                                card = cand
                                break
                    if card < 0:
                        card = 16 * s + low_rank(hs)
            elif trump != 4 and s != trump and not safe:
                t = hold(h, trump)
                for r in range(2, 15):
                    if (t >> r) & 1:
                        cand = 16 * trump + r
                        if beats(cand, best, trump) and (threat < 0 or not _opp_may_beat(tr_s, tr_t, cand, s, trump)):
                            card = cand
                            break
        if card >= 0:
            h0, h1, h2, h3 = _without(h0, h1, h2, h3, p, card)
            if beats(card, best, trump):
                best = card
                wseat = p
    return h0, h1, h2, h3, best, wseat, could, opp_could


#: columns of a row of the count's memo (``memo``: int64[2**k, MEMO_COLS]; one row disables it)
MEMO_COLS = 6
MEMO_LOG2 = 16  # 65,536 rows, 3 MB


def count_memo(log2: int = MEMO_LOG2) -> np.ndarray:
    """A fresh memo for :func:`_after_value_memo` (``log2`` 0: disabled)."""
    return np.zeros((1 << log2, MEMO_COLS), dtype=np.int64)


@njit(cache=True, _nrt=False)
def _after_value_memo(h0, h1, h2, h3, side, trump, wseat, rl, memo):
    """:func:`_after_trick_value`, kept in ``memo``: a direct-mapped table keyed on everything
    the value depends on (the four hands as he believes them, side, trump, winner, tricks
    left), the full key stored, so a row is only ever read back for its own key. The same
    hands after a trick recur across the options of a trick, its playings and the search's
    siblings; the value is the count's costliest part."""
    n = memo.shape[0]
    if n <= 1:
        return _after_trick_value(h0, h1, h2, h3, side, trump, wseat, rl)
    meta = wseat + 4 * side + 8 * trump + 64 * rl + 4096  # (never 0: an empty row never matches)
    x = (h0 * np.int64(0x9E3779B97F4A7C15 - (1 << 64)) ^ h1 * np.int64(0x3C6EF372FE94F82B)
         ^ h2 * np.int64(0x5851F42D4C957F2D) ^ h3 * np.int64(0x14057B7EF767814F) ^ meta * np.int64(0x2545F4914F6CDD1D))
    i = (x ^ (x >> 31)) & (n - 1)
    if memo[i, 4] == meta and memo[i, 0] == h0 and memo[i, 1] == h1 and memo[i, 2] == h2 and memo[i, 3] == h3:
        return memo[i, 5]
    v = _after_trick_value(h0, h1, h2, h3, side, trump, wseat, rl)
    memo[i, 0] = h0
    memo[i, 1] = h1
    memo[i, 2] = h2
    memo[i, 3] = h3
    memo[i, 4] = meta
    memo[i, 5] = v
    return v


@njit(cache=True, _nrt=False)
def _played_value(h0, h1, h2, h3, side, trump, leader, s, best, wseat, k, overtake, rl, shown, memo):
    """The value (:func:`_after_trick_value`) of the trick played out from position k, the
    defenders choosing which of them wins it: an opponent who can overtake his partner's
    winning card does so when that is worth less to the claimer. Also returns whether a
    claiming hand could overtake (:func:`play_out_trick`)."""
    g0, g1, g2, g3, b, w, could, opp_could = play_out_trick(h0, h1, h2, h3, side, trump, leader, s, best, wseat, k,
                                                            overtake, 0, shown)
    v = _after_value_memo(g0, g1, g2, g3, side, trump, w, rl, memo)
    if opp_could == 0:
        return v, could
    # the value depends only on the hands after the trick and its winner: a choice of the
    # defenders that ends in the same ones as a playing already valued adds nothing (the
    # play-out is cheap, the value is not)
    e0, e1, e2, e3, ew = g0, g1, g2, g3, w
    for mode in (1, 2, 3):
        if opp_could & (4 if mode == 3 else mode):
            f0, f1, f2, f3, b, fw, c2, o2 = play_out_trick(h0, h1, h2, h3, side, trump, leader, s, best, wseat, k,
                                                           overtake, mode, shown)
            could |= c2  # (a duck may leave partner's card to overtake)
            if fw == w and f0 == g0 and f1 == g1 and f2 == g2 and f3 == g3:
                continue
            if mode >= 2 and fw == ew and f0 == e0 and f1 == e1 and f2 == e2 and f3 == e3:
                continue
            u = _after_value_memo(f0, f1, f2, f3, side, trump, fw, rl, memo)
            if u < v:
                v = u
            e0, e1, e2, e3, ew = f0, f1, f2, f3, fw
    return v, could


@njit(cache=True, _nrt=False)
def opp_sure_trumps(a, b, x, y, trump):
    """The opponents' trumps that must each take a trick (tables.COUNT, *value*): in the
    opponent's hand holding more of them, those above every trump of the claiming hands. (A
    lower bound of :func:`claim_bounds.trump_tricks` for that hand, which also counts trumps
    below a claiming trump that one higher trump cannot all beat; the count keeps the simpler
    rule its calibration measured.)"""
    if trump == 4:
        return 0
    mine = hold(a, trump) | hold(b, trump)
    bar = above(high_rank(mine)) if mine != 0 else np.int64(0x7FFC)
    n = popcount(hold(x, trump) & bar)
    m = popcount(hold(y, trump) & bar)
    return n if n > m else m


@njit(cache=True, _nrt=False)
def _after_trick_value(h0, h1, h2, h3, side, trump, wseat, rl):
    """The value after a trick played out (rl tricks left after it): 1 + the count with the
    winning claiming hand on lead, or what he keeps after the opponents' cash."""
    if side == 0:
        a = h0
        b = h2
        x = h1
        y = h3
    else:
        a = h1
        b = h3
        x = h0
        y = h2
    # value * 64 + his count: among plays worth as many tricks, the one that keeps more of his
    # count is worth more (a count above the tricks left is capped, and would hide it)
    # no count takes the tricks the opponents' top trumps must win
    room = rl - opp_sure_trumps(a, b, x, y, trump)
    if room < 0:
        room = 0
    if (wseat & 1) == side:
        k = count_on_lead(a, b, x, y, trump, wseat == side)
        return 64 * (1 + (k if k < room else room)) + k
    o = x if wseat == 1 - side else y
    wa, wb, ea, eb, lost_by = _split_all_est(a, b, x, y, trump)
    k, e = count_after_exit(a, b, x, y, trump, o, wa, wb, ea, eb)
    if k <= 0:
        return k  # nothing of his count to keep, whatever the opponents cash
    kept = keep_after_loss(h0, h1, h2, h3, side, trump, wseat, rl)
    keep = k if k < kept else kept
    if e > 0:  # tables.COUNT, *value*: establishing after their cash costs its lost rounds
        terms, reach = _seated_terms(h0, h1, h2, h3, side, trump, wseat)
        extra = 0
        for s in range(4):
            d = ((lost_by >> (4 * s)) & 15) - terms[s]
            if d > 0:
                extra += d
        cap = kept - extra
        if k - e > cap:
            cap = k - e
        if cap < keep:
            keep = cap
    if keep > room:
        keep = room
    return 64 * (keep if keep > 0 else 0) + k


@njit(cache=True, _nrt=False)
def _on_lead_est(f, t, x, y, wf, wt, ef, k, e_all, trump, f_is_a):
    """:func:`count_on_lead` with hand f on lead (wf, wt: the hands' counts, k their sum; f_is_a:
    f is hand a of the split), and the rounds established by force in it (ef: f's, e_all: both
    hands'; after a crossing, both hands')."""
    if wt == 0 or has_link(f, t, x | y, trump, 4):
        return k, e_all
    v, e = _alone(f, t, x, y, trump, wf, ef)
    if v < k:
        c = _cross_count(f, t, x, y, trump, True) if f_is_a else _cross_count(t, f, x, y, trump, False)
        if c > v:
            return (c if c < k else k), e_all
    return v, e


@njit(cache=True, _nrt=False)
def count_after_exit(a, b, x, y, trump, o, wa, wb, ea, eb):
    """His count when the opponent holding o is on lead (tables.COUNT, *the opponents' exit*):
    the opponent leads the suit that gives the claiming side the lead in the hand where its
    count is lowest. A suit of o's puts the lead in the claiming hand whose card wins its first
    round: a hand whose highest card of the suit beats theirs while partner holds a lower card
    of it or none (a void hand ruffs when the other cannot win it; either hand, his choice,
    when both can); suits the opponents win the first round of leave the count with no hand on lead
    (wa + wb, :func:`_split_all`) as it is. Returns that count and the rounds established by
    force in it (ea, eb: each hand's; the fewest among the exits that give it)."""
    k = wa + wb
    e_all = ea + eb
    ka = -1  # count_on_lead, computed when first needed
    kb = -1
    fa = 0  # and the established rounds in it
    fb = 0
    worst = k
    worst_e = e_all
    for s in range(4):
        if hold(o, s) == 0:
            continue
        theirs = high_rank(hold(x, s) | hold(y, s))
        ta = high_rank(hold(a, s))
        tb = high_rank(hold(b, s))
        # a hand takes the round with its highest card when that beats theirs and partner can
        # play under it (a lower card, or none): North's ♥10 with South's ♥A5 behind it
        win_a = ta > theirs and (hold(b, s) == 0 or low_rank(hold(b, s)) < ta)
        win_b = tb > theirs and (hold(a, s) == 0 or low_rank(hold(a, s)) < tb)
        if trump != 4 and s != trump:
            ruff_a = hold(a, s) == 0 and hold(a, trump) != 0 and not win_b
            ruff_b = hold(b, s) == 0 and hold(b, trump) != 0 and not win_a
            win_a = win_a or ruff_a
            win_b = win_b or ruff_b
        if not win_a and not win_b:
            continue
        if win_a and ka < 0:
            ka, fa = _on_lead_est(a, b, x, y, wa, wb, ea, k, e_all, trump, True)
        if win_b and kb < 0:
            kb, fb = _on_lead_est(b, a, x, y, wb, wa, eb, k, e_all, trump, False)
        if win_a and win_b:  # his choice: the higher count, then the fewer established
            if ka > kb or (ka == kb and fa <= fb):
                v = ka
                f = fa
            else:
                v = kb
                f = fb
        elif win_a:
            v = ka
            f = fa
        else:
            v = kb
            f = fb
        if v < worst or (v == worst and f < worst_e):
            worst = v
            worst_e = f
    return worst, worst_e


@njit(cache=True, _nrt=False)
def _believed_without(hands, side, forget, seat, c):
    """The four hands as the claimer believes them (the opponents' forgotten cards left out),
    card c of ``seat`` played."""
    h0 = hands[0]
    h1 = hands[1]
    h2 = hands[2]
    h3 = hands[3]
    if side == 0:
        h1 &= ~forget
        h3 &= ~forget
    else:
        h0 &= ~forget
        h2 &= ~forget
    return _without(h0, h1, h2, h3, seat, c)


@njit(cache=True, _nrt=False)
def lead_value(hands, side, trump, forget, shown, seat, c, memo):
    """The value of leading card c in the claimer's count (tables.COUNT, *leading*)."""
    h0, h1, h2, h3 = _believed_without(hands, side, forget, seat, c)
    rl = popcount(hands[seat]) - 1
    # partner follows low, takes the trick (the lead where the winners are) or unblocks: the best
    v, could = _played_value(h0, h1, h2, h3, side, trump, seat, c >> 4, c, seat, 1, 0, rl, shown, memo)
    for mode in (1, 2):
        if could & mode:
            w, _c = _played_value(h0, h1, h2, h3, side, trump, seat, c >> 4, c, seat, 1, mode, rl, shown, memo)
            if w > v:
                v = w
    return v


@njit(cache=True, _nrt=False)
def play_value(hands, side, trump, forget, shown, leader, trk, tstart, pos, seat, c, memo):
    """The value of following or discarding with card c in the claimer's count (tables.COUNT,
    *following and discarding*): the rest of the trick played out by the count's rules, then
    as :func:`lead_value`."""
    h0, h1, h2, h3 = _believed_without(hands, side, forget, seat, c)
    best = trk[tstart]
    wi = 0
    for k in range(1, pos):
        if beats(trk[tstart + k], best, trump):
            best = trk[tstart + k]
            wi = k
    wseat = (leader + wi) & 3
    if beats(c, best, trump):
        best = c
        wseat = seat
    rl = popcount(hands[seat]) - 1
    v, could = _played_value(h0, h1, h2, h3, side, trump, leader, trk[tstart] >> 4, best, wseat, pos + 1, 0, rl, shown, memo)
    for mode in (1, 2):
        if could & mode:
            u, _c = _played_value(h0, h1, h2, h3, side, trump, leader, trk[tstart] >> 4, best, wseat, pos + 1, mode,
                                  rl, shown, memo)
            if u > v:
                v = u
    return v
