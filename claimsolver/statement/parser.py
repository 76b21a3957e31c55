"""Statement text -> :class:`claimsolver.line.Line` (lark Earley over normalised words)."""

from __future__ import annotations

import functools
import re

from lark.exceptions import UnexpectedEOF, UnexpectedInput, UnexpectedToken, VisitError

from claimsolver.line import IfThen, Line
from claimsolver.statement.earley import fast, plain
from claimsolver.statement.normalize import (
    StatementSyntaxError, StatementInputError, Tok, UnknownWord, describe, normalize, suggest,
)
from claimsolver.statement.transform import _BadToken, _ToLine, resolve_they


def _error_from(text: str, toks: list[Tok], e: UnexpectedInput) -> StatementSyntaxError:
    expected = set(getattr(e, "expected", None) or getattr(e, "allowed", None) or ())
    stop = isinstance(e, UnexpectedToken) and e.token.type == "STOP"
    if stop:  # a full stop where the sentence cannot end: what it lacks, before the stop
        cut = e.token.start_pos
        toks = toks[:cut]
        expected = set(_expected_after(tuple(t.kind for t in toks)) or expected) - {"STOP"}
    if stop or isinstance(e, UnexpectedEOF) or (isinstance(e, UnexpectedToken) and e.token.type == "$END"):
        last = toks[-1] if toks else None
        where = f" after '{last.word}' (column {last.column})" if last else ""
        return StatementSyntaxError(text, len(text) + 1, None,
                                    f"the {'sentence' if stop else 'statement'} stops too early{where}",
                                    expected=describe(expected))
    tok = toks[e.token.start_pos]
    sugg = None
    if expected:
        sugg = suggest(tok.word, expected - {tok.kind}, strict=not tok.corrected)
    fixed = f" (read as '{tok.value}')" if tok.corrected else ""
    return StatementSyntaxError(
        text, tok.column, tok.word,
        f"I could not understand the statement from '{tok.word}'{fixed} (column {tok.column})",
        expected=describe(expected), suggestion=sugg)


def _unknown_word(e: UnknownWord) -> StatementSyntaxError:
    """``e`` with what the grammar accepts where the unknown word stands, and the closest word
    of those kinds."""
    kinds = expected_after(e.before)
    sugg = (suggest(e.value, kinds) if kinds else None) or e.suggestion
    return StatementSyntaxError(e.text, e.column, e.word, e.reason,
                                expected=describe(kinds) if kinds else None, suggestion=sugg)


def expected_after(toks: list[Tok]) -> set[str] | None:
    """The word kinds the grammar accepts after ``toks`` (None if ``toks`` already fail)."""
    found = _expected_after(tuple(t.kind for t in toks))
    return set(found) if found is not None else None


@functools.lru_cache(maxsize=256)
def _expected_after(kinds: tuple[str, ...]) -> frozenset[str] | None:
    probe = [Tok(k, "?", 0, "?") for k in kinds] + [Tok("?PROBE", "?", 0, "?")]
    try:
        plain().parse(probe)
    except UnexpectedToken as e:
        if e.token.start_pos == len(kinds):
            return frozenset(e.expected)
        return None
    except UnexpectedInput:
        return None
    return None


def parse_tokens(text: str, toks: list[Tok]) -> Line:
    try:
        tree = fast().parse(toks)
    except UnexpectedInput:
        try:  # the plain parser says what was expected where the text stopped making sense
            tree = plain().parse(toks)
        except UnexpectedInput as e:
            raise _error_from(text, toks, e) from None
    try:
        return _ToLine(toks).transform(tree)
    except VisitError as e:
        inner = e.orig_exc
        if isinstance(inner, _BadToken):
            tok = toks[inner.token.start_pos]
            raise StatementSyntaxError(text, tok.column, tok.word,
                                       f"{inner.reason} ('{tok.word}', column {tok.column})",
                                       expected=inner.expected) from None
        raise


_AFTER = re.compile(r"\bafter\b(?!\s+(?:that|this|which)\b)", re.IGNORECASE)
_BUT_FIRST = re.compile(r"\bbut\s+first\b|\bbefore\s+that\b", re.IGNORECASE)

# Input limits. A claim statement is a sentence or two (the longest in the corpus is under
# 200 characters); these bounds keep a parse well under a second and the compiled line within
# what the claim search supports (laws/statement.py checks the compiled rows).
MAX_CHARS = 1000
MAX_WORDS = 200
MAX_STEPS = 60
# TAB, LF and CR are whitespace; every other control character (C0, DEL, C1) is refused
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def check_limits(text: str) -> None:
    """Raise :class:`StatementInputError` for a statement the program does not take: not text,
    longer than ``MAX_CHARS``, or holding a control character."""
    if not isinstance(text, str):
        raise StatementInputError(str(text), "must be text")
    if len(text) > MAX_CHARS:
        raise StatementInputError(text, f"too long ({len(text)} characters); at most {MAX_CHARS} are supported")
    m = _CONTROL.search(text)
    if m:
        raise StatementInputError(text, f"control character U+{ord(m.group(0)):04X} at column {m.start() + 1}; "
                                     "a statement is plain text", m.start() + 1)


