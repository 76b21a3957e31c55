"""The Earley parser of the statement grammar, fed the normaliser's words.

:func:`plain` is lark's Earley parser (its errors say what the grammar expected at a word);
:func:`fast` is the same parser whose predictor looks one word ahead (:class:`_Lookahead`),
which gives the same parse about ten times faster on the corpus (benchmarks/bench_parse.py).
"""

from __future__ import annotations

import functools
import threading
from importlib import resources

from lark import Lark, Token
from lark.lexer import Lexer

from claimsolver.statement.normalize import Tok


class _TokLexer(Lexer):
    """Feeds the normaliser's tokens to lark unchanged (start_pos = index in the list)."""

    def __init__(self, lexer_conf):  # noqa: D401 - lark API
        pass

    def lex(self, data):  # data: list[Tok]
        for i, t in enumerate(data):
            yield Token(t.kind, t.value, start_pos=i, line=1, column=t.column)


def _grammar() -> str:
    return resources.files("claimsolver.statement").joinpath("grammar.lark").read_text("utf-8")


@functools.lru_cache(maxsize=1)
def plain() -> Lark:
    """The plain Earley parser: its errors say what the grammar expected at a word."""
    return Lark(_grammar(), parser="earley", lexer=_TokLexer, ambiguity="resolve", propagate_positions=False)


class _Lookahead(dict):
    """Earley predictions filtered by the next word's kind.

    Lark's Earley predictor adds, at every position, every rule reachable from what is
    expected there -- for this grammar several hundred items per word, nearly all of which
    cannot match the word that actually comes next. This table hands the predictor only the
    rules whose first word can be the next word (or that can match nothing). An item
    dropped this way can never be part of a parse, so the parse forest, and the tree chosen
    from it, are the same as without the filter; parsing is about ten times faster. The
    filter hides what the grammar would have expected, so a failed parse is repeated with
    the plain parser for its error message (see :func:`parse_tokens`)."""

    def __init__(self, predictions: dict, first: dict, nullable: set):
        super().__init__(predictions)
        self.next: str | None = None  # the kind of the word at the column being predicted
        self._cache: dict = {}
        self._first: dict = {}
        for rules in predictions.values():
            for r in rules:
                if r not in self._first:
                    self._first[r] = _first_of(r, first, nullable)

    def __getitem__(self, sym):
        rules = dict.__getitem__(self, sym)
        nxt = self.next
        if nxt is None:
            return rules
        key = (sym, nxt)
        got = self._cache.get(key)
        if got is None:
            got = [r for r in rules if self._first[r][1] or nxt in self._first[r][0]]
            self._cache[key] = got
        return got


def _first_of(rule, first: dict, nullable: set) -> tuple[frozenset, bool]:
    """(the terminal names a rule can start with, whether it can match nothing)."""
    out: set[str] = set()
    for sym in rule.expansion:
        if sym.is_term:
            out.add(sym.name)
            return frozenset(out), False
        out |= {t.name for t in first.get(sym, ())}
        if sym not in nullable:
            return frozenset(out), False
    return frozenset(out), True


class _FastParser:
    """The Earley parser with one word of lookahead in the predictor (:class:`_Lookahead`).
    Falls back to the plain parser if lark's internals are not as expected."""

    def __init__(self):
        self.lark = Lark(_grammar(), parser="earley", lexer=_TokLexer, ambiguity="resolve",
                         propagate_positions=False)
        self.kinds: list[str] = []
        self.lock = threading.Lock()
        earley = getattr(getattr(self.lark, "parser", None), "parser", None)
        needed = ("predictions", "FIRST", "NULLABLE", "predict_and_complete")
        if earley is None or not all(hasattr(earley, a) for a in needed):
            self.table = None  # pragma: no cover - another lark version: plain Earley
            return
        self.table = _Lookahead(earley.predictions, earley.FIRST, earley.NULLABLE)
        earley.predictions = self.table
        predict = earley.predict_and_complete

        def predict_with_lookahead(i, *args):
            self.table.next = self.kinds[i] if i < len(self.kinds) else "$END"
            return predict(i, *args)

        earley.predict_and_complete = predict_with_lookahead

    def parse(self, toks: list[Tok]):
        if self.table is None:  # pragma: no cover
            return plain().parse(toks)
        with self.lock:  # the lookahead state belongs to one parse at a time
            self.kinds = [t.kind for t in toks]
            # the start symbol's own prediction (before the first column) is filtered too
            self.table.next = self.kinds[0] if self.kinds else "$END"
            return self.lark.parse(toks)


@functools.lru_cache(maxsize=1)
def fast() -> _FastParser:
    return _FastParser()


