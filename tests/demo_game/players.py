"""The coin's two players by name: one calls heads, one tails."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Caller:
    """A player who calls the same face on every toss.

    Parameters
    ----------
    face : int
        The face called (1 heads, 0 tails).
    """

    face: int

    def wins(self, tosses: np.ndarray) -> np.ndarray:
        """Whether the call matches each toss (an array of faces)."""
        return tosses == self.face


STRATEGIES = {"heads": Caller(1), "tails": Caller(0)}
"""The game's two players, by name."""
