"""Strength matches as a task: every rung against every other on shared deals, seats swapped (``<game>.strength``).

A chunk deals ``n`` deals once and plays each pair of rungs (A, B) on them twice: A in the even seats and B in the odd
ones, then the other way round (2 players: A at seat 0, then at seat 1), each seating with the chunk's PLAY stream.
A game scores 1 for A when it wins (Tấn: when a B seat loses), 0 when B does, ½ when the game has no winner (a Tấn
draw or a game cut short, a Chắn draw).  A deal pair's score is the mean of its two games, and the metric
``score.<a>.<b>`` is the mean over deal pairs, with a normal interval over them (pairs are independent, the two games
of one deal are not).  ``draw.<a>.<b>``: the share of the pair's games without a winner; ``value.<a>.<b>`` (games with
a payoff: Sâm cược, Chắn net points): A's mean payoff a game per seat, over deal pairs.

Each game gives a :class:`Game` (its rules, rung parser, deal and one function that plays a seating on deals); the
counts also hold each match's CPU seconds (``cpu``, not a metric: a run's rows stay the same whatever the machine),
from which the report splits each rung's time a game (``cardodds.analysis.strength_report``).

Config: ``[rules]`` (the game's), ``[strategies] rungs = ["basic", {name = "heuristic", ...}, ...]`` (weakest first;
each rung a player name or table, named by its ``name`` or, for two of one name, ``label = "..."``; a player the user
wrote, ``{python = "my_players.py:KeepTwos"}``, by its class's name) and optionally
``anchor`` (the rung rated 0; default the first).
"""

from __future__ import annotations

import importlib
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import numpy as np

from cardodds.sim.chart_specs import Heatmap
from cardodds.sim.errors import CardoddsError
from cardodds.sim.measures import Mean, Proportion
from cardodds.sim.registry import Counts, Task, read_labels


@dataclass(frozen=True)
class Game:
    """What a strength task needs from a game.

    Attributes
    ----------
    name : str
        The game (``"tan"``); the task is ``<name>.strength``.
    parse_rules : callable
        ``parse_rules(table, where) -> rules``.
    parse_player : callable
        ``parse_player(spec, rules, where) -> strategy``: one rung's player.
    deal : callable
        ``deal(rules, seed_seq, n) -> deals``, played by every seating of the chunk.
    play : callable
        ``play(rules, deals, seats, seed_seq) -> (decider, value)``: one game per deal with ``seats[s]`` at seat
        ``s``; ``decider`` the winner (or, ``by_loser``, the loser) seat per game, ``-1`` for none; ``value`` each
        seat's payoff ``(n, players)`` or None.
    by_loser : bool
        The decider is the loser (Tấn) rather than the winner.
    value_unit : str or None
        The unit of ``value.<a>.<b>`` (None: the game has no payoff).
    value_name : str
        What the value is, as the report's strength section names it: ``"points"`` (net points) or ``"cuoc"`` (cược),
        a word of the report's ``strength`` table (``cardodds/vocabulary/report.<lang>.toml``; another name is printed
        as it is).
    """

    name: str
    parse_rules: Callable[[Any, str], Any]
    parse_player: Callable[[Any, Any, str], Any]
    deal: Callable[..., Any]
    play: Callable[..., tuple]
    by_loser: bool = False
    value_unit: str | None = None
    value_name: str = "points"


@dataclass(frozen=True)
class StrengthParams:
    """Validated parameters: the module holding the game's ``GAME`` (:class:`Game`), the rules, the rungs' names and
    players (weakest first) and the rating anchor."""

    module: str
    rules: Any
    rungs: tuple[str, ...]
    players: tuple
    anchor: str


def game_of(params: StrengthParams) -> Game:
    """The :class:`Game` the parameters play (the ``GAME`` of their module)."""
    return importlib.import_module(params.module).GAME


def title_of(params: StrengthParams) -> str:
    """The printed name of the game the parameters play (its spec's ``title``, with its diacritics)."""
    from cardodds.sim.games import game

    return game(game_of(params).name).title


