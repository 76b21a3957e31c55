"""Shared test fixtures: where the shared data lives."""

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
CASES = SHARED / "cases"
EXAMPLES = ROOT / "examples"


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    assert SHARED.is_dir(), f"the shared data must be beside the repository: {SHARED}"
    return SHARED


def make_claim(deal, trump="NT", leader="S", claimer="S", declarer="S", claimed=None, **extra):
    """A claim from a deal and a few fields; ``claimed`` defaults to every remaining trick."""
    from claimsolver.claim import Claim

    d = {"deal": deal, "trump": trump, "leader": leader, "claimer": claimer, "declarer": declarer,
         "claimed": 0, **extra}
    c = Claim.from_dict(d)
    d["claimed"] = c.tricks_left if claimed is None else claimed
    return Claim.from_dict(d)
