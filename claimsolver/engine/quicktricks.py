"""Quick-trick and sure-trick bounds at trick boundaries (numba kernels).

All functions take hands int64[4] at a trick boundary (every hand holds n cards).
Compiled without reference counting (``_nrt=False``, see search_dd.py): no allocation here.
"""
import numpy as np
from numba import njit

from .bits import hibit, lane_counts, popcount, top_cards16, top_run


@njit(cache=True, _nrt=False)
def _top_run(hands, p, s):
    """Number of top cards of suit ``s`` (among the remaining cards) held by seat ``p``."""
    h = (hands[p] >> (16 * s)) & 0xFFFF
    a = ((hands[0] | hands[1] | hands[2] | hands[3]) >> (16 * s)) & 0xFFFF
    return top_run(a, h)


@njit(cache=True, _nrt=False)
def _top_cards(hands, s, k):
    """Bitboard of the k highest remaining cards of suit ``s``."""
    allc = ((hands[0] | hands[1] | hands[2] | hands[3]) >> (16 * s)) & 0xFFFF
    return top_cards16(allc, k) << (16 * s)


@njit(cache=True, _nrt=False)
def _len(hands, p, s):
    return popcount((hands[p] >> (16 * s)) & 0xFFFF)


@njit(cache=True, _nrt=False)
def _others_len(hands, p, s):
    """Longest holding of suit ``s`` among the three seats other than ``p``."""
    m = 0
    for j in range(1, 4):
        x = popcount((hands[(p + j) & 3] >> (16 * s)) & 0xFFFF)
        if x > m:
            m = x
    return m


@njit(cache=True, _nrt=False)
def _partner_run(a, hl, hp, kl, lp):
    """Partner's run of top cards in a suit below the leader's (``a`` the suit's cards still
    held, ``hl``/``hp`` the leader's and partner's holdings, ``kl`` the leader's top run,
    ``lp`` partner's length), and how many of partner's cards follow to the leader's winners:
    (kp, fol). Partner's run counts only when he still holds it after following."""
    if kl > 0:
        a2 = a & ((np.int64(1) << (hibit(a & ~hl) + 1)) - 1) if (a & ~hl) else 0
    else:
        a2 = a
    kp = top_run(a2, hp) if a2 != 0 else 0
    fol = lp if lp < kl else kl
    if kp > 0 and lp - kp < fol:
        kp = 0
    return kp, fol


