"""The first game of a run's first chunk recorded as the batch engine plays it, for players that draw for the whole
batch (every game's replay of a randomised seat).

A randomised player (``random``) draws its choices on the batch engine for all the chunk's rows at once, so the
first game of a chunk depends on the chunk's size and the reference engine, drawing game by game, would play another
game.  The replay plays the chunk on the batch engine as the run does, with a :class:`Recorder` as the engine's
observer, and plays game 0's recorded decisions again on the reference engine, each checked legal.

Every batch engine calls its observer with keywords after each decision step: ``observer(kind=, game=, seat=,
asked=, choice=)``, per running row its game, the deciding seat (or one seat for all rows), whether it was asked (where
the reference engine asks the strategy) and its choice.
"""

from __future__ import annotations

import numpy as np


def draws_for_the_batch(strategies, own_seed: bool = False) -> bool:
    """Whether some seat's choices come from batch-wide draws of the PLAY stream: a randomised seat, unless the game
    gives a seat reading public information its own seed (``own_seed``: Tấn's game seed) and this seat reads it."""
    return any(not getattr(s, "deterministic", False) and not (own_seed and getattr(s, "needs_public", False))
               for s in strategies)


class Recorder:
    """A batch engine's observer: the decisions of game ``game``, as ``(kind, seat, choice)`` in order."""

    def __init__(self, game: int = 0):
        self.game, self.moves = game, []

    def __call__(self, *, kind: str, game, seat, asked, choice) -> None:
        rows = np.flatnonzero((game == self.game) & asked)
        if rows.size:
            self.moves.append((kind, int(np.broadcast_to(seat, game.shape)[rows[0]]), int(choice[rows[0]])))