def pairs(params: StrengthParams) -> list[tuple[int, int]]:
    """The matches, ``(i, j)`` with ``i < j`` in the rungs' order."""
    r = len(params.rungs)
    return [(i, j) for i in range(r) for j in range(i + 1, r)]


def _rung_name(player, spec) -> str:
    """A rung's name: its player's, or for a player the user wrote its class (or function) name."""
    if getattr(type(player), "user_seat", False) is True:
        return player.player.label().rpartition(":")[2]
    return getattr(player, "name", str(spec))


def parse(module: str, sections: dict, where: str) -> StrengthParams:
    """``StrengthParams`` from ``[rules]`` and ``[strategies] rungs = [...]``, ``anchor``, for the game of
    ``module``."""
    game = importlib.import_module(module).GAME
    rules = game.parse_rules(sections.get("rules"), f"{where} [rules]")
    table = dict(sections.get("strategies") or {})
    w = f"{where} [strategies]"
    unknown = set(table) - {"rungs", "anchor"}
    if unknown:
        raise CardoddsError(f"{w}: unknown key {sorted(unknown)[0]!r} (a strength table takes rungs and anchor)")
    rungs = table.get("rungs")
    if not isinstance(rungs, list) or len(rungs) < 2:
        raise CardoddsError(f"{w}: rungs must list at least 2 players, weakest first")
    names, players = [], []
    for k, spec in enumerate(rungs):
        label = spec.get("label") if isinstance(spec, dict) else None
        if isinstance(spec, dict):
            spec = {key: v for key, v in spec.items() if key != "label"}
        player = game.parse_player(spec, rules, f"{w} rungs[{k}]")
        name = label if label is not None else _rung_name(player, spec)
        if not isinstance(name, str) or not name or "." in name:
            raise CardoddsError(f"{w} rungs[{k}]: a rung's label must be a name without dots, not {name!r}")
        if name in names:
            raise CardoddsError(f"{w} rungs[{k}]: rung {name!r} is listed twice (give one a label = \"...\")")
        names.append(name)
        players.append(player)
    anchor = table.get("anchor", names[0])
    if anchor not in names:
        raise CardoddsError(f"{w}: anchor {anchor!r} is not a rung (rungs: {', '.join(names)})")
    return StrengthParams(module, rules, tuple(names), tuple(players), anchor)


def seat_sides(players: int) -> tuple[np.ndarray, np.ndarray]:
    """A's seats in the two games of a deal, as masks: the even seats, then the odd ones."""
    even = np.arange(players) % 2 == 0
    return even, ~even


def game_scores(decider: np.ndarray, a_seats: np.ndarray, by_loser: bool) -> np.ndarray:
    """A's score in each game: 1 when A's side wins (``by_loser``: a B seat loses), 0 when B's does, ½ for -1."""
    decider = np.asarray(decider)
    a_decides = a_seats[np.maximum(decider, 0)]
    won = ~a_decides if by_loser else a_decides
    return np.where(decider < 0, 0.5, won.astype(float))


def run_chunk(params: StrengthParams, seed_seq: np.random.SeedSequence, n: int) -> Counts:
    """Deal ``n`` deals and play every match on them, both seatings; additive counts per match."""
    game, rules = game_of(params), params.rules
    matches = pairs(params)
    m = len(matches)
    counts: Counts = {"games": np.int64(n), "score": np.zeros(m), "score_sq": np.zeros(m),
                      "value": np.zeros(m), "value_sq": np.zeros(m), "nodecide": np.zeros(m, np.int64),
                      "cpu": np.zeros(m)}
    deals = game.deal(rules, seed_seq, n)
    sides = seat_sides(rules.players)
    for k, (i, j) in enumerate(matches):
        a, b = params.players[i], params.players[j]
        t = time.process_time()
        scores, values = [], []
        for a_seats in sides:
            seats = [a if s else b for s in a_seats]
            decider, value = game.play(rules, deals, seats, seed_seq)
            scores.append(game_scores(decider, a_seats, game.by_loser))
            counts["nodecide"][k] += int(np.count_nonzero(np.asarray(decider) < 0))
            if value is not None:
                values.append(np.asarray(value, float)[:, a_seats].mean(axis=1))
        counts["cpu"][k] = time.process_time() - t
        pair = (scores[0] + scores[1]) / 2
        counts["score"][k], counts["score_sq"][k] = pair.sum(), (pair ** 2).sum()
        if values:
            v = (values[0] + values[1]) / 2
            counts["value"][k], counts["value_sq"][k] = v.sum(), (v ** 2).sum()
    return counts