@njit(cache=True, _nrt=False)
def quick_tricks(hands, leader, trump, need=99):
    """Lower bound on the tricks the side of ``leader`` takes: the top winners the leader
    can cash from its own hand, suit after suit, keeping the lead. Returns (tricks, cards):
    ``cards`` = bitboard of the top cards the bound relies on (the rest of the bound depends
    only on suit lengths).

    Notrump (or no opponent holds a trump): the top cards of every suit held by the leader.
    Trump contract: the leader's top trumps, plus in each side suit the top cards that no
    opponent holding trumps can ruff (capped by the shortest such opponent's length: while
    a suit is cashed those opponents follow, so their other lengths do not change); if the
    leader's partner holds trumps, the side-suit rounds are capped by the partner's number
    of non-trump cards (so the partner is never forced to ruff and take the lead).

    ``need``: the caller only asks whether the bound reaches ``need``; counting stops
    there, so the cards relied on are as few as possible (more general table entries).
    The cards relied on are computed only when the bound reaches ``need`` (otherwise the
    caller decides nothing; in notrump they are then 0).

    Length tricks (as DDS's quick tricks): when the leader's top k cards of a suit number
    at least the longest other holding m of it, the top m cards clear the suit and every
    card of the leader's holding is a trick, relying on those m cards only (trump suit:
    the top trumps draw every other trump; side suits: once no opponent holds a trump).
    A lead partner ruffs gives one trick when no opponent void in the suit can over-ruff.
    """
    lho = (leader + 1) & 3
    pd = (leader + 2) & 3
    rho = (leader + 3) & 3
    rel = np.int64(0)
    if trump == 4:
        # The leader cashes its own top cards (q1 rounds), then crosses to partner in a suit
        # where partner holds the next top card and the leader still has a smaller card;
        # partner cashes its top cards (in each suit, those right below the leader's run).
        # Partner must be able to follow the leader's rounds with small cards and discard
        # only cards that are not counted.
        allc = hands[0] | hands[1] | hands[2] | hands[3]
        cl = lane_counts(hands[leader])
        cp = lane_counts(hands[pd])
        co = lane_counts(hands[lho])
        cr = lane_counts(hands[rho])
        # first pass: counts only (the cards relied on matter only when the bound reaches
        # ``need``: the caller decides nothing otherwise)
        q1 = 0
        wp = 0
        free = 0
        disc = 0
        entry = False
        for s in range(4):
            a = (allc >> (16 * s)) & 0xFFFF
            if a == 0:
                continue
            hl = (hands[leader] >> (16 * s)) & 0xFFFF
            hp = (hands[pd] >> (16 * s)) & 0xFFFF
            kl = top_run(a, hl)
            ll = (cl >> (16 * s)) & 0xFF
            lp = (cp >> (16 * s)) & 0xFF
            m = lp
            x = (co >> (16 * s)) & 0xFF
            if x > m:
                m = x
            x = (cr >> (16 * s)) & 0xFF
            if x > m:
                m = x
            if kl > 0 and kl >= m:
                # the top m cards clear the suit from the other hands: every card of the
                # leader's holding is a trick (length tricks), whatever its rank
                q1 += ll
                disc += ll - lp
                continue
            if kl > 0:
                q1 += kl
            kp, fol = _partner_run(a, hl, hp, kl, lp)
            if kp > 0:
                wp += kp
                if ll > kl:
                    entry = True
            free += lp - kp - fol
            if kl > lp:
                disc += kl - lp
        if q1 >= need:
            # the leader's own winners suffice: rely on just enough of them
            got = 0
            for s in range(4):
                a = (allc >> (16 * s)) & 0xFFFF
                if a == 0:
                    continue
                hl = (hands[leader] >> (16 * s)) & 0xFFFF
                kl = top_run(a, hl)
                nrel = kl
                if kl > 0:
                    m = _others_len(hands, leader, s)
                    if kl >= m:
                        kl = popcount(hl)
                        nrel = m
                if kl > need - got:
                    kl = need - got
                if nrel > kl:
                    nrel = kl
                if kl > 0:
                    got += kl
                    rel |= _top_cards(hands, s, nrel)
                    if got >= need:
                        break
            return got, rel
        if not (entry and free >= disc):
            return q1, rel
        if q1 + wp < need:
            return q1 + wp, rel
        # the bound decides: the cards relied on (the leader's runs, partner's below them)
        for s in range(4):
            a = (allc >> (16 * s)) & 0xFFFF
            if a == 0:
                continue
            hl = (hands[leader] >> (16 * s)) & 0xFFFF
            hp = (hands[pd] >> (16 * s)) & 0xFFFF
            kl = top_run(a, hl)
            lp = popcount(hp)
            m = _others_len(hands, leader, s)
            if kl > 0 and kl >= m:
                rel |= _top_cards(hands, s, m)
                continue
            if kl > 0:
                rel |= _top_cards(hands, s, kl)
            kp, fol = _partner_run(a, hl, hp, kl, lp)
            if kp > 0:
                rel |= _top_cards(hands, s, kl + kp)
        return q1 + wp, rel

    lt = _len(hands, lho, trump)
    rt = _len(hands, rho, trump)
    kt = _top_run(hands, leader, trump)
    if kt >= need:
        return need, _top_cards(hands, trump, need)
    pt = _len(hands, pd, trump)
    mt = lt if lt > rt else rt
    if pt > mt:
        mt = pt
    krel = kt
    if kt > 0 and kt >= mt:
        # the top mt trumps draw every other trump: all the leader's trumps are tricks
        kt = _len(hands, leader, trump)
        krel = mt
        if kt >= need:
            return need, _top_cards(hands, trump, mt if mt < need else need)
    # With at least as many top trumps as either opponent holds trumps, the leader draws
    # their trumps first (winning every round); the side suits are then safe from ruffs,
    # and partner, once out of trumps, can never be forced to ruff.
    lt0 = lt
    rt0 = rt
    drawn = kt >= lt and kt >= rt
    if drawn:
        lt = 0
        rt = 0
        if pt <= kt:
            pt = 0
    cap = 99
    if pt > 0:
        cap = popcount(hands[pd]) - _len(hands, pd, trump)
    if krel > 0:
        rel |= _top_cards(hands, trump, krel)
    side = 0
    for s in range(4):
        if s == trump or side >= cap:
            continue
        k = _top_run(hands, leader, s)
        if k == 0:
            continue
        nrel = k
        if lt == 0 and rt == 0:
            m = _others_len(hands, leader, s)
            if k >= m:
                # length tricks (no opponent can ruff; see the notrump case)
                k = _len(hands, leader, s)
                nrel = m
        if lt > 0:
            ll = _len(hands, lho, s)
            if k > ll:
                k = ll
        if rt > 0:
            rl = _len(hands, rho, s)
            if k > rl:
                k = rl
        if side + k > cap:
            k = cap - side
        if kt + side + k > need:
            k = need - kt - side
        if k > 0:
            side += k
            rel |= _top_cards(hands, s, nrel if nrel < k else k)
            if kt + side >= need:
                break
    if side + kt < need:
        # Partner's winners instead: the leader leads a card of a suit headed by partner,
        # who wins and cashes its run there (first round included); capped like the
        # leader's side suits, and by the leader's non-trump cards (each round costs the
        # leader one: a card of the suit or a discard, never a forced ruff).
        lnt = popcount(hands[leader]) - _len(hands, leader, trump)
        best = 0
        bs = -1
        for s in range(4):
            if s == trump or _len(hands, leader, s) == 0:
                continue
            k = _top_run(hands, pd, s)
            if k == 0:
                continue
            if lt0 > 0:
                ll = _len(hands, lho, s)
                if k > ll:
                    k = ll
            if rt0 > 0:
                rl = _len(hands, rho, s)
                if k > rl:
                    k = rl
            if k > lnt:
                k = lnt
            if k > best:
                best = k
                bs = s
        if best > side + kt:
            if best > need:
                best = need
            return best, _top_cards(hands, bs, best)
    if side + kt == 0 and pt > 0:
        # partner ruffs a lead of a suit it is void in: one trick when no opponent who
        # is void too can ruff higher (as DDS's quick tricks for a cut-off of one)
        tsh = 16 * trump
        ptr = (hands[pd] >> tsh) & 0xFFFF
        ltr = (hands[lho] >> tsh) & 0xFFFF
        rtr = (hands[rho] >> tsh) & 0xFFFF
        ptop = hibit(ptr)
        for s in range(4):
            if s == trump or _len(hands, leader, s) == 0 or _len(hands, pd, s) != 0:
                continue
            thr = 0
            if _len(hands, lho, s) == 0:
                thr |= ltr
            if _len(hands, rho, s) == 0:
                thr |= rtr
            if thr == 0:
                return 1, np.int64(0)
            if hibit(thr) < ptop:
                return 1, np.int64(1) << (tsh + ptop)
    return side + kt, rel


