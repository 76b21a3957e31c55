"""Engine vs the pure-Python reference minimax on random endings of <= 4 tricks."""
import os
import sys

import numpy as np
import pytest

sys.path.insert(0, os.path.dirname(__file__))
from randpos import random_position  # noqa: E402
from reference_dd import reference_tricks  # noqa: E402

from claimsolver import engine as E  # noqa: E402


@pytest.mark.parametrize("seed", range(5))
def test_engine_matches_reference(seed):
    rng = np.random.default_rng(1000 + seed)
    for _ in range(120):
        n = int(rng.integers(1, 5))
        h, t, l, tr = random_position(rng, n)
        want = reference_tricks(h, t, l, tr)
        got = E.dd_tricks(h, t, l, tr)
        assert got == want, (h.tolist(), t, l, tr.tolist(), got, want)
        side = int(rng.integers(0, 2))
        mover = ((l + len(tr)) % 4) & 1
        nl = bin(int(h[(l + len(tr)) % 4])).count("1")
        want_side = want if side == mover else nl - want
        assert E.dd_tricks_side(h, t, l, tr, side) == want_side


def test_engine_matches_reference_fresh_table():
    """Same positions with the table cleared before every call (no cross-call reuse)."""
    rng = np.random.default_rng(77)
    for _ in range(60):
        n = int(rng.integers(2, 5))
        h, t, l, tr = random_position(rng, n)
        E.clear_tt()
        assert E.dd_tricks(h, t, l, tr) == reference_tricks(h, t, l, tr)
