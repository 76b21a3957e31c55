"""What the page and the API read that is cheap enough to answer in the web process: a claim
checked field by field (with its position spelled out for drawing), the statement as
understood, and the claims recorded in a pasted PBN/LIN record or BBO hand-viewer link.

Every problem is reported as ``(field, message)`` pairs with the CLI's wording
(:class:`claimsolver.errors.InvalidInput`), so the page can show each next to its field.
"""

from __future__ import annotations

import re
import urllib.parse
from typing import Any

from claimsolver.cards import SEAT_LETTERS, card_name
from claimsolver.errors import ClaimSolverError, InvalidInput

MAX_RECORD_CLAIMS = 2000  # a pasted archive larger than this is cut (the page lists them all)


def require_object(data: Any, what: str = "claim") -> dict[str, Any]:
    if not isinstance(data, dict):
        raise InvalidInput([("", f"the {what} must be one JSON object, not {type(data).__name__}")])
    return data


def check_claim(data: dict[str, Any]) -> dict[str, Any]:
    """The claim checked as the solver reads it (:meth:`Claim.from_dict`; raises
    ``InvalidInput``), with its position spelled out: each seat's cards, the trick so far, the
    tricks left and the claim as normalised."""
    from claimsolver.claim import Claim

    claim = Claim.from_dict(require_object(data))
    pos = claim.position
    # spades first, high cards first in each suit (a card is 16 * suit + rank)
    hands = {SEAT_LETTERS[s]: [card_name(c) for c in sorted((c for c in range(64) if pos.hands[s] >> c & 1),
                                                            key=lambda c: (c >> 4, -c))] for s in range(4)}
    return {
        "ok": True,
        "tricks_left": pos.tricks_left,
        "hands": hands,
        "trick": [card_name(c) for c in pos.trick],
        "leader": SEAT_LETTERS[pos.leader],
        "claim": claim.to_dict(),
    }


def parse_statement(text: Any, claim: Any = None) -> dict[str, Any]:
    """The statement as understood (``claimsolver parse --json``), bound to the claim's
    position when a claim is given and valid. A statement that cannot be read raises
    :class:`StatementSyntaxError` (with the column and word where understanding stopped)."""
    from claimsolver.cli_parse import line_json
    from claimsolver.statement import bind, parse, render
    from claimsolver.statement.render import render_step

    if not isinstance(text, str):
        raise InvalidInput([("statement", "must be text")])
    line = parse(text)
    out: dict[str, Any] = {"understood": render(line), "bound": False, "notes": []}
    if claim is not None:
        from claimsolver.claim import Claim

        c = Claim.from_dict(require_object(claim))  # InvalidInput: the position is reported instead
        bound = bind(line, c.position, c.claimer, c.declarer)
        out.update(steps=bound.understood, notes=bound.notes, line=line_json(bound.line), bound=True)
        return out
    steps = [render_step(s) for s in line.steps]
    if line.tricks is not None:
        steps.insert(0, render(type(line)((), line.tricks, line.tricks_kind)))
    out.update(steps=steps, line=line_json(line))
    return out


def syntax_error_json(err) -> dict[str, Any]:
    """A :class:`StatementSyntaxError` for the page: where (column, 1-based; word) and what."""
    return {"field": "statement", "message": str(err), "column": err.column, "word": err.word,
            "reason": err.reason, "expected": err.expected, "suggestion": err.suggestion}


_LIN_PARAM = re.compile(r"[?&#]lin=([^&#]*)", re.IGNORECASE)


def record_text(text: str) -> tuple[str, str]:
    """(format, text) of what was pasted: a BBO hand-viewer link (its ``lin=`` parameter), a
    LIN record (``tag|value|`` pairs) or a PBN record (``[Tag "value"]``)."""
    s = text.strip()
    m = _LIN_PARAM.search(s) if s.lower().startswith(("http://", "https://", "www.")) or "lin=" in s[:200] else None
    if m:
        return "lin", urllib.parse.unquote_plus(m.group(1))
    if re.search(r'^\s*\[\w+\s+"', s, re.MULTILINE):
        return "pbn", text
    if re.search(r"\b(md|pc|mc|qx|pn|sv|mb)\|", s):
        return "lin", text
    raise InvalidInput([("record", "no boards found: not a PBN or LIN file? (paste a PBN or LIN record, "
                                   "or a BBO hand-viewer link with lin=...)")])


def read_record(text: Any, name: str = "pasted") -> dict[str, Any]:
    """Every board of a pasted record: the claims (each with its claim-format JSON) and the
    boards that give no claim position, with why."""
    if not isinstance(text, str) or not text.strip():
        raise InvalidInput([("record", "paste a PBN or LIN record, or a BBO hand-viewer link")])
    fmt, body = record_text(text)
    if fmt == "pbn":
        from claimsolver.records.pbn import loads
    else:
        from claimsolver.records.lin import loads
    claims: list[dict[str, Any]] = []
    skipped: list[dict[str, Any]] = []
    boards = 0
    for rec in loads(body, file=name):
        boards += 1
        if hasattr(rec, "to_claim_dict"):
            if len(claims) >= MAX_RECORD_CLAIMS:
                continue
            try:
                claim = rec.to_claim_dict()
            except ClaimSolverError as e:
                skipped.append({"board": rec.board, "key": rec.key, "reason": str(e)})
                continue
            players = rec.players or {}
            claims.append({
                "key": rec.key, "board": rec.board, "room": rec.room, "table": rec.table,
                "contract": rec.contract, "declarer": rec.declarer, "claimer": rec.claimer,
                "claimed": rec.claimed, "tricks_left": rec.position.tricks_left,
                "players": players, "claim": claim,
            })
        else:
            skipped.append({"board": rec.board, "key": rec.key, "reason": rec.reason, "code": rec.code})
    if boards == 0:
        raise InvalidInput([("record", "no boards found: not a PBN or LIN file?")])
    return {"format": fmt, "boards": boards, "claims": claims, "skipped": skipped}
