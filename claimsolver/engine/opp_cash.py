"""The opponents' cash in the claimer's count (numba kernels; ``COUNT`` in
:mod:`claimsolver.tables`): what the opponents take once one of them is on lead — their
suits from the top, led through a claiming guard, a long suit they establish — and the link
between two hands of a side (:func:`has_link`), which both sides' counts use. Split from
:mod:`.count`, which re-exports these names."""
import numpy as np
from numba import njit

from .bits import hibit, popcount
from .classify import above, high_rank, hold, low_rank
from .suit_rounds import _round_seq, _rounds


@njit(cache=True, _nrt=False)
def _get(h0, h1, h2, h3, p):
    """The hand of seat p (the four hands are passed as scalars)."""
    if p == 0:
        return h0
    if p == 1:
        return h1
    if p == 2:
        return h2
    return h3


@njit(cache=True, _nrt=False)
def has_link(f, t, aw, trump, skip):
    """Can the claiming hand f, on lead, give the lead to its partner t (tables.COUNT, *the
    hand on lead*)? A suit f holds in which t holds a card above every card of the suit the
    claimer is aware of (aw) and above f's own, or, in a suit contract, a side suit f holds and
    t is void in while t holds a trump. Suit ``skip`` (4: none) does not count."""
    for s in range(4):
        if s == skip:
            continue
        fs = hold(f, s)
        if fs == 0:
            continue
        ts = hold(t, s)
        if ts != 0:
            lim = high_rank(hold(aw, s))
            if high_rank(fs) > lim:
                lim = high_rank(fs)
            if (ts & above(lim)) != 0:
                return True
        elif trump != 4 and s != trump and hold(t, trump) != 0:
            return True
    return False


@njit(cache=True, _nrt=False)
def opp_cash(a, b, o, p, trump):
    """Tricks the opponent holding the aware cards o, on lead, cashes with his partner p
    against claiming hands a, b (tables.COUNT, the opponents' *cash*): in the suits he holds,
    and in his partner's when he can give partner the lead (:func:`opp_reach`),
    the rounds of a suit played from their top, until the first round they lose."""
    return opp_cash_skip(a, b, o, p, trump, 0)


@njit(cache=True, _nrt=False)
def opp_cash_skip(a, b, o, p, trump, skip):
    """:func:`opp_cash` without the suits in the bit mask ``skip`` (bit s: suit s)."""
    reach = opp_reach(o, p, a, b, trump)
    n = 0
    for s in range(4):
        if (skip >> s) & 1:
            continue
        n += _cash_suit(a, b, o, p, trump, s, reach)
    return n


@njit(cache=True, _nrt=False)
def opp_reach(o, p, a, b, trump):
    """Can the opponent holding o give his partner p the lead (tables.COUNT, the opponents'
    *cash*)? :func:`has_link` from their side, or a suit in which, played from their top, a
    round is won by p's card before they lose one and before a claiming hand could ruff it
    (♣K86 opposite ♣Q9: the king, then the 8 to the queen)."""
    if has_link(o, p, a | b, trump, 4):
        return True
    for s in range(4):
        if hold(o, s) == 0 or hold(p, s) == 0:
            continue
        ma, mb, mblk, mx, my = _round_seq(hold(o, s), hold(p, s), hold(a, s), hold(b, s))
        lost = mx | my
        keep = ((lost & -lost) - 1) if lost != 0 else np.int64(-1)
        if trump != 4 and s != trump:
            if hold(a, trump) != 0:
                keep &= (np.int64(1) << popcount(hold(a, s))) - 1
            if hold(b, trump) != 0:
                keep &= (np.int64(1) << popcount(hold(b, s))) - 1
        if (mb & ~mblk & keep) != 0:
            return True
    return False


