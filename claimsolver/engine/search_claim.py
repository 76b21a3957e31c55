"""The claim search (numba kernels): an exact minimisation with branch-and-bound.

Specification: ``tests/reference_claim.py`` (DESIGN 2.1). From a position, the value is the
minimum over every continuation of (claiming side's tricks, careless plays) in lexicographic
order, combined here as ``tricks * 64 + careless`` (careless <= 26 < 64, so the combination
is exact). The non-claiming side plays any legal card; the claiming side plays the cards the
active statement step dictates or, where it dictates nothing, any legal card whose play class
the ``policy`` does not mark IRRATIONAL.

What makes it fast:
* equivalent cards searched once: cards of one hand touching in rank among the cards still in
  play *including the current trick's cards*, with the same forget bit and the same bit of a
  list's cards that take its tricks (steps.taking_cards), none of them named by a statement
  step (named cards are their own group). Every play class and every later event is
  the same for all cards of such a group (the reference defines classes group-wise over a
  coarser grouping);
* a transposition table at trick boundaries keyed on the whole search state in canonical form
  (per suit, top-down: owner, forget bit and named bit of each remaining card, the number of
  cards ranked ten or higher, the number of a list's taking cards still held — the claiming
  side's top cards of the suit; leader, the show-outs that can matter, running, pc, aux; the
  named cards still in play).
  Two states with the same key have the same value: the search reads ranks only through their
  order, the "spot card" tests (rank < 10; no queen or higher, tables.LEAD_SPOT_UNDER_TOP_UNAWARE:
  with the spot flag the key also holds the number of queens or higher per suit), the named
  cards and the taking cards. What can no longer matter is
  left out of the key so that more states meet: the spot-card count when the policy prices the
  spot classes like their other classes (then rank < 10 changes no value), a running mark
  that can no longer make a class, the claiming side's show-outs and those of suits no longer
  in play (without a statement). Entries carry a generation so a new search never reads another
  search's entries (policy, steps, trump, side differ);
* branch-and-bound: each node is searched with a bound and returns its exact value when below
  the bound, else a lower bound; static lower bounds (:mod:`claimsolver.engine.claim_bounds`)
  cut early: sure trump tricks (each claiming trump not matched by a higher opponent's
  trump), every trick when the hand on lead holds only unruffable masters, and, policy
  allowing, the trick about to be led when the claiming side must win it (its hand playing
  second or fourth must win it, or its hand on lead must lead a top that wins), the tricks in
  a row a claiming hand on lead must win by leading its tops (no bound on careless plays: a
  master a hand throws is careless only while it holds a card that is not a master, and it
  can throw that card first — a discard its cards force costs nothing, claim_moves.price_careless);
* move ordering: the most damaging plays first;
* two phases: first the fewest tricks with careless plays not counted (far fewer ties to
  separate), in a table of its own; then the (tricks, careless) search with the root bound
  (tricks + 1) * 64, reading the first table's bounds as lower bounds of every node;
* the witness is read off the principal variation of the search, re-searching (bounded, mostly
  table hits) only where a table entry cut it short.

The search is iterative (explicit stack: numba cannot reload cached recursive code) and
allocates nothing: the buffers come from :mod:`claimsolver.engine.claim_api`. Its kernels (this
module, claim_moves, classify, claim_bounds, count, opp_cash, suit_rounds, steps) are compiled
without numba's reference counting (``_nrt=False``, as search_dd.py): every call passing an
array to a kernel that is not inlined otherwise costs two atomic updates per array (10.5 % of
the claim search's samples in a profile of the audit's second slowest claim).

Buffers:
  trk    int64[NPLY]: card played at ply index d; the root's current-trick cards at 0..pos0-1 and
         the root ply at index pos0, so that d & 3 is the position in the trick.
  mv     int64[NPLY*16, 4]: options of the node at ply d at rows 16*d..: card, play class (-1 for
         the non-claiming side), stated flag, careless flag (count_refine.refine_count's values until
         gen_options sets it)
  scores int64[NPLY*16]: ordering scores
  stack  int64[N_FIELDS, NPLY]: per-ply state
  tt     int64[2**k / 8, 64]: buckets of 8 rows, each row 6 key words + payload (value | exact << 12),
         a tag word per row (gen, weight, check bits; see tt_slot); tt1 the same for the
         tricks-only phase
  pv     int64[NPLY, NPLY], pvend int64[NPLY]: principal variation per ply
  stats  int64[16]: 0 nodes, 1 TT cut-offs, 2 bound cut-offs, 3 aborted (budget), 4 generation,
         5 nodes at the end of phase 1, 6 at the end of phase 2
"""
import numpy as np
from numba import njit

