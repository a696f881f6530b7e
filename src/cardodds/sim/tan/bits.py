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

BIT_LUT = np.array([0] + [1 << c for c in range(52)] + [0] * 13, dtype=U64)
"""``BIT_LUT[c + 1]`` is the mask of card ``c``; index 0 (``c = -1``) and ``c >= 52`` give 0."""

BEAT_LUT = np.concatenate([np.concatenate([[U64(0)], BEAT[t], np.zeros(13, dtype=U64)]) for t in range(4)])
"""``BEAT_LUT[66 * trump + c + 1]`` is ``BEAT[trump, c]``, and 0 for ``c = -1``."""


def popcount(x: np.ndarray) -> np.ndarray:
    """Number of cards in each mask."""
    return np.bitwise_count(x).astype(np.int16)


def lowest(x: np.ndarray) -> np.ndarray:
    """Id of the lowest card of each mask (64 where the mask is empty)."""
    x = np.asarray(x, dtype=U64)
    return np.bitwise_count((x & (~x + ONE)) - ONE).astype(np.int16)


def highest(x: np.ndarray) -> np.ndarray:
    """Id of the highest card of each mask (-1 where the mask is empty)."""
    # float64 holds every 52-bit mask exactly, so its binary exponent is the top bit's position
    return (np.frexp(np.asarray(x, dtype=U64).astype(np.float64))[1] - 1).astype(np.int16)


def bit(c: np.ndarray) -> np.ndarray:
    """Mask of card ``c`` (0 where ``c < 0`` or ``c >= 52``; ``c`` in -1..64)."""
    return BIT_LUT[np.asarray(c).astype(np.intp) + 1]


def rank_spread(t: np.ndarray) -> np.ndarray:
    """Every card whose rank occurs in mask ``t``."""
    r = (t | (t >> U64(1)) | (t >> U64(2)) | (t >> U64(3))) & LOW_NIBBLES
    return r * U64(15)


def rank_counts(x: np.ndarray) -> np.ndarray:
    """``(n, 13)`` number of cards of each rank in each mask."""
    shifts = (np.arange(13, dtype=U64) * U64(4))[None, :]
    return np.bitwise_count((x[:, None] >> shifts) & U64(0xF)).astype(np.int16)


_PREFIX = np.array([(1 << (p + 1)) - 1 for p in range(64)], dtype=U64)


def nth_bit(x: np.ndarray, k: np.ndarray) -> np.ndarray:
    """Id of the ``k``-th (0-based) lowest card of each mask (``k`` must be < popcount): a binary search over ids."""
    lo = np.zeros(x.shape[0], dtype=np.intp)
    hi = np.full(x.shape[0], 63, dtype=np.intp)
    for _ in range(6):
        mid = (lo + hi) >> 1
        left = np.bitwise_count(x & _PREFIX[mid]) > k  # the k-th card is at or below mid
        hi = np.where(left, mid, hi)
        lo = np.where(left, lo, mid + 1)
    return lo.astype(np.int16)


def unbeatable(unseen: np.ndarray, trump: np.ndarray) -> np.ndarray:
    """Cards no card of ``unseen`` beats: above the highest unseen card of their suit, and for a non-trump only when
    no trump is unseen."""
    no_trump = (unseen & SUIT_MASK[trump]) == 0
    out = np.zeros(unseen.shape[0], dtype=U64)
    for s in range(4):
        top = highest(unseen & SUIT_MASK[s]).astype(np.intp)  # -1: none unseen, the whole suit is safe
        above = SUIT_MASK[s] & ~BELOW[(top >> 2) + 1]
        out |= np.where((trump == s) | no_trump, above, ZERO)
    return out
