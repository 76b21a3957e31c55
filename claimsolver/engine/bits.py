"""Small bit helpers on int64 bitboards (numba kernels, pure-Python compatible)."""
import numpy as np
from numba import njit

SUIT_BITS = 0x7FFC  # ranks 2..14 of one suit


@njit(cache=True)
def popcount(x):
    """Number of set bits of a non-negative int64 (bit 63 unused)."""
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    x = x + (x >> 8)
    x = x + (x >> 16)
    x = x + (x >> 32)
    return x & 0x7F


@njit(cache=True)
def suit_of(hand, s):
    """The 16-bit holding of suit ``s`` in bitboard ``hand``."""
    return (hand >> (16 * s)) & 0xFFFF


@njit(cache=True)
def top_rank(holding):
    """Highest rank (2..14) in a 16-bit holding, 0 when empty."""
    for r in range(14, 1, -1):
        if (holding >> r) & 1:
            return r
    return 0


@njit(cache=True)
def low_rank(holding):
    """Lowest rank (2..14) in a 16-bit holding, 0 when empty."""
    for r in range(2, 15):
        if (holding >> r) & 1:
            return r
    return 0


@njit(cache=True)
def bit(c):
    """Bitboard with only card ``c`` set."""
    return np.int64(1) << c


@njit(cache=True)
def hibit(x):
    """Index of the highest set bit of 0 < x < 2**16."""
    r = 0
    if x >= 256:
        x >>= 8
        r += 8
    if x >= 16:
        x >>= 4
        r += 4
    if x >= 4:
        x >>= 2
        r += 2
    if x >= 2:
        r += 1
    return r


@njit(cache=True)
def lane_counts(h):
    """Popcount of each 16-bit lane (suit) of a non-negative int64, in the lane's low bits."""
    x = h - ((h >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return (x + (x >> 8)) & 0x00FF00FF00FF00FF


@njit(cache=True)
def top_run(a, h):
    """Number of top cards of the 16-bit suit holding ``a`` (all remaining cards) that
    belong to holding ``h`` (a subset of a)."""
    x = a & ~h
    if x == 0:
        return popcount(a)
    return popcount(a >> (hibit(x) + 1))
