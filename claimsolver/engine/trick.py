"""Trick resolution (numba kernels).

Card index = 16*suit + rank (suit S=0 H=1 D=2 C=3, rank 2..14); trump 0..3, 4 = notrump.
Seats N=0 E=1 S=2 W=3 clockwise.
"""
from numba import njit


@njit(cache=True)
def beats(c, w, trump):
    """True when card ``c`` played later beats card ``w`` (the current winner of the trick).

    A card beats the winner if it is of the same suit and higher, or a trump against a
    non-trump.
    """
    cs = c >> 4
    ws = w >> 4
    if cs == ws:
        return (c & 15) > (w & 15)
    return cs == trump


@njit(cache=True)
def trick_winner4(c0, c1, c2, c3, leader, trump):
    """Seat winning a complete trick: cards c0..c3 played in order starting with ``leader``."""
    best = c0
    bi = 0
    if beats(c1, best, trump):
        best = c1
        bi = 1
    if beats(c2, best, trump):
        best = c2
        bi = 2
    if beats(c3, best, trump):
        best = c3
        bi = 3
    return (leader + bi) & 3


@njit(cache=True)
def trick_winner(trick, start, ncards, leader, trump):
    """Seat currently winning the partial or complete trick ``trick[start:start+ncards]``
    (ncards >= 1) led by ``leader``."""
    best = trick[start]
    bi = 0
    for i in range(1, ncards):
        c = trick[start + i]
        if beats(c, best, trump):
            best = c
            bi = i
    return (leader + bi) & 3


@njit(cache=True)
def winning_card(trick, start, ncards, trump):
    """The card currently winning ``trick[start:start+ncards]`` (ncards >= 1)."""
    best = trick[start]
    for i in range(1, ncards):
        c = trick[start + i]
        if beats(c, best, trump):
            best = c
    return best
