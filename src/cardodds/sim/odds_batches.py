"""The games of an odds command, in batches: bounded memory for any ``--games``, the same numbers for a given seed.

Batch ``k`` plays ``BATCH`` games (the last one the rest) from the random streams of ``SeedSequence(seed,
spawn_key=(k,))`` — the runner's chunk seeds (:func:`cardodds.sim.streams.chunk_seed`) — so memory does not grow with the
number of games and the numbers depend only on the seed and ``--games``.
"""

from __future__ import annotations

import sys
from typing import Iterator

import numpy as np

from cardodds.sim.arguments import check_games
from cardodds.sim.streams import chunk_seed

BATCH = 8192
"""Games per batch: large enough for the vectorised engines, small enough for a few MB of arrays."""


def batch_sizes(games: int) -> Iterator[int]:
    """The size of each batch of ``games`` games, lazily (a huge ``games`` plans nothing up front)."""
    batch = BATCH
    for start in range(0, games, batch):
        yield min(batch, games - start)


def batches(games: int, seed: int, *, desc: str, progress: bool | None = None) -> Iterator[tuple[np.random.SeedSequence, int]]:
    """``(seed sequence, size)`` of every batch of ``games`` games, with a progress bar on stderr.

    Parameters
    ----------
    games, seed : int
    desc : str
        The bar's label.
    progress : bool or None
        Show the bar; None shows it when stderr is a terminal (and only once a run lasts over half a second).
    """
    from tqdm import tqdm

    check_games(games)
    disable = None if progress is None else not progress  # tqdm: None = off when not a terminal
    with tqdm(total=games, desc=desc, unit="game", unit_scale=True, file=sys.stderr, disable=disable, delay=0.5,
              dynamic_ncols=True, leave=False) as bar:
        for k, n in enumerate(batch_sizes(games)):
            yield chunk_seed(seed, k), n
            bar.update(n)