@njit(cache=True, _nrt=False)
def sure_tricks(hands, side, trump, need=99, leader=-1):
    """Lower bound on the tricks side ``side`` (0 = NS, 1 = EW) takes whatever happens,
    counted from a trick boundary (0 in notrump). Returns (tricks, cards relied on).

    - The side holds every remaining trump: each trick one of its hands plays a trump to
      is won by the side, so it takes at least its longer trump holding (no rank needed).
    - The longest run of top trumps held by one of its hands (each wins its trick).
    - The top two trumps in different hands, one of which holds another trump: the side
      never has to play both on one trick, so each wins a trick.
    - One trick when the opponents hold the top trump and one hand of the side holds the
      next two (the top trump takes one of them at most: the other, played to another
      trick, is the highest trump there).
    - One trick when the top j trumps sit in one opponent and the next one in the hand h
      that plays after it (its left-hand opponent; h not ``leader``, the seat on lead now,
      -1 = unknown), h holding more than j trumps (Kx behind A, Qxx behind AK): unless
      the side wins a trick otherwise, h never leads, so the opponent plays before h in
      every trick; each time h plays a trump it plays a small one when the opponent put a
      top trump on the trick, else its own card, which then wins; the top trumps go one
      per trick, so after j of them h's card is the highest.
    ``need``: as for :func:`quick_tricks` (counting stops there).
    """
    if trump == 4:
        return 0, np.int64(0)
    sh = 16 * trump
    x = (hands[side] >> sh) & 0xFFFF
    y = (hands[side + 2] >> sh) & 0xFFFF
    if x == 0 and y == 0:
        return 0, np.int64(0)
    o = ((hands[1 - side] | hands[3 - side]) >> sh) & 0xFFFF
    lx = popcount(x)
    ly = popcount(y)
    if o == 0:
        return (lx if lx > ly else ly), np.int64(0)
    a = x | y | o
    kx = top_run(a, x)
    ky = top_run(a, y)
    k = kx if kx > ky else ky
    if k >= need:
        return need, _top_cards(hands, trump, need)
    if k < 2 and (x | y) != 0:
        # top two trumps split between the hands: A in one, K in the other
        t1 = hibit(a)
        t2 = hibit(a ^ (np.int64(1) << t1))
        if (((x >> t1) & 1 and (y >> t2) & 1) or ((y >> t1) & 1 and (x >> t2) & 1)) \
                and (lx > 1 or ly > 1):
            return 2, _top_cards(hands, trump, 2)
    if k == 0:
        if popcount(a) >= 3:
            t1 = hibit(a)
            a1 = a ^ (np.int64(1) << t1)
            t2 = hibit(a1)
            t3 = hibit(a1 ^ (np.int64(1) << t2))
            for h in (side, side + 2):
                th = (hands[h] >> sh) & 0xFFFF
                if (th >> t2) & 1 and (th >> t3) & 1:
                    return 1, _top_cards(hands, trump, 3)
                # the second trump in h beside another, the third in partner's hand: the
                # top trump takes one of them at most (as DDS's later tricks)
                tq = (hands[(h + 2) & 3] >> sh) & 0xFFFF
                if (th >> t2) & 1 and (tq >> t3) & 1 and popcount(th) > 1:
                    return 1, _top_cards(hands, trump, 3)
                if h != leader and leader >= 0:
                    # the top j trumps sit in front of h, which holds the next one
                    j = top_run(a, (hands[(h + 3) & 3] >> sh) & 0xFFFF)
                    if j >= 1 and popcount(th) > j:
                        x = a
                        for _ in range(j):
                            x ^= np.int64(1) << hibit(x)
                        if (th >> hibit(x)) & 1:
                            return 1, _top_cards(hands, trump, j + 1)
        return 0, np.int64(0)
    return k, _top_cards(hands, trump, k)


