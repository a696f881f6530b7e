"""Random streams: one independent, reproducible family of generators per chunk.

Chunk ``k`` of a run with seed ``s`` always gets the same generators, whatever the number of workers or chunks:
its SeedSequence is ``SeedSequence(s, spawn_key=(k,))`` (the ``k``-th child of ``SeedSequence(s)``).  Inside a chunk,
the deal and the players' own randomness come from separate children, so two strategy arms played on the same
seed see exactly the same deals (common random numbers).

A draw made for every game of the chunk *after* all the shuffles (a first player, a reshuffle) would make game ``k``
depend on how many games the chunk deals: such per-game set-up draws take their own children (``FIRST``,
``RESHUFFLE``), each drawn game by game, so the first ``m`` games of a chunk of ``n`` are exactly the ``m`` games of a
chunk of ``m`` — the game ``cardodds replay --seed S`` shows is the first game ``cardodds run`` plays with seed ``S``.
"""

from __future__ import annotations

import numpy as np

BIT_GENERATOR = "PCG64DXSM"

DEAL, PLAY, FIRST, RESHUFFLE = 0, 1, 2, 3


def chunk_seed(seed: int, chunk: int) -> np.random.SeedSequence:
    """The SeedSequence of chunk ``chunk`` of a run seeded with ``seed``."""
    return np.random.SeedSequence(seed, spawn_key=(chunk,))


def stream(seed_seq: np.random.SeedSequence, which: int) -> np.random.Generator:
    """An independent generator for one purpose (``DEAL``, ``PLAY``, ``FIRST``, ``RESHUFFLE``) inside a chunk."""
    child = np.random.SeedSequence(seed_seq.entropy, spawn_key=tuple(seed_seq.spawn_key) + (which,))
    return np.random.Generator(np.random.PCG64DXSM(child))
