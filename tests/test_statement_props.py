"""Random text and word salads: only StatementSyntaxError, never another exception."""

from __future__ import annotations

from hypothesis import example, given, settings, strategies as st

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
@example(["a", "club", "eight", "a", "club"])  # two lists of tricks in a row (found by a CI run)
def test_word_salad(words):
    _parse_or_syntax_error(" ".join(words))


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet="♠♥♦♣AKQJT1098765432SHDCshdc- ,", max_size=20))
def test_card_soup(text):
    _parse_or_syntax_error(text)


from claimsolver.cards import Seat  # noqa: E402
from claimsolver.position import Position  # noqa: E402
from claimsolver.statement import bind  # noqa: E402
from statement_corpus import CORPUS  # noqa: E402

POSITIONS = [
    (Position.from_fields("N:AQ... K.2.. 32... 54...", "NT", "S"), Seat.S, Seat.S),
    (Position.from_fields("N:32..32. .KQJ.K. AK.A..A QJ..Q.2", "C", "S"), Seat.S, Seat.S),
    (Position.from_fields("N:4..32. .A2..T 32...9 ..AK.2", "NT", "S"), Seat.W, Seat.S),
]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([line for _, line in CORPUS]), st.sampled_from(POSITIONS))
def test_binding_never_crashes(line, where):
    pos, claimer, declarer = where
    bs = bind(line, pos, claimer, declarer)
    assert isinstance(bs.notes, list) and isinstance(bs.understood, list)
    assert len(bs.line.steps) <= len(line.steps)
    render(bs.line)  # bound lines render too


def test_binding_every_corpus_line_on_every_position():
    for _, line in CORPUS:
        for pos, claimer, declarer in POSITIONS:
            bs = bind(line, pos, claimer, declarer)
            assert len(bs.understood) >= len(bs.line.steps)
            render(bs.line)
