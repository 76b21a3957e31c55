"""Binding statements to positions built from PBN."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from claimsolver.cards import Seat, parse_card, parse_seat
from claimsolver.line import CardRef, Cash, Concede, Cross, DrawTrumps, Finesse, PlayCard, Ruff
from claimsolver.position import Position
from claimsolver.statement import BoundStatement, bind, parse

FIN = Position.from_fields("N:AQ... K.2.. 32... 54...", "NT", "S")
SUIT = Position.from_fields("N:32..32. .KQJ.K. AK.A..A QJ..Q.2", "C", "S")
DEF = Position.from_fields("N:4..32. .A2..T 32...9 ..AK.2", "NT", "S")
CASES = Path(__file__).resolve().parent / "data" / "cases"


def b(text, pos=FIN, claimer=Seat.S, declarer=Seat.S) -> BoundStatement:
    return bind(parse(text), pos, claimer, declarer)


def card(t):
    return parse_card(t)


def test_spade_finesse_binds_to_the_tenace():
    bs = b("take the spade finesse")
    assert bs.line.steps == (Finesse(0, card("SK"), card("SQ"), Seat.S, False),)
    assert bs.notes == []
    assert bs.understood == ["finesse ♠Q (lead from South toward North's ♠AQ, against East's ♠K)"]


@pytest.mark.parametrize("text", ["finesse the ♠Q", "finessing against the king of spades",
                                  "take the finesse", "finesse the queen",
                                  "take the spade finesse against East"])
def test_other_finesse_phrasings_bind_the_same(text):
    assert b(text).line.steps == (Finesse(0, card("SK"), card("SQ"), Seat.S, False),)


def test_finesse_with_no_tenace_is_a_note():
    bs = b("take the heart finesse")
    assert bs.line.steps == ()
    assert "no finesse in hearts" in bs.notes[0]


def test_card_the_side_does_not_hold_is_a_note_not_an_exception():
    bs = b("cash the ♠K")
    assert bs.line.steps == ()
    assert bs.notes and "♠K" in bs.notes[0] and "East" in bs.notes[0]
    bs = b("cash the ♥A")
    assert bs.line.steps == () and "no longer held" in bs.notes[0]


def test_drawing_trumps_at_notrump_is_a_note():
    bs = b("draw trumps, then take the spade finesse")
    assert len(bs.line.steps) == 1 and isinstance(bs.line.steps[0], Finesse)
    assert "no trumps at notrump" in bs.notes[0]


def test_ruff_with_no_trumps_is_a_note():
    bs = b("ruff a heart in dummy", pos=SUIT)  # North (dummy) has no clubs
    assert bs.line.steps == ()
    assert "North (dummy) has no trumps" in bs.notes[0]


def test_draw_trumps_binds_the_leading_hand():
    bs = b("drawing the last trump first, then the rest are good", pos=SUIT)
    assert bs.line.steps == (DrawTrumps(Seat.S),)
    assert bs.understood == ["draw trumps (South leads them)"]


def test_trumps_resolve_to_the_trump_suit():
    bs = b("one trick to the ace of trumps", pos=Position.from_fields("N:32..32. .KQJ.K. AK.A..2 QJ..Q.A", "C", "S"))
    assert bs.line.steps == (Concede(None, card("CA"), 1, False),)
    assert "West's ♣A" in bs.understood[0]


def test_dummy_hand_partner_resolve():
    assert b("cash dummy's spades").line.steps == (Cash(0, Seat.N),)
    assert b("cash my spades").line.steps == (Cash(0, Seat.S),)
    # a defender's claim: partner is the other defender
    bs = b("I'll cash my two diamonds and lead my small club to partner's ten", pos=DEF,
           claimer=Seat.W, declarer=Seat.S)
    assert bs.line.steps == (Cash(2, Seat.W, (card("DA"), card("DK"))), Cross(Seat.E, card("CT"), 3))
    assert bs.notes == []


def test_top_and_small_cards():
    bs = b("cash the top spades")
    assert bs.line.steps == (Cash(0, Seat.N, (card("SA"),)),)
    assert b("lead a small spade").line.steps == (PlayCard(card("S2")),)
    assert b("play the king").line.steps == ()  # no king on the side: note
    assert b("play the ace").line.steps == (PlayCard(card("SA")),)


def test_ambiguous_rank_is_left_open():
    pos = Position.from_fields("N:A...A K...K 2...2 3...3", "NT", "S")
    bs = b("play the ace", pos=pos)
    assert bs.line.steps == (PlayCard(CardRef(None, 14)),)
    assert "left open" in bs.notes[0]


def test_squeeze_of_own_side_is_a_note():
    bs = b("squeeze North")
    assert bs.line.steps == () and "claiming side" in bs.notes[0]


def test_conditional_binds_inside():
    bs = b("if the ♠K drops I have the rest, otherwise take the spade finesse")
    step = bs.line.steps[0]
    assert step.event.card == card("SK")
    assert step.otherwise == (Finesse(0, card("SK"), card("SQ"), Seat.S, False),)


def test_ruff_binds_to_the_short_hand():
    pos = Position.from_fields("N:2.2.. .AK.. K3... ..Q2.", "S", "S")
    bs = b("ruff a heart", pos=pos)
    assert bs.line.steps == (Ruff(1, Seat.S, 1),)
    assert bs.understood == ["ruff hearts in South (once)"]


@pytest.mark.parametrize("path", sorted(CASES.glob("*.json")))
def test_shared_cases_bind_without_notes(path):
    d = json.loads(path.read_text())
    pos = Position.from_fields(d["deal"], d["trump"], d["leader"], d.get("trick", []),
                               shown_out=d.get("shown_out"))
    bs = bind(parse(d.get("statement", "")), pos, parse_seat(d["claimer"]), parse_seat(d["declarer"]))
    assert bs.notes == []
    assert bs.understood


RUFFS = Position.from_fields("N:2.2.. .AK.. K3... ..Q2.", "S", "S")  # spades trumps; N has ♠2 ♥2


@pytest.mark.parametrize("text", ["ruff with dummy's small trump", "ruff a heart with the ♠2",
                                  "ruff a heart with dummy's small trump"])
def test_ruff_with_the_lowest_trump_is_one_ruff_in_its_holders_hand(text):
    bs = b(text, pos=RUFFS)
    assert len(bs.line.steps) == 1
    r = bs.line.steps[0]
    assert isinstance(r, Ruff) and r.hand == Seat.N and r.count == 1
    assert bs.understood[0].endswith("in North (dummy) (once) with ♠2")
    assert bs.notes == []


def test_ruff_with_a_higher_trump_keeps_the_card():
    bs = b("ruff a heart with the ♠K", pos=RUFFS)
    assert bs.line.steps == (Ruff(1, Seat.S, 1), PlayCard(card("SK")))
    assert bs.understood[0] == "ruff hearts in South (once) with ♠K"


def test_ruff_with_my_last_trump_binds_the_only_trump():
    pos = Position.from_fields("N:2.2.. .AK.. K.3.. ..Q2.", "S", "S")  # South's only trump: ♠K
    bs = b("ruff with my last trump", pos=pos)
    assert bs.line.steps == (Ruff(None, Seat.S, 1),)
    assert bs.understood == ["ruff a side suit in South (once) with ♠K"]


def test_cash_count_binds_the_top_cards_of_the_hand():
    pos = Position.from_fields("N:AKQ2... 8765... J.AK2.. .QJT9..", "NT", "S")
    assert b("cash dummy's two spades", pos=pos).line.steps == (Cash(0, Seat.N, (card("SA"), card("SK"))),)
    # the hand not said: the only hand of the side holding the suit
    assert b("cash two hearts", pos=pos).line.steps == (Cash(1, Seat.S, (card("HA"), card("HK"))),)
    bs = b("cash two spades from my hand", pos=pos)
    assert bs.line.steps == (Cash(0, Seat.S, (card("SJ"),)),)
    assert "holds only 1 spades" in bs.notes[0]


def test_cash_count_with_both_hands_holding_the_suit_keeps_the_suit():
    pos = Position.from_fields("N:AK2... 543... QJ.2.. .AKQ..", "NT", "S")
    bs = b("cash two spades", pos=pos)
    assert bs.line.steps[0].cards == () and bs.line.steps[0].suit == 0
    assert "count is not kept" in bs.notes[0]


def test_a_trump_to_cross_with_binds_to_the_trump_suit():
    # "cross to dummy with a trump": clubs are trumps in SUIT; at notrump there is none (a note)
    bs = b("cross to dummy with a trump", pos=SUIT)
    assert bs.line.steps == (Cross(Seat.N, None, 3),) and bs.understood == ["cross to North (dummy) with a club"]
    bs = b("cross to dummy with a trump")
    assert bs.line.steps == () and any("no trumps at notrump" in n for n in bs.notes)
