"""Lower bounds of the claim search (numba kernels).

Every bound here is a lower bound of the claim value (DESIGN 2.1: the minimum over every
continuation of tricks * 64 + careless plays) of a trick-boundary state, whatever the
opponents and the claiming side play; ``tests/test_claim_kernel.py`` checks them against the
exact search on random positions.

Masters. A *master* is a claiming-side card with no opponent's card of its suit above it
(forgotten or not). When the opponents can never ruff (notrump, or they hold no trump), a
master played to a trick of its suit wins that trick for the claiming side; otherwise it is
discarded. (Until session 37 each master also cost a trick or a careless play here; since a
discard its cards force costs no careless play, claim_moves.price_careless, a hand throws its
other cards first and its masters then for nothing, so that bound is gone.)
"""
import numpy as np
from numba import njit

from claimsolver import tables as T

from .bits import popcount
from .classify import hold, low_rank, top_holding
from .trick import beats


@njit(cache=True, _nrt=False)
def masters(hand, opp):
    """Cards of ``hand`` above every card of their suit in ``opp``."""
    m = np.int64(0)
    for s in range(4):
        h = (hand >> (16 * s)) & 0x7FFC
        if h == 0:
            continue
        o = (opp >> (16 * s)) & 0x7FFC
        if o != 0:
            r = 14
            while ((o >> r) & 1) == 0:
                r -= 1
            h &= ~((np.int64(2) << r) - 1)
        m |= h << (16 * s)
    return m


@njit(cache=True, _nrt=False)
def trump_tricks(mine, opp):
    """Tricks a hand holding the trumps ``mine`` (a holding) wins whatever anyone plays, the
    opponents holding the trumps ``opp``: each of its trumps is played to a different trick,
    which the claiming side wins unless an opponent plays a higher trump to it; an opponent's
    trump beats at most one of them. Its trumps less a largest matching of them with higher
    opponents' trumps (greedy from the top)."""
    n = 0
    free = 0
    for r in range(14, 1, -1):
        if (opp >> r) & 1:
            free += 1
        elif (mine >> r) & 1:
            if free > 0:
                free -= 1
            else:
                n += 1
    return n


@njit(cache=True, _nrt=False)
def sure_tricks_bound(hands, side, trump, leader):
    """Tricks the claiming side wins whatever anyone plays (a trick-boundary state, ``leader``
    on lead): the larger of its two hands' :func:`trump_tricks`; every trick when a claiming
    hand on lead holds only cards above every other card of their suit (in hands) that no one
    can ruff (notrump, only trumps in that hand, or no trump outside it)."""
    n = 0
    if trump != 4:
        o = ((hands[1 - side] | hands[3 - side]) >> (16 * trump)) & 0x7FFC
        a = trump_tricks((hands[side] >> (16 * trump)) & 0x7FFC, o)
        b = trump_tricks((hands[side + 2] >> (16 * trump)) & 0x7FFC, o)
        n = a if a > b else b
    if (leader & 1) == side:
        h = hands[leader]
        others = hands[(leader + 1) & 3] | hands[(leader + 2) & 3] | hands[(leader + 3) & 3]
        safe = trump == 4
        if not safe:
            tm = np.int64(0x7FFC) << (16 * trump)
            safe = (h & ~tm) == 0 or (others & tm) == 0
        if safe and h != 0 and masters(h, others) == h:
            return popcount(h)
    return n


@njit(cache=True, _nrt=False)
def forced_trick_flags(policy, forget):
    """(fourth, lead): whether the policy makes a claiming hand playing last win a trick it
    can win (ducking or discarding instead irrational; the lowest sure winner and the ruff
    of the opponents' card normal), and a claiming hand on lead lead the top of a suit (an
    underlead irrational; the top normal). The spot underlead (LEAD_SPOT_UNDER_TOP_UNAWARE)
    needs an overlooked card, so with ``forget`` 0 (and the forget set only shrinks) its
    price does not matter: the EBU presets make it a slip."""
    fourth = (policy[T.FOLLOW_DUCK_HOLDING_SURE] == T.IRRATIONAL
              and policy[T.FOLLOW_WIN_SURE] != T.IRRATIONAL
              and policy[T.VOID_RUFF_OPPONENT] != T.IRRATIONAL
              and policy[T.VOID_DISCARD_OPPONENT_WINNING] == T.IRRATIONAL)
    lead = (policy[T.LEAD_UNDER_TOP_CARD] == T.IRRATIONAL
            and (policy[T.LEAD_SPOT_UNDER_TOP_UNAWARE] == T.IRRATIONAL or forget == 0)
            and policy[T.LEAD_TOP_OF_TOP_CARDS] != T.IRRATIONAL)
    return fourth, lead


