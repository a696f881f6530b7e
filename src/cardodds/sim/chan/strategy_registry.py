"""The registry of named Chắn players: a config's ``[strategies]`` (a name, a table of knobs, or one per seat) made
into player objects for the reference and batch engines.

It sits above the players it names — :mod:`cardodds.sim.chan.strategies` (``random``, ``basic``, ``heuristic``, ``cuoc``) and
:mod:`cardodds.sim.chan.expert` (``expert``, which plays its rollouts with those players on the batch engine).
"""

from __future__ import annotations

from cardodds.sim.chan.expert import Expert
from cardodds.sim.chan.strategies import Basic, CuocSeeker, Heuristic, RandomLegal, Tuned
from cardodds.sim.errors import CardoddsError
from cardodds.sim.knobs import with_knobs_file
from cardodds.sim.options import from_table

STRATEGIES = {"random": RandomLegal, "basic": Basic, "heuristic": Heuristic, "cuoc": CuocSeeker, "tuned": Tuned,
              "expert": Expert}


def make_strategy(spec, where: str = "[strategies]"):
    """A strategy from a name, a table ``{name = "heuristic", max_ca = 3, ...}``, or a table naming a knobs file that
    ``cardodds tune`` wrote (``{file = "chan_tuned.toml"}``; keys beside ``file`` override its knobs)."""
    if isinstance(spec, str):
        spec = {"name": spec}
    if not isinstance(spec, dict):
        raise CardoddsError(f"{where}: a strategy is a name or a table with 'name', not {spec!r}")
    table = with_knobs_file(spec, where)
    name = table.pop("name", "basic")
    if not isinstance(name, str) or name not in STRATEGIES:
        raise CardoddsError(f"{where}: unknown strategy {name!r} (known: {', '.join(sorted(STRATEGIES))})")
    return from_table(STRATEGIES[name], table, f"{where} {name}")


def seat_strategies(spec, players: int = 4, where: str = "[strategies]") -> tuple:
    """One strategy per seat: the same spec for all, or a list of ``players`` specs."""
    if isinstance(spec, (list, tuple)):
        if len(spec) != players:
            raise CardoddsError(f"{where}: 'seats' needs {players} strategies, not {len(spec)}")
        return tuple(make_strategy(s, f"{where} seat {i}") for i, s in enumerate(spec))
    strategy = make_strategy(spec, where)
    return (strategy,) * players
