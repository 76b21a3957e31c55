"""Engine vs DDS (endplay) on random positions, 3..13 tricks left, all strains, mid-trick."""
import os
import sys

import numpy as np
import pytest

sys.path.insert(0, os.path.dirname(__file__))
from randpos import dds_tricks, random_position  # noqa: E402

from claimsolver import engine as E  # noqa: E402


def _check(rng, count, sizes):
    for i in range(count):
        n = int(sizes[i % len(sizes)])
        h, t, l, tr = random_position(rng, n, trump=i % 5)
        got = E.dd_tricks(h, t, l, tr)
        want = dds_tricks(h, t, l, tr)
        assert got == want, (h.tolist(), t, l, tr.tolist(), got, want)


def test_engine_matches_dds_sample():
    # ~300 positions: mostly small/medium endings, a few full deals
    rng = np.random.default_rng(2024)
    _check(rng, 240, [3, 4, 5, 6, 7, 8])
    _check(rng, 50, [9, 10, 11])
    _check(rng, 10, [12, 13])


@pytest.mark.slow
def test_engine_matches_dds_many():
    rng = np.random.default_rng(99)
    _check(rng, 1100, list(range(3, 14)))