from claimsolver import tables as T

from .bits import HAVE_BMI2, _pdep64, _pext64, hibit, popcount
from .claim_bounds import (forced_trick, forced_trick_flags, lead_run, opp_lead_trick,
                           running_flag, running_trick, second_hand_flag, sure_tricks_bound,
                           trick_won)
from .claim_moves import excluded_reach, gen_options, order_options, price_careless
from .classify import above, hold, top_holding
from .steps import advance_aux, settle_pc, suit_bits, taking_cards
from .trick import beats

NPLY = 64
INF = 1 << 30
TT_WAYS = 8  # rows of a bucket of the transposition table
TT_BUCKET = 64  # words of a bucket: TT_WAYS tags, then TT_WAYS rows of 7 words (see tt_slot)

F_LEADER = 0
F_FORGET = 1
F_SHOWN = 2
F_RUNNING = 3
F_PC = 4
F_AUX = 5
F_BOUND = 6
F_BEST = 7
F_CNT = 8
F_I = 9
F_DELTA = 10
F_LB = 11
F_K0 = 12  # .. F_K0 + 5
F_N0 = 18  # the node count when a trick-boundary node was entered (its subtree's size)
N_FIELDS = 19

# stats[7] (``ClaimSearchResult.seen``): the play classes the search met in bits 0..N_PLAY_CLASSES-1, and the
# static bounds that cut its tree in these bits: the bounds read the policy, and a subtree a
# bound cut was never generated, so a result stands under another policy only where these
# bounds read the same there too (claim_api.bounds_agree)
SEEN_B_F4 = T.N_PLAY_CLASSES  # claim_bounds.forced_trick_flags' fourth hand (above the classes' bits)
SEEN_B_FLEAD = SEEN_B_F4 + 1  # its lead flag, where a card is overlooked
SEEN_B_FLEAD_AWARE = SEEN_B_F4 + 2  # ... where none is
SEEN_B_F2 = SEEN_B_F4 + 3  # claim_bounds.second_hand_flag, where a card is overlooked
SEEN_B_F2_AWARE = SEEN_B_F4 + 4  # ... where none is
SEEN_B_FRUN = SEEN_B_F4 + 5  # claim_bounds.running_flag and running_trick's top leads, where a card is overlooked
SEEN_B_FRUN_AWARE = SEEN_B_F4 + 6  # ... where none is


@njit(cache=True, _nrt=False)
def key_shown(hands, side, shown, steps):
    """The show-out bits that can still matter (the table key's copy): without a statement,
    only the opponents' bits of suits still in play (the claiming side's show-outs are read
    by no play class; a suit no longer in play is never led nor ruffed with)."""
    if steps.shape[0] > 0:
        return shown
    allc = hands[0] | hands[1] | hands[2] | hands[3]
    present = 0
    for s in range(4):
        if ((allc >> (16 * s)) & 0x7FFC) != 0:
            present |= 1 << s
    return shown & ((present << (4 * (1 - side))) | (present << (4 * (3 - side)))
                    | (np.int64(1) << T.SHOWN_SLIP))


@njit(cache=True, _nrt=False)
def key_running(hands, side, forget, running):
    """The running-suit mark as the table key needs it: -1 when it can no longer matter (it
    only makes the running hand's lead of a card that is not a top card a class of its own,
    and only while that hand holds a top card of the running suit)."""
    if running < 0:
        return running
    h = hands[running >> 2]
    aw = (hands[1 - side] | hands[3 - side]) & ~forget
    rs = running & 3
    if top_holding(hold(h, rs), hold(aw, rs)) == 0:
        return -1
    for s in range(4):
        hs = hold(h, s)
        if top_holding(hs, hold(aw, s)) != hs:
            return running
    return -1