def _count_steps(steps) -> int:
    n = 0
    for s in steps:
        n += 1
        if isinstance(s, IfThen):
            n += _count_steps(s.then) + _count_steps(s.otherwise)
    return n


def parse(text: str) -> Line:
    """Statement text -> :class:`Line`; raises :class:`StatementSyntaxError` (its subclass
    :class:`StatementInputError` beyond the input limits above).

    "A after B" and "A, but first B" are said in the reverse of the order of play: they
    become B, then A ("cash the clubs after drawing trumps" draws trumps first). "after that"
    keeps the spoken order."""
    check_limits(text)
    line = _parse(text)
    n = _count_steps(line.steps)
    if n > MAX_STEPS:
        raise StatementInputError(text, f"too many steps ({n}); at most {MAX_STEPS} are supported")
    return line


_UNLESS = re.compile(r"\bunless\b", re.IGNORECASE)


def _shifted(e: StatementSyntaxError, text: str, offset: int, unless_col: int) -> StatementSyntaxError:
    """``e``, raised on "if" + the words after "unless" (column ``unless_col`` of ``text``),
    with its columns counted in ``text`` and the word said, "unless", named."""
    reason = re.sub(r"column (\d+)", lambda m: f"column {int(m.group(1)) + offset}", e.reason)
    reason = reason.replace(f"'if' (column {1 + offset})", f"'unless' (column {unless_col})")
    return StatementSyntaxError(text, None if e.column is None else e.column + offset,
                                "unless" if e.word == "if" else e.word, reason, e.expected, e.suggestion)


def _unless(text: str) -> Line | None:
    """"S unless E" and "unless E, S" (one of them in the statement, no other conditional):
    ``IfThen(E, (), S)`` — when E happens he said nothing of how he plays (his words only
    concede that the claim then fails), otherwise S. E is an event of *Conditionals* ("all
    mine unless trumps are 4-0"). None when the text holds no such "unless"."""
    parts = _UNLESS.split(text)
    if len(parts) != 2 or re.search(r"\b(if|otherwise|else)\b", text, re.IGNORECASE):
        return None
    before, after = parts
    offset = len(before) + len("unless") - len("if")
    try:
        cond = _parse("if" + after)
    except StatementSyntaxError as e:
        raise _shifted(e, text, offset, len(before) + 1) from None
    first = cond.steps[0] if cond.steps else None
    if not isinstance(first, IfThen) or first.otherwise:
        return None
    if before.strip(" ,.;:"):  # "S unless E": nothing may follow the event
        if first.then or len(cond.steps) > 1 or cond.tricks is not None:
            col = len(before) + 1
            raise StatementSyntaxError(text, col, "unless",
                                       f"after 'unless' (column {col}) only the event is understood "
                                       "('the rest unless trumps are 4-0'); say the line before it")
        said = _parse(before)
        return Line((resolve_they(IfThen(first.event, (), said.steps, unless=True), ()),), said.tricks,
                    said.tricks_kind)
    return Line((resolve_they(IfThen(first.event, (), first.then, unless=True), ()),) + cond.steps[1:],
                cond.tricks, cond.tricks_kind)


def _parse(text: str) -> Line:
    unless = _unless(text)
    if unless is not None:
        return unless
    parts = _BUT_FIRST.split(text)
    if len(parts) == 2 and parts[0].strip(" ,.;") and parts[1].strip(" ,.;") and not re.search(
            r"\b(if|otherwise|unless)\b", text, re.IGNORECASE):
        try:
            first, then = _parse(parts[1]), _parse(parts[0])
        except StatementSyntaxError:
            pass  # report errors against the whole text, below
        else:
            return _joined(first, then)
    parts = _AFTER.split(text)
    if len(parts) == 2 and parts[0].strip(" ,.;") and parts[1].strip(" ,.;") and not re.search(
            r"\b(if|otherwise|unless)\b", text, re.IGNORECASE):
        try:
            first, then = _parse(parts[1]), _parse(parts[0])
        except StatementSyntaxError:
            pass  # report errors against the whole text, below
        else:
            return _joined(first, then)
    try:
        toks = normalize(text)
    except UnknownWord as e:
        raise _unknown_word(e) from None
    if len(toks) > MAX_WORDS:
        raise StatementInputError(text, f"too many words ({len(toks)}); at most {MAX_WORDS} are supported")
    return parse_tokens(text, toks)


def _joined(first: Line, then: Line) -> Line:
    return Line(first.steps + then.steps, first.tricks if first.tricks is not None else then.tricks,
                first.tricks_kind if first.tricks is not None else then.tricks_kind)
