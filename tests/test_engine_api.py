"""Wrapper validation, helpers and building blocks of claimsolver.engine."""
import os
import sys

import numpy as np
import pytest

sys.path.insert(0, os.path.dirname(__file__))
from randpos import random_position, to_deal  # noqa: E402

from claimsolver import engine as E  # noqa: E402

EMPTY = np.zeros(0, dtype=np.int64)


def _bb(*cards):
    b = 0
    for c in cards:
        b |= 1 << c
    return b


def _simple():
    # N: SA SK, E: SQ SJ, S: S3 S2, W: H3 H2 ; spades: 0*16
    return np.array([_bb(14, 13), _bb(12, 11), _bb(3, 2), _bb(16 + 3, 16 + 2)], np.int64)


def test_simple_values():
    h = _simple()
    assert E.dd_tricks(h, 4, 0, EMPTY) == 2
    assert E.dd_tricks_side(h, 4, 0, EMPTY, 1) == 0
    # hearts trumps, West ruffs
    assert E.dd_tricks(h, 1, 0, EMPTY) == 0


@pytest.mark.parametrize("bad, msg", [
    (lambda h: list(h), "numpy int64 array"),
    (lambda h: h.astype(np.uint64), "dtype int64"),
    (lambda h: h[:3], "shape"),
    (lambda h: np.array([h[0], h[0] | 0, h[2], h[3]], np.int64), "not disjoint"),
    (lambda h: np.array([h[0] | 1, h[1], h[2], h[3]], np.int64), "outside the card layout"),
    (lambda h: np.array([h[0] & ~(1 << 14), h[1], h[2], h[3]], np.int64), "hand sizes"),
])
def test_bad_hands(bad, msg):
    with pytest.raises(ValueError, match=msg):
        E.dd_tricks(bad(_simple()), 4, 0, EMPTY)


def test_bad_scalars_and_trick():
    h = _simple()
    with pytest.raises(ValueError, match="trump"):
        E.dd_tricks(h, 5, 0, EMPTY)
    with pytest.raises(ValueError, match="leader"):
        E.dd_tricks(h, 4, 4, EMPTY)
    with pytest.raises(ValueError, match="side"):
        E.dd_tricks_side(h, 4, 0, EMPTY, 2)
    with pytest.raises(ValueError, match="1-D array"):
        E.dd_tricks(h, 4, 0, np.zeros(4, np.int64))
    with pytest.raises(ValueError, match="not a card index"):
        E.dd_tricks(h, 4, 0, np.array([1], np.int64))
    with pytest.raises(ValueError, match="still in a hand"):
        E.dd_tricks(h, 4, 0, np.array([14], np.int64))
    # N led SA: N must hold one card fewer than the others
    h2 = h.copy()
    h2[0] = _bb(13)
    assert E.dd_tricks(h2, 4, 0, np.array([14], np.int64)) == 0  # E to move: EW take 0
    # E discards a heart while holding spades: revoke
    h3 = np.array([_bb(13), _bb(11), _bb(3, 2), _bb(16 + 3, 16 + 2)], np.int64)
    with pytest.raises(ValueError, match="revoke"):
        E.dd_tricks(h3, 4, 0, np.array([14, 16 + 9], np.int64))
    with pytest.raises(ValueError, match="no cards"):
        E.dd_tricks(np.zeros(4, np.int64), 4, 0, EMPTY)


def test_hands_from_remain_cards():
    rng = np.random.default_rng(5)
    for _ in range(20):
        h, t, l, tr = random_position(rng, int(rng.integers(1, 14)))
        d = to_deal(h, t, l, tr)
        rc = np.frombuffer(d._data.remainCards, np.uint32).reshape(4, 4)
        got = E.hands_from_remain_cards(rc)
        assert got.dtype == np.int64 and got.tolist() == h.tolist()
    with pytest.raises(ValueError, match="shape"):
        E.hands_from_remain_cards(np.zeros((4, 3), np.uint32))


def test_movegen_equivalence():
    # N holds SK SJ S9, SQ gone (played), ST with E: K and J equivalent (Q gone) but 9 is not
    # (T still out).
    hands = np.array([_bb(13, 11, 9), _bb(10), _bb(2), _bb(3)], np.int64)
    allc = int(hands[0] | hands[1] | hands[2] | hands[3])
    out = np.zeros(16, np.int64)
    groups = np.zeros(16, np.int64)
    n = E.gen_moves_groups(hands[0], allc, -1, out, groups, 0)
    assert n == 2
    assert sorted(out[:2].tolist()) == [9, 13]
    g = dict(zip(out[:2].tolist(), groups[:2].tolist()))
    assert g[13] == _bb(13, 11) and g[9] == _bb(9)
    assert E.group_mask(hands[0], allc, 11) == _bb(13, 11)
    # following suit: only the led suit
    hands2 = np.array([_bb(13, 16 + 5), 0, 0, 0], np.int64)
    n = E.gen_moves(hands2[0], int(hands2[0]) | _bb(2), 1, out, 0)
    assert n == 1 and out[0] == 16 + 5
    n = E.gen_moves(hands2[0], int(hands2[0]), 2, out, 0)  # void in diamonds: any card
    assert n == 2


