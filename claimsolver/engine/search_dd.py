"""Double-dummy search (numba kernels).

Zero-window alpha-beta: ``_ab`` answers "can side ``ms`` take at least ``target`` of the
remaining tricks (current trick included)?"; ``dd_search`` drives it to the exact value by
repeated tests, from a guessed target in steps of one. Transposition-table probes and
stores, bounds for both sides at trick boundaries (quick tricks of the side on lead, sure
tricks of either side, the notrump bound of the side not on lead), the second hand's and
the fourth hand's one-trick decisions; move ordering with the table's move hint and a
cut-off cache; equivalent cards searched once. docs/engine.md explains each.

Buffers (allocated once by the Python wrapper, see ``claimsolver.engine``):
  trk    int64[4*14]: trk[4*ti + k] = k-th card of the search's ti-th trick (ti = 0 is the
         current trick at the root; its first cards are filled in by the caller)
  moves  int64[64*16]: move list of the node at depth d = 4*ti + pos at moves[16*d:]
  scores int64[64*16]: move-ordering scores, same layout
  tt     transposition table (see tt.py)
  stack  int64[16, 64]: per-depth state of the iterative search
  stats  int64[8+]: stats[0] nodes visited, stats[1] TT cut-offs, stats[2] bound cut-offs,
         stats[3] trick-start nodes searched, stats[5] relevant cards of the root's proof,
         stats[6] trick starts reached (as DDS's node count)
  cut    int64[2**CUT_LOG2, 2]: the cut-off cache (see cut_hash)

The kernels of this module, quicktricks.py and tt.py are compiled without numba's reference
counting (``_nrt=False``): they never allocate, and with it every call passing an array to a
callee that is not inlined costs two atomic reference-count updates per array (~10 % of the
search's time in a profile; -3 to -6 % time measured without them).
"""
import numpy as np
from numba import njit

from .bits import hibit, popcount
from .movegen import gen_moves
from .quicktricks import (cannot_take_all_nt, leader_loses_trick, quick_tricks,
                          second_hand_tricks, slow_tricks_nt, sure_tricks)
from .trick import beats, trick_winner4
from .tt import (move_code, move_from_code, pattern_cards, pattern_from_relevant,
                 position_codes, tt_clear, tt_find, tt_keys, tt_prefetch, tt_probe_hint,
                 tt_store)


TT_MIN_TRICKS = 2  # no table below this many tricks left (cheaper to search)


@njit(cache=True, _nrt=False)
def can_beat(hand, lead_suit, w, trump):
    """Whether some legal card of ``hand`` beats the winning card ``w`` of a trick whose
    led suit is ``lead_suit``."""
    h = (hand >> (16 * lead_suit)) & 0xFFFF
    if h != 0:
        if (w >> 4) != lead_suit:
            return False
        return h > ((np.int64(2) << (w & 15)) - 1)
    if trump == 4:
        return False
    t = (hand >> (16 * trump)) & 0xFFFF
    if t == 0:
        return False
    if (w >> 4) != trump:
        return True
    return t > ((np.int64(2) << (w & 15)) - 1)


@njit(cache=True, _nrt=False)
def lowest_beating(hand, lead_suit, w, trump):
    """The lowest legal card of ``hand`` that beats the winning card ``w`` of a trick
    led in ``lead_suit``, or -1."""
    h = (hand >> (16 * lead_suit)) & 0xFFFF
    if h != 0:
        if (w >> 4) != lead_suit:
            return -1
        x = h & ~((np.int64(2) << (w & 15)) - 1)
    else:
        if trump == 4:
            return -1
        h = (hand >> (16 * trump)) & 0xFFFF
        lead_suit = trump
        x = h if (w >> 4) != trump else h & ~((np.int64(2) << (w & 15)) - 1)
    if x == 0:
        return -1
    return 16 * lead_suit + popcount((x & (-x)) - 1)


