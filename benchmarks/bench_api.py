"""Latency of the HTTP API: ``POST /api/rulings`` on the example claims (``examples/*.json``,
the valid ones) and the vendored cases (``tests/data/cases/*.json``), through a real
``claimsolver serve`` over HTTP, after the workers have loaded the kernels.

    python benchmarks/bench_api.py [--rounds 30] [--workers 2] [--clients 1]

Prints per-claim median and p99 and the overall p50/p99 (milliseconds, wall clock at the
client), and the page's own round trip for a 7-trick claim (``/api/check`` + ``/api/rulings``,
as the page does when the director presses "Rule").
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SEVEN = {"deal": "N:AK2..K32.Q QJ..QJT.KJ .AKQ2.A.A2 T98.3.9.43", "trump": "H", "declarer": "S", "leader": "S",
         "claimer": "S", "claimed": 7, "contract": "4H", "tricks_won": {"declarer": 3, "defenders": 3},
         "statement": "draw trumps, then the ace of diamonds and the ace of clubs"}


def post(url: str, body: dict) -> tuple[int, float]:
    data = json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    t = time.perf_counter()
    try:
        with urllib.request.urlopen(req, timeout=120) as r:
            r.read()
            code = r.status
    except urllib.error.HTTPError as e:
        e.read()
        code = e.code
    return code, (time.perf_counter() - t) * 1000


def percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    k = max(0, min(len(xs) - 1, int(round(q * (len(xs) - 1)))))
    return xs[k]


def start_server(workers: int) -> tuple[subprocess.Popen, str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    proc = subprocess.Popen([sys.executable, "-c", "from claimsolver.cli import main; main()", "serve",
                             "--port", str(port), "--workers", str(workers)], cwd=ROOT, env=env)
    url = f"http://127.0.0.1:{port}"
    t0 = time.time()
    while time.time() - t0 < 300:
        try:
            with urllib.request.urlopen(url + "/api/health", timeout=2) as r:
                if json.load(r)["status"] == "ok":
                    return proc, url
        except OSError:
            time.sleep(0.3)
    proc.kill()
    raise SystemExit("the server did not start")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=30)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--clients", type=int, default=1, help="parallel clients")
    args = ap.parse_args()
    files = sorted((ROOT / "examples").glob("*.json")) + sorted((ROOT / "tests" / "data" / "cases").glob("*.json"))
    claims = {}
    for f in files:
        d = json.loads(f.read_text())
        if f.stem != "bad-claim":  # deliberately invalid: a 422, not a ruling
            claims[f.stem] = d
    proc, url = start_server(args.workers)
    try:
        for d in claims.values():  # one warm-up request each
            post(url + "/api/rulings", d)
        per: dict[str, list[float]] = {k: [] for k in claims}
        jobs = [(k, d) for _ in range(args.rounds) for k, d in claims.items()]

        def one(job):
            k, d = job
            code, ms = post(url + "/api/rulings", d)
            assert code == 200, (k, code)
            return k, ms

        t0 = time.perf_counter()
        with ThreadPoolExecutor(args.clients) as ex:
            for k, ms in ex.map(one, jobs):
                per[k].append(ms)
        wall = time.perf_counter() - t0
        print(f"POST /api/rulings, {args.rounds} rounds x {len(claims)} claims, {args.workers} workers, "
              f"{args.clients} client(s): {len(jobs) / wall:.0f} rulings/s")
        print(f"{'claim':<34}{'tricks left':>12}{'p50 ms':>9}{'p99 ms':>9}")
        for k, xs in per.items():
            left = sum(len(h) for h in claims[k]["deal"][2:].replace(".", "").replace("-", "").split()) // 4 \
                + (1 if claims[k].get("trick") else 0)
            print(f"{k:<34}{left:>12}{statistics.median(xs):>9.1f}{percentile(xs, 0.99):>9.1f}")
        allx = [x for xs in per.values() for x in xs]
        print(f"{'all':<34}{'':>12}{percentile(allx, 0.5):>9.1f}{percentile(allx, 0.99):>9.1f}")
        page = []
        for _ in range(args.rounds):
            _, a = post(url + "/api/check", SEVEN)
            _, b = post(url + "/api/rulings", SEVEN)
            page.append(a + b)
        print(f"page round trip for a 7-trick claim (check + ruling): p50 {percentile(page, 0.5):.1f} ms, "
              f"p99 {percentile(page, 0.99):.1f} ms")
    finally:
        proc.terminate()
        proc.wait(10)


if __name__ == "__main__":
    main()
