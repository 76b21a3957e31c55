"""The command line: ``claimsolver adjudicate | solve | parse | audit | serve``.

Exit codes: 0 done, 2 bad input (one clear message per problem, never a traceback),
1 internal error.
"""

from __future__ import annotations

import json
import sys
from typing import Any, Callable, Iterable

import click

from claimsolver import __version__
from claimsolver.errors import ClaimSolverError, InvalidInput

EXIT_BAD_INPUT = 2
EXIT_INTERNAL = 1


def _problem_lines(source: str | None, err: ClaimSolverError) -> list[str]:
    prefix = f"{source}: " if source else ""
    if isinstance(err, InvalidInput):
        return [f"{prefix}{field}: {reason}" for field, reason in err.problems]
    return [f"{prefix}{err}"]


def report_error(source: str | None, err: ClaimSolverError) -> None:
    for line in _problem_lines(source, err):
        click.echo(f"claimsolver: error: {line}", err=True)


def run_each(items: Iterable[Any], work: Callable[[Any], None], name: Callable[[Any], str]) -> int:
    """Run ``work`` on every item; a bad item is reported and the rest go on. Returns the
    exit code: 2 if any input was bad, 1 on an internal error, else 0."""
    code = 0
    for item in items:
        try:
            work(item)
        except ClaimSolverError as e:
            report_error(name(item), e)
            for line in getattr(e, "after", ()):  # e.g. the line that shows a claim fails anyway
                click.echo(line, err=True)
            code = max(code, EXIT_BAD_INPUT) if code != EXIT_INTERNAL else code
        except KeyboardInterrupt:
            raise
        except Exception as e:  # noqa: BLE001 - the last line of defence: no traceback for users
            click.echo(f"claimsolver: internal error on {name(item)}: {type(e).__name__}: {e} "
                       "(please report it with the input)", err=True)
            code = EXIT_INTERNAL
    return code


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="claimsolver")
def main() -> None:
    """Adjudicate contested bridge claims under Laws 68-71: the tricks to award, the worst
    normal line, and the reasons with the Law cited."""


# --- solve ---------------------------------------------------------------------------------

def _load_json(path: str) -> dict:
    from claimsolver.claim import read_claim_file

    return read_claim_file(path)


def _position_of(data: dict):
    from claimsolver.position import Position

    missing = [(f, "missing (required)") for f in ("deal", "trump", "leader") if data.get(f) is None]
    if missing:
        raise InvalidInput(missing)
    return Position.from_fields(data["deal"], str(data["trump"]), str(data["leader"]), data.get("trick") or [],
                                shown_out=data.get("shown_out") or {})


@main.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="One JSON object per line: {\"ns\": n, \"ew\": n}.")
def solve(files: tuple[str, ...], as_json: bool) -> None:
    """Double-dummy tricks of each side from the position of each claim FILE (tricks still to
    come, the current trick included)."""
    from claimsolver.engine import dd_tricks_side

    def work(path: str) -> None:
        pos = _position_of(_load_json(path))
        ns = int(dd_tricks_side(pos.hands_array(), pos.trump, int(pos.leader), pos.trick_array(), 0))
        ew = pos.tricks_left - ns
        if as_json:
            click.echo(json.dumps({"file": path, "ns": ns, "ew": ew}))
        else:
            click.echo(f"{path}: North-South {ns}, East-West {ew} (double dummy, {pos.tricks_left} tricks left)")

    sys.exit(run_each(files, work, str))


# --- adjudicate ----------------------------------------------------------------------------

CLAIM_FIELD_OPTIONS = [
    ("--deal", "deal", "PBN deal of the cards still held, e.g. 'N:AK5... ...'"),
    ("--trump", "trump", "S, H, D, C or NT"),
    ("--declarer", "declarer", "seat N, E, S or W"),
    ("--leader", "leader", "seat that led (or leads) the current trick"),
    ("--claimer", "claimer", "seat of the player who claimed"),
    ("--contract", "contract", "e.g. 4S, 3NTX"),
    ("--vulnerable", "vulnerable", "None, NS, EW or All"),
]


def _claim_options(f):
    for flag, _field, help_ in reversed(CLAIM_FIELD_OPTIONS):
        f = click.option(flag, default=None, help=help_)(f)
    f = click.option("--claimed", type=int, default=None, help="tricks claimed of those remaining")(f)
    f = click.option("--trick", default=None, help="cards already played to the current trick, e.g. 'HK,H2'")(f)
    f = click.option("--shown-out", default=None, help="suits players failed to follow, e.g. 'E:S,W:HC'")(f)
    f = click.option("--tricks-won", default=None, help="completed tricks before this one: 'DECLARER,DEFENDERS'")(f)
    return f


def _cli_claim_fields(opts: dict) -> dict:
    d: dict[str, Any] = {}
    for _flag, field, _ in CLAIM_FIELD_OPTIONS:
        if opts.get(field) is not None:
            d[field] = opts[field]
    if opts.get("claimed") is not None:
        d["claimed"] = opts["claimed"]
    if opts.get("trick"):
        d["trick"] = [t for t in opts["trick"].replace(" ", ",").split(",") if t]
    if opts.get("shown_out"):
        so: dict[str, str] = {}
        for part in opts["shown_out"].split(","):
            seat, _, suits = part.partition(":")
            if not suits:
                raise InvalidInput([("shown_out", f"{part!r} must be SEAT:SUITS, e.g. E:S")])
            so[seat.strip()] = so.get(seat.strip(), "") + suits.strip()
        d["shown_out"] = so
    if opts.get("tricks_won"):
        try:
            a, b = (int(x) for x in opts["tricks_won"].split(","))
        except ValueError:
            raise InvalidInput([("tricks_won", "must be two numbers DECLARER,DEFENDERS, e.g. 6,2")]) from None
        d["tricks_won"] = {"declarer": a, "defenders": b}
    return d