@njit(cache=True, _nrt=False)
def order_moves(hands, allc, trump, leader, pos, trk, tstart, moves, scores, base, cnt,
                killer, killer2=-1):
    """Sort ``moves[base:base+cnt]`` by a heuristic score, best first (in place); the
    ``killer2`` card (the cut-off cache's card, or -1) goes first when present, then
    ``killer`` (the table's move hint, or -1)."""
    player = (leader + pos) & 3
    if pos == 0:
        pd = (player + 2) & 3
        lho = (player + 1) & 3
        rho = (player + 3) & 3
        ours = hands[player] | hands[pd]
        last_s = -1
        top = 0
        base_top = 0
        base_lo = 0
        for i in range(cnt):
            c = moves[base + i]
            s = c >> 4
            r = c & 15
            if s != last_s:  # per-suit features (moves come suit by suit)
                last_s = s
                sh = 16 * s
                top = hibit((allc >> sh) & 0xFFFF)
                ruffable = False
                if trump != 4 and s != trump:
                    tsh = 16 * trump
                    if (((hands[lho] >> sh) & 0xFFFF) == 0
                            and ((hands[lho] >> tsh) & 0xFFFF) != 0):
                        ruffable = True
                    if (((hands[rho] >> sh) & 0xFFFF) == 0
                            and ((hands[rho] >> tsh) & 0xFFFF) != 0):
                        ruffable = True
                    pruff = (((hands[pd] >> sh) & 0xFFFF) == 0
                             and ((hands[pd] >> tsh) & 0xFFFF) != 0)
                else:
                    pruff = False
                base_top = 40 if ruffable else 100
                # the opponents' replies to a lead span the proof: a suit where they hold
                # few cards (a void counts as a free choice of discard) gives a smaller
                # search (DDS's lead weights do the same)
                nl = popcount((hands[lho] >> sh) & 0xFFFF)
                nr = popcount((hands[rho] >> sh) & 0xFFFF)
                width = ((nl if nl > 0 else 4) + (nr if nr > 0 else 4))
                # (weights tuned on random 10- and 13-trick deals: node counts; the top
                # card's weight 14 -> 10 after the finesse and strong-suit terms: -2.6 % at 10)
                base_top -= LEAD_W_TOP * width
                lens = -LEAD_W_LO * width
                if (hands[pd] >> (sh + top)) & 1:
                    base_lo = (30 if ruffable else 80) + lens
                elif pruff:
                    base_lo = 60 + lens  # partner ruffs
                elif (hands[lho] >> (sh + top)) & 1:
                    base_lo = 25 + lens  # top card sits in front of partner
                else:
                    base_lo = 15 + lens
                # a finesse: the left-hand opponent holds the top card and partner the
                # second best (not singleton): lead low towards partner (as DDS's lead
                # weights; +40 tuned on node counts: -1 % at 10 tricks, -3 % at 13; a
                # penalty for the right-hand opponent holding one of the top two cost nodes)
                a2 = ((allc >> sh) & 0xFFFF) & ~(np.int64(1) << top)
                if (a2 != 0 and (hands[lho] >> (sh + top)) & 1
                        and (hands[pd] >> (sh + hibit(a2))) & 1
                        and popcount((hands[pd] >> sh) & 0xFFFF) != 1):
                    base_lo += LEAD_FINESSE
                # a suit where the side holds two of the top three cards and both opponents
                # follow (bridge-solver's "strong suit" leads; +50 tuned on node counts:
                # -3 % at 10 tricks, -12 % at 13)
                if nl > 0 and nr > 0 and a2 != 0:
                    a3 = a2 & ~(np.int64(1) << hibit(a2))
                    t3 = np.int64(1) << top | np.int64(1) << hibit(a2)
                    if a3 != 0:
                        t3 |= np.int64(1) << hibit(a3)
                    if popcount(((ours >> sh) & 0xFFFF) & t3) >= 2:
                        base_top += LEAD_STRONG
                        base_lo += LEAD_STRONG
            if r == top:
                scores[base + i] = base_top
            else:
                scores[base + i] = base_lo - r
    else:
        lead_suit = trk[tstart] >> 4
        w = trk[tstart]
        wi = 0
        for k in range(1, pos):
            if beats(trk[tstart + k], w, trump):
                w = trk[tstart + k]
                wi = k
        partner_wins = ((wi ^ pos) & 1) == 0
        nxt = hands[(player + 1) & 3]
        safe = pos == 2 and partner_wins and not can_beat(nxt, lead_suit, w, trump)
        if pos == 1:
            # second hand: partner, playing last, beats the card led and whatever the third
            # hand can play (which cannot ruff): play low and let partner win (DDS's weights)
            pdh = hands[(player + 2) & 3]
            sh = 16 * lead_suit
            p4 = (pdh >> sh) & 0xFFFF
            t3 = (nxt >> sh) & 0xFFFF
            third_ruffs = (trump != 4 and lead_suit != trump and t3 == 0
                           and ((nxt >> (16 * trump)) & 0xFFFF) != 0)
            if third_ruffs:
                safe = False
            elif p4 != 0:
                safe = p4 > (t3 | (np.int64(2) << (w & 15)) - 1)
            else:
                safe = (trump != 4 and lead_suit != trump and t3 != 0
                        and ((pdh >> (16 * trump)) & 0xFFFF) != 0)
        for i in range(cnt):
            c = moves[base + i]
            r = c & 15
            wins = beats(c, w, trump)
            trumpish = (c >> 4) == trump and lead_suit != trump
            if (c >> 4) != lead_suit and not trumpish:
                # a discard: prefer suits where this hand is long
                r -= 3 * popcount((hands[player] >> (16 * (c >> 4))) & 0xFFFF)
            if pos == 3:
                if partner_wins:
                    sc = -r - (20 if trumpish else 0)
                elif wins:
                    sc = 100 - r
                else:
                    sc = -r - (20 if trumpish else 0)
            elif pos == 2:
                if safe:
                    sc = 50 - r - (20 if trumpish else 0)
                elif wins and not can_beat(nxt, lead_suit, c, trump):
                    sc = 100 - r
                elif wins:
                    sc = 30 + r
                else:
                    sc = -r - (20 if trumpish else 0)
            elif safe:
                sc = 70 - r if not wins else 10 - r
            else:
                if wins and not can_beat(nxt, lead_suit, c, trump):
                    nn = hands[(player + 2) & 3]
                    if not can_beat(nn, lead_suit, c, trump):
                        sc = 90 - r
                    else:
                        sc = 60 - r
                elif wins:
                    sc = 20 - r
                else:
                    sc = 40 - r - (20 if trumpish else 0)
            scores[base + i] = sc
    if killer >= 0 or killer2 >= 0:
        for i in range(cnt):
            if moves[base + i] == killer2:
                scores[base + i] += 2000
            elif moves[base + i] == killer:
                scores[base + i] += 1000
    # insertion sort, descending by score (stable)
    for i in range(1, cnt):
        sc = scores[base + i]
        mv = moves[base + i]
        j = i - 1
        while j >= 0 and scores[base + j] < sc:
            scores[base + j + 1] = scores[base + j]
            moves[base + j + 1] = moves[base + j]
            j -= 1
        scores[base + j + 1] = sc
        moves[base + j + 1] = mv


