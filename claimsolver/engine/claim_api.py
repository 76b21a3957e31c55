"""Typed Python wrapper of the claim search kernel (:mod:`claimsolver.engine.search_claim`).

``claim_search`` validates its arguments, copies them into preallocated buffers (reused from
call to call; not thread-safe: use processes) and runs the jitted search, which returns the
value and a worst line. See ``tests/reference_claim.py`` for the specification.
"""
from __future__ import annotations

import sys
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Iterator

import numpy as np

from claimsolver import tables as T

from . import _cache
from .claim_bounds import forced_trick_flags, running_flag, second_hand_flag
from .count import count_memo
from .search_claim import (N_FIELDS, NPLY, SEEN_B_F2, SEEN_B_F2_AWARE, SEEN_B_F4, SEEN_B_FLEAD,
                           SEEN_B_FLEAD_AWARE, SEEN_B_FRUN, SEEN_B_FRUN_AWARE, TT_BUCKET, solve)
from .steps import named_cards

__all__ = ["ClaimSearchResult", "ClaimBuffers", "LineNode", "bounds_agree", "claim_search", "line_options",
           "shared_tables"]

DEFAULT_TT_LOG2 = 20  # 2 tables of 2**20 rows, 8 int64 each with its tag (64 MB each)
_FULL_DECK = sum(0x7FFC << (16 * s) for s in range(4))


@dataclass
class ClaimSearchResult:
    """tricks: the claiming side's tricks from here (current trick included) on the worst
    line; careless: careless plays on it; line: the worst line card by card as (seat, card,
    play class or -1 for the non-claiming side, stated); nodes: nodes visited; complete: False
    when the node budget ran out (tricks, careless and line are then not valid)."""

    tricks: int
    careless: int
    line: list[tuple[int, int, int, bool]] = field(default_factory=list)
    nodes: int = 0
    complete: bool = True
    # play classes met (with those the count may refine them into) in bits 0..N_PLAY_CLASSES-1, and the static
    # bounds that cut the tree (search_claim.SEEN_B_*); -1: unknown
    seen: int = -1


def _bound_reads(policy: np.ndarray) -> dict[int, tuple[int, ...]]:
    """What each static bound of the search reads of the policy, by the bit the search sets in
    ``ClaimSearchResult.seen`` when that bound cuts its tree (search_claim.SEEN_B_*)."""
    f4, flead = forced_trick_flags(policy, 1)
    flead_aware = forced_trick_flags(policy, 0)[1]
    f2 = int(second_hand_flag(policy))
    tops = (int(policy[T.LEAD_TOP_OF_TOP_CARDS] != T.IRRATIONAL),
            int(policy[T.LEAD_SIDE_TOP_WITH_AWARE_TRUMP] != T.IRRATIONAL))
    # (the second hand's level 2 differs from 1 only where a card is overlooked)
    return {SEEN_B_F4: (int(f4),), SEEN_B_FLEAD: (int(flead),), SEEN_B_FLEAD_AWARE: (int(flead_aware),),
            SEEN_B_F2: (f2,), SEEN_B_F2_AWARE: (min(f2, 1),),
            SEEN_B_FRUN: (int(running_flag(policy, 1)),) + tops,
            SEEN_B_FRUN_AWARE: (int(running_flag(policy, 0)),) + tops}


def bounds_agree(searched: np.ndarray, other: np.ndarray, seen: int) -> bool:
    """Whether the static bounds that cut a search under policy ``searched`` (the bits of its
    ``seen``, ``ClaimSearchResult.seen``) read policy ``other`` as they read ``searched``.
    With the play classes it met priced alike by both as well, its result is the other
    policy's: a subtree a bound cut was never generated, so its classes are not in ``seen``
    (a spot led under a top card while a card is overlooked: the ACBL presets make it
    irrational, so a bound has the hand lead its tops; the EBU presets make it a slip)."""
    if seen < 0:
        return False
    ra, rb = _bound_reads(searched), _bound_reads(other)
    return all(ra[bit] == rb[bit] for bit in ra if seen >> bit & 1)


