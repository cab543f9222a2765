"""NumPy's random streams in compiled code, for :func:`cardkit.war.bulk.play_many`: the
``SeedSequence`` → ``PCG64`` seeding of ``numpy.random.default_rng(seed)`` and
``Generator.permutation`` (Fisher–Yates with NumPy's masked rejection sampling of 32-bit draws),
so that a compiled game shuffles and picks up exactly as the engine does (RULES.md §1.1).

Also the one place the optional numba is imported (``njit`` is a no-op without it, so that the
kernels import and :func:`~cardkit.war.bulk.play_many` can say how to install numba).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import numpy as np

try:
    from llvmlite import ir  # type: ignore[import-untyped]
    from numba import njit, types
    from numba.extending import intrinsic
    NUMBA = True
    """numba is installed: play_many can compile its kernels."""
except ImportError:      # numba is an optional extra: play_many says how to install it
    NUMBA = False

_F = TypeVar("_F", bound=Callable[..., Any])


def kernel(*, inline: bool = False, nrt: bool = False) -> Callable[[_F], _F]:
    """A compiled kernel: numba's ``njit``, cached on disk, without numba's reference-counted
    runtime unless ``nrt`` (a kernel that allocates arrays needs it), inlined into its callers
    when ``inline``. Without numba the function stays plain Python (play_many refuses to run)."""
    if not NUMBA:
        return lambda f: f
    options: dict[str, Any] = {"cache": True}
    if not nrt:
        options["_nrt"] = False            # numba's own option (undocumented): no refcounting
    if inline:
        options["inline"] = "always"
    decorate: Callable[[_F], _F] = njit(**options)
    return decorate


# -- NumPy's random streams, in compiled code ------------------------------------------------------
# SeedSequence (numpy/random/bit_generator.pyx) and PCG64 (numpy/random/src/pcg64): 32-bit words
# kept in uint64 and masked; 128-bit state as (high, low) uint64 pairs.
_U = np.uint64
_M32 = _U(0xFFFFFFFF)
_INIT_A, _MULT_A = _U(0x43B0D7E5), _U(0x931E8875)
_INIT_B, _MULT_B = _U(0x8B51F9DD), _U(0x58F38DED)
_MIX_L, _MIX_R = _U(0xCA01F9DD), _U(0x4973F715)
_PCG_MH, _PCG_ML = _U(2549297995355413924), _U(4865540595714422341)
_S16, _S32, _S58, _S63, _S1, _S64 = _U(16), _U(32), _U(58), _U(63), _U(1), _U(64)


def _mulhi_portable(a, b):
    """High 64 bits of the 128-bit product of two uint64, in 64-bit arithmetic."""
    a0, a1 = a & _M32, a >> _S32
    b0, b1 = b & _M32, b >> _S32
    p0, p1, p2, p3 = a0 * b0, a0 * b1, a1 * b0, a1 * b1
    mid = (p0 >> _S32) + (p1 & _M32) + (p2 & _M32)
    return p3 + (p1 >> _S32) + (p2 >> _S32) + (mid >> _S32)


if NUMBA:
    @intrinsic
    def _mulhi_i128(typingctx, a, b):
        """High 64 bits of the 128-bit product of two uint64: one machine multiply (LLVM i128)."""
        def codegen(context, builder, signature, args):
            i128 = ir.IntType(128)
            p = builder.mul(builder.zext(args[0], i128), builder.zext(args[1], i128))
            return builder.trunc(builder.lshr(p, ir.Constant(i128, 64)), ir.IntType(64))
        return types.uint64(types.uint64, types.uint64), codegen

    @kernel(inline=True)
    def _mulhi(a, b):
        return _mulhi_i128(a, b)  # type: ignore[call-arg]  # numba passes typingctx itself
else:
    _mulhi = _mulhi_portable


@kernel(inline=True)
def _step64(hi, lo, ihi, ilo):
    """One PCG64 step, state = state * MULT + inc (mod 2**128), on a state in locals (hi, lo;
    inc = ihi, ilo): returns (state hi, state lo, the 64-bit draw, XSL-RR of the new state)."""
    nlo = lo * _PCG_ML
    nhi = _mulhi(lo, _PCG_ML) + hi * _PCG_ML + lo * _PCG_MH
    lo2 = nlo + ilo
    hi2 = nhi + ihi + (_U(1) if lo2 < nlo else _U(0))
    x = hi2 ^ lo2
    rot = hi2 >> _S58
    return hi2, lo2, (x >> rot) | (x << ((_S64 - rot) & _U(63)))


@kernel(inline=True)
def _pcg_step(rs):
    """rs = [state_hi, state_lo, inc_hi, inc_lo, has_uint32, uint32]: one step of the state."""
    rs[0], rs[1], _x = _step64(rs[0], rs[1], rs[2], rs[3])


@kernel(inline=True)
def _next32(rs):
    """NumPy's PCG64 next_uint32: the low half of a 64-bit draw, then the buffered high half."""
    if rs[4] != _U(0):
        rs[4] = _U(0)
        return rs[5]
    rs[0], rs[1], v = _step64(rs[0], rs[1], rs[2], rs[3])
    rs[4] = _U(1)
    rs[5] = v >> _S32
    return v & _M32


