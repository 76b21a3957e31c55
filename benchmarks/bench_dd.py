"""Benchmark: claimsolver's double-dummy engine vs DDS (endplay solve_board, best card
only, one thread) on the same random positions.

    python benchmarks/bench_dd.py [--n 200] [--seed 1] [--sizes 5,7,10,13]

Positions: random deals of n cards per hand (n = tricks left) from a shuffled deck, random
strain and leader, at a trick boundary. The engine's transposition table is kept between
calls (its entries are exact facts about canonical positions), as DDS keeps its own when it
can. Times are CPU time of this process (time.process_time), so
other load on the machine disturbs them less. Prints median / p90 per size for both and the ratio engine/DDS (medians), and the
slowest engine case.
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


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=200, help="positions per size")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sizes", default="5,7,10,13")
    ap.add_argument("--no-dds", action="store_true")
    ap.add_argument("--clear", action="store_true", help="clear the engine TT before each call")
    args = ap.parse_args(argv)
    from endplay.dds import solve_board
    from endplay.dds.solve import SolveMode

    rng = np.random.default_rng(args.seed)
    sizes = [int(x) for x in args.sizes.split(",")]
    # warm the JIT
    h, t, l, tr = random_position(np.random.default_rng(0), 4, played=0)
    E.dd_tricks(h, t, l, tr)
    rows = []
    slowest = (0.0, None)
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
                    print(f"MISMATCH n={n} {h.tolist()} trump={t} leader={l}: {v} vs DDS {dv}")
        te = np.array(te) * 1e3
        td = np.array(td) * 1e3 if td else np.array([np.nan])
        rows.append((n, np.median(te), np.percentile(te, 90), te.max(),
                     np.median(td), np.percentile(td, 90)))
        print(f"done n={n}", file=sys.stderr, flush=True)
    print(f"{args.n} positions per size, seed {args.seed}; times in ms")
    print("| tricks left | engine median | engine p90 | engine max | DDS median | DDS p90 "
          "| engine/DDS (median) |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    for n, em, e9, emax, dm, d9 in rows:
        print(f"| {n} | {em:.3f} | {e9:.3f} | {emax:.1f} | {dm:.3f} | {d9:.3f} | {em / dm:.2f} |")
    dt, info = slowest
    if info:
        n, h, t, l, v, nodes = info
        print(f"slowest engine case: {dt * 1e3:.1f} ms, {n} tricks left, hands={h}, trump={t}, "
              f"leader={l}, value={v}, nodes={nodes}")


if __name__ == "__main__":
    main()
