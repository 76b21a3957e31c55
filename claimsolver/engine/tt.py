"""Transposition table at trick boundaries, keyed on relative ranks, with relevant-rank
patterns (numba kernels).

Canonical form of a suit: its remaining cards (union of the four hands) listed from the
highest down, each replaced by its owner (2 bits) -> a 26-bit *owner code* (bit 2k = owner of
the k-th highest remaining card). Positions with the same owner codes in all suits, leader and
trump have the same value whatever the actual ranks (relative ranks).

Entries generalise further (as DDS's "winning ranks"): an entry fixes only the owners of the
top ``k_s`` remaining cards of each suit s, plus the exact length of every hand in every suit
(the bucket key). A search result depends only on the cards that won tricks by rank (and the
top cards used by quick-trick bounds); every lower card is interchangeable, so one entry
answers for all positions that agree on those top cards.

Layout: one int64[NK + NE + 1, 6] array (allocate with ``new_table`` /
``claimsolver.engine.new_tt``):
  rows [0, NK) key slots (open addressing, linear probing), NK a power of two:
      [k1, k2, head block row (-1 none), entry count, entries in the head block, head
      block size];
      k1 = -1 marks an empty slot;
      key 1 = every hand's length in every suit (4 bits at 16*suit + 4*seat),
      key 2 = leader | trump << 2;
  rows [NK, NK + NE) entries, in blocks of consecutive rows per key (2, 4, 8, then
      BLOCK rows; the head block holds the newest entries; column 3 of a block's first row
      links the next, older, block: (its row + 1) | its size << 40, 0 at the end). A key's
      entries are scanned newest first; keeping them in
      contiguous blocks instead of a linked list of single rows matters: a key can gather
      hundreds of entries at 13 tricks, and a scan that jumps between random rows of a
      60 MB table costs a cache miss per entry (DDS also scans contiguous blocks). Entry:
      [pattern S|H, pattern D|C, payload, (block link), mask S|H, mask D|C]
      (the masks select the owner bits a pattern fixes; an entry made redundant by a more
      general one is killed: pattern and mask -1, which no position matches);
      pattern of a suit = owner code of its top k cards (2k bits) | k << 26 (30 bits);
      payload = lo | hi << 8 | ntricks << 16: bounds on the tricks of the side the caller's
      convention names (North-South in the double-dummy search), ntricks = tricks left,
      move hint << 24;
  last row: [next free entry row, keys in use, NK, NE].
When the entries run out or the key slots are 3/4 full the table is cleared (DDS does the
same), so a search never fails for lack of space.
Entries are exact facts about (generalised) positions, valid across searches of the same
semantics; clear the table only to free space or when another search mode shares it.
The kernels are compiled without reference counting (``_nrt=False``, see search_dd.py): no
allocation here (``new_table`` is plain Python).
"""
import numpy as np
from llvmlite import ir
from numba import config, njit, types
from numba.core import cgutils
from numba.extending import intrinsic

from .bits import HAVE_BMI2, _bitrev64, _pdep64, _pext64, lane_counts, popcount, top_cards16

EMPTY = -1
WAYS = 64
BLOCK = 16  # largest block (16 rows x 48 bytes: adjacent cache lines)
FIRST_BLOCK = 2  # most keys hold one or two entries
MAX_ENTRIES = 96  # per key: past it the oldest block is dropped (bounds a scan's length)
_LINK = 0xFFFFFFFFFF


@njit(cache=True, _nrt=False)
def suit_code(hands, s):
    """30-bit relative-rank code of suit ``s``: owners top-down (2 bits each) | length << 26."""
    sh = 16 * s
    h1 = (hands[1] >> sh) & 0xFFFF
    h2 = (hands[2] >> sh) & 0xFFFF
    h3 = (hands[3] >> sh) & 0xFFFF
    a = ((hands[0] >> sh) & 0xFFFF) | h1 | h2 | h3
    lo = h1 | h3  # owner bit 0 (E, W)
    hi = h2 | h3  # owner bit 1 (S, W)
    code = np.int64(0)
    k = 0
    for r in range(2, 15):  # lowest card first; the highest ends in bits 0-1
        if (a >> r) & 1:
            code = (code << 2) | ((lo >> r) & 1) | (((hi >> r) & 1) << 1)
            k += 1
    return code | (np.int64(k) << 26)