@njit(cache=True, _nrt=False)
def _suit_code_loop(h0, h1, h2, h3, f, nm):
    """The key code of one suit's cards still in play, lowest card in the lowest 4 bits:
    owner seat << 2 | forgotten << 1 | named (as the loop over the ranks writes it)."""
    rest = h0 | h1 | h2 | h3
    code = np.int64(0)
    while rest != 0:
        r = hibit(rest)
        rest ^= np.int64(1) << r
        o = ((h1 >> r) & 1) | (((h2 >> r) & 1) << 1) | (((h3 >> r) & 1) * 3)
        code = (code << 4) | (o << 2) | (((f >> r) & 1) << 1) | ((nm >> r) & 1)
    return code


@njit(cache=True, _nrt=False)
def _suit_code_bmi2(h0, h1, h2, h3, f, nm):
    """:func:`_suit_code_loop` with BMI2: each bit of the code compressed over the cards in
    play (pext) and spread into its place in the 4-bit groups (pdep)."""
    p = h0 | h1 | h2 | h3
    return (_pdep64(_pext64(nm, p), 0x1111111111111) | _pdep64(_pext64(f, p), 0x2222222222222)
            | _pdep64(_pext64(h1 | h3, p), 0x4444444444444)
            | _pdep64(_pext64(h2 | h3, p), 0x8888888888888))


suit_code = _suit_code_bmi2 if HAVE_BMI2 else _suit_code_loop


@njit(cache=True, _nrt=False)
def state_keys(hands, forget, named, leader, running, pc, aux, shown, stack, d, spots, taking):
    """Write the 6 key words of the canonical trick-boundary state to stack[F_K0.., d].
    ``taking``: the cards still held that take a list's tricks (steps.taking_cards), the
    claiming side's top cards of their suits, so their number per suit places them."""
    # with the spot flag, the number of queens or higher in play per suit goes in each suit's
    # unused rank slots 0-1 of word 5 (the spot classes read "below the queen" too,
    # tables.LEAD_SPOT_UNDER_TOP_UNAWARE)
    queens = np.int64(0)
    for s in range(4):
        h0 = hold(hands[0], s)
        h1 = hold(hands[1], s)
        h2 = hold(hands[2], s)
        h3 = hold(hands[3], s)
        p = h0 | h1 | h2 | h3
        code = suit_code(h0, h1, h2, h3, hold(forget, s), hold(named, s))
        hi = 0
        if spots:
            hi = popcount(p >> 10)
            queens |= popcount(p >> 12) << (16 * s)
        stack[F_K0 + s, d] = (code | (popcount(p) << 52) | (np.int64(hi) << 56)
                              | (popcount(hold(taking, s)) << 59))
    stack[F_K0 + 4, d] = (leader | ((running + 1) << 2) | ((pc + 1) << 7) | (aux << 15)
                          | (shown << 23))
    stack[F_K0 + 5, d] = ((hands[0] | hands[1] | hands[2] | hands[3]) & named) | queens


# The table is stored by buckets of TT_WAYS rows, one bucket per row of ``tt`` (64 words, 512
# bytes): first the rows' tag words (gen << 24 | weight << 20 | 20 check bits of the key's hash:
# one cache line), then the rows, 7 words each (the 6 key words and the payload: value |
# exact << 12). A probe reads the tag line and only a row whose tag matches; a store chooses
# the row to replace from the tag line alone. (Rows stored whole, a probe that missed read the
# bucket's seven lines: the probe was a fifth of the claim search's time in a profile.)
TT_ROW = 7  # words of a row after the bucket's tags
TT_TAG_GEN = 24  # the generation's place in a tag word (generations stay below 2**39)
TT_TAG_WEIGHT = 20


@njit(cache=True, _nrt=False)
def tt_slot(tt, stack, d):
    """(bucket, check bits) of the keys at stack[.., d]."""
    h = np.int64(0)
    for k in range(6):
        h = (h ^ stack[F_K0 + k, d]) * 0x2545F4914F6CDD1D
        h ^= (h >> 31) & 0x1FFFFFFFF
    return (h >> 3) & (tt.shape[0] - 1), (h >> 40) & 0xFFFFF