@njit(cache=True, _nrt=False)
def _top(h):
    r = 14
    while r >= 2 and ((h >> r) & 1) == 0:
        r -= 1
    return r


@njit(cache=True, _nrt=False)
def may_lead_to_partner(h, p, later):
    """Whether hand ``h`` may cross to partner's (``p``) top card (tables.
    LEAD_CROSS_TO_PARTNER_TOP): in a suit of two or more of its cards, partner, shorter in it,
    holds a card above its lowest (the crossing leads the lowest card, or one equal to it) —
    or, ``later`` in a run of leads (its higher cards gone, partner's perhaps discarded, so
    partner may become the shorter), any such card whatever the lengths. Such a lead passes
    the lead to partner or need not win the trick, so the bounds below that take a claiming
    hand on lead to lead only the top of its suits give nothing then. (Until session 38 the
    crossing needed partner's card above every card of the hand's: above its highest, and
    later its second lowest.)"""
    for s in range(4):
        hs = (h >> (16 * s)) & 0x7FFC
        ps = (p >> (16 * s)) & 0x7FFC
        if ps == 0 or (hs & (hs - 1)) == 0:
            continue
        if not later and popcount(ps) >= popcount(hs):
            continue
        if _top(ps) > low_rank(hs):
            return True
    return False


@njit(cache=True, _nrt=False)
def forced_trick(hands, side, trump, leader, fourth, lead):
    """1 when the claiming side wins the trick about to be led whatever the opponents play
    and the claiming side plays normally (no statement step active), else 0 (see
    :func:`forced_trick_flags`).

    Opponent on lead (``fourth``): the claiming hand playing last holds, in every suit the
    leader holds, a card above every opponent's card of the suit that the leader's partner
    cannot ruff (notrump, the trump suit, he holds the suit or no trump), or is void in it
    (a side suit) with a trump above every opponent's trump. It then wins the trick unless
    its partner does: it must win a trick it can win. Claiming hand on lead (``lead``): it
    leads the top of a suit, and the top of each of its suits is above every opponent's card
    of the suit and cannot be ruffed (notrump, the trump suit, the opponents hold no trump or
    each opponent holds the suit); when the opponents hold a trump and the claimer could be
    led to draw it first, some lead must be normal: the hand then needs a trump itself."""
    opp = hands[1 - side] | hands[3 - side]
    otr = 0 if trump == 4 else (opp >> (16 * trump)) & 0x7FFC
    if (leader & 1) != side:
        if not fourth:
            return 0
        h = hands[(leader + 3) & 3]
        q = hands[(leader + 2) & 3]
        ld = hands[leader]
        if ld == 0:
            return 0
        qtr = 0 if trump == 4 else (q >> (16 * trump)) & 0x7FFC
        for s in range(4):
            if ((ld >> (16 * s)) & 0x7FFC) == 0:
                continue
            hs = (h >> (16 * s)) & 0x7FFC
            os_ = (opp >> (16 * s)) & 0x7FFC
            if hs != 0:
                if os_ != 0 and _top(hs) < _top(os_):
                    return 0
                if (trump != 4 and s != trump and ((q >> (16 * s)) & 0x7FFC) == 0
                        and qtr != 0):
                    return 0
            else:
                if trump == 4 or s == trump:
                    return 0
                ht = (h >> (16 * trump)) & 0x7FFC
                if ht == 0 or (otr != 0 and _top(ht) < _top(otr)):
                    return 0
        return 1
    if not lead:
        return 0
    h = hands[leader]
    if h == 0 or may_lead_to_partner(h, hands[leader ^ 2], False):
        return 0
    if trump != 4 and otr != 0 and ((h >> (16 * trump)) & 0x7FFC) == 0:
        return 0
    for s in range(4):
        hs = (h >> (16 * s)) & 0x7FFC
        if hs == 0:
            continue
        os_ = (opp >> (16 * s)) & 0x7FFC
        if os_ != 0 and _top(hs) < _top(os_):
            return 0
        if trump != 4 and s != trump and otr != 0:
            if (((hands[1 - side] >> (16 * s)) & 0x7FFC) == 0
                    or ((hands[3 - side] >> (16 * s)) & 0x7FFC) == 0):
                return 0
    return 1