@njit(cache=True, _nrt=False)
def _position_codes_loop(hands):
    """Full owner codes of the position: (spades | hearts << 30, diamonds | clubs << 30)."""
    return (suit_code(hands, 0) | (suit_code(hands, 1) << 30),
            suit_code(hands, 2) | (suit_code(hands, 3) << 30))


@njit(cache=True, _nrt=False)
def _position_codes_bmi2(hands):
    """As :func:`_position_codes_loop`, with BMI2: the bitboards are bit-reversed (suit s
    lands in lane 3 - s with its highest card first), each suit's owner bits are compressed
    over its remaining cards (pext) and interleaved into 2-bit owners (pdep). ~4x cheaper
    than the loop over the ranks."""
    a = _bitrev64(hands[0] | hands[1] | hands[2] | hands[3])
    lo = _bitrev64(hands[1] | hands[3])  # owner bit 0 (E, W)
    hi = _bitrev64(hands[2] | hands[3])  # owner bit 1 (S, W)
    cnt = lane_counts(a)
    out0 = np.int64(0)
    out1 = np.int64(0)
    for s in range(4):
        sh = 16 * (3 - s)
        m = (a >> sh) & 0xFFFF
        code = (_pdep64(_pext64((lo >> sh) & 0xFFFF, m), 0x5555555)
                | _pdep64(_pext64((hi >> sh) & 0xFFFF, m), 0xAAAAAAA)
                | (((cnt >> sh) & 0xFF) << 26))
        if s < 2:
            out0 |= code << (30 * s)
        else:
            out1 |= code << (30 * (s - 2))
    return out0, out1


position_codes = _position_codes_bmi2 if HAVE_BMI2 else _position_codes_loop


@njit(cache=True, _nrt=False)
def tt_keys(hands, leader, trump):
    """Bucket keys of a trick-boundary position: k1 = every hand's length in every suit
    (4 bits each: bits 16*suit + 4*seat), k2 = leader | trump << 2. Returns (k1, k2)."""
    k1 = (lane_counts(hands[0]) | (lane_counts(hands[1]) << 4)
          | (lane_counts(hands[2]) << 8) | (lane_counts(hands[3]) << 12))
    return k1, np.int64(leader) | (np.int64(trump) << 2)


@njit(cache=True, _nrt=False)
def relative_ranks(hands, out):
    """Write into ``out`` (int64[4]) the hands with every card replaced by its rank among
    the remaining cards of its suit: the highest remaining card becomes the ace, the next
    the king, and so on. Positions with equal relative ranks have equal values."""
    for p in range(4):
        out[p] = 0
    for s in range(4):
        r_new = 14
        for r in range(14, 1, -1):
            b = np.int64(1) << (16 * s + r)
            for p in range(4):
                if hands[p] & b:
                    out[p] |= np.int64(1) << (16 * s + r_new)
                    r_new -= 1
                    break


@njit(cache=True, _nrt=False)
def pattern_from_relevant(hands, rel, c01, c23):
    """Entry pattern (p01, p23) of a position with full codes (c01, c23) when the cards of
    bitboard ``rel`` are the relevant ones: in each suit the owners of all remaining cards
    ranked at or above the lowest relevant card of the suit are fixed."""
    allc = hands[0] | hands[1] | hands[2] | hands[3]
    p01 = np.int64(0)
    p23 = np.int64(0)
    for s in range(4):
        rs = (rel >> (16 * s)) & 0xFFFF
        k = 0
        if rs != 0:
            low = rs & (-rs)  # lowest relevant rank bit
            a = (allc >> (16 * s)) & 0xFFFF
            k = popcount(a & ~(low - 1))
        m = (np.int64(1) << (2 * k)) - 1
        if s < 2:
            code = (c01 >> (30 * s)) & m
            p01 |= (code | (np.int64(k) << 26)) << (30 * s)
        else:
            code = (c23 >> (30 * (s - 2))) & m
            p23 |= (code | (np.int64(k) << 26)) << (30 * (s - 2))
    return p01, p23


@njit(cache=True, _nrt=False)
def pattern_cards(hands, p01, p23):
    """Bitboard of the cards of the position fixed by an entry pattern (the top k_s
    remaining cards of each suit)."""
    allc = hands[0] | hands[1] | hands[2] | hands[3]
    out = np.int64(0)
    for s in range(4):
        if s < 2:
            k = (p01 >> (30 * s + 26)) & 15
        else:
            k = (p23 >> (30 * (s - 2) + 26)) & 15
        if k == 0:
            continue
        out |= top_cards16((allc >> (16 * s)) & 0xFFFF, k) << (16 * s)
    return out


