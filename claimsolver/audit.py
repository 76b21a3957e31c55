"""Audit the claims of real hand records: every recorded claim ruled with no statement.

``audit(paths)`` reads every ``.pbn``/``.lin`` file (folders are walked), rules each recorded
claim as ``adjudicate`` would with no statement, and returns an :class:`AuditResult`: one row
per claim or per board that could not be ruled, in file order, and a summary. The ruling work
runs through :func:`claimsolver.batch.run` (in this process, on a local Dask cluster of N worker
processes, or on an existing cluster).

Each ruled claim gives (claim-format.md, "Audit output"): ``file``, ``board``, ``room`` (only
in multi-room files), ``table`` (only when the record has one), ``contract``, ``declarer``,
``claimer``, ``claimed``, ``double_dummy``, ``tricks`` and ``flags``:

- ``over-claim``: claimed > double dummy;
- ``needs-statement``: the ruling with no statement is below the claim although the claim is
  within double dummy (a normal line loses a trick: the claim only holds with a statement);
- ``law71-candidate``: the least successful normal line gives the claimer's side more than it
  claimed, so the tricks it conceded could not be lost (Law 71B would restore them).

A board that could not be ruled gives ``{"file", "board", "skipped", "detail"}`` (plus
``room``/``table`` when known): ``skipped`` is a short reason (a records skip code such as
``no-play``, or ``time limit``, ``bad input``, ``internal error``, ``unreadable file``),
``detail`` the message. Played-out and passed-out boards are counted, not listed.
"""

from __future__ import annotations

import dataclasses
import functools
import os
import time
from typing import Any, Callable, Iterable, Iterator, Sequence

from claimsolver.errors import ClaimSolverError

OVER_CLAIM = "over-claim"
NEEDS_STATEMENT = "needs-statement"
LAW71_CANDIDATE = "law71-candidate"
FLAGS = (OVER_CLAIM, NEEDS_STATEMENT, LAW71_CANDIDATE)

# skip reasons of the ruling stage (the records stage uses its own codes, e.g. "no-play")
TIME_LIMIT = "time limit"
BAD_INPUT = "bad input"
INTERNAL_ERROR = "internal error"
UNREADABLE_FILE = "unreadable file"

DEFAULT_TIME_LIMIT = 30.0
# The per-claim cost that sets the chunk size (claims per Dask task ~ chunk_seconds / this).
# Measured on the shared data: median ~1.5 ms, but a few claims with many tricks left take
# seconds, and the mean is ~0.2 s (RealBridge PBN) to ~0.5 s (all files, 30 s limit); 0.1 s
# gives tasks of ~10 claims, a second or more each, small enough to balance the slow claims.
SECONDS_PER_CLAIM = 0.1

RECORD_EXTENSIONS = (".pbn", ".lin")

CSV_COLUMNS = ("file", "board", "room", "table", "contract", "declarer", "claimer", "claimed",
               "double_dummy", "tricks", "flags", "laws", "forgotten", "skipped", "detail")


# --- the work item and the per-claim function (runs on the workers) ------------------------

@dataclasses.dataclass(frozen=True)
class AuditItem:
    """One recorded claim to rule: where it was recorded and its claim-file object."""

    file: str
    board: str
    room: str | None
    table: str | None
    claim: dict

    def where(self) -> dict[str, Any]:
        d: dict[str, Any] = {"file": self.file, "board": self.board}
        if self.room is not None:
            d["room"] = self.room
        if self.table is not None:
            d["table"] = self.table
        return d

    def __repr__(self) -> str:  # short: it is what BatchError records
        return f"AuditItem({self.claim.get('source') or self.file + ' board ' + self.board!s})"


def flags_of(claimed: int, double_dummy: int, tricks: int, least_normal: int) -> list[str]:
    """The audit flags of a claim (see the module doc)."""
    flags = []
    if claimed > double_dummy:
        flags.append(OVER_CLAIM)
    elif tricks < claimed:
        flags.append(NEEDS_STATEMENT)
    if least_normal > claimed:
        flags.append(LAW71_CANDIDATE)
    return flags


