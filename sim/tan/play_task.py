"""The ``tan.play`` task: play whole Tấn games with the batch engine and count who loses, and what changes it.

Config sections read: ``[rules]`` (``TanRules``) and ``[strategies]``: either one strategy for every seat
(``name = "heuristic"`` plus its knobs; default ``basic``) or ``seats = ["basic", {name = "heuristic"}, ...]``, one
per seat (seat 0 = the first attacker when ``first_attacker = "seat0"``).

Metrics (seat = position relative to the first attacker, seat 0 = first attacker):
``lose`` by seat; ``draw``; ``truncated`` (games stopped at ``max_bouts``; they count as neither loss nor draw);
``bouts.mean``; ``pickups.mean`` (lên per game); ``lose.by_trumps.<k>``, ``lose.by_aces.<k>``, ``lose.by_high.<k>``:
the chance that a player whose opening hand (as dealt, before any trump swap) holds k trumps / aces / cards J..A loses;
``lose.at_table_seat`` by seat: the chance that the player sitting at table seat s (whose strategy ``seats[s]`` sets)
loses, whoever attacks first — the metric to compare strategy arms on;
and, when the seats play different strategies, ``lose.strategy.<name>@<seats>``: the chance that a given seat playing
that strategy loses (per seat and game, so 1/players is the fair share; seats are absolute here).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from sim.errors import CardoddsError
from sim.registry import Counts, Row, Task
from sim.streams import DEAL, PLAY, chunk_seed, stream
from sim.tan.batch import play_batch
from sim.tan.deal import deal_orders
from sim.tan.reference import TanGame, format_log
from sim.tan.rules import TanRules
from sim.tan.strategies import seat_strategies


@dataclass(frozen=True)
class TanParams:
    """Validated parameters of a ``tan.play`` experiment."""

    rules: TanRules
    strategies: tuple


def parse(sections: dict, where: str) -> TanParams:
    """Build ``TanParams`` from the ``[rules]`` and ``[strategies]`` tables."""
    rules = TanRules.from_table(sections.get("rules"), f"{where} [rules]")
    table = dict(sections.get("strategies") or {})
    w = f"{where} [strategies]"
    if "seats" in table:
        if len(table) != 1:
            raise CardoddsError(f"{w}: give either 'seats' or one strategy, not both")
        strategies = seat_strategies(list(table["seats"]), rules.players, w)
    else:
        table.setdefault("name", "basic")
        strategies = seat_strategies(table, rules.players, w)
    return TanParams(rules, strategies)


def _opening_features(orders: np.ndarray, rules: TanRules) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Trumps, aces and high cards (J..A) in each dealt hand, ``(n, players)`` each."""
    P, H = rules.players, rules.hand_size
    hands = orders[:, : P * H].reshape(-1, P, H).astype(np.int16)
    trump = (orders[:, P * H].astype(np.int16) & 3)[:, None, None]
    trumps = ((hands & 3) == trump).sum(axis=2)
    aces = ((hands >> 2) == 12).sum(axis=2)
    high = ((hands >> 2) >= 9).sum(axis=2)
    return trumps, aces, high


def run_chunk(params: TanParams, seed_seq: np.random.SeedSequence, n: int) -> Counts:
    """Play ``n`` games; return additive counts."""
    rules = params.rules
    P, H = rules.players, rules.hand_size
    orders, first = deal_orders(rules, stream(seed_seq, DEAL), n)
    res = play_batch(rules, orders, first, params.strategies, rng=stream(seed_seq, PLAY))
    lost = res.loser >= 0
    rel = (res.loser.astype(np.int64) - res.first_attacker) % P
    lose_seat = np.bincount(rel[lost], minlength=P).astype(np.int64)
    loser_mask = np.zeros((n, P), dtype=bool)
    loser_mask[np.nonzero(lost)[0], res.loser[lost]] = True
    counts: Counts = {
        "games": np.int64(n),
        "lose_seat": lose_seat,
        "lose_abs": np.bincount(res.loser[lost].astype(np.int64), minlength=P).astype(np.int64),
        "draw": np.int64(res.draw.sum()),
        "truncated": np.int64(res.truncated.sum()),
        "bouts_sum": np.float64(res.bouts.sum()),
        "bouts_sq": np.float64((res.bouts.astype(np.float64) ** 2).sum()),
        "pickups_sum": np.float64(res.pickups.sum()),
        "pickups_sq": np.float64((res.pickups.astype(np.float64) ** 2).sum()),
    }
    for name, feat in zip(("trumps", "aces", "high"), _opening_features(orders, rules)):
        counts[f"held_{name}"] = np.bincount(feat.ravel(), minlength=H + 1)[: H + 1].astype(np.int64)
        counts[f"lost_{name}"] = np.bincount(feat[loser_mask], minlength=H + 1)[: H + 1].astype(np.int64)
    return counts