LEAD_FINESSE = 40  # lead weight of a finesse towards partner (see order_moves)
LEAD_W_TOP = 10  # lead penalty per opponent card (void = 4) in the suit: top card
LEAD_W_LO = 6  # ... and a lower card (weights tuned on node counts)
LEAD_STRONG = 50  # lead weight of a suit headed by two of the side's top three cards

CUT_LOG2 = 14  # rows of the cut-off cache (see cut_hash): 256 KB, stays in cache


@njit(cache=True, _nrt=False)
def cut_hash(hands, player, pos, trk, tstart, trump, eqc):
    """Key of a node in the cut-off cache (a move-ordering memory, as in
    macroxue/bridge-solver): the card that last refuted a node is tried first at nodes
    that look alike to the player: on lead, the same hand and partner's hand; following
    suit, the same cards of the suit led (current trick included) and the same winning
    card; void in the suit led, the same hand and the same card (trump) or seat (notrump)
    winning so far. Only an ordering hint: a collision costs time, never a wrong value."""
    if pos == 0:
        x = hands[player]
        y = hands[(player + 2) & 3]
    else:
        ls = trk[tstart] >> 4
        w = trk[tstart]
        wi = 0
        for k in range(1, pos):
            if beats(trk[tstart + k], w, trump):
                w = trk[tstart + k]
                wi = k
        if (hands[player] >> (16 * ls)) & 0xFFFF:
            x = (((eqc >> (16 * ls)) & 0xFFFF) | (np.int64(ls) << 16)
                 | (((hands[player] >> (16 * ls)) & 0xFFFF) << 20))
            y = np.int64(w + 1)
        else:
            x = hands[player]
            y = np.int64(wi + 1) if trump == 4 else np.int64(w + 8)
    h = x * 0x1E3779B97F4A7C15 + (y + 128 * (pos + 4 * player)) * 0x632BE59BD9B4E019
    h ^= (h >> 31) & 0x1FFFFFFFF
    h = h * 0x2545F4914F6CDD1D
    h ^= (h >> 29) & 0x7FFFFFFFF
    return h