def rule_item(item: AuditItem, time_limit: float | None = DEFAULT_TIME_LIMIT,
              settings: dict[str, str] | None = None) -> dict[str, Any]:
    """Rule one recorded claim with no statement: the audit row, or a skipped row when the
    claim is bad input or over the time limit. Module-level and picklable (Dask workers).

    One claim search gives both the ruling (``adjudicate`` with no statement: Law 70, the least
    successful normal line capped by the claim) and the Law 71 test: the tricks the claiming
    side wins on that line (the ruling's ``line``) above the claim. ``settings``: claim-file
    settings fields applied to every claim (``player_class``, ``regulation``, ``awareness``)."""
    from claimsolver.cards import card_name
    from claimsolver.claim import Claim
    from claimsolver.ruling import TimeLimitReached, adjudicate

    where = item.where()
    try:
        claim = Claim.from_dict({**item.claim, **(settings or {})})
        ruling = adjudicate(claim, time_limit=time_limit)
    except TimeLimitReached as e:
        return {**where, "skipped": TIME_LIMIT, "detail": str(e)}
    except ClaimSolverError as e:
        return {**where, "skipped": BAD_INPUT, "detail": str(e).replace("\n", "; ")}
    least_normal = least_normal_tricks(ruling)
    c = item.claim
    return {
        **where,
        "contract": c.get("contract"),
        "declarer": c.get("declarer"),
        "claimer": c.get("claimer"),
        "claimed": ruling.claimed,
        "double_dummy": ruling.double_dummy,
        "tricks": ruling.tricks,
        "flags": flags_of(ruling.claimed, ruling.double_dummy, ruling.tricks, least_normal),
        "laws": ruling.laws,
        "forgotten": [{"card": card_name(c), "why": why} for c, why in ruling.forgotten],
    }


def least_normal_tricks(ruling: Any) -> int:
    """The claiming side's tricks on the ruling's worst normal line (the least successful
    normal line of the claim search, every remaining trick played out)."""
    side = ruling.claim.claiming_side
    return sum(1 for t in ruling.line if t.winner is not None and (int(t.winner) & 1) == side)


# --- reading -------------------------------------------------------------------------------

def record_files(paths: Iterable[str | os.PathLike]) -> Iterator[str]:
    """The record files to read: each file given as it is (whatever its extension: a wrong
    one is reported when read), each folder walked (sorted) for ``.pbn``/``.lin`` files."""
    for p in paths:
        p = os.fspath(p)
        if os.path.isdir(p):
            for root, dirs, files in os.walk(p):
                dirs.sort()
                for name in sorted(files):
                    if name.lower().endswith(RECORD_EXTENSIONS):
                        yield os.path.join(root, name)
        else:
            yield p


NO_BOARDS = "no boards found: not a PBN or LIN file?"


@dataclasses.dataclass
class FileError:
    """A file that could not be read at all (``internal`` when the reader itself failed)."""

    file: str
    message: str
    internal: bool = False

    def row(self) -> dict[str, Any]:
        return {"file": self.file, "board": None,
                "skipped": INTERNAL_ERROR if self.internal else UNREADABLE_FILE, "detail": self.message}


def read_records(paths: Iterable[str | os.PathLike]) -> Iterator[Any]:
    """Every board of every record file: ``RecordedClaim``, ``SkippedBoard`` or ``FileError``.
    A file that cannot be read (or whose reader fails) never stops the others."""
    from claimsolver.records import load

    for path in record_files(paths):
        if not os.path.exists(path):
            yield FileError(path, f"{path}: no such file or folder")
            continue
        try:
            items = list(load(path))
        except ClaimSolverError as e:
            msg = str(e)
            yield FileError(path, msg if msg.startswith(path) else f"{path}: {msg}")
            continue
        except Exception as e:  # noqa: BLE001 - a reader bug: reported, the batch goes on
            yield FileError(path, f"{path}: {type(e).__name__}: {e}", internal=True)
            continue
        if not items:  # e.g. a text file named .pbn: say so rather than "0 claims", exit 2
            yield FileError(path, f"{path}: {NO_BOARDS}")
            continue
        yield from items


# --- the audit -----------------------------------------------------------------------------

@dataclasses.dataclass
class AuditResult:
    """``rows``: one dict per ruled claim or per board that could not be ruled, in file order;
    ``summary``: see :func:`summarize_rows`."""

    rows: list[dict[str, Any]]
    summary: dict[str, Any]

    @property
    def exit_code(self) -> int:
        """0 when every claim was ruled, 1 on any internal error, else 2 when any board or file
        was skipped (bad record, bad input, time limit)."""
        skipped = self.summary["skipped"]
        if skipped.get(INTERNAL_ERROR):
            return 1
        return 2 if skipped else 0


