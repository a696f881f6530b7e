"""Task ``sam.play``: play whole Sâm games with the batch engine and measure outcomes and payoffs by seat.

Config: ``[rules]`` (:class:`SamRules`) and ``[strategies]`` in the grammar of every game (:mod:`cardodds.sim.players`):
one player for every seat (``name = "control"`` and its knobs, or ``file = "…"``), or ``seats = ["expert", "control",
...]`` (one per seat; a ``[ladder]`` writes this form), or the older ``default = {name = "control"}`` plus per-seat
overrides ``seat0 = {name = "control", declare = "threshold", threshold = 0.7}`` … ``seat4``; an empty table seats
``control`` (:data:`cardodds.sim.sam.players.DEFAULT`) everywhere.  The report names each seat's
player (``seating``), a default one included.
Metrics: see :mod:`cardodds.sim.sam.metrics`.  Series play (``[rules] series_length = N > 1``, :mod:`cardodds.sim.sam.series`): the
chunk's ``n`` stays the number of games, played as series of N in which the previous winner leads.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from cardodds.sim.chart_specs import Bars, Distribution
from cardodds.sim.measures import Measure
from cardodds.sim.options import strategy_label
from cardodds.sim.registry import Task, read_labels
from cardodds.sim.runner import merge_counts
from cardodds.sim.sam.compiled import play_batch_auto
from cardodds.sim.sam.declare import estimate_many
from cardodds.sim.sam.metrics import PLAY_UNITS, play_counts, play_measures
from cardodds.sim.sam.players import STRATEGIES, seat_strategies
from cardodds.sim.sam.reference import deal_games
from cardodds.sim.sam.rules import SamRules, rules_from_table
from cardodds.sim.sam.series import play_series_batch
from cardodds.sim.sam.strategies import StrategyBase
from cardodds.sim.streams import DEAL, FIRST, PLAY, stream

@dataclass(frozen=True)
class PlayParams:
    rules: SamRules
    strategies: tuple[StrategyBase, ...]


def parse_strategies(table: dict | None, players: int, where: str) -> tuple[StrategyBase, ...]:
    """One player per seat from a ``[strategies]`` table (:mod:`cardodds.sim.players`: one player, ``seats``, or
    ``default`` plus ``seatK`` overrides)."""
    return seat_strategies(table or {}, players, where)


def parse(sections: dict, where: str) -> PlayParams:
    rules = rules_from_table(sections.get("rules"), f"{where} [rules]")
    return PlayParams(rules, parse_strategies(sections.get("strategies"), rules.players, f"{where} [strategies]"))


def run_chunk(params: PlayParams, seed_seq: np.random.SeedSequence, n: int) -> dict[str, np.ndarray]:
    """Play ``n`` games; with ``series_length`` N > 1 as consecutive series of N (the last one shorter when N does
    not divide ``n``), the previous winner leading (:mod:`cardodds.sim.sam.series`)."""
    rules, strategies = params.rules, list(params.strategies)
    cards, leader = deal_games(stream(seed_seq, DEAL), n, rules, stream(seed_seq, FIRST))
    rng = stream(seed_seq, PLAY)
    length = rules.series_length
    if length == 1:
        parts = [(cards, play_batch_auto(rules, cards, leader, strategies, rng=rng))]  # compiled when chosen
    else:
        full = n // length * length
        blocks = [(cards[:full].reshape(-1, length, *cards.shape[1:]), leader[:full:length])] if full else []
        if full < n:
            blocks.append((cards[None, full:], leader[full:full + 1]))
        parts = [(c[:, k], b) for c, first in blocks
                 for k, b in enumerate(play_series_batch(c, first, rules, strategies, rng=rng))]
    merged = []
    for c, b in parts:
        counts = play_counts(b, rules.players)
        counts["declared_p"] = declared_odds(c, b.declarer, rules)
        merged.append(counts)
    return merge_counts(merged)


def declared_odds(cards: np.ndarray, declarer: np.ndarray, rules: SamRules) -> np.ndarray:
    """(P, 10): each seat's declared Sâms by the declarer's own-hand chance of success (the ``bayes`` estimate, 256
    deals, in tenths: column k holds P in [k/10, (k+1)/10), P = 1 in column 9) — which hands a declare rule picks."""
    out = np.zeros((rules.players, 10), np.int64)
    g = np.flatnonzero(declarer >= 0)
    if len(g):
        hands = (cards[g, declarer[g], :, None] // 4 == np.arange(13)).sum(1)
        p = np.array([e.success for e in estimate_many(hands, rules.players - 1, rules, 256)])
        np.add.at(out, (declarer[g], np.minimum((p * 10 + 1e-9).astype(np.int64), 9)), 1)
    return out


def measures(counts: dict[str, np.ndarray], params: PlayParams) -> list[Measure]:
    """The measures of every ``sam.play`` metric from merged counts."""
    return play_measures(counts, params.rules.players)


def notes(params: PlayParams) -> str | None:
    """The report's warning when a seat declares with the oracle, which sees every hand."""
    seats = [s for s, st in enumerate(params.strategies) if st.declare == "oracle"]
    if not seats:
        return None
    return (
        f"Seat(s) {', '.join(map(str, seats))} declare Sâm with the oracle, which sees every hand and declares only when a "
        "plan surely succeeds: its Sâm figures are an upper bound, not a playable strategy."
    )


