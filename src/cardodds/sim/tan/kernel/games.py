"""The loop over games in compiled code: one ``play_game`` per deal, serially or in a ``prange`` over threads (each
game writes only its own row of ``out``, so the results do not depend on the threads)."""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from cardodds.sim.tan.kernel.game import play_game

OUT_COLUMNS = ("loser", "draw", "truncated", "bouts", "pickups", "first_attacker", "moves")


@njit(cache=True)
def play_games(orders, first, rv, offsets, kinds, knobs):
    """``(n, 7)`` int32 outcomes (``OUT_COLUMNS``) of the ``n`` deals, one after the other."""
    out = np.empty((orders.shape[0], len(OUT_COLUMNS)), dtype=np.int32)
    for g in range(orders.shape[0]):
        play_game(orders[g], first[g], rv, offsets, kinds, knobs, out[g])
    return out


@njit(cache=True, parallel=True)
def play_games_parallel(orders, first, rv, offsets, kinds, knobs):
    """``play_games`` with the games spread over numba's threads."""
    out = np.empty((orders.shape[0], len(OUT_COLUMNS)), dtype=np.int32)
    for g in prange(orders.shape[0]):
        play_game(orders[g], first[g], rv, offsets, kinds, knobs, out[g])
    return out
