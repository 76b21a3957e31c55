"""The claimer's own count, checked by double dummy over the layouts he cannot see (DESIGN 2.4).

The claim search prices each play by its class and the static count (``tables.COUNT``). The
static count misses timing (an entry spent before a blocked suit is cashed, the wrong one of
two losing cards led to knock out an ace), so a worst line may hold a play that no expert would
make because another play does as well wherever the unseen cards lie and better in some
layout. Where the Law layer says so (:func:`claimsolver.laws.count.excludes_dominated_plays`),
the ruling walks back from the first play of the worst line that loses a trick double dummy
the claim needs (below the tricks claimed, or double dummy at the claim where that is less),
finds such a *dominated* play, excludes it (``claim_search(..., excluded=...)``) and searches
again, until the line holds none or a round limit is reached.

*Dominated*: at a play of the claiming side, with the cards of the two opponents dealt in every
way consistent with their hand sizes and the show-outs seen so far (all of them when there are
at most :data:`MAX_LAYOUTS`, else that many drawn with a fixed seed, the real layout always
included), another play the search takes as normal there gives the claiming side, double dummy,
at least as many tricks in every layout and more in at least one.
"""
from __future__ import annotations

import functools
import itertools
import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from claimsolver.cards import Seat, card_symbol
from claimsolver.tables import BAN_ANY_POOL

if TYPE_CHECKING:  # the engine is imported when a ruling needs it (it compiles on first use)
    from claimsolver.engine.claim_api import LineNode

MAX_LAYOUTS = 40  # layouts examined per play (all of them when there are no more)
MAX_TRICKS = 9  # plays with more tricks left are not examined (double dummy per layout costs)
MAX_ROUNDS = 96  # excluded plays per ruling at most (a play and its transpositions count apart)
MAX_LIFTS = 8  # searches again per round for rows lifted where the line meets them (misapplied)
# the searches again of one check use at most CHECK_NODES positions in all: a state that can
# meet an excluded play is keyed on the cards of the rows it can meet, so a search again costs
# more where it meets them (the ruling shares one table between them). Positions, not seconds, so that the
# award does not depend on the machine or its load; 5 M is where the repository's expert audit
# stops changing (2 M lowers two awards, 15 M changes none: docs/calibration.md, eighth round).
CHECK_NODES = 5_000_000
# how the check ended when one of its limits stopped it (the reasons say so where the line shown
# still makes a play it excluded: the check did not get to exclude it there)
ENDED_BUDGET = "budget"
ENDED_ROUNDS = "rounds"


@dataclass(frozen=True)
class Dominated:
    """A play of the worst line that another normal play dominates: ``node`` (the state and
    the play), ``better`` the dominating card, over ``layouts`` layouts of which ``worse_in``
    give the play fewer tricks."""

    node: "LineNode"
    better: int
    layouts: int
    worse_in: int
    trick_number: int

    def excluded(self, side: int) -> tuple[int, int, int, int, int, int]:
        """The play as ``claim_search(..., excluded=...)`` takes it: wherever the claiming side
        holds exactly these cards at this point of a trick, whoever of the opponents holds
        theirs (the cards he cannot see), the better play is made instead (unless
        :func:`misapplied` lifts it where the opponents' cards differ)."""
        return (self.node.hands[side], self.node.hands[side + 2], self.node.trick_mask, self.node.card,
                self.better, BAN_ANY_POOL)


def _winner(trick: list[int], leader: int, trump: int) -> int:
    best, wi = trick[0], 0
    for i, c in enumerate(trick[1:], 1):
        if (c >> 4) == (best >> 4):
            if (c & 15) > (best & 15):
                best, wi = c, i
        elif trump != 4 and (c >> 4) == trump:
            best, wi = c, i
    return (leader + wi) % 4


