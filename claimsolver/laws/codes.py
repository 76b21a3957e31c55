"""The codes of laws (claim-format ``law``): what changes from the duplicate Laws.

``duplicate-2017`` is the default the rest of :mod:`claimsolver.laws` implements (WBF Laws of
Duplicate Bridge 2017, Laws 69-71). The two rubber-bridge codes are the ACBL Laws of Rubber
Bridge 2014 (``../shared/laws/rubber-2014-laws-68-71-club-69-70.txt``):

* ``club-2014`` — the Alternative Club Laws, an Arbiter adjudicates: Club Law 69 for
  declarer's claim, Club Law 70 for a defender's, Law 71 for a concession;
* ``rubber-2014`` — no Arbiter: a disputed claim is played out under the restrictions of
  Law 69 A-D, with the defenders' option of Law 69B about an outstanding trump.

Every clause that changes something is one function below, with its source; a clause is a
*policy clause* (``@clause(code, cite, summary)`` with signature ``(claim, policy dict)``,
changing the normality of play classes) or a plain function the pipeline calls. Nothing here
imports the engine (the laws layer never does).
"""

from __future__ import annotations

import dataclasses
from typing import Callable

import numpy as np

from claimsolver import tables as T
from claimsolver.cards import SUIT_MASK, Seat
from claimsolver.claim import Claim
from claimsolver.laws import normal

DUPLICATE, CLUB, RUBBER = "duplicate-2017", "club-2014", "rubber-2014"

Policy = dict[int, int]
Clause = Callable[[Claim, Policy], None]


def clause(code: str, cite: str, summary: str) -> Callable[[Clause], Clause]:
    """Mark a function as a policy clause of a code: ``cite`` is what the ruling names
    ("Club Law 69C"), ``summary`` a few words a player understands."""

    def mark(f: Clause) -> Clause:
        f.code = code  # type: ignore[attr-defined]
        f.cite = cite  # type: ignore[attr-defined]
        f.summary = summary  # type: ignore[attr-defined]
        return f

    return mark


def is_declarers_claim(claim: Claim) -> bool:
    return claim.claimer == claim.declarer


# --- citations -------------------------------------------------------------------------------

#: How a duplicate clause reads under each rubber code (the reason texts of the explanation
#: stay; the clause named is the code's own).
CITES: dict[str, dict[str, str]] = {
    CLUB: {
        "70": "Club Law 69", "70A": "Club Law 69", "70C": "Club Law 69B", "70D1": "Club Law 69C",
        "70E1": "Club Law 69C", "70E2": "Club Law 69C", "70D2": "Club Law 70",
    },
    RUBBER: {
        "70": "Rubber Law 69", "70A": "Rubber Law 69", "70C": "Rubber Law 69B", "70D1": "Rubber Law 69C",
        "70E1": "Rubber Law 69A", "70E2": "Rubber Law 69D", "70D2": "Rubber Law 70B",
    },
}


def cite(claim: Claim, law: str) -> str:
    """The clause a ruling names for a reason found under the duplicate numbering ``law``:
    "Law 70C" under duplicate-2017, "Club Law 69B" under club-2014, and so on. Citations
    that already name their code are returned as they are."""
    if not law[:1].isdigit():
        return law
    code = claim.settings.law
    if code == DUPLICATE:
        return f"Law {law}"
    if law.startswith("71"):
        return f"Rubber Law {law}"  # Law 71 of the Laws of Rubber Bridge (both codes)
    if law.startswith("69"):
        return f"Law {law}"
    if claim.settings.question != "contested":
        return "Rubber Law 71B"  # the line explains what "any probable sequence" allows
    table = CITES[code]
    if claim.claimer != claim.declarer:
        if code == CLUB:
            return "Club Law 70"
        return "Rubber Law 70B"
    return table.get(law, table["70"])


# --- club-2014 and rubber-2014: declarer's claim ----------------------------------------------