@njit(cache=True, _nrt=False)
def lead_run(hands, side, trump, leader, forget, lead):
    """Tricks the claiming side wins in a row from a trick boundary with a claiming hand H on
    lead and no statement step active, when the policy makes it lead the top of a suit (the
    ``lead`` flag of :func:`forced_trick_flags`): as long as the top of every suit H may lead
    wins the trick, H leads again (or its partner won; the run then ends there, counted).

    H's i-th lead of a suit s is its i-th highest card c of s (it must lead its top card
    whenever that is above every opponent's card of s, so a top card as the claimer sees it,
    or no opponent holds s any more). The lead wins the trick unless an opponent still holds
    a card of s above c (each trick of the run takes one card from every hand, so after i-1
    rounds of s an opponent who held at most i-1 cards of s holds none), or an opponent void
    in s ruffs (a side suit: at the run's r-th trick an opponent holding a trump still holds
    at least L - r + 1 of his L cards of s), and it keeps the lead in H unless partner beats
    c: with a higher card of s, or by ruffing (void in s: after as many tricks as his cards of
    s). The opponents choose among H's suits the one whose run ends first: the run is at least
    the least, over H's suits, of the leads of the suit that surely win and keep the lead
    (plus the first lead that surely wins but may pass the lead to partner).

    Every lead of the run must leave H a normal lead, or the search's "every play irrational"
    fallback could let it underlead: a side top is irrational only while an opponent holds an
    aware trump and the claiming side a trump above every aware trump (tables.
    LEAD_SIDE_TOP_WITH_AWARE_TRUMP). While H holds a trump whose top wins, its lead is the top
    of trumps; so with an opponent's trump out the run ends when H has led its last trump,
    and a trumpless H runs while no opponent's trump is aware (no trump wakes during the run:
    the opponents win no trick of it, and only trump leads, which H cannot make, show out of
    trumps), or its partner holds no trump, or an aware trump above partner's is still out
    (the aware trumps shrink only by the opponents' discards, one card each per trick)."""
    if not lead or (leader & 1) != side:
        return 0
    h = hands[leader]
    if h == 0 or may_lead_to_partner(h, hands[leader ^ 2], True):
        return 0
    o1 = hands[1 - side]
    o2 = hands[3 - side]
    # the first lead must win: the top of each of H's suits above the opponents' cards (of
    # two disjoint holdings, the one with the higher top is the larger number); most
    # positions stop here, so this test comes first
    for s in range(4):
        hs = (h >> (16 * s)) & 0x7FFC
        if hs != 0 and hs < ((o1 | o2) >> (16 * s)) & 0x7FFC:
            return 0
    p = hands[leader ^ 2]
    t1 = 0
    t2 = 0
    tp = 0
    if trump != 4:
        t1 = (o1 >> (16 * trump)) & 0x7FFC
        t2 = (o2 >> (16 * trump)) & 0x7FFC
        tp = (p >> (16 * trump)) & 0x7FFC
    best = popcount(h)
    if trump != 4 and ((h >> (16 * trump)) & 0x7FFC) == 0 and tp != 0:
        # a trumpless H: A aware trumps above partner's top trump keep every side top normal
        # for the first (A + 1) // 2 leads (each trick, each opponent discards one card)
        aw = (t1 | t2) & ~(forget >> (16 * trump))
        if aw != 0:
            na = popcount(aw & ~((np.int64(2) << _top(tp)) - 1))
            if (na + 1) // 2 < best:
                best = (na + 1) // 2
    for s in range(4):
        hs = (h >> (16 * s)) & 0x7FFC
        if hs == 0:
            continue
        a = (o1 >> (16 * s)) & 0x7FFC
        b = (o2 >> (16 * s)) & 0x7FFC
        la = popcount(a)
        lb = popcount(b)
        ps = (p >> (16 * s)) & 0x7FFC
        ptop = _top(ps) if ps != 0 else 0
        term = best
        i = 0
        for r in range(14, 1, -1):
            if ((hs >> r) & 1) == 0:
                continue
            i += 1
            # this lead may lose while an opponent holding a card above it can still hold one
            # (he follows to every earlier round of s, so after i - 1 rounds he holds none of
            # his la / lb cards of s when la / lb < i)
            if (la >= i and (a >> (r + 1)) != 0) or (lb >= i and (b >> (r + 1)) != 0):
                term = i - 1
                break
            if r < ptop:
                term = i  # won, perhaps by partner
                break
        if trump != 4:
            if s != trump:
                if t1 != 0 and la < term:
                    term = la
                if t2 != 0 and lb < term:
                    term = lb
                if tp != 0 and popcount(ps) + 1 < term:
                    term = popcount(ps) + 1
            elif (t1 | t2) != 0 and popcount(hs) < term:
                term = popcount(hs)
        if term < best:
            best = term
    return best