MAX_EXCLUDED = 255  # the table key holds the index of an excluded play in 8 bits


class ClaimBuffers:
    """Preallocated buffers of the claim search (reused across calls)."""

    def __init__(self, tt_log2: int = DEFAULT_TT_LOG2):
        if not 4 <= int(tt_log2) <= 26:
            raise ValueError("tt_log2 must be in 4..26")
        # 2**tt_log2 rows in buckets of 8 (search_claim.tt_slot: 64 words a bucket)
        self.tt = np.zeros((1 << (int(tt_log2) - 3), TT_BUCKET), dtype=np.int64)
        self.tt1 = np.zeros((1 << (int(tt_log2) - 3), TT_BUCKET), dtype=np.int64)  # tricks-only phase
        self.trk = np.zeros(NPLY, dtype=np.int64)
        self.mv = np.zeros((NPLY * 16, 4), dtype=np.int64)
        self.scores = np.zeros(NPLY * 16, dtype=np.int64)
        self.stack = np.zeros((N_FIELDS, NPLY), dtype=np.int64)
        self.stats = np.zeros(16, dtype=np.int64)
        self.line = np.zeros((NPLY, 4), dtype=np.int64)
        self.hands = np.zeros(4, dtype=np.int64)
        self.pv = np.zeros((NPLY, NPLY), dtype=np.int64)
        self.pvend = np.zeros(NPLY, dtype=np.int64)
        self.memo = count_memo()  # the count's values after a trick (count._after_value_memo)
        self.generation = 0
        # inside shared_tables(): for each search semantics met so far, [its generation, the
        # play classes its searches met, the longest list of excluded plays searched with]
        self.shared: dict[bytes, list] | None = None
        self.scope_depth = 0

    def next_generation(self) -> int:
        """A fresh generation number: entries of earlier searches are ignored (no clearing)."""
        self.generation += 1
        if self.generation >= 1 << 38:  # (a table tag holds it below bit 63: search_claim.TT_TAG_GEN)
            self.tt[:] = 0
            self.tt1[:] = 0
            self.generation = 1
            if self.shared is not None:
                self.shared.clear()  # their entries are gone
        return self.generation

    def generation_for(self, semantics: bytes, excluded: tuple = ()) -> int:
        """The generation of a search: inside :func:`shared_tables`, the one of the earlier
        searches with the same semantics, else a fresh one. Excluded plays are not part of the
        semantics: the table keys which of them a state can still meet by their index
        (``claim_moves.excluded_reach``), so searches share a generation when one list of
        excluded plays is the start of the other (the ruling's own count check adds plays
        round by round); any other list starts a fresh generation."""
        if self.shared is None:
            return self.next_generation()
        g = self.shared.get(semantics)
        if g is None or excluded[:len(g[2])] != g[2][:len(excluded)]:
            g = self.shared[semantics] = [self.next_generation(), 0, excluded]
        elif len(excluded) > len(g[2]):
            g[2] = excluded
        return g[0]

    def seen_for(self, semantics: bytes, seen: int) -> int:
        """The play classes a search met, for ``ClaimSearchResult.seen``: inside
        :func:`shared_tables`, those met by every search of its generation so far (a table
        entry of an earlier search stands for a subtree this one did not walk)."""
        if self.shared is None or semantics not in self.shared:
            return seen
        g = self.shared[semantics]
        g[1] |= seen
        return g[1]


