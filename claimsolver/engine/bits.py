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