def measures(counts: Counts, params: StrengthParams) -> list:
    """``score.<a>.<b>``, ``draw.<a>.<b>`` and (games with a payoff) ``value.<a>.<b>`` for every match."""
    n = int(counts["games"])
    rows = []
    for k, (i, j) in enumerate(pairs(params)):
        ab = f"{params.rungs[i]}.{params.rungs[j]}"
        rows.append(Mean(f"score.{ab}", None, float(counts["score"][k]), float(counts["score_sq"][k]), n))
        rows.append(Proportion(f"draw.{ab}", None, int(counts["nodecide"][k]), 2 * n))
        if game_of(params).value_unit is not None:
            rows.append(Mean(f"value.{ab}", None, float(counts["value"][k]), float(counts["value_sq"][k]), n))
    return rows


def score_table(rows, rungs) -> "Any":
    """Each rung's score against each other rung (row against column) as a frame; the lower half is 1 − score."""
    import pandas as pd

    table = pd.DataFrame(np.nan, index=list(rungs), columns=list(rungs))
    for metric, est in zip(rows.metric, rows.estimate):
        if metric.startswith("score."):
            _, a, b = metric.split(".")
            table.loc[a, b], table.loc[b, a] = est, 1 - est
    return table


def charts(outcomes) -> dict:
    """The score of every rung against every other (a heat map: row against column)."""
    o = outcomes[0]
    params = o.result.experiment.params
    table = score_table(o.rows, params.rungs)
    return {"strength": Heatmap(table, f"{title_of(params)}: a rung's score against another "
                                "(row against column; win 1, draw ½; seats swapped on shared deals)", ".2f",
                                cmap="RdBu", colorbar_label="score")}


def seating(params: StrengthParams) -> list[str]:
    """The rungs (every pair plays at the table, seats alternating)."""
    return list(params.rungs)


def key_metrics(params_list) -> list[tuple[str, None]]:
    """The scores against the last rung (the strongest listed), from the closest rung down, then its mean payoffs."""
    params = params_list[0]
    last, others = params.rungs[-1], params.rungs[-2::-1]
    keys = [(f"score.{r}.{last}", None) for r in others]
    if game_of(params).value_unit is not None:
        keys += [(f"value.{r}.{last}", None) for r in others]
    return keys


def make_task(game: Game, parse_fn, labels: dict) -> Task:
    """The ``<game>.strength`` task; ``parse_fn(sections, where)`` must be a module-level function of the game's
    task module calling :func:`parse` with that module's name (so pool workers find it)."""
    units = {"score": "per deal pair", "draw": "per game"}
    if game.value_unit is not None:
        units["value"] = game.value_unit
    return Task(name=f"{game.name}.strength", parse=parse_fn, run_chunk=run_chunk, measures=measures, charts=charts,
                sections=("rules", "strategies"), units=units, labels=labels,
                key_metrics=key_metrics)


def labels(folder: str | Path) -> dict:
    """The metrics in words, per language: the score and draw rows every game shares (``cardodds/sim/labels.<lang>
    .toml``), then the game's payoff row (``value.<a>.<b>``, the ``[strength]`` table of the labels in its
    ``folder``; none for a game without a payoff)."""
    own = read_labels(folder, "strength")
    shared = read_labels(Path(__file__).parent, "strength")
    return {lang: {**said, **own.get(lang, {})} for lang, said in shared.items()}
