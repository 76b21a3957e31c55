"""Awareness from evidence (DESIGN 2.4, ``awareness: evidence``, the default) against the
strict model: which cards a ruling takes as overlooked and why, the director's ``unaware`` and
``aware`` findings, the ruling's ``forgotten`` and ``laws`` fields, bad input (exit 2, naming
the field), and the committee's sensitivity table."""

from __future__ import annotations

import json

from click.testing import CliRunner

from claimsolver.cards import card_name
from claimsolver.cli import main
from claimsolver.laws import codes
from claimsolver.laws.awareness import evidence_states, strict_state
from claimsolver.ruling import adjudicate, run_claim_search, understand

from conftest import make_claim

claim = make_claim

# South claims 2 of 3 at notrump: he can count SAK; East's hearts and West's clubs are winners.
COUNTED = dict(deal="N:AK.2.. .AKQ.. ...432 ...AKQ", leader="N", claimer="N", declarer="N")
# North claims both tricks with SKQ against East's ace: his count is 1.
OVER = dict(deal="N:KQ... A2... ...32 ...54", leader="N", claimer="N", declarer="N", claimed=2)
# South claims 4 in clubs with West's small trump out (Law 70C).
TRUMP = dict(deal="N:32..32. .KQJ.K. AK.A..A QJ..Q.2", trump="C")
# White Book 8.70.5: North runs 754 opposite a void; East's singleton 6 is the only spade out.
SPOTS = dict(deal="N:754... 6.AK.. ...AKQ .32.3.", leader="N", claimer="N", declarer="N")


def forgotten(ruling) -> dict[str, str]:
    return {card_name(c): why for c, why in ruling.forgotten}


# --- evidence against strict ------------------------------------------------------------------

def test_a_claim_his_count_explains_forgets_nothing():
    c = claim(**COUNTED, claimed=2)
    states = evidence_states(c, could_make=2)
    assert len(states) == 1 and states[0].forget == 0
    r = adjudicate(c)
    assert r.forgotten == () and r.to_json()["forgotten"] == [] and r.tricks == 2
    # Strict: every outstanding card the statement does not mention may be overlooked.
    s = adjudicate(c, awareness="strict")
    assert s.forgotten and all("strict awareness" in why for why in forgotten(s).values())
    assert s.settings.awareness == "strict" and r.settings.awareness == "evidence"


def test_claiming_more_than_he_can_count_forgets_the_explaining_card():
    c = claim(**OVER)
    r = adjudicate(c)
    assert list(forgotten(r)) == ["SA"]
    why = forgotten(r)["SA"]
    assert "must have overlooked" in why and "claiming 2 of 2" in why and "♠A" in why
    assert r.tricks == 1 == r.double_dummy
    assert r.to_json()["forgotten"] == [{"card": "SA", "why": why}]
    # Strict takes every outstanding card as possibly overlooked, not just the ace.
    assert set(forgotten(adjudicate(c, awareness="strict"))) == {"SA", "S2", "C5", "C4"}


def test_the_smallest_explaining_set_is_taken():
    # North claims 2 of 3 with SA HK DK against East's HA DA and West's CAKQ over South's
    # C432: he counts 1; either red ace overlooked explains the second trick. One club honour
    # overlooked does not: 432 against the other two would need two rounds lost first, more
    # than three tricks leave room for (tables.COUNT, *establishing*).
    c = claim(deal="N:A.K.K. 3.A.A. ...432 ...AKQ", leader="N", claimer="N", declarer="N", claimed=2)
    states = evidence_states(c, could_make=1)
    assert [[card_name(x) for x in range(64) if s.forget >> x & 1] for s in states] == [["HA"], ["DA"]]
    assert all("must have overlooked it" in s.why[0][1] for s in states)


def test_two_explaining_sets_the_least_successful_governs():
    # North claims 2 of 2 holding S6 C4 opposite South's H6 CT; East holds CK2, West H9 D5. He
    # counts 1: overlooking the club king or the heart nine explains the claim. Each is a
    # state of mind; with the king overlooked he may lead clubs and lose both tricks, with
    # the nine overlooked he loses one. The least successful governs (Law 70A): 0.
    c = claim("N:6...4 ...K2 .6..T .9.5.", leader="N", claimer="N", declarer="N")
    work = codes.working_claim(c)
    r = adjudicate(c)
    states = evidence_states(work, could_make=r.double_dummy)
    names = [[card_name(x) for x in range(64) if s.forget >> x & 1] for s in states]
    assert names == [["CK"], ["H9"]]
    policy = codes.compile_policy(work)
    steps = understand(c)[0].steps
    each = [run_claim_search(work, policy, s.forget, steps).tricks for s in states]
    assert each == [0, 1]
    assert r.tricks == min(each) == 0
    assert list(forgotten(r)) == ["CK"]