@clause(CLUB, "Club Law 69C", "no unstated finesse")
def club_69c_no_finesse(claim: Claim, p: Policy) -> None:
    """Club Law 69C: the Arbiter "should not accept from declarer ... any proposed play that
    requires a finesse in a suit, unless an opponent failed to follow in that suit before the
    claim or concession or would subsequently fail to follow in that suit on an[y] conceivable
    line of play". The finesse itself is as in Law 70E1 (not credited); the exception's
    "conceivable line" is :func:`conceivable_show_outs`."""
    if is_declarers_claim(claim):
        p[T.FOLLOW_INTERMEDIATE] = T.IRRATIONAL
        p[T.FOLLOW_UNDER_TOP_UNAWARE] = T.IRRATIONAL


@clause(CLUB, "Club Law 69C", "a suit is assumed played from the top down")
def club_69c_top_down(claim: Claim, p: Policy) -> None:
    """Club Law 69C: "If declarer's statement did not include the order of play when leading a
    suit, it may be assumed from the top down" (Law 69D, which Club Law 69 leaves standing,
    adds "unless it is obvious that declarer intended otherwise": with no statement nothing
    makes it obvious). The rubber code has no regulating authority, so the EBU preset's
    freedom for spot cards (White Book 8.70.5, a regulation under duplicate Law 70E2) does not
    apply: spots are played from the top as well. (Declarer's claims: Club Law 70 has no such
    clause for the defenders, who keep the normal-play rules.)"""
    if is_declarers_claim(claim):
        p[T.LEAD_UNDER_TOP_CARD] = T.IRRATIONAL
        p[T.LEAD_SPOT_UNDER_TOP_UNAWARE] = T.IRRATIONAL
        p[T.FOLLOW_SPOT_UNDER_TOP_UNAWARE] = T.IRRATIONAL


@clause(RUBBER, "Rubber Law 69A", "no finesse unless an opponent failed to follow")
def rubber_69a_no_finesse(claim: Claim, p: Policy) -> None:
    """Law 69A (Laws of Rubber Bridge 2014): "if declarer made no relevant statement, he may
    not finesse in any suit unless an opponent failed to follow in that suit before the claim
    or concession or would subsequently fail to follow in that suit on any conceivable
    sequence of plays" (footnote 29: a finesse is a play the success of which depends on
    finding one defender rather than the other with or without a particular card)."""
    club_69c_no_finesse(claim, p)


@clause(RUBBER, "Rubber Law 69D", "a suit is played from the top down")
def rubber_69d_top_down(claim: Claim, p: Policy) -> None:
    """Law 69D: "if declarer's statement did not include the order of play when leading a
    suit, it may be assumed from the top down unless it is obvious that declarer intended
    otherwise" — as :func:`club_69c_top_down`."""
    club_69c_top_down(claim, p)


@clause(RUBBER, "Rubber Law 69C", "a routine line only")
def rubber_69c_routine_line(claim: Claim, p: Policy) -> None:
    """Law 69C: "if declarer did not, in his statement, mention an unusual plan of play, he may
    adopt only a routine line of play". The routine line is what the normal-play rules allow
    (:mod:`claimsolver.laws.normal`: no unstated duck, overtake, ruff of partner's winner,
    squeeze or endplay); nothing to add to them. (Kept as a clause so the ruling lists it.)"""


# --- defenders' claims under the rubber codes --------------------------------------------------

@clause(CLUB, "Club Law 70", "the defenders' finesse that loses is a normal play")
def club_70_defenders(claim: Claim, p: Policy) -> None:
    """Club Law 70: the Arbiter "should award to the declarer any trick that the defenders
    could lose by normal play (an inferior or careless play can be normal, but not an
    irrational play)". The finesse restriction of Club Law 69C is declarer's only: for the
    defenders an unstated finesse is simply one of their normal plays — inferior when it
    loses, so the Arbiter may take it (the duplicate Law 70E1 never lets it be imposed). So is
    winning with the lower of two cards the defender believes equal (AQ with the king
    overlooked: the queen), which Law 70E1 and the top-down rule exclude for a claimer."""
    if not is_declarers_claim(claim):
        p[T.FOLLOW_INTERMEDIATE] = T.CARELESS
        p[T.FOLLOW_UNDER_TOP_UNAWARE] = T.CARELESS


