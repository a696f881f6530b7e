"""``demo.coin``: a tiny real task (flip biased coins) that exercises the runner end to end in tests and demos.

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

from sim.errors import CardoddsError
from sim.options import from_table
from sim.registry import Counts, Row, Task
from sim.streams import DEAL, stream

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


def summarize(counts: Counts, params: CoinRules) -> list[Row]:
    """One row: the proportion of heads, its Wilson 95 % interval, and the exact value ``p``."""
    from analysis.estimate import proportion_row

    return [proportion_row("heads", None, int(counts["heads"]), int(counts["games"]), params.p)]


TASK = Task(name="demo.coin", parse=parse, run_chunk=run_chunk, summarize=summarize, sections=("rules",),
            units={"heads": "per coin"},
            labels={"en": {"heads": "the coin lands heads"}, "vi": {"heads": "đồng xu ra mặt ngửa"}})
