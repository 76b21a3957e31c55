"""Double-dummy search (numba kernels).

Zero-window alpha-beta: ``_ab`` answers "can side ``ms`` take at least ``target`` of the
remaining tricks (current trick included)?"; ``dd_search`` drives it to the exact value by
repeated tests. Transposition-table probes and stores, quick-trick and sure-trick cut-offs
at trick boundaries; move ordering; equivalent cards searched once.

Buffers (allocated once by the Python wrapper, see ``claimsolver.engine``):
  trk    int64[4*14]: trk[4*ti + k] = k-th card of the search's ti-th trick (ti = 0 is the
         current trick at the root; its first cards are filled in by the caller)
  moves  int64[64*16]: move list of the node at depth d = 4*ti + pos at moves[16*d:]
  scores int64[64*16]: move-ordering scores, same layout
  tt     int64[N, 3]: transposition table (see tt.py)
  stats  int64[8]: stats[0] nodes visited, stats[1] TT cut-offs, stats[2] quick-trick cut-offs
"""
import numpy as np
from numba import njit

from .bits import popcount
from .movegen import gen_moves
from .quicktricks import quick_tricks, sure_tricks
from .trick import beats, trick_winner4
from .tt import tt_keys, tt_probe, tt_store


@njit(cache=True)
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


@njit(cache=True)
def order_moves(hands, allc, trump, leader, pos, trk, tstart, moves, scores, base, cnt):
    """Sort ``moves[base:base+cnt]`` by a heuristic score, best first (in place)."""
    player = (leader + pos) & 3
    if pos == 0:
        pd = (player + 2) & 3
        lho = (player + 1) & 3
        rho = (player + 3) & 3
        for i in range(cnt):
            c = moves[base + i]
            s = c >> 4
            r = c & 15
            a = (allc >> (16 * s)) & 0xFFFF
            top = 14
            while top > 1 and ((a >> top) & 1) == 0:
                top -= 1
            ruffable = False
            if trump != 4 and s != trump:
                if (((hands[lho] >> (16 * s)) & 0xFFFF) == 0
                        and ((hands[lho] >> (16 * trump)) & 0xFFFF) != 0):
                    ruffable = True
                if (((hands[rho] >> (16 * s)) & 0xFFFF) == 0
                        and ((hands[rho] >> (16 * trump)) & 0xFFFF) != 0):
                    ruffable = True
            if r == top:
                sc = 40 if ruffable else 100
            elif (hands[pd] >> (16 * s + top)) & 1:
                sc = (30 if ruffable else 80) - r
            elif (trump != 4 and s != trump
                  and ((hands[pd] >> (16 * s)) & 0xFFFF) == 0
                  and ((hands[pd] >> (16 * trump)) & 0xFFFF) != 0):
                sc = 60 - r  # partner ruffs
            else:
                sc = 20 - r
            scores[base + i] = sc
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
        for i in range(cnt):
            c = moves[base + i]
            r = c & 15
            wins = beats(c, w, trump)
            trumpish = (c >> 4) == trump and lead_suit != trump
            if pos == 3:
                if partner_wins:
                    sc = -r - (20 if trumpish else 0)
                elif wins:
                    sc = 100 - r
                else:
                    sc = -r - (20 if trumpish else 0)
            elif pos == 2:
                if partner_wins and not can_beat(nxt, lead_suit, w, trump):
                    sc = 50 - r - (20 if trumpish else 0)
                elif wins and not can_beat(nxt, lead_suit, c, trump):
                    sc = 100 - r
                elif wins:
                    sc = 30 + r
                else:
                    sc = -r - (20 if trumpish else 0)
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


