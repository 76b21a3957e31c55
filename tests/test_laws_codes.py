"""The codes of laws (claimsolver.laws.codes): club-2014 (ACBL Laws of Rubber Bridge 2014,
Alternative Club Laws 69 and 70, an Arbiter adjudicates) and rubber-2014 (Laws of Rubber
Bridge 2014, Laws 69-71, no Arbiter: the claim is played out under restrictions). Source:
the ACBL Laws of Rubber Bridge 2014, Laws 68-71 and Alternative Club Laws 69-70. For each clause a position where it
changes the result (against duplicate-2017 or with the clause reversed) and one where it
must not."""

from __future__ import annotations

import pytest

from claimsolver.claim import Claim
from claimsolver.laws import codes
from claimsolver.ruling import adjudicate

from conftest import CASES, make_claim

LAWS = ("duplicate-2017", "club-2014", "rubber-2014")


claim = make_claim


def tricks(c, **kw):
    return {law: adjudicate(c, law=law, **kw).tricks for law in LAWS}


# --- Club Law 69C / rubber Law 69D: top down ----------------------------------------------------

def test_club_69c_top_down_spots_too():
    # Club Law 69C "it may be assumed from the top down" (rubber Law 69D the same): no
    # regulating authority's spot-card freedom (EBU White Book 8.70.5, duplicate only):
    # 754 opposite a void, a singleton 6 overlooked.
    c = claim("N:754... 6.AK.. ...AKQ .32.3.", leader="N", claimer="N", declarer="N", regulation="ebu")
    assert tricks(c) == {"duplicate-2017": 0, "club-2014": 3, "rubber-2014": 3}
    r = adjudicate(c, law="club-2014")
    assert "Club Law 69C" in r.applied


def test_club_69c_top_down_no_change_under_acbl():
    # Negative: the ACBL preset already plays spots from the top.
    c = claim("N:754... 6.AK.. ...AKQ .32.3.", leader="N", claimer="N", declarer="N")
    assert set(tricks(c).values()) == {3}


# --- Club Law 69C / rubber Law 69A: the finesse exception on "any conceivable line" --------------

def test_club_69c_finesse_marked_by_a_void_on_any_conceivable_line():
    # North AQ, West K3, South 52 on lead, East void: East would fail to follow on any
    # conceivable line, so the Arbiter credits the finesse at once (Club Law 69C; rubber Law
    # 69A). Under duplicate Law 70E1 the claim search credits it only once East has shown out on
    # the line: too late (North has had to play the ace). (South holds two spades: with the ♠2
    # and a diamond winner, the diamond first makes West discard from ♠K3 and gives two tricks
    # with no finesse at all, which his count, taking no finesse, sees.)
    c = claim("N:AQ... .32.. 52... K3...", aware=["SK"])
    assert tricks(c) == {"duplicate-2017": 1, "club-2014": 2, "rubber-2014": 2}


def test_club_69c_finesse_not_credited_without_a_void():
    # Negative: East holds a spade: no one fails to follow; no unstated finesse under any code.
    c = claim("N:AQ... 4.3.. 52... K3...", aware=["SK"])
    assert set(tricks(c).values()) == {1}
    assert codes.conceivable_show_outs(adjudicate(c, law="club-2014").claim) == {}


def test_no_finesse_in_his_count_the_winner_first():
    # The position these two tests used before: South ♠2 ♦2, North ♠AQ, West ♠K3. Claiming 2,
    # his count is the ♦2 and the ♠A (no finesse): the ♠2 first strands the ♦2 (North wins the
    # ace and must lead the queen), so it is not a normal play (DESIGN 2.4, his own count); the
    # ♦2 first makes West discard from ♠K3, and the claim stands under every code.
    for deal in ("N:AQ... .32.. 2..2. K3...", "N:AQ... 4.3.. 2..2. K3..."):
        assert set(tricks(claim(deal, aware=["SK"])).values()) == {2}, deal