@clause(RUBBER, "Rubber Law 70B", "the defenders play on; any normal play")
def rubber_70b_defenders(claim: Claim, p: Policy) -> None:
    """Law 70B (Laws of Rubber Bridge 2014): when declarer disputes a defender's claim "the
    defenders must play on with the claimer's hand face up"; Law 70 sets no finesse or order
    restriction for them, so, as under :func:`club_70_defenders`, a losing finesse is one of
    the plays they may make and the result resolves it against them."""
    club_70_defenders(claim, p)


#: The policy clauses of each code, applied in this order after the normal-play rules.
CLAUSES: dict[str, tuple[Clause, ...]] = {
    DUPLICATE: (),
    CLUB: (club_69c_no_finesse, club_69c_top_down, club_70_defenders),
    RUBBER: (rubber_69a_no_finesse, rubber_69d_top_down, rubber_69c_routine_line, rubber_70b_defenders),
}


def code_clauses(claim: Claim) -> tuple[Clause, ...]:
    """The policy clauses of the claim's code for its question: the clauses of Laws 69/70 are
    about a disputed claim (``contested``); a concession is judged by Law 71 alone."""
    if claim.settings.question != "contested":
        return ()
    return CLAUSES[claim.settings.law]


def applied_clauses(claim: Claim) -> list[Clause]:
    """The policy clauses that speak to this claim (declarer's or a defender's)."""
    out = []
    for f in code_clauses(claim):
        p: Policy = {}
        f(claim, p)
        if p or f is rubber_69c_routine_line and is_declarers_claim(claim):
            out.append(f)
    return out


# --- Law 71 under the rubber codes ------------------------------------------------------------

def rubber_71b_probable_sequence(claim: Claim) -> Claim:
    """Law 71B (Laws of Rubber Bridge 2014): a concession may be withdrawn "if a trick that has
    been conceded cannot be lost by any probable sequence of play of the remaining cards". A
    *probable* sequence is narrower than a *normal* one: the plays an expert would make, so the
    conceding side's normality is the expert class's (DESIGN 2.5, 2.6) whatever its class."""
    if claim.settings.law == DUPLICATE or claim.settings.question != "concession":
        return claim
    return dataclasses.replace(claim, settings=dataclasses.replace(claim.settings, player_class="expert"))


def rubber_70_agreement_is_concession(claim: Claim) -> tuple[Claim, str | None]:
    """Law 70 (Laws of Rubber Bridge 2014): "A defender makes a concession when he agrees to
    declarer's claim". The rubber codes have no Law 69B: an agreement the agreeing side wants
    back is its own concession, withdrawn only under Law 71. So ``question: agreed`` under a
    rubber code is ruled as the agreeing side's concession: claimer = the agreeing side (a
    defender, or declarer when he agreed to a defender's claim), claimed = the tricks left
    minus the tricks the claimer claimed, no statement (the agreeing side stated none).
    Returns the claim so re-expressed and a note (None when nothing changed)."""
    if claim.settings.law == DUPLICATE or claim.settings.question != "agreed":
        return claim, None
    if is_declarers_claim(claim):
        agreeing = Seat((int(claim.declarer) + 1) % 4)  # either defender: the side is what counts
    else:
        agreeing = claim.declarer
    settings = dataclasses.replace(claim.settings, question="concession")
    new = dataclasses.replace(claim, claimer=agreeing, claimed=claim.tricks_left - claim.claimed,
                              statement="", settings=settings)
    note = (f"Rubber Law 70: agreeing to the claim is a concession; the agreeing side "
            f"({'East-West' if agreeing.side else 'North-South'}) conceded {claim.claimed} trick(s) and "
            f"may withdraw it only under Law 71.")
    return new, note


# --- the finesse exception: "any conceivable line" --------------------------------------------