@contextmanager
def shared_tables(buffers: ClaimBuffers | None = None) -> Iterator[None]:
    """Within the block, claim searches of the same semantics (trump, claiming side, policy,
    options, statement steps) read and extend each other's transposition-table entries
    instead of starting from empty tables: the states of mind of one claim, the claims of one
    deal. Sound because a table entry is a fact about a canonical trick-boundary state under
    those semantics (the key holds the rest: every remaining card's owner, forget bit and
    named bit, the leader, show-outs, running suit and statement state), whichever position
    the search started from. The value of a search does not depend on what the table holds;
    its node count does (a node budget is met or not depending on the searches before it in
    the block: keep a block's searches in a fixed order for reproducible budgets), and so may
    its line when several lines have the worst value (the witness follows the principal
    variation, which a table entry can cut short). Blocks nest (the outermost one decides); leaving it forgets the
    sharing (entries of later searches are fresh again)."""
    buf = buffers if buffers is not None else _get_buffers()
    if buf.scope_depth == 0:
        buf.shared = {}
    buf.scope_depth += 1
    try:
        yield
    finally:
        buf.scope_depth -= 1
        if buf.scope_depth == 0:
            buf.shared = None


_buffers: ClaimBuffers | None = None
_announced = False


def _get_buffers() -> ClaimBuffers:
    global _buffers
    if _buffers is None:
        _buffers = ClaimBuffers()
    return _buffers


def _int(x, what: str, lo: int, hi: int) -> int:
    if isinstance(x, bool) or not isinstance(x, (int, np.integer)):
        raise ValueError(f"{what} must be an int in {lo}..{hi}, got {x!r}")
    if not lo <= int(x) <= hi:
        raise ValueError(f"{what} must be in {lo}..{hi}, got {x!r}")
    return int(x)


def _int_array(a, what: str, shape_desc: str) -> np.ndarray:
    if not isinstance(a, np.ndarray):
        raise ValueError(f"{what} must be a numpy int64 array {shape_desc}, got {type(a).__name__}")
    if a.dtype != np.int64:
        raise ValueError(f"{what} must have dtype int64, got {a.dtype}")
    return a


def _card_ok(c: int) -> bool:
    return 0 <= c < 64 and 2 <= (c & 15) <= 14


