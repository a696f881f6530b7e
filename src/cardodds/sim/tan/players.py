"""The Tấn players by name: every rung of the strength ladder (the expert included), made from a name, a table of
knobs or a knobs file that ``cardodds tune`` wrote, one per seat.

It sits above the strategies and the expert (the expert plays its rollouts with the strategies), so neither imports
it.
"""

from __future__ import annotations

from cardodds.sim.errors import CardoddsError
from cardodds.sim.knobs import with_knobs_file
from cardodds.sim.options import from_table
from cardodds.sim.tan.classic import Classic
from cardodds.sim.tan.endgame_player import Endgame
from cardodds.sim.tan.expert import Expert, Pimc
from cardodds.sim.tan.ismcts import Ismcts
from cardodds.sim.tan.strategies import Basic, Beginner, Heuristic, RandomLegal, Tuned

STRATEGIES = {"random": RandomLegal, "basic": Basic, "heuristic": Heuristic, "beginner": Beginner, "tuned": Tuned,
              "classic": Classic, "endgame": Endgame, "pimc": Pimc, "ismcts": Ismcts,
              "expert": Expert}
"""The Tấn strength ladder, weakest first as measured at 4 players (a new rung registers here by name)."""


def make_strategy(spec, where: str = "[strategies]"):
    """A strategy from a name (``"basic"``) or a table (``{name = "heuristic", overload = false}``).

    A table may name a knobs file written by ``cardodds tune``: ``{file = "tuned/tan.toml"}`` plays the file's strategy
    with its knobs (keys beside ``file`` override them; a relative path is read from the current folder).
    """
    if not isinstance(spec, (str, dict)):
        if type(spec) in STRATEGIES.values():
            return spec
        raise CardoddsError(f"{where}: a strategy is a name or a table with 'name' (known: {', '.join(STRATEGIES)})")
    if isinstance(spec, str):
        spec = {"name": spec}
    table = with_knobs_file(spec, where)
    if "name" not in table:
        raise CardoddsError(f"{where}: a strategy is a name or a table with 'name' (known: {', '.join(STRATEGIES)})")
    name = table.pop("name")
    if not isinstance(name, str) or name not in STRATEGIES:
        raise CardoddsError(f"{where}: unknown Tấn strategy {name!r} (known: {', '.join(STRATEGIES)})")
    return from_table(STRATEGIES[name], table, f"{where} {name}")


def seat_strategies(spec, players: int, where: str = "[strategies]") -> tuple:
    """One strategy per seat from a single spec or a list of ``players`` specs."""
    if isinstance(spec, (list, tuple)):
        if len(spec) != players:
            raise CardoddsError(f"{where}: {len(spec)} strategies given for {players} players")
        return tuple(make_strategy(s, where) for s in spec)
    s = make_strategy(spec, where)
    return (s,) * players