def probe_line_text(claim, line) -> list[str]:
    """The quick normal line of a claim over the time limit (ruling.probe_bound), trick by
    trick as the ruling's worst line is printed."""
    from claimsolver.explain import group_tricks
    from claimsolver.report import line_lines

    return (["A normal line on which the claim fails (found without the full search: the least "
             "successful line may lose more):"] + line_lines(group_tricks(claim, list(line))))


@main.command()
@click.argument("files", nargs=-1, type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="One ruling object per line (claim-format.md).")
@click.option("--law", type=click.Choice(["duplicate-2017", "club-2014", "rubber-2014"]), default=None)
@click.option("--regulation", type=click.Choice(["acbl", "ebu"]), default=None)
@click.option("--class", "player_class", type=click.Choice(["novice", "club", "expert"]), default=None)
@click.option("--question", type=click.Choice(["contested", "concession", "agreed"]), default=None)
@click.option("--aware", default=None, help="director's finding: cards (SJ) and/or 'trumps', comma separated")
@click.option("--unaware", default=None,
              help="director's finding: cards (HQ), suits (H) and/or 'trumps' the claimer overlooked, comma separated")
@click.option("--awareness", type=click.Choice(["evidence", "strict"]), default=None,
              help="what the claimer may have overlooked: evidence (default) or strict (DESIGN 2.4)")
@click.option("--sensitivity", is_flag=True,
              help="also rule under every regulation x class x awareness, and with each costly careless class lifted")
@click.option("--likely", type=float, default=None,
              help="Law 69B2: share of normal lines above which a trick is 'likely' (default 0.5)")
@click.option("--statement", default=None, help="the clarification statement (overrides the file)")
@click.option("--board", default=None, help="with a PBN/LIN record FILE: the board whose recorded claim to rule on")
@click.option("--room", type=click.Choice(["open", "closed"]), default=None, help="with --board: the room")
@click.option("--table", default=None, help="with --board: the table, when a PBN file has the board at several tables")
@click.option("--time-limit", type=float, default=60.0, show_default=True,
              help="give up (exit 2, with a message) after about this many seconds of search")
@click.option("--protections", is_flag=True, help="also report the rules that protected the claimer (slower)")
@_claim_options
def adjudicate(files, as_json, law, regulation, player_class, question, aware, unaware, awareness, sensitivity,
               likely, statement, board, room, table, time_limit, protections, **claim_opts) -> None:
    """Rule on each claim FILE (JSON, see claim-format.md), on a recorded claim (a PBN/LIN FILE
    with --board), or on a claim given wholly by options (--deal --trump --declarer --leader
    --claimer --claimed ...)."""
    from claimsolver.claim import Claim
    from claimsolver.report import ruling_text
    from claimsolver.ruling import adjudicate as rule

    overrides = dict(law=law, regulation=regulation, player_class=player_class, question=question,
                     aware=[a for a in aware.split(",") if a] if aware else None, statement=statement,
                     likely=likely, awareness=awareness,
                     unaware=[a for a in unaware.split(",") if a] if unaware else None)
    cli_fields = {}

    def load(source: str) -> Claim:
        if source == "<options>":
            return Claim.from_dict(cli_fields)
        if board is not None:
            from claimsolver.records import find_board

            rec = find_board(source, board, room, table)
            return Claim.from_dict({**rec.to_claim_dict(), **cli_fields})
        data = _load_json(source)
        return Claim.from_dict({**data, **cli_fields})

    def work(source: str) -> None:
        from claimsolver.ruling import TimeLimitReached

        claim = load(source)
        try:
            ruling = rule(claim, time_limit=time_limit, sensitivity=sensitivity, **overrides)
        except TimeLimitReached as e:
            if e.line and not as_json:
                e.after = probe_line_text(claim, e.line)  # type: ignore[attr-defined]
            raise
        if protections:
            from claimsolver.ruling import add_protections

            ruling = add_protections(ruling, time_limit=time_limit)
        if as_json:
            click.echo(json.dumps(ruling.to_json(), ensure_ascii=False))
        else:
            click.echo(ruling_text(ruling))
            if len(sources) > 1:
                click.echo("")

    try:
        cli_fields = _cli_claim_fields(claim_opts)
    except ClaimSolverError as e:
        report_error(None, e)
        sys.exit(EXIT_BAD_INPUT)
    sources = list(files) or (["<options>"] if cli_fields else [])
    if not sources:
        raise click.UsageError("give a claim FILE, or the claim by options (--deal --trump --declarer ...)")
    sys.exit(run_each(sources, work, str))


def _register_optional_commands() -> None:
    from claimsolver.cli_parse import parse_command

    main.add_command(parse_command, name="parse")
    from claimsolver.cli_audit import audit_command

    main.add_command(audit_command, name="audit")
    from claimsolver.server.cli import serve_command

    main.add_command(serve_command, name="serve")


_register_optional_commands()


if __name__ == "__main__":  # pragma: no cover
    main()