def audit(
    paths: Sequence[str | os.PathLike],
    *,
    workers: int = 1,
    scheduler: Any = None,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
    progress: bool = False,
    chunk_seconds: float = 1.0,
    per_item_seconds: float | None = SECONDS_PER_CLAIM,
    limit: int | None = None,
    on_file_error: Callable[[FileError], None] | None = None,
    settings: dict[str, str] | None = None,
) -> AuditResult:
    """Audit every recorded claim under ``paths``. ``limit``: only the first N claims (boards
    after the N-th claim are not reported). ``on_file_error`` is told of each unreadable
    file as it is found. ``settings``: claim settings for every claim, e.g.
    ``{"player_class": "expert", "regulation": "ebu", "awareness": "strict"}`` (checked here:
    a bad value is bad input for the whole audit)."""
    from claimsolver.claim import settings_from

    settings = {k: v for k, v in (settings or {}).items() if v is not None}
    settings_from(settings)  # raises InvalidInput naming the field
    from claimsolver import batch
    from claimsolver.records import RecordedClaim

    t0 = time.perf_counter()
    slots: list[Any] = []  # a row dict, or the index of a work item
    items: list[AuditItem] = []
    counts = {"boards": 0, "played-out": 0, "passed-out": 0}
    for rec in read_records(paths):
        if limit is not None and len(items) >= limit:
            break
        if isinstance(rec, FileError):
            if on_file_error is not None:
                on_file_error(rec)
            slots.append(rec.row())
            continue
        counts["boards"] += 1
        if isinstance(rec, RecordedClaim):
            try:
                claim = rec.to_claim_dict()
            except Exception as e:  # noqa: BLE001 - a bad record must not stop the batch
                slots.append({**_where(rec), "skipped": INTERNAL_ERROR,
                              "detail": f"{type(e).__name__}: {e}"})
                continue
            slots.append(len(items))
            items.append(AuditItem(rec.file, str(rec.board), rec.room, rec.table, claim))
        elif rec.code in counts:
            counts[rec.code] += 1
        else:
            slots.append({**_where(rec), "skipped": rec.code, "detail": rec.reason})
    # Claims are sent in a fixed shuffled order: a record file holds the same board (often a
    # slow one) at many tables in a row, and a chunk of consecutive claims would keep them
    # together on one worker. The results come back in file order.
    order = spread(len(items))
    shuffled = batch.run(
        [items[i] for i in order], functools.partial(rule_item, time_limit=time_limit, settings=settings),
        workers=workers,
        scheduler=scheduler, chunk_seconds=chunk_seconds, progress=progress, per_item_seconds=per_item_seconds,
        label="claims",
    )
    results: list[Any] = [None] * len(items)
    for k, i in enumerate(order):
        results[i] = shuffled[k]
    rows: list[dict[str, Any]] = []
    for s in slots:
        if isinstance(s, int):
            r = results[s]
            if isinstance(r, batch.BatchError):
                r = {**items[s].where(), "skipped": INTERNAL_ERROR, "detail": f"{r.error}: {r.message}"}
            rows.append(r)
        else:
            rows.append(s)
    seconds = time.perf_counter() - t0
    summary = summarize_rows(rows, claims=len(items), seconds=seconds, **counts)
    if settings:
        summary["settings"] = dict(settings)
    return AuditResult(rows, summary)


def spread(n: int) -> list[int]:
    """A fixed permutation of range(n) that scatters neighbours (the same on every run)."""
    import random

    order = list(range(n))
    random.Random(n).shuffle(order)
    return order


def _where(rec: Any) -> dict[str, Any]:
    d: dict[str, Any] = {"file": rec.file, "board": None if rec.board is None else str(rec.board)}
    if rec.room is not None:
        d["room"] = rec.room
    if getattr(rec, "table", None) is not None:
        d["table"] = rec.table
    return d


