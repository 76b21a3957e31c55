"""The Position: loading, conversions to and from endplay, and every validation error."""

import numpy as np
import pytest

from claimsolver.cards import Seat
from claimsolver.errors import InvalidInput
from claimsolver.position import Position

DEAL = "N:AK5... ..AKQ. 42...2 J3.A.."


def problems(**kw):
    args = dict(deal=DEAL, trump="NT", leader="N", trick=())
    args.update(kw)
    with pytest.raises(InvalidInput) as e:
        Position.from_fields(args["deal"], args["trump"], args["leader"], args["trick"],
                             shown_out=kw.get("shown_out"))
    return e.value.problems


def test_fields_round_trip_and_repr():
    p = Position.from_fields(DEAL, "NT", "N")
    assert p.tricks_left == 3 and p.to_move == Seat.N and p.trick == ()
    assert p.to_fields() == {"deal": DEAL, "trump": "NT", "leader": "N", "trick": []}
    assert eval(repr(p), {"Position": Position}) == p


def test_mid_trick_position():
    p = Position.from_fields("N:K5... ..AKQ. 42...2 J3.A..", "S", "N", ["SA"])
    assert p.to_move == Seat.E and p.tricks_left == 3 and p.lead_suit == 0
    assert p.trick_array().dtype == np.int64 and p.hands_array().dtype == np.int64


def test_endplay_round_trip():
    for fields in [(DEAL, "NT", "N", []), ("N:K5... ..AKQ. 42...2 J3.A..", "H", "N", ["SA"]),
                   ("N:K5... .KQ.. 42...2 J3.A..", "D", "N", ["SA", "DA"])]:
        p = Position.from_fields(*fields)
        d = p.to_deal()
        assert Position.from_deal(d) == p


def test_validation_reports_every_problem():
    got = problems(deal="N:AK5... ..AKQ. 42...2 J3.A..", trump="X", leader="Q", trick=["SA", "ZZ"])
    fields = [f for f, _ in got]
    assert fields == ["trump", "leader", "trick[1]"]
    assert "unknown strain 'X'" in got[0][1] and "unknown seat 'Q'" in got[1][1]


def test_card_twice_between_hands():
    got = problems(deal="N:AK5... ..AKQ. A4...2 J3.A..")
    assert ("deal", "SA is in North's hand and in South's hand") in got


def test_card_in_hand_and_in_trick():
    got = problems(deal="N:AK... ..AKQ. 42...2 J3.A..", trick=["SA"])
    assert any(f == "trick[0]" and "still in North's hand" in r for f, r in got)


def test_hand_sizes_must_fit_the_trick():
    got = problems(deal="N:AK... ..AKQ. 42...2 J3.A..")
    assert any(f == "deal" and "differ" in r for f, r in got)
    got = problems(deal="N:AK5... ..AKQ. 42...2 J3.A..", trick=["S2"], leader="W")
    assert any(f == "deal" and "trick in progress" in r for f, r in got)


def test_revoke_in_trick():
    # East plays a heart on a spade lead while still holding a spade
    got = problems(deal="N:K5... 7.KQ.. 42...2 J3.A..", trick=["SA", "HA"], leader="N")
    assert any(f == "trick[1]" and "revoke" in r for f, r in got)


def test_revoke_against_shown_out():
    got = problems(deal="N:K5... .KQ2.. 42...2 J3.A..", trick=["SA", "S7"], shown_out={"E": "S"})
    assert any("showed out" in r for _, r in got)


def test_more_than_13_cards():
    got = problems(deal="N:AKQJT98765432.A.. ..AKQ. 42...2 J3.A..")
    assert any("14 cards" in r for _, r in got)


def test_unknown_card_in_deal():
    got = problems(deal="N:AKX... ..AKQ. 42...2 J3.A..")
    assert got[0][0] == "deal" and "not a rank" in got[0][1]


def test_shown_out_field_checked():
    got = problems(shown_out={"E": "X"})
    assert any(f == "shown_out" and "'X' is not a suit" in r for f, r in got)
    got = problems(shown_out={"E": "D"})
    assert any(f == "shown_out" and "showed out of D but holds" in r for f, r in got)