def test_movegen_current_trick_separates():
    # N holds SK SJ; West led the SQ to this trick: K and J are NOT equivalent
    hand = _bb(13, 11)
    allc_with_trick = hand | _bb(12) | _bb(2)
    out = np.zeros(16, np.int64)
    assert E.gen_moves(hand, allc_with_trick, 0, out, 0) == 2
    assert E.gen_moves(hand, hand | _bb(2), 0, out, 0) == 1   # Q gone in an earlier trick


def test_trick_winner():
    # spades led by W(3): S2, SA(N), H2(E) with hearts trumps wins, C5
    assert E.trick_winner4(2, 14, 16 + 2, 48 + 5, 3, 1) == 1
    assert E.trick_winner4(2, 14, 16 + 2, 48 + 5, 3, 4) == 0
    assert E.trick_winner4(2, 14, 16 + 2, 48 + 5, 3, 3) == 2


def test_relative_ranks_and_keys():
    # same relative pattern with different absolute ranks -> same keys and same value
    a = np.array([_bb(14, 9), _bb(12, 5), _bb(8, 7), _bb(3, 2)], np.int64)
    b = np.array([_bb(13, 10), _bb(11, 4), _bb(9, 7), _bb(3, 2)], np.int64)
    ra = np.zeros(4, np.int64)
    rb = np.zeros(4, np.int64)
    E.relative_ranks(a, ra)
    E.relative_ranks(b, rb)
    assert ra.tolist() == rb.tolist()
    assert ra[0] == _bb(14, 12)
    assert E.tt_keys(a, 1, 4) == E.tt_keys(b, 1, 4)
    assert E.position_codes(a) == E.position_codes(b)
    assert E.tt_keys(a, 1, 4) != E.tt_keys(a, 2, 4)
    assert E.tt_keys(a, 1, 4) != E.tt_keys(a, 1, 0)
    for t in range(5):
        assert E.dd_tricks(a, t, 1, EMPTY) == E.dd_tricks(b, t, 1, EMPTY)


def test_tt_store_probe():
    tt = E.new_tt(6)
    assert E.tt_probe(tt, 5, 7, 123, 456, 0, -1) == -1
    # empty pattern (k = 0 in every suit): matches any position with these keys
    E.tt_store(tt, 5, 7, 0, 0, 2, 9, 9)
    E.tt_store(tt, 5, 7, 0, 0, 3, 13, 9)
    i = E.tt_probe(tt, 5, 7, 123, 456, 3, -1)
    assert i >= 0
    p = tt[i, 2]
    assert (p & 0xFF, (p >> 8) & 0xFF) == (3, 9)
    assert E.tt_probe(tt, 5, 7, 123, 456, 4, -1) == -1
    assert E.tt_probe(tt, 5, 7, 123, 456, -1, 9) == i
    # a pattern fixing the owner of the top spade (owner 1 = East): k = 1
    pat = 1 | (1 << 26)
    E.tt_store(tt, 5, 7, pat, 0, 5, 9, 9)
    assert E.tt_probe(tt, 5, 7, (3 << 26) | 0b01, 0, 5, -1) >= 0
    assert E.tt_probe(tt, 5, 7, (3 << 26) | 0b10, 0, 5, -1) == -1
    E.tt_clear(tt)
    assert E.tt_probe(tt, 5, 7, 123, 456, 0, -1) == -1
    # filling the pool clears the table instead of failing
    for j in range(200):
        E.tt_store(tt, j, 7, 0, 0, 1, 2, 3)
    assert E.tt_probe(tt, 199, 7, 0, 0, 1, -1) >= 0


def test_node_budget_stops_the_double_dummy_search():
    from claimsolver.engine import SearchBudgetExceeded, dd_tricks, dd_tricks_side
    from claimsolver.position import Position

    # The slowest 13-trick position of the benchmark (docs/engine.md): a tiny budget stops it.
    pos = Position.from_fields("N:J975.KQJ4.AQ8.JT KQ62.AT63.KT642. 3.98.J9753.AK975 AT84.752..Q86432",
                               "NT", "N")
    with pytest.raises(SearchBudgetExceeded, match="stopped after"):
        dd_tricks_side(pos.hands_array(), 4, 0, pos.trick_array(), 0, node_budget=1000)
    # ... and leaves the engine usable
    small = Position.from_fields("N:AK5... ..AKQ. 42...2 J3.A..", "NT", "N")
    assert dd_tricks(small.hands_array(), 4, 0, small.trick_array()) == 3


