"""Odds and advice from a mid-game position: the tables of what playing moves out gave, and the budget that bought it.

A game's position module (:mod:`cardodds.sim.position`) plays moves out in worlds and answers
:class:`~cardodds.sim.position.Outcomes`.  Here batches of worlds are folded into a :class:`Tally` (per measure the
moves' means and co-moments, so memory does not grow with the worlds), and a tally gives two tables:

- :func:`odds_table`: each measure's mean and 95 % interval (Wilson for a chance, normal for points), or its exact
  value, labelled so, with no interval;
- :func:`advice_table`: every move, each measure's mean and interval, the paired difference against the best move by
  the game's ``RANK_BY`` with its interval from the per-world differences (every move sees the same worlds: common
  random numbers), ``best`` and ``tied`` (the paired interval holds 0: not told apart from the best at this budget),
  best first.

:func:`play` spends a budget — ``games`` worlds per move, or ``time`` seconds of batches — and says what it spent.
"""

from __future__ import annotations

import math
import time as clock
from dataclasses import dataclass

import numpy as np
import pandas as pd

from cardodds.analysis.estimate import Z95, wilson
from cardodds.sim.arguments import check_games, option, shown
from cardodds.sim.errors import CardoddsError

BATCH = 4096
"""The most worlds a move played in one call (memory is bounded by it, whatever the budget)."""


@dataclass(frozen=True)
class Tally:
    """Outcomes of moves over ``n`` worlds, summed: per measure the moves' means and their co-moments.

    Attributes
    ----------
    moves : tuple of str
        The moves, in the position module's order.
    n : int
        Worlds (1 for an exact answer).
    mean : dict of str to ndarray
        Measure → ``(moves,)``: each move's mean over the worlds.
    comoment : dict of str to ndarray
        Measure → ``(moves, moves)``: the sums over worlds of ``(x_i - mean_i) (x_j - mean_j)``, whence each
        move's variance and every pair's paired-difference variance.
    exact : bool
        The means are exact values.
    players : str
        Who played the seats, in words.
    """

    moves: tuple
    n: int
    mean: dict
    comoment: dict
    exact: bool = False
    players: str = ""


def tally(outcomes) -> Tally:
    """The :class:`Tally` of one :class:`~cardodds.sim.position.Outcomes`."""
    mean, comoment = {}, {}
    for name, values in outcomes.values.items():
        x = np.asarray(values, dtype=np.float64)
        mean[name] = x.mean(axis=1)
        centred = x - mean[name][:, None]
        comoment[name] = centred @ centred.T
    return Tally(tuple(outcomes.moves), outcomes.worlds, mean, comoment, outcomes.exact, outcomes.players)


def merged(a: Tally, b: Tally) -> Tally:
    """Two tallies of the same moves over different worlds as one (the pairwise update of Chan, Golub and LeVeque)."""
    if a.moves != b.moves:
        raise ValueError("tallies of different moves do not merge")
    n = a.n + b.n
    mean, comoment = {}, {}
    for name in a.mean:
        delta = b.mean[name] - a.mean[name]
        mean[name] = a.mean[name] + delta * (b.n / n)
        comoment[name] = a.comoment[name] + b.comoment[name] + np.outer(delta, delta) * (a.n * b.n / n)
    return Tally(a.moves, n, mean, comoment, a.exact and b.exact, a.players)


def _interval(kind: str, mean: float, var_sum: float, n: int, exact: bool) -> tuple[float, float]:
    """The 95 % interval of one mean: Wilson for a chance, normal for points; none (NaN) when exact."""
    if exact or n < 1:
        return math.nan, math.nan
    if kind == "chance":
        return wilson(round(mean * n), n)
    if n < 2:
        return math.nan, math.nan
    half = Z95 * math.sqrt(max(var_sum, 0.0) / (n - 1) / n)
    return mean - half, mean + half


