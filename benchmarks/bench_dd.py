"""Benchmark: claimsolver's double-dummy engine vs DDS (endplay solve_board, best card
only, one thread) on the same random positions.

    python benchmarks/bench_dd.py [--n 200] [--seed 1] [--sizes 5,7,10,13] [--markdown]

Positions: random deals of n cards per hand (n = tricks left) from a shuffled deck, random
strain and leader, at a trick boundary. Each position is solved by the engine and then by
DDS, in this process, so both see the same machine load. The engine's transposition table is
kept between calls (its entries are exact facts about canonical positions), as DDS keeps its
own when it can. Times are CPU time of this process (time.process_time), so other load on
the machine disturbs them less.

Prints, per size, the median, p90, p99 and max of both and the ratios engine/DDS of each
statistic (the max ratio compares the engine's slowest position with DDS's slowest, which
may be another position), every value checked against DDS, and the slowest engine case.
"""
from __future__ import annotations

import argparse
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from randpos import random_position, to_deal  # noqa: E402

from claimsolver import engine as E  # noqa: E402

STATS = ("median", "p90", "p99", "max")


def summary(times_ms: np.ndarray) -> dict[str, float]:
    """Median, p90, p99 and max of a sample of times (ms)."""
    return {"median": float(np.median(times_ms)), "p90": float(np.percentile(times_ms, 90)),
            "p99": float(np.percentile(times_ms, 99)), "max": float(times_ms.max())}


def fmt_ms(x: float) -> str:
    """Milliseconds with about three significant digits (seconds past 10 s)."""
    if x >= 10000:
        return f"{x / 1000:.1f} s"
    if x >= 100:
        return f"{x:.0f} ms"
    if x >= 10:
        return f"{x:.1f} ms"
    if x >= 1:
        return f"{x:.2f} ms"
    return f"{x:.3f} ms"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=200, help="positions per size")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sizes", default="5,7,10,13")
    ap.add_argument("--no-dds", action="store_true", help="time the engine only")
    ap.add_argument("--clear", action="store_true", help="clear the engine TT before each call")
    args = ap.parse_args(argv)
    from endplay.dds import solve_board
    from endplay.dds.solve import SolveMode

    rng = np.random.default_rng(args.seed)
    sizes = [int(x) for x in args.sizes.split(",")]
    # warm the JIT (and load DDS) before timing
    h, t, l, tr = random_position(np.random.default_rng(0), 4, played=0)
    E.dd_tricks(h, t, l, tr)
    if not args.no_dds:
        solve_board(to_deal(h, t, l, tr), SolveMode.OptimalOne)
    rows = []
    slowest = (0.0, None)
    mismatches = 0
    for n in sizes:
        pos = [random_position(rng, n, played=0) for _ in range(args.n)]
        te, td = [], []
        for (h, t, l, tr) in pos:
            if args.clear:
                E.clear_tt()
            t0 = time.process_time()
            v = E.dd_tricks(h, t, l, tr)
            dt = time.process_time() - t0
            te.append(dt)
            if dt > slowest[0]:
                slowest = (dt, (n, h.tolist(), t, l, v, E.last_stats()["nodes"]))
            if not args.no_dds:
                d = to_deal(h, t, l, tr)
                t0 = time.process_time()
                res = solve_board(d, SolveMode.OptimalOne)
                td.append(time.process_time() - t0)
                dv = max(x for _, x in res)
                if dv != v:
                    mismatches += 1
                    print(f"MISMATCH n={n} {h.tolist()} trump={t} leader={l}: {v} vs DDS {dv}")
        es = summary(np.array(te) * 1e3)
        ds = summary(np.array(td) * 1e3) if td else None
        rows.append((n, es, ds))
        print(f"done n={n}", file=sys.stderr, flush=True)
    print(f"{args.n} positions per size, seed {args.seed}; CPU time per position")
    if args.no_dds:
        print("| tricks left | engine median | engine p90 | engine p99 | engine max |")
        print("|---:|---:|---:|---:|---:|")
        for n, es, _ in rows:
            print(f"| {n} | " + " | ".join(fmt_ms(es[k]) for k in STATS) + " |")
    else:
        print("| tricks left | " + " | ".join(f"engine {k}" for k in STATS) + " | "
              + " | ".join(f"DDS {k}" for k in STATS) + " | "
              + " | ".join(f"engine/DDS {k}" for k in STATS) + " |")
        print("|---:" * (1 + 3 * len(STATS)) + "|")
        for n, es, ds in rows:
            print(f"| {n} | " + " | ".join(fmt_ms(es[k]) for k in STATS) + " | "
                  + " | ".join(fmt_ms(ds[k]) for k in STATS) + " | "
                  + " | ".join(f"{es[k] / ds[k]:.2f}" for k in STATS) + " |")
        total = args.n * len(sizes)
        print(f"values equal to DDS: {total - mismatches} of {total}")
    dt, info = slowest
    if info:
        n, h, t, l, v, nodes = info
        print(f"slowest engine case: {dt * 1e3:.1f} ms, {n} tricks left, hands={h}, trump={t}, "
              f"leader={l}, value={v}, nodes={nodes}")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