def test_conceivable_show_out_does_not_tell_the_claimer_about_trumps():
    # East is void in trumps: that places the trump for a finesse, but Club Law 69B's "unaware
    # of the trump" still holds (West's club 2 ruffs the heart ace on a normal line).
    c = Claim.from_file(CASES / "70c-unaware-trump.json")
    assert tricks(c) == {"duplicate-2017": 3, "club-2014": 3, "rubber-2014": 3}


# --- Club Law 69B: the outstanding trump ---------------------------------------------------------

def test_club_69b_outstanding_trump_same_as_70c():
    # Club Law 69B repeats Law 70C's three conditions: same award, cited as the club clause.
    c = Claim.from_file(CASES / "70c-unaware-trump.json")
    r = adjudicate(c, law="club-2014")
    assert r.tricks == 3 and "Club Law 69B" in r.applied and "Law 70C" not in r.applied
    # Negative: the Arbiter finds declarer aware of it.
    assert adjudicate(c, law="club-2014", aware=["trumps"]).tricks == 4


# --- Club Law 70 / rubber Law 70B: a defender's claim ----------------------------------------------

# (West has no side winner to cash first: his own count then leads the spade at once)
DEF_FINESSE = dict(deal="N:3..4. AQ... K..3. 2..2.", leader="W", claimer="W", declarer="S", aware=["SK"])


def test_club_70_defenders_losing_finesse_is_normal():
    # Club Law 70: "award to the declarer any trick that the defenders could lose by normal
    # play". East's unstated queen finesse loses to South's singleton king and strands the ace:
    # normal (inferior) for the defenders, so both tricks go to declarer; duplicate Law 70E1
    # deems East to play from the top (the ace drops the king).
    c = claim(**DEF_FINESSE)
    assert tricks(c) == {"duplicate-2017": 2, "club-2014": 0, "rubber-2014": 0}
    r = adjudicate(c, law="club-2014")
    assert r.applied[0] == "Club Law 70" and any(x.law == "Club Law 70" for x in r.reasons)


def test_club_70_not_applied_to_declarers_claim():
    # Negative: the same clause says nothing about declarer's claims (Club Law 69C forbids his
    # unstated finesse): AQ opposite small with the king singleton offside, from the top.
    c = claim("N:AQ... K.2.. 32... 54...")
    assert set(tricks(c).values()) == {2}
    p: dict[int, int] = {}
    codes.club_70_defenders(c, p)
    assert p == {}


# --- rubber Law 69B: the defenders' option about the outstanding trump ----------------------------

def test_rubber_69b_defenders_choose_not_to_draw():
    # Law 69B: "either defender may require him to draw or not to draw the outstanding trump".
    # Four aces and West's club 2 (void in the red suits): drawing it gives declarer all four;
    # "do not draw" forces a red ace into the ruff: the defenders choose it.
    c = claim("N:432.2.. .KQ.KQ. A.A.A.A QJT...2", trump="C")
    r = adjudicate(c, law="rubber-2014")
    assert r.tricks == 3
    assert r.details["trump_option"] == {"chosen": "do not draw", "tricks": {"draw": 4, "do not draw": 3}}
    assert "Rubber Law 69B" in r.applied
    won = sum(1 for t in r.line if (t.winner & 1) == 0)
    assert won == 3  # the line shown is the play-out under the chosen option


def test_rubber_69b_not_when_declarer_was_aware():
    # Negative: a statement about trumps (or the finding that he was aware) removes the option.
    c = claim("N:432.2.. .KQ.KQ. A.A.A.A QJT...2", trump="C")
    r = adjudicate(c, law="rubber-2014", statement="drawing trumps")
    assert r.tricks == 4 and "trump_option" not in r.details
    r = adjudicate(c, law="rubber-2014", aware=["trumps"])
    assert r.tricks == 4 and "trump_option" not in r.details