@njit(cache=True, _nrt=False)
def second_hand_flag(policy):
    """0, 1 or 2: whether the policy makes a claiming hand playing second win with a sure
    winner when it holds one (1: ducking, FOLLOW_DUCK_HOLDING_SURE, and beating the card with
    one that is not sure, FOLLOW_INTERMEDIATE, irrational; the lowest sure winner not), and
    (2) besides win with the top of its sure winners when forgotten cards lie between them
    (FOLLOW_UNDER_TOP_UNAWARE and FOLLOW_SPOT_UNDER_TOP_UNAWARE irrational)."""
    if not (policy[T.FOLLOW_DUCK_HOLDING_SURE] == T.IRRATIONAL
            and policy[T.FOLLOW_INTERMEDIATE] == T.IRRATIONAL
            and policy[T.FOLLOW_WIN_SURE] != T.IRRATIONAL):
        return 0
    if (policy[T.FOLLOW_UNDER_TOP_UNAWARE] == T.IRRATIONAL
            and policy[T.FOLLOW_SPOT_UNDER_TOP_UNAWARE] == T.IRRATIONAL):
        return 2
    return 1


@njit(cache=True, _nrt=False)
def opp_lead_trick(hands, side, trump, leader, forget, fourth, second):
    """1 when an opponent is on lead and the claiming side wins the trick whatever suit he
    leads, else 0 (no statement step active). For each suit s the leader holds, either the
    claiming hand playing last wins it (the conditions of :func:`forced_trick`, ``fourth``),
    or (``second``, :func:`second_hand_flag`) the claiming hand playing second holds a card
    of s above every opponent's card of s, the leader's partner cannot ruff it (he holds s,
    or s is the trump suit, or notrump; show-outs are facts, so he has not shown out of a
    suit he holds, and the claimer sees no ruff either), and either none of his cards of s
    is forgotten (1): a sure winner there (above every aware outstanding card of s, tables'
    definition) then beats all his cards, so whichever sure winner the hand plays wins the
    trick, and it must play one; or no outstanding card of s is aware (2): every card that
    beats the lead is then a sure winner and they form one band, whose top is the hand's
    highest card, above every opponent's card; it must play that card or one with no
    outstanding card between (a lower one is FOLLOW_UNDER_TOP_UNAWARE or
    FOLLOW_SPOT_UNDER_TOP_UNAWARE), which wins the trick — or, partner fourth holding a card
    of s that beats it and no aware card beats (FOLLOW_DUCK_AHEAD_OF_PARTNER), it may duck:
    under (1) that card beats the third hand's cards too; under (2) it must (partner void in
    s, or partner's holding above the third hand's). The tests compare holdings as
    numbers: of two disjoint non-empty holdings the one with the higher top is larger."""
    if (leader & 1) == side or (not fourth and not second):
        return 0
    ld = hands[leader]
    if ld == 0:
        return 0
    h = hands[(leader + 3) & 3]
    h2 = hands[(leader + 1) & 3]
    q = hands[(leader + 2) & 3]
    opp = hands[1 - side] | hands[3 - side]
    otr = 0 if trump == 4 else (opp >> (16 * trump)) & 0x7FFC
    qtr = 0 if trump == 4 else (q >> (16 * trump)) & 0x7FFC
    for s in range(4):
        if ((ld >> (16 * s)) & 0x7FFC) == 0:
            continue
        os_ = (opp >> (16 * s)) & 0x7FFC
        qs = (q >> (16 * s)) & 0x7FFC
        if second:
            h2s = (h2 >> (16 * s)) & 0x7FFC
            fs = (forget >> (16 * s)) & 0x7FFC
            hs4 = (h >> (16 * s)) & 0x7FFC
            # (2: it may also duck in front of partner's card, which no aware card beats —
            # FOLLOW_DUCK_AHEAD_OF_PARTNER — so that card must beat the third hand's too)
            if (h2s != 0 and (qs != 0 or trump == 4 or s == trump) and h2s > os_
                    and ((qs & fs) == 0 or (second == 2 and (os_ & ~fs) == 0 and (hs4 == 0 or hs4 > qs)))):
                continue
        if not fourth:
            return 0
        hs = (h >> (16 * s)) & 0x7FFC
        if hs != 0:
            if hs < os_:
                return 0
            if trump != 4 and s != trump and qs == 0 and qtr != 0:
                return 0
        else:
            if trump == 4 or s == trump:
                return 0
            ht = (h >> (16 * trump)) & 0x7FFC
            if ht == 0 or ht < otr:
                return 0
    return 1


