"""The claim search's options at a node (numba kernels): the cards a seat may play, grouped
into equivalent cards, each with its play class and stated/careless flags; the plays the
own-count check excluded and the plays made instead; the order in which they are searched.

Part of :mod:`claimsolver.engine.search_claim` (its buffers ``mv``/``scores`` are described
there); the lines tree (:mod:`claimsolver.engine.lines`) generates its options here too."""

import numpy as np
from numba import njit

from claimsolver import tables as T

from .classify import above, classify, effective, hold
from .count import lead_value, play_value
from .count_refine import refine_count
from .movegen import legal_mask
from .steps import listed_bits, stated, suit_bits, taking_cards
from .trick import beats, trick_winner, winning_card


# --- options --------------------------------------------------------------------

@njit(cache=True, _nrt=False)
def gen_groups(sub, allp, forget, named, mv, base, taking=0):
    """One representative (the highest card) per group of equivalent cards of ``sub`` (a set
    of cards of one hand): a run of ``sub``'s cards touching among ``allp`` (every card still
    in a hand or in the current trick), with the same forget bit and the same ``taking`` bit
    (the cards that take a list's tricks, steps.taking_cards), named cards alone.
    Writes the cards to mv[base:, 0] and returns the count."""
    n = 0
    for s in range(4):
        h = hold(sub, s)
        if h == 0:
            continue
        a = hold(allp, s)
        f = hold(forget, s)
        tk = hold(taking, s)
        nm = hold(named, s)
        prev = False
        pf = 0
        pn = 0
        for r in range(14, 1, -1):
            if (a >> r) & 1:
                if (h >> r) & 1:
                    fb = ((f >> r) & 1) | (((tk >> r) & 1) << 1)  # forget and taking bits
                    nb = (nm >> r) & 1
                    if not (prev and fb == pf and nb == 0 and pn == 0):
                        mv[base + n, 0] = 16 * s + r
                        n += 1
                    prev = True
                    pf = fb
                    pn = nb
                else:
                    prev = False
    return n


@njit(cache=True, _nrt=False)
def class_bits(cl):
    """Bit mask of play class cl and the classes the count may refine it into
    (tables.COUNT_REFINES; following low may also become failing to unblock)."""
    m = np.int64(1) << cl
    if cl == T.LEAD_TOP_OF_TOP_CARDS:
        m |= (np.int64(1) << T.LEAD_TOP_BREAKS_COUNT) | (np.int64(1) << T.LEAD_TRUMP_BREAKS_COUNT)
    elif cl == T.LEAD_NO_TOP_CARD:
        m |= np.int64(1) << T.LEAD_CONCEDE_BREAKS_COUNT
    elif cl == T.LEAD_CROSS_TO_PARTNER_TOP:
        m |= np.int64(1) << T.LEAD_UNDER_TOP_CARD
    elif cl == T.LEAD_SIDE_TOP_WITH_AWARE_TRUMP:
        m |= np.int64(1) << T.LEAD_SIDE_TOP_FOR_COUNT
    elif cl == T.FOLLOW_LOW_UNDER_PARTNER or cl == T.FOLLOW_OTHER:
        m |= (np.int64(1) << T.FOLLOW_BREAKS_COUNT) | (np.int64(1) << T.FOLLOW_LOW_KEEPING_BLOCKER)
    elif cl == T.FOLLOW_DUCK_AHEAD_OF_PARTNER:
        m |= np.int64(1) << T.FOLLOW_BREAKS_COUNT
    elif cl == T.FOLLOW_OVER_PARTNER:
        m |= np.int64(1) << T.FOLLOW_OVERTAKE_FOR_COUNT
    elif cl == T.FOLLOW_WIN_SURE:
        m |= np.int64(1) << T.FOLLOW_WIN_BREAKS_COUNT
    elif cl == T.VOID_DISCARD_LOSER or cl == T.VOID_DISCARD_TOP_ALL_TOP or cl == T.VOID_OTHER:
        m |= np.int64(1) << T.VOID_DISCARD_BREAKS_COUNT
    elif cl == T.VOID_RUFF_AHEAD_OF_PARTNER:
        m |= np.int64(1) << T.VOID_RUFF_BREAKS_COUNT
    elif cl == T.VOID_DISCARD_TOP_KEEP_LOSER:
        m |= np.int64(1) << T.VOID_DISCARD_TOP_FOR_COUNT
    return m