@njit(cache=True, _nrt=False)
def _cash_suit(a, b, o, p, trump, s, reach):
    """The rounds of suit s :func:`opp_cash` counts (``reach``: o can give p the lead)."""
    if hold(o, s) == 0 and (not reach or hold(p, s) == 0):
        return 0
    ha_s = hold(a, s)
    hb_s = hold(b, s)
    u, v, su, sv = _rounds(hold(o, s), hold(p, s), ha_s, hb_s, True)
    k = u + v + su + sv
    if trump != 4 and s != trump:
        # a claiming hand with a trump ruffs the round after it runs out of the suit
        if hold(a, trump) != 0 and popcount(ha_s) < k:
            k = popcount(ha_s)
        if hold(b, trump) != 0 and popcount(hb_s) < k:
            k = popcount(hb_s)
    return k


@njit(cache=True, _nrt=False)
def _cash_through(o_s, p_s, q_s, r_s, q_tr, r_tr, trump, s):
    """Rounds of suit s the opponents win led *through* a claiming guard (tables.COUNT, the
    opponents' cash): the opponent on lead (o_s) leads his lowest card; the claiming hand after
    him (q_s, trumps q_tr) plays low or high, whichever leaves the opponents less; his partner
    (p_s) wins with his lowest card above both, the last hand (r_s, r_tr) not beating it; then
    the suit is played from their top until the first round they lose. 0 when the first round
    is not theirs either way."""
    if o_s == 0 or q_s == 0 or p_s == 0:
        return 0
    side_suit = trump != 4 and s != trump
    if r_s == 0 and side_suit and r_tr != 0:
        return 0  # the last hand ruffs
    lo = np.int64(1) << low_rank(o_s)
    best = 13
    for choice in range(2):
        qc = np.int64(1) << (low_rank(q_s) if choice == 0 else high_rank(q_s))
        bar = high_rank(qc)
        if high_rank(lo) > bar:
            bar = high_rank(lo)
        up = p_s & above(bar)
        if up == 0:
            return 0  # the claiming hand's card holds the round
        pc = np.int64(1) << low_rank(up)
        if r_s != 0 and high_rank(r_s) > low_rank(up):
            return 0  # the last hand beats it
        rc = np.int64(0)
        if r_s != 0:
            rc = np.int64(1) << low_rank(r_s)
        u, v, su, sv = _rounds(o_s & ~lo, p_s & ~pc, q_s & ~qc, r_s & ~rc, True)
        k = 1 + u + v + su + sv
        if side_suit:
            # a claiming hand with a trump ruffs the round after it runs out of the suit
            if q_tr != 0 and popcount(q_s) < k:
                k = popcount(q_s)
            if r_tr != 0 and popcount(r_s) < k:
                k = popcount(r_s)
        if k < best:
            best = k
    return best


@njit(cache=True, _nrt=False)
def opp_cash_seated(h0, h1, h2, h3, side, trump, o_seat):
    """:func:`opp_cash` of the opponent in seat ``o_seat``, each suit counted as the better of
    the rounds played from their top and the rounds led through a claiming guard
    (:func:`_cash_through`)."""
    terms, reach = _seated_terms(h0, h1, h2, h3, side, trump, o_seat)
    return terms[0] + terms[1] + terms[2] + terms[3]


@njit(cache=True, _nrt=False)
def _seated_terms(h0, h1, h2, h3, side, trump, o_seat):
    """The four suits' rounds of :func:`opp_cash_seated`, and whether the opponent on lead
    reaches his partner (:func:`opp_reach`)."""
    if side == 0:
        a = h0
        b = h2
    else:
        a = h1
        b = h3
    o = _get(h0, h1, h2, h3, o_seat)
    p = _get(h0, h1, h2, h3, (o_seat + 2) & 3)
    q = _get(h0, h1, h2, h3, (o_seat + 1) & 3)
    r = _get(h0, h1, h2, h3, (o_seat + 3) & 3)
    reach = opp_reach(o, p, a, b, trump)
    side_reach = reach
    q_tr = np.int64(0)
    r_tr = np.int64(0)
    kt = 0  # the rounds of trumps they cash
    if trump != 4:
        q_tr = hold(q, trump)
        r_tr = hold(r, trump)
        kt = _seated_term(a, b, o, p, q, r, trump, trump, reach, q_tr, r_tr)
        if kt > 0 and hold(a | b, trump) != 0:
            # their trumps first: each round they win pulls a trump from each claiming hand,
            # and a hand left without one no longer ruffs their side suits (South's ♥K drawing
            # West's ♥J, then South's ♠3 and ♣Q)
            a = _without_low_trumps(a, trump, kt)
            b = _without_low_trumps(b, trump, kt)
            q = _without_low_trumps(q, trump, kt)
            r = _without_low_trumps(r, trump, kt)
            q_tr = hold(q, trump)
            r_tr = hold(r, trump)
            # (and a suit whose round partner wins can no longer be ruffed on the way to him)
            side_reach = opp_reach(o, p, a, b, trump)
    terms = (kt if trump == 0 else _seated_term(a, b, o, p, q, r, trump, 0, side_reach, q_tr, r_tr),
             kt if trump == 1 else _seated_term(a, b, o, p, q, r, trump, 1, side_reach, q_tr, r_tr),
             kt if trump == 2 else _seated_term(a, b, o, p, q, r, trump, 2, side_reach, q_tr, r_tr),
             kt if trump == 3 else _seated_term(a, b, o, p, q, r, trump, 3, side_reach, q_tr, r_tr))
    return terms, reach