@njit(cache=True, _nrt=False)
def leader_loses_trick(hands, leader, trump):
    """(True, cards relied on) when the leader's side cannot win the trick about to be led:
    in every suit the leader holds, the top remaining card belongs to an opponent and
    partner cannot ruff (so the opponent holding it wins the trick by playing it)."""
    pd = (leader + 2) & 3
    allc = hands[0] | hands[1] | hands[2] | hands[3]
    ours = hands[leader] | hands[pd]
    pt = 0 if trump == 4 else (hands[pd] >> (16 * trump)) & 0xFFFF
    rel = np.int64(0)
    for s in range(4):
        hl = (hands[leader] >> (16 * s)) & 0xFFFF
        if hl == 0:
            continue
        a = (allc >> (16 * s)) & 0xFFFF
        top = hibit(a)
        if (ours >> (16 * s + top)) & 1:
            return False, np.int64(0)
        if trump != 4 and s != trump and pt != 0 and ((hands[pd] >> (16 * s)) & 0xFFFF) == 0:
            return False, np.int64(0)
        rel |= np.int64(1) << (16 * s + top)
    return True, rel


@njit(cache=True, _nrt=False)
def slow_tricks_nt(hands, leader, need=99):
    """Lower bound on the tricks the side NOT on lead takes, when no trumps remain (notrump,
    or every trump played), counted from a trick boundary. Returns (tricks, cards relied on).

    If every suit the leader holds is headed by an opponent, whatever suit s the leader
    leads, the opponent h holding its top card wins the trick with it and keeps the lead
    with its other top cards: the rest of its run in s and its runs of top cards in the
    other suits (each the highest remaining card of its suit; nobody can ruff). The bound
    is the least of these counts over the suits the leader holds; 0 when the leader's side
    holds the top card of one of them. ``need``: counting stops there (see quick_tricks)."""
    pd = (leader + 2) & 3
    allc = hands[0] | hands[1] | hands[2] | hands[3]
    ours = hands[leader] | hands[pd]
    lho = (leader + 1) & 3
    rho = (leader + 3) & 3
    best = 99
    rel = np.int64(0)
    for s in range(4):
        if ((hands[leader] >> (16 * s)) & 0xFFFF) == 0:
            continue
        top = np.int64(1) << (16 * s + hibit((allc >> (16 * s)) & 0xFFFF))
        if ours & top:
            return 0, np.int64(0)
        h = lho if hands[lho] & top else rho
        # h's tricks when the leader leads s: its run in s first, then its other runs
        got = 0
        for j in range(4):
            s2 = (s + j) & 3
            a = (allc >> (16 * s2)) & 0xFFFF
            if a == 0:
                continue
            hh = (hands[h] >> (16 * s2)) & 0xFFFF
            k = top_run(a, hh)
            nrel = k
            if k > 0:
                m = _others_len(hands, h, s2)
                if k >= m:  # length tricks (see quick_tricks)
                    k = popcount(hh)
                    nrel = m
            if k > need - got:
                k = need - got
            if nrel > k:
                nrel = k
            if k > 0:
                got += k
                if nrel > 0:
                    rel |= _top_cards(hands, s2, nrel)
                if got >= need:
                    break
        if got < best:
            best = got
    if best == 99:
        return 0, np.int64(0)
    return best, rel


