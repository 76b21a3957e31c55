"""The search's cut-off bounds are sound: on random positions no bound exceeds the exact
double-dummy value of the side it is for (the engine's value equals DDS's, see
test_engine_dds.py). A bound that overshoots even once would make the search wrong on some
deal, so these are checked one by one, beyond the end-to-end comparisons with DDS."""
from __future__ import annotations

import numpy as np
import pytest

from claimsolver import engine as E
from claimsolver.engine.quicktricks import cannot_take_all_nt
from randpos import random_position

EMPTY = np.zeros(0, dtype=np.int64)


def _positions(seed: int, count: int, played: int):
    rng = np.random.default_rng(seed)
    for _ in range(count):
        n = int(rng.integers(2, 9))
        yield random_position(rng, n, played=played)


def _no_trumps_left(hands: np.ndarray, trump: int) -> bool:
    allc = int(hands[0] | hands[1] | hands[2] | hands[3])
    return trump == 4 or ((allc >> (16 * trump)) & 0xFFFF) == 0


@pytest.mark.parametrize("seed", [1, 2])
def test_trick_start_bounds_never_exceed_the_value(seed):
    for hands, trump, leader, _ in _positions(seed, 150, played=0):
        ls = leader & 1
        mine = E.dd_tricks_side(hands, trump, leader, EMPTY, ls)
        theirs = E.dd_tricks_side(hands, trump, leader, EMPTY, 1 - ls)
        q, _ = E.quick_tricks(hands, leader, trump)
        assert q <= mine, (hands.tolist(), trump, leader, "quick_tricks", q, mine)
        for side, value in ((ls, mine), (1 - ls, theirs)):
            s, _ = E.sure_tricks(hands, side, trump, 99, leader)
            assert s <= value, (hands.tolist(), trump, side, "sure_tricks", s, value)
        if _no_trumps_left(hands, trump):
            o, _ = E.slow_tricks_nt(hands, leader)
            assert o <= theirs, (hands.tolist(), trump, leader, "slow_tricks_nt", o, theirs)
        lose, _ = E.leader_loses_trick(hands, leader, trump)
        if lose:
            assert theirs >= 1
        if _no_trumps_left(hands, trump):
            n = bin(int(hands[leader])).count("1")
            for side, value in ((ls, mine), (1 - ls, theirs)):
                fails, _ = cannot_take_all_nt(hands, side)
                if fails:
                    assert value < n, (hands.tolist(), trump, side, "cannot_take_all_nt")


@pytest.mark.parametrize("seed", [3, 4])
def test_second_hand_bound_never_exceeds_the_value(seed):
    for hands, trump, leader, trick in _positions(seed, 150, played=1):
        player = (leader + 1) & 3
        value = E.dd_tricks_side(hands, trump, leader, trick, player & 1)
        q, _ = E.second_hand_tricks(hands, player, int(trick[0]), trump)
        assert q <= value, (hands.tolist(), trump, leader, trick.tolist(), q, value)


def test_bounds_count_at_most_what_is_needed():
    # a hand holding the four top spades in notrump: four quick tricks, or just the two
    # the caller needs (and only the two top spades relied on)
    h = np.zeros(4, dtype=np.int64)
    h[0] = sum(1 << r for r in (14, 13, 12, 11))
    h[1] = sum(1 << r for r in (10, 9, 8, 7))
    h[2] = sum(1 << r for r in (6, 5, 4, 3))
    h[3] = sum(1 << (16 + r) for r in (14, 13, 12, 11))
    q, rel = E.quick_tricks(h, 0, 4)
    assert q == 4
    q2, rel2 = E.quick_tricks(h, 0, 4, 2)
    assert q2 == 2 and rel2 == (1 << 14) | (1 << 13)


def test_side_holding_every_trump():
    # North holds the only trumps (hearts) with four of them: four sure tricks whatever
    # their ranks, the cards relied on are none (lengths decide)
    h = np.zeros(4, dtype=np.int64)
    h[0] = sum(1 << (16 + r) for r in (5, 4, 3, 2))
    h[1] = sum(1 << r for r in (14, 13, 12, 11))
    h[2] = sum(1 << (32 + r) for r in (14, 13, 12, 11))
    h[3] = sum(1 << (48 + r) for r in (14, 13, 12, 11))
    s, rel = E.sure_tricks(h, 0, 1)
    assert s == 4 and rel == 0
    assert E.dd_tricks_side(h, 1, 1, EMPTY, 0) >= 4