# Double-dummy values are facts about a position, so they are remembered for the process: the
# check's rounds walk much the same line again and again (each round excludes one more play),
# and ``misapplied`` asks for the same layouts as ``find_dominated``; two thirds of these
# searches repeat an earlier one. Cleared when full (the entries are small).
_DD_MEMO: dict[tuple, int] = {}
_DD_MEMO_MAX = 200_000


def _dd_after(hands: list[int], trump: int, leader: int, trick: tuple[int, ...], seat: int, card: int,
              side: int) -> int:
    """Tricks of ``side`` from the state once ``seat`` has played ``card``, this trick included."""
    key = (tuple(hands), trump, leader, tuple(trick), seat, card, side)
    v = _DD_MEMO.get(key)
    if v is None:
        if len(_DD_MEMO) >= _DD_MEMO_MAX:
            _DD_MEMO.clear()
        v = _DD_MEMO[key] = _dd_after_search(hands, trump, leader, trick, seat, card, side)
    return v


def _dd_after_search(hands: list[int], trump: int, leader: int, trick: tuple[int, ...], seat: int, card: int,
                     side: int) -> int:
    from claimsolver.engine import dd_tricks_side

    h = list(hands)
    h[seat] &= ~(1 << card)
    t = list(trick) + [card]
    if len(t) == 4:
        w = _winner(t, leader, trump)
        won = int((w & 1) == side)
        if not any(h):
            return won
        return won + int(dd_tricks_side(np.array(h, dtype=np.int64), trump, w, _NO_CARDS, side, checked=False))
    return int(dd_tricks_side(np.array(h, dtype=np.int64), trump, leader, np.array(t, dtype=np.int64), side,
                              checked=False))


_NO_CARDS = np.zeros(0, dtype=np.int64)


def layouts(hands: tuple[int, int, int, int], side: int, voids: dict[int, int], limit: int = MAX_LAYOUTS):
    """The opponents' cards dealt between them as the claimer may think they lie: the real
    layout first, then every other (or ``limit`` drawn with a seed fixed by the cards)
    keeping each opponent's number of cards and his known voids (``voids``: seat -> suit bits)."""
    a, b = 1 - side, 3 - side
    pool = hands[a] | hands[b]
    na = bin(hands[a]).count("1")
    cards = [c for c in range(64) if pool >> c & 1]
    to_a = [c for c in cards if voids.get(b, 0) >> (c >> 4) & 1]
    to_b = [c for c in cards if voids.get(a, 0) >> (c >> 4) & 1]
    free = [c for c in cards if c not in to_a and c not in to_b]
    need = na - len(to_a)
    real = (hands[a], hands[b])
    out = [real]
    if need < 0 or need > len(free):
        return out
    base = sum(1 << c for c in to_a)

    def deal(sub) -> tuple[int, int]:
        ha = base | sum(1 << c for c in sub)
        return ha, pool & ~ha

    if math.comb(len(free), need) <= limit:
        out += [d for d in (deal(s) for s in itertools.combinations(free, need)) if d != real]
    else:
        rng = random.Random(pool * 31 + na)
        seen = {real}
        for _ in range(4 * limit):
            d = deal(rng.sample(free, need))
            if d not in seen:
                seen.add(d)
                out.append(d)
            if len(out) > limit:
                break
    return out


@functools.lru_cache(maxsize=4096)
def _layouts(hands: tuple[int, int, int, int], side: int, voids: tuple[tuple[int, int], ...]):
    """:func:`layouts` remembered (the check's rounds examine the same states again)."""
    return layouts(hands, side, dict(voids))


def known_voids(line, trick: tuple[int, ...], side: int, shown: dict[int, int]) -> list[dict[int, int]]:
    """The opponents' known voids (seat -> suit bits) before each play of ``line`` (seat, card,
    ...), from ``shown`` at the claim and the show-outs on the line."""
    voids = dict(shown)
    t = list(trick)
    out = []
    for seat, card, *_ in line:
        out.append(dict(voids))
        if t and (seat & 1) != side and (card >> 4) != (t[0] >> 4):
            voids[seat] = voids.get(seat, 0) | 1 << (t[0] >> 4)
        t.append(card)
        if len(t) == 4:
            t = []
    return out