@njit(cache=True, _nrt=False)
def group_low(hand, eqc, c):
    """Lowest card of the group of equivalent cards of ``hand`` whose highest card is ``c``
    (``eqc`` = cards still in play, current trick included)."""
    s16 = 16 * (c >> 4)
    low = c
    r = (c & 15) - 1
    while r >= 2:
        b = np.int64(1) << (s16 + r)
        if eqc & b:
            if hand & b:
                low = s16 + r
            else:
                break
        r -= 1
    return low


@njit(cache=True, _nrt=False)
def _ab(hands, trump, leader, pos, target, ms, trk, moves, scores, stack, tt, stats,
        budget, cut):
    """1 if side ``ms`` can take >= ``target`` of the remaining tricks (current trick
    included) from the position, else 0. The first ``pos`` cards of the current trick are
    in trk[0:pos]. Iterative (explicit stack: numba cannot reload cached recursive code).

    budget: -1 for no limit, else the search gives up and returns -1 as soon as the node
    counter stats[0] exceeds it (``hands``/``trk`` are then left modified: the caller
    restores them; table entries already stored stay valid).

    stack: int64[16, 64] scratch. Depth d = 4 * trick + position in trick, starting at
    ``pos``; the card played at depth d is trk[d]; moves of depth d at moves[16*d:].

    Each node also computes the set of *relevant cards* (cards whose rank decided a trick
    or a bound in its proof); TT entries fix only the owners of the cards ranked at or above
    the lowest relevant card of each suit.
    """
    S_TARGET = 0
    S_LEADER = 1
    S_CNT = 2
    S_I = 3
    S_K1 = 4
    S_K2 = 5
    S_N = 6
    S_RES = 7
    S_C01 = 8
    S_C23 = 9
    S_REL = 10
    S_KILL = 11
    S_SKIP = 12
    S_CUTH = 13
    cmask = cut.shape[0] - 1
    root = pos
    d = pos
    stack[S_LEADER, d] = leader
    stack[S_TARGET, d] = target
    entering = True
    r = 0
    rr = np.int64(0)  # relevant cards of the node returning r
    while True:
        if entering:
            # ---- enter node at depth d
            stats[0] += 1
            if budget >= 0 and stats[0] > budget:
                return -1
            p_ = d & 3
            ld = stack[S_LEADER, d]
            tg = stack[S_TARGET, d]
            player = (ld + p_) & 3
            decided = -1
            rr = np.int64(0)
            n = popcount(hands[player])
            if tg <= 0:
                decided = 1
            elif tg > n:
                decided = 0
            elif p_ == 0:
                stats[6] += 1  # trick starts reached (DDS's "nodes" count the same)
                if n == 1:
                    c0 = popcount(hands[ld] - 1)
                    c1 = popcount(hands[(ld + 1) & 3] - 1)
                    c2 = popcount(hands[(ld + 2) & 3] - 1)
                    c3 = popcount(hands[(ld + 3) & 3] - 1)
                    w = trick_winner4(c0, c1, c2, c3, ld, trump)
                    decided = 1 if (w & 1) == ms else 0
                    wc = hands[w]
                    ws = popcount(wc - 1) >> 4
                    nsame = (((c0 >> 4) == ws) + ((c1 >> 4) == ws) + ((c2 >> 4) == ws)
                             + ((c3 >> 4) == ws))
                    if nsame > 1:
                        rr = wc
                else:
                    k1, k2 = tt_keys(hands, ld, trump)
                    if n >= TT_MIN_TRICKS:
                        tt_prefetch(tt, k1, k2)  # the key slot loads during the bounds
                    if True:
                        # tricks the leader's side needs for a decision
                        lneed = tg if (ld & 1) == ms else n - tg + 1
                        q, qrel = quick_tricks(hands, ld, trump, lneed)
                        nt = trump == 4
                        if not nt:  # every trump played: notrump bounds apply
                            nt = (((hands[0] | hands[1] | hands[2] | hands[3])
                                   >> (16 * trump)) & 0xFFFF) == 0
                        if not nt:
                            sl, slrel = sure_tricks(hands, ld & 1, trump, lneed, ld)
                            if sl > q:
                                q = sl
                                qrel = slrel
                        if (ld & 1) == ms:
                            if q >= tg:
                                decided = 1
                                rr = qrel
                            else:
                                if nt:
                                    so, srel = slow_tricks_nt(hands, ld, n - tg + 1)
                                else:
                                    so, srel = sure_tricks(hands, 1 - ms, trump, n - tg + 1,
                                                           ld)
                                if n - so < tg:
                                    decided = 0
                                    rr = srel
                                elif tg == n:
                                    lose, lrel = leader_loses_trick(hands, ld, trump)
                                    if lose:
                                        decided = 0
                                        rr = lrel
                                    elif nt:
                                        lose, lrel = cannot_take_all_nt(hands, ms)
                                        if lose:
                                            decided = 0
                                            rr = lrel
                                elif tg == 1 and nt:
                                    lose, lrel = cannot_take_all_nt(hands, 1 - ms)
                                    if lose:
                                        decided = 1
                                        rr = lrel
                        else:
                            if n - q < tg:
                                decided = 0
                                rr = qrel
                            else:
                                if nt:
                                    sm, srel = slow_tricks_nt(hands, ld, tg)
                                else:
                                    sm, srel = sure_tricks(hands, ms, trump, tg, ld)
                                if sm >= tg:
                                    decided = 1
                                    rr = srel
                                elif tg == 1:
                                    lose, lrel = leader_loses_trick(hands, ld, trump)
                                    if lose:
                                        decided = 1
                                        rr = lrel
                                    elif nt:
                                        lose, lrel = cannot_take_all_nt(hands, 1 - ms)
                                        if lose:
                                            decided = 1
                                            rr = lrel
                                elif tg == n and nt:
                                    lose, lrel = cannot_take_all_nt(hands, ms)
                                    if lose:
                                        decided = 0
                                        rr = lrel
                        if decided >= 0:
                            stats[2] += 1
                    stack[S_K1, d] = -1
                    stack[S_KILL, d] = -1
                    if decided < 0 and n >= TT_MIN_TRICKS:
                        stack[S_K1, d] = k1
                        stack[S_K2, d] = k2
                        stack[S_N, d] = n
                        stack[S_C01, d] = -1  # owner codes computed lazily
                        ie = -1
                        slot = tt_find(tt, k1, k2)
                        if slot >= 0:
                            c01, c23 = position_codes(hands)
                            stack[S_C01, d] = c01
                            stack[S_C23, d] = c23
                            # side ms >= tg <=> NS >= tg (ms = 0) / NS <= n - tg (ms = 1)
                            if ms == 0:
                                ie, hint = tt_probe_hint(tt, slot, c01, c23, tg, tg - 1)
                            else:
                                ie, hint = tt_probe_hint(tt, slot, c01, c23, n - tg + 1,
                                                         n - tg)
                            if ie < 0 and hint > 0:
                                stack[S_KILL, d] = move_from_code(
                                    hands[0] | hands[1] | hands[2] | hands[3], hands[ld], hint)
                        if ie >= 0:
                            lo_ns = tt[ie, 2] & 0xFF
                            if ms == 0:
                                decided = 1 if lo_ns >= tg else 0
                            else:
                                decided = 0 if lo_ns >= n - tg + 1 else 1
                            rr = pattern_cards(hands, tt[ie, 0], tt[ie, 1])
                            stats[1] += 1
            elif p_ == 1:
                # tricks the side of the second hand needs for a decision
                need = tg if (player & 1) == ms else n - tg + 1
                q, qrel = second_hand_tricks(hands, player, trk[d - 1], trump, need)
                if q > 0:
                    if (player & 1) == ms:
                        if q >= tg:
                            decided = 1
                            rr = qrel
                    elif n - q < tg:
                        decided = 0
                        rr = qrel
                    if decided >= 0:
                        stats[2] += 1
            elif p_ == 3 and ((player & 1) == ms) == (tg <= 1) and (tg <= 1 or tg == n):
                # last to play, and this trick alone decides: the side of the 4th hand
                # needs one trick (ms), or its opponents need every trick
                w = trk[d - 3]
                wi = 0
                for k in range(1, 3):
                    if beats(trk[d - 3 + k], w, trump):
                        w = trk[d - 3 + k]
                        wi = k
                win = -1
                ws = w >> 4
                if wi == 1:  # partner wins the trick, whatever this hand plays
                    win = w
                    # by rank when another card of its suit was played to the trick
                    if ((trk[d - 3] >> 4) == ws) + ((trk[d - 1] >> 4) == ws) > 0:
                        rr = np.int64(1) << w
                else:
                    c = lowest_beating(hands[player], trk[d - 3] >> 4, w, trump)
                    if c >= 0:
                        win = c
                        if (c >> 4) == ws:
                            rr = np.int64(1) << c
                if win >= 0:
                    decided = 1 if (player & 1) == ms else 0
                    stats[2] += 1
            if decided >= 0:
                r = decided
                entering = False
                continue
            allc = hands[0] | hands[1] | hands[2] | hands[3]
            # cards of the current trick still separate this hand's cards for
            # equivalence (KJ with the Q just played by an opponent: K wins, J loses)
            eqc = allc
            for k in range(d - p_, d):
                eqc |= np.int64(1) << trk[k]
            lead_suit = -1 if p_ == 0 else (trk[d - p_] >> 4)
            base = 16 * d
            cnt = gen_moves(hands[player], eqc, lead_suit, moves, base)
            stack[S_CUTH, d] = 0
            if cnt > 1:
                k2 = -1
                if p_ != 3:  # (the 4th hand's ordering is nearly always right already)
                    ch = cut_hash(hands, player, p_, trk, d - p_, trump, eqc)
                    stack[S_CUTH, d] = ch
                    k2 = cut[ch & cmask, 1] if cut[ch & cmask, 0] == ch else -1
                order_moves(hands, allc, trump, ld, p_, trk, d - p_, moves, scores,
                            base, cnt, stack[S_KILL, d] if p_ == 0 else -1, k2)
            stack[S_CNT, d] = cnt
            if p_ == 0:
                stats[3] += 1
            stack[S_I, d] = 0
            stack[S_RES, d] = 0 if (player & 1) == ms else 1
            stack[S_REL, d] = 0
            stack[S_SKIP, d] = 0
            # fall through to "next child"
        else:
            # ---- a child of depth d returned (r, rr) (d is the child's depth)
            if d == root:
                stats[5] = rr  # relevant cards of the root's proof
                return r
            d -= 1
            p_ = d & 3
            ld = stack[S_LEADER, d]
            player = (ld + p_) & 3
            c = trk[d]
            if p_ == 3:
                # the trick was decided by rank: its winning card is relevant
                w = trick_winner4(trk[d - 3], trk[d - 2], trk[d - 1], c, ld, trump)
                wc = trk[d - 3 + ((w - ld) & 3)]
                ws = wc >> 4
                nsame = (((trk[d - 3] >> 4) == ws) + ((trk[d - 2] >> 4) == ws)
                         + ((trk[d - 1] >> 4) == ws) + ((c >> 4) == ws))
                if nsame > 1:
                    rr |= np.int64(1) << wc
            cutoff = False
            if (player & 1) == ms:
                if r == 1:
                    cutoff = True
            elif r == 0:
                cutoff = True
            if cutoff:
                if stack[S_CUTH, d] != 0:
                    ch = stack[S_CUTH, d]
                    cut[ch & cmask, 0] = ch
                    cut[ch & cmask, 1] = c
                hands[player] ^= np.int64(1) << c
                if p_ == 0 and stack[S_K1, d] >= 0:
                    _store(tt, hands, stack[S_K1, d], stack[S_K2, d], stack[S_C01, d],
                           stack[S_C23, d], rr, ms, stack[S_N, d], stack[S_TARGET, d], r,
                           c)
                continue  # return (r, rr) from depth d
            # all moves must be refuted. The other cards g of c's group were not searched:
            # X - g is rank-isomorphic to X - c with c's role taken by g, so when c itself
            # is relevant in the child's proof, g (down to the group's lowest card) must be
            # fixed too; other relevant cards only map upwards.
            hands[player] ^= np.int64(1) << c
            if (rr >> c) & 1:
                eqc = hands[0] | hands[1] | hands[2] | hands[3]
                for k in range(d - p_, d):
                    eqc |= np.int64(1) << trk[k]
                lowc = group_low(hands[player], eqc, c)
                if lowc != c:
                    rr |= np.int64(1) << lowc
            stack[S_REL, d] |= rr
            # small-card pruning: when no relevant card of the child's proof lies at or
            # below c in its suit, any other card of the hand below the lowest relevant
            # card of that suit gives a position matching the same pattern (same result,
            # same relevant cards): skip those moves
            s16 = 16 * (c >> 4)
            rs = (rr >> s16) & 0xFFFF
            below = 0xFFFF if rs == 0 else (rs & (-rs)) - 1
            if (below >> (c & 15)) & 1:
                stack[S_SKIP, d] |= np.int64(below) << s16
        # ---- next child of depth d (or finish it)
        i = stack[S_I, d]
        skip = stack[S_SKIP, d]
        while i < stack[S_CNT, d] and (skip >> moves[16 * d + i]) & 1:
            i += 1
        if i >= stack[S_CNT, d]:
            r = stack[S_RES, d]
            rr = stack[S_REL, d]
            if (d & 3) == 0 and stack[S_K1, d] >= 0:
                _store(tt, hands, stack[S_K1, d], stack[S_K2, d], stack[S_C01, d],
                       stack[S_C23, d], rr, ms, stack[S_N, d], stack[S_TARGET, d], r, -1)
            entering = False
            continue
        stack[S_I, d] = i + 1
        p_ = d & 3
        ld = stack[S_LEADER, d]
        tg = stack[S_TARGET, d]
        player = (ld + p_) & 3
        c = moves[16 * d + i]
        hands[player] ^= np.int64(1) << c
        trk[d] = c
        if p_ == 3:
            w = trick_winner4(trk[d - 3], trk[d - 2], trk[d - 1], c, ld, trump)
            stack[S_LEADER, d + 1] = w
            stack[S_TARGET, d + 1] = tg - 1 if (w & 1) == ms else tg
        else:
            stack[S_LEADER, d + 1] = ld
            stack[S_TARGET, d + 1] = tg
        d += 1
        entering = True


