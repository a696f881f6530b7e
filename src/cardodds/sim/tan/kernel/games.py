"""The loop over games in compiled code: one ``play_game`` per deal, serially or in a ``prange`` over blocks of games
(each game writes only its own row of ``out``, so the results do not depend on the threads)."""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from cardodds.sim.tan.kernel.game import N_SLOTS, R_P, R_S, play_game

OUT_COLUMNS = ("loser", "draw", "truncated", "bouts", "pickups", "first_attacker", "moves")
BLOCK = 1024


def new_scratch(rv, blocks: int = 1):
    """One game's state arrays per block (``play_game``): hands, inn, seq, cum, st."""
    P, S = int(rv[R_P]), int(rv[R_S])
    return (np.empty((blocks, P), dtype=np.uint64), np.ones((blocks, P), dtype=np.bool_),
            np.empty((blocks, S), dtype=np.int64), np.empty((blocks, S + 1), dtype=np.uint64),
            np.zeros((blocks, N_SLOTS), dtype=np.int64))


@njit(cache=True, _nrt=False)
def play_range(lo, hi, orders, first, rv, offsets, kinds, knobs, out, hands, inn, seq, cum, st):
    """Play games ``lo..hi-1`` with one set of scratch arrays."""
    for g in range(lo, hi):
        play_game(g, orders, first, rv, offsets, kinds, knobs, out, hands, inn, seq, cum, st)


@njit(cache=True, parallel=True)
def play_blocks(orders, first, rv, offsets, kinds, knobs, out, hands, inn, seq, cum, st):
    """Play blocks of ``BLOCK`` games over numba's threads, block ``b`` with row ``b`` of the scratch arrays."""
    n = orders.shape[0]
    for b in prange(hands.shape[0]):
        play_range(b * BLOCK, min(n, (b + 1) * BLOCK), orders, first, rv, offsets, kinds, knobs, out, hands[b],
                   inn[b], seq[b], cum[b], st[b])


def play_games(orders, first, rv, offsets, kinds, knobs, threads: bool = False) -> np.ndarray:
    """``(n, 7)`` int32 outcomes (``OUT_COLUMNS``) of the ``n`` deals."""
    n = orders.shape[0]
    out = np.empty((n, len(OUT_COLUMNS)), dtype=np.int32)
    if threads:
        play_blocks(orders, first, rv, offsets, kinds, knobs, out, *new_scratch(rv, (n + BLOCK - 1) // BLOCK))
    else:
        play_range(0, n, orders, first, rv, offsets, kinds, knobs, out, *(a[0] for a in new_scratch(rv)))
    return out
