"""Task ``sam.deal``: deal Sâm tables and measure tới trắng, with the exact per-hand odds beside the estimates.

Rows: ``toi_trang.<kind>`` and ``toi_trang.any`` per dealt hand (seat None; n = hands; exact from
:mod:`cardodds.sim.sam.exact`), ``toi_trang.<kind>`` by seat (exact: the same per-hand value), and ``table.toi_trang``
(a table where at least one hand is a tới trắng; exact None) and ``table.toi_trang_hands`` (mean number of tới
trắng hands per table; exact ``players × P(any)``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from cardodds.sim.measures import Mean, Measure, Proportion
from cardodds.sim.registry import Task, read_labels
from cardodds.sim.sam.exact import exact_toi_trang
from cardodds.sim.sam.hand import TOI_TRANG_KINDS, toi_trang_flags, toi_trang_kind_of_flags
from cardodds.sim.sam.reference import deal_games
from cardodds.sim.sam.rules import SamRules, rules_from_table
from cardodds.sim.streams import DEAL, stream

K = len(TOI_TRANG_KINDS)


@dataclass(frozen=True)
class DealParams:
    rules: SamRules


def parse(sections: dict, where: str) -> DealParams:
    return DealParams(rules_from_table(sections.get("rules"), f"{where} [rules]"))


def deal_kinds(rules: SamRules, rng: np.random.Generator, n: int) -> np.ndarray:
    """Credited tới trắng kind (N, P) of every hand of ``n`` dealt tables (-1 none)."""
    cards, _ = deal_games(rng, n, rules)
    cards = cards.astype(np.int64)
    counts = np.zeros(cards.shape[:2] + (13,), np.int64)
    np.add.at(counts, (np.arange(n)[:, None, None], np.arange(rules.players)[None, :, None], cards // 4), 1)
    return toi_trang_kind_of_flags(toi_trang_flags(counts, (cards % 4 >= 2).sum(-1), rules))


def run_chunk(params: DealParams, seed_seq: np.random.SeedSequence, n: int) -> dict[str, np.ndarray]:
    kinds = deal_kinds(params.rules, stream(seed_seq, DEAL), n)
    per_table = (kinds >= 0).sum(1)
    by_seat = np.stack([(kinds == k).sum(0) for k in range(K)], axis=1)  # (P, K)
    return {
        "games": np.array(n, np.int64),
        "by_seat": by_seat.astype(np.int64),
        "tables_any": np.array((per_table > 0).sum(), np.int64),
        "hands_sum": np.array(per_table.sum(), np.float64),
        "hands_sq": np.array((per_table.astype(np.float64) ** 2).sum()),
    }


def measures(counts: dict[str, np.ndarray], params: DealParams) -> list[Measure]:
    """Tới trắng by kind, per hand and per seat, with exact values; tables with a tới trắng."""
    rules = params.rules
    exact = exact_toi_trang(rules)
    n = int(counts["games"])
    hands = n * rules.players
    tot = counts["by_seat"].sum(0)
    rows = [Proportion(f"toi_trang.{k}", None, tot[i], hands, exact[k]) for i, k in enumerate(TOI_TRANG_KINDS)]
    rows.append(Proportion("toi_trang.any", None, tot.sum(), hands, exact["any"]))
    for s in range(rules.players):
        for i, k in enumerate(TOI_TRANG_KINDS):
            rows.append(Proportion(f"toi_trang.{k}", s, counts["by_seat"][s, i], n, exact[k]))
        rows.append(Proportion("toi_trang.any", s, counts["by_seat"][s].sum(), n, exact["any"]))
    rows.append(Proportion("table.toi_trang", None, counts["tables_any"], n))
    rows.append(Mean("table.toi_trang_hands", None, counts["hands_sum"], counts["hands_sq"], n,
                         rules.players * exact["any"]))
    return rows


UNITS = {"toi_trang": "per hand", "table.toi_trang": "per table", "table.toi_trang_hands": "hands per table"}
"""What each metric is counted per: ``toi_trang.*`` per dealt hand (by seat: that seat's hand, one a table)."""

TASK = Task(name="sam.deal", parse=parse, run_chunk=run_chunk, measures=measures, sections=("rules",), units=UNITS,
            labels=read_labels(Path(__file__).parent, "deal"))