@kernel(inline=True)
def _mask_of(mx):
    """The smallest 2**k - 1 ≥ mx (uint64; mx < 2**32): the mask of NumPy's rejection sampling."""
    m = _U(mx)
    m |= m >> _U(1)
    m |= m >> _U(2)
    m |= m >> _U(4)
    m |= m >> _U(8)
    m |= m >> _U(16)
    return m


@kernel(inline=True)
def _interval(rs, mx):
    """numpy random_interval(max) for max < 2**32: masked rejection sampling."""
    if mx == 0:
        return 0
    m = _mask_of(mx)
    umx = _U(mx)
    while True:
        v = _next32(rs) & m
        if v <= umx:
            return np.int64(v)


@kernel(inline=True)
def _hashmix(v, hc):
    v = (v ^ hc[0]) & _M32
    hc[0] = (hc[0] * _MULT_A) & _M32
    v = (v * hc[0]) & _M32
    return v ^ (v >> _S16)


@kernel(inline=True)
def _mix(x, y):
    r = (_MIX_L * x - _MIX_R * y) & _M32
    return r ^ (r >> _S16)


@kernel()
def _seed_rng(seed, rs, work):
    """rs ← the state of ``numpy.random.default_rng(seed)`` (0 ≤ seed < 2**64); work: 17 uint64."""
    # SeedSequence(seed): entropy words, low first; up to the pool size (4) a missing word mixes
    # exactly like a zero word, so two words padded with zeros cover every seed < 2**64.
    pool = work[0:4]
    ent = work[4:8]
    words = work[8:16]
    hc = work[16:17]
    ent[0] = seed & _M32
    ent[1] = seed >> _S32
    ent[2] = _U(0)
    ent[3] = _U(0)
    hc[0] = _INIT_A
    for i in range(4):
        pool[i] = _hashmix(ent[i], hc)
    for a in range(4):
        for b in range(4):
            if a != b:
                pool[b] = _mix(pool[b], _hashmix(pool[a], hc))
    h = _INIT_B
    for i in range(8):
        d = pool[i % 4] ^ h
        h = (h * _MULT_B) & _M32
        d = (d * h) & _M32
        words[i] = d ^ (d >> _S16)
    s_hi = words[0] | (words[1] << _S32)
    s_lo = words[2] | (words[3] << _S32)
    q_hi = words[4] | (words[5] << _S32)
    q_lo = words[6] | (words[7] << _S32)
    # pcg64 srandom: inc = initseq << 1 | 1; state = 0; step; state += initstate; step
    rs[2] = (q_hi << _S1) | (q_lo >> _S63)
    rs[3] = (q_lo << _S1) | _U(1)
    rs[0] = _U(0)
    rs[1] = _U(0)
    _pcg_step(rs)
    lo = rs[1] + s_lo
    carry = _U(1) if lo < rs[1] else _U(0)
    rs[0] = rs[0] + s_hi + carry
    rs[1] = lo
    _pcg_step(rs)
    rs[4] = _U(0)
    rs[5] = _U(0)


@kernel(inline=True)
def _permutation(rs, n, out):
    """out[:n] ← ``Generator.permutation(n)`` (shuffle of arange(n), i = n-1 … 1), as the
    draws of :func:`_interval`, with the generator's state in locals for the whole shuffle."""
    for i in range(n):
        out[i] = i
    hi, lo, ihi, ilo, has, buf = rs[0], rs[1], rs[2], rs[3], rs[4], rs[5]
    for i in range(n - 1, 0, -1):
        m = _mask_of(i)
        while True:
            if has != _U(0):
                v = buf
                has = _U(0)
            else:
                hi, lo, x = _step64(hi, lo, ihi, ilo)
                v = x & _M32
                buf = x >> _S32
                has = _U(1)
            v &= m
            if v <= _U(i):
                break
        j = np.int64(v)
        t = out[i]
        out[i] = out[j]
        out[j] = t
    rs[0], rs[1], rs[4], rs[5] = hi, lo, has, buf