@njit(cache=True, _nrt=False)
def _find(tt, b, chk, stack, d, gen):
    """The way of bucket ``b`` holding the keys at stack[.., d] under ``gen``, else -1."""
    want = (gen << TT_TAG_GEN) | chk
    for w in range(TT_WAYS):
        if (tt[b, w] & ~np.int64(0xF << TT_TAG_WEIGHT)) == want:
            base = TT_WAYS + TT_ROW * w
            same = True
            for k in range(6):
                if tt[b, base + k] != stack[F_K0 + k, d]:
                    same = False
                    break
            if same:
                return w
    return -1


@njit(cache=True, _nrt=False)
def tt_probe(tt, stack, d, gen):
    """Payload for the keys at stack[.., d] (value | exact << 12), -1 when absent."""
    b, chk = tt_slot(tt, stack, d)
    w = _find(tt, b, chk, stack, d, gen)
    return tt[b, TT_WAYS + TT_ROW * w + 6] if w >= 0 else -1


@njit(cache=True, _nrt=False)
def tt_store(tt, stack, d, gen, value, exact, weight):
    """Store a bound of the state keyed at stack[.., d]: into its entry, else into a row of its
    bucket held by another generation, else over the row of least weight (the size of the
    subtree that found it)."""
    b, chk = tt_slot(tt, stack, d)
    w = _find(tt, b, chk, stack, d, gen)
    if w >= 0:
        p = tt[b, TT_WAYS + TT_ROW * w + 6]
        if (p >> 12) & 1:
            return  # already exact
        if exact == 0 and (p & 0xFFF) > value:
            value = p & 0xFFF
    else:
        wmin = 99
        for k in range(TT_WAYS):
            t = tt[b, k]
            if (t >> TT_TAG_GEN) != gen:
                w = k
                break
            wk = (t >> TT_TAG_WEIGHT) & 0xF
            if wk < wmin:
                wmin = wk
                w = k
        for k in range(6):
            tt[b, TT_WAYS + TT_ROW * w + k] = stack[F_K0 + k, d]
    tt[b, w] = (gen << TT_TAG_GEN) | (np.int64(weight) << TT_TAG_WEIGHT) | chk
    tt[b, TT_WAYS + TT_ROW * w + 6] = np.int64(value) | (np.int64(exact) << 12)


# --- bounds -----------------------------------------------------------------------------

@njit(cache=True, _nrt=False)
def lower_bound(hands, side, trump, leader):
    """Tricks the claiming side wins whatever anyone plays (at a trick boundary), see
    :func:`claimsolver.engine.claim_bounds.sure_tricks_bound`."""
    return sure_tricks_bound(hands, side, trump, leader)


@njit(cache=True, _nrt=False)
def leads_all_win(hands, side, trump, mv, base, cnt):
    """Whether every option mv[base:base+cnt] of a claiming hand on lead wins the trick for
    its side whatever the others play: above every opponent's card of its suit and, in a side
    suit of a trump contract, no opponent void in the suit holds a trump (partner may
    overtake or ruff: still the side's trick)."""
    o1 = hands[1 - side]
    o2 = hands[3 - side]
    for i in range(cnt):
        c = mv[base + i, 0]
        s = c >> 4
        if (hold(o1 | o2, s) & above(c & 15)) != 0:
            return False
        if trump != 4 and s != trump:
            if (hold(o1, s) == 0 and hold(o1, trump) != 0) or (hold(o2, s) == 0 and hold(o2, trump) != 0):
                return False
    return True


# --- one move ---------------------------------------------------------------------------

