"""Reader of DDS's test-data files (list100.txt / largest.txt) and replay helpers."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

DATA_DIR = Path(__file__).resolve().parent / "data" / "dds"
_SUITS = "SHDC"
_RANKS = {"T": 10, "J": 11, "Q": 12, "K": 13, "A": 14}


def card_index(name: str) -> int:
    """'SQ' -> 16*0 + 12."""
    s = _SUITS.index(name[0].upper())
    r = name[1].upper()
    return 16 * s + (_RANKS[r] if r in _RANKS else int(r))


@dataclass
class TraceRecord:
    dealer: int
    vul: int
    trump: int
    leader: int       # opening leader (4th PBN field, "first")
    hands: np.ndarray  # int64[4], N E S W
    play: list        # card indices in play order
    trace: list       # DDS values, see tests/test_engine_traces.py


def parse_hands(pbn: str) -> np.ndarray:
    first = "NESW".index(pbn[0])
    hands = np.zeros(4, dtype=np.int64)
    for j, hand in enumerate(pbn[2:].split()):
        p = (first + j) % 4
        for s, holding in enumerate(hand.split(".")):
            for ch in holding:
                r = _RANKS[ch] if ch in _RANKS else int(ch)
                hands[p] |= np.int64(1) << (16 * s + r)
    return hands


def read_traces(path) -> list[TraceRecord]:
    recs: list[TraceRecord] = []
    cur: dict = {}
    for line in Path(path).read_text().splitlines():
        parts = line.split()
        if not parts:
            continue
        tag = parts[0]
        if tag == "PBN":
            q = line.index('"')
            f = line[:q].split()[1:]
            cur = {"dealer": int(f[0]), "vul": int(f[1]), "trump": int(f[2]),
                   "leader": int(f[3]), "hands": parse_hands(line[q + 1:line.rindex('"')])}
        elif tag == "PLAY":
            s = line[line.index('"') + 1:line.rindex('"')]
            cur["play"] = [card_index(s[i:i + 2]) for i in range(0, len(s), 2)]
            assert len(cur["play"]) == int(parts[1])
        elif tag == "TRACE":
            cur["trace"] = [int(x) for x in parts[2:]]
            assert len(cur["trace"]) == int(parts[1])
            recs.append(TraceRecord(**cur))
    return recs


def replay_positions(rec: TraceRecord):
    """Yield (k, hands, leader, trick, decl_won) before card k of the play (k = 0..len),
    where decl_won = tricks already won by the declaring side (the side not on opening lead).
    """
    hands = rec.hands.copy()
    leader = rec.leader
    trick: list = []
    decl = (rec.leader + 1) & 1
    won = 0
    from claimsolver.engine import trick_winner4  # small jitted helper

    for k in range(len(rec.play) + 1):
        yield k, hands.copy(), leader, np.asarray(trick, dtype=np.int64), won
        if k == len(rec.play):
            break
        c = rec.play[k]
        p = (leader + len(trick)) % 4
        assert (int(hands[p]) >> c) & 1, "card not in hand"
        hands[p] &= ~(np.int64(1) << c)
        trick.append(c)
        if len(trick) == 4:
            leader = int(trick_winner4(trick[0], trick[1], trick[2], trick[3], leader,
                                       rec.trump))
            if (leader & 1) == decl:
                won += 1
            trick = []
