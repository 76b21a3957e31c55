"""The Law questions (claimsolver.laws.questions): Law 71A/71B (concession), Law 69B1/69B2
(agreement withdrawn), with positions built for each clause: one where the clause changes
the result and one where it must not. Sources: WBF Laws of Duplicate Bridge 2017, Laws 69
and 71, and the QBA notes on them (a national body's director notes with WBF Laws Committee
minutes)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from claimsolver.claim import Claim
from claimsolver.cli import main
from claimsolver.errors import InvalidInput
from claimsolver.laws.questions import Evidence, decide
from claimsolver.ruling import TimeLimitReached, adjudicate

from conftest import CASES, make_claim


claim = make_claim


# The 70C position: South unaware of West's club 2 may cash the heart ace first (West ruffs).
TRUMP_OUT = dict(deal="N:32..32. .KQJ.K. AK.A..A QJ..Q.2", trump="C")
# Four aces and the forgotten club 2 of West, void in hearts and diamonds: of South's four
# first leads two are ruffed at once; after the spade ace one of three: 2/4 + 1/4 * 2/3 = 2/3.
FOUR_ACES = dict(deal="N:432.2.. .KQ.KQ. A.A.A.A QJT...2", trump="C")


# --- Law 71B ---------------------------------------------------------------------------------

def test_71b_restores_a_trick_that_cannot_be_lost_and_names_its_card():
    # Law 71B: "a trick that could not be lost by any normal play of the remaining cards".
    r = adjudicate(Claim.from_file(CASES / "71-concession-cannot-lose.json"))
    assert r.tricks == 3 and r.applied[0] == "Law 71B"
    assert r.details["restored"] == [{"card": "SA", "every_line": True, "trick": 1, "seat": "S"}]
    assert "♠A wins a trick on every normal line" in r.reasons[0].text
    assert r.to_json()["restored"][0]["card"] == "SA"


def test_71b_concession_stands_when_a_normal_line_loses_it():
    # Law 71B, negative: conceding the trick the unnoticed trump can take (70C line) stands.
    c = claim(**TRUMP_OUT, claimed=3, question="concession")
    r = adjudicate(c)
    assert r.tricks == 3 and "restored" not in r.details and "stands" in r.reasons[0].text
    # ... and conceding two of them restores one: tricks = max(claimed, least normal) = 3.
    r = adjudicate(claim(**TRUMP_OUT, claimed=2, question="concession"))
    assert r.tricks == 3 and len(r.details["restored"]) == 1


def test_71b_defender_concession_is_the_defenders_least_normal_line():
    # A defender concedes (claimer = the defender, claimed = what his side keeps). West holds
    # the top two spades: conceding everything, both are restored (any normal play wins them).
    c = claim("N:32... AK... 54... QJ...", leader="W", claimer="W", declarer="S", claimed=0,
              question="concession")
    r = adjudicate(c)
    assert r.tricks == 2 and {x["card"] for x in r.details["restored"]} == {"SA", "SK"}


def test_71b_restored_tricks_never_exceed_double_dummy_random():
    import random

    from test_ruling import random_claim

    rng = random.Random(71)
    for _ in range(15):
        c = random_claim(rng, rng.randint(2, 5))
        d = c.to_dict()
        d.update(question="concession", claimed=0)
        r = adjudicate(Claim.from_dict(d))
        assert r.tricks <= r.double_dummy and len(r.details.get("restored", [])) == r.tricks


# --- Law 71A / 69B1: the trick in fact won -----------------------------------------------------

WON_BY_SOUTH = {"leader": "W", "cards": ["D4", "D5", "D6", "DA"]}  # South's diamond ace won it


def test_71a_conceded_trick_in_fact_won_is_restored():
    # Law 71A: "a player conceded a trick the side had, in fact, won". The players counted the
    # diamond-ace trick to the defenders (tricks_won); South conceded: it goes back to him.
    c = claim(**TRUMP_OUT, claimed=3, question="concession", contract="5C", tricks_won={"declarer": 7, "defenders": 2})
    plain = adjudicate(c)
    r = adjudicate(c, won_trick=WON_BY_SOUTH)
    assert r.tricks == plain.tricks == 3
    assert r.won_trick_to == 0 and plain.won_trick_to is None
    assert plain.result == "5C-1" and r.result == "5C="
    assert "Law 71A" in r.applied and r.to_json()["won_trick"]["restored_to"] == "North-South"


def test_71a_trick_won_by_the_other_side_changes_nothing():
    c = claim(**TRUMP_OUT, claimed=3, question="concession", contract="5C", tricks_won={"declarer": 7, "defenders": 2})
    r = adjudicate(c, won_trick={"leader": "W", "cards": ["DA", "D5", "D6", "D4"]})  # West's ace
    assert r.won_trick_to is None and r.result == "5C-1"
    assert any(x.law == "71A" and "nothing to restore" in x.text for x in r.reasons)


def test_69b1_agreed_to_lose_a_trick_in_fact_won():
    # Law 69B1: the non-claimers (East-West) agreed to the loss of a trick they had won.
    c = claim("N:AK... 32... QJ... 54...", question="agreed", contract="3NT", tricks_won={"declarer": 9, "defenders": 2})
    assert adjudicate(c).won_trick_to is None and adjudicate(c).result == "3NT+2"
    r = adjudicate(c, won_trick={"leader": "E", "cards": ["HA", "H2", "H3", "H4"]})
    assert r.won_trick_to == 1 and "Law 69B1" in r.applied and r.result == "3NT+1"  # 10 instead of 11


def test_won_trick_is_checked():
    c = claim(**TRUMP_OUT, claimed=3, question="concession")
    with pytest.raises(InvalidInput, match="won_trick"):
        adjudicate(c, won_trick={"leader": "W", "cards": ["SA", "H9", "H2", "H3"]})  # SA is still held
    with pytest.raises(InvalidInput, match="won_trick"):
        adjudicate(c, won_trick=["D4", "D5", "D6", "DA"])


# --- Law 69B2 ---------------------------------------------------------------------------------

def test_69b2_trick_likely_won_is_returned():
    # Law 69B2: "a trick that side would likely have won had the play continued": 2/3 of the
    # normal lines lose a trick to the ruff, above the default threshold (more than half).
    r = adjudicate(claim(**FOUR_ACES, question="agreed"))
    rows = r.details["likely"]["tricks"]
    assert rows[0]["share"] == pytest.approx(2 / 3, abs=1e-4) and rows[0]["returned"]
    assert r.tricks == 3 and r.applied[0] == "Law 69B2"


def test_69b2_threshold_is_the_users():
    # 2/3 is not "likely" at a threshold of 0.7; the 70C position's 1/2 is not more than half,
    # but is more than 0.4.
    assert adjudicate(claim(**FOUR_ACES, question="agreed"), likely=0.7).tricks == 4
    c = claim(**TRUMP_OUT, question="agreed")
    r = adjudicate(c)
    assert r.details["likely"]["tricks"][0]["share"] == 0.5 and r.tricks == 4
    assert adjudicate(c, likely=0.4).tricks == 3
    assert r.to_json()["settings"]["likely"] == 0.5


def test_69b2_nothing_returned_when_no_normal_line_loses():
    # Negative: the director finds South aware of the trump: he draws it on every normal line.
    r = adjudicate(claim(**FOUR_ACES, question="agreed", aware=["trumps"]))
    assert r.tricks == 4 and all(row["share"] == 0 for row in r.details["likely"]["tricks"])


def test_69b2_too_big_is_reported_not_misruled():
    # 9 tricks of a real-looking deal: the tree of normal lines is far beyond 20,000 positions
    c = Claim.from_dict({"deal": "N:AK2.QJ3.K5.3 QJ9.K4.QJ.65 T3.A65.A7.AK 87.T9.T8.QJ8",
                         "trump": "NT", "declarer": "S", "leader": "S", "claimer": "S", "claimed": 9,
                         "question": "agreed"})
    with pytest.raises(TimeLimitReached, match="time limit"):
        adjudicate(c, time_limit=0.01)
    from claimsolver.ruling import run_lines
    from claimsolver.laws import codes
    from claimsolver.laws.awareness import forget_set
    import numpy as np
    with pytest.raises(TimeLimitReached, match="weighs every normal line"):
        run_lines(c, codes.compile_policy(c), forget_set(c).forget, np.zeros((0, 9), dtype=np.int64), 0.01,
                  what="Law 69B2 (likely)")


def test_decide_is_plain_data():
    # the laws layer decides from plain facts (no engine): shares of 0.6 at threshold 0.5
    c = claim(**TRUMP_OUT, question="agreed")
    d = decide(c, Evidence(least_normal=3, double_dummy=4, shares=(1.0, 0.6, 0.0, 0.0, 0.0)))
    assert d.tricks == 3 and d.applied == ["Law 69B2"]


def test_cli_likely_and_won_trick(tmp_path):
    data = {**TRUMP_OUT, "leader": "S", "declarer": "S", "claimer": "S", "claimed": 4, "question": "agreed"}
    f = tmp_path / "c.json"
    f.write_text(json.dumps(data))
    r = CliRunner().invoke(main, ["adjudicate", "--json", str(f), "--likely", "0.4"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.output.splitlines()[-1])["tricks"] == 3
    r = CliRunner().invoke(main, ["adjudicate", str(f)])
    assert "Law 69B2" in r.output and "50.0%" in r.output
    f.write_text(json.dumps({**data, "question": "concession", "claimed": 3, "won_trick": WON_BY_SOUTH}))
    r = CliRunner().invoke(main, ["adjudicate", "--json", str(f)])
    assert json.loads(r.output.splitlines()[-1])["won_trick"]["restored_to"] == "North-South"


def test_won_trick_read_from_the_claim_file_field():
    # The claim-file field ``won_trick`` (not only the keyword) reaches Law 71A.
    import dataclasses

    c = claim(**TRUMP_OUT, claimed=3, question="concession", contract="5C", tricks_won={"declarer": 7, "defenders": 2})
    c = dataclasses.replace(c, won_trick=WON_BY_SOUTH)
    assert Claim.from_dict(c.to_dict()).won_trick == WON_BY_SOUTH
    assert adjudicate(c).result == "5C="