@njit(cache=True)
def _ab(hands, trump, leader, pos, ti, target, ms, trk, moves, scores, tt, stats):
    """1 if side ``ms`` can take >= ``target`` of the remaining tricks (current trick
    included) from the position, else 0. ``pos`` cards of trick ``ti`` are in trk."""
    stats[0] += 1
    player = (leader + pos) & 3
    tstart = 4 * ti
    k1 = np.int64(0)
    k2 = np.int64(0)
    if pos == 0:
        n = popcount(hands[leader])
        if target <= 0:
            return 1
        if target > n:
            return 0
        if n == 1:
            w = trick_winner4(popcount(hands[leader] - 1),
                              popcount(hands[(leader + 1) & 3] - 1),
                              popcount(hands[(leader + 2) & 3] - 1),
                              popcount(hands[(leader + 3) & 3] - 1), leader, trump)
            return 1 if (w & 1) == ms else 0
        lside = leader & 1
        k1, k2 = tt_keys(hands, leader, trump)
        p = tt_probe(tt, k1, k2)
        if p >= 0:
            lo = p & 0xFF
            hi = (p >> 8) & 0xFF
            if ms == 1:
                lo, hi = n - hi, n - lo
            if lo >= target:
                stats[1] += 1
                return 1
            if hi < target:
                stats[1] += 1
                return 0
        q = quick_tricks(hands, leader, trump)
        if lside == ms:
            if q >= target:
                stats[2] += 1
                _store(tt, k1, k2, ms, n, target, 1)
                return 1
            so = sure_tricks(hands, 1 - ms, trump)
            if n - so < target:
                stats[2] += 1
                _store(tt, k1, k2, ms, n, target, 0)
                return 0
        else:
            if n - q < target:
                stats[2] += 1
                _store(tt, k1, k2, ms, n, target, 0)
                return 0
            sm = sure_tricks(hands, ms, trump)
            if sm >= target:
                stats[2] += 1
                _store(tt, k1, k2, ms, n, target, 1)
                return 1
    else:
        n = popcount(hands[player])
        if target <= 0:
            return 1
        if target > n:
            return 0
    allc = hands[0] | hands[1] | hands[2] | hands[3]
    lead_suit = -1 if pos == 0 else (trk[tstart] >> 4)
    base = 16 * (tstart + pos)
    cnt = gen_moves(hands[player], allc, lead_suit, moves, base)
    if cnt > 1:
        order_moves(hands, allc, trump, leader, pos, trk, tstart, moves, scores, base, cnt)
    maxnode = (player & 1) == ms
    res = 0 if maxnode else 1
    for i in range(cnt):
        c = moves[base + i]
        b = np.int64(1) << c
        hands[player] ^= b
        trk[tstart + pos] = c
        if pos == 3:
            w = trick_winner4(trk[tstart], trk[tstart + 1], trk[tstart + 2], c, leader, trump)
            t2 = target - 1 if (w & 1) == ms else target
            r = _ab(hands, trump, w, 0, ti + 1, t2, ms, trk, moves, scores, tt, stats)
        else:
            r = _ab(hands, trump, leader, pos + 1, ti, target, ms, trk, moves, scores, tt,
                    stats)
        hands[player] ^= b
        if maxnode:
            if r == 1:
                res = 1
                break
        else:
            if r == 0:
                res = 0
                break
    if pos == 0:
        _store(tt, k1, k2, ms, n, target, res)
    return res


@njit(cache=True)
def _store(tt, k1, k2, ms, n, target, res):
    """Store the outcome of a test "side ms takes >= target of n tricks" as NS bounds."""
    if res == 1:
        lo_ms = target
        hi_ms = n
    else:
        lo_ms = 0
        hi_ms = target - 1
    if ms == 0:
        tt_store(tt, k1, k2, lo_ms, hi_ms, n)
    else:
        tt_store(tt, k1, k2, n - hi_ms, n - lo_ms, n)


@njit(cache=True)
def dd_search(hands, trump, leader, pos, trk, moves, scores, tt, stats):
    """Exact number of tricks (current trick included) for the side of the player to move.

    hands: int64[4] (modified during the search and restored); ``pos`` cards of the current
    trick are in trk[0:pos], played in order from ``leader``.
    """
    player = (leader + pos) & 3
    ms = player & 1
    n = popcount(hands[player])
    lo = 0
    hi = n
    while lo < hi:
        t = (lo + hi + 1) >> 1
        if _ab(hands, trump, leader, pos, 0, t, ms, trk, moves, scores, tt, stats):
            lo = t
        else:
            hi = t - 1
    return lo
