"""Task ``sam.odds``: how often is a dealt Sâm hand worth declaring?  Deal hands and estimate, for each, the chance
that a declared Sâm succeeds against the other ``players − 1`` (blockers), as the ``bayes`` declarer does
(:func:`cardodds.sim.sam.declare.estimate_many`: its best plan on sampled deals of the unseen cards, from its own hand only).

Rows (table level, per dealt hand, seat 0's hand of each table): ``sam.p_at_least.<k>`` for k = 3..10, the share of
hands whose estimated P(success) is at least k / 10, and ``sam.break_even`` (the same at 1/2: a Sâm at least
breaks even there with the default payments, +20 / −20 from each opponent).  Plans standing on fewer than 30 % of
the deals that choose them are not searched (such hands count below 0.3 whatever their held-out estimate), so the
rows start at k = 3.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from cardodds.sim.chart_specs import Distribution
from cardodds.sim.measures import Measure, Proportion
from cardodds.sim.registry import Task, read_labels
from cardodds.sim.sam.declare import estimate_many
from cardodds.sim.sam.reference import deal_games
from cardodds.sim.sam.rules import SamRules, rules_from_table
from cardodds.sim.streams import DEAL, stream

LOWEST = 3
"""The lowest tenth reported (see the module docstring)."""
SAMPLES = 256
"""Deals each estimate draws (the ``bayes`` declarer's default)."""


@dataclass(frozen=True)
class OddsParams:
    rules: SamRules


def parse(sections: dict, where: str) -> OddsParams:
    return OddsParams(rules_from_table(sections.get("rules"), f"{where} [rules]"))


def run_chunk(params: OddsParams, seed_seq: np.random.SeedSequence, n: int) -> dict[str, np.ndarray]:
    rules = params.rules
    cards, _ = deal_games(stream(seed_seq, DEAL), n, rules)
    hands = (cards[:, 0, :, None] // 4 == np.arange(13)).sum(1)  # seat 0's rank counts (n, 13)
    est = estimate_many(hands, rules.players - 1, rules, SAMPLES, at_least=LOWEST / 10)
    p = np.array([e.success for e in est])
    tenths = np.arange(LOWEST, 11)
    return {"games": np.array(n, np.int64), "at_least": (p[:, None] >= tenths / 10 - 1e-12).sum(0).astype(np.int64)}


def measures(counts: dict[str, np.ndarray], params: OddsParams) -> list[Measure]:
    """The share of hands whose Sâm succeeds with chance at least k/10, and the break-even share."""
    n = int(counts["games"])
    rows = [Proportion("sam.break_even", None, counts["at_least"][5 - LOWEST], n)]
    return rows + [Proportion(f"sam.p_at_least.{k}", None, counts["at_least"][i], n)
                   for i, k in enumerate(range(LOWEST, 11))]


def charts(outcomes) -> dict:
    """The share of dealt hands at or above each P(success), one bar group per arm (number of players)."""
    import pandas as pd


    rows = pd.concat([o.rows for o in outcomes], ignore_index=True)
    fig = Distribution(rows, "sam.p_at_least", "Sâm: how often a dealt hand's Sâm succeeds with chance ≥ k/10",
                             xlabel="k: estimated P(a declared Sâm succeeds against blockers) ≥ k/10",
                             ylabel="share of dealt hands")
    return {"p_success": fig}


UNITS = {"sam.p_at_least": "per hand", "sam.break_even": "per hand"}

TASK = Task(name="sam.odds", parse=parse, run_chunk=run_chunk, measures=measures, charts=charts,
            labels=read_labels(Path(__file__).parent, "odds"), sections=("rules",), units=UNITS,
            key_metrics=[("sam.break_even", None)])
