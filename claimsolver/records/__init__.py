"""Real hand records (PBN, BBO LIN single hands and vugraph archives) -> the position at each
recorded claim.

``load(path)`` yields one item per board: a :class:`RecordedClaim` (the position at the
claim, ready for ``to_claim_dict()``) or a :class:`SkippedBoard` (``code`` says why: a board
played out to trick 13 is ``played-out``, which is not an error). One bad board never stops
the rest of the file. See docs/records.md.
"""

from __future__ import annotations

import os
from typing import Iterable, Iterator

from claimsolver.errors import ClaimSolverError
from claimsolver.records.replay import (
    NOT_ERRORS,
    PASSED_OUT,
    PLAYED_OUT,
    RecordedClaim,
    ReplayError,
    SkippedBoard,
    summarize,
)

FORMATS = {".pbn": "pbn", ".lin": "lin"}


def load(path: str | os.PathLike) -> Iterator[RecordedClaim | SkippedBoard]:
    """Every board of a ``.pbn`` or ``.lin`` file. Raises ClaimSolverError for an unknown
    extension or a file that cannot be opened."""
    p = os.fspath(path)
    ext = os.path.splitext(p)[1].lower()
    if ext not in FORMATS:
        raise ClaimSolverError(f"{p}: unknown hand-record format {ext or '(no extension)'!r} (expected .pbn or .lin)")
    try:
        with open(p, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError as e:
        raise ClaimSolverError(f"{p}: cannot read: {e.strerror or e}") from None
    if FORMATS[ext] == "pbn":
        from claimsolver.records import pbn

        return pbn.loads(text, file=p)
    from claimsolver.records import lin

    return lin.loads(text, file=p)


def find_board(
    path: str | os.PathLike, board: str | int, room: str | None = None, table: str | int | None = None
) -> RecordedClaim:
    """The claim recorded on one board. ``room`` (``open``/``closed``) picks the room of a
    vugraph or two-room file; ``table`` picks a table when a PBN file holds the board several
    times (``[Table]``). Raises ClaimSolverError naming what is missing or ambiguous."""
    p = os.fspath(path)
    want = str(board).strip()
    if room is not None:
        room = str(room).strip().lower()
        if room not in ("open", "closed"):
            raise ClaimSolverError(f"room must be 'open' or 'closed', not {room!r}")
    want_table = None if table is None else str(table).strip()
    matches: list[RecordedClaim | SkippedBoard] = []
    boards_seen: list[str] = []
    for item in load(p):
        boards_seen.append(str(item.board))
        if str(item.board) != want:
            continue
        if room is not None and item.room != room:
            continue
        if want_table is not None and item.table != want_table:
            continue
        matches.append(item)
    where = f"board {want}" + (f" ({room} room)" if room else "") + (f" table {want_table}" if want_table else "")
    if not matches:
        known = sorted(set(boards_seen), key=lambda b: (len(b), b))
        shown = ", ".join(known[:40]) + (" ..." if len(known) > 40 else "")
        raise ClaimSolverError(f"{p}: no {where} in the file (boards: {shown or 'none'})")
    claims = [m for m in matches if isinstance(m, RecordedClaim)]
    if len(matches) > 1:
        rooms = sorted({m.room for m in matches if m.room})
        tables = [m.table for m in matches if m.table]
        hint = []
        if len(rooms) > 1 and room is None:
            hint.append("choose a room: " + " or ".join(rooms))
        if tables and want_table is None:
            hint.append("choose a table: " + ", ".join(tables))
        raise ClaimSolverError(
            f"{p}: {where} is recorded {len(matches)} times ({len(claims)} with a claim); " + "; ".join(hint or ["ambiguous"])
        )
    item = matches[0]
    if isinstance(item, SkippedBoard):
        what = "was played out: no claim" if item.code == PLAYED_OUT else f"has no claim to adjudicate: {item.reason}"
        raise ClaimSolverError(f"{p}: {where} {what}")
    return item


def load_many(paths: Iterable[str | os.PathLike]) -> Iterator[RecordedClaim | SkippedBoard]:
    for p in paths:
        yield from load(p)


__all__ = [
    "load", "load_many", "find_board", "summarize", "RecordedClaim", "SkippedBoard", "ReplayError",
    "PLAYED_OUT", "PASSED_OUT", "NOT_ERRORS",
]