@njit(cache=True, _nrt=False)
def running_flag(policy, forget):
    """Whether the policy makes a claiming hand that is running a suit (tables.
    LEAD_LOSER_WHILE_RUNNING) lead the top of a suit in which it holds a top card: leading a
    card that is not a top card while running, and an underlead of a top card, irrational
    (the spot underlead only while a card is overlooked, ``forget`` != 0, as
    :func:`forced_trick_flags`)."""
    return (policy[T.LEAD_LOSER_WHILE_RUNNING] == T.IRRATIONAL
            and policy[T.LEAD_UNDER_TOP_CARD] == T.IRRATIONAL
            and (policy[T.LEAD_SPOT_UNDER_TOP_UNAWARE] == T.IRRATIONAL or forget == 0))


@njit(cache=True, _nrt=False)
def running_trick(hands, side, trump, leader, forget, running, policy):
    """1 when a claiming hand H on lead is running a suit (``running`` = 4 * H + suit, set by
    the search when H won the last trick with a top card of the suit it led) and wins the
    trick about to be led whatever anyone plays (no statement step active, ``running_flag``),
    else 0.

    While H holds a top card (above every aware outstanding card) of the running suit rs
    (not the trump suit once no aware trump is out, nor a side suit an opponent may ruff:
    ``classify.ruff_threatened``, which the bound does not try: it gives nothing while an
    aware trump is out and an opponent is void in rs or no aware card of it is out), its lead of a card that is not a top card
    is LEAD_LOSER_WHILE_RUNNING and a lower card of a suit headed by a top card is
    LEAD_UNDER_TOP_CARD or LEAD_SPOT_UNDER_TOP_UNAWARE: its only leads not irrational are the
    highest cards of the suits in which it holds a top card (LEAD_TOP_OF_TOP_CARDS, or
    LEAD_SIDE_TOP_WITH_AWARE_TRUMP for a side suit while an aware trump is out and the
    claiming side holds a top trump; the count refines neither into nothing: it keeps the
    best). When one of them is not irrational by its class (else the search's "every play
    irrational" fallback could let H lead anything), and each of them is above every
    opponent's card of its suit (forgotten or not) and no opponent void in its suit can ruff
    it (notrump, the trump suit, or every opponent void in it holds no trump), the claiming
    side wins the trick (H, or partner overtaking). Unlike :func:`lead_run`, H's suits without
    a top card do not matter: it cannot lead them."""
    if running < 0 or (running >> 2) != leader or (leader & 1) != side:
        return 0
    h = hands[leader]
    if may_lead_to_partner(h, hands[leader ^ 2], False):
        return 0
    o1 = hands[1 - side]
    o2 = hands[3 - side]
    opp = o1 | o2
    aw = opp & ~forget
    rs = running & 3
    if top_holding(hold(h, rs), hold(aw, rs)) == 0:
        return 0
    awt = 0 if trump == 4 else (aw >> (16 * trump)) & 0x7FFC
    if trump != 4 and rs == trump and awt == 0:
        return 0
    if awt != 0 and rs != trump and (hold(aw, rs) == 0 or hold(o1, rs) == 0 or hold(o2, rs) == 0):
        return 0  # the suit may be one he no longer runs (classify.ruff_threatened: shown out)
    # the class of a side suit's top lead (LEAD_SIDE_TOP_WITH_AWARE_TRUMP or LEAD_TOP_OF_TOP_CARDS)
    side_cls = T.LEAD_TOP_OF_TOP_CARDS
    if awt != 0 and top_holding(hold(hands[side] | hands[side + 2], trump), hold(aw, trump)) != 0:
        side_cls = T.LEAD_SIDE_TOP_WITH_AWARE_TRUMP
    normal = False
    for s in range(4):
        if top_holding(hold(h, s), hold(aw, s)) == 0:
            continue
        cls = side_cls if (trump != 4 and s != trump) else T.LEAD_TOP_OF_TOP_CARDS
        if policy[cls] != T.IRRATIONAL:
            normal = True
        hs = (h >> (16 * s)) & 0x7FFC
        if hs < ((opp >> (16 * s)) & 0x7FFC):
            return 0  # its top may lose (to a forgotten card)
        if trump != 4 and s != trump:
            if (((o1 >> (16 * s)) & 0x7FFC) == 0 and ((o1 >> (16 * trump)) & 0x7FFC) != 0) or (
                    ((o2 >> (16 * s)) & 0x7FFC) == 0 and ((o2 >> (16 * trump)) & 0x7FFC) != 0):
                return 0  # may be ruffed
    return 1 if normal else 0


