"""Duplicate scoring (Law 77) of a contract result, for the ruling's ``result`` and ``score``."""

from __future__ import annotations

from claimsolver.claim import Contract

CLUBS, DIAMONDS, HEARTS, SPADES, NOTRUMP = 3, 2, 1, 0, 4


def result_name(contract: Contract, declarer_tricks: int) -> str:
    """``4S=``, ``4S+1``, ``3NTX-2``."""
    diff = declarer_tricks - (contract.level + 6)
    return f"{contract}{'=' if diff == 0 else f'{diff:+d}'}"


def duplicate_score(contract: Contract, declarer_tricks: int, vulnerable: bool) -> int:
    """The score for declarer's side (negative when defeated)."""
    need = contract.level + 6
    x = contract.doubled
    if declarer_tricks < need:
        down = need - declarer_tricks
        if x == 0:
            return -(100 if vulnerable else 50) * down
        per = []
        for i in range(1, down + 1):
            if vulnerable:
                per.append(200 if i == 1 else 300)
            else:
                per.append(100 if i == 1 else (200 if i <= 3 else 300))
        return -sum(per) * (2 if x == 2 else 1)
    per_trick = 20 if contract.strain in (CLUBS, DIAMONDS) else 30
    trick_score = per_trick * contract.level + (10 if contract.strain == NOTRUMP else 0)
    trick_score *= (1, 2, 4)[x]
    score = trick_score
    score += (500 if vulnerable else 300) if trick_score >= 100 else 50
    if contract.level == 6:
        score += 750 if vulnerable else 500
    elif contract.level == 7:
        score += 1500 if vulnerable else 1000
    score += (50, 100)[x - 1] if x else 0  # the insult
    over = declarer_tricks - need
    if over:
        if x == 0:
            score += over * per_trick
        else:
            score += over * (200 if vulnerable else 100) * (1 if x == 1 else 2)
    return score