@njit(cache=True, _nrt=False)
def _without_low_trumps(h, trump, k):
    """Hand h after following to k rounds of trumps with its lowest (all of them when fewer)."""
    for _ in range(k):
        t = hold(h, trump)
        if t == 0:
            break
        h &= ~(np.int64(1) << (16 * trump + low_rank(t)))
    return h


@njit(cache=True, _nrt=False)
def _seated_term(a, b, o, p, q, r, trump, s, reach, q_tr, r_tr):
    """Suit s of :func:`opp_cash_seated`: the better of the plain and the through rounds."""
    plain = _cash_suit(a, b, o, p, trump, s, reach)
    through = _cash_through(hold(o, s), hold(p, s), hold(q, s), hold(r, s), q_tr, r_tr, trump, s)
    return through if through > plain else plain


@njit(cache=True, _nrt=False)
def _tops(a, b, x, y, skip):
    """The claiming pair's rounds won before the first lost round, not blocked, in the suits
    other than ``skip`` (what he cashes once on lead)."""
    n = 0
    for t in range(4):
        if t != skip:
            u, v, su, sv = _rounds(hold(a, t), hold(b, t), hold(x, t), hold(y, t), True)
            n += u + v
    return n


@njit(cache=True, _nrt=False)
def keep_after_loss(h0, h1, h2, h3, side, trump, o_seat, rl):
    """What the claimer keeps of the rl tricks left after a trick he loses, the opponent in
    ``o_seat`` on lead (tables.COUNT, *value*): rl less their cash (:func:`opp_cash_seated`),
    or less when they establish a suit by force (*the opponents' long suit*): one suit no
    claiming hand can ruff, played from their top on past the L rounds they lose, when L is at
    most their cash in the other suits (their entries back); they take its W rounds (not after
    a block) in place of its cash, and he keeps at least L + the rounds of the other suits he
    wins before a lost one (once in, he cashes those first)."""
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
    o = _get(h0, h1, h2, h3, o_seat)
    p = _get(h0, h1, h2, h3, (o_seat + 2) & 3)
    terms, reach = _seated_terms(h0, h1, h2, h3, side, trump, o_seat)
    cash = terms[0] + terms[1] + terms[2] + terms[3]
    keep = rl - cash
    ours_trump = trump != 4 and hold(a | b, trump) != 0
    for s in range(4):
        if hold(o, s) == 0 and (not reach or hold(p, s) == 0):
            continue
        if ours_trump and s != trump:
            continue  # he ruffs the long suit once his cards of it are gone
        ma, mb, mblk, mx, my = _round_seq(hold(o, s), hold(p, s), hold(a, s), hold(b, s))
        won = (ma | mb) & ~mblk
        n_won = popcount(won)
        if n_won <= terms[s]:
            continue
        lost = popcount((mx | my) & ((np.int64(1) << hibit(won)) - 1))
        if lost == 0 or lost > cash - terms[s]:
            continue
        v = rl - (cash - terms[s] + n_won)
        floor = lost + _tops(a, b, x, y, s)
        if floor > v:
            v = floor
        if v < keep:
            keep = v
    return keep
