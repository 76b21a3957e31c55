"""Small bit helpers on int64 bitboards (numba kernels, pure-Python compatible).

``popcount`` and ``hibit`` compile to single instructions (``popcnt``, ``lzcnt``/``bsr``)
through LLVM's ``ctpop``/``ctlz`` intrinsics; the bit-trick versions they replace took ~20
instructions each and are called several times per search node. Under
``NUMBA_DISABLE_JIT=1`` (intrinsics do not run in Python) the pure-Python versions are used.
"""
import numpy as np
from llvmlite import ir
from numba import config, njit, types
from numba.extending import intrinsic


@intrinsic
def _ctpop64(typingctx, x):
    """LLVM ctpop on an int64."""
    def codegen(context, builder, signature, args):
        v = context.cast(builder, args[0], signature.args[0], types.int64)
        return builder.ctpop(v)
    return types.int64(x), codegen


@intrinsic
def _ctlz64(typingctx, x):
    """LLVM ctlz on an int64 (64 for 0)."""
    def codegen(context, builder, signature, args):
        v = context.cast(builder, args[0], signature.args[0], types.int64)
        return builder.ctlz(v, ir.Constant(ir.IntType(1), 0))
    return types.int64(x), codegen

SUIT_BITS = 0x7FFC  # ranks 2..14 of one suit


def _popcount_py(x):
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


def _hibit_py(x):
    """Index of the highest set bit of 0 < x < 2**16 (0 for x = 0)."""
    r = 0
    if x >= 256:
        x >>= 8
        r += 8
    if x >= 16:
        x >>= 4
        r += 4
    if x >= 4:
        x >>= 2
        r += 2
    if x >= 2:
        r += 1
    return r


if config.DISABLE_JIT:
    popcount = _popcount_py
    hibit = _hibit_py
else:
    @njit(cache=True)
    def popcount(x):
        """Number of set bits of a non-negative int64 (bit 63 unused)."""
        return _ctpop64(x)

    @njit(cache=True)
    def hibit(x):
        """Index of the highest set bit of 0 <= x < 2**63 (0 for x = 0)."""
        return 63 - _ctlz64(x | 1)


def _host_has_bmi2():
    """Whether the code numba generates may use BMI2 (pext/pdep): the host CPU has it and
    no other target CPU was asked for (NUMBA_CPU_NAME / NUMBA_CPU_FEATURES)."""
    if config.DISABLE_JIT or config.CPU_NAME or config.CPU_FEATURES:
        return False
    try:
        import llvmlite.binding as ll
        return bool(ll.get_host_cpu_features().get("bmi2", False))
    except Exception:  # pragma: no cover - unknown platform
        return False


HAVE_BMI2 = _host_has_bmi2()


def _bin_intrinsic(name):
    """An int64 x int64 -> int64 LLVM intrinsic (x86 BMI2 pext/pdep)."""
    @intrinsic
    def _f(typingctx, x, m):
        def codegen(context, builder, signature, args):
            i64 = ir.IntType(64)
            a = context.cast(builder, args[0], signature.args[0], types.int64)
            b = context.cast(builder, args[1], signature.args[1], types.int64)
            fnty = ir.FunctionType(i64, [i64, i64])
            fn = builder.module.declare_intrinsic(name, (), fnty)
            return builder.call(fn, [a, b])
        return types.int64(x, m), codegen
    return _f


_pext64 = _bin_intrinsic("llvm.x86.bmi.pext.64")
_pdep64 = _bin_intrinsic("llvm.x86.bmi.pdep.64")


@intrinsic
def _bitrev64(typingctx, x):
    """LLVM bitreverse on an int64 (bit b goes to bit 63 - b)."""
    def codegen(context, builder, signature, args):
        v = context.cast(builder, args[0], signature.args[0], types.int64)
        fn = builder.module.declare_intrinsic("llvm.bitreverse", (ir.IntType(64),))
        return builder.call(fn, [v])
    return types.int64(x), codegen


@njit(cache=True)
def lane_counts(h):
    """Popcount of each 16-bit lane (suit) of a non-negative int64, in the lane's low bits."""
    x = h - ((h >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return (x + (x >> 8)) & 0x00FF00FF00FF00FF


@njit(cache=True)
def top_run(a, h):
    """Number of top cards of the 16-bit suit holding ``a`` (all remaining cards) that
    belong to holding ``h`` (a subset of a)."""
    x = a & ~h
    if x == 0:
        return popcount(a)
    return popcount(a >> (hibit(x) + 1))



def _top_cards16_py(a, k):
    """The ``k`` highest set bits of the 16-bit holding ``a`` (all of ``a`` when it has
    fewer, 0 when k <= 0)."""
    out = 0
    r = 15
    while k > 0 and r >= 0:
        if (a >> r) & 1:
            out |= 1 << r
            k -= 1
        r -= 1
    return np.int64(out)


if HAVE_BMI2:
    @njit(cache=True)
    def top_cards16(a, k):
        """The ``k`` highest set bits of the 16-bit holding ``a`` (all of ``a`` when it has
        fewer, 0 when k <= 0): a deposit of k ones at the top of a's bits (BMI2 pdep)."""
        n = popcount(a)
        if k >= n:
            return np.int64(a)
        if k <= 0:
            return np.int64(0)
        return _pdep64(((np.int64(1) << k) - 1) << (n - k), a)
else:
    top_cards16 = njit(cache=True)(_top_cards16_py)
