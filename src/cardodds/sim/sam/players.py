"""The Sâm players by name (:class:`~cardodds.sim.players.PlayerRegistry`): the registry configs and the command line
choose from (above the strategies and the expert, which plays its rollouts on the batch engine)."""

from __future__ import annotations

from cardodds.sim.players import PlayerRegistry
from cardodds.sim.sam.expert import Expert
from cardodds.sim.sam.strategies import Control, Greedy, RandomLegal, StrategyBase

DEFAULT = "control"
"""The player a seat gets when the config names none: the strongest fast rung of the ladder (``configs/sam_ladder.toml``;
the ``expert`` is stronger but searches at every move).  ``greedy`` beats whenever it can and so causes đền far more
often than a player who keeps control."""

PLAYERS = PlayerRegistry("Sâm", {"random": RandomLegal, "greedy": Greedy, "control": Control, "expert": Expert},
                         default=DEFAULT, seat_keys=True, user_seat="cardodds.sim.sam.user_seat:user_strategy")

STRATEGIES = PLAYERS.classes
"""Name → player class."""


def make_strategy(table: dict | str | None, where: str = "[strategies]") -> StrategyBase:
    """A player from a config table ``{name = "control", danger = 3, declare = "threshold"}``, a knobs file
    ``{file = "..."}`` or a name (None: the ``DEFAULT`` player)."""
    return PLAYERS.make(table, where)


def seat_strategies(spec, players: int, where: str = "[strategies]") -> tuple:
    """One player per seat from a ``[strategies]`` table (``seats``, one player, or ``default`` and ``seatK``)."""
    return PLAYERS.for_seats(spec, players, where)
