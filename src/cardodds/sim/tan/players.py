"""The Tấn players by name (:class:`~cardodds.sim.players.PlayerRegistry`): every rung of the strength ladder (the
expert included), made from a name, a table of knobs or a knobs file that ``cardodds tune`` wrote, one per seat.

It sits above the strategies and the expert (the expert plays its rollouts with the strategies), so neither imports
it.
"""

from __future__ import annotations

from cardodds.sim.players import PlayerRegistry
from cardodds.sim.tan.classic import Classic
from cardodds.sim.tan.endgame_player import Endgame
from cardodds.sim.tan.expert import Expert, Pimc
from cardodds.sim.tan.ismcts import Ismcts
from cardodds.sim.tan.ismcts_tree import IsmctsTree
from cardodds.sim.tan.strategies import Basic, Beginner, Heuristic, RandomLegal, Tuned

PLAYERS = PlayerRegistry("Tấn", {"random": RandomLegal, "basic": Basic, "heuristic": Heuristic, "beginner": Beginner,
                                 "tuned": Tuned, "classic": Classic, "endgame": Endgame, "pimc": Pimc, "ismcts": Ismcts,
                                 "ismcts_tree": IsmctsTree, "expert": Expert}, default="basic",
                         user_seat="cardodds.sim.tan.user_seat:user_strategy")
"""The Tấn strength ladder, weakest first as measured at 4 players (a new rung registers here by name)."""

STRATEGIES = PLAYERS.classes
"""Name → player class."""


def make_strategy(spec, where: str = "[strategies]"):
    """A player from a name (``"basic"``) or a table (``{name = "heuristic", overload = false}``).

    A table may name a knobs file written by ``cardodds tune``: ``{file = "tuned/tan.toml"}`` plays the file's player
    with its knobs (keys beside ``file`` override them; a relative path is read from the current folder).
    """
    return PLAYERS.make(spec, where)


def seat_strategies(spec, players: int, where: str = "[strategies]") -> tuple:
    """One player per seat from a single spec, a list of ``players`` specs, or a ``[strategies]`` table."""
    return PLAYERS.for_seats(spec, players, where)
