"""Audit throughput: claims per second on the RealBridge PBN, with 1 and 2 workers.

Each run is ``claimsolver.audit.audit`` on the first ``--limit`` claims of the file (all 214
by default) at ``--time-limit`` seconds per claim. The JIT cache is warmed in this process
first. Reported per run: claims, ruled, skipped, wall seconds and claims per second:

- ``1``: in this process (no Dask);
- ``N (new cluster)``: ``workers=N``, the LocalCluster started and closed by the audit (its
  start-up and the workers' imports are in the time);
- ``N (running cluster)``: an already running and warmed LocalCluster (``--scheduler``).

    python benchmarks/bench_audit.py [--limit N] [--workers 1,2] [--time-limit 30] [--file F]
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from claimsolver import audit as A  # noqa: E402

DEFAULT_FILE = Path(os.environ.get("CLAIMSOLVER_DATA", Path(__file__).resolve().parents[1] / "tests" / "data")) \
    / "real" / "realbridge-2021-qualifier.pbn"


def one_run(label: str, path: Path, limit: int | None, time_limit: float, **kw) -> dict:
    t0 = time.perf_counter()
    res = A.audit([path], limit=limit, time_limit=time_limit, **kw)
    wall = time.perf_counter() - t0
    s = res.summary
    skipped = sum(v for k, v in s["skipped"].items())
    return {"run": label, "claims": s["claims"], "ruled": s["ruled"], "skipped": skipped,
            "seconds": wall, "claims/s": s["claims"] / wall, "rows": res.rows}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=int, default=None, help="only the first N claims")
    ap.add_argument("--workers", default="1,2", help="worker counts, comma separated")
    ap.add_argument("--time-limit", type=float, default=A.DEFAULT_TIME_LIMIT)
    ap.add_argument("--file", type=Path, default=DEFAULT_FILE)
    args = ap.parse_args()
    if not args.file.exists():
        sys.exit(f"no such file: {args.file}")

    # warm the JIT (compiles on a first run ever, else loads the cache)
    A.audit([args.file], limit=1, time_limit=args.time_limit)

    runs = []
    for w in (int(x) for x in args.workers.split(",")):
        if w == 1:
            runs.append(one_run("1", args.file, args.limit, args.time_limit))
            continue
        runs.append(one_run(f"{w} (new cluster)", args.file, args.limit, args.time_limit, workers=w))
        from distributed import LocalCluster

        cluster = LocalCluster(n_workers=w, threads_per_worker=1, processes=True, dashboard_address=None,
                               scheduler_kwargs={"dashboard_address": "127.0.0.1:0"})
        try:
            A.audit([args.file], limit=2 * w, time_limit=args.time_limit, scheduler=cluster.scheduler_address,
                    per_item_seconds=1.0)  # warm every worker: one claim per task
            runs.append(one_run(f"{w} (running cluster)", args.file, args.limit, args.time_limit,
                                scheduler=cluster.scheduler_address))
        finally:
            cluster.close()

    print(f"{args.file.name}: first {runs[0]['claims']} claims, time limit {args.time_limit:g} s, "
          f"{os.cpu_count()} CPUs")
    print(f"{'workers':<22}{'claims':>8}{'ruled':>8}{'skipped':>9}{'seconds':>10}{'claims/s':>10}")
    for r in runs:
        print(f"{r['run']:<22}{r['claims']:>8}{r['ruled']:>8}{r['skipped']:>9}{r['seconds']:>10.1f}"
              f"{r['claims/s']:>10.2f}")
    same = all(r["rows"] == runs[0]["rows"] for r in runs)
    print("same rows in every run:", "yes" if same else "NO")


if __name__ == "__main__":
    main()