@njit(cache=True, _nrt=False)
def _match(e, c):
    """Does the pattern word ``e`` (two suits) match the full code word ``c``?"""
    for j in range(2):
        k = (e >> (30 * j + 26)) & 15
        m = (np.int64(1) << (2 * k)) - 1
        if ((e >> (30 * j)) & m) != ((c >> (30 * j)) & m):
            return False
    return True


@njit(cache=True, _nrt=False)
def _mask(p):
    """Code-bit mask of a pattern word (the 2k owner bits of each of its two suits)."""
    m = np.int64(0)
    for j in range(2):
        k = (p >> (30 * j + 26)) & 15
        m |= ((np.int64(1) << (2 * k)) - 1) << (30 * j)
    return m


@njit(cache=True, _nrt=False)
def _hash_slot(k1, k2):
    """Hash of the keys (the key slot is its low bits)."""
    h = k1 * 0x1E3779B97F4A7C15 + k2 * 0x632BE59BD9B4E019
    h ^= (h >> 29) & 0x7FFFFFFFF
    h = h * 0x2545F4914F6CDD1D
    h ^= (h >> 32) & 0xFFFFFFFF
    return h


@njit(cache=True, _nrt=False)
def _slot(table, k1, k2):
    """Key slot of (k1, k2): its row if present, else -(row + 1) of the empty slot where it
    would go (linear probing)."""
    nk = table[table.shape[0] - 1, 2]
    i = _hash_slot(k1, k2) & (nk - 1)
    while True:
        if table[i, 0] == EMPTY:
            return -(i + 1)
        if table[i, 0] == k1 and table[i, 1] == k2:
            return i
        i = (i + 1) & (nk - 1)


@intrinsic
def _prefetch_row(typingctx, table, row):
    """Prefetch (for reading, into every cache level) the first word of ``table[row]``."""
    def codegen(context, builder, signature, args):
        aryty = signature.args[0]
        ary = context.make_array(aryty)(context, builder, value=args[0])
        zero = context.get_constant(types.intp, 0)
        ptr = cgutils.get_item_pointer(context, builder, aryty, ary, [args[1], zero])
        i8p = ir.IntType(8).as_pointer()
        i32 = ir.IntType(32)
        fnty = ir.FunctionType(ir.VoidType(), [i8p, i32, i32, i32])
        fn = cgutils.get_or_insert_function(builder.module, fnty, "llvm.prefetch.p0")
        builder.call(fn, [builder.bitcast(ptr, i8p), ir.Constant(i32, 0), ir.Constant(i32, 3),
                          ir.Constant(i32, 1)])
        return context.get_dummy_value()
    return types.none(table, types.int64), codegen


if config.DISABLE_JIT:
    def tt_prefetch(table, k1, k2):
        """(No-op without the JIT.)"""
        return None
else:
    @njit(cache=True, _nrt=False)
    def tt_prefetch(table, k1, k2):
        """Start loading the key slot where (k1, k2) would be found (its first probe), so
        that the cache miss overlaps the work done before ``tt_find`` (a hint only)."""
        nk = table[table.shape[0] - 1, 2]
        _prefetch_row(table, _hash_slot(k1, k2) & (nk - 1))


@njit(cache=True, _nrt=False)
def tt_has_key(table, k1, k2):
    """Whether entries exist under the keys (cheap test before computing owner codes)."""
    return _slot(table, k1, k2) >= 0


@njit(cache=True, _nrt=False)
def tt_probe_slot(table, i, c01, c23, want_lo, want_hi):
    """Like :func:`tt_probe` for a key slot ``i`` found with ``tt_find`` (i >= 0)."""
    blk = table[i, 2]
    j = table[i, 4] - 1
    while blk >= 0:
        e = blk + j
        p = table[e, 2]
        if ((want_lo >= 0 and (p & 0xFF) >= want_lo)
                or (want_hi >= 0 and ((p >> 8) & 0xFF) <= want_hi)):
            if (((c01 ^ table[e, 0]) & table[e, 4]) == 0
                    and ((c23 ^ table[e, 1]) & table[e, 5]) == 0):
                return e
        j -= 1
        if j < 0:
            v = table[blk, 3]
            blk = (v & _LINK) - 1
            j = (v >> 40) - 1
    return -1


