"""The ``chan.deal`` task: deal whole Chắn tables and measure the dealt hands, beside their exact values."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import numpy as np

from cardodds.sim.chan.deal import CAI_HAND_SIZE, HAND_SIZE, PLAYERS
from cardodds.sim.chan.deal_metrics import HISTOGRAMS, SEAT_FLAGS, deal_counts
from cardodds.sim.chan.rules import ChanRules
from cardodds.sim.chart_specs import Convergence, Distribution
from cardodds.sim.measures import Histogram, Measure, Proportion
from cardodds.sim.options import from_table
from cardodds.sim.registry import Task, read_labels
from cardodds.sim.streams import DEAL, stream

NO_EXACT = {"wait_kinds", "any_waiting"}

_MEAN_UNITS = {"chan_count": "chắn per hand", "red": "red cards per hand", "thien_khai": "thiên khai per hand",
               "leo": "lèo per hand", "tom": "tôm per hand", "wait_kinds": "winning kinds per hand"}
UNITS = {
    "thien_u": "per hand", "any_waiting": "per table", "bach_dinh": "per hand", "tam_do": "per hand",
    **{name: "per hand" for name in SEAT_FLAGS},
    **{name: "per hand" for name in HISTOGRAMS},
    **{f"{name}.mean": unit for name, unit in _MEAN_UNITS.items()},
}
"""What each row counts per: every seat's row is per dealt hand of that seat (one a table), ``any_waiting`` per table."""


def parse(sections: dict, where: str) -> ChanRules:
    """Validate the ``[rules]`` table."""
    return from_table(ChanRules, sections.get("rules"), f"{where} [rules]")


def run_chunk(rules: ChanRules, seed_seq: np.random.SeedSequence, n: int) -> dict[str, np.ndarray]:
    """Deal ``n`` tables with the chunk's deal stream."""
    return deal_counts(stream(seed_seq, DEAL), n, rules.cai_seat)


@lru_cache(maxsize=None)
def _exact(hand_size: int) -> dict[str, float]:
    from cardodds.sim.chan.exact import exact_chan_deal

    return exact_chan_deal(hand_size)


def measures(counts: dict[str, np.ndarray], rules: ChanRules) -> list[Measure]:
    """Every metric, seat by seat, with exact values where combinatorics gives them."""
    n = int(counts["games"])
    exact_cai, exact_seat = _exact(CAI_HAND_SIZE), _exact(HAND_SIZE)
    rows = [
        Proportion("thien_u", rules.cai_seat, int(counts["thien_u"]), n, exact_cai.get("thien_u")),
        Proportion(
            "thien_u.bach_thu", rules.cai_seat, int(counts["thien_u.bach_thu"]), n, exact_cai.get("thien_u.bach_thu")
        ),
        Proportion("any_waiting", None, int(counts["any_waiting"]), n),
    ]
    for seat in range(PLAYERS):
        is_cai = seat == rules.cai_seat
        exact = exact_cai if is_cai else exact_seat
        for name in SEAT_FLAGS:
            if is_cai and name.startswith("waiting."):
                continue
            rows.append(Proportion(name, seat, int(counts[name][seat]), n, exact.get(name)))
        red = counts["hist.red"][seat]
        rows.append(Proportion("bach_dinh", seat, int(red[0]), n, exact.get("bach_dinh")))
        rows.append(Proportion("tam_do", seat, int(red[8]), n, exact.get("tam_do")))
        for name in HISTOGRAMS:
            if is_cai and name == "wait_kinds":
                continue
            pmf = None
            if name not in NO_EXACT:
                pmf = np.array([exact.get(f"{name}.{k}", 0.0) for k in range(HISTOGRAMS[name])])
            rows.append(Histogram(name, seat, counts[f"hist.{name}"][seat], pmf))
    return rows


def charts(outcomes) -> dict:
    """The chắn-count distribution (simulated vs exact) and the convergence of the Thiên ù estimate, every arm."""
    import pandas as pd


    rows = pd.concat([o.rows for o in outcomes], ignore_index=True)
    curves = {}
    for o in outcomes:
        chunks = o.result.chunk_counts
        curves[o.arm] = (np.cumsum([int(c["games"]) for c in chunks]),
                                      np.cumsum([int(c["thien_u"]) for c in chunks]))
    return {
        "chan_count": Distribution(rows, "chan_count", "Chắn count of a dealt hand: simulated vs exact"),
        "thien_u_convergence": Convergence(
            curves, _exact(CAI_HAND_SIZE)["thien_u"], "Thiên ù: estimate as games accumulate"
        ),
    }


TASK = Task(name="chan.deal", parse=parse, run_chunk=run_chunk, measures=measures, charts=charts, units=UNITS,
            labels=read_labels(Path(__file__).parent, "deal"))