@njit(cache=True, _nrt=False)
def second_hand_tricks(hands, player, lead_card, trump, need=99):
    """Lower bound on the tricks the side of ``player``, second to play to the trick led
    with ``lead_card``, takes from here (current trick included); 0 when it cannot be sure
    of winning the current trick. Returns (tricks, cards relied on).

    The side wins the current trick when one of its hands can ruff and the third hand (the
    leader's partner) must follow suit, or when its highest card of the suit led beats the
    led card and every card of the third hand, who cannot ruff. In notrump the hand that
    wins it then keeps the lead with its run of top cards in that suit and the top cards
    of the other suits (each the highest remaining, nobody can ruff). ``need``: the caller
    decides only if the bound reaches it, so the count may stop short of it (0 when it
    cannot be reached)."""
    if need > 1 and trump != 4:
        return 0, np.int64(0)  # only the current trick is counted in a trump contract
    ss = lead_card >> 4
    sh = 16 * ss
    pd = (player + 2) & 3
    th = (player + 1) & 3
    hp = (hands[player] >> sh) & 0xFFFF
    hq = (hands[pd] >> sh) & 0xFFFF
    ht = (hands[th] >> sh) & 0xFFFF
    if trump != 4 and ss != trump:
        tsh = 16 * trump
        if ht == 0 and ((hands[th] >> tsh) & 0xFFFF) != 0:
            return 0, np.int64(0)  # the third hand may ruff
        if ((hp == 0 and ((hands[player] >> tsh) & 0xFFFF) != 0)
                or (hq == 0 and ((hands[pd] >> tsh) & 0xFFFF) != 0)):
            return 1, np.int64(0)  # we ruff, the third hand follows suit
    ours = hp | hq
    if ours == 0:
        return 0, np.int64(0)
    top = hibit(ours)
    if top < (lead_card & 15) or (ht != 0 and top < hibit(ht)):
        return 0, np.int64(0)
    rel = np.int64(1) << (sh + top)
    q = 1
    if trump == 4 and need > 1:
        hh = player if (hp >> top) & 1 else pd
        allc = hands[0] | hands[1] | hands[2] | hands[3]
        for s in range(4):
            a = (allc >> (16 * s)) & 0xFFFF
            h = (hands[hh] >> (16 * s)) & 0xFFFF
            if h == 0:
                continue
            k = top_run(a, h)
            if s == ss:
                k -= 1  # the top card itself wins the current trick
                if k > 0:
                    rel |= _top_cards(hands, s, k + 1)
            elif k > 0 and h != a:
                rel |= _top_cards(hands, s, k)
            q += k
    return q, rel


@njit(cache=True, _nrt=False)
def cannot_take_all_nt(hands, side):
    """(True, cards relied on) when side ``side`` (0 = NS, 1 = EW) surely cannot take every
    remaining trick, when no trumps remain (notrump, or every trump played), counted from a
    trick boundary (as DDS's later-tricks bound). Each trick the side wins is led in a suit
    where it holds the highest card: in a suit headed by an opponent, the opponent holding
    the top card wins any trick led in it by playing it, and keeps it until its last card
    (a trick it may then lose is led in another suit). A suit is led at most as many times
    as the longer holding of the side in it (every round takes a card from each hand still
    holding it), so the side takes at most the sum of those lengths over the suits it
    heads. The cards relied on: the top card of each suit headed by an opponent (none for
    a suit of one card, fixed by the lengths); the suits it heads may only lose their top."""
    allc = hands[0] | hands[1] | hands[2] | hands[3]
    ours = hands[side] | hands[side + 2]
    n = popcount(hands[0])
    tot = 0
    rel = np.int64(0)
    for s in range(4):
        a = (allc >> (16 * s)) & 0xFFFF
        if a == 0:
            continue
        top = hibit(a)
        if (ours >> (16 * s + top)) & 1:
            x = popcount((hands[side] >> (16 * s)) & 0xFFFF)
            y = popcount((hands[side + 2] >> (16 * s)) & 0xFFFF)
            tot += x if x > y else y
            if tot >= n:
                return False, np.int64(0)
        elif a != (np.int64(1) << top):
            rel |= np.int64(1) << (16 * s + top)
    return True, rel