@njit(cache=True, _nrt=False)
def trick_won(h0, h1, h2, h3, side, trump, leader, c0, c1, c2, pos):
    """Whether the claiming side surely wins the current trick, of which ``pos`` >= 1 cards
    c0, c1, c2 (in order from ``leader``) are played, the hands holding h0..h3: its card is
    winning and no opponent still to play can beat it (a higher card of the suit led when the
    winner is of that suit, an over-ruff, or a ruff of a card of the suit led by an opponent
    void in it); or a claiming hand plays last and every card it may legally play beats the
    opponents' winning card. A fact about the cards alone, whatever anyone plays and whatever
    the policy: the subtree's value is at least one trick (64). (Scalars, not arrays: it is
    called at most nodes inside a trick, and an array argument costs reference counting.)"""
    w = c0
    wi = 0
    for k in range(1, pos):
        c = c1 if k == 1 else c2
        if beats(c, w, trump):
            w = c
            wi = k
    ls = c0 >> 4
    ws = w >> 4
    if ((leader + wi) & 1) != side:
        if pos != 3 or ((leader + 3) & 1) != side:
            return False
        pl = (leader + 3) & 3
        h = h0 if pl == 0 else (h1 if pl == 1 else (h2 if pl == 2 else h3))
        low = (np.int64(2) << (w & 15)) - 1  # ranks at or below the winner's
        if hold(h, ls) != 0:  # following: every card of the suit led above the winner
            return ws == ls and (hold(h, ls) & low) == 0
        if trump == 4 or (h & ~(np.int64(0xFFFF) << (16 * trump))) != 0:
            return False  # a card of another suit may be discarded
        return ws != trump or (hold(h, trump) & low) == 0
    for k in range(pos, 4):
        pl = (leader + k) & 3
        if (pl & 1) == side:
            continue
        h = h0 if pl == 0 else (h1 if pl == 1 else (h2 if pl == 2 else h3))
        if hold(h, ls) != 0:
            if ws == ls and (hold(h, ls) >> ((w & 15) + 1)) != 0:
                return False
        elif trump != 4 and hold(h, trump) != 0:
            if ws != trump or (hold(h, trump) >> ((w & 15) + 1)) != 0:
                return False
    return True