def summarize(counts: Counts, params: TanParams) -> list[Row]:
    """Rows with 95 % intervals (Wilson for proportions, normal for means)."""
    from analysis.estimate import mean_row, proportion_row

    n = int(counts["games"])
    rows = [proportion_row("lose", s, int(k), n) for s, k in enumerate(counts["lose_seat"])]
    rows += [proportion_row("lose.at_table_seat", s, int(k), n) for s, k in enumerate(counts["lose_abs"])]
    rows.append(proportion_row("draw", None, int(counts["draw"]), n))
    rows.append(proportion_row("truncated", None, int(counts["truncated"]), n))
    rows.append(mean_row("bouts.mean", None, float(counts["bouts_sum"]), float(counts["bouts_sq"]), n))
    rows.append(mean_row("pickups.mean", None, float(counts["pickups_sum"]), float(counts["pickups_sq"]), n))
    for name in ("trumps", "aces", "high"):
        for k, (held, lost) in enumerate(zip(counts[f"held_{name}"], counts[f"lost_{name}"])):
            if held > 0:
                rows.append(proportion_row(f"lose.by_{name}.{k}", None, int(lost), int(held)))
    for label, seats in _strategy_groups(params.strategies):
        lost = int(sum(int(counts["lose_abs"][s]) for s in seats))
        rows.append(proportion_row(f"lose.strategy.{label}", None, lost, n * len(seats)))
    return rows


def _strategy_groups(strategies) -> list[tuple[str, list[int]]]:
    """Seats grouped by strategy, labelled ``name@seats`` (none when every seat plays the same strategy)."""
    groups: list[tuple[object, list[int]]] = []
    for seat, s in enumerate(strategies):
        for g, seats in groups:
            if g == s:
                seats.append(seat)
                break
        else:
            groups.append((s, [seat]))
    if len(groups) < 2:
        return []
    return [(f"{g.name}@{','.join(map(str, seats))}", seats) for g, seats in groups]


def charts(counts, chunk_counts, params: TanParams, rows):
    """Who loses, by seat; and the loss rate against the trumps in the opening hand."""
    from analysis.charts import bar_chart

    P = params.rules.players
    seat_rows = rows[rows.metric.isin(["lose", "draw", "truncated"])]
    trump_rows = rows[rows.metric.str.startswith("lose.by_trumps.")]
    return {
        "lose_by_seat": bar_chart(seat_rows, f"Tấn, {P} players: who loses (seat 0 attacks first)",
                                  xlabel="probability"),
        "lose_by_trumps": bar_chart(trump_rows, f"Tấn, {P} players: loss rate by trumps in the opening hand",
                                    xlabel="probability of losing"),
    }


def replay_text(seed: int, rules: TanRules, strategies) -> str:
    """One game shown move by move (``cardodds replay tan --seed S``).

    The game is dealt by ``deal_orders(rules, stream(chunk_seed(seed, 0), DEAL), 1)``; randomised strategies use the
    PLAY stream of the same chunk.
    """
    strategies = seat_strategies(list(strategies) if isinstance(strategies, (list, tuple)) else strategies,
                                 rules.players, "replay")
    seq = chunk_seed(seed, 0)
    orders, first = deal_orders(rules, stream(seq, DEAL), 1)
    game = TanGame(rules, orders[0], int(first[0]), strategies, rng=stream(seq, PLAY), check=True)
    out = game.play()
    names = ", ".join(f"seat {p}: {s.name}" for p, s in enumerate(strategies))
    head = (f"Tấn replay, seed {seed}: {rules.players} players, {rules.deck}-card deck, hand {rules.hand_size}, "
            f"trump exchange {rules.trump_exchange}\nstrategies: {names}")
    if out.truncated:
        tail = f"result: truncated after {out.bouts} bouts"
    elif out.draw:
        tail = f"result: draw after {out.bouts} bouts, {out.pickups} pick-ups"
    else:
        tail = f"result: seat {out.loser} loses after {out.bouts} bouts, {out.pickups} pick-ups"
    return "\n".join([head, format_log(game), tail])


def arms_charts(outcomes) -> dict:
    """For a sweep over the number of players: the loss rate as a seat × players heat map."""
    from analysis.charts import heatmap

    exp = outcomes[0].result.experiment
    if exp.sweep is None or exp.sweep[0] != "rules.players":
        return {}
    table = {}
    for o in outcomes:
        rows = o.rows[o.rows.metric == "lose"]
        table[o.result.experiment.sweep[1]] = {f"seat {int(s)}": e for s, e in zip(rows.seat, rows.estimate)}
    frame = pd.DataFrame(table).T.sort_index()
    frame.index = [f"{p} players" for p in frame.index]
    return {"lose_heatmap": heatmap(frame, "Tấn: chance to lose by seat (seat 0 attacks first) and players", ".1%",
                                    colorbar_label="probability of losing")}


TASK = Task(
    name="tan.play",
    parse=parse,
    run_chunk=run_chunk,
    summarize=summarize,
    charts=charts,
    sections=("rules", "strategies"),
    extras={
        "replay_text": replay_text,
        "arms_charts": arms_charts,
        "key_metrics": [("lose", 0), ("lose", 1), ("draw", None), ("bouts.mean", None)],
    },
)