@njit(cache=True, _nrt=False)
def play_card(hands, side, trump, trk, d, leader, forget, shown, running, pc, aux, c, steps,
              options):
    """Play card c at ply d (position d & 3 of the trick led by ``leader``): updates hands and
    trk and returns the child's (leader, forget, shown, running, pc, aux, won)."""
    p = d & 3
    player = (leader + p) & 3
    tstart = d - p
    hands[player] &= ~(np.int64(1) << c)
    trk[d] = c
    nforget = forget
    nshown = shown
    if p > 0:
        ls = trk[tstart] >> 4
        if (c >> 4) != ls:
            nshown |= np.int64(1) << (4 * player + ls)
            if (player & 1) != side and options[T.OPT_SHOWOUT_WAKES_SUIT] != 0:
                nforget &= ~suit_bits(ls)
    if p < 3:
        return leader, nforget, nshown, running, pc, aux, 0
    lead = trk[tstart]
    wcard = lead
    wi = 0
    for k in range(1, 4):
        if beats(trk[tstart + k], wcard, trump):
            wcard = trk[tstart + k]
            wi = k
    w = (leader + wi) & 3
    won = 1 if (w & 1) == side else 0
    if won == 0:
        if ((wcard >> 4) == trump and (lead >> 4) != trump
                and options[T.OPT_FORGET_TRUMP_WAKES] != 0):
            nforget &= ~suit_bits(trump)
        if options[T.OPT_WIN_WAKES_SUIT] != 0:
            nforget &= ~suit_bits(wcard >> 4)
    nrunning = -1
    if won == 1 and w == leader and (leader & 1) == side and (wcard >> 4) == (lead >> 4):
        # running the suit if the card led was a top card when led (hands before the trick,
        # forget as at the trick's last card)
        ls = lead >> 4
        outb = hands[1 - side] | hands[3 - side]
        for k in range(4):
            if ((leader + k) & 1) != side:
                outb |= np.int64(1) << trk[tstart + k]
        if (hold(outb & ~forget, ls) & above(lead & 15)) == 0:
            nrunning = 4 * leader + ls
    naux = advance_aux(pc, aux, side, trump, steps, leader, trk[tstart], trk[tstart + 1],
                       trk[tstart + 2], trk[tstart + 3], w)
    npc, naux = settle_pc(hands, side, trump, nforget, nshown, pc, naux, steps)
    return w, nforget, nshown, nrunning, npc, naux, won


# --- the search -------------------------------------------------------------------------