@njit(cache=True, _nrt=False)
def excluded_for(options, nban, hands, side, tmask, c, legal):
    """Whether card c is one of the excluded plays appended to ``options`` here
    (tables.BAN_FIELDS: the claiming side's two hands and the trick so far as given, whatever
    the opponents hold, unless an exception row names the opponents' cards here), and the
    legal cards to play instead by every row that excludes it."""
    hit = False
    alts = np.int64(0)
    pool = hands[1 - side] | hands[3 - side]
    for b in range(nban):
        o = T.N_OPTIONS + 1 + T.BAN_FIELDS * b
        if (options[o + 5] == T.BAN_ANY_POOL and options[o + 3] == c and options[o + 2] == tmask
                and options[o] == hands[side] and options[o + 1] == hands[side + 2]
                and not excepted(options, nban, o, pool)):
            hit = True
            alts |= (np.int64(1) << options[o + 4]) & legal
    return hit, alts


@njit(cache=True, _nrt=False)
def excepted(options, nban, o, pool):
    """Whether an exception row (tables.BAN_FIELDS) lifts the row at options[o] where the
    opponents hold exactly ``pool``."""
    for e in range(nban):
        q = T.N_OPTIONS + 1 + T.BAN_FIELDS * e
        if (options[q + 5] == pool and options[q + 3] == options[o + 3] and options[q + 4] == options[o + 4]
                and options[q + 2] == options[o + 2] and options[q] == options[o]
                and options[q + 1] == options[o + 1]):
            return True
    return False


@njit(cache=True, _nrt=False)
def as_options(cards, mv, base, n):
    """Each of ``cards`` as the option standing for its group of equal cards: ``gen_groups``
    lists the top card of each run, so a card's option is the lowest listed card of its suit
    at or above it (an equal card named instead of the listed one counts as that one)."""
    listed = np.int64(0)
    for i in range(n):
        listed |= np.int64(1) << mv[base + i, 0]
    out = np.int64(0)
    for c in range(64):
        if (cards >> c) & 1:
            top = (c | 15) + 1
            x = c
            while x < top and not ((listed >> x) & 1):
                x += 1
            if x < top:
                out |= np.int64(1) << x
    return out


@njit(cache=True, _nrt=False)
def excluded_reach(options, nban, hands, side):
    """(1 + the index of the last excluded play (rows appended to ``options``) that the state
    (at a trick boundary) can still meet, the cards of the rows it can meet): a row can be met
    while the claiming side holds every card of that row's two hands, every card of the row's
    trick so far is still held, and for an exception row the opponents still hold every card
    of its pool (the hands only lose cards as play goes on); (0, 0) when none can. Keys the
    transposition table (see ``search``: those cards are keyed exactly)."""
    allc = hands[0] | hands[1] | hands[2] | hands[3]
    opp = hands[1 - side] | hands[3 - side]
    reach = 0
    cards = np.int64(0)
    for b in range(nban - 1, -1, -1):
        o = T.N_OPTIONS + 1 + T.BAN_FIELDS * b
        pool = options[o + 5] if options[o + 5] != T.BAN_ANY_POOL else np.int64(0)
        if ((options[o] & ~hands[side]) == 0 and (options[o + 1] & ~hands[side + 2]) == 0
                and (options[o + 2] & ~allc) == 0 and (pool & ~opp) == 0):
            if reach == 0:
                reach = b + 1
            cards |= options[o] | options[o + 1] | options[o + 2] | pool
    return reach, cards


