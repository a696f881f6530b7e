"""The registry of named Chắn players (:class:`~cardodds.sim.players.PlayerRegistry`): a config's ``[strategies]``
made into player objects for the reference and batch engines.

It sits above the players it names — :mod:`cardodds.sim.chan.strategies` (``random``, ``basic``, ``heuristic``, ``cuoc``,
``tuned``) and :mod:`cardodds.sim.chan.expert` (``expert``, which plays its rollouts with those players on the batch
engine).
"""

from __future__ import annotations

from cardodds.sim.chan.expert import Expert
from cardodds.sim.chan.strategies import Basic, CuocSeeker, Heuristic, RandomLegal, Tuned
from cardodds.sim.players import PlayerRegistry

PLAYERS = PlayerRegistry("Chắn", {"random": RandomLegal, "basic": Basic, "heuristic": Heuristic, "cuoc": CuocSeeker,
                                  "tuned": Tuned, "expert": Expert}, default="basic",
                         user_seat="cardodds.sim.chan.user_seat:user_strategy")

STRATEGIES = PLAYERS.classes
"""Name → player class."""


def make_strategy(spec, where: str = "[strategies]"):
    """A player from a name, a table ``{name = "heuristic", max_ca = 3, ...}``, or a table naming a knobs file that
    ``cardodds tune`` wrote (``{file = "chan_tuned.toml"}``; keys beside ``file`` override its knobs)."""
    return PLAYERS.make(spec, where)


def seat_strategies(spec, players: int = 4, where: str = "[strategies]") -> tuple:
    """One player per seat: the same spec for all, a list of ``players`` specs, or a ``[strategies]`` table."""
    return PLAYERS.for_seats(spec, players, where)


def replay_players(strategies) -> tuple:
    """The four players of a replay: ``strategies`` as they are when they already play (``choose``), else read as
    a name, a table or a list of four."""
    if isinstance(strategies, tuple) and all(hasattr(s, "choose") for s in strategies):
        return strategies
    return tuple(seat_strategies(strategies, 4, "replay"))
