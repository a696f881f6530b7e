"""The loop over games in compiled code: one ``play_game`` per deal, serially or in a ``prange`` over blocks of games
(each game writes only its own row of ``out``, so the results do not depend on the threads)."""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from cardodds.sim.tan.kernel.game import new_scratch, play_game

OUT_COLUMNS = ("loser", "draw", "truncated", "bouts", "pickups", "first_attacker", "moves")
BLOCK = 1024


@njit(cache=True)
def play_games(orders, first, rv, offsets, kinds, knobs):
    """``(n, 7)`` int32 outcomes (``OUT_COLUMNS``) of the ``n`` deals, one after the other."""
    out = np.empty((orders.shape[0], len(OUT_COLUMNS)), dtype=np.int32)
    scratch = new_scratch(rv)
    for g in range(orders.shape[0]):
        play_game(g, orders, first, rv, offsets, kinds, knobs, out, scratch)
    return out


@njit(cache=True, parallel=True)
def play_games_parallel(orders, first, rv, offsets, kinds, knobs):
    """``play_games`` with blocks of ``BLOCK`` games spread over numba's threads."""
    n = orders.shape[0]
    out = np.empty((n, len(OUT_COLUMNS)), dtype=np.int32)
    for b in prange((n + BLOCK - 1) // BLOCK):
        scratch = new_scratch(rv)
        for g in range(b * BLOCK, min(n, (b + 1) * BLOCK)):
            play_game(g, orders, first, rv, offsets, kinds, knobs, out, scratch)
    return out
