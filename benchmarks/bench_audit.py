"""Audit throughput: claims per second over the repository's real records, 1 process and N workers.

Each run is ``claimsolver.audit.audit`` on the record files (default: every real record of the
repository, ``tests/data/real`` and ``tests/data/vugraph``, 382 claims) at ``--time-limit``
seconds per claim. The JIT cache is warmed in this process first. Reported per run: claims,
ruled, skipped, wall seconds and claims per second, and the time per claim (median, p90, p99,
max) with the slowest claim:

- ``1``: in this process (no Dask);
- ``N``: ``workers=N``, the LocalCluster started and closed by the audit; its start (worker
  processes importing the solver and loading the compiled kernels) is reported apart in
  ``start s``, and ``claims/s`` counts the ruling only (``claims/s all`` includes the start).

``c/cpu s``: claims per CPU second of this process (1 process only): on a shared machine the
wall-clock rates depend on the other jobs, this one much less.

Every run must give the same rows (checked).

    python benchmarks/bench_audit.py [--workers 1,2] [--time-limit 30] [--class club] [--limit N] [PATH ...]
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from claimsolver import audit as A  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
DATA = Path(os.environ.get("CLAIMSOLVER_DATA", ROOT / "tests" / "data"))
DEFAULT_PATHS = [DATA / "real", DATA / "vugraph"]


def percentile(sorted_values: list[float], q: float) -> float:
    """The q-quantile (0..1) by the nearest-rank method."""
    if not sorted_values:
        return float("nan")
    k = max(0, min(len(sorted_values) - 1, int(round(q * len(sorted_values) + 0.5)) - 1))
    return sorted_values[k]


def one_run(label: str, paths: list[Path], limit: int | None, time_limit: float, settings: dict, **kw) -> dict:
    t0 = time.perf_counter()
    c0 = time.process_time()
    res = A.audit(paths, limit=limit, time_limit=time_limit, settings=settings, **kw)
    wall = time.perf_counter() - t0
    cpu = time.process_time() - c0  # this process only: the whole work with workers=1
    s = res.summary
    skipped = sum(v for k, v in s["skipped"].items() if k != "no-play")
    per_claim = sorted(t for t in res.seconds if t is not None)
    slow = res.slowest()
    work = wall - res.start_seconds
    return {"run": label, "claims": s["claims"], "ruled": s["ruled"], "skipped": skipped,
            "time_limit": s["skipped"].get(A.TIME_LIMIT, 0), "seconds": wall, "start": res.start_seconds,
            "claims/s": s["claims"] / work, "claims/s all": s["claims"] / wall,
            "claims/cpu s": s["claims"] / cpu if kw.get("workers", 1) == 1 and cpu > 0 else None,
            "median": statistics.median(per_claim) if per_claim else float("nan"),
            "p90": percentile(per_claim, 0.90), "p99": percentile(per_claim, 0.99),
            "max": per_claim[-1] if per_claim else float("nan"),
            "slowest": A._where_text(slow[0]).replace(str(ROOT) + os.sep, "") if slow else "-", "rows": res.rows}


def ms(x: float) -> str:
    return f"{1000 * x:.1f} ms" if x < 1 else f"{x:.2f} s"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="*", type=Path, default=DEFAULT_PATHS)
    ap.add_argument("--limit", type=int, default=None, help="only the first N claims")
    ap.add_argument("--workers", default="1,2", help="worker counts, comma separated")
    ap.add_argument("--time-limit", type=float, default=A.DEFAULT_TIME_LIMIT)
    ap.add_argument("--class", dest="player_class", default=None, help="novice, club (default) or expert")
    args = ap.parse_args()
    for p in args.paths:
        if not p.exists():
            sys.exit(f"no such file or folder: {p}")
    settings = {"player_class": args.player_class} if args.player_class else {}

    A.warm_up()  # load the compiled kernels in this process (compiles them on a first run ever)

    runs = []
    for w in (int(x) for x in args.workers.split(",")):
        runs.append(one_run(str(w), args.paths, args.limit, args.time_limit, settings, workers=w))

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{', '.join(str(p) for p in args.paths)}: {runs[0]['claims']} claims, time limit {args.time_limit:g} s, "
          f"class {args.player_class or 'club'}, {os.cpu_count()} CPUs, load average {load:.1f}")
    print(f"{'workers':<8}{'claims':>7}{'ruled':>7}{'at limit':>9}{'start s':>9}{'seconds':>9}{'claims/s':>10}"
          f"{'c/s all':>9}{'c/cpu s':>9}{'median':>10}{'p90':>10}{'p99':>10}{'max':>10}  slowest")
    for r in runs:
        cpu = f"{r['claims/cpu s']:.1f}" if r["claims/cpu s"] else "-"
        print(f"{r['run']:<8}{r['claims']:>7}{r['ruled']:>7}{r['time_limit']:>9}{r['start']:>9.1f}{r['seconds']:>9.1f}"
              f"{r['claims/s']:>10.1f}{r['claims/s all']:>9.1f}{cpu:>9}{ms(r['median']):>10}{ms(r['p90']):>10}"
              f"{ms(r['p99']):>10}{ms(r['max']):>10}  {r['slowest']}")
    # a claim over the time limit names the positions searched so far, which vary with timing
    def ruled(rows):
        return [{k: v for k, v in row.items() if k != "detail"} for row in rows]

    same = all(ruled(r["rows"]) == ruled(runs[0]["rows"]) for r in runs)
    print("same rows in every run:", "yes" if same else "NO")


if __name__ == "__main__":
    main()
