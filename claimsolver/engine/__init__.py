"""claimsolver.engine — the double-dummy search engine (all numba code of the project).

Conventions: card index = 16*suit + rank (suit S=0 H=1 D=2 C=3, rank 2..14); a hand is an
int64 bitboard with that layout (each suit's 16 bits equal endplay/DDS's holding). Seats
N=0 E=1 S=2 W=3; side of seat p is p & 1 (NS=0, EW=1). Strain 0..3 = suits, 4 = notrump.

Public API (typed, validating wrappers):
    dd_tricks(hands, trump, leader, trick) -> int
    dd_tricks_side(hands, trump, leader, trick, side) -> int
    hands_from_remain_cards(remain) -> int64[4]
    new_tt(log2_entries) / clear_tt(table=None)

Reusable jitted building blocks (for other searches in this package), see their docstrings:
    gen_moves, gen_moves_groups, group_mask, legal_mask        (movegen)
    beats, trick_winner4, trick_winner, winning_card            (trick)
    tt_keys, position_codes, relative_ranks, tt_find, tt_probe,
    tt_probe_hint, tt_store, tt_clear, pattern_from_relevant,
    pattern_cards, move_code, move_from_code, new_table        (tt)
    quick_tricks, sure_tricks, leader_loses_trick,
    slow_tricks_nt, second_hand_tricks                          (quicktricks)
    popcount, hibit, top_run, lane_counts                       (bits)
    dd_search, _ab (zero-window test), order_moves, group_low   (search_dd)

Search statistics of the last call: ``last_stats()`` (nodes, table and quick-trick
cut-offs).
"""
from __future__ import annotations

from pathlib import Path

import numpy as np

from . import _cache

_PKG_DIR = Path(__file__).resolve().parent
_CACHE_WAS_VALID = _cache.guard(_PKG_DIR)  # must run before the kernels are loaded
_NEEDS_COMPILE = not _cache.has_compiled_cache(_PKG_DIR)

from .bits import hibit, lane_counts, popcount, top_run  # noqa: E402
from .movegen import gen_moves, gen_moves_groups, group_mask, legal_mask  # noqa: E402
from .quicktricks import (leader_loses_trick, quick_tricks, second_hand_tricks,  # noqa: E402
                          slow_tricks_nt, sure_tricks)
from .search_dd import CUT_LOG2, _ab, dd_search, group_low, order_moves  # noqa: E402
from .trick import beats, trick_winner, trick_winner4, winning_card  # noqa: E402
from .tt import (move_code, move_from_code, new_table, pattern_cards,  # noqa: E402
                 pattern_from_relevant, position_codes, relative_ranks, tt_clear, tt_find,
                 tt_keys, tt_probe, tt_probe_hint, tt_store)

__all__ = [
    "dd_tricks", "dd_tricks_side", "hands_from_remain_cards", "new_tt", "clear_tt", "SearchBudgetExceeded",
    "SearchBuffers", "last_stats",
    "popcount", "gen_moves", "gen_moves_groups", "group_mask", "legal_mask",
    "quick_tricks", "sure_tricks", "slow_tricks_nt", "second_hand_tricks", "dd_search",
    "order_moves",
    "beats", "trick_winner", "trick_winner4", "winning_card",
    "relative_ranks", "tt_clear", "tt_keys", "tt_probe", "tt_store", "position_codes",
    "pattern_from_relevant", "pattern_cards", "group_low", "tt_find", "tt_probe_hint",
    "move_code", "move_from_code", "new_table", "leader_loses_trick", "hibit", "top_run",
    "lane_counts",
]

DEFAULT_TT_LOG2 = 20
_FULL_DECK = np.int64(sum(0x7FFC << (16 * s) for s in range(4)))


def new_tt(log2_entries: int = DEFAULT_TT_LOG2) -> np.ndarray:
    """A fresh, empty transposition table with 2**log2_entries entries (see tt.py)."""
    if not 6 <= int(log2_entries) <= 28:
        raise ValueError("log2_entries must be in 6..28")
    return new_table(int(log2_entries))


