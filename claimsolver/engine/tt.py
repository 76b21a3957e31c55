"""Transposition table at trick boundaries, keyed on relative ranks (numba kernels).

Canonical form: in each suit the remaining cards (union of the four hands) are listed from
the highest down and each is replaced by its owner (2 bits); with the suit length (4 bits)
that makes 30 bits per suit. Key 1 = spades | hearts << 30 | leader << 60; key 2 = diamonds |
clubs << 30 | trump << 60. Two positions with the same keys have the same double-dummy value
(only the order of the cards within a suit matters), whatever the actual ranks.

The table is an int64 array of shape (N, 3), N a power of two, allocated once in Python
(:func:`claimsolver.engine.new_tt`): column 0 = key 1 (-1 = empty), column 1 = key 2,
column 2 = packed payload ``lo | hi << 8 | ntricks << 16`` where lo/hi are bounds on the
tricks of **North-South** from the trick boundary on and ntricks the tricks left. Two-way
buckets; on a miss the entry with fewer tricks left is replaced. Bounds stay valid across
searches (they are exact facts about the canonical position), so the table need only be
cleared to free space or when another search mode with other semantics shares it.
"""
import numpy as np
from numba import njit

EMPTY = -1


@njit(cache=True)
def suit_code(hands, s):
    """30-bit relative-rank code of suit ``s``: owners top-down (2 bits each) | length << 26."""
    h0 = (hands[0] >> (16 * s)) & 0xFFFF
    h1 = (hands[1] >> (16 * s)) & 0xFFFF
    h2 = (hands[2] >> (16 * s)) & 0xFFFF
    h3 = (hands[3] >> (16 * s)) & 0xFFFF
    allc = h0 | h1 | h2 | h3
    code = np.int64(0)
    k = 0
    for r in range(14, 1, -1):
        if (allc >> r) & 1:
            if (h1 >> r) & 1:
                o = 1
            elif (h2 >> r) & 1:
                o = 2
            elif (h3 >> r) & 1:
                o = 3
            else:
                o = 0
            code |= np.int64(o) << (2 * k)
            k += 1
    return code | (np.int64(k) << 26)


@njit(cache=True)
def tt_keys(hands, leader, trump):
    """The two int64 keys of the canonical (relative-rank) position: hands int64[4] at a
    trick boundary, ``leader`` on lead, ``trump`` 0..4."""
    k1 = suit_code(hands, 0) | (suit_code(hands, 1) << 30) | (np.int64(leader) << 60)
    k2 = suit_code(hands, 2) | (suit_code(hands, 3) << 30) | (np.int64(trump) << 60)
    return k1, k2


@njit(cache=True)
def relative_ranks(hands, out):
    """Write into ``out`` (int64[4]) the hands with every card replaced by its rank among
    the remaining cards of its suit: the highest remaining card becomes the ace, the next
    the king, and so on. Positions with equal relative ranks have equal values."""
    for p in range(4):
        out[p] = 0
    for s in range(4):
        r_new = 14
        for r in range(14, 1, -1):
            b = np.int64(1) << (16 * s + r)
            for p in range(4):
                if hands[p] & b:
                    out[p] |= np.int64(1) << (16 * s + r_new)
                    r_new -= 1
                    break


@njit(cache=True)
def tt_index(table, k1, k2):
    """First slot of the two-way bucket of the keys."""
    h = k1 * 0x1E3779B97F4A7C15 + k2 * 0x632BE59BD9B4E019
    h ^= (h >> 29) & 0x7FFFFFFFF
    h = h * 0x2545F4914F6CDD1D
    h ^= (h >> 32) & 0xFFFFFFFF
    n = table.shape[0]
    return (h & (n - 1)) & ~np.int64(1)


@njit(cache=True)
def tt_probe(table, k1, k2):
    """Packed payload stored for the keys, or -1 when absent.
    Decode with ``lo = p & 0xFF``, ``hi = (p >> 8) & 0xFF``."""
    i = tt_index(table, k1, k2)
    if table[i, 0] == k1 and table[i, 1] == k2:
        return table[i, 2]
    if table[i + 1, 0] == k1 and table[i + 1, 1] == k2:
        return table[i + 1, 2]
    return -1


@njit(cache=True)
def tt_store(table, k1, k2, lo, hi, ntricks):
    """Record bounds lo <= value <= hi (tricks of the side the caller's convention names,
    North-South in the double-dummy search) for the keys, intersecting with the bounds
    already stored for them."""
    i = tt_index(table, k1, k2)
    j = -1
    if table[i, 0] == k1 and table[i, 1] == k2:
        j = i
    elif table[i + 1, 0] == k1 and table[i + 1, 1] == k2:
        j = i + 1
    if j >= 0:
        p = table[j, 2]
        olo = p & 0xFF
        ohi = (p >> 8) & 0xFF
        if olo > lo:
            lo = olo
        if ohi < hi:
            hi = ohi
    else:
        if table[i, 0] == EMPTY:
            j = i
        elif table[i + 1, 0] == EMPTY:
            j = i + 1
        else:
            n0 = (table[i, 2] >> 16) & 0xFF
            n1 = (table[i + 1, 2] >> 16) & 0xFF
            j = i if n0 < n1 else i + 1
        table[j, 0] = k1
        table[j, 1] = k2
    table[j, 2] = np.int64(lo) | (np.int64(hi) << 8) | (np.int64(ntricks) << 16)


@njit(cache=True)
def tt_clear(table):
    """Empty the table."""
    for i in range(table.shape[0]):
        table[i, 0] = EMPTY
        table[i, 1] = EMPTY
        table[i, 2] = 0