@njit(cache=True, _nrt=False)
def _store(tt, hands, k1, k2, c01, c23, rel, ms, n, target, res, best):
    """Store the outcome of a test "side ms takes >= target of n tricks" as NS bounds, for
    the pattern fixed by the relevant cards ``rel``, with the lead ``best`` that decided it
    (-1 when every lead was searched)."""
    if res == 1:
        lo_ms = target
        hi_ms = n
    else:
        lo_ms = 0
        hi_ms = target - 1
    if c01 < 0:
        c01, c23 = position_codes(hands)
    p01, p23 = pattern_from_relevant(hands, rel, c01, c23)
    mv = 0 if best < 0 else move_code(hands[0] | hands[1] | hands[2] | hands[3], best)
    if ms == 0:
        tt_store(tt, k1, k2, p01, p23, lo_ms, hi_ms, n, mv)
    else:
        tt_store(tt, k1, k2, p01, p23, n - hi_ms, n - lo_ms, n, mv)


TT_FILL_NUM = 1  # dd_search clears the table first when more than NUM/DEN of its entry
TT_FILL_DEN = 2  # rows or key slots are used (see dd_search)
ROOT_BUDGET = 4000000  # nodes for a root move's first try (grows x4 per round)


@njit(cache=True, _nrt=False)
def root_test(hands, trump, leader, pos, target, ms, trk, moves, scores, stack, tt, stats,
              budget0, max_nodes, cut, first=-1):
    """Zero-window test at the root ("can side ms, to move, take >= target?") with the root
    moves tried under growing node budgets: a move whose proof does not finish within the
    budget is set aside and the next one tried, so one badly ordered first move cannot
    cost the whole search; set-aside moves are resumed with 4x the budget (the table keeps
    what was proven). Uses stack rows 14-15 and moves/scores from 16*60 on. ``max_nodes`` > 0
    caps the nodes of the whole search (stats[0]): past it the test gives up and returns -1.
    ``first``: a root move to try first (the one that proved the previous target), or -1;
    the move that proves the target is left in stack[14, 8]."""
    player = (leader + pos) & 3
    n = popcount(hands[player])
    if target <= 0:
        return 1
    if target > n:
        return 0
    for p in range(4):
        stack[15, p] = hands[p]
    for k in range(4):
        stack[14, k] = trk[k]
    allc = hands[0] | hands[1] | hands[2] | hands[3]
    eqc = allc
    for k in range(pos):
        eqc |= np.int64(1) << trk[k]
    lead_suit = -1 if pos == 0 else (trk[0] >> 4)
    base = 16 * 60
    cnt = gen_moves(hands[player], eqc, lead_suit, moves, base)
    if cnt > 1:
        order_moves(hands, allc, trump, leader, pos, trk, 0, moves, scores, base, cnt, -1)
    if first >= 0:  # the move that proved the previous target goes first
        for i in range(cnt):
            if moves[base + i] == first:
                for j in range(i, 0, -1):
                    moves[base + j] = moves[base + j - 1]
                moves[base] = first
                break
    pending = (np.int64(1) << cnt) - 1
    budget = budget0
    while pending != 0:
        for i in range(cnt):
            if not (pending >> i) & 1:
                continue
            c = moves[base + i]
            hands[player] ^= np.int64(1) << c
            trk[pos] = c
            lim = stats[0] + budget
            if max_nodes > 0 and lim > max_nodes:
                lim = max_nodes
            if pos == 3:
                w = trick_winner4(trk[0], trk[1], trk[2], c, leader, trump)
                t2 = target - 1 if (w & 1) == ms else target
                r = _ab(hands, trump, w, 0, t2, ms, trk, moves, scores, stack, tt, stats,
                        lim, cut)
            else:
                r = _ab(hands, trump, leader, pos + 1, target, ms, trk, moves, scores,
                        stack, tt, stats, lim, cut)
            for p in range(4):
                hands[p] = stack[15, p]
            for k in range(4):
                trk[k] = stack[14, k]
            if r == 1:
                stack[14, 8] = c
                return 1
            if r == 0:
                pending &= ~(np.int64(1) << i)
            elif max_nodes > 0 and stats[0] >= max_nodes:
                return -1
        budget *= 4
    return 0