@njit(cache=True, _nrt=False)
def keep_cards(mv, base, k, keep):
    """Keep the options mv[base:base+k] that play a card of the bitboard ``keep``, all of them
    when none does; returns how many are kept."""
    m = 0
    for i in range(k):
        if (keep >> mv[base + i, 0]) & 1:
            m += 1
    if m == 0 or m == k:
        return k
    j = 0
    for i in range(k):
        if (keep >> mv[base + i, 0]) & 1:
            for f in range(4):
                mv[base + j, f] = mv[base + i, f]
            j += 1
    return j


@njit(cache=True, _nrt=False)
def gen_options(hands, side, trump, forget, shown, running, pc, aux, steps, policy, options,
                named, leader, trk, tstart, pos, mv, base, seen, memo):
    """The options of the player to move (see the module doc); returns their number.
    ``seen[0]`` collects the play classes met (with the classes the count may refine them
    into): a search whose policy differs from another's only in classes it never met would
    search the same tree (``claim_api.ClaimSearchResult.seen``)."""
    seat = (leader + pos) & 3
    h = hands[seat]
    ls = -1
    allp = hands[0] | hands[1] | hands[2] | hands[3]
    if pos > 0:
        ls = trk[tstart] >> 4
        for k in range(pos):
            allp |= np.int64(1) << trk[tstart + k]
    legal = legal_mask(h, ls)
    taking = taking_cards(steps) if steps.shape[0] > 0 else np.int64(0)
    if (seat & 1) != side:
        n = gen_groups(legal, allp, forget, named, mv, base, taking)
        for i in range(n):
            mv[base + i, 1] = -1
            mv[base + i, 2] = 0
            mv[base + i, 3] = 0
        return n
    slip = (shown >> T.SHOWN_SLIP) & 1  # the line has made its one careless slip
    # a list of tricks names the suits he takes them in: of those, he cashes before he concedes
    cash_cards = np.int64(0)
    if pc >= 0 and steps[pc, T.S_KIND] == T.STEP_LISTED:
        cash_cards = listed_bits(steps[pc, T.S_COUNT])
    dic = stated(hands, side, trump, forget, leader, trk, tstart, pos, pc, aux, steps, seat, legal)
    if dic != 0:
        n = gen_groups(dic, allp, forget, named, mv, base, taking)
        for i in range(n):
            mv[base + i, 1] = classify(hands, side, trump, forget, shown, running, leader, trk,
                                       tstart, pos, seat, mv[base + i, 0])
            mv[base + i, 2] = 1
            seen[0] |= class_bits(mv[base + i, 1])
        if (options[T.OPT_COUNT_SEATS] >> seat) & 1:
            refine_count(hands, side, trump, forget, shown, leader, trk, tstart, pos, seat, policy, mv,
                         base, n, slip, cash_cards, memo)
        for i in range(n):
            mv[base + i, 3] = 0  # (after refine_count, which keeps its values there)
        return n
    k = 0
    for attempt in range(2):
        # (a second attempt only when the line's one slip is made and only slips are left:
        # a second slip rather than an irrational play, classes refined again, no exclusions)
        n = gen_groups(legal, allp, forget, named, mv, base, taking)
        for i in range(n):
            mv[base + i, 1] = classify(hands, side, trump, forget, shown, running, leader, trk, tstart,
                                       pos, seat, mv[base + i, 0])
            seen[0] |= class_bits(mv[base + i, 1])
        if (options[T.OPT_COUNT_SEATS] >> seat) & 1:
            refine_count(hands, side, trump, forget, shown, leader, trk, tstart, pos, seat, policy, mv, base, n, slip,
                         cash_cards, memo)
        nban = options[T.N_OPTIONS] if options.shape[0] > T.N_OPTIONS and attempt == 0 else 0
        out = np.int64(0)  # excluded plays here (card bit mask)
        admitted = np.int64(0)  # with excluded plays here: the plays normal here or made instead
        if nban > 0:
            tmask = np.int64(0)
            for j in range(pos):
                tmask |= np.int64(1) << trk[tstart + j]
            # a row applies to a play he would make here: a normal one, or one made instead of an
            # excluded normal play (rows chain); a play he would not make has nothing instead
            for i in range(n):
                if effective(policy[mv[base + i, 1]], slip) != T.IRRATIONAL:
                    admitted |= np.int64(1) << mv[base + i, 0]
            frontier = admitted
            while frontier != 0:
                new = np.int64(0)
                for i in range(n):
                    c = mv[base + i, 0]
                    if (frontier >> c) & 1:
                        hit, alts = excluded_for(options, nban, hands, side, tmask, c, legal)
                        if hit:
                            out |= np.int64(1) << c
                            new |= alts
                new = as_options(new, mv, base, n)
                frontier = np.int64(0)
                # (the play made instead of an excluded one may be one the count refined away,
                # never one irrational by its class: the static bounds rely on the classes)
                for i in range(n):
                    c = mv[base + i, 0]
                    if (new >> c) & 1 and not (admitted >> c) & 1 and effective(policy[classify(
                            hands, side, trump, forget, shown, running, leader, trk, tstart, pos, seat, c)], slip) != T.IRRATIONAL:
                        frontier |= np.int64(1) << c
                admitted |= frontier
        k = 0
        while True:
            for i in range(n):
                c = mv[base + i, 0]
                cl = mv[base + i, 1]
                v = effective(policy[cl], slip)
                if (out >> c) & 1:
                    continue
                if v != T.IRRATIONAL or (admitted >> c) & 1:
                    mv[base + k, 0] = c
                    mv[base + k, 1] = cl
                    mv[base + k, 2] = 0
                    mv[base + k, 3] = 1 if v == T.CARELESS else 0
                    k += 1
            if k > 0 or out == 0:
                break
            out = np.int64(0)  # nothing to play instead: the excluded plays stay
            admitted = np.int64(0)
        if k > 0 or slip == 0:
            break
        slip = 0
    if k > 0 and pc >= 0 and steps[pc, T.S_KIND] == T.STEP_LISTED:
        # a list of tricks names the suits he takes them in (tables.STEP_LISTED): he leads them
        # and keeps them, while a normal play that does is left
        listed = listed_bits(steps[pc, T.S_COUNT])
        if pos == 0:
            k = keep_cards(mv, base, k, listed)
        elif (legal & suit_bits(ls)) == 0:
            k = keep_cards(mv, base, k, ~(listed & ~suit_bits(trump)))
            # and among the suits listed, the cards that take his tricks go last
            k = keep_cards(mv, base, k, ~steps[pc, T.S_FLAG])
    if k == 0:  # every legal play irrational (a hand holding only trumps under partner's
        # winner: each card ruffs it): any legal play — for a seat keeping the count, of those
        # the ones worth the most tricks in his count (tables.COUNT, *fallback*)
        n = gen_groups(legal, allp, forget, named, mv, base, taking)
        for i in range(n):
            mv[base + i, 1] = classify(hands, side, trump, forget, shown, running, leader, trk,
                                       tstart, pos, seat, mv[base + i, 0])
            mv[base + i, 2] = 0
            mv[base + i, 3] = 0
        k = n
        if n > 1 and (options[T.OPT_COUNT_SEATS] >> seat) & 1:
            k = fallback_by_count(hands, side, trump, forget, shown, leader, trk, tstart, pos, seat, mv, base, n, memo)
    return k


