"""Random positions for the engine tests and benchmark."""
from __future__ import annotations

import numpy as np

DECK = [16 * s + r for s in range(4) for r in range(2, 15)]


def random_position(rng: np.random.Generator, n: int, played: int | None = None,
                    trump: int | None = None, leader: int | None = None):
    """A random position with ``n`` tricks left (current trick included).

    Deals 4n random cards of the deck, n to each seat, then plays ``played`` (0..3, random
    when None) legal random cards to the current trick. Returns
    (hands int64[4], trump, leader, trick int64[k])."""
    cards = rng.permutation(DECK)[: 4 * n]
    hands = np.zeros(4, dtype=np.int64)
    for p in range(4):
        for c in cards[p * n:(p + 1) * n]:
            hands[p] |= np.int64(1) << int(c)
    if trump is None:
        trump = int(rng.integers(0, 5))
    if leader is None:
        leader = int(rng.integers(0, 4))
    if played is None:
        played = int(rng.integers(0, 4))
    trick = []
    for j in range(played):
        p = (leader + j) % 4
        h = int(hands[p])
        mine = [c for c in DECK if (h >> c) & 1]
        if trick:
            ls = trick[0] >> 4
            follow = [c for c in mine if c >> 4 == ls]
            if follow:
                mine = follow
        c = int(rng.choice(mine))
        trick.append(c)
        hands[p] &= ~(np.int64(1) << c)
    return hands, int(trump), int(leader), np.asarray(trick, dtype=np.int64)


def to_deal(hands, trump: int, leader: int, trick):
    """endplay Deal of the position (players who played to the trick hold one card fewer)."""
    from endplay.types import Card, Deal, Denom
    from endplay.types.rank import AlternateRank  # noqa: F401

    d = Deal()
    for p in range(4):
        for s in range(4):
            d._data.remainCards[p][s] = (int(hands[p]) >> (16 * s)) & 0x7FFC
    d.first = leader
    d.trump = Denom(trump)
    names = "SHDC"
    rnames = {10: "T", 11: "J", 12: "Q", 13: "K", 14: "A"}
    for c in trick:
        c = int(c)
        r = c & 15
        d.play(Card(names[c >> 4] + rnames.get(r, str(r))), from_hand=False)
    return d


def dds_tricks(hands, trump: int, leader: int, trick) -> int:
    """DDS (endplay solve_board, best card only) value for the side to move."""
    from endplay.dds import solve_board
    from endplay.dds.solve import SolveMode

    d = to_deal(hands, trump, leader, trick)
    return max(t for _, t in solve_board(d, SolveMode.OptimalOne))