@njit(cache=True, _nrt=False)
def search(hands, trump, side, d0, trk, leader0, forget0, shown0, running0, pc0, aux0, bound0,
           policy, options, steps, named, mv, scores, stack, tt, stats, budget, pv, pvend,
           use_careless, lbtt, lbgen, memo):
    """Value (tricks*64 + careless) of the state at ply d0 (d0 & 3 cards of the current trick
    in trk[d0 - (d0 & 3):d0], led by leader0): exact when below ``bound0``, otherwise a lower
    bound >= bound0. Returns -1 when the node budget (``budget`` > 0, counted in stats[0]) runs
    out (stats[3] = 1). ``hands`` is restored on a normal return.

    Principal variation: pv[d, d:pvend[d]] is the best line found from ply d (cut short where a
    transposition-table entry or a bound decided a node).

    use_careless 0: careless plays are not counted (the value is 64 * the fewest tricks).
    lbgen > 0: ``lbtt`` holds, under generation lbgen, bounds of such a tricks-only search;
    they are lower bounds here too (rounded up to whole tricks)."""
    gen = stats[4]
    # The spot classes (2, 24) need an overlooked card in play, and the forget set only
    # shrinks while cards only leave: at a node with none (``aware`` below) they cannot occur
    # in its subtree, so the lead flags hold as if the policy made them irrational and the
    # key leaves out the spot-card tests (rank < 10, below the queen), which only tell apart
    # classes the policy may price differently (``spots``).
    f4, flead = forced_trick_flags(policy, 1)
    f2 = second_hand_flag(policy)
    frun = running_flag(policy, 1)
    flead_aware = forced_trick_flags(policy, 0)[1]
    frun_aware = running_flag(policy, 0)
    spots = (policy[T.LEAD_SPOT_UNDER_TOP_UNAWARE] != policy[T.LEAD_UNDER_TOP_CARD]
             or policy[T.FOLLOW_SPOT_UNDER_TOP_UNAWARE] != policy[T.FOLLOW_UNDER_TOP_UNAWARE])
    # Excluded plays are matched on exact cards, so a state that can still meet one is keyed
    # with the cards those rows name marked (``named``: two states the canonical key then
    # merges hold those cards in the same places and their other cards in the same order, so
    # they meet the rows alike) and on 1 + the index of the last row it can meet
    # (``excluded_reach``): the same state meets the same rows under any list of rows that
    # extends this one, so the entry stays true for later searches with more rows (claim_api
    # shares the table between them). A state that can meet none keeps the canonical key: its
    # value is the same as with no exclusions at all. (Until session 42 such a state was
    # keyed on every card in play.)
    nban = options[T.N_OPTIONS] if options.shape[0] > T.N_OPTIONS else 0
    taking = taking_cards(steps) if steps.shape[0] > 0 else np.int64(0)
    d = d0
    stack[F_LEADER, d] = leader0
    stack[F_FORGET, d] = forget0
    stack[F_SHOWN, d] = shown0
    stack[F_RUNNING, d] = running0
    stack[F_PC, d] = pc0
    stack[F_AUX, d] = aux0
    stack[F_BOUND, d] = bound0
    entering = True
    r = 0
    while True:
        if entering:
            stats[0] += 1
            if budget > 0 and stats[0] > budget:
                stats[3] = 1
                return -1
            p = d & 3
            ld = stack[F_LEADER, d]
            b = stack[F_BOUND, d]
            res = -1
            tlo = 0
            stack[F_LB, d] = 0
            pvend[d] = d
            if b <= 0:
                res = 0
            elif p > 0 and b <= 64 and trick_won(hands[0], hands[1], hands[2], hands[3], side, trump,
                                                 ld, trk[d - p], trk[d - p + 1], trk[d - p + 2], p):
                # the claiming side already holds this trick: one trick at least, which is all
                # the bound asks (the rest of the trick need not be played out)
                res = 64
                stats[2] += 1
            elif p == 0:
                n = popcount(hands[ld])
                if n == 0:
                    res = 0
                else:
                    stack[F_N0, d] = stats[0]
                    # the static bounds first: a node they end needs no key and no table read
                    # (a random read in a large table: the probe was the kernel's costliest
                    # call); a table entry can only confirm what they prove
                    tlo = lower_bound(hands, side, trump, ld)
                    aware = (stack[F_FORGET, d] & (hands[0] | hands[1] | hands[2] | hands[3])) == 0
                    fl = flead_aware if aware else flead
                    if tlo == 0 and stack[F_PC, d] < 0:
                        tlo = forced_trick(hands, side, trump, ld, f4, fl)
                        if tlo > 0:
                            stats[7] |= (np.int64(1) << SEEN_B_F4) | (
                                np.int64(1) << (SEEN_B_FLEAD_AWARE if aware else SEEN_B_FLEAD))
                    if stack[F_PC, d] < 0:
                        if (ld & 1) == side:
                            if fl:
                                t2 = lead_run(hands, side, trump, ld, stack[F_FORGET, d], fl)
                                if t2 > tlo:
                                    tlo = t2
                                    stats[7] |= np.int64(1) << (SEEN_B_FLEAD_AWARE if aware else SEEN_B_FLEAD)
                            if tlo == 0 and (frun_aware if aware else frun) and stack[F_RUNNING, d] >= 0:
                                tlo = running_trick(hands, side, trump, ld, stack[F_FORGET, d],
                                                    stack[F_RUNNING, d], policy)
                                if tlo > 0:
                                    stats[7] |= np.int64(1) << (SEEN_B_FRUN_AWARE if aware else SEEN_B_FRUN)
                        elif tlo == 0 and f2:
                            tlo = opp_lead_trick(hands, side, trump, ld, stack[F_FORGET, d], f4, f2)
                            if tlo > 0:
                                stats[7] |= (np.int64(1) << SEEN_B_F4) | (
                                    np.int64(1) << (SEEN_B_F2_AWARE if aware else SEEN_B_F2))
                    reach, rcards = excluded_reach(options, nban, hands, side) if nban > 0 else (0, np.int64(0))
                    sb = 64 * tlo
                    stack[F_LB, d] = sb
                    if sb >= b:
                        res = sb
                        stats[2] += 1
                    else:
                        state_keys(hands, stack[F_FORGET, d], named | rcards, ld,
                                   key_running(hands, side, stack[F_FORGET, d], stack[F_RUNNING, d]),
                                   stack[F_PC, d], stack[F_AUX, d],
                                   key_shown(hands, side, stack[F_SHOWN, d], steps), stack, d,
                                   spots and not aware,
                                   taking & (hands[side] | hands[side + 2]))
                        stack[F_K0 + 4, d] |= reach << 40
                        pr = tt_probe(tt, stack, d, gen)
                        lb = sb
                        if pr >= 0:
                            v = pr & 0xFFF
                            if ((pr >> 12) & 1) != 0 or v >= b:
                                res = v
                                stats[1] += 1
                            elif v > lb:
                                lb = v
                        if res < 0:
                            if lbgen > 0:
                                p1 = tt_probe(lbtt, stack, d, lbgen)
                                if p1 >= 0:
                                    v1 = ((p1 & 0xFFF) + 63) >> 6
                                    if v1 > tlo:
                                        tlo = v1
                                        sb = 64 * tlo
                                        if sb > lb:
                                            lb = sb
                            stack[F_LB, d] = lb
                            if lb >= b:
                                res = lb
                                stats[2] += 1
            if res >= 0:
                r = res
                entering = False
                continue
            tstart = d - p
            base = 16 * d
            cnt = gen_options(hands, side, trump, stack[F_FORGET, d], stack[F_SHOWN, d],
                              stack[F_RUNNING, d], stack[F_PC, d], stack[F_AUX, d], steps,
                              policy, options, named, ld, trk, tstart, p, mv, base, stats[7:8], memo)
            price_careless(mv, base, cnt)
            if p == 0 and tlo == 0 and (ld & 1) == side and leads_all_win(hands, side, trump, mv,
                                                                          base, cnt):
                # every lead the claiming hand may make here wins the trick: one trick at least
                # (the options are the search's own: count refinements and statements included)
                if stack[F_LB, d] < 64:
                    stack[F_LB, d] = 64
                if stack[F_LB, d] >= b:
                    stats[2] += 1
                    r = stack[F_LB, d]
                    entering = False
                    continue
            if cnt > 1:
                order_options(hands, side, trump, ld, trk, tstart, p, mv, scores, base, cnt)
            stack[F_CNT, d] = cnt
            stack[F_I, d] = 0
            stack[F_BEST, d] = INF
        else:
            if d == d0:
                return r
            d -= 1
            p = d & 3
            player = (stack[F_LEADER, d] + p) & 3
            hands[player] |= np.int64(1) << trk[d]
            v = stack[F_DELTA, d] + r
            if v < stack[F_BEST, d]:
                stack[F_BEST, d] = v
                if v < stack[F_BOUND, d]:  # exact: record the line
                    pv[d, d] = trk[d]
                    e = pvend[d + 1]
                    for k in range(d + 1, e):
                        pv[d, k] = pv[d + 1, k]
                    pvend[d] = e if e > d + 1 else d + 1
        # ---- next child of ply d, or finish it
        i = stack[F_I, d]
        best = stack[F_BEST, d]
        bnd = stack[F_BOUND, d]
        if i >= stack[F_CNT, d] or best <= stack[F_LB, d]:
            r = best
            if (d & 3) == 0:
                ld = stack[F_LEADER, d]
                # the entry's weight for replacement: log4 of its subtree's size (0..15)
                sz = stats[0] - stack[F_N0, d]
                w = 0
                while sz > 0 and w < 15:
                    sz >>= 2
                    w += 1
                tt_store(tt, stack, d, gen, r, 1 if r < bnd else 0, w)
            entering = False
            continue
        stack[F_I, d] = i + 1
        row = 16 * d + i
        c = mv[row, 0]
        nl, nf, ns, nr, npc, naux, won = play_card(
            hands, side, trump, trk, d, stack[F_LEADER, d], stack[F_FORGET, d],
            stack[F_SHOWN, d], stack[F_RUNNING, d], stack[F_PC, d], stack[F_AUX, d], c, steps,
            options)
        if mv[row, 1] >= 0 and mv[row, 2] == 0 and policy[mv[row, 1]] == T.SLIP:
            ns |= np.int64(1) << T.SHOWN_SLIP
        delta = 64 * won + (mv[row, 3] if use_careless != 0 else 0)
        stack[F_DELTA, d] = delta
        cb = best if best < bnd else bnd
        d += 1
        stack[F_LEADER, d] = nl
        stack[F_FORGET, d] = nf
        stack[F_SHOWN, d] = ns
        stack[F_RUNNING, d] = nr
        stack[F_PC, d] = npc
        stack[F_AUX, d] = naux
        stack[F_BOUND, d] = cb - delta
        entering = True