@njit(cache=True, _nrt=False)
def price_careless(mv, base, cnt):
    """The careless count's price of each option, in place of the careless flags ``mv[., 3]``
    that :func:`gen_options` sets by class: a careless play costs one where the player had a
    normal play that is not careless, and nothing where every option is careless (a hand
    holding only top cards must throw one: the line's careless count counts his choices, not
    what his cards force; tables.CARELESS, *CARELESS_FORCED*)."""
    for i in range(cnt):
        if mv[base + i, 3] == 0:
            return
    for i in range(cnt):
        mv[base + i, 3] = 0


@njit(cache=True, _nrt=False)
def fallback_by_count(hands, side, trump, forget, shown, leader, trk, tstart, pos, seat, mv, base, n, memo):
    """Of the options mv[base:base+n] of a seat whose every legal play is irrational by its
    class, keep those worth the most tricks in the claimer's count (tables.COUNT, *fallback*);
    returns their number."""
    best = -1
    for i in range(n):
        c = mv[base + i, 0]
        if pos == 0:
            v = lead_value(hands, side, trump, forget, shown, seat, c, memo) >> 6
        else:
            v = play_value(hands, side, trump, forget, shown, leader, trk, tstart, pos, seat, c, memo) >> 6
        mv[base + i, 3] = v
        if v > best:
            best = v
    # top down within a suit, even here: an underlead of a top card is not made while the top
    # card it is led under is as good in his count (♦Q108 after the ace and king: the ♦Q, not
    # the ♦8 into South's ♦9)
    tops = np.int64(0)
    for i in range(n):
        if mv[base + i, 3] == best and mv[base + i, 1] != T.LEAD_UNDER_TOP_CARD:
            tops |= np.int64(1) << mv[base + i, 0]
    k = 0
    for i in range(n):
        c = mv[base + i, 0]
        if mv[base + i, 3] == best and not (
                pos == 0 and mv[base + i, 1] == T.LEAD_UNDER_TOP_CARD and (hold(tops, c >> 4) & above(c & 15)) != 0):
            mv[base + k, 0] = c
            mv[base + k, 1] = mv[base + i, 1]
            mv[base + k, 2] = 0
            mv[base + k, 3] = 0
            k += 1
    return k


