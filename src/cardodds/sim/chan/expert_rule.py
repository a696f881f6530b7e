"""The Chắn expert's rule and its worlds' random numbers, shared by both engines' searches
(:mod:`cardodds.sim.chan.expert` on the reference engine, :mod:`cardodds.sim.chan.expert_batch` on the batch engine):
the players it rolls out with, the hash of what a seat sees that its worlds come from, and the paired rule that picks
the move."""

from __future__ import annotations

import numpy as np

from cardodds.sim.chan.strategies import Basic, CuocSeeker, Heuristic, Tuned

PLAYERS = 4
MAX_UNSEEN = 100
"""Sort keys a world draws (one per card of the deck; the unseen ones used)."""
ROLLOUT = {"basic": Basic, "heuristic": Heuristic, "cuoc": CuocSeeker, "tuned": Tuned}
"""The players an expert may roll out with, or keep as its base, by name (each with its default knobs)."""

VIEW_SIZE = 1 + 25 + 25 + 4 * 25 + 4 + 4
"""The numbers :func:`cardodds.sim.chan.expert.view_vector` reads: the nọc's position, the seat's hand, the face-up
cards, then for each seat from the deciding one in turn order its mat, its discard set (25 bits) and whether its first
turn has passed."""
_COEF = np.random.default_rng(0x43484E58).integers(0, 2**62, VIEW_SIZE, dtype=np.uint64) * np.uint64(2) + np.uint64(1)
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)


def _mix(x):
    """splitmix64's finaliser on uint64 arrays (wrapping arithmetic)."""
    x = x ^ (x >> np.uint64(30))
    x = x * np.uint64(0xBF58476D1CE4E5B9)
    x = x ^ (x >> np.uint64(27))
    x = x * np.uint64(0x94D049BB133111EB)
    return x ^ (x >> np.uint64(31))


def view_keys(vectors: np.ndarray) -> np.ndarray:
    """One 64-bit key per row of views ``(M, VIEW_SIZE)``: where the worlds of that decision come from."""
    h = (vectors.astype(np.uint64) * _COEF[None, :]).sum(axis=1, dtype=np.uint64)
    return _mix(h ^ np.uint64(0x43484E))


def world_uniforms(keys: np.ndarray, worlds: int) -> np.ndarray:
    """``(M, worlds, MAX_UNSEEN)`` uniforms in [0, 1): world w's sort keys of the unseen cards, from each key."""
    slot = (np.arange(worlds, dtype=np.uint64)[:, None] * np.uint64(MAX_UNSEEN)
            + np.arange(MAX_UNSEEN, dtype=np.uint64)[None, :] + np.uint64(1))
    bits = _mix(keys[:, None, None] + slot[None] * _GOLDEN) >> np.uint64(11)
    return bits.astype(np.float64) * 2.0**-53


def _net(seat, winner, points):
    """The seat's net points: +3 p for its win, -p for another's, 0 for a draw (arrays or scalars)."""
    return np.where(winner == seat, (PLAYERS - 1) * points, np.where(winner >= 0, -points, 0))


def pick(net: np.ndarray, valid: np.ndarray, base: np.ndarray, z: float) -> np.ndarray:
    """The expert's rule, for ``M`` decisions at once: the index of the move each plays.

    ``net`` ``(M, C, W)`` whole net points of candidate c in world w, ``valid`` ``(M, C)`` which candidates are legal,
    ``base`` ``(M,)`` the base player's candidate.  The candidate with the largest sum of per-world differences to
    the base (the first of equals) is played if that sum is positive and, for ``z > 0``, its mean beats ``z`` paired
    standard errors: ``S**2 (W-1) > z**2 (W Q - S**2)`` in whole numbers (``S``, ``Q`` the sum and sum of squares of
    the differences), so both engines decide alike to the last bit; one world is never enough.
    """
    M, _, W = net.shape
    r = np.arange(M)
    net = net.astype(np.int64)
    d = net - net[r, base][:, None, :]
    S = np.where(valid, d.sum(axis=2), np.iinfo(np.int64).min)
    best = S.argmax(axis=1)
    s_best = S[r, best]
    q_best = (d[r, best] ** 2).sum(axis=1)
    ok = (best != base) & (s_best > 0) & (W > 1)
    if z > 0:
        with np.errstate(over="ignore", invalid="ignore"):
            ok &= (s_best * s_best * (W - 1)).astype(np.float64) > z * z * (W * q_best - s_best * s_best)
    return np.where(ok, best, base)
