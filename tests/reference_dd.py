"""Slow pure-Python double-dummy minimax: a test oracle for endings of up to ~4 tricks.

Shares no code with the engine: plain recursion over every legal card (no equivalence, no
table), its own trick resolution. Cards are (suit, rank) pairs with suit 0..3 (S H D C) and
rank 2..14; trump 0..3 or 4 (notrump); seats 0..3 (N E S W).
"""
from __future__ import annotations

from functools import lru_cache


def cards_of(bitboard: int) -> frozenset:
    """The set of (suit, rank) of a 16*suit+rank bitboard."""
    return frozenset((i // 16, i % 16) for i in range(64) if (int(bitboard) >> i) & 1)


def _winner(played, leader, trump):
    """played: list of (seat, (suit, rank)) in order; returns winning seat."""
    lead_suit = played[0][1][0]
    best_seat, best = played[0]
    for seat, card in played[1:]:
        if card[0] == best[0]:
            if card[1] > best[1]:
                best_seat, best = seat, card
        elif card[0] == trump and best[0] != trump:
            best_seat, best = seat, card
    del lead_suit
    return best_seat


def _legal(hand, lead_suit):
    if lead_suit is None:
        return sorted(hand)
    follow = [c for c in hand if c[0] == lead_suit]
    return sorted(follow) if follow else sorted(hand)


def reference_tricks(hands, trump: int, leader: int, trick=()) -> int:
    """Tricks for the side of the player to move, current trick included.

    hands: four bitboards (ints) or four sets of (suit, rank); trick: card indices (16*s+r)
    or (suit, rank) pairs already played to the current trick from ``leader``."""
    hs = tuple(frozenset(h) if not isinstance(h, (int,)) and not hasattr(h, "dtype")
               else cards_of(int(h)) for h in hands)
    tr = tuple((c // 16, c % 16) if not isinstance(c, tuple) else c for c in
               (int(x) if not isinstance(x, tuple) else x for x in trick))
    mover = (leader + len(tr)) % 4

    @lru_cache(maxsize=None)
    def solve(hs, leader, tr):
        """Tricks for NS from here."""
        k = len(tr)
        if k == 0 and not hs[leader]:
            return 0
        p = (leader + k) % 4
        lead_suit = tr[0][0] if k else None
        best = None
        for c in _legal(hs[p], lead_suit):
            nh = list(hs)
            nh[p] = hs[p] - {c}
            nh = tuple(nh)
            nt = tr + (c,)
            if len(nt) == 4:
                w = _winner([((leader + i) % 4, nt[i]) for i in range(4)], leader, trump)
                v = (1 if w % 2 == 0 else 0) + solve(nh, w, ())
            else:
                v = solve(nh, leader, nt)
            if best is None:
                best = v
            elif p % 2 == 0:
                best = max(best, v)
            else:
                best = min(best, v)
        return best

    ns = solve(hs, leader, tr)
    total = len(hs[mover])
    return ns if mover % 2 == 0 else total - ns
