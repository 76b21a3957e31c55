"""Legal move generation with equivalent cards (numba kernels).

Cards of one hand that are touching in rank among the cards still in play form one group and
are searched once; the representative of a group is its highest card. "Still in play" =
the union of the four hands **plus the cards already played to the current trick**: cards of
earlier tricks are gone, but a card of the current trick still separates two cards of the
hand to play (with KJ against an opponent's Q just played, the K wins the trick and the J
does not; with partner's Q played, K and J differ in who wins and leads next). Callers pass
that union as ``allcards``.
"""
import numpy as np
from numba import njit

from .bits import popcount


@njit(cache=True)
def legal_mask(hand, lead_suit):
    """Bitboard of the legal cards of ``hand``: the cards of ``lead_suit`` if it has any,
    otherwise (or when leading, lead_suit = -1) the whole hand."""
    if lead_suit >= 0:
        m = hand & (np.int64(0xFFFF) << (16 * lead_suit))
        if m != 0:
            return m
    return hand


@njit(cache=True, inline='always')
def gen_moves(hand, allcards, lead_suit, out, start):
    """Fill ``out[start:]`` with one representative (the highest card) per group of
    equivalent legal cards of ``hand`` and return how many were written (<= 13).

    Inlined into its callers (numba IR): a call passing the array costs more than the
    function's own work (-6 to -11 % of the double-dummy search's time when inlined).

    hand: int64 bitboard of the player's cards; allcards: int64 union of the cards still in
    the four hands and of the cards already played to the current trick; lead_suit: suit led
    to the current trick or -1 when leading. Order: suit by suit (S, H, D, C), low to high
    within a suit.
    """
    legal = legal_mask(hand, lead_suit)
    n = 0
    for s in range(4):
        h = (legal >> (16 * s)) & 0xFFFF
        if h == 0:
            continue
        a = (allcards >> (16 * s)) & 0xFFFF
        x = h
        while x != 0:
            b = x & (-x)
            x ^= b
            above = a & ~((b << 1) - 1)
            nxt = above & (-above)
            if nxt == 0 or (nxt & h) == 0:
                out[start + n] = 16 * s + popcount(b - 1)
                n += 1
    return n


@njit(cache=True)
def group_mask(hand, allcards, card):
    """Bitboard of the group of cards of ``hand`` equivalent to ``card`` (card included):
    the run of ``hand``'s cards touching ``card`` among ``allcards`` in its suit."""
    s = card >> 4
    r0 = card & 15
    h = (hand >> (16 * s)) & 0xFFFF
    r_all = (allcards >> (16 * s)) & 0xFFFF
    g = np.int64(1) << r0
    for r in range(r0 + 1, 15):  # upwards
        if (r_all >> r) & 1:
            if (h >> r) & 1:
                g |= np.int64(1) << r
            else:
                break
    for r in range(r0 - 1, 1, -1):  # downwards
        if (r_all >> r) & 1:
            if (h >> r) & 1:
                g |= np.int64(1) << r
            else:
                break
    return g << (16 * s)


@njit(cache=True)
def gen_moves_groups(hand, allcards, lead_suit, out, groups, start):
    """Like :func:`gen_moves` and also writes the group bitboard of each representative to
    ``groups[start + i]``. Returns the count."""
    n = gen_moves(hand, allcards, lead_suit, out, start)
    for i in range(n):
        groups[start + i] = group_mask(hand, allcards, out[start + i])
    return n