def test_a_list_of_tricks_says_where_he_counted_them():
    # The same claim stated as "a spade and a heart": he listed no club, so the club king is no
    # oversight that explains it; the heart he listed is one he cannot count knowing of the
    # nine, the spade one he can. Only the nine is taken as overlooked, and the award is 1
    # (0 without the rule, as above). awareness.listed_beyond_count.
    deal = "N:6...4 ...K2 .6..T .9.5."
    r = adjudicate(claim(deal, leader="N", claimer="N", declarer="N", statement="a spade and a heart"))
    assert list(forgotten(r)) == ["H9"]
    assert r.tricks == 1
    # Listing a club he cannot count (South's ten and North's four fall together under the
    # king) points to the king as well: both states again, the least successful governs.
    r2 = adjudicate(claim(deal, leader="N", claimer="N", declarer="N", statement="a heart and a club"))
    assert list(forgotten(r2)) == ["CK"] and r2.tricks == 0


def test_the_states_of_mind_share_the_time_limit_in_positions(monkeypatch):
    """The states of mind share the ruling's time limit counted in positions, never seconds
    (before, each later state was searched with the seconds left, so a slow or loaded machine
    could skip a claim another machine rules): choosing the least successful state does not
    look at the clock at all."""
    import types

    import claimsolver.ruling as ruling_module

    c = claim("N:6...4 ...K2 .6..T .9.5.", leader="N", claimer="N", declarer="N")
    work = codes.working_claim(c)
    compiled = understand(c)[0]
    dd = ruling_module.double_dummy(work)

    def no_clock() -> float:
        raise AssertionError("the clock was read")

    # the ruling's own view of the clock (numba reads the real one when it compiles)
    monkeypatch.setattr(ruling_module, "time", types.SimpleNamespace(perf_counter=no_clock))
    awareness, res = ruling_module.least_successful_state(work, c, compiled, codes.compile_policy(work), 30.0,
                                                          could_make=dd)
    assert res.tricks == 0 and [card_name(x) for x in range(64) if awareness.forget >> x & 1] == ["CK"]


def test_small_card_slip_for_club_not_for_expert():
    club = adjudicate(claim(**SPOTS, player_class="club", regulation="ebu"))
    assert "SH" not in forgotten(club) and "S6" in forgotten(club)
    assert "White Book 8.70.5" in forgotten(club)["S6"] and "club player" in forgotten(club)["S6"]
    assert club.tricks == 0  # EBU: spots in any order, the 4 loses to the 6, East cashes hearts
    expert = adjudicate(claim(**SPOTS, player_class="expert", regulation="ebu"))
    assert expert.forgotten == () and expert.tricks == 3
    novice = adjudicate(claim(**SPOTS, player_class="novice", regulation="ebu"))
    assert "S6" in forgotten(novice)


def test_law_70c_trumps_still_forgotten():
    r = adjudicate(claim(**TRUMP))
    assert list(forgotten(r)) == ["C2"] and forgotten(r)["C2"].startswith("Law 70C")
    assert "70C" in r.laws and "70C" in r.to_json()["laws"]
    assert r.tricks == 3
    # The director finds him aware of trumps: nothing forgotten, the claim holds.
    aware = adjudicate(claim(**TRUMP, aware=["trumps"]))
    assert aware.forgotten == () and aware.tricks == 4 and "70C" not in aware.laws


def test_a_trump_he_says_is_out_is_a_statement_about_trumps():
    # Law 70C1: "there's one trump out" speaks of the trump, so he is not taken to have
    # overlooked it (no play is stated: the normal lines draw it). "my trumps are good" is no
    # statement about West's trump: Law 70C still applies.
    for said in ("there's one trump out", "one trump left, the rest are good", "the ♣2 is still out"):
        r = adjudicate(claim(**TRUMP, statement=said))
        assert r.forgotten == () and r.tricks == 4 and "70C" not in r.laws, said
    r = adjudicate(claim(**TRUMP, statement="my trumps are good"))
    assert list(forgotten(r)) == ["C2"] and r.tricks == 3
    # a side-suit card said to be out is one he knows of: not the card his claim of 2 (a
    # count of 1 knowing it) is explained by
    assert list(forgotten(adjudicate(claim(**OVER)))) == ["SA"]
    assert "SA" not in forgotten(adjudicate(claim(**OVER, statement="the ♠A is out")))


