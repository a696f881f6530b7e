"""Dealing whole Chắn tables at once (docs/rules.md §1.3), vectorised across tables.

A table's deal is a uniformly random order of the 100 cards: the cái's 20 cards come first, then 19 for each other seat
in turn order, then the nọc (stock), top card first.  The order is made by sorting random keys: each card gets 25 random
bits above its 7-bit id, one sort per row puts the cards in key order, and the low bits give the card back.  Rows where
two keys tie in their random bits (about 1.5 in 10,000) are drawn again, so every order is exactly equally likely; a
tied row is redrawn from a generator seeded with its own keys, so row ``k`` of ``n`` tables is row ``k`` of ``k + 1``
tables (a replay deals the run's first table).

Note on the deal's arithmetic: the rule texts say "4 piles of 19 and a lọc of 25, one lọc card to the cái, 24 left as
the nọc" — that is 101 cards.  With 100 cards the cái holds 20, the others 19, and the nọc has 23 cards.
"""

from __future__ import annotations

import numpy as np

from cardodds.sim.chan.cards import COPIES, DECK_SIZE

HAND_SIZE, CAI_HAND_SIZE = 19, 20
PLAYERS = 4
NOC_SIZE = DECK_SIZE - CAI_HAND_SIZE - (PLAYERS - 1) * HAND_SIZE

_ID_BITS = 7
_ID_MASK = np.uint32((1 << _ID_BITS) - 1)


def seat_slices(cai_seat: int = 0) -> list[slice]:
    """Positions of each seat's cards in a deal order (the cái's 20 first, then the others in turn order)."""
    slices: list[slice] = [slice(0, 0)] * PLAYERS
    start = 0
    for i in range(PLAYERS):
        seat = (cai_seat + i) % PLAYERS
        size = CAI_HAND_SIZE if i == 0 else HAND_SIZE
        slices[seat] = slice(start, start + size)
        start += size
    return slices


NOC_SLICE = slice(DECK_SIZE - NOC_SIZE, DECK_SIZE)


def _sorted_keys(rng: np.random.Generator, n: int) -> np.ndarray:
    # random_raw gives the bit generator's 64-bit outputs; each holds two 32-bit keys.
    keys = rng.bit_generator.random_raw(n * DECK_SIZE // 2).view(np.uint32).reshape(n, DECK_SIZE)
    keys &= ~_ID_MASK
    keys |= np.arange(DECK_SIZE, dtype=np.uint32)
    keys.sort(axis=1)
    return keys


def _tied_rows(keys: np.ndarray) -> np.ndarray:
    # Sorted keys with distinct ids tie in their random bits exactly when neighbours differ by less than 128.
    return np.flatnonzero((np.diff(keys, axis=1) <= _ID_MASK).any(axis=1))


def deal_orders(rng: np.random.Generator, n: int) -> np.ndarray:
    """Deal ``n`` tables: an ``(n, 100)`` uint8 array of card ids (``kind * 4 + copy``) in deal order."""
    keys = _sorted_keys(rng, n)
    for row in _tied_rows(keys):  # ~1.5 rows in 10,000; each redrawn from its own keys, so row k never depends on n
        sub = np.random.Generator(np.random.PCG64DXSM(keys[row]))
        fresh = _sorted_keys(sub, 1)
        while _tied_rows(fresh).size:
            fresh = _sorted_keys(sub, 1)
        keys[row] = fresh[0]
    keys &= _ID_MASK
    return keys.astype(np.uint8)


def kinds_of(order: np.ndarray) -> np.ndarray:
    """Card ids → kinds."""
    return order // COPIES
