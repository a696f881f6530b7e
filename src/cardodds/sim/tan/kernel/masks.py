"""Bit-mask helpers in compiled code: a hand is a ``uint64`` with bit ``4 * rank + suit`` set per card, as in
``cardodds.sim.tan.bits`` (whose tables are reused: numba freezes global arrays as constants)."""

from __future__ import annotations

import math

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.extending import intrinsic

from cardodds.sim.tan.bits import BEAT, BELOW, LOW_NIBBLES, RANK_MASK, SUIT_MASK

__all__ = ["BEAT", "BELOW", "RANK_MASK", "SUIT_MASK", "bit", "highest", "lowest", "lowest_nontrump_first",
           "popcount", "rank_spread"]

_ONE = np.uint64(1)
_LOW_NIBBLES = np.uint64(LOW_NIBBLES)


@intrinsic
def _ctpop(typingctx, x):
    """LLVM's population count (one instruction on CPUs that have it)."""
    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])
    return types.uint64(types.uint64), codegen


@intrinsic
def _cttz(typingctx, x):
    """LLVM's count of trailing zeros (64 for 0)."""
    def codegen(context, builder, signature, args):
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 0))
    return types.uint64(types.uint64), codegen


@njit(cache=True, inline="always", _nrt=False)
def popcount(x):
    """Number of cards in mask ``x``."""
    return np.int64(_ctpop(np.uint64(x)))


@njit(cache=True, inline="always", _nrt=False)
def lowest(x):
    """Id of the lowest card of ``x`` (64 when empty, as ``bits.lowest``)."""
    return np.int64(_cttz(np.uint64(x)))


@njit(cache=True, inline="always", _nrt=False)
def highest(x):
    """Id of the highest card of ``x`` (-1 when empty)."""
    # float64 holds every 52-bit mask exactly, so its binary exponent is the top bit's position
    return np.int64(math.frexp(float(x))[1] - 1)


@njit(cache=True, inline="always", _nrt=False)
def bit(c):
    """Mask of card ``c`` (0 for ``c < 0``)."""
    return np.uint64(0) if c < 0 else _ONE << np.uint64(c)


@njit(cache=True, inline="always", _nrt=False)
def rank_spread(t):
    """Every card whose rank occurs in mask ``t``."""
    r = (t | (t >> _ONE) | (t >> np.uint64(2)) | (t >> np.uint64(3))) & _LOW_NIBBLES
    return r * np.uint64(15)


@njit(cache=True, inline="always", _nrt=False)
def lowest_nontrump_first(legal, tmask):
    """The lowest non-trump of ``legal``, else its lowest trump; -1 when ``legal`` is empty."""
    if legal == 0:
        return np.int64(-1)
    plain = legal & ~tmask
    return lowest(plain if plain != 0 else legal)