@njit(cache=True, _nrt=False)
def order_options(hands, side, trump, leader, trk, tstart, pos, mv, scores, base, cnt):
    """Sort the options best-first for the minimiser: plays that cost the claiming side
    tricks first (opponents: winning cards; claiming side: losing plays)."""
    seat = (leader + pos) & 3
    claimer = (seat & 1) == side
    opp = hands[1 - side] | hands[3 - side]
    w = -1
    wseat = -1
    if pos > 0:
        w = winning_card(trk, tstart, pos, trump)
        wseat = trick_winner(trk, tstart, pos, leader, trump)
    for i in range(cnt):
        c = mv[base + i, 0]
        s = c >> 4
        r = c & 15
        if pos == 0:
            if claimer:
                # a lead that an opponent's card can beat (or ruff) first
                if (hold(opp, s) & above(r)) != 0:
                    sc = 80 - r
                else:
                    sc = 40 - r
            else:
                sc = 20 + r
        else:
            wins = beats(c, w, trump)
            if claimer:
                if (wseat & 1) != side:
                    sc = 20 + r if wins else 80 - r
                else:
                    sc = 60 - r
            else:
                if (wseat & 1) == side:
                    sc = 100 - r if wins else 40 - r
                else:
                    sc = 50 - r
        if mv[base + i, 3] != 0:
            sc -= 5
        scores[base + i] = sc
    for i in range(1, cnt):
        sc = scores[base + i]
        c0 = mv[base + i, 0]
        c1 = mv[base + i, 1]
        c2 = mv[base + i, 2]
        c3 = mv[base + i, 3]
        j = i - 1
        while j >= 0 and scores[base + j] < sc:
            scores[base + j + 1] = scores[base + j]
            mv[base + j + 1, 0] = mv[base + j, 0]
            mv[base + j + 1, 1] = mv[base + j, 1]
            mv[base + j + 1, 2] = mv[base + j, 2]
            mv[base + j + 1, 3] = mv[base + j, 3]
            j -= 1
        scores[base + j + 1] = sc
        mv[base + j + 1, 0] = c0
        mv[base + j + 1, 1] = c1
        mv[base + j + 1, 2] = c2
        mv[base + j + 1, 3] = c3


# --- transposition table ----------------------------------------------------------------