def conceivable_show_outs(claim: Claim) -> dict[Seat, int]:
    """Club Law 69C / Rubber Law 69A: the finesse exception applies when an opponent "would
    subsequently fail to follow in that suit on any conceivable line of play" (duplicate Law
    70E1 says "on any normal line"). The claim search credits a finesse once an opponent has
    shown out on the line examined; under the rubber codes an opponent who is void in a suit
    fails to follow to it on every conceivable line, so he is taken as having shown out at the
    claim (the finesse against his partner is marked from the first round). Returns the
    claim's ``shown_out`` with those voids added (declarer's claims only)."""
    shown = dict(claim.shown_out)
    if (claim.settings.law == DUPLICATE or not is_declarers_claim(claim)
            or claim.settings.question != "contested"):
        return shown
    side = claim.claiming_side
    hands = claim.position.hands
    mine = hands[side] | hands[side + 2]
    for opp in (Seat((side + 1) % 4), Seat((side + 3) % 4)):
        for s in range(4):
            suit = SUIT_MASK << (16 * s)
            if not hands[opp] & suit and mine & suit and hands[(opp + 2) % 4] & suit:
                shown[opp] = shown.get(opp, 0) | (1 << s)
    return shown


def working_claim(claim: Claim) -> Claim:
    """The claim as the code has the director (Arbiter, players) see it: Law 71 under the
    rubber codes with the expert class, and the voids of the "conceivable line" exception."""
    claim = rubber_71b_probable_sequence(claim)
    shown = conceivable_show_outs(claim)
    if shown != dict(claim.shown_out):
        claim = dataclasses.replace(claim, shown_out=shown)
    return claim


def compile_policy(claim: Claim) -> np.ndarray:
    """The policy array of the claim: the normal-play rules (:mod:`claimsolver.laws.normal`)
    for the claim's settings, then the code's clauses."""
    p = normal.policy_dict(claim.settings)
    for f in code_clauses(claim):
        f(claim, p)
    arr = np.full(T.N_PLAY_CLASSES, T.NORMAL, dtype=np.int64)
    for k, v in p.items():
        arr[k] = v
    return arr


# --- rubber-2014: the defenders' option about an outstanding trump ------------------------------

TRUMP_OPTIONS = ("draw", "do not draw")


def rubber_69b_trump_option_applies(claim: Claim, unaware_of_trump: bool) -> bool:
    """Law 69B (Laws of Rubber Bridge 2014): "if declarer may have been unaware at the time of
    his claim or concession that a trump remained in a defender's hand, either defender may
    require him to draw or not to draw the outstanding trump". ``unaware_of_trump`` is the
    awareness model's answer (no statement about trumps, no finding that he was aware: Law
    70C conditions 1 and 2, :func:`claimsolver.laws.awareness.law_70c_unaware_of_trump`)."""
    return (claim.settings.law == RUBBER and is_declarers_claim(claim)
            and claim.settings.question == "contested" and unaware_of_trump)


def rubber_69b_option_policy(policy: np.ndarray, option: str) -> np.ndarray:
    """The policy under a defender's requirement. "draw": declarer now knows of the trump and
    must lead trumps while he can (the search's ``restrict`` 1); "do not draw": he knows of it
    but may not lead a trump while he holds a side card (``restrict`` 2), so cashing side
    winners with the trump out is no longer an irrational choice for him but a forced one."""
    out = policy.copy()
    if option == "do not draw":
        out[T.LEAD_SIDE_TOP_WITH_AWARE_TRUMP] = T.NORMAL
    return out


def restrictions(claim: Claim, trump_option: bool) -> list[tuple[str, str]]:
    """Rubber-2014 (no Arbiter): the restrictions of Law 69 under which the disputed claim is
    played out, as (clause, text) for the ruling."""
    if claim.settings.law != RUBBER or claim.settings.question != "contested":
        return []
    if not is_declarers_claim(claim):
        return [("Rubber Law 70B", "the defenders play on with the claimer's hand face up; declarer may forbid the "
                 "claimer's partner any play suggested by the faced cards")]
    out = [
        ("Rubber Law 69", "declarer may make no play inconsistent with his statement; doubtful points are resolved "
         "in favour of the defenders"),
        ("Rubber Law 69A", "no finesse unless an opponent has failed to follow in that suit (or would on any "
         "conceivable sequence: a void opponent counts as shown out)"),
        ("Rubber Law 69C", "only a routine line of play"),
        ("Rubber Law 69D", "a suit he leads is played from the top down"),
    ]
    if trump_option:
        out.insert(2, ("Rubber Law 69B", "he may have been unaware of the outstanding trump: either defender may "
                       "require him to draw it or not to draw it"))
    return out
