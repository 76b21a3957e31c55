"""Cost of the committee's sensitivity table (issue 9 target: at most 5x one ruling at <= 8
tricks left).

Rules recorded claims of the repository's real records with at most ``--max-tricks`` tricks
left, plainly and with ``sensitivity=True`` (12 settings and the lifted careless classes),
each ``--repeat`` times in turn, and reports the per-claim time ratio (median, p90, max) and the
total ratio, each claim's times the median of its repeats. The kernels are warmed first; each
claim is ruled plainly first, so the plain time includes no compilation. (A plain ruling takes
1-30 ms, and one run of each varied the total plain time by a third between runs (the cause
not isolated; repeated rulings of a claim run warm), so the total ratio moved between 3.5 and
5.6 with the sensitivity time the same; the median of three is stable.)

    python benchmarks/bench_sensitivity.py [--n 80] [--max-tricks 8] [--repeat 3] [PATH ...]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from claimsolver.claim import Claim  # noqa: E402
from claimsolver.records import RecordedClaim, load  # noqa: E402
from claimsolver.ruling import adjudicate  # noqa: E402


def claims(paths, n, max_tricks):
    out = []
    for path in paths:
        for p in sorted(Path(path).rglob("*")) if Path(path).is_dir() else [Path(path)]:
            if p.suffix.lower() not in (".pbn", ".lin"):
                continue
            for rec in load(p):
                if isinstance(rec, RecordedClaim):
                    c = Claim.from_dict(rec.to_claim_dict())
                    if c.tricks_left <= max_tricks:
                        out.append(c)
                if len(out) >= n:
                    return out
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("paths", nargs="*", default=[str(ROOT / "tests" / "data" / "real"),
                                                 str(ROOT / "tests" / "data" / "vugraph")])
    ap.add_argument("--n", type=int, default=80)
    ap.add_argument("--max-tricks", type=int, default=8)
    ap.add_argument("--repeat", type=int, default=3, help="rulings of each kind per claim (the median counts)")
    args = ap.parse_args()
    repeat = max(1, args.repeat)
    cs = claims(args.paths, args.n, args.max_tricks)
    adjudicate(cs[0], sensitivity=True)  # warm the kernels
    plain, sens = [], []
    for c in cs:
        ps, ss = [], []
        for _ in range(repeat):
            t0 = time.perf_counter()
            adjudicate(c)
            t1 = time.perf_counter()
            adjudicate(c, sensitivity=True)
            t2 = time.perf_counter()
            ps.append(t1 - t0)
            ss.append(t2 - t1)
        plain.append(statistics.median(ps))
        sens.append(statistics.median(ss))
    ratios = sorted(s / p for s, p in zip(sens, plain))
    q = lambda xs, f: xs[min(len(xs) - 1, int(f * len(xs)))]  # noqa: E731
    print(f"{len(cs)} recorded claims with <= {args.max_tricks} tricks left, each ruled {repeat}x "
          "of each kind (medians)")
    print(f"one ruling: median {1000 * statistics.median(plain):.2f} ms; with sensitivity: median "
          f"{1000 * statistics.median(sens):.2f} ms")
    print(f"ratio per claim: median {statistics.median(ratios):.2f}, p90 {q(ratios, 0.9):.2f}, "
          f"max {ratios[-1]:.2f}; total {sum(sens) / sum(plain):.2f}")


if __name__ == "__main__":
    main()