def find_dominated(nodes: list["LineNode"], trump: int, side: int, voids_before: list[dict[int, int]],
                   first_loss: int, tricks_at_start: int, after: int = -1) -> Dominated | None:
    """The dominated play nearest before (or at) the line's first losing play (index
    ``first_loss`` in the line), walking back to the play after index ``after``; None when
    there is none. ``voids_before``: :func:`known_voids` of the line."""
    for i in range(len(nodes) - 1, -1, -1):
        node = nodes[i]
        if node.index <= after:
            break
        if node.index > first_loss or node.stated:
            continue
        left = bin(node.hands[node.seat]).count("1")
        if left > MAX_TRICKS:
            break
        mine = [n for n in node.normal if n[0] == node.card]
        if mine and mine[0][2]:  # a careless slip of his class
            continue
        if not mine and node.card not in node.unrefined:  # not a normal play here
            continue
        # (a play normal by its class alone that the line makes was made instead of an excluded
        # play: it is examined like any normal play, so rows chain.) The others: the plays
        # normal here, or normal by their class alone: the count that refined them away is what
        # this check corrects
        others = sorted(({c for c, _cls, _careless in node.normal} | set(node.unrefined)) - {node.card})
        if not others:
            continue
        strict, examined = _better_in(node, node.card, others, trump, side, voids_before[node.index])
        best = [q for q, n in strict.items() if n > 0]
        if best:
            q = max(best, key=lambda c: strict[c])
            number = tricks_at_start - left + 1
            return Dominated(node, q, examined, strict[q], number)
    return None


def _better_in(node: "LineNode", card: int, others, trump: int, side: int,
               voids: dict[int, int]) -> tuple[dict[int, int], int]:
    """Of ``others`` (cards ``node.seat`` may play instead of ``card`` in the state of
    ``node``), those that give the claiming side at least as many tricks as ``card`` double
    dummy in every layout of :func:`layouts`, each with the number of layouts where it gives
    more (the real layout first, so a card that does worse there is dropped at once); and the
    number of layouts."""
    hands = list(node.hands)
    live = set(others)
    strict = {c: 0 for c in others}
    lays = _layouts(tuple(node.hands), side, tuple(sorted(voids.items())))
    for la, lb in lays:
        hands[1 - side], hands[3 - side] = la, lb
        p = _dd_after(hands, trump, node.leader, node.trick, node.seat, card, side)
        for q in list(live):
            v = _dd_after(hands, trump, node.leader, node.trick, node.seat, q, side)
            if v < p:
                live.discard(q)
            elif v > p:
                strict[q] += 1
        if not live:
            break
    return {q: strict[q] for q in live}, len(lays)


def misapplied(nodes: list["LineNode"], rows, trump: int, side: int,
               voids_before: list[dict[int, int]]) -> list[tuple[int, ...]]:
    """Exceptions (tables.BAN_FIELDS) to the excluded plays ``rows`` (``Dominated.excluded``
    rows and exceptions already made) at the plays of a line (``nodes``, from
    ``line_options``): a row found dominated in one state applies wherever the claiming side
    holds the same cards, but the opponents' cards may differ there (other cards already
    played), and with them the layouts. Where a row applies on the line and its card instead
    does not dominate the excluded card over this state's layouts, the row is lifted for these
    opponents' cards. ``voids_before``: :func:`known_voids` of the line."""
    have = set(rows)
    out: list[tuple[int, ...]] = []
    for node in nodes:
        pool = node.hands[1 - side] | node.hands[3 - side]
        held = node.hands[node.seat]
        lead = (node.trick[0] >> 4) if node.trick else -1
        if lead >= 0 and held >> (16 * lead) & 0xFFFF:
            held &= 0xFFFF << (16 * lead)  # he must follow suit
        for row in rows:
            if len(row) > 5 and row[5] != BAN_ANY_POOL:
                continue
            mine, partner, tmask, card, instead = row[:5]
            if (mine, partner, tmask) != (node.hands[side], node.hands[side + 2], node.trick_mask):
                continue
            lifted = (mine, partner, tmask, card, instead, pool)
            if lifted in have or not held >> card & 1 or not held >> instead & 1:
                continue
            if not _better_in(node, card, [instead], trump, side, voids_before[node.index])[0].get(instead):
                out.append(lifted)
                have.add(lifted)
    return out


