"""A quick normal line for a claim the claim search could not finish: an upper bound.

When the exact claim search runs out of its node budget (a claim at trick 1 or 2 can need
hundreds of millions of positions), the one thing a director most needs to know is whether
some normal line loses tricks. ``probe_line`` walks one line greedily: at each play of the
claiming side it takes, among the plays the claim search itself takes as normal there (the
move generator of :mod:`.claim_moves`, statement, count and careless slips included), the one
after which double dummy gives the claiming side the fewest tricks; at each play of an
opponent, the legal card after which double dummy gives the claiming side the fewest. The line
is a normal line in the search's own terms, so its tricks bound the search's value from above
(the value is the fewest tricks over all such lines). It is not the least successful line:
the greedy choices see one play ahead only.

Knows nothing of Laws: it reads the policy array as the search does."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from claimsolver import tables as T


@dataclass(frozen=True)
class ProbeResult:
    """tricks: the claiming side's tricks from here (current trick included) on the line;
    line: (seat, card, play class or -1 for an opponent, stated) card by card, as
    ``ClaimSearchResult.line``; complete: False when a double-dummy value ran out of its budget
    (no line then)."""

    tricks: int
    line: list[tuple[int, int, int, bool]] = field(default_factory=list)
    complete: bool = True


def _legal(hands: np.ndarray, player: int, trk: np.ndarray, tstart: int, p: int) -> list[int]:
    """The player's legal cards, one of each run of equals (cards of one suit with no card
    between them still held by another hand or played to this trick — docs/engine.md,
    "Equivalent cards": the same double-dummy value, the same line)."""
    hand = int(hands[player])
    others = (int(hands[0]) | int(hands[1]) | int(hands[2]) | int(hands[3])) & ~hand
    for j in range(p):
        others |= 1 << int(trk[tstart + j])
    cards = [c for c in range(64) if hand >> c & 1]
    if p > 0:
        led = int(trk[tstart]) >> 4
        cards = [c for c in cards if c >> 4 == led] or cards
    out: list[int] = []
    for c in cards:
        prev = out[-1] if out else -1
        if prev >= 0 and prev >> 4 == c >> 4 and not (others >> (prev + 1)) & ((1 << (c - prev - 1)) - 1):
            continue  # equal to the card kept just below it
        out.append(c)
    return out


def probe_line(hands: np.ndarray, trump: int, leader: int, trick: np.ndarray, claim_side: int,
               forget: int, shown: int, policy: np.ndarray, options: np.ndarray, steps: np.ndarray,
               dd_budget: int = 2_000_000, seed: int | None = None, spent: list | None = None) -> ProbeResult:
    """One normal line chosen greedily by double dummy (module docstring), on the claim
    search's arguments. ``dd_budget``: nodes per double-dummy value (the probe gives up, with
    ``complete`` False, when one needs more). ``seed``: None takes the first of equal plays
    in the generator's order; a number draws among them (:func:`probe_lines` tries several).
    ``spent``: a one-item list [nodes left] shared by several probes: the double-dummy nodes
    each value costs are taken from it, and the probe gives up when it runs out."""
    from . import SearchBudgetExceeded, dd_tricks_side, last_dd_nodes
    from .claim_api import walk_start
    from .claim_moves import gen_options
    from .search_claim import play_card

    w = walk_start(hands, trump, leader, trick, claim_side, forget, shown, options, steps)
    h, trk, steps, options, named, mv, seen, side, tr, memo = (w.hands, w.trk, w.steps, w.options, w.named,
                                                               w.mv, w.seen, w.side, w.trump, w.memo)
    state = (w.leader, w.forget, w.shown, w.running)
    pc, aux, d = w.pc, w.aux, w.d
    rng = None if seed is None else np.random.default_rng(seed)
    tricks = 0
    line: list[tuple[int, int, int, bool]] = []

    def after(card: int, ld, fg, sh, rn, pc_, aux_):
        """Play ``card`` at ply d on copies: (the claiming side's double-dummy tricks from the
        start of this trick on, the child's state, won, the copies of hands and trick)."""
        hh, tt = h.copy(), trk.copy()
        nl, nf, ns, nr, npc, naux, won = play_card(hh, side, tr, tt, np.int64(d), ld, fg, sh, rn,
                                                   pc_, aux_, np.int64(card), steps, options)
        p = d & 3
        if not any(int(x) for x in hh):
            value = int(won)
        elif p == 3:
            value = int(won) + dd_tricks_side(hh, trump, int(nl), np.zeros(0, dtype=np.int64), claim_side,
                                              node_budget=dd_budget, checked=False)
        else:
            value = dd_tricks_side(hh, trump, int(ld), tt[d - p:d + 1].copy(), claim_side,
                                   node_budget=dd_budget, checked=False)
        if spent is not None and any(int(x) for x in hh):
            spent[0] -= last_dd_nodes()
            if spent[0] < 0:
                raise SearchBudgetExceeded("the probe's double-dummy budget is spent")
        return value, (nl, nf, ns, nr, npc, naux), int(won), (hh, tt)

    try:
        while any(int(x) for x in h):
            ld, fg, sh, rn = state
            p = d & 3
            player = (int(ld) + p) & 3
            choices: list[tuple[int, int, bool, bool]] = []  # card, class, stated, slip
            if (player & 1) == claim_side:
                cnt = gen_options(h, side, tr, fg, sh, rn, pc, aux, steps, policy, options, named,
                                  ld, trk, np.int64(d - p), np.int64(p), mv, np.int64(0), seen, memo)
                for i in range(cnt):
                    k, stated = int(mv[i, 1]), bool(mv[i, 2])
                    choices.append((int(mv[i, 0]), k, stated, k >= 0 and not stated and policy[k] == T.SLIP))
            else:
                choices = [(c, -1, False, False) for c in _legal(h, player, trk, d - p, p)]
            scored = [(after(card, ld, fg, sh, rn, pc, aux), card, k, stated, slip)
                      for card, k, stated, slip in choices]
            if not scored:  # no option (cannot happen: the generator always offers a play)
                return ProbeResult(-1, line, complete=False)
            low = min(v[0][0] for v in scored)
            ties = [v for v in scored if v[0][0] == low]
            pick = ties[0] if rng is None else ties[int(rng.integers(len(ties)))]
            (_value, child, won, (h, trk)), card, k, stated, slip = pick  # the chosen play's copies
            nl, nf, ns, nr, pc, aux = child
            if slip:
                ns |= np.int64(1) << T.SHOWN_SLIP
            state = (nl, nf, ns, nr)
            line.append((player, card, k, stated))
            tricks += won
            d += 1
    except SearchBudgetExceeded:
        return ProbeResult(-1, [], complete=False)
    return ProbeResult(tricks, line)


def probe_lines(hands: np.ndarray, trump: int, leader: int, trick: np.ndarray, claim_side: int,
                forget: int, shown: int, policy: np.ndarray, options: np.ndarray, steps: np.ndarray,
                tries: int = 24, dd_budget: int = 2_000_000, total_budget: int = 0) -> ProbeResult:
    """The line with the fewest tricks of ``tries`` probes: the first with the generator's
    order, the others drawing among equal plays with the seeds 1, 2, ... (deterministic).
    ``total_budget`` > 0: the double-dummy nodes all the probes may use together (counted in
    positions, so the result is the same on any machine); the probes stop when it is spent,
    keeping the lines finished before."""
    best: ProbeResult | None = None
    left = [total_budget] if total_budget > 0 else None
    for seed in [None, *range(1, tries)]:
        r = probe_line(hands, trump, leader, trick, claim_side, forget, shown, policy, options, steps,
                       dd_budget=dd_budget, seed=seed, spent=left)
        if r.complete and (best is None or r.tricks < best.tricks):
            best = r
        if left is not None and left[0] < 0:
            break
    return best if best is not None else ProbeResult(-1, [], complete=False)
