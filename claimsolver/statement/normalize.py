"""Text -> words the grammar knows.

The normaliser reads what the director typed and produces a list of :class:`Tok` (kind =
grammar terminal, canonical value, column and original word). It

- reads every compact card notation (``♠A``, ``♠AKQ``, ``SA``, ``AS``, ``S-A``, ``A♠``,
  ``♠10``, ``10♠``, ``HT``, ``HA-K``, ``♥A-K``) into one ``CARD`` token per card, via
  ``claimsolver.cards``;
- splits possessives (``dummy's`` -> ``dummy`` + ``'s``) and contractions (``I'll``);
- joins multi-word phrases ("cross ruff", "shows out", "if not");
- drops filler words ("I'll", "and", "just", "the", punctuation other than a full
  stop, which becomes a sentence break ``STOP``: it ends a conditional);
- corrects misspellings conservatively (words of 4+ letters, close match >= 0.82 to one
  vocabulary word: "finese" -> "finesse"); anything else unknown is a syntax error.
"""

from __future__ import annotations

import dataclasses
import difflib
import re

from claimsolver.cards import card_name, parse_card
from claimsolver.errors import ClaimSolverError, NotationError
from claimsolver.statement import vocab


class StatementSyntaxError(ClaimSolverError):
    """A statement that cannot be understood. ``column`` (1-based) and ``word`` say where
    understanding stopped, ``expected`` what could have come there (human words) and
    ``suggestion`` a close vocabulary word, if any."""

    def __init__(self, text: str, column: int | None, word: str | None, reason: str,
                 expected: list[str] | None = None, suggestion: str | None = None):
        self.text = text
        self.column = column
        self.word = word
        self.reason = reason
        self.expected = list(expected or [])
        self.suggestion = suggestion
        parts = [reason]
        if self.expected:
            parts.append("expected " + _or_list(self.expected))
        msg = "; ".join(parts)
        if suggestion:
            msg += f"; did you mean '{suggestion}'?"
        super().__init__(msg)


class StatementInputError(StatementSyntaxError):
    """A statement the program does not take: beyond its limits (too long, too many words or
    steps) or holding control characters. An input error naming the ``statement`` field."""

    def __init__(self, text: str, reason: str, column: int | None = None):
        super().__init__(text if len(text) <= 200 else text[:200] + "...", column, None,
                         f"statement: {reason}")


class UnknownWord(StatementSyntaxError):
    """A word :func:`normalize` does not know. Carries the tokens read before it
    (``before``) and the word as normalized (``value``), so that the parser, which knows the
    grammar, can say what was expected there (the parser re-raises it with that); the
    suggestion here is the closest vocabulary word."""

    def __init__(self, text: str, column: int, word: str, value: str, before: list[Tok]):
        self.value = value
        self.before = list(before)
        super().__init__(text, column, word, f"I do not know the word '{word}' (column {column})",
                         suggestion=suggest(value))


def _or_list(items: list[str]) -> str:
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " or " + items[-1]


@dataclasses.dataclass(frozen=True)
class Tok:
    kind: str
    value: str
    column: int  # 1-based column of the word in the original text
    word: str  # the word as typed
    corrected: bool = False


SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
_SYM = "♠♥♦♣♤♡♢♧"
_RANKS = r"(?:10|[AKQJTakqjt2-9])"
_LETTER_WORDS = {"as", "ah", "ha", "ad"}  # lowercase letter forms read as words

_SCAN = re.compile(
    # ranks joined by dashes after the suit: "♥A-K", "HA-K-Q" (as hand records print them)
    rf"(?P<symdashed>[{_SYM}](?:10|[AKQJT2-9])(?:-(?:10|[AKQJT2-9]))+(?![A-Za-z0-9]))"
    rf"|(?P<dashed>\b[SHDC](?:10|[AKQJT2-9])(?:-(?:10|[AKQJT2-9]))+\b)"
    rf"|(?P<symcards>[{_SYM}](?:{_RANKS}+|\s(?:10|[AKQJT2-9])+)(?![A-Za-z0-9]))"
    rf"|(?P<rsym>{_RANKS}[{_SYM}])"
    rf"|(?P<sym>[{_SYM}])"
    rf"|(?P<multi>\b[SHDC](?:10|[AKQJT2-9]){{2,}}\b)"
    rf"|(?P<sr>\b[SHDCshdc]-?{_RANKS}\b)"
    rf"|(?P<rs>\b{_RANKS}-?[SHDCshdc]\b)"
    r"|(?P<split>\b\d{1,2}(?:\s?[-/]\s?|\.)\d{1,2}\b)"  # 3-3, 3/3, 3.3 (not a full stop)
    r"|(?P<num>\d+)"
    r"|(?P<word>[A-Za-z]+(?:['’][A-Za-z]*)?)"
    r"|(?P<other>\S)"
)


