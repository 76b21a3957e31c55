"""Claim-search ruling latency beside DDS.

For 4, 7, 10 and 13 tricks left, ``--n`` random claims each (random deal of the remaining
cards, random strain, leader, 0-3 cards of the current trick, random claiming side): no
statement, forget = every opponent's card, shown = 0, options = [1,1,1,both claiming seats keep
the count,0,0,0,0] (as a declarer's claim), the policy of the default settings. Reports the median and p99 of the claim kernel (``claim_search``), of
DDS (endplay ``solve_board``) for the same positions, and their ratio. The JIT is warmed first.

    python benchmarks/bench_claims.py [--n 100] [--seed 1] [--tricks 4,7,10,13] [--budget 0]
        [--counts 100,100,100,20]

``--counts`` sets the number of claims per trick count (default ``--n`` each); the positions
are drawn from one random stream in order, so a smaller count at 13 tricks measures the first
claims of the full run.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from claimsolver.claim import Settings  # noqa: E402
from claimsolver.engine.claim_api import claim_search  # noqa: E402
from claimsolver.laws.normal import compile_policy  # noqa: E402

DECK = [16 * s + r for s in range(4) for r in range(2, 15)]
OPTIONS = np.array([1, 1, 1, 0, 0, 0, 0, 0], dtype=np.int64)
NO_STEPS = np.zeros((0, 9), dtype=np.int64)


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


def run_claim(hands, trump, leader, trick, side, policy, budget):
    out = int(hands[1 - side]) | int(hands[3 - side])
    options = OPTIONS.copy()
    options[3] = (1 << side) | (1 << (side + 2))  # declarer's claim: both hands keep his count
    return claim_search(hands, trump, leader, trick, side, out, 0, policy, options, NO_STEPS,
                        node_budget=budget)


def pct(a, q):
    return float(np.percentile(np.asarray(a), q))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--n", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tricks", default="4,7,10,13")
    ap.add_argument("--budget", type=int, default=0, help="node budget per claim (0 = none)")
    ap.add_argument("--counts", default="", help="claims per trick count, e.g. 100,100,100,20")
    ap.add_argument("--no-dds", action="store_true")
    args = ap.parse_args(argv)
    policy = compile_policy(Settings())
    rng = np.random.default_rng(args.seed)
    # warm the JIT (and the buffers)
    t0 = time.perf_counter()
    for _ in range(3):
        run_claim(*random_claim(rng, 3), policy, 0)
    print(f"warm-up (JIT load/compile): {time.perf_counter() - t0:.2f} s", file=sys.stderr)
    solve_board = None
    if not args.no_dds:
        from endplay.dds import solve_board
    rows = []
    tricks = [int(x) for x in args.tricks.split(",")]
    counts = [int(x) for x in args.counts.split(",")] if args.counts else [args.n] * len(tricks)
    for n, count in zip(tricks, counts):
        kt, dt, nodes, incomplete = [], [], [], 0
        for _ in range(count):
            hands, trump, leader, trick, side = random_claim(rng, n)
            t = time.perf_counter()
            res = run_claim(hands, trump, leader, trick, side, policy, args.budget)
            kt.append(time.perf_counter() - t)
            nodes.append(res.nodes)
            incomplete += not res.complete
            if solve_board is not None:
                deal = to_deal(hands, trump, leader, trick)
                t = time.perf_counter()
                solve_board(deal)
                dt.append(time.perf_counter() - t)
        row = (n, pct(kt, 50) * 1e3, pct(kt, 99) * 1e3,
               pct(dt, 50) * 1e3 if dt else float("nan"), pct(dt, 99) * 1e3 if dt else float("nan"),
               int(np.median(nodes)), incomplete)
        rows.append(row)
        print(f"{n:2d} tricks: kernel median {row[1]:8.2f} ms p99 {row[2]:9.2f} ms | DDS median "
              f"{row[3]:7.2f} ms p99 {row[4]:7.2f} ms | nodes median {row[5]} | incomplete "
              f"{incomplete}", file=sys.stderr, flush=True)
    print()
    print("| tricks left | kernel median (ms) | kernel p99 (ms) | DDS median (ms) | DDS p99 (ms) "
          "| median ratio kernel/DDS | median nodes |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    for n, km, kp, dm, dp, nd, inc in rows:
        print(f"| {n} | {km:.2f} | {kp:.2f} | {dm:.2f} | {dp:.2f} | {km / dm:.1f} | {nd} |"
              + (f" ({inc} over budget)" if inc else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
