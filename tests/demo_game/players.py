"""The coin's players by name (:class:`~cardodds.sim.players.PlayerRegistry`): one calls heads, one tails; a player
a user wrote sits through ``user_seat.user_strategy``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from cardodds.sim.players import Player, PlayerRegistry
from demo_game.cards import FACES


@dataclass(frozen=True)
class Caller(Player):
    """A player who calls the same face on every toss (``face``: 1 heads, 0 tails)."""

    face: ClassVar[int] = 1
    deterministic: ClassVar[bool] = True

    def call(self, view, rng, seat) -> str:
        """The face it calls at any call (``view``, ``rng`` and ``seat`` play no part)."""
        return FACES[self.face]

    def wins(self, tosses: np.ndarray) -> np.ndarray:
        """Whether the call matches each toss (an array of faces)."""
        return tosses == self.face


@dataclass(frozen=True)
class Heads(Caller):
    """Calls heads every time."""

    name: ClassVar[str] = "heads"
    face: ClassVar[int] = 1


@dataclass(frozen=True)
class Tails(Caller):
    """Calls tails every time."""

    name: ClassVar[str] = "tails"
    face: ClassVar[int] = 0


PLAYERS = PlayerRegistry("Coin", {"heads": Heads, "tails": Tails}, default="heads",
                         user_seat="demo_game.user_seat:user_strategy")
"""The game's two players; a seat played from outside (``cardodds.sim.game_state.Outside``) or by a player a user
wrote is seated by ``user_seat.user_strategy``."""

STRATEGIES = PLAYERS.classes
"""Name → player class."""