def claim_search(hands: np.ndarray, trump: int, leader: int, trick: np.ndarray, claim_side: int,
                 forget: int, shown: int, policy: np.ndarray, options: np.ndarray,
                 steps: np.ndarray, running: int = -1, node_budget: int = 0,
                 buffers: ClaimBuffers | None = None, tricks_only: bool = False,
                 excluded: tuple[tuple[int, ...], ...] = ()) -> ClaimSearchResult:
    """Rule a claim: the minimum over every continuation of (claiming side's tricks, careless
    plays), see the module doc of :mod:`claimsolver.engine.search_claim`.

    hands int64[4] bitboards (card = 16*suit + rank); trump 0..3 or 4 = NT; leader 0..3 of the
    current trick; trick: card ints played to it, in order from the leader (0..3 cards);
    claim_side 0 (NS) or 1 (EW); forget: bitboard of outstanding cards the claimer may be
    unaware of; shown: bit 4*seat+suit = seat has shown out of suit; policy int64[N_PLAY_CLASSES] (normality
    by play class: tables.IRRATIONAL/NORMAL/CARELESS/SLIP); options int64[8]; steps int64[n, 9] (possibly (0, 9)); running: 4*seat+suit
    of the suit being run, or -1; node_budget: 0 = unlimited; tricks_only: only the fewest
    tricks (``careless`` -1, no ``line``); excluded: plays the claiming side does not make,
    each (its hand of seat ``claim_side``, of its partner, the mask of the cards already in the
    current trick, the card, the card played instead), or the same five and the opponents'
    cards where that row does not apply (an exception) (tables.BAN_FIELDS).
    """
    global _announced
    hands = _int_array(hands, "hands", "of shape (4,)")
    if hands.shape != (4,):
        raise ValueError(f"hands must have shape (4,), got {hands.shape}")
    trump = _int(trump, "trump", 0, 4)
    leader = _int(leader, "leader", 0, 3)
    claim_side = _int(claim_side, "claim_side", 0, 1)
    running = _int(running, "running", -1, 15)
    node_budget = _int(node_budget, "node_budget", 0, 1 << 62)
    if isinstance(forget, bool) or not isinstance(forget, (int, np.integer)) or int(forget) < 0:
        raise ValueError(f"forget must be a non-negative int bitboard, got {forget!r}")
    if isinstance(shown, bool) or not isinstance(shown, (int, np.integer)) or not 0 <= int(shown) < 1 << 16:
        raise ValueError(f"shown must be an int of 16 bits (bit 4*seat+suit), got {shown!r}")
    trick_arr = np.asarray(trick)
    if trick_arr.ndim != 1 or trick_arr.shape[0] > 3:
        raise ValueError(f"trick must be a 1-D array of 0..3 card ints, got shape {trick_arr.shape}")
    if trick_arr.shape[0] and not np.issubdtype(trick_arr.dtype, np.integer):
        raise ValueError(f"trick must hold integer cards, got dtype {trick_arr.dtype}")
    tcards = [int(c) for c in trick_arr.tolist()]
    for i, c in enumerate(tcards):
        if not _card_ok(c):
            raise ValueError(f"trick[{i}] = {c} is not a card 16*suit+rank (rank 2..14)")
    if len(set(tcards)) != len(tcards):
        raise ValueError("trick contains the same card twice")
    policy = _int_array(policy, "policy", f"of shape ({T.N_PLAY_CLASSES},)")
    if policy.shape != (T.N_PLAY_CLASSES,):
        raise ValueError(f"policy must have shape ({T.N_PLAY_CLASSES},), got {policy.shape}")
    if np.any((policy < T.IRRATIONAL) | (policy > T.SLIP)):
        raise ValueError("policy values must be IRRATIONAL (0), NORMAL (1), CARELESS (2) or SLIP (3)")
    options = _int_array(options, "options", f"of shape ({T.N_OPTIONS},)")
    if options.shape != (T.N_OPTIONS,):
        raise ValueError(f"options must have shape ({T.N_OPTIONS},), got {options.shape}")
    ban_rows: list[tuple[int, ...]] = []
    if excluded:
        if len(excluded) > MAX_EXCLUDED:
            raise ValueError(f"excluded holds {len(excluded)} plays; at most {MAX_EXCLUDED} are supported")
        rows = [len(excluded)]
        for i, ex in enumerate(excluded):
            try:
                mine, partner, tmask, card, instead, *rest = ex
                row = [int(mine), int(partner), int(tmask), int(card), int(instead)]
                if len(rest) > 1:
                    raise ValueError
                row.append(int(rest[0]) if rest else T.BAN_ANY_POOL)
            except (TypeError, ValueError):
                raise ValueError(f"excluded[{i}] must be (hand, partner's hand, trick mask, card, "
                                 f"card instead[, opponents' cards of an exception]), got {ex!r}") from None
            for c in row[3:5]:
                if not _card_ok(c):
                    raise ValueError(f"excluded[{i}]: {c} is not a card 16*suit+rank (rank 2..14)")
            if row[5] != T.BAN_ANY_POOL and (row[5] < 0 or row[5] & ~_FULL_DECK):
                raise ValueError(f"excluded[{i}]: the opponents' cards of an exception must be a bitboard "
                                 f"(or {T.BAN_ANY_POOL}), got {row[5]}")
            rows += row
            ban_rows.append(tuple(row))
        options = np.concatenate([options, np.array(rows, dtype=np.int64)])
    steps = _int_array(steps, "steps", f"of shape (n, {T.N_STEP_FIELDS})")
    if steps.ndim != 2 or steps.shape[1] != T.N_STEP_FIELDS:
        raise ValueError(f"steps must have shape (n, {T.N_STEP_FIELDS}), got {steps.shape}")
    if steps.shape[0] > 250:
        raise ValueError(f"steps has {steps.shape[0]} rows; at most 250 are supported")
    # hands: layout, disjointness, sizes
    seen = 0
    for p in range(4):
        h = int(hands[p])
        if h < 0 or h & ~_FULL_DECK:
            raise ValueError(f"hands[{p}] has bits outside the card layout (ranks 2..14 per suit)")
        if seen & h:
            raise ValueError(f"hands are not disjoint: hands[{p}] shares cards with another hand")
        seen |= h
    for i, c in enumerate(tcards):
        if (seen >> c) & 1:
            raise ValueError(f"trick[{i}] (card {c}) is still in a hand")
    k = len(tcards)
    sizes = [bin(int(hands[p])).count("1") for p in range(4)]
    n = sizes[(leader + k) % 4]
    for j in range(4):
        p = (leader + j) % 4
        want = n - 1 if j < k else n
        if sizes[p] != want:
            raise ValueError(f"hand sizes do not match the trick: seat {p} holds {sizes[p]} cards, "
                             f"expected {want}")
    if k == 0 and n == 0:
        raise ValueError("no cards left to play")
    if k:
        ls = tcards[0] >> 4
        for j in range(1, k):
            p = (leader + j) % 4
            if tcards[j] >> 4 != ls and (int(hands[p]) >> (16 * ls)) & 0x7FFC:
                raise ValueError(f"trick[{j}] is a revoke: seat {p} still holds the suit led")
    nrows = steps.shape[0]
    for i in range(nrows):
        row = [int(v) for v in steps[i]]
        if not 0 <= row[T.S_KIND] < len(T.STEP_KIND_NAMES):
            raise ValueError(f"steps[{i}]: kind {row[T.S_KIND]} is not a step kind")
        for col, name in ((T.S_NEXT, "next"), (T.S_ALT, "alt")):
            if not -1 <= row[col] < nrows:
                raise ValueError(f"steps[{i}]: {name} = {row[col]} is not a row (or -1)")
        for col, name in ((T.S_CARD, "card"), (T.S_CARD2, "card2")):
            c = row[col]
            if c != -1:
                if not _card_ok(c):
                    raise ValueError(f"steps[{i}]: {name} = {c} is not a card (or -1)")
        if not -1 <= row[T.S_SUIT] <= 3:
            raise ValueError(f"steps[{i}]: suit = {row[T.S_SUIT]} is not a suit (or -1)")
        if not -1 <= row[T.S_HAND] <= 3:
            raise ValueError(f"steps[{i}]: hand = {row[T.S_HAND]} is not a seat (or -1)")
        if not -1 <= row[T.S_COUNT] <= 63:
            raise ValueError(f"steps[{i}]: count = {row[T.S_COUNT]} out of range")
        if row[T.S_KIND] == T.STEP_LISTED and not _top_cards_of(row[T.S_FLAG], int(hands[claim_side])
                                                                 | int(hands[claim_side + 2])):
            raise ValueError(f"steps[{i}]: flag = {row[T.S_FLAG]} is not a set of the claiming side's top "
                             f"cards of their suits (the cards that take the listed tricks)")
    named = named_cards(steps)

    buf = buffers if buffers is not None else _get_buffers()
    if not _announced and not _cache.has_compiled_cache(_cache_pkg_dir(), "search_claim"):
        _cache.announce_compile(sys.stderr)
    _announced = True
    buf.hands[:] = hands
    buf.trk[:] = 0
    for i, c in enumerate(tcards):
        buf.trk[i] = c
    buf.stats[:] = 0
    # the search's semantics: a table entry depends on these and on the (canonical) state only
    # (and on the excluded plays the state can meet, which its key holds: generation_for)
    semantics = b"%d/%d/%d/" % (trump, claim_side, int(named)) + policy.tobytes() \
        + options[:T.N_OPTIONS].tobytes() + np.ascontiguousarray(steps).tobytes()
    buf.stats[4] = buf.generation_for(semantics, tuple(ban_rows))
    outstanding = int(hands[1 - claim_side]) | int(hands[3 - claim_side])
    fg = int(forget) & outstanding
    value, nline = solve(buf.hands, np.int64(trump), np.int64(claim_side), np.int64(k), buf.trk,
                         np.int64(leader), np.int64(fg), np.int64(int(shown)), np.int64(running),
                         policy, options, np.ascontiguousarray(steps), np.int64(named), buf.mv,
                         buf.scores, buf.stack, buf.tt, buf.stats, np.int64(node_budget), buf.line,
                         buf.pv, buf.pvend, buf.tt1, np.int64(1 if tricks_only else 0), buf.memo)
    nodes = int(buf.stats[0])
    if value == -1:
        return ClaimSearchResult(tricks=-1, careless=-1, line=[], nodes=nodes, complete=False)
    if value < 0:
        raise RuntimeError("claim search: no line reaches the computed value (internal error)")
    if tricks_only:  # the fewest tricks only: no careless count, no line
        return ClaimSearchResult(tricks=int(value) >> 6, careless=-1, line=[], nodes=nodes, complete=True,
                                 seen=buf.seen_for(semantics, int(buf.stats[7])))
    line = [(int(buf.line[i, 0]), int(buf.line[i, 1]), int(buf.line[i, 2]), bool(buf.line[i, 3]))
            for i in range(nline)]
    return ClaimSearchResult(tricks=int(value) >> 6, careless=int(value) & 63, line=line,
                             nodes=nodes, complete=True, seen=buf.seen_for(semantics, int(buf.stats[7])))


