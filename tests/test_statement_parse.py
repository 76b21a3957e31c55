"""The statement corpus: every phrasing gives its line, round trips through the echo, and
bad text is rejected with a useful message."""

from __future__ import annotations

import pytest

from claimsolver.errors import ClaimSolverError
from claimsolver.line import CardRef, Cash, Finesse, Line, TrickList
from claimsolver.statement import StatementSyntaxError, parse, render
from claimsolver.statement.normalize import normalize
from statement_corpus import CATEGORIES, CORPUS, NEW_CATEGORIES, REJECTED

LINES = list({repr(line): line for _, line in CORPUS}.values())


def test_corpus_is_large():
    assert len({t for t, _ in CORPUS}) >= 600  # distinct phrasings


@pytest.mark.parametrize("name", NEW_CATEGORIES)
def test_every_new_category_has_twenty_phrasings(name):
    assert len(CATEGORIES.get(name, [])) >= 20


def test_every_phrasing_is_in_one_category():
    assert sum(len(v) for v in CATEGORIES.values()) == len(CORPUS)


@pytest.mark.parametrize("text,line", CORPUS, ids=[t or "<empty>" for t, _ in CORPUS])
def test_corpus_phrasing(text, line):
    assert parse(text) == line


@pytest.mark.parametrize("line", LINES, ids=[render(l) for l in LINES])
def test_round_trip(line):
    assert parse(render(line)) == line
    assert parse(render(line)) == line


@pytest.mark.parametrize("text,fragments", REJECTED, ids=[t for t, _ in REJECTED])
def test_rejected(text, fragments):
    with pytest.raises(StatementSyntaxError) as info:
        parse(text)
    msg = str(info.value)
    for f in fragments:
        assert f in msg, msg


def test_error_is_claimsolver_error_with_position():
    with pytest.raises(ClaimSolverError) as info:
        parse("take the spade finest")
    e = info.value
    assert isinstance(e, StatementSyntaxError)
    assert e.column == 16 and e.word == "finest"
    assert e.suggestion == "finesse"
    assert "'finesse'" in " ".join(e.expected)


def test_tokenizer_does_not_import_the_parser():
    """Data flows one way: text -> tokens (normalize) -> grammar (parser). An unknown word is
    reported by the tokenizer with the tokens before it; the parser adds what it expected."""
    import inspect

    import claimsolver.statement.normalize as tokenizer
    assert "statement.parser" not in inspect.getsource(tokenizer)
    with pytest.raises(StatementSyntaxError) as info:
        tokenizer.normalize("take the spade finest")
    assert info.value.column == 16 and [t.value for t in info.value.before][:1] == ["take"]


def test_expected_in_human_words_not_token_names():
    with pytest.raises(StatementSyntaxError) as info:
        parse("ruff a heart in")
    msg = str(info.value)
    assert "a hand (dummy" in msg
    assert "HAND" not in msg and "$END" not in msg


def test_trick_list_is_not_an_order_of_play():
    line = parse("four hearts, three spades and a diamond")
    assert line.steps == (TrickList(((1, 4), (0, 3), (2, 1))),)
    assert not any(isinstance(s, Cash) for s in line.steps)


@pytest.mark.parametrize("word,fixed", [
    ("finese", "finesse"), ("trumsp", "trumps"), ("dimonds", "diamonds"), ("conceed", "concede"),
    ("finnesse", "finesse"), ("sqeeze", "squeeze"), ("crossruf", "crossruff"),
])
def test_misspellings_corrected(word, fixed):
    toks = normalize(word)
    assert len(toks) == 1 and toks[0].corrected
    assert normalize(fixed)[0].value == toks[0].value


@pytest.mark.parametrize("word", ["finest", "heard", "cast", "lest", "dumb", "clbus", "as"])
def test_no_over_correction(word):
    toks = [t for t in _safe_normalize(word)]
    assert not any(t.corrected for t in toks)


def _safe_normalize(text):
    try:
        return normalize(text)
    except StatementSyntaxError:
        return []


@pytest.mark.parametrize("text", ["SA", "AS", "S-A", "A♠", "♠A", "ace of spades", "spade ace", "sa"])
def test_card_notations(text):
    assert parse(text) == parse("♠A")


def test_lowercase_as_is_a_word_not_a_card():
    assert parse("draw trumps as planned") == parse("draw trumps")


def test_ten_notations():
    for t in ("♠10", "♠T", "S10", "ST", "10S", "T♠", "the ten of spades", "spade 10"):
        assert parse(t) == parse("♠10"), t


def test_finesse_fields():
    assert parse("lead the ♥10 and let it run") == Line((Finesse(1, None, CardRef(1, 10), None, True),))


def test_after_reverses_the_spoken_order():
    from claimsolver.statement import parse

    assert parse("cash the clubs after drawing trumps") == parse("draw trumps, then cash the clubs")
    assert parse("cash the clubs, after that draw trumps") == parse("cash the clubs, then draw trumps")
    assert parse("after drawing trumps cash the clubs") == parse("draw trumps, then cash the clubs")


def test_lookahead_parser_gives_the_plain_parsers_tree():
    # the predictor's one-word lookahead only drops items that cannot match: same tree
    from claimsolver.statement.earley import fast, plain

    from lark.exceptions import UnexpectedInput

    for text, _ in CORPUS[::8] + [(t, None) for t, _ in REJECTED]:
        try:
            toks = normalize(text)
        except StatementSyntaxError:
            continue
        try:
            want = plain().parse(toks)
        except UnexpectedInput:  # e.g. "A, but first B" (split before parsing) or rejected text
            with pytest.raises(UnexpectedInput):
                fast().parse(toks)
            continue
        assert fast().parse(toks) == want, text
