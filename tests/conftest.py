"""Shared test fixtures: where the test data lives (vendored under tests/data, see SOURCE.md)."""

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
CASES = DATA / "cases"
EXAMPLES = ROOT / "examples"


@pytest.fixture(scope="session")
def data_dir() -> Path:
    assert (DATA / "SOURCE.md").is_file(), f"the vendored test data is missing: {DATA}"
    return DATA


def make_claim(deal, trump="NT", leader="S", claimer="S", declarer="S", claimed=None, **extra):
    """A claim from a deal and a few fields; ``claimed`` defaults to every remaining trick."""
    from claimsolver.claim import Claim

    d = {"deal": deal, "trump": trump, "leader": leader, "claimer": claimer, "declarer": declarer,
         "claimed": 0, **extra}
    c = Claim.from_dict(d)
    d["claimed"] = c.tricks_left if claimed is None else claimed
    return Claim.from_dict(d)