def test_rubber_restrictions_are_reported():
    c = claim("N:432.2.. .KQ.KQ. A.A.A.A QJT...2", trump="C")
    r = adjudicate(c, law="rubber-2014")
    texts = [x.law for x in r.reasons if x.text.startswith("Restriction")]
    assert texts == ["Rubber Law 69", "Rubber Law 69A", "Rubber Law 69B", "Rubber Law 69C", "Rubber Law 69D"]
    from claimsolver.report import ruling_text

    out = ruling_text(r)
    assert "Rubber Law 69B option chosen by the defenders: do not draw" in out


# --- rubber Law 71B: "any probable sequence" --------------------------------------------------------

RUFF_LOW = dict(deal="N:.432.. ...AKQ AK2... 3..32.", trump="S", leader="E", aware=["trumps"],
                shown_out={"W": "C"}, regulation="ebu")


def test_rubber_71b_probable_sequence_is_the_experts():
    # Law 71B (rubber): restored if it "cannot be lost by any probable sequence of play". Ruffing
    # low into West's overruff is careless (normal for a club player, Law 71 duplicate), not
    # probable (not for an expert): South concedes one; restored under the rubber codes only.
    c = claim(**RUFF_LOW, claimed=2, question="concession")
    assert tricks(c) == {"duplicate-2017": 2, "club-2014": 3, "rubber-2014": 3}
    r = adjudicate(c, law="rubber-2014")
    assert r.applied[0] == "Rubber Law 71B" and r.settings.player_class == "expert"
    assert "Rubber Law 69A" not in r.applied  # the play-out restrictions are for disputed claims


def test_rubber_71b_same_when_nothing_depends_on_class():
    # Negative: the 71B example case (tests/data/cases): the ace cannot be lost under any code.
    c = Claim.from_file(CASES / "71-concession-cannot-lose.json")
    assert set(tricks(c).values()) == {3}


# --- rubber Law 70: agreeing is conceding -----------------------------------------------------------

def test_rubber_70_agreement_is_a_concession():
    # Law 70 (rubber): "A defender makes a concession when he agrees to declarer's claim": the
    # defenders' agreement is ruled under Law 71, not Law 69B (duplicate). The defenders' top
    # spades cannot be lost: the two tricks they agreed to give declarer come back.
    c = claim("N:32... AK... 54... QJ...", claimed=2, question="agreed")
    dup = adjudicate(c)
    club = adjudicate(c, law="club-2014")
    assert dup.applied[0] == "Law 69B2" and dup.tricks == 0  # duplicate: both returned (100% of lines)
    assert club.claim.claimer.name == "W" and club.claimed == 0 and club.tricks == 2
    assert club.applied[:2] == ("Rubber Law 71B", "Rubber Law 70")


def test_rubber_70_agreement_nothing_back_when_it_can_be_lost():
    # Negative: the defenders' trump can be drawn: conceding it stands.
    c = Claim.from_file(CASES / "70c-unaware-trump.json")
    r = adjudicate(c, law="club-2014", question="agreed")
    assert r.tricks == 0 and r.claimed == 0


@pytest.mark.parametrize("f", [f for fs in codes.CLAUSES.values() for f in fs], ids=lambda f: f.__name__)
def test_every_clause_cites_its_source(f):
    assert f.cite and f.summary and f.__doc__ and "Law" in f.__doc__


def test_cite():
    c = claim("N:AQ... K.2.. 32... 54...")
    assert codes.cite(c, "70C") == "Law 70C"
    club = Claim.from_dict({**c.to_dict(), "law": "club-2014"})
    assert codes.cite(club, "70C") == "Club Law 69B" and codes.cite(club, "70E1") == "Club Law 69C"
    rubber = Claim.from_dict({**c.to_dict(), "law": "rubber-2014"})
    assert codes.cite(rubber, "70E2") == "Rubber Law 69D" and codes.cite(rubber, "71B") == "Rubber Law 71B"