@dataclass(frozen=True)
class LineNode:
    """A play of the claiming side on a line: ``index`` in the line, the state before it
    (``hands`` with the card still held, ``trick_mask`` of the cards already in the trick,
    ``leader`` of the trick, ``trick`` its cards so far), the ``seat`` and ``card`` played, and
    the plays the search takes as normal there: (card, play class, careless); ``unrefined``:
    the cards of the plays normal by their class alone (before the count refines them)."""

    index: int
    hands: tuple[int, int, int, int]
    leader: int
    trick: tuple[int, ...]
    seat: int
    card: int
    stated: bool
    normal: tuple[tuple[int, int, bool], ...]
    unrefined: tuple[int, ...] = ()

    @property
    def trick_mask(self) -> int:
        m = 0
        for c in self.trick:
            m |= 1 << c
        return m


def line_options(hands: np.ndarray, trump: int, leader: int, trick: np.ndarray, claim_side: int,
                 forget: int, shown: int, policy: np.ndarray, options: np.ndarray, steps: np.ndarray,
                 line: list[tuple[int, int, int, bool]]) -> list[LineNode]:
    """Replay ``line`` (a claim search's worst line, on the same arguments) and list, at each
    play of the claiming side, the options the search takes as normal there (the move
    generator's own, count refinements included)."""
    from .claim_moves import gen_options
    from .search_claim import play_card

    w = walk_start(hands, trump, leader, trick, claim_side, forget, shown, options, steps)
    h, trk, steps, options, named, mv, seen, side, tr, memo = (w.hands, w.trk, w.steps, w.options, w.named,
                                                               w.mv, w.seen, w.side, w.trump, w.memo)
    ld, fg, sh, rn, pc, aux, d = w.leader, w.forget, w.shown, w.running, w.pc, w.aux, w.d
    no_count = options[:T.N_OPTIONS].copy()
    no_count[T.OPT_COUNT_SEATS] = 0
    out: list[LineNode] = []
    for index, (seat, card, _cls, stated) in enumerate(line):
        p = d & 3
        if (seat & 1) == claim_side:
            cnt = gen_options(h, side, tr, fg, sh, rn, pc, aux, steps, policy, options, named,
                              ld, trk, np.int64(d - p), np.int64(p), mv, np.int64(0), seen, memo)
            normal = tuple((int(mv[i, 0]), int(mv[i, 1]), bool(mv[i, 3])) for i in range(cnt))
            cnt = gen_options(h, side, tr, fg, sh, rn, pc, aux, steps, policy, no_count, named,
                              ld, trk, np.int64(d - p), np.int64(p), mv, np.int64(0), seen, memo)
            out.append(LineNode(index, (int(h[0]), int(h[1]), int(h[2]), int(h[3])), int(ld),
                                tuple(int(trk[d - p + j]) for j in range(p)), int(seat), int(card), bool(stated),
                                normal, tuple(int(mv[i, 0]) for i in range(cnt))))
        ld, fg, sh, rn, pc, aux, _won = play_card(h, side, tr, trk, np.int64(d), ld, fg, sh, rn, pc, aux,
                                                  np.int64(card), steps, options)
        if _cls >= 0 and not stated and policy[_cls] == T.SLIP:
            sh |= np.int64(1) << T.SHOWN_SLIP
        d += 1
    return out


