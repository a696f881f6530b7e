"""``demo.coin``: a tiny real task (flip biased coins), test-only, that exercises the runner end to end.

It is not part of the product: ``tests/conftest.py`` registers it (``cardodds.sim.registry.register_task``) the way a new
game's task would be, and it declares its measures and a chart as data, so it shows that a task needs no change in
``analysis/`` for its rows and chart to reach the report.

Config::

    [experiment]
    name = "coin"
    task = "demo.coin"
    games = 100_000
    [rules]
    p = 0.5      # probability of heads, 0 <= p <= 1
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from cardodds.sim.chart_specs import Bars
from cardodds.sim.errors import CardoddsError
from cardodds.sim.measures import Measure, Proportion
from cardodds.sim.options import from_table
from cardodds.sim.registry import Counts, Task
from cardodds.sim.streams import DEAL, stream


@dataclass(frozen=True)
class CoinRules:
    """Rules of the coin game.

    Parameters
    ----------
    p : float
        Probability that a coin shows heads.
    """

    p: float = 0.5

    def __post_init__(self):
        if not 0.0 <= self.p <= 1.0:
            raise CardoddsError(f"'p' must be between 0 and 1, not {self.p}")
        object.__setattr__(self, "p", float(self.p))


def parse(sections: dict, where: str) -> CoinRules:
    """Validate ``[rules]``."""
    return from_table(CoinRules, sections.get("rules"), f"{where} [rules]")


def run_chunk(params: CoinRules, seed_seq: np.random.SeedSequence, n: int) -> Counts:
    """Flip ``n`` coins with the chunk's DEAL stream; count games and heads.

    Each coin is one uniform draw compared with ``p``, so arms with different ``p`` flip the same coins (common
    random numbers) and their difference is estimated far more precisely than from two independent runs.
    """
    rng = stream(seed_seq, DEAL)
    heads = np.count_nonzero(rng.random(n) < params.p)
    return {"games": np.int64(n), "heads": np.int64(heads)}


def measures(counts: Counts, params: CoinRules) -> list[Measure]:
    """One measure: the heads among the tosses, with the exact value ``p``."""
    return [Proportion("heads", None, int(counts["heads"]), int(counts["games"]), params.p)]


def charts(outcomes) -> dict:
    """The share of heads, one bar per arm."""
    import pandas as pd

    rows = pd.concat([o.rows for o in outcomes], ignore_index=True)
    return {"heads": Bars(rows[rows.metric == "heads"], "Coins: how often heads", xlabel="probability")}


TASK = Task(name="demo.coin", parse=parse, run_chunk=run_chunk, measures=measures, charts=charts, sections=("rules",),
            units={"heads": "per coin"},
            labels={"en": {"heads": "the coin lands heads"}, "vi": {"heads": "đồng xu ra mặt ngửa"}},
            words={"vi": {"Coins: how often heads": "Đồng xu: bao lâu ra mặt ngửa", "probability": "xác suất"}})
