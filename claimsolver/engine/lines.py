"""The tree of normal lines (numba kernel): weighted shares, the least successful line's
trick count and the cards that win a trick on every line, in one exhaustive pass.

The claim search (:mod:`claimsolver.engine.search_claim`) answers one question — the fewest
tricks over the normal continuations — with branch-and-bound. Some questions need more of
the same tree (the Law layer decides what they mean):

* ``shares[k]``: the weighted share of normal lines on which the *non-claiming* side wins at
  least ``k`` of the remaining tricks. Every normal choice of the claiming side at a decision
  point is equally likely (one choice per group of equivalent cards; careless and normal
  choices weigh the same; where the statement dictates, one choice per dictated group); the
  non-claiming side plays, for each ``k`` separately, the card that makes that share largest
  (its best play for that trick). So ``shares`` is elementwise: at a claiming-side node the
  mean of the children's vectors, at a non-claiming node their elementwise maximum.
* ``least``: the fewest tricks of the claiming side over every continuation (claiming side
  normal, the others any legal card) — the claim search's value, computed the slow way.
* ``always``: the claiming side's cards that win a trick on *every* continuation (the
  intersection over the leaves of the cards that won tricks for the claiming side).

The claiming side's options are exactly those of the claim search (``gen_options``: play
classes of :mod:`claimsolver.engine.classify`, the policy, the statement steps of
:mod:`claimsolver.engine.steps`), optionally narrowed by ``restrict`` (a rule about
leading trumps while an opponent holds one):

* 0 — no restriction;
* 1 — "draw": while an opponent holds a trump, a claiming hand on lead that holds a trump
  leads one;
* 2 — "do not draw": while an opponent holds a trump, a claiming hand on lead that holds a
  side-suit card does not lead a trump.

The search is exhaustive (no bounds: every share needs the whole tree), iterative (numba
cannot reload cached recursive code), with a transposition table at trick boundaries keyed on
the exact state (hands, forget set, leader, shown-outs, running suit, statement counter).
A node budget stops it; the wrapper reports that instead of a wrong answer.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from numba import njit

from claimsolver import tables as T

from .bits import popcount
from .classify import hold
from .claim_moves import gen_options
from .count import count_memo
from .search_claim import play_card
from .steps import named_cards, settle_pc, suit_bits

__all__ = ["LinesResult", "normal_lines", "NV"]

NV = 14  # share vector length: 0..13 tricks
NPLY = 64
# per-ply integer fields
L_LEADER, L_FORGET, L_SHOWN, L_RUNNING, L_PC, L_AUX, L_CNT, L_I, L_WON, L_WCARD = range(10)
N_LFIELDS = 10
TT_KEYS = 6
DEFAULT_TT_LOG2 = 16


@njit(cache=True)
def _key(hands, forget, leader, shown, running, pc, aux, keys, d):
    keys[d, 0] = hands[0]
    keys[d, 1] = hands[1]
    keys[d, 2] = hands[2]
    keys[d, 3] = hands[3]
    keys[d, 4] = forget
    keys[d, 5] = (leader | ((running + 1) << 2) | ((pc + 1) << 7) | (aux << 16)
                  | (shown << 24))


@njit(cache=True)
def _slot(keys, d, size):
    h = np.int64(0)
    for k in range(TT_KEYS):
        h = (h ^ keys[d, k]) * 0x2545F4914F6CDD1D
        h ^= (h >> 29) & 0x7FFFFFFFF
    return h & (size - 1)


@njit(cache=True)
def _probe(tkeys, tused, keys, d):
    size = tkeys.shape[0]
    j = _slot(keys, d, size)
    for _ in range(4):
        if tused[j] == 0:
            return -1
        same = True
        for k in range(TT_KEYS):
            if tkeys[j, k] != keys[d, k]:
                same = False
                break
        if same:
            return j
        j = (j + 1) & (size - 1)
    return -1


@njit(cache=True)
def _store(tkeys, tused, keys, d):
    """A slot for the key at keys[d] (an empty one, or the first probed, overwritten)."""
    size = tkeys.shape[0]
    j0 = _slot(keys, d, size)
    j = j0
    for _ in range(4):
        if tused[j] == 0:
            break
        j = (j + 1) & (size - 1)
    if tused[j] != 0:
        j = j0
    for k in range(TT_KEYS):
        tkeys[j, k] = keys[d, k]
    tused[j] = 1
    return j


@njit(cache=True)
def _restrict(hands, side, trump, seat, mv, base, cnt, restrict):
    """Narrow the options of a claiming hand on lead (see the module doc); returns the count."""
    if restrict == 0 or trump == 4:
        return cnt
    if hold(hands[1 - side] | hands[3 - side], trump) == 0:
        return cnt
    h = hands[seat]
    has_trump = hold(h, trump) != 0
    has_side = (h & ~suit_bits(trump)) != 0
    if restrict == 1 and not has_trump:
        return cnt
    if restrict == 2 and not has_side:
        return cnt
    k = 0
    for i in range(cnt):
        is_trump = (mv[base + i, 0] >> 4) == trump
        keep = is_trump if restrict == 1 else not is_trump
        if keep:
            for f in range(4):
                mv[base + k, f] = mv[base + i, f]
            k += 1
    if k == 0:
        return cnt
    return k


@njit(cache=True)
def lines_tree(hands, trump, side, d0, trk, leader0, forget0, shown0, running0, pc0, aux0,
               policy, options, steps, named, restrict, mv, stk, acc, cval, wacc, cw, macc, cm,
               keys, tkeys, tused, tvals, tw, tm, stats, budget, memo):
    """Evaluate the tree of normal lines from the state at ply d0 (the current trick's d0 & 3
    cards in trk[0:d0]). Returns 1 when done (the root's shares in cval[d0], always-winners in
    cw[d0], least in cm[d0]), 0 when the node budget ran out. stats: 0 nodes, 1 table hits.
    ``hands`` is restored on return. (pc0, aux0): the statement counter, already settled."""
    d = d0
    stk[L_LEADER, d] = leader0
    stk[L_FORGET, d] = forget0
    stk[L_SHOWN, d] = shown0
    stk[L_RUNNING, d] = running0
    stk[L_PC, d] = pc0
    stk[L_AUX, d] = aux0
    entering = True
    while True:
        if entering:
            stats[0] += 1
            if budget > 0 and stats[0] > budget:
                return 0
            p = d & 3
            ld = stk[L_LEADER, d]
            done = False
            if p == 0:
                if popcount(hands[ld]) == 0:
                    for k in range(NV):
                        cval[d, k] = 0.0
                    cval[d, 0] = 1.0
                    cw[d] = 0
                    cm[d] = 0
                    done = True
                else:
                    _key(hands, stk[L_FORGET, d], ld, stk[L_SHOWN, d], stk[L_RUNNING, d],
                         stk[L_PC, d], stk[L_AUX, d], keys, d)
                    j = _probe(tkeys, tused, keys, d)
                    if j >= 0:
                        for k in range(NV):
                            cval[d, k] = tvals[j, k]
                        cw[d] = tw[j]
                        cm[d] = tm[j]
                        stats[1] += 1
                        done = True
            if done:
                entering = False
                continue
            else:
                base = 16 * d
                cnt = gen_options(hands, side, trump, stk[L_FORGET, d], stk[L_SHOWN, d],
                                  stk[L_RUNNING, d], stk[L_PC, d], stk[L_AUX, d], steps, policy,
                                  options, named, ld, trk, d - p, p, mv, base, stats[4:5], memo)
                seat = (ld + p) & 3
                if p == 0 and (seat & 1) == side:
                    cnt = _restrict(hands, side, trump, seat, mv, base, cnt, restrict)
                stk[L_CNT, d] = cnt
                stk[L_I, d] = 0
                claimer = (seat & 1) == side
                for k in range(NV):
                    acc[d, k] = 0.0 if claimer else -1.0
                wacc[d] = -1  # every bit set: identity of AND
                macc[d] = 99
        else:
            if d == d0:
                return 1
            # back in the parent: undo its move and fold the child's value in
            d -= 1
            p = d & 3
            ld = stk[L_LEADER, d]
            seat = (ld + p) & 3
            hands[seat] |= np.int64(1) << trk[d]
            claimer = (seat & 1) == side
            trick_done = p == 3
            won = stk[L_WON, d]
            nc_won = trick_done and won == 0
            for k in range(NV):
                if nc_won:
                    v = 1.0 if k == 0 else cval[d + 1, k - 1]
                else:
                    v = cval[d + 1, k]
                if claimer:
                    acc[d, k] += v
                elif v > acc[d, k]:
                    acc[d, k] = v
            w = cw[d + 1]
            m = cm[d + 1]
            if trick_done and won == 1:
                w |= np.int64(1) << stk[L_WCARD, d]
                m += 1
            wacc[d] &= w
            if m < macc[d]:
                macc[d] = m
        # ---- next child of ply d, or finish it
        i = stk[L_I, d]
        cnt = stk[L_CNT, d]
        if i >= cnt:
            p = d & 3
            ld = stk[L_LEADER, d]
            seat = (ld + p) & 3
            if (seat & 1) == side:
                for k in range(NV):
                    cval[d, k] = acc[d, k] / cnt
            else:
                for k in range(NV):
                    cval[d, k] = acc[d, k]
            cw[d] = wacc[d]
            cm[d] = macc[d]
            if p == 0:
                j = _store(tkeys, tused, keys, d)
                for k in range(NV):
                    tvals[j, k] = cval[d, k]
                tw[j] = cw[d]
                tm[j] = cm[d]
            entering = False
            continue
        stk[L_I, d] = i + 1
        c = mv[16 * d + i, 0]
        nl, nf, ns, nr, npc, naux, won = play_card(
            hands, side, trump, trk, d, stk[L_LEADER, d], stk[L_FORGET, d], stk[L_SHOWN, d],
            stk[L_RUNNING, d], stk[L_PC, d], stk[L_AUX, d], c, steps, options)
        cl = mv[16 * d + i, 1]
        if cl >= 0 and mv[16 * d + i, 2] == 0 and policy[cl] == T.SLIP:
            ns |= np.int64(1) << T.SHOWN_SLIP
        stk[L_WON, d] = won
        if (d & 3) == 3:
            tstart = d - 3
            wc = trk[tstart]
            for k in range(1, 4):
                x = trk[tstart + k]
                if (x >> 4) == (wc >> 4):
                    if x > wc:
                        wc = x
                elif (x >> 4) == trump:
                    wc = x
            stk[L_WCARD, d] = wc
        d += 1
        stk[L_LEADER, d] = nl
        stk[L_FORGET, d] = nf
        stk[L_SHOWN, d] = ns
        stk[L_RUNNING, d] = nr
        stk[L_PC, d] = npc
        stk[L_AUX, d] = naux
        entering = True


@dataclass
class LinesResult:
    """shares[k]: weighted share of normal lines on which the non-claiming side wins at least
    k of the remaining tricks (its best play for each k); least: the claiming side's fewest
    tricks; always: bitboard of claiming-side cards winning a trick on every line; nodes;
    complete: False when the node budget ran out (the other fields are then not valid)."""

    shares: list[float]
    least: int
    always: int
    nodes: int
    complete: bool = True
    line: list = field(default_factory=list)


class _Tree:
    """Buffers and constants of one tree (the table is reused by the witness walk: it holds
    exact values of trick-boundary states of this tree only)."""

    def __init__(self, hands, trump, leader, trick, claim_side, forget, shown, policy, options,
                 steps, restrict, tt_log2):
        if restrict not in (0, 1, 2):
            raise ValueError(f"restrict must be 0, 1 or 2, got {restrict!r}")
        self.hands = np.array(hands, dtype=np.int64)
        self.trick = [int(c) for c in np.asarray(trick).tolist()]
        self.k = len(self.trick)
        self.trump, self.leader, self.side = int(trump), int(leader), int(claim_side)
        self.trk = np.zeros(NPLY, dtype=np.int64)
        for i, c in enumerate(self.trick):
            self.trk[i] = c
        self.steps = np.ascontiguousarray(steps, dtype=np.int64).reshape(-1, 9)
        self.named = named_cards(self.steps)
        out = int(self.hands[1 - claim_side]) | int(self.hands[3 - claim_side])
        self.forget = int(forget) & out
        self.shown = int(shown)
        self.policy, self.options, self.restrict = policy, options, int(restrict)
        size = 1 << int(tt_log2)
        self.mv = np.zeros((NPLY * 16, 4), dtype=np.int64)
        self.stk = np.zeros((N_LFIELDS, NPLY), dtype=np.int64)
        self.acc = np.zeros((NPLY, NV), dtype=np.float64)
        self.cval = np.zeros((NPLY, NV), dtype=np.float64)
        self.wacc = np.zeros(NPLY, dtype=np.int64)
        self.cw = np.zeros(NPLY, dtype=np.int64)
        self.macc = np.zeros(NPLY, dtype=np.int64)
        self.cm = np.zeros(NPLY, dtype=np.int64)
        self.keys = np.zeros((NPLY, TT_KEYS), dtype=np.int64)
        self.tkeys = np.zeros((size, TT_KEYS), dtype=np.int64)
        self.tused = np.zeros(size, dtype=np.int64)
        self.tvals = np.zeros((size, NV), dtype=np.float64)
        self.tw = np.zeros(size, dtype=np.int64)
        self.tm = np.zeros(size, dtype=np.int64)
        self.stats = np.zeros(5, dtype=np.int64)  # 0 nodes, 1 table hits, 4 play classes met
        self.seen = np.zeros(1, dtype=np.int64)
        self.memo = count_memo()
        pc = 0 if self.steps.shape[0] > 0 else -1
        self.pc, self.aux = (int(x) for x in settle_pc(self.hands, np.int64(self.side), np.int64(self.trump),
                                                        np.int64(self.forget), np.int64(self.shown),
                                                        np.int64(pc), np.int64(0), self.steps))

    def run(self, d, leader, forget, shown, running, pc, aux, budget) -> bool:
        return bool(lines_tree(self.hands, np.int64(self.trump), np.int64(self.side), np.int64(d), self.trk,
                               np.int64(leader), np.int64(forget), np.int64(shown), np.int64(running),
                               np.int64(pc), np.int64(aux), self.policy, self.options, self.steps,
                               np.int64(self.named), np.int64(self.restrict), self.mv, self.stk,
                               self.acc, self.cval, self.wacc, self.cw, self.macc, self.cm, self.keys,
                               self.tkeys, self.tused, self.tvals, self.tw, self.tm, self.stats,
                               np.int64(budget), self.memo))

    def budget_left(self, budget: int) -> int:
        if budget <= 0:
            return 0
        return max(1, budget - int(self.stats[0]))


def normal_lines(hands: np.ndarray, trump: int, leader: int, trick: np.ndarray, claim_side: int,
                 forget: int, shown: int, policy: np.ndarray, options: np.ndarray,
                 steps: np.ndarray, restrict: int = 0, node_budget: int = 0,
                 tt_log2: int = DEFAULT_TT_LOG2, witness: bool = False) -> LinesResult:
    """Evaluate the tree of normal lines (see the module doc). Arguments as for
    :func:`claimsolver.engine.claim_api.claim_search` (validated there; call that first with
    the same arrays), plus ``restrict`` (0, 1 draw, 2 do not draw). With ``witness``, also a
    least successful line (``LinesResult.line``: (seat, card, play class or -1, stated))."""
    t = _Tree(hands, trump, leader, trick, claim_side, forget, shown, policy, options, steps,
              restrict, tt_log2)
    k = t.k
    if not t.run(k, t.leader, t.forget, t.shown, -1, t.pc, t.aux, node_budget):
        return LinesResult([], -1, 0, int(t.stats[0]), complete=False)
    n = bin(int(t.hands[(t.leader + k) % 4])).count("1")  # tricks left, the current one included
    shares = [float(t.cval[k, j]) for j in range(n + 1)]
    least, always = int(t.cm[k]), int(t.cw[k]) & _FULL_DECK
    line: list[tuple[int, int, int, bool]] = []
    if witness:
        line = _witness(t, least, node_budget)
        if line is None:
            return LinesResult([], -1, 0, int(t.stats[0]), complete=False)
    return LinesResult(shares, least, always, int(t.stats[0]), line=line)


def _witness(t: _Tree, least: int, budget: int):
    """Walk down a line that keeps the claiming side's fewest tricks (every child evaluated
    with the same, warm table)."""
    hands = t.hands
    d, leader, forget, shown, running, pc, aux = t.k, t.leader, t.forget, t.shown, -1, t.pc, t.aux
    target = least
    line = []
    while True:
        p = d & 3
        if p == 0 and hands[leader] == 0:
            return line
        base = 16 * d
        cnt = int(gen_options(hands, np.int64(t.side), np.int64(t.trump), np.int64(forget), np.int64(shown),
                              np.int64(running), np.int64(pc), np.int64(aux), t.steps, t.policy, t.options,
                              np.int64(t.named), np.int64(leader), t.trk, np.int64(d - p), np.int64(p),
                              t.mv, np.int64(base), t.seen, t.memo))
        seat = (leader + p) % 4
        if p == 0 and (seat & 1) == t.side:
            cnt = int(_restrict(hands, np.int64(t.side), np.int64(t.trump), np.int64(seat), t.mv,
                                np.int64(base), np.int64(cnt), np.int64(t.restrict)))
        opts = [tuple(int(x) for x in t.mv[base + i]) for i in range(cnt)]
        found = False
        for c, cls, st, _careless in opts:
            saved = hands.copy()
            nl, nf, ns, nr, npc, naux, won = (int(x) for x in play_card(
                hands, np.int64(t.side), np.int64(t.trump), t.trk, np.int64(d), np.int64(leader),
                np.int64(forget), np.int64(shown), np.int64(running), np.int64(pc), np.int64(aux),
                np.int64(c), t.steps, t.options))
            if cls >= 0 and not st and t.policy[cls] == T.SLIP:
                ns |= 1 << T.SHOWN_SLIP
            if won <= target:
                if not t.run(d + 1, nl, nf, ns, nr, npc, naux, t.budget_left(budget)):
                    return None
                if int(t.cm[d + 1]) + won == target:
                    line.append((seat, c, cls, bool(st)))
                    target -= won
                    d, leader, forget, shown, running, pc, aux = d + 1, nl, nf, ns, nr, npc, naux
                    found = True
                    break
            hands[:] = saved
        if not found:
            raise RuntimeError("lines: no option keeps the least value (internal error)")


_FULL_DECK = sum(0x7FFC << (16 * s) for s in range(4))