def _hand(*cards: tuple[int, int]) -> np.int64:
    return np.int64(sum(1 << (16 * s + r) for s, r in cards))


def test_second_trumps_behind_the_top_ones():
    # spades trump. West (in front of North) holds the SA (and the SK); North the next
    # trump with more trumps than West's top ones: one sure trick for North-South when
    # North is not on lead (Kx behind A, Qxx behind AK), none counted when North leads
    h = np.zeros(4, dtype=np.int64)
    h[3] = _hand((0, 14), (0, 3))
    h[0] = _hand((0, 13), (0, 2))
    h[1] = _hand((1, 5), (1, 4))
    h[2] = _hand((1, 7), (1, 6))
    s, rel = E.sure_tricks(h, 0, 0, 99, 1)
    assert s == 1 and rel == _hand((0, 14), (0, 13))
    assert E.dd_tricks_side(h, 0, 1, EMPTY, 0) >= 1
    assert E.sure_tricks(h, 0, 0, 99, 0)[0] == 0  # North on lead
    assert E.sure_tricks(h, 0, 0)[0] == 0  # leader unknown
    h[3] = _hand((0, 14), (0, 13), (1, 2))
    h[0] = _hand((0, 12), (0, 3), (0, 2))
    h[1] = _hand((1, 5), (1, 4), (1, 3))
    h[2] = _hand((1, 8), (1, 7), (1, 6))
    s, rel = E.sure_tricks(h, 0, 0, 99, 2)
    assert s == 1 and rel == _hand((0, 14), (0, 13), (0, 12))
    assert E.dd_tricks_side(h, 0, 2, EMPTY, 0) >= 1


def test_next_two_trumps_in_one_hand():
    # East holds the SA, North the SK and SQ: the ace takes one of them at most
    h = np.zeros(4, dtype=np.int64)
    h[1] = _hand((0, 14), (1, 2))
    h[0] = _hand((0, 13), (0, 12))
    h[3] = _hand((1, 5), (1, 4))
    h[2] = _hand((1, 7), (1, 6))
    s, rel = E.sure_tricks(h, 0, 0)
    assert s == 1 and rel == _hand((0, 14), (0, 13), (0, 12))
    assert E.dd_tricks_side(h, 0, 0, EMPTY, 0) >= 1


def test_length_tricks():
    # North leads from spades AK5432 opposite a small singleton; East holds Q J, West 7:
    # after the ace and king nobody else holds a spade, so all six are tricks, relying on
    # the top two spades only (the longest other holding is two)
    sp = lambda *rs: sum(1 << r for r in rs)  # noqa: E731
    h = np.zeros(4, dtype=np.int64)
    h[0] = sp(14, 13, 5, 4, 3, 2)
    h[1] = sp(12, 11) | (sp(14, 13, 12, 11) << 16)
    h[2] = sp(6) | (sp(10, 9, 8, 7, 6) << 16)
    h[3] = sp(7) | (sp(5, 4, 3, 2) << 16) | (sp(14) << 32)
    q, rel = E.quick_tricks(h, 0, 4, 6)
    assert q == 6 and rel == sp(14, 13)
    assert E.dd_tricks_side(h, 4, 0, EMPTY, 0) >= 6
    # hearts trumps: West (a singleton spade, four trumps) ruffs the second round: one trick
    q, _ = E.quick_tricks(h, 0, 1)
    assert q == 1


def test_side_needing_every_trick_in_notrump():
    # North-South head only spades (N: AK, S: Q) and hold three cards each: N-S can take
    # at most two spade rounds, so not all three tricks
    sp = lambda *rs: sum(1 << r for r in rs)  # noqa: E731
    h = np.zeros(4, dtype=np.int64)
    h[0] = sp(14, 13) | (sp(2) << 16)
    h[2] = sp(12) | (sp(3, 4) << 16)
    h[1] = sp(5) | (sp(14, 13) << 16)
    h[3] = sp(6) | (sp(12, 11) << 16)
    fails, rel = cannot_take_all_nt(h, 0)
    assert fails and rel == (1 << (16 + 14))
    assert E.dd_tricks_side(h, 4, 0, EMPTY, 0) < 3
    fails, _ = cannot_take_all_nt(h, 1)
    assert fails  # E-W head hearts only: two rounds of three
