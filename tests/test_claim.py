"""Claim files: loading, settings, and every validation error with its field."""

import json

import pytest

from claimsolver.cards import Seat
from claimsolver.claim import Claim, Settings, parse_contract
from claimsolver.errors import ClaimSolverError, InvalidInput

BASE = {
    "deal": "N:AQ... K.2.. 32... 54...", "trump": "NT", "declarer": "S", "leader": "S",
    "claimer": "S", "claimed": 2,
}


def errors(**changes):
    d = {**BASE, **changes}
    d = {k: v for k, v in d.items() if v is not ...}
    with pytest.raises(InvalidInput) as e:
        Claim.from_dict(d)
    return e.value.problems


def test_load_defaults():
    c = Claim.from_dict(BASE)
    assert c.claimer == Seat.S and c.declarer == Seat.S and c.dummy == Seat.N
    assert c.claimed == 2 and c.tricks_left == 2 and c.claiming_side == 0
    assert c.settings == Settings() and c.statement == "" and c.contract is None


def test_load_all_fields(tmp_path):
    d = {**BASE, "statement": "rest are mine", "shown_out": {"E": "S"}, "contract": "3NTX",
         "vulnerable": "ns", "tricks_won": {"declarer": 8, "defenders": 3}, "question": "concession",
         "law": "duplicate-2017", "regulation": "ebu", "player_class": "expert", "aware": ["SK", "trumps"],
         "id": "x", "expected": {"tricks": 2}}
    d["deal"] = "N:AQ... .32.. 32... K5..."
    p = tmp_path / "c.json"
    p.write_text(json.dumps(d))
    c = Claim.from_file(p)
    assert c.shown_out == {Seat.E: 1} and str(c.contract) == "3NTX" and c.vulnerable == "NS"
    assert c.tricks_won == (8, 3) and c.position.tricks_won == (8, 3)
    assert c.settings == Settings("duplicate-2017", "ebu", "expert", "concession", ("SK", "trumps"))
    assert c.to_dict()["shown_out"] == {"E": "S"}


def test_required_fields():
    got = errors(deal=..., claimed=...)
    assert ("deal", "missing (required)") in got and ("claimed", "missing (required)") in got


def test_dummy_cannot_claim():
    assert any(f == "claimer" and "dummy cannot claim" in r for f, r in errors(claimer="N"))


def test_claim_larger_than_tricks_left():
    assert ("claimed", "5 tricks claimed but 2 remain") in errors(claimed=5)
    assert any(f == "claimed" for f, _ in errors(claimed="two"))


def test_contract_strain_must_equal_trump():
    assert any(f == "contract" and "not played in NT" in r for f, r in errors(contract="4S"))
    assert any(f == "contract" and "unknown contract" in r for f, r in errors(contract="8Z"))


@pytest.mark.parametrize("field,value", [
    ("law", "chicago"), ("regulation", "wbf"), ("player_class", "god"), ("question", "why"),
    ("vulnerable", "maybe"), ("aware", ["S1"]), ("tricks_won", {"declarer": -1}),
])
def test_bad_settings(field, value):
    assert any(f == field for f, _ in errors(**{field: value}))


@pytest.mark.parametrize("field,value", [
    ("statement", []), ("statement", {}), ("contract", []), ("contract", {}), ("vulnerable", []),
    ("trick", {}), ("trick", ""), ("shown_out", []), ("shown_out", ""), ("aware", {}), ("unaware", {}),
])
def test_an_empty_value_of_the_wrong_type_is_named(field, value):
    # missing or null means "not given"; an empty list, object or text of the wrong type is a
    # mistake in the file (a tool writing the wrong shape), not an absent field
    assert any(f == field for f, _ in errors(**{field: value}))


def test_null_optional_fields_are_absent():
    c = Claim.from_dict({**BASE, "statement": None, "contract": None, "vulnerable": None, "trick": None,
                         "shown_out": None, "aware": None, "unaware": None})
    assert c.statement == "" and c.contract is None and c.vulnerable == "None" and c.position.trick == ()


def test_every_problem_reported_at_once():
    got = errors(trump="X", claimer="N", claimed=9, law="chicago")
    assert {f for f, _ in got} >= {"trump", "claimer", "law"}


def test_unreadable_files(tmp_path):
    with pytest.raises(ClaimSolverError, match="cannot read"):
        Claim.from_file(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(ClaimSolverError, match="not valid JSON"):
        Claim.from_file(bad)
    arr = tmp_path / "arr.json"
    arr.write_text("[]")
    with pytest.raises(ClaimSolverError, match="one JSON object"):
        Claim.from_file(arr)


def test_contracts():
    assert str(parse_contract("6cxx")) == "6CXX" and parse_contract("3N").strain == 4


def test_any_json_value_in_any_field_is_a_clear_error_or_a_claim():
    # Bad input never escapes as anything but a ClaimSolverError (exit 2 in the CLI).
    from hypothesis import given, settings, strategies as st

    json_values = st.recursive(
        st.none() | st.booleans() | st.integers(-5, 20) | st.floats(allow_nan=False) | st.text(max_size=12),
        lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=5), children, max_size=3),
        max_leaves=6)
    fields = ["deal", "trump", "declarer", "leader", "claimer", "claimed", "trick", "shown_out", "contract",
              "vulnerable", "tricks_won", "question", "law", "regulation", "player_class", "aware", "statement",
              "likely", "won_trick"]

    @settings(max_examples=500, deadline=None)
    @given(st.sampled_from(fields), json_values)
    def check(field, value):
        try:
            Claim.from_dict({**BASE, field: value})
        except ClaimSolverError:
            pass

    check()
