"""``demo.coin``: flip coins and count heads; its measures and its chart are declared as data, so its rows and chart
reach the report with no change in ``analysis/``."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from cardodds.sim.chart_specs import Bars
from cardodds.sim.measures import Measure, Proportion
from cardodds.sim.registry import Counts, Task, read_labels
from cardodds.sim.streams import DEAL, stream
from demo_game.rules import CoinRules, parse


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
            units={"heads": "per coin"}, labels=read_labels(Path(__file__).parent, "coin"))
