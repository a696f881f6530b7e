"""Bit-mask helpers for the batch engine: a hand is a ``uint64`` with bit ``4 * rank + suit`` set per card."""

from __future__ import annotations

import numpy as np

U64 = np.uint64
ONE = U64(1)
ZERO = U64(0)
FULL = U64((1 << 52) - 1)
LOW_NIBBLES = U64(sum(1 << (4 * r) for r in range(13)))

SUIT_MASK = np.array([sum(1 << (4 * r + s) for r in range(13)) for s in range(4)], dtype=U64)
RANK_MASK = np.array([0xF << (4 * r) for r in range(13)], dtype=U64)
BELOW = np.array([(1 << (4 * r)) - 1 for r in range(14)], dtype=U64)
"""``BELOW[r]``: every card of rank < r."""


def _beat_table() -> np.ndarray:
    """``BEAT[trump, card]``: the cards that cover ``card`` when ``trump`` is the trump suit."""
    out = np.zeros((4, 52), dtype=U64)
    for t in range(4):
        for c in range(52):
            r, s = c >> 2, c & 3
            m = int(SUIT_MASK[s]) & ~((1 << (4 * r + 4)) - 1) & ((1 << 52) - 1)
            if s != t:
                m |= int(SUIT_MASK[t])
            out[t, c] = m
    return out


BEAT = _beat_table()


def popcount(x: np.ndarray) -> np.ndarray:
    """Number of cards in each mask."""
    return np.bitwise_count(x).astype(np.int16)


def lowest(x: np.ndarray) -> np.ndarray:
    """Id of the lowest card of each mask (64 where the mask is empty)."""
    x = np.asarray(x, dtype=U64)
    return np.bitwise_count((x & (~x + ONE)) - ONE).astype(np.int16)


def bit(c: np.ndarray) -> np.ndarray:
    """Mask of card ``c`` (0 where ``c < 0`` or ``c >= 64``)."""
    c = np.asarray(c)
    ok = (c >= 0) & (c < 52)
    return np.where(ok, np.left_shift(ONE, np.where(ok, c, 0).astype(U64)), ZERO)


def rank_spread(t: np.ndarray) -> np.ndarray:
    """Every card whose rank occurs in mask ``t``."""
    r = (t | (t >> U64(1)) | (t >> U64(2)) | (t >> U64(3))) & LOW_NIBBLES
    return r * U64(15)


def rank_counts(x: np.ndarray) -> np.ndarray:
    """``(n, 13)`` number of cards of each rank in each mask."""
    shifts = (np.arange(13, dtype=U64) * U64(4))[None, :]
    return np.bitwise_count((x[:, None] >> shifts) & U64(0xF)).astype(np.int16)


def nth_bit(x: np.ndarray, k: np.ndarray) -> np.ndarray:
    """Id of the ``k``-th (0-based) lowest card of each mask (``k`` must be < popcount)."""
    bits = ((x[:, None] >> np.arange(52, dtype=U64)[None, :]) & ONE).astype(np.int16)
    return np.argmax(np.cumsum(bits, axis=1) > k[:, None], axis=1).astype(np.int16)
