"""``claimsolver audit PATH... [--json | --csv] [--workers N] [--scheduler ADDRESS]
[--time-limit S] [--summary-only]``: every claim recorded in PBN/LIN files, ruled with no
statement, with flags (over-claim, needs-statement, law71-candidate). See docs/audit.md.

Output (stdout): one line per ruled claim and per board that could not be ruled, in file
order, then the summary. With ``--json`` each line is a JSON object (claim-format.md, "Audit
output") and the last line is ``{"summary": {...}}``; with ``--csv`` a header row, one row per
line, and the summary as text on stderr. Unreadable files are also reported on stderr.

Exit code: 0 when every recorded claim was ruled; 2 when any board or file was skipped (a bad
or incomplete record, a claim the solver rejects, a claim over the time limit, a file that
cannot be read) or when the ``--scheduler`` cannot be reached; 1 on an internal error (which
wins over 2).
"""

from __future__ import annotations

import csv
import json
import sys

import click

from claimsolver.audit import DEFAULT_TIME_LIMIT
from claimsolver.errors import InvalidInput


@click.command("audit")
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--json", "as_json", is_flag=True,
              help="One JSON object per line; the last is {\"summary\": {...}}.")
@click.option("--csv", "as_csv", is_flag=True, help="CSV with a header row (summary on stderr).")
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True,
              help="Rule on a local Dask cluster of N worker processes (1: in this process).")
@click.option("--scheduler", default=None, metavar="ADDRESS",
              help="Rule on an existing Dask cluster, e.g. tcp://host:8786 (overrides --workers).")
@click.option("--time-limit", type=click.FloatRange(min=0, min_open=True), default=DEFAULT_TIME_LIMIT,
              show_default=True, help="Seconds per claim; a claim over it is skipped ('time limit').")
@click.option("--summary-only", is_flag=True, help="Print only the summary.")
@click.option("--class", "player_class", default=None, metavar="CLASS",
              help="Class of player for every claim: novice, club (default) or expert (DESIGN 2.6).")
@click.option("--regulation", default=None, metavar="REG", help="Regulation preset: acbl (default) or ebu.")
@click.option("--awareness", default=None, metavar="MODE",
              help="What the claimer may have overlooked: evidence (default) or strict (DESIGN 2.4).")
@click.option("--progress/--no-progress", default=None,
              help="Progress bar on stderr (default: when stderr is a terminal).")
def audit_command(paths, as_json, as_csv, workers, scheduler, time_limit, summary_only, progress,
                  player_class, regulation, awareness) -> None:
    """Rule on every claim recorded in the PBN/LIN files PATHS (folders are walked for .pbn and
    .lin files) as if no statement was made, and flag the claims a director would look at:
    over-claim (claimed more than double dummy), needs-statement (within double dummy, but a
    normal line loses a trick), law71-candidate (conceded tricks that could not be lost).

    Exit code 0 when every claim was ruled, 2 when any board or file was skipped (bad record,
    time limit), 1 on an internal error."""
    from claimsolver.audit import audit, csv_record, row_text, summary_text
    from claimsolver.audit import CSV_COLUMNS

    if as_json and as_csv:
        raise click.UsageError("--json and --csv cannot be used together")
    if progress is None:
        progress = sys.stderr.isatty()

    def file_error(err) -> None:
        click.echo(f"claimsolver: error: {err.message}", err=True)

    settings = {"player_class": player_class, "regulation": regulation, "awareness": awareness}
    try:
        from claimsolver.claim import settings_from

        settings_from({k: v for k, v in settings.items() if v is not None})
    except InvalidInput as e:
        for field, msg in e.problems:
            option = {"player_class": "--class"}.get(field, f"--{field}")
            click.echo(f"claimsolver: error: {option}: {msg}", err=True)
        sys.exit(2)
    try:
        result = audit(list(paths), workers=workers, scheduler=scheduler, time_limit=time_limit,
                       progress=progress, on_file_error=file_error, settings=settings)
    except KeyboardInterrupt:
        raise
    except Exception as e:  # noqa: BLE001 - the last line of defence: no traceback for users
        if scheduler is not None and isinstance(e, (OSError, TimeoutError)):
            click.echo(f"claimsolver: error: cannot use the Dask scheduler at {scheduler}: "
                       f"{type(e).__name__}: {e}", err=True)
            sys.exit(2)
        click.echo(f"claimsolver: internal error: {type(e).__name__}: {e}", err=True)
        sys.exit(1)

    out = sys.stdout  # (click.get_text_stream is deprecated)
    if as_csv:
        if summary_only:
            click.echo(summary_text(result.summary))
        else:
            w = csv.writer(out, lineterminator="\n")
            w.writerow(CSV_COLUMNS)
            for r in result.rows:
                w.writerow(csv_record(r))
            out.flush()
            click.echo(summary_text(result.summary), err=True)
    elif as_json:
        if not summary_only:
            for r in result.rows:
                click.echo(json.dumps(r, ensure_ascii=False))
        click.echo(json.dumps({"summary": result.summary}))
    else:
        if not summary_only:
            for r in result.rows:
                click.echo(row_text(r))
            click.echo("")
        click.echo(summary_text(result.summary))
    sys.exit(result.exit_code)