@njit(cache=True, _nrt=False)
def solve(hands, trump, side, pos0, trk, leader, forget, shown, running, policy, options, steps,
          named, mv, scores, stack, tt, stats, budget, line, pv, pvend, tt1, tricks_only, memo):
    """The value of the claim position and a worst line. The current trick's first pos0 cards
    are in trk[0:pos0]. Writes the line to ``line`` (rows: seat, card, play class or -1,
    stated) and returns (value, line length); value -1 when the node budget ran out.
    tricks_only 1: only the fewest tricks (phase 1: value = 64 * tricks, no line)."""
    pc = 0 if steps.shape[0] > 0 else -1
    pc, aux = settle_pc(hands, side, trump, forget, shown, pc, 0, steps)
    gen = stats[4]
    # phase 1: the fewest tricks, careless plays not counted (much cheaper: fewer ties to
    # separate); its table then bounds every node of phase 2 from below
    v1 = search(hands, trump, side, pos0, trk, leader, forget, shown, running, pc, aux, INF,
                policy, options, steps, named, mv, scores, stack, tt1, stats, budget, pv, pvend,
                0, tt1, 0, memo)
    if v1 < 0:
        return -1, 0
    stats[5] = stats[0]
    if tricks_only != 0:
        return v1, 0
    # phase 2: (tricks, careless); the value is below (tricks + 1) * 64
    value = search(hands, trump, side, pos0, trk, leader, forget, shown, running, pc, aux,
                   v1 + 64, policy, options, steps, named, mv, scores, stack, tt, stats, budget,
                   pv, pvend, 1, tt1, gen, memo)
    if value < 0:
        return -1, 0
    stats[6] = stats[0]
    # witness: walk down, at each ply taking an option whose child has the remaining value
    d = pos0
    target = value
    nline = 0
    ld = leader
    fg = forget
    sh = shown
    rn = running
    row = pos0  # the principal variation being followed: pv[row, d] is the move at ply d
    while True:
        p = d & 3
        if p == 0 and popcount(hands[ld]) == 0:
            break
        base = 16 * d
        cnt = gen_options(hands, side, trump, fg, sh, rn, pc, aux, steps, policy, options, named,
                          ld, trk, d - p, p, mv, base, stats[7:8], memo)
        price_careless(mv, base, cnt)
        if row >= 0 and d < pvend[row]:  # try the principal variation's move first
            want = pv[row, d]
            for i in range(cnt):
                if mv[base + i, 0] == want:
                    for k in range(4):
                        tmp = mv[base, k]
                        mv[base, k] = mv[base + i, k]
                        mv[base + i, k] = tmp
                    break
        else:
            row = -1
        found = False
        player = (ld + p) & 3
        for i in range(cnt):
            c = mv[base + i, 0]
            careless = mv[base + i, 3]
            nl, nf, ns, nr, npc, naux, won = play_card(hands, side, trump, trk, d, ld, fg, sh,
                                                       rn, pc, aux, c, steps, options)
            if mv[base + i, 1] >= 0 and mv[base + i, 2] == 0 and policy[mv[base + i, 1]] == T.SLIP:
                ns |= np.int64(1) << T.SHOWN_SLIP
            delta = 64 * won + careless
            if delta <= target:
                rv = search(hands, trump, side, d + 1, trk, nl, nf, ns, nr, npc, naux,
                            target - delta + 1, policy, options, steps, named, mv, scores,
                            stack, tt, stats, budget, pv, pvend, 1, tt1, gen, memo)
                if rv < 0:
                    return -1, 0
                if rv == target - delta:
                    if row < 0 or i > 0:
                        row = d + 1 if pvend[d + 1] > d + 1 else -1
                    line[nline, 0] = player
                    line[nline, 1] = c
                    line[nline, 2] = mv[base + i, 1]
                    line[nline, 3] = mv[base + i, 2]
                    nline += 1
                    target -= delta
                    ld = nl
                    fg = nf
                    sh = ns
                    rn = nr
                    pc = npc
                    aux = naux
                    found = True
                    break
            hands[player] |= np.int64(1) << c
        if not found:
            return -2, nline  # cannot happen: the value has a line
        d += 1
    return value, nline
