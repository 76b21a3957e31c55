"""Calibration of the ruling model on real records (issue 9, docs/calibration.md).

Audits every recorded claim of the records given (default: the repository's vendored real
records and vugraph archives) under each class of player and awareness setting, and reports
the share of ruled claims flagged needs-statement, split into those whose loss rests on an
outstanding trump (the ruling applied Law 70C) and the rest. With ``--draw N`` it also prints,
for N randomly drawn flagged claims without Law 70C at the class given by ``--draw-class``,
the worst line (the text ruling) for review.

    python benchmarks/calibrate.py [PATH ...] [--classes expert,club,novice]
        [--awareness evidence,strict] [--draw 20 --seed 1 --draw-class expert] [--json OUT]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from claimsolver.audit import NEEDS_STATEMENT, audit, rests_on_trump  # noqa: E402

DEFAULT_PATHS = [ROOT / "tests" / "data" / "real", ROOT / "tests" / "data" / "vugraph"]


def shares(rows: list[dict]) -> dict:
    ruled = [r for r in rows if "skipped" not in r]
    flagged = [r for r in ruled if NEEDS_STATEMENT in r["flags"]]
    trump = [r for r in flagged if rests_on_trump(r)]
    n = len(ruled) or 1
    return {"ruled": len(ruled), "needs_statement": len(flagged), "trump_70c": len(trump),
            "other": len(flagged) - len(trump), "share": len(flagged) / n,
            "share_70c": len(trump) / n, "share_other": (len(flagged) - len(trump)) / n,
            "upheld": sum(r["tricks"] == r["claimed"] for r in ruled)}


def draw(rows: list[dict], n: int, seed: int, player_class: str) -> list[str]:
    from claimsolver.claim import Claim
    from claimsolver.records import find_board
    from claimsolver.report import ruling_text
    from claimsolver.ruling import adjudicate

    pool = [r for r in rows if "skipped" not in r and NEEDS_STATEMENT in r["flags"] and not rests_on_trump(r)]
    random.Random(seed).shuffle(pool)
    out = []
    for r in pool[:n]:
        rec = find_board(r["file"], r["board"], r.get("room"), r.get("table"))
        claim = Claim.from_dict({**rec.to_claim_dict(), "player_class": player_class})
        where = f"{Path(r['file']).name} board {r['board']}" + (f" {r['room']} room" if r.get("room") else "") + (
            f" table {r['table']}" if r.get("table") else "")
        out.append(f"### {where}\n\n```\n{ruling_text(adjudicate(claim))}\n```\n")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="*", default=[str(p) for p in DEFAULT_PATHS])
    ap.add_argument("--classes", default="expert,club,novice")
    ap.add_argument("--awareness", default="evidence,strict")
    ap.add_argument("--time-limit", type=float, default=30.0)
    ap.add_argument("--draw", type=int, default=0)
    ap.add_argument("--draw-class", default="expert")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", default=None, help="write the table (and the rows) as JSON here")
    args = ap.parse_args()
    table = []
    rows_by = {}
    for cls in args.classes.split(","):
        for aw in args.awareness.split(","):
            t0 = time.perf_counter()
            res = audit(args.paths, time_limit=args.time_limit,
                        settings={"player_class": cls, "awareness": aw})
            s = shares(res.rows)
            s.update(player_class=cls, awareness=aw, seconds=round(time.perf_counter() - t0, 1))
            table.append(s)
            rows_by[(cls, aw)] = res.rows
            print(f"{cls:<7} {aw:<9} ruled {s['ruled']:>4}  needs-statement {s['needs_statement']:>4} "
                  f"({100 * s['share']:.1f}%): Law 70C {s['trump_70c']:>3} ({100 * s['share_70c']:.1f}%), "
                  f"other {s['other']:>3} ({100 * s['share_other']:.1f}%)  upheld {s['upheld']}", flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps({"table": table, "rows": {f"{k[0]}/{k[1]}": v for k, v in rows_by.items()}}))
    if args.draw:
        rows = rows_by.get((args.draw_class, "evidence")) or audit(
            args.paths, time_limit=args.time_limit, settings={"player_class": args.draw_class}).rows
        print()
        print("\n".join(draw(rows, args.draw, args.seed, args.draw_class)))


if __name__ == "__main__":
    main()
