"""Statement parsing speed: milliseconds per statement over the phrasing corpus.

Every phrasing of ``tests/statement_corpus.py`` is parsed (``claimsolver.statement.parse``:
normalising, the Earley parse and the transformation into a line) ``--repeat`` times; each
statement's time is the median of its repeats, and the report gives the median, p90, p99 and
max of those per-statement times, the slowest statements, and the same figures for the plain
Earley parser (without the predictor's one-word lookahead) for comparison. The grammar is
built before timing. Target: p99 under 20 ms.

    python benchmarks/bench_parse.py [--repeat 5] [--plain] [--json]
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from claimsolver.statement import parse  # noqa: E402
from claimsolver.statement import parser as P  # noqa: E402
from statement_corpus import CORPUS  # noqa: E402


def quantile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def per_statement(texts: list[str], repeat: int) -> list[tuple[float, str]]:
    out = []
    for t in texts:
        runs = []
        for _ in range(repeat):
            t0 = time.perf_counter()
            parse(t)
            runs.append((time.perf_counter() - t0) * 1000)
        out.append((statistics.median(runs), t))
    return out


def summary(times: list[tuple[float, str]]) -> dict:
    ms = [m for m, _ in times]
    return {"statements": len(ms), "median_ms": statistics.median(ms), "p90_ms": quantile(ms, 0.90),
            "p99_ms": quantile(ms, 0.99), "max_ms": max(ms),
            "slowest": [(round(m, 2), t) for m, t in sorted(times, reverse=True)[:5]]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5, help="parses per statement (the median is kept)")
    ap.add_argument("--plain", action="store_true", help="also time the plain Earley parser")
    ap.add_argument("--json", action="store_true", help="print the numbers as JSON")
    args = ap.parse_args()

    texts = list(dict.fromkeys(t for t, _ in CORPUS))
    parse("draw trumps")  # build both grammars before timing
    P.plain()
    results = {"lookahead": summary(per_statement(texts, args.repeat))}
    if args.plain:  # the parser module's fast() replaced by the plain parser for this run
        fast = P.fast
        P.fast = P.plain  # type: ignore[assignment]  (a Lark object has the same parse(toks))
        try:
            results["plain"] = summary(per_statement(texts, args.repeat))
        finally:
            P.fast = fast
    if args.json:
        print(json.dumps(results, ensure_ascii=False, indent=1))
        return
    for name, r in results.items():
        print(f"{name}: {r['statements']} statements, median {r['median_ms']:.2f} ms, p90 {r['p90_ms']:.2f} ms, "
              f"p99 {r['p99_ms']:.2f} ms, max {r['max_ms']:.2f} ms")
        for m, t in r["slowest"]:
            print(f"    {m:7.2f} ms  {t}")


if __name__ == "__main__":
    main()