def test_a_split_he_states_is_a_statement_about_the_suit_when_the_cards_lie_so():
    # Law 70C1: "trumps are 2-0" (East's ♠T9; TWO_OUT below) speaks of both trumps: he draws
    # them before the ♥A, 5. "trumps are 1-1" is a belief the cards contradict: he did not know
    # of the trump he missed, and Law 70C applies as with no statement (4, the ace ruffed).
    r = adjudicate(claim(**TWO_OUT, statement="trumps are 2-0, the rest are mine"))
    assert r.forgotten == () and r.tricks == 5 and "70C" not in r.laws
    r = adjudicate(claim(**TWO_OUT, statement="trumps are 1-1, the rest are mine"))
    assert set(forgotten(r)) == {"ST", "S9"} and r.tricks == 4 and "70C" in r.laws


# South claims 5 in spades with a heart ace East can ruff: three trumps out (THREE_OUT) or two
# (TWO_OUT, the ♠8 moved to North).
THREE_OUT = dict(deal="N:..J5432. T98..KQ. AKQJ.A.. .KQJ..32", trump="S")
TWO_OUT = dict(deal="N:8..5432. T9..KQ.4 AKQJ.A.. .KQJ..32", trump="S")


def test_law_70c_three_trumps_out_are_plainly_known():
    # White Book 8.70.4 (b): with three trumps still out he has plainly not forgotten them, so
    # Law 70C does not apply and he draws them before cashing the ace (DESIGN 2.4).
    r = adjudicate(claim(**THREE_OUT))
    assert r.forgotten == () and r.tricks == 5 and "70C" not in r.laws
    states = evidence_states(claim(**THREE_OUT))
    assert any("Law 70C does not apply: with 3 trumps still out" in n and "8.70.4 (b)" in n
               for n in states[0].notes)
    # Two out: it is at all likely he lost track of them; the ace is ruffed.
    two = adjudicate(claim(**TWO_OUT))
    assert set(forgotten(two)) == {"ST", "S9"} and two.tricks == 4 and "70C" in two.laws
    # Strict awareness keeps every unmentioned trump forgotten.
    strict = adjudicate(claim(**THREE_OUT, awareness="strict"))
    assert {"ST", "S9", "S8"} <= set(forgotten(strict)) and strict.tricks == 4
    # The director's finding that he overlooked trumps answers Law 70C2 instead: no "does
    # not apply" beside the Law 70C reason.
    found = adjudicate(claim(**THREE_OUT), unaware=["trumps"])
    assert found.tricks == 4 and "70C" in found.laws and "trumps_known" not in found.details
    assert "trumps_known" in r.details and "trumps_known" in r.to_json()


def test_director_unaware_card_and_suit():
    r = adjudicate(claim(**TRUMP, aware=["trumps"]), unaware=["DQ"])
    assert forgotten(r) == {"DQ": "the director finds he overlooked it"}
    r = adjudicate(claim(**TRUMP, aware=["trumps"]), unaware=["H"])
    assert set(forgotten(r)) == {"HK", "HQ", "HJ"}
    assert set(forgotten(r).values()) == {"the director finds he overlooked it"}
    # From the claim file too, and under strict awareness the finding is kept.
    c = claim(**TRUMP, aware=["trumps"], unaware=["DQ"])
    assert c.settings.unaware == ("DQ",)
    assert "DQ" in forgotten(adjudicate(c))
    assert (strict_state(c).forget >> 16 * 2 + 12) & 1


def test_director_aware_removes_the_count_evidence():
    # Found aware of the ace, the next explanation is West's two clubs: with only the five
    # overlooked South's 2 would win the second round, but only after a round lost, and with
    # the spade ace to lose too two tricks leave no room for it (tables.COUNT, *establishing*):
    # he must have thought both clubs good.
    r = adjudicate(claim(**OVER, aware=["SA"]))
    assert list(forgotten(r)) == ["C4", "C5"] and "must have overlooked" in forgotten(r)["C5"]
    states = evidence_states(claim(**OVER, aware=["SA"]))
    assert any("the director finds the claimer aware of SA" in n for n in states[0].notes)
    # Aware of every card that could explain it: nothing is taken as overlooked, and the
    # ruling says why (an over-claim no oversight explains).
    c = claim(**OVER, aware=["SA", "C5", "C4"])
    r = adjudicate(c)
    assert r.forgotten == ()
    assert any("no oversight of up to" in n for n in evidence_states(c)[0].notes)


def test_laws_field_lists_the_clauses():
    r = adjudicate(claim(**OVER)).to_json()
    assert isinstance(r["laws"], list) and r["laws"] and all(isinstance(x, str) for x in r["laws"])
    assert "70A" in r["laws"]


# --- bad input ---------------------------------------------------------------------------------

def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def claim_file(tmp_path, **fields):
    d = {"deal": TRUMP["deal"], "trump": "C", "leader": "S", "claimer": "S", "declarer": "S", "claimed": 4, **fields}
    p = tmp_path / "claim.json"
    p.write_text(json.dumps(d))
    return p