@njit(cache=True, _nrt=False)
def tt_probe_hint(table, i, c01, c23, want_lo, want_hi):
    """(row of a deciding entry or -1, move hint of the first matching entry or 0) for key
    slot ``i``: the hint of an entry that matches but whose bound does not decide is the
    move that last refuted/proved this pattern (try it first)."""
    blk = table[i, 2]
    j = table[i, 4] - 1
    hint = 0
    while blk >= 0:
        e = blk + j
        if (((c01 ^ table[e, 0]) & table[e, 4]) == 0
                and ((c23 ^ table[e, 1]) & table[e, 5]) == 0):
            p = table[e, 2]
            if ((want_lo >= 0 and (p & 0xFF) >= want_lo)
                    or (want_hi >= 0 and ((p >> 8) & 0xFF) <= want_hi)):
                return e, hint
            if hint == 0:
                hint = (p >> 24) & 0xFF
        j -= 1
        if j < 0:
            v = table[blk, 3]
            blk = (v & _LINK) - 1
            j = (v >> 40) - 1
    return -1, hint


@njit(cache=True, _nrt=False)
def move_code(allc, c):
    """Rank-independent code of card ``c``: 1 + (suit << 4 | remaining cards above it)."""
    s = c >> 4
    a = (allc >> (16 * s)) & 0xFFFF
    return 1 + ((s << 4) | popcount(a >> ((c & 15) + 1)))


@njit(cache=True, _nrt=False)
def move_from_code(allc, hand, code):
    """The card of ``hand`` designated by a ``move_code`` in the position with remaining
    cards ``allc``, raised to the top of its group of equivalent cards; -1 if absent."""
    if code <= 0:
        return -1
    s = (code - 1) >> 4
    above = (code - 1) & 15
    a = (allc >> (16 * s)) & 0xFFFF
    h = (hand >> (16 * s)) & 0xFFFF
    r = 14
    while r >= 2:
        if (a >> r) & 1:
            if above == 0:
                break
            above -= 1
        r -= 1
    if r < 2 or not (h >> r) & 1:
        return -1
    while r < 14:  # climb to the top of the group
        nr = r + 1
        while nr <= 14 and not (a >> nr) & 1:
            nr += 1
        if nr > 14 or not (h >> nr) & 1:
            break
        r = nr
    return 16 * s + r


@njit(cache=True, _nrt=False)
def tt_find(table, k1, k2):
    """Key slot of (k1, k2), or -1 when the key has no entries."""
    i = _slot(table, k1, k2)
    return i if i >= 0 else -1


@njit(cache=True, _nrt=False)
def tt_probe(table, k1, k2, c01, c23, want_lo, want_hi):
    """Row of an entry matching the position (keys k1, k2, full codes c01, c23) whose lower
    bound is >= ``want_lo`` (when want_lo >= 0) or whose upper bound is <= ``want_hi`` (when
    want_hi >= 0); -1 if none. Read the payload with ``table[i, 2]`` (lo = p & 0xFF,
    hi = (p >> 8) & 0xFF) and the fixed cards with ``pattern_cards(hands, table[i, 0],
    table[i, 1])``."""
    i = _slot(table, k1, k2)
    if i < 0:
        return -1
    return tt_probe_slot(table, i, c01, c23, want_lo, want_hi)


