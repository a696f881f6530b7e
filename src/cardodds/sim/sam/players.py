"""The Sâm players by name: the registry configs and the command line choose from (above the strategies and the
expert, which plays its rollouts on the batch engine)."""

from __future__ import annotations

from cardodds.sim.errors import CardoddsError
from cardodds.sim.options import from_table
from cardodds.sim.sam.expert import Expert
from cardodds.sim.sam.strategies import Control, Greedy, RandomLegal, StrategyBase

STRATEGIES = {"random": RandomLegal, "greedy": Greedy, "control": Control, "expert": Expert}

DEFAULT = "control"
"""The player a seat gets when the config names none: the strongest fast rung of the ladder (``configs/sam_ladder.toml``;
the ``expert`` is stronger but searches at every move).  ``greedy`` beats whenever it can and so causes đền far more
often than a player who keeps control."""


def make_strategy(table: dict | str | None, where: str = "[strategies]") -> StrategyBase:
    """A strategy from a config table ``{name = "control", danger = 3, declare = "threshold"}`` or a name (None: the
    ``DEFAULT`` player)."""
    if table is None:
        table = {"name": DEFAULT}
    if isinstance(table, str):
        table = {"name": table}
    if not isinstance(table, dict):
        raise CardoddsError(f"{where}: a strategy is a name or a table such as {{name = \"control\"}}, not {table!r}")
    table = dict(table)
    name = table.pop("name", None)
    if not isinstance(name, str) or name not in STRATEGIES:
        raise CardoddsError(f"{where}: unknown Sâm strategy {name!r} (known: {', '.join(sorted(STRATEGIES))})")
    return from_table(STRATEGIES[name], table, f"{where} {name}")