def errors(r) -> list[str]:
    assert r.exit_code == 2, r.output
    assert "Traceback" not in r.output
    return [line for line in r.output.splitlines() if "error" in line.lower()]


def test_unaware_card_not_outstanding_exit_2(tmp_path):
    lines = errors(run("adjudicate", claim_file(tmp_path, unaware=["SA"])))  # South holds it
    assert any("unaware" in line and "SA" in line and "not an outstanding card" in line for line in lines)
    lines = errors(run("adjudicate", "--unaware", "HA", claim_file(tmp_path)))  # the claimer holds it
    assert any("unaware" in line and "HA" in line for line in lines)


def test_unknown_awareness_value_exit_2(tmp_path):
    lines = errors(run("adjudicate", claim_file(tmp_path, awareness="bogus")))
    assert any("awareness" in line and "bogus" in line for line in lines)
    r = run("adjudicate", "--awareness", "bogus", claim_file(tmp_path))
    assert r.exit_code == 2 and "--awareness" in r.output and "Traceback" not in r.output


def test_audit_bad_settings_exit_2(tmp_path):
    p = tmp_path / "empty.pbn"
    p.write_text("")
    r = run("audit", "--awareness", "bogus", p)
    assert r.exit_code == 2 and "--awareness" in r.output and "bogus" in r.output and "Traceback" not in r.output
    r = run("audit", "--class", "bogus", p)
    assert r.exit_code == 2 and "--class" in r.output and "bogus" in r.output and "Traceback" not in r.output


# --- sensitivity --------------------------------------------------------------------------------

def test_sensitivity_json_and_text(tmp_path):
    p = claim_file(tmp_path)
    r = run("adjudicate", "--sensitivity", "--json", p)
    assert r.exit_code == 0, r.output
    d = json.loads(r.output.strip().splitlines()[-1])
    table = d["sensitivity"]
    assert set(table) == {"settings", "lifted"}
    rows = table["settings"]
    assert len(rows) == 12
    assert {(x["regulation"], x["player_class"], x["awareness"]) for x in rows} == {
        (reg, cls, aw) for reg in ("acbl", "ebu") for cls in ("novice", "club", "expert")
        for aw in ("evidence", "strict")}
    mine = [x for x in rows if (x["regulation"], x["player_class"], x["awareness"]) == ("acbl", "club", "evidence")]
    assert mine[0]["tricks"] == d["tricks"] == 3
    assert isinstance(table["lifted"], list)
    text = run("adjudicate", "--sensitivity", p)
    assert text.exit_code == 0, text.output
    assert "Sensitivity (tricks to the claiming side):" in text.output
    assert "novice" in text.output and "expert" in text.output and "*" in text.output


def test_sensitivity_lifts_the_careless_class_that_cost_a_trick():
    # Failing to unblock (DESIGN 2.6): a club player may keep South's king under North's ace
    # and strand North's spades (2); an expert unblocks (4). Lifting the careless class gives 4.
    from claimsolver.sensitivity import sensitivity_text
    from claimsolver import tables as T

    c = claim("N:AQJT... 98.AK.. K2.32.. 76.QJ..", leader="N", claimer="N", declarer="N", player_class="club")
    r = adjudicate(c, sensitivity=True)
    assert r.tricks == 2
    name = T.PLAY_CLASS_NAMES[T.FOLLOW_LOW_KEEPING_BLOCKER]
    assert r.sensitivity["lifted"] == [{"careless": name, "tricks": 4}]
    by = {(x["regulation"], x["player_class"], x["awareness"]): x["tricks"] for x in r.sensitivity["settings"]}
    assert by[("acbl", "club", "evidence")] == 2 and by[("acbl", "expert", "evidence")] == 4
    assert r.to_json()["sensitivity"] == r.sensitivity
    text = "\n".join(sensitivity_text(r.sensitivity, r.settings))
    assert f"with '{name}' not allowed: 4" in text


def test_cli_awareness_and_unaware_options(tmp_path):
    p = claim_file(tmp_path, aware=["trumps"])
    d = json.loads(run("adjudicate", "--json", "--unaware", "DQ", p).output.strip().splitlines()[-1])
    assert {"card": "DQ", "why": "the director finds he overlooked it"} in d["forgotten"]
    d = json.loads(run("adjudicate", "--json", "--awareness", "strict", p).output.strip().splitlines()[-1])
    assert d["settings"]["awareness"] == "strict"
    assert {x["card"] for x in d["forgotten"]} == {"HK", "HQ", "HJ", "DK", "SQ", "SJ", "DQ"}
