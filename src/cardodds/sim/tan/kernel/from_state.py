"""Games resumed from a state in compiled code, move for move as ``cardodds.sim.tan.batch.play_from_state`` plays
them: each game's state is copied into one game's scratch arrays and played to its end by ``game.play_out``, its
first move forced where the caller says so."""

from __future__ import annotations

import numpy as np
from numba import njit

from cardodds.sim.tan.kernel.game import N_SLOTS, R_P, R_S, play_out, write_out
from cardodds.sim.tan.kernel.masks import bit


@njit(cache=True, _nrt=False)
def play_states(hands0, inn0, stock, slots, first, force_a, force_d, rv, offsets, kinds, knobs, out, hands, inn, cum,
                st):
    """Play game ``g`` of the states to its end for every ``g``; ``out[g]`` as ``game.play_game`` writes it.

    ``hands0`` (P, n) masks and ``inn0`` (P, n) seats still in; ``stock`` (n, S) in drawing order, -1 before the
    game's stock pointer (its slot ``TOP``); ``slots`` (n, ``N_SLOTS``) the integer state (``game``'s slots, the
    table's masks as int64 bit patterns); ``first`` (n,) the first attackers; ``force_a`` / ``force_d`` (n,) each
    game's forced first move (-2: none).  ``hands`` (P,), ``inn`` (P,), ``cum`` (S + 1,) and ``st`` (``N_SLOTS``,)
    are one game's scratch arrays.
    """
    P, S = rv[R_P], rv[R_S]
    for g in range(slots.shape[0]):
        for s in range(P):
            hands[s] = hands0[s, g]
            inn[s] = inn0[s, g]
        cum[0] = 0
        for j in range(S):
            cum[j + 1] = cum[j] | bit(stock[g, j])
        for k in range(N_SLOTS):
            st[k] = slots[g, k]
        loser = play_out(st, rv, offsets, hands, inn, cum, kinds, knobs, np.int64(force_a[g]), np.int64(force_d[g]))
        write_out(g, out, loser, inn, st, first[g])