def _kind(measures: dict, name: str) -> str:
    kind = measures[name][0]
    if kind not in ("chance", "points"):
        raise ValueError(f"measure {name!r}: kind must be 'chance' or 'points', not {kind!r}")
    return kind


def present(t: Tally, measures: dict) -> dict:
    """The measures of ``measures`` the outcomes hold, in its order (a game may leave out one that does not apply
    here: a declared Sâm's chance when none is declared)."""
    return {name: value for name, value in measures.items() if name in t.mean}


def odds_table(t: Tally, measures: dict, row: int = 0) -> pd.DataFrame:
    """The odds of move ``row`` (the one row of ``moves=None``): one row per measure the outcomes hold.

    Returns
    -------
    DataFrame
        Columns ``quantity, label, kind, estimate, ci_low, ci_high, exact`` (the interval NaN when exact).
    """
    rows = []
    for name, (_, label) in present(t, measures).items():
        kind, mean = _kind(measures, name), float(t.mean[name][row])
        low, high = _interval(kind, mean, float(t.comoment[name][row, row]), t.n, t.exact)
        rows.append({"quantity": name, "label": label, "kind": kind, "estimate": mean, "ci_low": low,
                     "ci_high": high, "exact": t.exact})
    return pd.DataFrame(rows, columns=["quantity", "label", "kind", "estimate", "ci_low", "ci_high", "exact"])


def _best(t: Tally, rank_by: tuple[str, int]) -> int:
    """The best move's index by the ranking measure (the first in the moves' order among equals)."""
    name, sign = rank_by
    return int(np.argmax(sign * t.mean[name]))


def advice_table(t: Tally, measures: dict, rank_by: tuple[str, int]) -> pd.DataFrame:
    """Every move's outcome and its paired difference against the best move, best first.

    Parameters
    ----------
    t : Tally
        The moves' outcomes.
    measures : dict
        Measure → ``(kind, text)`` (the position module's ``MEASURES``).
    rank_by : (str, int)
        The measure moves are ranked by and its sign (+1: higher is better).

    Returns
    -------
    DataFrame
        One row per move, sorted best first (equal values keep the moves' order): ``move, best, tied, exact``, for
        each measure ``m`` the outcomes hold the columns ``m, m_low, m_high``, then ``diff, diff_low, diff_high``: the move's value
        minus the best's in the ranking measure, with the 95 % normal interval of the per-world differences.
        ``tied``: the move is not the best and its paired interval holds 0 (exact: the difference is 0).
    """
    name, sign = rank_by
    measures = present(t, measures)
    if name not in measures or sign not in (1, -1):
        raise ValueError(f"rank_by must name a measure of the outcomes and a sign +1 or -1, not {rank_by!r}")
    best, columns = _best(t, rank_by), {"move": list(t.moves)}
    for m in measures:
        kind = _kind(measures, m)
        bounds = [_interval(kind, float(t.mean[m][i]), float(t.comoment[m][i, i]), t.n, t.exact)
                  for i in range(len(t.moves))]
        columns[m] = t.mean[m].astype(float)
        columns[f"{m}_low"] = [b[0] for b in bounds]
        columns[f"{m}_high"] = [b[1] for b in bounds]
    c = t.comoment[name]
    diff = t.mean[name] - t.mean[name][best]
    var_sum = np.diag(c) + c[best, best] - 2 * c[:, best]
    if t.exact or t.n < 2:
        low = high = np.full(len(t.moves), np.nan)
    else:
        half = Z95 * np.sqrt(np.maximum(var_sum, 0.0) / (t.n - 1) / t.n)
        low, high = diff - half, diff + half
    is_best = np.arange(len(t.moves)) == best
    if t.exact:
        tied = ~is_best & np.isclose(diff, 0.0, rtol=0.0, atol=1e-12)
    else:
        tied = ~is_best & ~((low > 0) | (high < 0))  # a NaN interval (one world) cannot tell the moves apart
    table = pd.DataFrame({"move": columns.pop("move"), "best": is_best, "tied": tied, "exact": t.exact, **columns,
                          "diff": diff, "diff_low": low, "diff_high": high})
    order = sorted(range(len(t.moves)), key=lambda i: (not is_best[i], -sign * diff[i]))
    return table.iloc[order].reset_index(drop=True)


