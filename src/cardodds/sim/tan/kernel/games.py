"""The loop over games: ``game.play_range`` serially or ``game.play_blocks`` over numba's threads, each with its
scratch arrays (the loops sit in ``game`` beside the play they call, as numba's cache checks a function against its
own file only)."""

from __future__ import annotations

import numpy as np

from cardodds.sim.tan.kernel.game import BLOCK, N_SLOTS, R_P, R_S, play_blocks, play_range

OUT_COLUMNS = ("loser", "draw", "truncated", "bouts", "pickups", "first_attacker", "moves")


def new_scratch(rv, blocks: int = 1):
    """One game's state arrays per block (``play_game``): hands, inn, seq, cum, st."""
    P, S = int(rv[R_P]), int(rv[R_S])
    return (np.empty((blocks, P), dtype=np.uint64), np.ones((blocks, P), dtype=np.bool_),
            np.empty((blocks, S), dtype=np.int64), np.empty((blocks, S + 1), dtype=np.uint64),
            np.zeros((blocks, N_SLOTS), dtype=np.int64))


def play_games(orders, first, rv, offsets, kinds, knobs, threads: bool = False) -> np.ndarray:
    """``(n, 7)`` int32 outcomes (``OUT_COLUMNS``) of the ``n`` deals."""
    n = orders.shape[0]
    out = np.empty((n, len(OUT_COLUMNS)), dtype=np.int32)
    if threads:
        play_blocks(orders, first, rv, offsets, kinds, knobs, out, *new_scratch(rv, (n + BLOCK - 1) // BLOCK))
    else:
        play_range(0, n, orders, first, rv, offsets, kinds, knobs, out, *(a[0] for a in new_scratch(rv)))
    return out