@dataclass
class WalkStart:
    """The claim search's start state as Python walks a line with its jitted move generator
    and ``play_card`` (:func:`line_options`, ``probe.probe_line``): buffers, typed arguments,
    and the state at the first play (``d``: its ply)."""

    hands: np.ndarray
    trk: np.ndarray
    steps: np.ndarray
    options: np.ndarray
    named: np.int64
    mv: np.ndarray
    seen: np.ndarray
    memo: np.ndarray
    side: np.int64
    trump: np.int64
    leader: np.int64
    forget: np.int64
    shown: np.int64
    running: np.int64
    pc: int
    aux: int
    d: int


def walk_start(hands, trump: int, leader: int, trick, claim_side: int, forget: int, shown: int,
               options, steps) -> WalkStart:
    """The start state of a Python walk over the claim search's move generator, set up as
    :func:`claim_search` sets up the kernel's (forget limited to the outstanding cards, the
    statement's first step settled)."""
    from .steps import settle_pc

    h = np.array([int(x) for x in hands], dtype=np.int64)
    trk = np.zeros(NPLY, dtype=np.int64)
    tcards = [int(c) for c in np.asarray(trick).tolist()]
    for i, c in enumerate(tcards):
        trk[i] = c
    steps = np.ascontiguousarray(np.asarray(steps, dtype=np.int64).reshape(-1, T.N_STEP_FIELDS))
    side, tr = np.int64(claim_side), np.int64(trump)
    outstanding = int(hands[1 - claim_side]) | int(hands[3 - claim_side])
    fg, sh = np.int64(int(forget) & outstanding), np.int64(shown)
    pc, aux = settle_pc(h, side, tr, fg, sh, np.int64(0 if steps.shape[0] > 0 else -1), np.int64(0), steps)
    return WalkStart(h, trk, steps, np.asarray(options, dtype=np.int64), np.int64(named_cards(steps)),
                     np.zeros((NPLY * 16, 4), dtype=np.int64), np.zeros(1, dtype=np.int64), _get_buffers().memo,
                     side, tr,
                     np.int64(leader), fg, sh, np.int64(-1), pc, aux, len(tcards))


def _top_cards_of(cards: int, mine: int) -> bool:
    """Whether ``cards`` is a bitboard whose cards still in ``mine`` are, in each suit, its
    highest ones (the claim search keys them by their number per suit: search_claim.state_keys;
    cards already played no longer matter)."""
    if cards < 0 or cards & ~_FULL_DECK:
        return False
    for s in range(4):
        w = (cards & mine) >> (16 * s) & 0x7FFC
        if w and (mine >> (16 * s) & 0x7FFC) >> (w & -w).bit_length() - 1 != w >> (w & -w).bit_length() - 1:
            return False
    return True


def _cache_pkg_dir():
    from pathlib import Path

    return Path(__file__).resolve().parent