@dataclass(frozen=True)
class Budget:
    """What a :func:`play` spent.

    Attributes
    ----------
    worlds : int
        Worlds played per move (0 for an exact answer).
    batches : int
        Calls of ``play_out``.
    seconds : float
        Wall time spent.
    asked : tuple
        The budget asked for: ``("worlds", 400)`` (worlds a move), ``("seconds", 1.5)`` or ``("exact", 0)``.
    """

    worlds: int
    batches: int
    seconds: float
    asked: tuple[str, float]

    @property
    def text(self) -> str:
        """The budget in words: ``"exact (no worlds played), 0.01 s"`` or ``"2,000 worlds a move in 2 batches …"``."""
        from cardodds.analysis.advice_text import budget_words

        return budget_words(self, "en")


def check_budget(games, time) -> None:
    """``games`` (worlds per move) and ``time`` (seconds): at most one, each valid; a one-line error otherwise."""
    if games is not None and time is not None:
        raise CardoddsError(f"{option('games')} and {option('time')} are two budgets: give one of them")
    if games is not None:
        check_games(games, option("games"))
    if time is not None and (isinstance(time, bool) or not isinstance(time, (int, float))
                             or not 0 < time < math.inf):
        raise CardoddsError(f"{option('time')} must be a number of seconds > 0, e.g. 1.5, not {shown(time)}")


def play(module, position, moves, players, seed: int, games: int | None = None,
         time: float | None = None) -> tuple[Tally, Budget]:
    """Moves played out from ``position``: exact when the game can say, else ``games`` worlds a move (default: the
    module's ``DEFAULT_WORLDS``) or batches until ``time`` seconds are spent (at least one).

    The worlds are numbered from 0 and played in batches of at most :data:`BATCH`, each folded into the tally, so
    the same ``games`` and seed give the same numbers whatever the machine; a ``time`` budget's worlds depend on the
    machine's speed.
    """
    for answer in batches(module, position, moves, players, seed, games=games, time=time):
        pass
    return answer


def batches(module, position, moves, players, seed: int, games: int | None = None, time: float | None = None,
            batch: int | None = None):
    """:func:`play` batch by batch: yields ``(tally so far, budget so far)`` after each batch (once when exact).

    ``batch`` is the most worlds a batch plays (default :data:`BATCH`; a ``time`` budget's default is a quarter of
    ``DEFAULT_WORLDS``); the batches of a ``games`` budget add up to it.
    """
    check_budget(games, time)
    start = clock.perf_counter()
    exact = module.exact(position, moves)
    if exact is not None:
        yield tally(exact), Budget(0, 0, clock.perf_counter() - start, ("exact", 0))
        return
    if time is None:
        games = module.DEFAULT_WORLDS if games is None else games
        sizes, asked = _sizes(games, batch or BATCH), ("worlds", games)
    else:
        sizes, asked = _forever(batch or max(1, min(BATCH, module.DEFAULT_WORLDS // 4))), ("seconds", time)
    total, done, count = None, 0, 0
    for size in sizes:
        began = clock.perf_counter()
        part = tally(module.play_out(position, moves, players, size, seed, first_world=done))
        total = part if total is None else merged(total, part)
        done, count = done + size, count + 1
        now = clock.perf_counter()
        yield total, Budget(done, count, now - start, asked)
        if time is not None and now - start + (now - began) > time:  # the next batch would overrun
            return


def _sizes(games: int, batch: int):
    """``games`` in batches of at most ``batch``."""
    for first in range(0, games, batch):
        yield min(batch, games - first)


def _forever(size: int):
    while True:
        yield size
