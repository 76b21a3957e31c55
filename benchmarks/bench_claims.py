"""Claim-search ruling latency beside DDS: median, p90, p99 and max per trick count.

For 4, 7, 10 and 13 tricks left, ``--n`` random claims each (random deal of the remaining
cards, random strain, leader, 0-3 cards of the current trick, random claiming side): no
statement, forget = every opponent's card, shown = 0, options = [1,1,1,both claiming seats keep
the count,0,0,0,0] (as a declarer's claim), the policy of the default settings. Reports the
median, p90, p99 and max of the claim kernel (``claim_search``) and of DDS (endplay
``solve_board``) on the same positions, the kernel's p99/median, and the claims that ran out
of the node budget. Times are CPU time of this process (``time.process_time``), so other load on
the machine inflates them less than wall-clock time would (it still costs cache misses: compare
ratios). The JIT is warmed first.

    python benchmarks/bench_claims.py [--n 100] [--seed 1] [--tricks 4,7,10,13]
        [--counts 100,100,100,20] [--budget N] [--no-dds] [--dump claims.jsonl]

``--counts`` sets the number of claims per trick count (default ``--n`` each); the positions
are drawn from one random stream in order, so a smaller count at 13 tricks measures the first
claims of the full run. ``--budget`` defaults to the node budget of the audit's default time
limit (``audit.DEFAULT_TIME_LIMIT`` x ``ruling.NODES_PER_SECOND``); 0 = none. ``--dump``
writes one JSON line per claim (position, time, the search's counters) to study the tail.

``--awareness evidence`` measures the default settings instead (DESIGN 2.4, the default since
issue 9): each random position becomes a declarer's claim of the tricks double dummy gives his
side (the claim a player who sees his tricks makes; most real claims), no statement, club,
ACBL; the claimer's states of mind come from the Law layer (outstanding trumps under Law 70C,
a card the count points to, a small card inside a suit he runs), and the time is that of
``ruling.least_successful_state``: the states of mind worked out and each searched (the claim
search a director waits for; not the double-dummy value, the explanation or the expert's
own-count check). ``all`` (the default) is the hardest setting the policy meets: every
opponent's card overlooked.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from claimsolver.audit import DEFAULT_TIME_LIMIT  # noqa: E402
from claimsolver.claim import Settings  # noqa: E402
from claimsolver.engine.claim_api import ClaimBuffers, claim_search  # noqa: E402
from claimsolver.laws.normal import compile_policy  # noqa: E402
from claimsolver.ruling import NODES_PER_SECOND  # noqa: E402

DECK = [16 * s + r for s in range(4) for r in range(2, 15)]
OPTIONS = np.array([1, 1, 1, 0, 0, 0, 0, 0], dtype=np.int64)
NO_STEPS = np.zeros((0, 9), dtype=np.int64)
DEFAULT_BUDGET = int(DEFAULT_TIME_LIMIT * NODES_PER_SECOND)


def random_claim(rng: np.random.Generator, n: int):
    """(hands, trump, leader, trick, side) with n tricks left (current trick included)."""
    cards = rng.permutation(DECK)[: 4 * n]
    hands = np.zeros(4, dtype=np.int64)
    for p in range(4):
        for c in cards[p * n:(p + 1) * n]:
            hands[p] |= np.int64(1) << int(c)
    trump = int(rng.integers(0, 5))
    leader = int(rng.integers(0, 4))
    k = int(rng.integers(0, 4))
    trick: list[int] = []
    for j in range(k):
        p = (leader + j) % 4
        h = int(hands[p])
        mine = [c for c in DECK if (h >> c) & 1]
        if trick:
            follow = [c for c in mine if c >> 4 == trick[0] >> 4]
            mine = follow or mine
        c = int(rng.choice(mine))
        trick.append(c)
        hands[p] &= ~(np.int64(1) << c)
    side = int(rng.integers(0, 2))
    return hands, trump, leader, np.asarray(trick, dtype=np.int64), side


def to_deal(hands, trump, leader, trick):
    from claimsolver.position import Position

    return Position(tuple(int(h) for h in hands), trump, leader, tuple(int(c) for c in trick)).to_deal()


def run_claim(hands, trump, leader, trick, side, policy, budget, buffers=None):
    out = int(hands[1 - side]) | int(hands[3 - side])
    options = OPTIONS.copy()
    options[3] = (1 << side) | (1 << (side + 2))  # declarer's claim: both hands keep his count
    return claim_search(hands, trump, leader, trick, side, out, 0, policy, options, NO_STEPS,
                        node_budget=budget, buffers=buffers)


def evidence_claim(hands, trump, leader, trick, side):
    """A declarer's claim (North or East, no statement, default settings) of the tricks double
    dummy gives his side in the position."""
    from claimsolver import ruling as R
    from claimsolver.cards import Seat
    from claimsolver.claim import Claim
    from claimsolver.position import Position

    pos = Position(tuple(int(h) for h in hands), trump, Seat(leader), tuple(int(c) for c in trick))
    claim = Claim(position=pos, declarer=Seat(side), claimer=Seat(side), claimed=0)
    dd = R.double_dummy(claim)
    return dataclasses.replace(claim, claimed=dd), dd


def run_evidence(claim, dd, time_limit):
    """The claim search of the ruling (every state of mind of the default awareness, worked
    out and searched); returns (result or None when over the time limit, states of mind, CPU
    seconds of ``least_successful_state``)."""
    from claimsolver import ruling as R
    from claimsolver.laws import codes

    work = codes.working_claim(claim)
    policy = codes.compile_policy(work)
    compiled, _, _ = R.understand(claim)
    states = len(R.code_states(work, claim, compiled.mentions, could_make=dd))
    t = time.process_time()
    try:
        _aw, res = R.least_successful_state(work, claim, compiled, policy, time_limit, {}, could_make=dd)
    except R.TimeLimitReached:
        res = None
    return res, states, time.process_time() - t


def pct(a, q):
    return float(np.percentile(np.asarray(a), q)) if len(a) else float("nan")


def stats_of(a):
    """(median, p90, p99, max) in ms of times in seconds."""
    return tuple(pct(a, q) * 1e3 for q in (50, 90, 99, 100))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--n", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tricks", default="4,7,10,13")
    ap.add_argument("--budget", type=int, default=DEFAULT_BUDGET,
                    help=f"node budget per claim (0 = none; default {DEFAULT_BUDGET})")
    ap.add_argument("--counts", default="", help="claims per trick count, e.g. 100,100,100,20")
    ap.add_argument("--no-dds", action="store_true")
    ap.add_argument("--dump", default="", help="write one JSON line per claim to this file")
    ap.add_argument("--awareness", choices=("all", "evidence"), default="all",
                    help="all: every opponent's card overlooked (the hardest); evidence: the default settings")
    args = ap.parse_args(argv)
    evidence = args.awareness == "evidence"
    time_limit = (args.budget / NODES_PER_SECOND) if args.budget else None
    policy = compile_policy(Settings())
    rng = np.random.default_rng(args.seed)
    buffers = ClaimBuffers()
    # numpy maps the zeroed tables lazily: without this, the first searches of the run pay the
    # page faults of the pages they touch (measured: 15-60 ms on claims of 4 tricks, i.e. the
    # whole p99 there); a long audit or server worker pays them once, so measure without them
    buffers.tt.fill(0)
    buffers.tt1.fill(0)
    # warm the JIT (and the buffers)
    t0 = time.perf_counter()
    for _ in range(3):
        run_claim(*random_claim(rng, 3), policy, 0, buffers)
    if evidence:
        # the ruling's own tables (claim_api's process buffers), faulted in and warmed the same way
        from claimsolver.engine import claim_api
        own = claim_api._get_buffers()
        own.tt.fill(0)
        own.tt1.fill(0)
        for _ in range(3):
            run_evidence(*evidence_claim(*random_claim(rng, 3)), None)
    print(f"warm-up (JIT load/compile): {time.perf_counter() - t0:.2f} s", file=sys.stderr)
    solve_board = None
    if not args.no_dds:
        from endplay.dds import solve_board
    dump = open(args.dump, "w") if args.dump else None
    rows = []
    tricks = [int(x) for x in args.tricks.split(",")]
    counts = [int(x) for x in args.counts.split(",")] if args.counts else [args.n] * len(tricks)
    for n, count in zip(tricks, counts):
        kt, dt, nodes, incomplete = [], [], [], 0
        for i in range(count):
            hands, trump, leader, trick, side = random_claim(rng, n)
            states = 1
            if evidence:
                claim, dd = evidence_claim(hands, trump, leader, trick, side)
                res, states, sec = run_evidence(claim, dd, time_limit)
                kt.append(sec)
                nodes.append(res.nodes if res is not None else args.budget)
                incomplete += res is None
            else:
                t = time.process_time()
                res = run_claim(hands, trump, leader, trick, side, policy, args.budget, buffers)
                kt.append(time.process_time() - t)
                nodes.append(res.nodes)
                incomplete += not res.complete
            if solve_board is not None:
                deal = to_deal(hands, trump, leader, trick)
                t = time.process_time()
                solve_board(deal)
                dt.append(time.process_time() - t)
            if dump is not None and evidence:
                dump.write(json.dumps({
                    "tricks": n, "i": i, "hands": [int(h) for h in hands], "trump": trump,
                    "leader": leader, "trick": [int(c) for c in trick], "side": side,
                    "ms": kt[-1] * 1e3, "dds_ms": dt[-1] * 1e3 if dt else None, "claimed": claim.claimed,
                    "states": states, "value": None if res is None else res.tricks,
                    "careless": None if res is None else res.careless,
                    "nodes": nodes[-1], "complete": res is not None}) + "\n")
            elif dump is not None:
                st = [int(x) for x in buffers.stats]
                dump.write(json.dumps({
                    "tricks": n, "i": i, "hands": [int(h) for h in hands], "trump": trump,
                    "leader": leader, "trick": [int(c) for c in trick], "side": side,
                    "ms": kt[-1] * 1e3, "dds_ms": dt[-1] * 1e3 if dt else None,
                    "value": res.tricks, "careless": res.careless, "complete": res.complete,
                    "nodes": res.nodes, "tt_hits": st[1], "bound_cuts": st[2],
                    "phase1_nodes": st[5], "phase2_nodes": st[6] - st[5] if st[6] else None,
                    "seen": res.seen}) + "\n")
        km = stats_of(kt)
        dm = stats_of(dt)
        row = (n, count, *km, *dm, int(np.median(nodes)), max(nodes), incomplete)
        rows.append(row)
        print(f"{n:2d} tricks: kernel median {km[0]:8.2f} p90 {km[1]:8.2f} p99 {km[2]:9.2f} max "
              f"{km[3]:9.2f} ms (p99/median {km[2] / km[0]:.1f}) | DDS median {dm[0]:6.2f} p99 "
              f"{dm[2]:7.2f} ms | nodes median {row[10]} p99/median {pct(nodes, 99) / row[10]:.1f} max "
              f"{row[11]} | at the budget "
              f"{incomplete}", file=sys.stderr, flush=True)
    if dump is not None:
        dump.close()
    print()
    print(f"node budget per claim: {args.budget or 'none'}; awareness: "
          f"{'evidence (the default settings: a claim of the double-dummy tricks)' if evidence else 'every opponent card overlooked'}")
    print()
    print("| tricks left | claims | kernel median (ms) | p90 | p99 | max | p99/median | DDS median "
          "(ms) | DDS p99 | DDS max | median ratio kernel/DDS | median nodes | at the budget |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for n, c, km, k90, k99, kx, dm, d90, d99, dx, nd, _, inc in rows:
        print(f"| {n} | {c} | {km:.2f} | {k90:.2f} | {k99:.1f} | {kx:.1f} | {k99 / km:.1f} | "
              f"{dm:.2f} | {d99:.2f} | {dx:.2f} | {km / dm:.1f} | {nd} | {inc} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