def _cards_of(suit_letter: str, ranks: str) -> list[str]:
    ranks = ranks.strip().upper()
    out = []
    i = 0
    while i < len(ranks):
        if ranks.startswith("10", i):
            r, i = "10", i + 2
        else:
            r, i = ranks[i], i + 1
        out.append(card_name(parse_card(suit_letter + r)))
    return out


def _raw_tokens(text: str):
    """(kind, value, column, word) before phrase joining; kind "W" = a plain word."""
    for m in _SCAN.finditer(text):
        col = m.start() + 1
        g = m.lastgroup
        s = m.group(0)
        if g in ("symdashed", "dashed"):
            letter = SYMBOLS.get(s[0], s[0])
            for c in _cards_of(letter, s[1:].replace("-", "")):
                yield ("CARD", c, col, s)
        elif g == "symcards":
            for c in _cards_of(SYMBOLS[s[0]], s[1:]):
                yield ("CARD", c, col, s)
        elif g == "rsym":
            yield ("CARD", _cards_of(SYMBOLS[s[-1]], s[:-1])[0], col, s)
        elif g == "sym":
            yield ("W", ("spades", "hearts", "diamonds", "clubs")["SHDC".index(SYMBOLS[s])], col, s)
        elif g == "multi":
            for c in _cards_of(s[0], s[1:]):
                yield ("CARD", c, col, s)
        elif g in ("sr", "rs"):
            if s.lower() in _LETTER_WORDS and not s.isupper():
                yield ("W", s.lower(), col, s)
                continue
            try:
                yield ("CARD", card_name(parse_card(s.replace("-", ""))), col, s)
            except NotationError:
                yield ("W", s.lower(), col, s)
        elif g == "split":
            a, b = re.split(r"\s?[-/.]\s?", s)
            yield ("NUM", str(int(a)), col, s)
            yield ("DASH", "-", col, s)
            yield ("NUM", str(int(b)), col, s)
        elif g == "num":
            yield ("NUM", str(int(s)), col, s)
        elif g == "word":
            w = s.lower().replace("’", "'")
            if w in vocab.FILLER:  # "it's", "let's": filler as a whole, not a possessive
                yield ("W", w, col, s)
            elif "'" in w:
                base, _, suffix = w.partition("'")
                if base:
                    yield ("W", base, col, s)
                # "dummy's": a possessive; "everything's good": "is", dropped
                if (suffix == "s" or (suffix == "" and base.endswith("s"))) and \
                        (base not in vocab.LOOKUP or vocab.LOOKUP[base] == "HAND"):
                    yield ("POSS", "'s", col, s)
            elif len(s) >= 2 and s.isupper() and set(s) <= set("AKQJT"):
                for ch in s:  # "the AK of spades": ranks said without their suit
                    yield ("RANK", str("--23456789TJQKA".index(ch)), col, s)
            else:
                yield ("W", w, col, s)
        elif s in ".!?":
            yield ("STOP", ".", col, s)  # a sentence break: it ends a conditional
        # other characters (punctuation) are dropped


def _join_phrases(raw: list[tuple]) -> list[tuple]:
    out: list[tuple] = []
    i = 0
    while i < len(raw):
        for words, repl in vocab.PHRASES:
            n = len(words)
            seg = raw[i:i + n]
            if len(seg) == n and all(t[0] == "W" and t[1] == w for t, w in zip(seg, words)):
                col, word = seg[0][2], " ".join(t[3] for t in seg)
                out.extend(("W", r, col, word) for r in repl)
                i += n
                break
        else:
            out.append(raw[i])
            i += 1
    return out


_VOCAB_WORDS = [w for w in vocab.all_words() if len(w) >= 3]
_CORRECTABLE = [w for w in _VOCAB_WORDS if len(w) >= 4]  # short words are too easy to hit


def correct(word: str) -> str | None:
    """A misspelt word -> the vocabulary word it most likely is, or None (conservative)."""
    if len(word) < 4 or not word.isalpha():
        return None
    m = difflib.get_close_matches(word, _CORRECTABLE, n=2, cutoff=0.82)
    if not m:
        return None
    if len(m) == 2:
        r0 = difflib.SequenceMatcher(None, word, m[0]).ratio()
        r1 = difflib.SequenceMatcher(None, word, m[1]).ratio()
        if abs(r0 - r1) < 1e-9 and vocab.LOOKUP.get(m[0]) != vocab.LOOKUP.get(m[1]):
            return None  # two equally close words of different meaning: do not guess
    return m[0]


def suggest(word: str, kinds=None, strict: bool = False) -> str | None:
    """A "did you mean" candidate for ``word`` (restricted to words of ``kinds`` if given;
    ``strict`` for a correctly spelt word in the wrong place: only a very close match)."""
    word = word.lower()
    pool = vocab.words_of(kinds) if kinds else _VOCAB_WORDS
    pool = [w for w in pool if w != word]
    cutoff = 0.8 if strict else (0.6 if kinds else 0.75)
    m = difflib.get_close_matches(word, pool, n=1, cutoff=cutoff)
    if not m:
        return None
    kind = vocab.LOOKUP.get(m[0])
    if kind and kind not in ("SUIT", "HAND", "RANK", "NUM", "SUITPAIR"):
        canon = vocab.WORDS[kind][0]
        if canon[:2] == m[0][:2]:
            return canon  # the canonical form of the same word: "drew" -> "draw"
    return m[0]


