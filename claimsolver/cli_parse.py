"""``claimsolver parse "TEXT" [--claim FILE] [--json]``: the statement as understood."""

from __future__ import annotations

import dataclasses
import json

import click

from claimsolver.cards import Seat, card_name, parse_seat
from claimsolver.errors import ClaimSolverError
from claimsolver.line import CardRef, HandRef


def _jsonable(x):
    """A step (or any value inside one) as JSON data: seats as letters, cards as ``SA``."""
    if isinstance(x, Seat):
        return x.name
    if isinstance(x, bool) or x is None or isinstance(x, str):
        return x
    if isinstance(x, int):
        return x
    if isinstance(x, HandRef):
        return {"hand": x.word}
    if isinstance(x, CardRef):
        d = {k: _jsonable(v) for k, v in dataclasses.asdict(x).items() if v not in (None, False)}
        if isinstance(x.hand, (HandRef, Seat)):
            d["hand"] = _jsonable(x.hand)
        return {"card_ref": d}
    if isinstance(x, (tuple, list)):
        return [_jsonable(v) for v in x]
    if dataclasses.is_dataclass(x):
        d = {"step": type(x).__name__}
        for f in dataclasses.fields(x):
            v = getattr(x, f.name)
            if f.name in ("card", "against", "with_card", "on_card") and isinstance(v, int) and not isinstance(v, bool):
                d[f.name] = card_name(v)
            elif f.name == "cards":
                d[f.name] = [card_name(c) if isinstance(c, int) else _jsonable(c) for c in v]
            else:
                d[f.name] = _jsonable(v)
        return d
    return str(x)


def line_json(line) -> dict:
    return {"steps": [_jsonable(s) for s in line.steps], "tricks": line.tricks,
            "tricks_kind": line.tricks_kind}


def _load_claim(path: str):
    from claimsolver.position import Position

    try:
        with open(path, encoding="utf-8") as f:
            d = json.load(f)
    except OSError as e:
        raise click.ClickException(f"cannot read {path}: {e.strerror}") from None
    except json.JSONDecodeError as e:
        raise click.ClickException(f"{path}: not valid JSON ({e.msg}, line {e.lineno})") from None
    if not isinstance(d, dict):
        raise click.ClickException(f"{path}: a claim file must be a JSON object")
    missing = [k for k in ("deal", "trump", "leader", "claimer", "declarer") if k not in d]
    if missing:
        raise click.ClickException(f"{path}: missing field(s) {', '.join(missing)}")
    try:
        pos = Position.from_fields(d["deal"], d["trump"], d["leader"], d.get("trick", []),
                                   shown_out=d.get("shown_out"))
        claimer = parse_seat(d["claimer"])
        declarer = parse_seat(d["declarer"])
    except ClaimSolverError as e:
        raise click.ClickException(f"{path}: {e}") from None
    return pos, claimer, declarer


class _Exit2(click.ClickException):
    exit_code = 2


@click.command("parse")
@click.argument("text")
@click.option("--claim", "claim_file", type=click.Path(dir_okay=False), default=None,
              help="Claim file (JSON) whose position the statement is bound to.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON: steps, line, notes.")
def parse_command(text: str, claim_file: str | None, as_json: bool) -> None:
    """Show how the statement TEXT is understood (bound to the position of --claim FILE)."""
    from claimsolver.statement import StatementSyntaxError, bind, parse, render

    try:
        line = parse(text)
    except StatementSyntaxError as e:
        raise _Exit2(str(e)) from None
    notes: list[str] = []
    if claim_file is not None:
        try:
            pos, claimer, declarer = _load_claim(claim_file)
        except click.ClickException as e:
            raise _Exit2(e.message) from None
        bound = bind(line, pos, claimer, declarer)
        steps, notes, out_line = bound.understood, bound.notes, bound.line
    else:
        from claimsolver.statement.render import render_step

        steps = [render_step(s) for s in line.steps]
        if line.tricks is not None:
            steps.insert(0, render(type(line)((), line.tricks, line.tricks_kind)))
        out_line = line
    if as_json:
        click.echo(json.dumps({"steps": steps, "line": line_json(out_line), "notes": notes},
                              ensure_ascii=False))
        return
    click.echo(f"Understood: {render(line)}")
    for i, s in enumerate(steps, 1):
        click.echo(f"  {i}. {s}")
    if not steps:
        click.echo("  (no line stated)")
    for n in notes:
        click.echo(f"  note: {n}")


__all__ = ["parse_command", "line_json"]
