"""Adjudication end to end (statement -> steps, awareness, policy, claim kernel, explanation):
the example claims of tests/data/cases, the ruling format of claim-format.md, and properties."""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

from claimsolver.claim import Claim
from claimsolver.cli import main
from claimsolver.ruling import adjudicate, understand

from conftest import CASES, EXAMPLES

CASE_FILES = sorted(CASES.glob("*.json"))


@pytest.mark.parametrize("path", CASE_FILES, ids=lambda p: p.stem)
def test_shared_cases(path):
    data = json.loads(path.read_text())
    ruling = adjudicate(Claim.from_dict(data))
    assert ruling.tricks == data["expected"]["tricks"], ruling.to_json()
    assert ruling.tricks <= ruling.double_dummy or data.get("question") == "concession"


def ruling_of(name, **kw):
    return adjudicate(Claim.from_file(CASES / f"{name}.json"), **kw)


def test_ruling_json_fields():
    r = ruling_of("70c-unaware-trump").to_json()
    for field in ("tricks", "claimed", "upheld", "double_dummy", "line", "reasons", "statement", "settings"):
        assert field in r
    assert r["tricks"] == 3 and r["claimed"] == 4 and r["upheld"] is False and r["double_dummy"] == 4
    assert r["settings"] == {"law": "duplicate-2017", "regulation": "acbl", "player_class": "club",
                             "question": "contested", "awareness": "evidence", "aware": [], "unaware": []}
    assert r["laws"] == ["70A", "70C", "70D1"]
    # the play where the worst line parts from double dummy is named (the ♥A before drawing ♣2)
    where = [x["text"] for x in r["reasons"] if x["text"].startswith("Where the line loses its trick")]
    assert len(where) == 1 and "trick 3, South's ♥A" in where[0] and "4 of the tricks" in where[0], where
    assert [f["card"] for f in r["forgotten"]] and all("70C" in f["why"] for f in r["forgotten"])
    assert all(set(t) == {"leader", "cards", "winner", "note"} for t in r["line"])
    assert sum(len(t["cards"]) for t in r["line"]) == 16
    # the worst line scores exactly the award
    won = sum(1 for t in r["line"] if t["winner"] in ("N", "S"))
    assert won == r["tricks"]


def test_law_70c_reason_names_the_trump():
    r = ruling_of("70c-unaware-trump")
    assert any(x.law == "70C" and "♣2" in x.text for x in r.reasons)
    ruffed = [t for t in r.line if t.winner is not None and t.winner.name == "W"]
    assert ruffed and "trump" in ruffed[0].note


def test_aware_override_from_the_director():
    assert ruling_of("70c-unaware-trump", aware=["trumps"]).tricks == 4
    assert ruling_of("70c-unaware-trump", statement="drawing trumps").tricks == 4


def test_stated_finesse_reason_70d1():
    r = ruling_of("70d1-stated-finesse-loses")
    assert r.tricks == 0 and any(x.law == "70D1" and "statement binds" in x.text for x in r.reasons)
    assert r.statement[0].startswith("finesse ♠Q")
    # with no statement the claimer plays from the top and the king drops
    assert ruling_of("70d1-stated-finesse-loses", statement="").tricks == 2


def test_defenders_claim_70d2_reason():
    r = ruling_of("70d2-defender-partner-discard")
    assert r.tricks == 2 and any(x.law == "70D2" and "♣10" in x.text for x in r.reasons)


def test_concession_law_71b():
    r = ruling_of("71-concession-cannot-lose")
    assert r.tricks == 3 and any(x.law == "71B" for x in r.reasons)
    assert ruling_of("71-concession-cannot-lose", question="contested").tricks == 2


def test_result_and_score():
    r = adjudicate(Claim.from_file(EXAMPLES / "unaware-trump.json"))
    assert r.tricks == 3 and r.result == "6C-1" and r.score == -100
    r = adjudicate(Claim.from_file(EXAMPLES / "unaware-trump.json"), aware=["trumps"])
    assert r.result == "6C=" and r.score == 1370


