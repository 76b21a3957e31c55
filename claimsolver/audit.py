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
``detail`` the message; a ``time limit`` row whose quick normal line (``ruling.probe_bound``)
falls short of the claim also has ``at_most``, the award's upper bound. Played-out and
passed-out boards are counted, not listed.
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
        # a quick normal line may still show the claim fails (ruling.probe_bound)
        return {**where, "skipped": TIME_LIMIT, "detail": str(e),
                **({"at_most": e.at_most} if e.at_most is not None else {})}
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


@dataclasses.dataclass(frozen=True)
class DealGroup:
    """The recorded claims of one deal (one board of one file: its tables and rooms), in file
    order: the unit of work. Its claims share the claim search's tables."""

    items: tuple[AuditItem, ...]

    def __repr__(self) -> str:  # short: it is what BatchError records
        first = self.items[0]
        return f"DealGroup({first.file} board {first.board}, {len(self.items)} claims)"


def rule_group(group: DealGroup, time_limit: float | None = DEFAULT_TIME_LIMIT,
               settings: dict[str, str] | None = None) -> list[tuple[dict[str, Any], float]]:
    """Rule each claim of one deal (:func:`rule_item`): [(row, seconds)] in the group's order.

    The claims of a deal, and the states of mind of each claim, are searched in one
    ``shared_tables`` block: a later search reads the transposition-table entries of the
    earlier ones with the same trump, claiming side and policy (often the same endings: the
    same board at several tables, one claim's states of mind differing in one card). The
    group is always ruled in the same order from empty tables, so a claim's node count, and
    so whether it meets the time limit, does not depend on the worker or the other groups.
    An unexpected error on one claim is that claim's ``internal error`` row."""
    from claimsolver.engine.claim_api import shared_tables

    out: list[tuple[dict[str, Any], float]] = []
    with shared_tables():
        for item in group.items:
            t0 = time.perf_counter()
            try:
                row = rule_item(item, time_limit, settings)
            except Exception as e:  # noqa: BLE001 - one claim's bug must not cost its deal's others
                row = {**item.where(), "skipped": INTERNAL_ERROR, "detail": f"{type(e).__name__}: {e}"}
            out.append((row, time.perf_counter() - t0))
    return out


def group_by_deal(items: Sequence[AuditItem]) -> list[list[int]]:
    """Indices of ``items`` grouped by deal (file and board), groups in order of their first
    claim, each in file order."""
    groups: dict[tuple[str, str], list[int]] = {}
    for i, it in enumerate(items):
        groups.setdefault((it.file, it.board), []).append(i)
    return list(groups.values())


def estimated_cost(item: AuditItem) -> float:
    """A rough cost in seconds of ruling a claim, to start the slowest first and balance the
    Dask tasks: the claim search grows about threefold per trick left (on the repository's
    records, the geometric mean per claim is ~1.4 ms at 4 tricks left, ~0.5 s at 9, seconds
    at 11-13; rank correlation with the measured times 0.82). Counting the outstanding trumps
    too ranked them worse (0.80); the states of mind cannot be counted before the double-dummy
    value, and only one claim there has more than one."""
    return 1e-3 * 3.0 ** max(0, _tricks_left(item.claim) - 4)


def _tricks_left(claim: dict) -> int:
    """The tricks left at the claim (the longest hand of the deal; 13 on bad input)."""
    try:
        hands = str(claim["deal"]).split(":", 1)[1].split()
        return max(len(h.replace(".", "").replace("-", "")) for h in hands[:4])
    except (KeyError, ValueError, IndexError):
        return 13