class SearchBuffers:
    """Preallocated buffers of one search (reused across calls; not thread-safe)."""

    def __init__(self, tt_log2: int = DEFAULT_TT_LOG2):
        self.tt = new_tt(tt_log2)
        self.trk = np.zeros(4 * 16, dtype=np.int64)
        self.moves = np.zeros(16 * 64, dtype=np.int64)
        self.scores = np.zeros(16 * 64, dtype=np.int64)
        self.stats = np.zeros(32, dtype=np.int64)
        self.stack = np.zeros((16, 64), dtype=np.int64)
        self.hands = np.zeros(4, dtype=np.int64)
        # cut-off cache (move-ordering memory, kept across calls): [hash, card] rows
        self.cut = np.zeros((1 << CUT_LOG2, 2), dtype=np.int64)


_buffers: SearchBuffers | None = None
_announced = False


def _get_buffers() -> SearchBuffers:
    global _buffers
    if _buffers is None:
        _buffers = SearchBuffers()
    return _buffers


def clear_tt(table: np.ndarray | None = None) -> None:
    """Empty ``table``, or the double-dummy search's own table when None."""
    if table is None:
        table = _get_buffers().tt
    tt_clear(table)


def last_stats() -> dict:
    """Counters of the last dd_tricks call: nodes, tt_cutoffs, quick_cutoffs."""
    s = _get_buffers().stats
    return {"nodes": int(s[0]), "tt_cutoffs": int(s[1]), "quick_cutoffs": int(s[2])}


def _check_card(c, what: str) -> int:
    try:
        ci = int(c)
    except (TypeError, ValueError):
        raise ValueError(f"{what}: card index must be an integer, got {c!r}") from None
    if ci != c or not (0 <= ci < 64) or (ci & 15) < 2 or (ci & 15) > 14:
        raise ValueError(f"{what}: {c!r} is not a card index 16*suit+rank (rank 2..14)")
    return ci


def _validate(hands, trump, leader, trick) -> tuple[np.ndarray, int, int, np.ndarray]:
    if not isinstance(hands, np.ndarray):
        raise ValueError("hands must be a numpy int64 array of shape (4,)")
    if hands.shape != (4,):
        raise ValueError(f"hands must have shape (4,), got {hands.shape}")
    if hands.dtype != np.int64:
        raise ValueError(f"hands must have dtype int64, got {hands.dtype}")
    if isinstance(trump, bool) or not isinstance(trump, (int, np.integer)) or not 0 <= trump <= 4:
        raise ValueError(f"trump must be an int 0..3 (suit) or 4 (notrump), got {trump!r}")
    if isinstance(leader, bool) or not isinstance(leader, (int, np.integer)) or not 0 <= leader <= 3:
        raise ValueError(f"leader must be a seat 0..3 (N E S W), got {leader!r}")
    trick = np.asarray(trick)
    if trick.ndim != 1 or trick.shape[0] > 3:
        raise ValueError(f"trick must be a 1-D array of 0..3 card indices, got shape {trick.shape}")
    if trick.shape[0] and not np.issubdtype(trick.dtype, np.integer):
        raise ValueError(f"trick must hold integer card indices, got dtype {trick.dtype}")
    tcards = [_check_card(c, f"trick[{i}]") for i, c in enumerate(trick.tolist())]
    if len(set(tcards)) != len(tcards):
        raise ValueError("trick contains the same card twice")
    seen = 0
    for p in range(4):
        h = int(hands[p])
        if h & ~int(_FULL_DECK):
            raise ValueError(f"hands[{p}] has bits outside the card layout (ranks 2..14 per suit)")
        if seen & h:
            raise ValueError(f"hands are not disjoint: hands[{p}] shares cards with another hand")
        seen |= h
    for i, c in enumerate(tcards):
        if seen & (1 << c):
            raise ValueError(f"trick[{i}] (card {c}) is still in a hand")
    k = len(tcards)
    sizes = [bin(int(hands[p])).count("1") for p in range(4)]
    n = sizes[(leader + k) % 4]  # tricks left, current trick included
    for j in range(4):
        p = (leader + j) % 4
        want = n - 1 if j < k else n
        if sizes[p] != want:
            raise ValueError(
                f"hand sizes inconsistent with the trick: seat {p} holds {sizes[p]} cards, "
                f"expected {want} ({k} card(s) in the current trick, {n} trick(s) left)")
    if n == 0:
        raise ValueError("no cards left to play")
    if k:
        # follow-suit check of the cards already played
        ls = tcards[0] >> 4
        for j in range(1, k):
            c = tcards[j]
            p = (leader + j) % 4
            if c >> 4 != ls and (int(hands[p]) >> (16 * ls)) & 0xFFFF:
                raise ValueError(
                    f"trick[{j}] revokes: seat {p} discarded while still holding the suit led")
    return hands, int(trump), int(leader), np.asarray(tcards, dtype=np.int64)


