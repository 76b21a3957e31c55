"""Core types: seats, strains, cards, hands and deals round-trip through parse/name pairs."""

import pytest

from claimsolver.cards import (
    FULL_DECK, NOTRUMP, Seat, card_name, card_symbol, count, deal_name, hand_name, iter_cards,
    parse_card, parse_deal, parse_hand, parse_seat, parse_strain, seat_name, strain_name,
)
from claimsolver.errors import NotationError


def test_seat_vocabulary():
    assert Seat.N.lho == Seat.E and Seat.N.rho == Seat.W and Seat.N.partner == Seat.S
    assert Seat.W.lho == Seat.N and Seat.E.side == 1 and Seat.S.side == 0
    assert [parse_seat(s) for s in "NESW"] == list(Seat)
    assert parse_seat("south") == Seat.S and seat_name(Seat.E) == "E"
    with pytest.raises(NotationError, match="unknown seat 'X'"):
        parse_seat("X")


def test_strains():
    assert [parse_strain(s) for s in ("S", "H", "D", "C", "NT", "n")] == [0, 1, 2, 3, NOTRUMP, NOTRUMP]
    assert [strain_name(s) for s in range(5)] == ["S", "H", "D", "C", "NT"]
    with pytest.raises(NotationError, match="strain"):
        parse_strain("Z")


@pytest.mark.parametrize("text,name", [
    ("SA", "SA"), ("HT", "HT"), ("C10", "CT"), ("♠A", "SA"), ("AS", "SA"), ("A♠", "SA"), ("10C", "CT"),
    ("s-k", "SK"), ("d2", "D2"),
])
def test_card_notations(text, name):
    assert card_name(parse_card(text)) == name


def test_every_card_round_trips():
    cards = list(iter_cards(FULL_DECK))
    assert len(cards) == 52
    for c in cards:
        assert parse_card(card_name(c)) == c
        assert parse_card(card_symbol(c)) == c
    assert card_symbol(parse_card("HT")) == "♥10"
    # bit layout = endplay's holding: rank r of suit s at bit 16*s + r
    assert parse_card("SA") == 14 and parse_card("C2") == 16 * 3 + 2


@pytest.mark.parametrize("bad", ["S1", "X5", "", "SAK", "11S"])
def test_bad_cards(bad):
    with pytest.raises(NotationError, match="unknown card"):
        parse_card(bad)


def test_hands_and_deals():
    h = parse_hand("AK5.QJ.-.T98")
    assert count(h) == 8 and hand_name(h) == "AK5.QJ..T98"
    assert parse_hand("-") == 0 and hand_name(0) == "-"
    assert parse_hand("A10..." ) == parse_hand("AT...")
    deal = "N:AK5... ..AKQ. 42...2 J3.A.."
    hands = parse_deal(deal)
    assert deal_name(hands) == deal
    assert parse_deal("E:..AKQ. 42...2 J3.A.. AK5...") == hands
    with pytest.raises(NotationError, match="4 hands"):
        parse_deal("N:AK5... ..AKQ.")
    with pytest.raises(NotationError, match="appears twice"):
        parse_hand("AA...")
    with pytest.raises(NotationError, match="4 suits"):
        parse_hand("AK.Q")
    with pytest.raises(NotationError, match="not a rank"):
        parse_hand("AX...")