def warm_up() -> None:
    """Load the compiled kernels (claim search, double dummy) into this process: a tiny claim
    ruled once. Run on every Dask worker at the cluster's start."""
    from claimsolver.claim import Claim
    from claimsolver.ruling import adjudicate

    adjudicate(Claim.from_dict({"deal": "N:A... K... Q... J...", "trump": "NT", "declarer": "S",
                                "leader": "N", "claimer": "S", "claimed": 1}))


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
    ``summary``: see :func:`summarize_rows`; ``seconds``: per row, the seconds its claim took
    to rule (None for a row that is not a claim); ``start_seconds``: the Dask cluster's start
    with the workers loading the kernels (in this process: loading them)."""

    rows: list[dict[str, Any]]
    summary: dict[str, Any]
    seconds: list[float | None] = dataclasses.field(default_factory=list)
    start_seconds: float = 0.0

    @property
    def exit_code(self) -> int:
        """0 when every claim was ruled, 1 on any internal error, else 2 when any board or file
        was skipped (bad record, bad input, time limit)."""
        skipped = self.summary["skipped"]
        if skipped.get(INTERNAL_ERROR):
            return 1
        return 2 if skipped else 0

    def slowest(self) -> tuple[dict[str, Any], float] | None:
        """The row that took longest to rule, with its seconds (None with no claim)."""
        timed = [(t, k) for k, t in enumerate(self.seconds) if t is not None]
        if not timed:
            return None
        t, k = max(timed)
        return self.rows[k], t


def audit(
    paths: Sequence[str | os.PathLike],
    *,
    workers: int = 1,
    scheduler: Any = None,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
    progress: bool = False,
    chunk_seconds: float = 1.0,
    per_item_seconds: float | None = None,
    limit: int | None = None,
    on_file_error: Callable[[FileError], None] | None = None,
    settings: dict[str, str] | None = None,
) -> AuditResult:
    """Audit every recorded claim under ``paths``. ``limit``: only the first N claims (boards
    after the N-th claim are not reported). ``on_file_error`` is told of each unreadable
    file as it is found. ``settings``: claim settings for every claim, e.g.
    ``{"player_class": "expert", "regulation": "ebu", "awareness": "strict"}`` (checked here:
    a bad value is bad input for the whole audit).

    The unit of work is a deal (:func:`rule_group`); on Dask the deals start costliest first
    (:func:`estimated_cost`, or ``per_item_seconds`` per claim when given) in tasks of about
    ``chunk_seconds``."""
    from claimsolver.claim import settings_from

    settings = {k: v for k, v in (settings or {}).items() if v is not None}
    settings_from(settings)  # raises InvalidInput naming the field
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
    results, start_seconds = _rule_all(items, time_limit, settings, workers=workers, scheduler=scheduler,
                                       chunk_seconds=chunk_seconds, progress=progress,
                                       per_item_seconds=per_item_seconds)
    rows: list[dict[str, Any]] = []
    seconds: list[float | None] = []
    for s in slots:
        if isinstance(s, int):
            rows.append(results[s][0])
            seconds.append(results[s][1])
        else:
            rows.append(s)
            seconds.append(None)
    wall = time.perf_counter() - t0
    summary = summarize_rows(rows, claims=len(items), seconds=wall, **counts)
    if settings:
        summary["settings"] = dict(settings)
    return AuditResult(rows, summary, seconds, start_seconds)


def _rule_all(items: list[AuditItem], time_limit: float | None, settings: dict[str, str], *, workers: int,
              scheduler: Any, chunk_seconds: float, progress: bool,
              per_item_seconds: float | None) -> tuple[list[tuple[dict[str, Any], float | None]], float]:
    """(row, seconds) per item (in order), and the cluster's start in seconds."""
    from claimsolver import batch

    grouped = group_by_deal(items)
    groups = [DealGroup(tuple(items[i] for i in idx)) for idx in grouped]
    costs = [sum(per_item_seconds if per_item_seconds is not None else estimated_cost(it) for it in g.items)
             for g in groups]
    slowest: list[Any] = [None, -1.0]  # the slowest claim so far, for the progress bar

    def units(group: DealGroup, result: Any) -> tuple[int, str | None]:
        if isinstance(result, list):
            for row, sec in result:
                if sec > slowest[1]:
                    slowest[:] = [row, sec]
        if slowest[0] is None:
            return len(group.items), None
        short = {**slowest[0], "file": os.path.basename(slowest[0]["file"])}  # a progress line is short
        return len(group.items), f"slowest {_where_text(short)} ({slowest[1]:.1f} s)"

    info: dict[str, float] = {}
    rule = functools.partial(rule_group, time_limit=time_limit, settings=settings)
    out: list[Any] = batch.run(groups, rule, workers=workers, scheduler=scheduler, chunk_seconds=chunk_seconds,
                               progress=progress, label="claims", costs=costs, units=units, warm=warm_up, info=info)
    lost = [k for k, r in enumerate(out) if isinstance(r, batch.BatchError) and len(groups[k].items) > 1]
    if lost:
        # a worker died on one of these deals: rule their claims one by one, so that the death
        # costs the claim that caused it only
        singles = [DealGroup((it,)) for k in lost for it in groups[k].items]
        again = batch.run(singles, rule, workers=workers, scheduler=scheduler, chunk_seconds=chunk_seconds,
                          costs=[estimated_cost(g.items[0]) for g in singles], warm=warm_up)
        pos = 0
        for k in lost:
            n = len(groups[k].items)
            out[k] = [r[0] if isinstance(r, list) else r for r in again[pos:pos + n]]
            pos += n
    results: list[Any] = [None] * len(items)
    for idx, group, r in zip(grouped, groups, out):
        for j, (i, it) in enumerate(zip(idx, group.items)):
            e = r if isinstance(r, batch.BatchError) else r[j]
            if isinstance(e, batch.BatchError):
                results[i] = ({**it.where(), "skipped": INTERNAL_ERROR, "detail": f"{e.error}: {e.message}"}, None)
            else:
                results[i] = e
    return results, info.get("start_seconds", 0.0)


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
    ruled = upheld = trump_70c = failing_over_limit = 0
    for r in rows:
        if "skipped" in r:
            skipped[r["skipped"]] = skipped.get(r["skipped"], 0) + 1
            failing_over_limit += "at_most" in r
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
        # claims over the time limit that a quick normal line shows to fail (rows with at_most)
        "time_limit_failing": failing_over_limit,
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
        failing = s.get("time_limit_failing", 0)
        lines.append("Skipped: " + ", ".join(f"{k} {v}" for k, v in s["skipped"].items())
                     + (f" ({failing} of them shown to fail by a quick normal line: see at_most)" if failing else "")
                     + ".")
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
    "audit", "AuditResult", "AuditItem", "DealGroup", "rule_item", "rule_group", "group_by_deal", "estimated_cost",
    "warm_up", "least_normal_tricks", "flags_of", "read_records", "record_files",
    "summarize_rows", "rests_on_trump", "row_text", "summary_text", "csv_record", "FLAGS", "OVER_CLAIM",
    "NEEDS_STATEMENT", "LAW71_CANDIDATE", "TIME_LIMIT", "BAD_INPUT", "INTERNAL_ERROR",
    "UNREADABLE_FILE", "CSV_COLUMNS", "DEFAULT_TIME_LIMIT",
]
