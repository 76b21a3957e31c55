"""Random text and word salads: only StatementSyntaxError, never another exception."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from claimsolver.statement import StatementSyntaxError, parse, render
from claimsolver.statement import vocab

WORDS = sorted(set(vocab.LOOKUP) | set(vocab.FILLER)) + [
    "♠A", "♥10", "SA", "AS", "S-A", "A♠", "3-3", "11", ",", "'s", "dummy's", "I'll", "♣", "x"]


def _parse_or_syntax_error(text):
    try:
        line = parse(text)
    except StatementSyntaxError as e:
        assert str(e)
        return None
    # whatever parses renders and parses back
    assert parse(render(line)) == line
    return line


@settings(max_examples=80, deadline=None)
@given(st.text(max_size=40))
def test_random_text(text):
    _parse_or_syntax_error(text)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(WORDS), max_size=9))
def test_word_salad(words):
    _parse_or_syntax_error(" ".join(words))


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet="♠♥♦♣AKQJT1098765432SHDCshdc- ,", max_size=20))
def test_card_soup(text):
    _parse_or_syntax_error(text)