def _word_token(w: str, col: int, word: str, corrected: bool) -> Tok | None:
    if len(w) == 1 and w in "nesw":
        return Tok("HAND", w.upper(), col, word, corrected)
    kind = vocab.LOOKUP.get(w)
    if kind is None:
        return None
    value = w
    if kind in ("SUIT", "SUITPAIR"):
        pass
    elif kind == "HAND":
        value = vocab.HAND_WORD[w]
    elif kind == "RANK":
        value = str(vocab.RANK_WORD[w])
    elif kind == "NUM":
        value = str(vocab.NUM_WORD[w])
    elif kind == "LOSER":
        value = w  # "loser" or "losers": the number matters ("my diamond losers")
    else:
        value = vocab.WORDS[kind][0]
    return Tok(kind, value, col, word, corrected)


def _they_of_a_suit(raw: list[tuple]) -> list[tuple]:
    """"they" followed (after "are") by a split or a word of breaking ("if they are 3-2", "if
    they break") speaks of a suit (THEY); anywhere else it is the opponents (YOU: "they get the
    ace")."""
    out = list(raw)
    for i, t in enumerate(out):
        if t[0] == "W" and t[1] == "they":
            j = i + 1
            if j < len(out) and out[j][0] == "W" and out[j][1] in ("are", "re"):
                j += 1
            if j < len(out) and (out[j][0] == "NUM" or (out[j][0] == "W" and vocab.LOOKUP.get(out[j][1]) == "BREAK")):
                out[i] = ("W", "theysuit", t[2], t[3])
    return out


def normalize(text: str) -> list[Tok]:
    """Text -> tokens; raises :class:`StatementSyntaxError` on a word it does not know."""
    if not isinstance(text, str):
        raise StatementSyntaxError(str(text), None, None, "the statement must be text")
    raw = _they_of_a_suit(_join_phrases(list(_raw_tokens(text))))
    toks: list[Tok] = []
    for kind, value, col, word in raw:
        if kind != "W":
            toks.append(Tok(kind, value, col, word))
            continue
        if value in vocab.LOOKUP or (len(value) == 1 and value in "nesw"):
            toks.append(_word_token(value, col, word, False))  # type: ignore[arg-type]
            continue
        if value in vocab.FILLER:
            continue
        if value.endswith("s") and value[:-1] in vocab.HAND_WORD and value != "hands":
            # "dummys king", "partners ten": the possessive without its apostrophe
            toks.append(_word_token(value[:-1], col, word, True))  # type: ignore[arg-type]
            toks.append(Tok("POSS", "'s", col, word, True))
            continue
        fixed = correct(value)
        if fixed is not None:
            if fixed in vocab.FILLER and fixed not in vocab.LOOKUP:
                continue
            tok = _word_token(fixed, col, word, True)
            if tok is not None:
                toks.append(tok)
                continue
        raise UnknownWord(text, col, word, value, toks)
    return _if_of_a_place(toks)


# the words that close "if <a card> is onside", "if East has <a card>", "if the finesse works"
_PLACE = frozenset(("ONSIDE", "OFFSIDE", "HAS", "WORKS"))
_NOT_PLACE = frozenset(("STOP", "OTHERWISE", "THEN", "IF", "BREAK", "DROP", "SHOWSOUT", "DASH"))


def _if_of_a_place(toks: list[Tok]) -> list[Tok]:
    """An "if" whose condition is where a card lies or whether a finesse works (closed by one
    of _PLACE within a few words) is IFSIDE: the grammar's rules for it then start with a word
    of their own, so that the parser does not try them on every other "if" (they made every
    conditional about twice as slow to parse)."""
    for i, t in enumerate(toks):
        if t.kind != "IF":
            continue
        for u in toks[i + 1:i + 9]:
            if u.kind in _PLACE:
                toks[i] = dataclasses.replace(t, kind="IFSIDE")
                break
            if u.kind in _NOT_PLACE:
                break
    return toks


def _order(kinds) -> list[str]:
    kinds = set(kinds) - {"STOP"}  # a full stop is never worth suggesting
    first = [k for k in vocab.HUMAN_ORDER if k in kinds]
    rest = sorted(k for k in kinds if k not in vocab.HUMAN_ORDER and k != "$END")
    tail = ["$END"] if "$END" in kinds else []
    out = first + rest + tail
    if len(out) > 12:
        out = out[:11] + ["..."]
    return out


def describe(kinds) -> list[str]:
    return [vocab.human(k) if k != "..." else "..." for k in _order(kinds)]