def seating(params: PlayParams) -> list[str]:
    """Who sits at each seat: the strategy, its changed knobs and how it declares Sâm."""
    names = {cls: name for name, cls in STRATEGIES.items()}
    labels = []
    for st in params.strategies:
        declares = {"never": "never declares Sâm", "oracle": "declares Sâm with the oracle, an upper bound",
                    "threshold": f"declares Sâm at hand strength ≥ {st.threshold:g} (the naive baseline)",
                    "bayes": f"declares Sâm by its own hand's odds (bayes, margin {st.margin:g} cược, "
                             f"{st.samples} deals)", "user": "declares Sâm by its declare()"}[st.declare]
        if getattr(st, "user_seat", False):  # a user's player (cardodds.sim.sam.user_seat)
            label = st.label()
        else:
            label = strategy_label(names[type(st)], st, skip=("declare", "threshold", "margin", "samples"))
        labels.append(f"{label}, {declares}")
    return labels


def charts(outcomes) -> dict:
    """Seat 0's declared Sâms by their own-hand chance of success, one bar group per arm that declares; and where the
    player at seat 0 differs between arms (a strength ladder), its win rate and mean cược a game by arm."""
    import pandas as pd

    all_rows = pd.concat([o.rows for o in outcomes], ignore_index=True)
    at0 = (all_rows.seat == 0).fillna(False)
    out = {}
    if len({type(o.result.experiment.params.strategies[0]) for o in outcomes}) > 1:
        out["ladder"] = Bars(all_rows[at0 & all_rows.metric.isin(["win", "cuoc.mean"])],
                             "Sâm: seat 0's win rate and mean cược a game, by its player",
                             xlabel="win: probability; cuoc.mean: cược per game")
    rows = all_rows[at0 & all_rows.metric.str.startswith("sam.declared_p.")]
    if not rows.empty:
        out["declared_p"] = Distribution(rows, "sam.declared_p",
                                         "Sâm: seat 0's declared Sâms by the hand's own chance of success", seats=[0],
                                         xlabel="k: own-hand P(success) in [k/10, (k+1)/10) (the bayes estimate)",
                                         ylabel="share of seat 0's declared Sâms")
    return out


def key_metrics(params_list) -> list[tuple[str, int]]:
    """Seat 0's declare and success rates where some arm's seat 0 may declare Sâm, then its wins and cược a game."""
    declares = any(p.strategies[0].declare != "never" for p in params_list)
    return ([("sam.declare", 0), ("sam.success", 0)] if declares else []) + [("win", 0), ("cuoc.mean", 0)]


def _oracle_at_seat0(params: PlayParams) -> bool:
    """The arm whose seat 0 declares with the oracle: the upper bound of the ``sam.oracle_share`` row (seat 0's share
    of the oracle's gain in cược over the baseline arm, added by the analysis when an experiment has such arms)."""
    return params.strategies[0].declare == "oracle"


TASK = Task(
    name="sam.play",
    parse=parse,
    run_chunk=run_chunk,
    measures=measures,
    charts=charts,
    sections=("rules", "strategies"),
    units=PLAY_UNITS,
    labels=read_labels(Path(__file__).parent, "play"),
    key_metrics=key_metrics,
    notes=notes,
    seating=seating,
    gain_share={"metric": "cuoc.mean", "seat": 0, "name": "sam.oracle_share", "upper": _oracle_at_seat0},
    tune_objective=("cuoc.mean", "max"),
)
