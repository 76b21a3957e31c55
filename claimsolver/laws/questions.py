"""The question the director answers (claim-format ``question``) and the code of laws applied.

* ``contested`` — Law 70: the claimer gets the tricks of the least successful normal line,
  never more than he claimed (the rest he conceded; Law 68B1).
* ``concession`` — Law 71B: a conceded trick is restored when it "could not be lost by any
  normal play of the remaining cards": max(claimed, least successful normal line).
"""

from __future__ import annotations

import dataclasses

from claimsolver.claim import Claim
from claimsolver.errors import ClaimSolverError


class NotSupported(ClaimSolverError):
    """A setting the solver cannot rule on yet (reported, never silently mis-ruled)."""


@dataclasses.dataclass(frozen=True)
class Decision:
    tricks: int
    reasons: list  # list[Reason]


def check_supported(claim: Claim) -> None:
    s = claim.settings
    if s.law != "duplicate-2017":
        raise NotSupported(
            f"law: ruling under {s.law!r} (rubber bridge) is not supported yet; "
            "use duplicate-2017 (Laws 70 and 71)"
        )
    if s.question == "agreed":
        raise NotSupported("question: 'agreed' (Law 69B, withdrawn agreement) is not supported yet")


def law_70_contested(claim: Claim, least_normal: int) -> Decision:
    """Law 70A/70D1: the least successful normal line, capped by the claim (Law 68B1: a
    claim of some tricks concedes the rest)."""
    from claimsolver.ruling import Reason

    tricks = min(claim.claimed, least_normal)
    if tricks == claim.claimed:
        text = (f"Claim upheld: every normal line consistent with the statement gives the claiming side "
                f"at least {claim.claimed} of the {claim.tricks_left} remaining tricks.")
    else:
        text = (f"Claim not upheld: a normal line consistent with the statement gives the claiming side only "
                f"{tricks} of the {claim.tricks_left} remaining tricks; doubtful points are resolved against "
                f"the claimer.")
    return Decision(tricks, [Reason("70A" if tricks < claim.claimed else "70", text)])


def law_71b_concession(claim: Claim, least_normal: int) -> Decision:
    """Law 71B: restore every conceded trick that could not be lost by any normal play."""
    from claimsolver.ruling import Reason

    tricks = max(claim.claimed, least_normal)
    restored = tricks - claim.claimed
    if restored:
        text = (f"{restored} conceded trick(s) restored: no normal play of the remaining cards gives the "
                f"conceding side fewer than {least_normal} tricks.")
    else:
        text = "The concession stands: a normal line loses the conceded tricks."
    return Decision(tricks, [Reason("71B", text)])


def decide(claim: Claim, least_normal: int, double_dummy: int) -> Decision:
    check_supported(claim)
    if claim.settings.question == "concession":
        return law_71b_concession(claim, least_normal)
    return law_70_contested(claim, least_normal)
