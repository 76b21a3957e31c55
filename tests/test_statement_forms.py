"""The statement forms of issue 10, bound to positions and compiled: discards said as
placement, losers named by role (Law 70A when the hand is in doubt), counted top cards and
exceptions."""

from __future__ import annotations

import pytest

from claimsolver import tables as T
from claimsolver.cards import Seat, parse_card
from claimsolver.laws.statement import compile_line
from claimsolver.line import Cash, Concede, Discard, PlayCard, Ruff
from claimsolver.position import Position
from claimsolver.statement import bind, parse
from claimsolver.statement.bind import least_favourable
from conftest import make_claim

# Notrump, South declares and claims, North is dummy.
# North ♥5 ♦AKQ ♣2 / East ♠K ♥KQ ♦J ♣K / South ♠AQ ♥4 ♣43 / West ♠J ♥J ♦2 ♣AQ
DEAL = "N:.5.AKQ.2 K.KQ.J.K AQ.4..43 J.J.2.AQ"
POS = Position.from_fields(DEAL, "NT", "S")


def card(t: str) -> int:
    return parse_card(t)


def b(text: str, pos=POS, claimer=Seat.S, declarer=Seat.S):
    return bind(parse(text), pos, claimer, declarer)


@pytest.mark.parametrize("text", [
    "the heart loser goes on the ♦A", "on the ♦A I pitch the heart loser",
    "throw the losing heart on the ace of diamonds", "the heart loser goes away on dummy's ♦A",
])
def test_goes_on_a_card_discards_from_the_other_hand(text):
    bs = b(text)
    assert bs.line.steps == (Discard((card("H4"),), None, None, card("DA"), Seat.S),)
    assert bs.understood == ["discard ♥4 from South on North's ♦A"]
    assert bs.notes == []


def test_goes_on_a_suit_discards_from_the_shorter_hand():
    bs = b("discard the heart loser on the diamonds")
    assert bs.line.steps == (Discard((card("H4"),), None, 2, None, Seat.S),)


def test_loser_is_the_lowest_card_below_an_outstanding_one():
    # South ♣43 against West's ♣AQ and East's ♣K: both lose; the lower is named
    assert b("park my losing club on dummy's ace").line.steps == \
        (Discard((card("C3"),), None, None, card("DA"), Seat.S),)
    # two losers: the two lowest, each once
    assert b("discard two club losers on the diamonds").line.steps == \
        (Discard((card("C3"), card("C4")), None, 2, None, Seat.S),)
    # ♠AQ against ♠K: the queen is the loser, the ace a winner
    assert b("discard my spade loser").line.steps == (Discard((card("SQ"),), None, None, None, Seat.S),)


def test_ambiguous_loser_takes_the_reading_least_favourable_to_the_claimer():
    # no target, no hand said: North's ♥5 and South's ♥4 both fit "the heart loser"; Law 70A
    # reads the higher (parting with it costs the claimer most) and the echo says so
    bs = b("discard the heart loser")
    assert bs.line.steps == (Discard((card("H5"),), None, None, None, Seat.N),)
    assert "Law 70A" in bs.understood[0] and "North's ♥5" in bs.understood[0] and "South's ♥4" in bs.understood[0]
    assert least_favourable([card("H4"), card("H5")]) == card("H5")


def test_loser_with_no_loser_is_dropped_with_a_note():
    bs = b("discard dummy's diamond loser on the clubs")
    assert bs.line.steps == ()
    assert "no diamond loser" in bs.notes[0]


def test_loser_in_play_and_ruff():
    assert b("lead my losing club").line.steps == (PlayCard(card("C3")),)
    spades = Position.from_fields("N:2.2.. .AK.. K3... ..Q2.", "S", "S")  # North ♠2 ♥2, South ♠K3
    assert parse("ruff the heart loser in dummy").steps == (Ruff(1, parse("ruff in dummy").steps[0].hand, 1),)
    # the hand not said: the hand void in hearts ruffs
    assert b("ruff the heart loser", pos=spades).line.steps == (Ruff(1, Seat.S, 1),)


def test_counted_top_cards_bind_the_highest_cards_of_the_side():
    pos = Position.from_fields("N:AK2.AK.A. 53.QJ.K.5 QJ.T9.Q.Q 4.74.3.A2", "S", "S")
    bs = b("cash the top three trumps", pos=pos)
    assert bs.line.steps == (Cash(0, None, (card("SA"), card("SK"), card("SQ"))),)
    assert bs.notes == []
    bs = b("my three top spades", pos=pos)  # South holds two
    assert bs.line.steps == (Cash(0, Seat.S, (card("SQ"), card("SJ"))),)
    assert "holds only 2 spades" in bs.notes[0]
    bs = b("cash the top three hearts", pos=pos)  # ♥A ♥K and South's ♥10, below East's ♥QJ
    assert bs.line.steps == (Cash(1, None, (card("HA"), card("HK"), card("HT"))),)
    assert "♥10 is not top" in bs.notes[0]
    assert b("cash dummy's top two hearts", pos=pos).line.steps == (Cash(1, Seat.N, (card("HA"), card("HK"))),)


