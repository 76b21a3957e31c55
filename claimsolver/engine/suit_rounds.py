"""One suit played from the top by the claimer's count (numba kernels): the rounds of
``COUNT`` in :mod:`claimsolver.tables` (the pair a, b against x, y; 16-bit holdings, ranks
2..14). Split from :mod:`.count`, which calls :func:`_round_seq` for every suit of every
value it computes, so the loop is written with bit tricks (``h & (h - 1)`` plays h's lowest
card, :func:`bits.hibit` finds its highest)."""
import numpy as np
from numba import njit

from .bits import hibit, popcount
from .classify import above, high_rank


@njit(cache=True, _nrt=False)
def suit_count(a, b, x, y):
    """Tricks the claiming side takes in one suit (holdings a, b; opponents' x, y) played on
    its own from the top (tables.COUNT)."""
    wa, wb, sa, sb = _rounds(a, b, x, y, False)
    return wa + sa + wb + sb


@njit(cache=True, _nrt=False)
def pair_cards(a, b):
    """The rounds of a suit played from the top (tables.COUNT) in which a's card and b's card
    is the pair's — the higher of the two, won or lost (the opponents' cards do not change
    which): (na, nb). A trump that is the pair's card in some round cannot also ruff."""
    a &= 0x7FFC
    b &= 0x7FFC
    na = 0
    nb = 0
    while (a | b) != 0:
        if hibit(a) > hibit(b):
            na += 1
            a ^= np.int64(1) << hibit(a)
            b &= b - 1
        else:
            nb += 1
            b ^= np.int64(1) << hibit(b)
            a &= a - 1
    return na, nb


@njit(cache=True, _nrt=False)
def _rounds(a, b, x, y, stop_at_loss):
    """One suit played from the top by the pair a, b against x, y (tables.COUNT): each round
    the hand of the pair with the higher card plays it and the other its lowest; x, then y,
    plays his lowest card above the pair's card while it is winning, else his lowest. Returns
    (wa, wb, sa, sb): the rounds won by a's card and by b's card before the suit blocks and
    after it (tables.COUNT, *a blocked suit*: the next round is partner's and the hand that
    won the last round has no card of the suit left to lead to him), until the first lost
    round if stop_at_loss."""
    if stop_at_loss and high_rank(x | y) > high_rank(a | b):
        return 0, 0, 0, 0  # the first round is lost (most suits of the opponents' cash)
    ma, mb, mblk, mx, my = _round_seq(a, b, x, y)
    lost = mx | my
    if stop_at_loss and lost != 0:
        keep = (lost & -lost) - 1
        ma &= keep
        mb &= keep
    return popcount(ma & ~mblk), popcount(mb & ~mblk), popcount(ma & mblk), popcount(mb & mblk)


@njit(cache=True, _nrt=False)
def _round_seq(a, b, x, y):
    """One suit played from the top as :func:`_rounds` (tables.COUNT), round by round: bit
    masks over the rounds (bit i: round i) of the rounds won by a's card, by b's card, of
    those won after the suit blocked, and of the rounds won by x's and by y's card. (Bit
    tricks: ``h & (h - 1)`` plays h's lowest card, ``hibit`` finds its highest; the count calls
    this for every suit of every value.)"""
    a &= 0x7FFC
    b &= 0x7FFC
    x &= 0x7FFC
    y &= 0x7FFC
    ma = 0
    mb = 0
    mblk = 0
    mx = 0
    my = 0
    last = 0  # 1: a won the last round, 2: b, 0: none yet or the opponents
    blocked = False
    bit = np.int64(1)
    while (a | b) != 0:
        ha = hibit(a)
        hb = hibit(b)
        a_plays = ha > hb
        if a_plays:
            if last == 2 and b == 0:
                blocked = True
            top = ha
            a ^= np.int64(1) << ha
            b &= b - 1
        else:
            if last == 1 and a == 0:
                blocked = True
            top = hb
            b ^= np.int64(1) << hb
            a &= a - 1
        over = above(top)
        up = x & over
        if up != 0:  # x wins with his lowest card above the pair's; y plays low
            x ^= up & -up
            y &= y - 1
            mx |= bit
            last = 0
        else:
            x &= x - 1
            up = y & over
            if up != 0:
                y ^= up & -up
                my |= bit
                last = 0
            else:
                y &= y - 1
                if a_plays:
                    ma |= bit
                    last = 1
                else:
                    mb |= bit
                    last = 2
                if blocked:
                    mblk |= bit
        bit <<= 1
    return ma, mb, mblk, mx, my