@njit(cache=True, _nrt=False)
def tt_store(table, k1, k2, p01, p23, lo, hi, ntricks, move=0):
    """Record lo <= value <= hi for the pattern (p01, p23) under the keys, with an optional
    move hint (0 = none, else 1 + (suit << 4 | number of remaining cards of the suit above
    the card), see ``move_code``). An entry with the same pattern is tightened, else a new
    entry is put at the head of the key's list. When the key area is 3/4 full or the entry
    pool is exhausted the whole table is cleared."""
    last = table.shape[0] - 1
    nk = table[last, 2]
    i = _slot(table, k1, k2)
    m01 = _mask(p01)
    m23 = _mask(p23)
    if i >= 0:
        # one pass: tighten an entry with the same pattern, or kill the entries the new
        # one makes redundant (patterns it generalises, with the same owners on the cards
        # it fixes, whose bounds are no tighter)
        blk = table[i, 2]
        j = table[i, 4] - 1
        while blk >= 0:
            e = blk + j
            if table[e, 0] == p01 and table[e, 1] == p23:
                p = table[e, 2]
                olo = p & 0xFF
                ohi = (p >> 8) & 0xFF
                if olo > lo:
                    lo = olo
                if ohi < hi:
                    hi = ohi
                if move == 0:
                    move = (p >> 24) & 0xFF
                table[e, 2] = (np.int64(lo) | (np.int64(hi) << 8)
                               | (np.int64(ntricks) << 16) | (np.int64(move) << 24))
                return
            pe = table[e, 2]
            if ((pe & 0xFF) <= lo and ((pe >> 8) & 0xFF) >= hi
                    and (m01 & ~table[e, 4]) == 0 and (m23 & ~table[e, 5]) == 0
                    and ((table[e, 0] ^ p01) & m01) == 0
                    and ((table[e, 1] ^ p23) & m23) == 0):
                table[e, 0] = -1
                table[e, 1] = -1
                table[e, 4] = -1
                table[e, 5] = -1
            j -= 1
            if j < 0:
                v = table[blk, 3]
                blk = (v & _LINK) - 1
                j = (v >> 40) - 1
    need_block = i < 0 or table[i, 2] < 0 or table[i, 4] >= table[i, 5]
    size = FIRST_BLOCK
    if i >= 0 and table[i, 2] >= 0:
        size = 2 * table[i, 5] if table[i, 5] < BLOCK else BLOCK
    if ((need_block and table[last, 0] + size > last)
            or (i < 0 and table[last, 1] * 4 >= nk * 3)):
        tt_clear(table)
        i = _slot(table, k1, k2)
        need_block = True
        size = FIRST_BLOCK
    if i < 0:
        i = -i - 1
        table[i, 0] = k1
        table[i, 1] = k2
        table[i, 2] = -1
        table[i, 3] = 0
        table[i, 4] = 0
        table[i, 5] = 0
        table[last, 1] += 1
    if need_block and table[i, 3] >= MAX_ENTRIES:
        # drop the key's oldest block (its rows stay unused until the next clear)
        prev = -1
        b = table[i, 2]
        while True:
            v = table[b, 3]
            nb = (v & _LINK) - 1
            if nb < 0:
                break
            prev = b
            b = nb
        if prev >= 0:
            table[i, 3] -= (table[prev, 3] >> 40)
            table[prev, 3] = 0
    if need_block:
        blk = table[last, 0]
        table[last, 0] = blk + size
        table[blk, 3] = (table[i, 2] + 1) | (table[i, 5] << 40) if table[i, 2] >= 0 else 0
        table[i, 2] = blk
        table[i, 4] = 0
        table[i, 5] = size
    e = table[i, 2] + table[i, 4]
    table[i, 4] += 1
    table[i, 3] += 1
    table[e, 0] = p01
    table[e, 1] = p23
    table[e, 2] = (np.int64(lo) | (np.int64(hi) << 8) | (np.int64(ntricks) << 16)
                   | (np.int64(move) << 24))
    table[e, 4] = m01
    table[e, 5] = m23


@njit(cache=True, _nrt=False)
def tt_clear(table):
    """Empty the table (key area only; the entry pool is reused from its start)."""
    last = table.shape[0] - 1
    nk = table[last, 2]
    for i in range(nk):
        table[i, 0] = EMPTY
        table[i, 1] = EMPTY
        table[i, 2] = -1
        table[i, 3] = 0
        table[i, 4] = 0
        table[i, 5] = 0
    table[last, 0] = nk
    table[last, 1] = 0


def new_table(log2_entries):
    """Allocate a table with 2**log2_entries entries and 2**(log2_entries-2) key slots
    (plain Python; int64[nkeys + entries + 1, 6])."""
    nk = 1 << (log2_entries - 2)
    ne = 1 << log2_entries
    t = np.zeros((nk + ne + 1, 6), dtype=np.int64)
    t[:nk, 0] = EMPTY
    t[:nk, 1] = EMPTY
    t[:nk, 2] = -1
    t[nk + ne, 0] = nk   # next free entry row
    t[nk + ne, 1] = 0    # keys in use
    t[nk + ne, 2] = nk   # number of key slots (power of two)
    t[nk + ne, 3] = ne
    return t