def test_exception_of_an_opponents_card_and_of_ones_own():
    pos = Position.from_fields("N:AK2.AK.A. 53.QJ.K.5 QJ.T9.Q.Q 4.74.3.A2", "S", "S")
    assert b("all winners except the ♣A", pos=pos).line.steps == (Concede(None, card("CA"), 1, False),)
    bs = b("all mine except the ♦Q", pos=pos)  # South's own ♦Q: a diamond trick lost
    assert bs.line.steps == (Concede(2, None, 1, False),)
    assert bs.understood == ["concede a diamond (South's ♦Q loses)"]


def test_goes_on_compiles_to_the_card_then_the_suit_with_the_discard():
    claim = make_claim(DEAL)
    bs = bind(parse("the heart loser goes on the ♦A"), claim.position, claim.claimer, claim.declarer)
    rows = compile_line(bs.line, claim).steps
    # one row: in the ♦A's trick the hand that cannot follow throws the ♥4 (the ♦A need not
    # be the start of a run of top cards: "a club on the ♥J" is a ruffing finesse)
    assert [int(r[T.S_KIND]) for r in rows] == [T.STEP_PLAY, T.STEP_END]
    assert rows[0][T.S_CARD] == card("DA") and rows[0][T.S_CARD2] == card("H4")


def test_a_list_of_tricks_compiles_to_the_suits_he_leads_and_keeps():
    # "two spades and three diamonds" is no order of play, but names his suits: one
    # STEP_LISTED row with both suits (Law 70D1, published ruling 28); a second list adds to it
    claim = make_claim(DEAL)
    for text in ("two spades and three diamonds", "two spades. Three diamonds."):
        rows = compile_line(b(text, claim.position).line, claim).steps
        assert [int(r[T.S_KIND]) for r in rows] == [T.STEP_LISTED, T.STEP_END], text
        assert rows[0][T.S_COUNT] == (1 << 0) | (1 << 2)
        # and the cards that take those tricks: North-South's two highest spades (South's AQ) and
        # three highest diamonds (North's AKQ) — the cards a hand keeps while it can
        assert rows[0][T.S_FLAG] == sum(1 << card(c) for c in ("SA", "SQ", "DA", "DK", "DQ"))
    rows = compile_line(b("cash the ♦A, then three diamonds", claim.position).line, claim).steps
    assert [int(r[T.S_KIND]) for r in rows] == [T.STEP_PLAY, T.STEP_LISTED, T.STEP_END]
    # a list followed by a step of play stays a count (the row would hold the step back)
    rows = compile_line(b("two spades, then cash the ♦A", claim.position).line, claim).steps
    assert [int(r[T.S_KIND]) for r in rows] == [T.STEP_PLAY, T.STEP_END]


def test_exception_compiles_to_a_concession():
    claim = make_claim(DEAL)
    bs = bind(parse("all mine except the ♣A"), claim.position, claim.claimer, claim.declarer)
    rows = compile_line(bs.line, claim).steps
    assert int(rows[0][T.S_KIND]) == T.STEP_CONCEDE and rows[0][T.S_CARD2] == card("CA")


def test_establishing_a_suit_plays_it_from_the_top_through_the_rounds_they_win():
    # South ♣KQJ4 opposite North's ♣65 against East's ♣A73 and West's ♣T98: "establish the
    # clubs" plays them from the top — the king (knocking out the ace), queen, jack, then the
    # four, which takes the last round (Law 70D1: the line he states; a small club led first
    # would lose to West's ten as well)
    claim = make_claim("N:A.2.2.65 .A.A.A73 2...KQJ4 KQ...T98", leader="S")
    for text in ("establish the clubs", "I'll set up my clubs"):
        rows = compile_line(b(text, claim.position).line, claim).steps
        assert [int(r[T.S_KIND]) for r in rows] == [T.STEP_PLAY] * 4 + [T.STEP_END], text
        assert [int(r[T.S_CARD]) for r in rows[:4]] == [card(c) for c in ("CK", "CQ", "CJ", "C4")]
    # length: ♣AK432 opposite ♣5 against East's ♣QJT and West's ♣9 — the ace and king, the
    # third round given up to the queen, then the three and the two
    est = make_claim("N:A.A.A2.5 K.K..QJT ...AK432 Q.Q.KQ.9", leader="S")
    rows = compile_line(b("establish the clubs", est.position).line, est).steps
    assert [int(r[T.S_CARD]) for r in rows[:-1]] == [card(c) for c in ("CA", "CK", "C4", "C3", "C2")]
    # no round of it can be won: nothing imposed, and the note says why
    low = make_claim("N:A.2.2.76 .A..AKQJ 2...5432 KQ...T98", leader="S")
    compiled = compile_line(b("establish the clubs", low.position).line, low)
    assert len(compiled.steps) == 0 and any("no round" in n for n in compiled.notes)