@njit(cache=True, _nrt=False)
def dd_search(hands, trump, leader, pos, trk, moves, scores, stack, tt, stats, cut,
              max_nodes=0, root_budget=ROOT_BUDGET):
    """Exact number of tricks (current trick included) for the side of the player to move;
    -1 when ``max_nodes`` > 0 and the search visited that many nodes without finishing.
    ``cut``: the cut-off cache (see cut_hash); ``root_budget``: a root move's first node
    budget (see root_test).

    hands: int64[4] (modified during the search and restored); ``pos`` cards of the current
    trick are in trk[0:pos], played in order from ``leader``.
    """
    player = (leader + pos) & 3
    ms = player & 1
    n = popcount(hands[player])
    # The table is cleared when it runs full, and a clear in the middle of a search throws
    # away that search's own proofs (a 13-trick search then redoes most of its work: one
    # position of the benchmark went from 5.0 M to 9.3 M nodes). Clear it before a search
    # once half of it is used, so that a search rarely meets a full table.
    last = tt.shape[0] - 1
    if ((tt[last, 0] - tt[last, 2]) * TT_FILL_DEN > tt[last, 3] * TT_FILL_NUM
            or tt[last, 1] * TT_FILL_DEN > tt[last, 2] * TT_FILL_NUM):
        tt_clear(tt)
    lo = 0
    hi = n
    # Tests near the value are the expensive ones: start at a guess and step by one (as DDS
    # does), so that typically only "t = value" (yes) and "t = value + 1" (no) are searched.
    t = guess_tricks(hands, trump, ms, n)
    best = -1
    while lo < hi:
        if t <= lo:
            t = lo + 1
        if t > hi:
            t = hi
        r = root_test(hands, trump, leader, pos, t, ms, trk, moves, scores, stack, tt, stats,
                      root_budget, max_nodes, cut, best)
        if r < 0:
            return -1
        if r == 1:
            best = stack[14, 8]
            lo = t
            t += 1
        else:
            hi = t - 1
            t -= 1
    return lo


@njit(cache=True, _nrt=False)
def guess_tricks(hands, trump, ms, n):
    """Rough estimate of the tricks side ``ms`` takes (the first target tried): its share of
    the top four remaining cards of each suit (counted 4-3-2-1), plus half its trump-length
    advantage in a suit contract."""
    allc = hands[0] | hands[1] | hands[2] | hands[3]
    mine = hands[ms] | hands[ms + 2]
    pts = 0
    tot = 0
    for s in range(4):
        a = (allc >> (16 * s)) & 0xFFFF
        m = (mine >> (16 * s)) & 0xFFFF
        w = 4
        while a != 0 and w > 0:
            b = np.int64(1) << hibit(a)
            tot += w
            if m & b:
                pts += w
            a ^= b
            w -= 1
    g2 = (2 * n * pts + tot) // (2 * tot) if tot > 0 else n // 2
    if trump != 4:
        tm = popcount((mine >> (16 * trump)) & 0xFFFF)
        to = popcount(((hands[0] | hands[1] | hands[2] | hands[3]) & ~mine) >> (16 * trump)
                      & 0xFFFF)
        g2 += (tm - to) // 2
    if g2 < 0:
        g2 = 0
    if g2 > n:
        g2 = n
    return g2