def summarize_rows(rows: Sequence[dict[str, Any]], *, claims: int, seconds: float, boards: int = 0,
                   **not_errors: int) -> dict[str, Any]:
    """``boards`` read, ``claims`` read, ``ruled``, ``skipped`` (by reason), ``played_out``,
    ``passed_out``, ``flags`` (count of each), ``upheld`` (ruling = claim), ``seconds`` and
    ``claims_per_second`` (claims ruled or skipped per second of the whole audit)."""
    skipped: dict[str, int] = {}
    flags = {f: 0 for f in FLAGS}
    ruled = upheld = trump_70c = 0
    for r in rows:
        if "skipped" in r:
            skipped[r["skipped"]] = skipped.get(r["skipped"], 0) + 1
            continue
        ruled += 1
        upheld += r["tricks"] == r["claimed"]
        for f in r["flags"]:
            flags[f] += 1
        trump_70c += NEEDS_STATEMENT in r["flags"] and rests_on_trump(r)
    return {
        "boards": boards,
        "claims": claims,
        "ruled": ruled,
        "skipped": dict(sorted(skipped.items())),
        "played_out": not_errors.get("played-out", 0),
        "passed_out": not_errors.get("passed-out", 0),
        "upheld": upheld,
        "flags": flags,
        # needs-statement split: the loss rests on an outstanding trump (Law 70C) or not
        "needs_statement_70c": trump_70c,
        "needs_statement_other": flags[NEEDS_STATEMENT] - trump_70c,
        "seconds": round(seconds, 3),
        "claims_per_second": round(claims / seconds, 2) if seconds > 0 else None,
    }


def rests_on_trump(row: dict[str, Any]) -> bool:
    """Whether a ruled row's loss rests on an outstanding trump: the ruling applied Law 70C."""
    return "70C" in (row.get("laws") or [])


# --- formatting ----------------------------------------------------------------------------

def _where_text(r: dict[str, Any]) -> str:
    s = r["file"]
    if r.get("board") is not None:
        s += f" board {r['board']}"
    if r.get("room"):
        s += f" {r['room']} room"
    if r.get("table"):
        s += f" table {r['table']}"
    return s


def row_text(r: dict[str, Any]) -> str:
    """One line for a row of the audit."""
    if "skipped" in r:
        return f"{_where_text(r)}: skipped ({r['skipped']}): {r.get('detail', '')}"
    flags = f"  [{', '.join(r['flags'])}]" if r["flags"] else ""
    return (f"{_where_text(r)}: {r['contract']} by {r['declarer']}, {r['claimer']} claims {r['claimed']}, "
            f"double dummy {r['double_dummy']}, ruling {r['tricks']}{flags}")


def summary_text(s: dict[str, Any]) -> str:
    """The summary as a few lines of text."""
    lines = [f"Audit: {s['claims']} claims read on {s['boards']} boards; {s['ruled']} ruled "
             f"({s['upheld']} upheld with no statement), {sum(s['skipped'].values())} skipped; "
             f"{s['played_out']} played out, {s['passed_out']} passed out."]
    if s["skipped"]:
        lines.append("Skipped: " + ", ".join(f"{k} {v}" for k, v in s["skipped"].items()) + ".")
    lines.append("Flags: " + ", ".join(f"{k} {v}" for k, v in s["flags"].items())
                 + f" (needs-statement: {s.get('needs_statement_70c', 0)} on an outstanding trump, Law 70C; "
                 f"{s.get('needs_statement_other', 0)} other).")
    cps = s["claims_per_second"]
    lines.append(f"Time: {s['seconds']:.1f} s" + (f" ({cps:.1f} claims/s)." if cps is not None else "."))
    return "\n".join(lines)


def csv_record(r: dict[str, Any]) -> list[Any]:
    out = []
    for col in CSV_COLUMNS:
        v = r.get(col)
        if col in ("flags", "laws") and v is not None:
            v = " ".join(v)
        elif col == "forgotten" and v is not None:
            v = " ".join(f["card"] for f in v)
        out.append("" if v is None else v)
    return out


__all__ = [
    "audit", "AuditResult", "AuditItem", "rule_item", "least_normal_tricks", "flags_of", "read_records", "record_files",
    "summarize_rows", "rests_on_trump", "row_text", "summary_text", "csv_record", "FLAGS", "OVER_CLAIM",
    "NEEDS_STATEMENT", "LAW71_CANDIDATE", "TIME_LIMIT", "BAD_INPUT", "INTERNAL_ERROR",
    "UNREADABLE_FILE", "CSV_COLUMNS", "DEFAULT_TIME_LIMIT",
]
