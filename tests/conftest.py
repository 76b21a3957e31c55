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