class SearchBudgetExceeded(RuntimeError):
    """The search visited its node budget without finishing (no value is known)."""


def _run(hands, trump, leader, tcards, node_budget: int = 0) -> tuple[int, int]:
    """Value for the side to move, and that side."""
    global _announced
    b = _get_buffers()
    k = len(tcards)
    b.hands[:] = hands
    b.trk[:k] = tcards
    b.stats[:] = 0
    if _NEEDS_COMPILE and not _announced:
        _cache.announce_compile()
        _announced = True
    v = dd_search(b.hands, trump, leader, k, b.trk, b.moves, b.scores, b.stack, b.tt, b.stats,
                  b.cut, int(node_budget))
    if v < 0:
        b.hands[:] = hands  # the search gave up part-way: leave the buffers clean
        raise SearchBudgetExceeded(f"double-dummy search stopped after {int(b.stats[0]):,} nodes")
    return int(v), ((leader + k) % 4) & 1


def last_dd_nodes() -> int:
    """Nodes the last double-dummy search of this process visited (for callers that budget
    many searches together: the claim probe, ``engine/probe.py``)."""
    return int(_get_buffers().stats[0])


def dd_tricks(hands: np.ndarray, trump: int, leader: int, trick: np.ndarray) -> int:
    """Tricks the side of the player to move takes from here, current trick included.

    hands: int64[4] bitboards of the cards each seat still holds (cards of the current trick
    NOT included); trump: 0..3 or 4 (NT); leader: seat that led the current trick; trick:
    int64 array of 0..3 card indices already played to the current trick, in order from
    leader. Player to move = (leader + len(trick)) % 4. Raises ValueError on bad input.
    """
    h, t, l, tc = _validate(hands, trump, leader, trick)
    return _run(h, t, l, tc)[0]


def dd_tricks_side(hands: np.ndarray, trump: int, leader: int, trick: np.ndarray,
                   side: int, node_budget: int = 0, checked: bool = True) -> int:
    """Tricks side ``side`` (0 = NS, 1 = EW) takes from here, current trick included.
    ``node_budget`` > 0: raise :class:`SearchBudgetExceeded` past that many nodes.
    ``checked=False`` skips the input checks, for callers that build many positions from one
    checked position (the own-count check's layouts: the checks cost 5x the search there)."""
    if side not in (0, 1):
        raise ValueError(f"side must be 0 (NS) or 1 (EW), got {side!r}")
    if checked:
        h, t, l, tc = _validate(hands, trump, leader, trick)
    else:
        h, t, l, tc = hands, int(trump), int(leader), trick
    v, s = _run(h, t, l, tc, node_budget)
    if s == side:
        return v
    n = bin(int(h[(l + len(tc)) % 4])).count("1")
    return n - v


_SHIFTS = (16 * np.arange(4, dtype=np.int64))


def hands_from_remain_cards(remain: np.ndarray) -> np.ndarray:
    """int64[4] bitboards from endplay's ``deal._data.remainCards`` viewed as uint32[4, 4]
    (``np.frombuffer(deal._data.remainCards, np.uint32).reshape(4, 4)``: [hand][suit])."""
    a = np.asarray(remain)
    if a.shape != (4, 4):
        raise ValueError(f"remain must have shape (4, 4), got {a.shape}")
    if not np.issubdtype(a.dtype, np.integer):
        raise ValueError(f"remain must be an integer array, got dtype {a.dtype}")
    a = a.astype(np.int64)
    if np.any(a & ~0x7FFC):
        raise ValueError("remain has bits outside ranks 2..14")
    return np.bitwise_or.reduce(a << _SHIFTS[None, :], axis=1).astype(np.int64)
