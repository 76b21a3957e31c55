"""Input limits are input errors: a statement too long, with too many words or steps, or with
control characters gives exit code 2 and a message naming the statement -- never exit 1
(an internal error). Hypothesis drives ``parse`` and ``adjudicate --statement`` with long and
random text."""

from __future__ import annotations

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings, strategies as st

from claimsolver import tables as T
from claimsolver.cli import main
from claimsolver.errors import InvalidInput
from claimsolver.laws.statement import MAX_STEP_ROWS, compile_line
from claimsolver.line import Line, PlayCard
from claimsolver.statement import StatementSyntaxError, StatementInputError, parse, vocab
from claimsolver.statement.parser import MAX_CHARS, MAX_STEPS, MAX_WORDS
from conftest import make_claim
from statement_corpus import CORPUS

DEAL = "N:AQ... K.2.. 32... 54..."  # notrump, South to lead: two tricks left
CLAIM = ["--deal", DEAL, "--trump", "NT", "--declarer", "S", "--leader", "S", "--claimer", "S",
         "--claimed", "2"]


def adjudicate(statement: str):
    return CliRunner().invoke(main, ["adjudicate", *CLAIM, "--statement", statement, "--time-limit", "20"])


def parse_cli(text: str):
    return CliRunner().invoke(main, ["parse", text])


# --- the limits, one by one ---------------------------------------------------------------------

def test_too_long():
    with pytest.raises(StatementInputError) as info:
        parse("draw trumps " * (MAX_CHARS // 12 + 1))
    assert str(info.value).startswith("statement: too long")
    assert f"at most {MAX_CHARS}" in str(info.value)


def test_too_many_words():
    text = "♠A " * (MAX_WORDS + 1)
    assert len(text) <= MAX_CHARS
    with pytest.raises(StatementInputError, match=rf"statement: too many words \({MAX_WORDS + 1}\)"):
        parse(text)


def test_too_many_steps():
    parse("♠A " * MAX_STEPS)  # at the limit: fine
    with pytest.raises(StatementInputError, match=rf"statement: too many steps \({MAX_STEPS + 1}\)"):
        parse("♠A " * (MAX_STEPS + 1))


def test_steps_inside_conditionals_count():
    text = "if spades break " + "♠A " * MAX_STEPS
    with pytest.raises(StatementInputError, match="too many steps"):
        parse(text)


@pytest.mark.parametrize("ch", ["\x00", "\x07", "\x1b", "\x7f", "\x85", "\x0b"])
def test_control_characters(ch):
    with pytest.raises(StatementInputError) as info:
        parse(f"draw{ch} trumps")
    assert f"control character U+{ord(ch):04X} at column 5" in str(info.value)
    assert str(info.value).startswith("statement:")


def test_tabs_and_newlines_are_whitespace():
    assert parse("draw trumps,\n\tthen run the clubs\r\n") == parse("draw trumps, then run the clubs")


def test_the_limit_error_is_a_syntax_error_for_callers():
    assert issubclass(StatementInputError, StatementSyntaxError)


def test_compiled_rows_beyond_the_search_limit_are_an_input_error():
    claim = make_claim("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432", trump="S")
    cards = [16 * 0 + r for r in range(2, 15)]
    line = Line(tuple(PlayCard(cards[i % 13]) for i in range(MAX_STEP_ROWS)))
    with pytest.raises(InvalidInput) as info:
        compile_line(line, claim)
    assert info.value.problems[0][0] == "statement"
    assert f"at most {MAX_STEP_ROWS}" in str(info.value)
    ok = Line(line.steps[:MAX_STEP_ROWS - 1])  # plus the end row: exactly the limit
    assert compile_line(ok, claim).steps.shape[0] == MAX_STEP_ROWS


def test_the_row_limit_is_the_search_limit():
    from claimsolver.engine.claim_api import claim_search

    hands = np.array([0b100, 0b1000, 0b10000, 0b100000], dtype=np.int64)
    args = dict(hands=hands, trump=4, leader=0, trick=np.zeros(0, dtype=np.int64), claim_side=0, forget=0,
                shown=0, policy=np.ones(T.N_PLAY_CLASSES, dtype=np.int64),
                options=np.zeros(T.N_OPTIONS, dtype=np.int64))
    with pytest.raises(ValueError, match=f"at most {MAX_STEP_ROWS}"):
        claim_search(steps=np.zeros((MAX_STEP_ROWS + 1, T.N_STEP_FIELDS), dtype=np.int64), **args)


# --- the command line: exit 2 with the message, never 1 ---------------------------------------

def test_adjudicate_long_statement_exit_2():
    r = adjudicate("draw trumps, ruff a heart in dummy, cash the clubs, " * 40)
    assert r.exit_code == 2, r.output
    assert "statement: too long" in r.output and "internal error" not in r.output


def test_adjudicate_many_steps_exit_2():
    r = adjudicate("♠A " * 100)
    assert r.exit_code == 2, r.output
    assert "statement: too many steps" in r.output


def test_adjudicate_control_character_exit_2():
    r = adjudicate("draw\x01 trumps")
    assert r.exit_code == 2 and "statement: control character U+0001" in r.output


def test_parse_command_limits_exit_2():
    r = parse_cli("x" * (MAX_CHARS + 1))
    assert r.exit_code == 2 and "statement: too long" in r.output
    r = parse_cli("draw\x00trumps")
    assert r.exit_code == 2 and "control character" in r.output


# --- hypothesis: no input gives exit 1 --------------------------------------------------------

WORDS = sorted(set(vocab.LOOKUP) | set(vocab.FILLER)) + [
    "♠A", "♥10", "SA", "AS", "S-A", "A♠", "3-3", "11", ",", ".", "'s", "dummy's", "I'll", "♣", "x",
    "goes", "on", "except", "top", "loser", "losing", "at the end", "but first", "after"]
PHRASES = [t for t, _ in CORPUS if t]

random_text = st.text(max_size=60)
long_text = st.text(min_size=MAX_CHARS - 20, max_size=MAX_CHARS + 40)
salad = st.lists(st.sampled_from(WORDS), min_size=0, max_size=MAX_WORDS + 20).map(" ".join)
phrase_runs = st.lists(st.sampled_from(PHRASES), min_size=1, max_size=40).map(", then ".join)
anything = st.one_of(random_text, long_text, salad, phrase_runs)


def _parse_ok(text):
    try:
        parse(text)
    except StatementSyntaxError as e:
        assert str(e)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(anything)
def test_parse_raises_only_syntax_errors(text):
    _parse_ok(text)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(anything)
def test_parse_command_never_exit_1(text):
    r = parse_cli(text)
    assert r.exit_code in (0, 2), r.output
    assert "Traceback" not in r.output


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(salad, phrase_runs, random_text, long_text))
def test_adjudicate_statement_never_exit_1(text):
    r = adjudicate(text)
    assert r.exit_code in (0, 2), r.output
    assert "internal error" not in r.output


def test_adjudicate_with_a_statement_still_rules():
    r = adjudicate("taking the spade finesse")
    assert r.exit_code == 0, r.output
    assert "Ruling:" in r.output
