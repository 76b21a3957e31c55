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


def _replay_check(rng, n_deals):
    """Random full deals played out with random legal cards: engine == DDS before every
    card (exercises the table across calls, as a real replay does)."""
    from randpos import random_position as rp

    for _ in range(n_deals):
        h, t, l, _tr = rp(rng, 13, played=0)
        trick = []
        for _k in range(48):
            want = dds_tricks(h, t, l, np.asarray(trick, np.int64))
            got = E.dd_tricks(h, t, l, np.asarray(trick, np.int64))
            assert got == want, (h.tolist(), t, l, trick, got, want)
            p = (l + len(trick)) % 4
            mine = [c for c in range(64) if (int(h[p]) >> c) & 1]
            if trick:
                fol = [c for c in mine if c >> 4 == trick[0] >> 4]
                mine = fol or mine
            c = int(rng.choice(mine))
            h[p] &= ~(np.int64(1) << c)
            trick.append(c)
            if len(trick) == 4:
                l = int(E.trick_winner4(trick[0], trick[1], trick[2], trick[3], l, t))
                trick = []


def test_engine_replay_random_deals():
    _replay_check(np.random.default_rng(31), 3)


@pytest.mark.slow
def test_engine_replay_random_deals_many():
    _replay_check(np.random.default_rng(32), 40)