def test_protections_report_the_rule():
    from claimsolver.ruling import add_protections

    r = add_protections(ruling_of("70e1-no-finesse-drop"))
    assert any(x.law == "70E1" and "Protected" in x.text for x in r.reasons)


def test_text_report():
    from claimsolver.report import ruling_text

    text = ruling_text(ruling_of("70c-unaware-trump"))
    for piece in ("North (dummy)", "South (declarer)", "♠ A K", "Worst normal line:", "Law 70C",
                  "Ruling: 3 trick(s) to North-South (claimed 4: not upheld); double dummy 4."):
        assert piece in text


def test_cli_adjudicate_json_lines():
    files = [str(CASES / "70c-unaware-trump.json"), str(CASES / "70e1-finesse-marked.json")]
    r = CliRunner().invoke(main, ["adjudicate", "--json", *files])
    assert r.exit_code == 0, r.output
    rows = [json.loads(x) for x in r.output.splitlines() if x.startswith("{")]
    assert [x["tricks"] for x in rows] == [3, 2]


def test_cli_options_override_file_and_claim_on_command_line():
    r = CliRunner().invoke(main, ["adjudicate", "--json", str(CASES / "70c-unaware-trump.json"), "--aware", "trumps"])
    assert json.loads(r.output.splitlines()[-1])["tricks"] == 4
    r = CliRunner().invoke(main, ["adjudicate", "--json", "--deal", "N:AQ... K.2.. 32... 54...", "--trump", "NT",
                                  "--declarer", "S", "--leader", "S", "--claimer", "S", "--claimed", "2",
                                  "--statement", "taking the spade finesse"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.output.splitlines()[-1])["tricks"] == 0


def test_cli_bad_statement_exit_2():
    r = CliRunner().invoke(main, ["adjudicate", str(CASES / "70c-unaware-trump.json"), "--statement", "take the spade finese and frobnicate"])
    assert r.exit_code == 2 and "frobnicate" in r.output and "Traceback" not in r.output


def test_time_limit_is_reported():
    from claimsolver.ruling import TimeLimitReached

    c = Claim.from_dict({"deal": "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765",
                         "trump": "NT", "declarer": "S", "leader": "W", "claimer": "S", "claimed": 13})
    with pytest.raises(TimeLimitReached, match="time limit"):
        adjudicate(c, time_limit=0.001)


def random_claim(rng: random.Random, n: int) -> Claim:
    deck = list(range(52))
    rng.shuffle(deck)
    cards = [16 * (c // 13) + 2 + c % 13 for c in deck[:4 * n]]
    from claimsolver.cards import deal_name

    hands = [sum(1 << c for c in cards[i * n:(i + 1) * n]) for i in range(4)]
    declarer = rng.randrange(4)
    claimer = rng.choice([declarer, (declarer + 1) % 4, (declarer + 3) % 4])
    return Claim.from_dict({"deal": deal_name(hands), "trump": rng.choice("SHDCN").replace("N", "NT"),
                            "declarer": "NESW"[declarer], "leader": "NESW"[rng.randrange(4)],
                            "claimer": "NESW"[claimer], "claimed": n})


def test_award_never_exceeds_double_dummy_random_claims():
    rng = random.Random(20261121)
    for _ in range(60):
        c = random_claim(rng, rng.randint(3, 6))
        r = adjudicate(c)
        assert 0 <= r.tricks <= r.double_dummy, (c, r.to_json())
        won = sum(1 for t in r.line if t.winner is not None and (t.winner & 1) == c.claiming_side)
        assert r.tricks == min(won, c.claimed)


def test_reasons_name_a_block_and_a_thrown_entry():
    # The careless plays that cut the hands apart cost a later trick in another suit; the
    # ruling names them (positions of tests/test_laws_rules.py).
    from conftest import make_claim

    r = adjudicate(make_claim("N:AQJT... 98.AK.. K2.32.. 76.QJ..", leader="N"))
    assert r.tricks == 2 and "follow low under partner's winner, failing to unblock" in r.careless
    assert any(x.law == "70D1" and "South's ♠2" in x.text for x in r.reasons)
    assert adjudicate(make_claim("N:AQJT... 98.AK.. K2.32.. 76.QJ..", leader="N", player_class="expert")).tricks == 4
    r = adjudicate(make_claim("N:.4.AK. ..QJ.2 .AK2.2. .QJT..", leader="W", trick=["SK", "S3", "S4"], claimed=3,
                              aware=["HQ", "HJ", "HT", "DQ", "DJ"]))
    assert r.tricks == 2 and any("♦2" in x.text and x.law == "70D1" for x in r.reasons)


def test_time_limit_covers_the_double_dummy_search(monkeypatch):
    import claimsolver.ruling as ruling
    from claimsolver.ruling import TimeLimitReached

    c = Claim.from_dict({"deal": "N:J975.KQJ4.AQ8.JT KQ62.AT63.KT642. 3.98.J9753.AK975 AT84.752..Q86432",
                         "trump": "NT", "declarer": "N", "leader": "N", "claimer": "N", "claimed": 7})
    monkeypatch.setattr(ruling, "DD_NODES_PER_SECOND", 10)
    with pytest.raises(TimeLimitReached, match="double-dummy search did not finish"):
        ruling.double_dummy(c, time_limit=1.0)


def test_every_statement_of_the_corpus_rules_on_every_case_without_crashing():
    # Binding, compiling and obeying any understood statement on any position never fails
    # with anything but a clear error (the full corpus x cases runs in ~40 s; a fifth here).
    from statement_corpus import CORPUS

    from claimsolver.errors import ClaimSolverError

    texts = sorted({text for text, _ in CORPUS})[::5]
    cases = [json.loads(p.read_text()) for p in CASE_FILES]
    for text in texts:
        for data in cases:
            try:
                r = adjudicate(Claim.from_dict({**data, "statement": text}), time_limit=5)
            except ClaimSolverError:
                continue
            assert r.tricks <= max(r.double_dummy, r.claimed), (text, data["id"])


def test_ruff_with_the_stated_trump():
    # Spades trumps. East leads a club; South, void, ruffs before West, who may overruff a low
    # trump. "Ruff with the ace" keeps the trick and South's king then draws West's queen.
    from conftest import make_claim

    deal = "N:...432 ...AKQ AK2... Q..32."
    base = dict(trump="S", leader="E", claimed=3, aware=["trumps"], shown_out={"W": "C"})
    assert adjudicate(make_claim(deal, **base)).tricks == 2  # ruffs low: overruffed
    r = adjudicate(make_claim(deal, statement="ruff the club with the ace of trumps", **base))
    assert r.tricks == 3, r.to_json()
    assert r.line[0].cards[1] == 14  # ♠A


def test_drawing_trumps_ending_in_dummy_keeps_dummys_trump_entry():
    # Spades trumps, South on lead: ♠KQ2 opposite ♠A3 and dummy's ♥AKQ, East ♠J4. "Drawing
    # trumps" lets dummy overtake the ♠K with the ace (careless at club), stranding the hearts: 3.
    # "... ending in dummy" keeps dummy's ace for the round that draws East's last trump: 5.
    from conftest import make_claim

    deal = "N:A3.AKQ.. J4..AK.A KQ2..4.4 5.JT98.."
    assert adjudicate(make_claim(deal, trump="S", statement="drawing trumps")).tricks == 3
    r = adjudicate(make_claim(deal, trump="S", statement="drawing trumps ending in dummy"))
    assert r.tricks == 5 and r.upheld, r.to_json()
    assert r.line[1].cards == (2, 27, 14, 11) and r.line[1].winner == 0  # ♠2 ♥J ♠A ♠J
    assert "ending in North (dummy)" in r.statement[0]
    # ending in South's own hand: the same stranding as no ending said
    assert adjudicate(make_claim(deal, trump="S", statement="draw trumps ending in hand")).tricks == 3
    # an opponent's hand is not imposed, with a note
    r = adjudicate(make_claim(deal, trump="S", statement="draw trumps ending in East"))
    assert r.tricks == 3 and any("not imposed" in x.text for x in r.reasons)


def test_a_ruffing_finesse_discards_when_the_card_is_not_covered():
    # Spades trumps, North on lead with ♠A ♣AQJ; South ♠32 ♦32, void in clubs. "Ruffing
    # finesse in clubs": the ♣Q is run, South ruffing a cover and discarding a diamond if not.
    # With East's ♣K54 it makes all four; with West's ♣K54 the stated discard loses to the king
    # (Law 70D1: the statement binds), though cashing the ♣A and ruffing the ♣Q would make four.
    from conftest import make_claim

    onside = "N:A...AQJ ..4.K54 32..32. .2.AKQ."
    offside = "N:A...AQJ .2.AKQ. 32..32. ..4.K54"
    base = dict(trump="S", leader="N", claimed=4, statement="ruffing finesse in clubs")
    r = adjudicate(make_claim(onside, **base))
    assert r.tricks == 4 and "ruffing finesse: lead ♣Q from North (dummy)" in r.statement[0], r.to_json()
    r = adjudicate(make_claim(offside, **base))
    assert r.tricks == 3 and r.double_dummy == 4, r.to_json()
    assert r.line[0].cards[0] == 60 and r.line[0].cards[2] >> 4 == 2  # ♣Q led, South throws a diamond
    # at notrump there is no ruffing finesse: dropped with a note
    r = adjudicate(make_claim(onside, trump="NT", leader="N", claimed=4, statement="ruffing finesse in clubs"))
    assert any("no ruffing finesse" in x.text for x in r.reasons)


def test_if_the_king_is_onside_states_the_finesse_against_it():
    # Notrump, North leads from ♠32 towards South's ♠AQ (♣A beside). With no statement the
    # finesse is not taken (Law 70E1): 2. "If the king is onside, all mine" names the finesse
    # against the king that can be finessed (not West's ♦K): 3 with East's ♠K, 2 with West's.
    from conftest import make_claim

    onside, offside = "N:32..3. K54... AQ...A .Q.AK.", "N:32..3. .Q.AK. AQ...A K54..."
    base = dict(trump="NT", leader="N", claimed=3)
    assert adjudicate(make_claim(onside, **base)).tricks == 2
    for text in ("if the king is onside, all mine, otherwise I lose one", "if the spade king is onside, all mine"):
        r = adjudicate(make_claim(onside, statement=text, **base))
        assert r.tricks == 3 and r.statement[0].startswith("finesse ♠Q"), (text, r.to_json())
        r = adjudicate(make_claim(offside, statement=text, **base))
        assert r.tricks == 2 and "against West's ♠K" in r.statement[0], (text, r.to_json())
    # "if East has the king": the finesse that wins when East holds it, wherever it lies
    r = adjudicate(make_claim(onside, statement="if East has the king, all mine", **base))
    assert r.tricks == 3 and "he places it with East" in r.statement[0], r.to_json()
    r = adjudicate(make_claim(offside, statement="if East has the spade king, all mine", **base))
    assert r.tricks == 2 and r.line[0].cards[:3] == (3, 28, 12), r.to_json()  # ♠3 ♥Q ♠Q: West's king wins


def test_a_second_line_after_a_failing_finesse_is_taken_when_it_fails():
    # Notrump, North on lead: South ♠AQ ♣AQ ♥2 ♦A opposite ♠32 ♥AK ♣32; West holds ♣K54, East
    # ♠K54. "Take the club finesse; if it fails, take the spade finesse": the club finesse loses
    # (decided from the cards: West, fourth to it, holds the king), so the spade finesse is
    # taken when North is next on lead. Said the other way round, the spade finesse wins and the
    # club finesse is not imposed.
    from conftest import make_claim
    from claimsolver import tables as T

    deal = "N:32.AK..32 K54.QJT.. AQ.2.A.AQ .987..K54"
    base = dict(trump="NT", leader="N", claimed=5)
    c = make_claim(deal, statement="take the club finesse; if it fails, take the spade finesse", **base)
    compiled = understand(c)[0]
    tests = [row for row in compiled.steps if row[T.S_KIND] == T.STEP_TEST_STATIC]
    assert tests[0][T.S_FLAG] == 1  # the club finesse fails
    r = adjudicate(c)
    assert "if the finesse fails (West holds ♣K): finesse ♠Q" in r.statement[1], r.to_json()
    spade_q = [t for t in r.line if 12 in t.cards and t.leader == 0]
    assert spade_q and spade_q[0].cards[:3] == (3, 4, 12)  # ♠3 ♠4 ♠Q: the stated second finesse
    other = make_claim(deal, statement="take the spade finesse; if it fails, take the club finesse", **base)
    tests = [row for row in understand(other)[0].steps if row[T.S_KIND] == T.STEP_TEST_STATIC]
    assert tests[0][T.S_FLAG] == 0  # the spade finesse wins: the club finesse is not taken
    assert "it does not" in adjudicate(other).statement[1]


def test_if_both_follow_is_decided_from_the_cards_of_the_suit_before_it():
    # "cash the ace of trumps; if both follow, the rest are mine": each opponent holds a trump
    # (decided from the cards, STEP_TEST_STATIC). East's ♠T9 against West's void: they do not.
    from conftest import make_claim
    from claimsolver import tables as T

    text = "cash the ace of trumps; if both follow, the rest are mine"
    two_one = make_claim("N:8..5432. T..KQ.42 AKQJ.A.. 9.KQJ..3", trump="S", statement=text)
    two_none = make_claim("N:8..5432. T9..KQ.4 AKQJ.A.. .KQJ..32", trump="S", statement=text)
    for c, holds in ((two_one, 1), (two_none, 0)):
        tests = [row for row in understand(c)[0].steps if row[T.S_KIND] == T.STEP_TEST_STATIC]
        assert tests[0][T.S_FLAG] == holds
    r = adjudicate(two_one)
    assert "if both opponents follow to the spade" in r.statement[1], r.to_json()


def test_a_finesse_taken_twice_crosses_back_to_repeat_it():
    # Notrump, North leads towards South's ♠AQJ (East ♠K54), North's ♥A the way back. "Take
    # the spade finesse" once: 3 (the second round is played from the top, Law 70E1). "Twice":
    # the ♠Q, then South crosses to the ♥A (the tenace's hand on lead goes to the hand that
    # leads the finesse, through a top card it holds) and finesses the ♠J: 4.
    from conftest import make_claim

    deal = "N:32.A.2. K54.3.. AQJ.2.. T98..A."
    base = dict(trump="NT", leader="N", claimed=4)
    assert adjudicate(make_claim(deal, statement="take the spade finesse", **base)).tricks == 3
    for text in ("take the spade finesse twice", "take the spade finesse and repeat it"):
        r = adjudicate(make_claim(deal, statement=text, **base))
        assert r.tricks == 4 and r.statement[1] == "finesse ♠J again (against East's ♠K)", (text, r.to_json())
        assert [t.cards[2] for t in r.line[:3]] == [12, 30, 11]  # ♠Q, the ♥A (South crossed), ♠J
    # AQ10 against East's KJ: "the double finesse" takes the ten first and wins as cheaply as it
    # can over a cover (the queen over the jack, the ace over the king), then finesses again: 4.
    # Taken "twice" the queen goes first, and East's jack on the second round strands the ten: 3.
    double = "N:432.A.. KJ5.3.. AQT.2.. 987..A."
    r = adjudicate(make_claim(double, statement="take the double finesse in spades", **base))
    assert r.tricks == 4 and r.statement[0].startswith("double finesse: ♠10 first"), r.to_json()
    assert adjudicate(make_claim(double, statement="take the spade finesse twice", **base)).tricks == 3


def test_a_discard_his_cards_force_is_not_blamed_as_careless():
    # tables.CARELESS, *CARELESS_FORCED*: South (clubs trumps, West's C7 overlooked under Law
    # 70C) holds HK H8 when West's DK is led at trick 3, both believed top cards and one group:
    # his only play is to throw one, careless by its class ("discard a top card (all top
    # cards)") but not a careless choice. The trick is lost to the ruff with the trump he
    # overlooked, and the ruling says so, not that South was careless (it did until session 37).
    from conftest import make_claim
    from claimsolver import ruling as R
    from claimsolver.laws import codes

    c = make_claim("N:J6.2..A 53.5.8. .AK84.. 4..K3.7", trump="C", leader="E", declarer="W", claimer="S")
    r = adjudicate(c)
    assert r.tricks == 2 and r.careless == ()
    assert any(x.law == "70C" and "♣7" in x.text for x in r.reasons)
    assert not any("discard a top card" in x.text for x in r.reasons)
    assert r.line[2].note == "won by West's ♦K"
    work = codes.working_claim(c)
    policy = codes.compile_policy(work)
    compiled, _, _ = R.understand(c)
    aw, res = R.least_successful_state(work, c, compiled, policy, None, {}, could_make=r.double_dummy)
    forced = R.forced_plays(work, res.line, aw.forget, policy, compiled.steps)
    assert (2, 16 + 13) in [res.line[i][:2] for i in forced]  # South's HK at trick 3


def test_a_forced_play_is_named_as_forced_when_nothing_else_explains_the_trick():
    # Diamonds trumps, West ♦A7 over North's ♥2 ♣A8 and dummy's ♥AK ♣4 (North claims all
    # three, double dummy 1): on West's ♥10 North, void, must throw a club, and ♣A8 are one
    # group of top cards — his only normal play. No earlier careless play, statement or
    # overlooked card explains the last trick, which West ruffs, so the reason names the forced
    # discard as forced (Law 70A), never as a careless choice (70D1), and `careless` stays empty.
    from conftest import make_claim

    r = adjudicate(make_claim("N:.2..A8 .6.63. .AK..4 .T.A7.", trump="D", leader="W", declarer="N", claimer="N",
                              claimed=3))
    assert r.tricks == 1 and r.careless == ()
    forced = [x for x in r.reasons if "not a careless choice" in x.text]
    assert len(forced) == 1 and forced[0].law == "70A" and "North's ♣A" in forced[0].text
    assert r.line[2].note.endswith(", forced")
    assert not any(x.law == "70D1" and "♣A" in x.text for x in r.reasons)


def test_where_the_line_loses_its_trick_is_named_at_any_number_of_tricks():
    # Published ruling 12 (6C claimed at trick 3: 11 tricks left, club, ruled 9): the reason
    # naming the first play after which double dummy falls is given whatever the tricks left
    # (explain.FIRST_LOSING_PLAY_MAX_TRICKS, 13 since session 37; at 9 this claim had none).
    from pathlib import Path

    data = json.loads((Path(__file__).parent / "data" / "rulings" / "12-ebu-forum-6c-claim-at-trick-3.json").read_text())
    r = adjudicate(Claim.from_dict(data))
    assert Claim.from_dict(data).tricks_left == 11 and r.tricks < r.claimed
    where = [x.text for x in r.reasons if x.text.startswith("Where the line loses its trick")]
    assert len(where) == 1 and "East's ♣A" in where[0]
