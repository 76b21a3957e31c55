"""Published claim rulings (tests/data/rulings): each file is a claim written from a director's,
committee's or official ruling, with the published award in `expected.tricks`. The program must
rule every one as published, with the settings (law, regulation, class, findings) the file
records. See tests/data/rulings/SOURCE.md for the sources."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from claimsolver.claim import Claim
from claimsolver.ruling import adjudicate

RULINGS = Path(__file__).resolve().parent / "data" / "rulings"
FILES = sorted(RULINGS.glob("*.json"))


def test_corpus_is_present_and_listed():
    # every claim file carries its source and the point of the ruling, and SOURCE.md names it
    assert len(FILES) >= 20, f"published rulings missing from {RULINGS}"
    listing = (RULINGS / "SOURCE.md").read_text()
    for path in FILES:
        data = json.loads(path.read_text())
        for field in ("source", "note", "expected"):
            assert data.get(field), f"{path.name}: no {field}"
        assert isinstance(data["expected"].get("tricks"), int), f"{path.name}: expected.tricks"
        assert path.name in listing, f"{path.name} is not listed in SOURCE.md"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_published_ruling(path):
    data = json.loads(path.read_text())
    ruling = adjudicate(Claim.from_dict(data))
    assert ruling.tricks == data["expected"]["tricks"], (
        f"{path.name}: published award {data['expected']['tricks']}, ruled {ruling.tricks} "
        f"(double dummy {ruling.double_dummy}); source: {data['source']}"
    )