MAX_REASONS = 5  # distinct excluded plays named in a ruling; the rest are counted
_ENDED_TEXT = {
    ENDED_BUDGET: (" (the check excludes a play only where the claiming side holds exactly the cards it was found "
                   f"with, and it reached its limit of {CHECK_NODES:,} positions before it could look at this one)"),
    ENDED_ROUNDS: (" (the check excludes a play only where the claiming side holds exactly the cards it was found "
                   f"with, and it reached its limit of {MAX_ROUNDS} excluded plays before it could look at this one)"),
}


def made_on_line(line, hands: tuple[int, int, int, int], tricks_left: int) -> frozenset[tuple[int, int, int]]:
    """(seat, card, trick number) of every play of a claim search's ``line`` (seat, card,
    ...) from a position with ``hands`` and ``tricks_left``: for :func:`summarize`."""
    sizes = [bin(h).count("1") for h in hands]
    out = set()
    for seat, card, *_ in line:
        out.add((seat, card, tricks_left - sizes[seat] + 1))
        sizes[seat] -= 1
    return frozenset(out)


def summarize(found: list[Dominated], made: frozenset[tuple[int, int, int]] = frozenset(),
              ended: str = "") -> list[str]:
    """One sentence per distinct excluded play (the same card of the same player, met again
    after other orders of play, is one), the first :data:`MAX_REASONS` of them, then a count
    of the rest. ``made`` (:func:`made_on_line` of the line shown): where that line makes an
    excluded play after all, the sentence says so (it meets the play after another order of
    play, or with other opponents' cards played, where :func:`misapplied` lifted the row), so
    that the reasons never contradict the line. ``ended``: the limit that stopped the check
    (:data:`ENDED_BUDGET`, :data:`ENDED_ROUNDS`), said where the line still makes such a play."""
    groups: dict[tuple[int, int], list[Dominated]] = {}
    for d in found:
        groups.setdefault((d.node.seat, d.node.card), []).append(d)
    out = []
    for (seat, card), ds in list(groups.items())[:MAX_REASONS]:
        tricks = sorted({d.trick_number for d in ds})
        better = " or ".join(card_symbol(c) for c in dict.fromkeys(d.better for d in ds))
        where = ", ".join(str(t) for t in tricks)
        again = f" (after {len(ds)} orders of play)" if len(ds) > 1 else ""
        first = ds[0]
        kept = [t for t in tricks if (seat, card, t) in made]
        still = (f"; the line below still makes it at trick {kept[0]}, after other cards were played than where "
                 f"it was found dominated{_ENDED_TEXT.get(ended, '')}") if kept else ""
        out.append(f"at trick{'s' if len(tricks) > 1 else ''} {where}, {Seat(seat).full_name}'s {card_symbol(card)} "
                   f"is not taken as a normal play{again}: {better} does as well wherever the opponents' cards lie "
                   f"and better in some of them ({first.worse_in} of the {first.layouts} layouts examined the first "
                   f"time), so it can only lose a trick, and an expert keeping his count does not make it{still}")
    rest = len(groups) - MAX_REASONS
    if rest > 0:
        out.append(f"{rest} other play{'s' if rest > 1 else ''} excluded for the same reason")
    return out