def test_bit_intrinsics_match_the_pure_versions():
    """popcount/hibit (LLVM ctpop/ctlz) and the BMI2 owner codes equal the plain versions."""
    from claimsolver.engine import bits, tt
    rng = np.random.default_rng(5)
    for x in [0, 1, 2, 3, 0x7FFC, (1 << 62) - 1] + [int(v) for v in rng.integers(0, 1 << 62, 500)]:
        assert bits.popcount(x) == bits._popcount_py(x)
    for x in range(1 << 16):
        assert bits.hibit(x) == bits._hibit_py(x)
    for a in range(0, 1 << 16, 4):
        for k in (0, 1, 2, 3, 7, 13, 16):
            assert bits.top_cards16(a, k) == bits._top_cards16_py(a, k)
    for _ in range(3000):
        h, _t, _l, _tr = random_position(rng, int(rng.integers(1, 14)), played=0)
        want = tt._position_codes_loop(h)
        assert tt.position_codes(h) == want
        if bits.HAVE_BMI2:
            assert tt._position_codes_bmi2(h) == want


def _suit_code_by_ranks(h0, h1, h2, h3, f, nm):
    """The claim search's key code of one suit, written out rank by rank (the slow form)."""
    code = 0
    for r in range(14, 1, -1):
        for o, h in enumerate((h0, h1, h2, h3)):
            if h >> r & 1:
                code = code << 4 | o << 2 | (f >> r & 1) << 1 | (nm >> r & 1)
    return code


def test_claim_search_suit_codes_match_the_rank_loop():
    """The claim search's table key (search_claim.state_keys) codes each suit by BMI2 where the
    CPU has it, by a loop over the cards otherwise: both equal the plain rank-by-rank code."""
    from claimsolver.engine import bits, search_claim as S
    rng = np.random.default_rng(11)
    for _ in range(3000):
        owner = rng.integers(0, 5, 15)  # 4: the card is no longer in play
        hs = [sum(1 << r for r in range(2, 15) if owner[r] == o) for o in range(4)]
        f, nm = (int(x) & 0x7FFC for x in rng.integers(0, 1 << 15, 2))
        want = _suit_code_by_ranks(*hs, f, nm)
        assert S._suit_code_loop(*hs, f, nm) == want
        assert S.suit_code(*hs, f, nm) == want
        if bits.HAVE_BMI2:
            assert S._suit_code_bmi2(*hs, f, nm) == want


def test_claim_table_store_probe_generations_and_replacement():
    """The claim search's table (search_claim.tt_store / tt_probe, buckets of 8 rows with their
    tags on one line): a stored bound is found under its generation only, an exact value is
    not overwritten by a bound, a bound only rises, and a full bucket gives up its lightest row."""
    from claimsolver.engine import search_claim as S
    from claimsolver.engine.claim_api import ClaimBuffers
    buf = ClaimBuffers(tt_log2=4)  # 2 buckets of 8 rows
    tt, stack = buf.tt, buf.stack
    assert tt.shape == (2, S.TT_BUCKET)

    def keys(x):
        for k in range(6):
            stack[S.F_K0 + k, 0] = x * 1000 + k

    keys(1)
    assert S.tt_probe(tt, stack, 0, 5) == -1
    S.tt_store(tt, stack, 0, 5, 70, 0, 3)
    assert S.tt_probe(tt, stack, 0, 5) == 70  # a lower bound (exact bit clear)
    assert S.tt_probe(tt, stack, 0, 6) == -1  # another search's generation
    S.tt_store(tt, stack, 0, 5, 64, 0, 3)
    assert S.tt_probe(tt, stack, 0, 5) == 70  # a bound only rises
    S.tt_store(tt, stack, 0, 5, 66, 1, 3)
    assert S.tt_probe(tt, stack, 0, 5) == 66 | 1 << 12  # exact
    S.tt_store(tt, stack, 0, 5, 200, 0, 3)
    assert S.tt_probe(tt, stack, 0, 5) == 66 | 1 << 12  # an exact value stays
    # fill one bucket: keys landing in the same bucket as keys(1), weights 1..; the 9th
    # evicts the lightest row
    b0 = S.tt_slot(tt, stack, 0)[0]
    same, x = [], 2
    while len(same) < 8:
        keys(x)
        if S.tt_slot(tt, stack, 0)[0] == b0:
            same.append(x)
        x += 1
    for w, x in enumerate(same[:7]):
        keys(x)
        S.tt_store(tt, stack, 0, 5, 64 + w, 0, 5 + w)  # the row of keys(1) has weight 3
    for x in same[:7]:
        keys(x)
        assert S.tt_probe(tt, stack, 0, 5) >= 0
    keys(same[7])
    S.tt_store(tt, stack, 0, 5, 90, 0, 9)
    assert S.tt_probe(tt, stack, 0, 5) == 90
    keys(1)
    assert S.tt_probe(tt, stack, 0, 5) == -1  # the lightest row went
    # for a new search (generation) every row of the earlier ones is free: the first is taken,
    # whatever its weight (here the row of same[7], which had taken the first row)
    keys(same[0])
    S.tt_store(tt, stack, 0, 6, 77, 1, 0)
    assert S.tt_probe(tt, stack, 0, 6) == 77 | 1 << 12
    for x in same[:7]:
        keys(x)
        assert S.tt_probe(tt, stack, 0, 5) >= 0
    keys(same[7])
    assert S.tt_probe(tt, stack, 0, 5) == -1
