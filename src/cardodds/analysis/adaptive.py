"""Adaptive precision: keep adding chunks until the requested intervals are narrow enough.

A run is extended, never restarted: chunk ``k`` is the same whatever the final number of games, so the run after each
step equals a fixed-size run of that many games, and the same seed and target always stop at the same number of games.
"""

from __future__ import annotations

import dataclasses
import difflib
import math
import re
from pathlib import Path

import numpy as np
import pandas as pd

from cardodds.analysis.estimate import summarize
from cardodds.analysis.suite import Outcome, run_one
from cardodds.sim.arguments import option
from cardodds.sim.errors import CardoddsError
from cardodds.sim.experiment import Experiment


def parse_metric(text: str) -> tuple[str, int | None]:
    """``"thien_u"`` or ``"waiting:1"`` (metric, optional seat)."""
    name, _, seat = text.partition(":")
    if not name:
        raise CardoddsError(f"{option('metrics')} needs a metric name, e.g. thien_u or waiting:1, not {text!r}")
    if not seat:
        return name, None
    try:
        return name, int(seat)
    except ValueError:
        raise CardoddsError(f"{option('metrics')} {text!r}: the seat after ':' must be a whole number") from None


def metric_vocabulary(exp: Experiment) -> set[tuple[str, int | None]]:
    """Every ``(metric, seat)`` row the experiment's task can report, found without playing the run.

    A task's rows depend on its counts (an empty histogram bin or condition has no row), so the names are read from
    its own ``summarize`` on counts shaped like a real chunk's (one game played in this process) with every count set
    to 1: every bin and condition is then non-empty.  Nothing is declared twice, so the list cannot drift from the task.
    """
    from cardodds.sim.streams import chunk_seed

    counts = exp.task.run_chunk(exp.params, chunk_seed(exp.seed, 0), 1)
    filled = {key: (np.int64(1_000_000) if key == "games" else np.ones_like(value)) for key, value in counts.items()}
    with np.errstate(all="ignore"):
        try:
            rows = summarize(exp.task, filled, exp.params)
        except Exception:  # a task whose counts must be consistent: its real one-game rows still name most metrics
            rows = summarize(exp.task, counts, exp.params)
    return {(row["metric"], row["seat"]) for row in rows}


def check_metrics(exp: Experiment, metrics: list[tuple[str, int | None]]) -> None:
    """Raise a one-line error for a ``--metric`` the experiment does not report, before any game is played."""
    if not metrics:
        return
    vocabulary = metric_vocabulary(exp)
    names = sorted({name for name, _ in vocabulary})
    for name, seat in metrics:
        if name not in names:
            close = difflib.get_close_matches(name, names, n=3)
            hint = f"did you mean {', '.join(close)}?" if close else f"it has {', '.join(n for n in names if not _is_bin(n))}"
            raise CardoddsError(f"{option('metrics')} {name}: experiment '{exp.name}' ({exp.task.name}) has no such "
                                f"metric; {hint}")
        seats = sorted(s for n, s in vocabulary if n == name and s is not None)
        if seat is not None and seat not in seats:
            where = f"seats {', '.join(map(str, seats))}" if seats else "no seats (a table-level metric: drop ':seat')"
            raise CardoddsError(f"{option('metrics')} {name}:{seat}: '{name}' has {where}")


def _is_bin(name: str) -> bool:
    return bool(re.search(r"\.\d+$", name))


def check_precision(precision: float, max_games: int, games: int) -> None:
    """The arguments of an adaptive run, checked before it starts."""
    if not precision > 0 or math.isinf(precision):
        raise CardoddsError(f"{option('precision')} must be a half-width > 0, e.g. 0.001, not {precision}")
    if max_games < games:
        raise CardoddsError(f"{option('max_games')} ({max_games:,}) is below the starting number of games ({games:,})")


def half_widths(rows: pd.DataFrame, metrics: list[tuple[str, int | None]]) -> pd.Series:
    """The larger side of each targeted row's interval, indexed by ``metric[:seat]``.

    With no metrics named, every row that is not a histogram bin (``name.<k>``) is targeted.
    """
    if metrics:
        mask = pd.Series(False, index=rows.index)
        for name, seat in metrics:
            hit = (rows.metric == name) & (True if seat is None else rows.seat == seat)
            if not hit.any():
                at = "" if seat is None else f":{seat}"
                raise CardoddsError(f"{option('metrics')} {name}{at}: no such result row")
            mask |= hit
        chosen = rows[mask]
    else:
        chosen = rows[~rows.metric.str.contains(r"\.\d+$")]
    width = np.maximum(chosen.estimate - chosen.ci_low, chosen.ci_high - chosen.estimate)
    labels = chosen.metric + chosen.seat.map(lambda s: "" if pd.isna(s) else f":{s}")
    return pd.Series(width.to_numpy(), index=labels.to_numpy())


def next_games(games: int, worst: float, precision: float, chunk_size: int, max_games: int) -> int:
    """Games for the next step: the half-width shrinks as 1/sqrt(games); at least one more chunk, at most 8×."""
    wanted = games * (worst / precision) ** 2 * 1.05
    wanted = min(max(wanted, games + chunk_size), 8 * games, max_games)
    return int(math.ceil(wanted / chunk_size) * chunk_size) if wanted < max_games else max_games


def run_to_precision(
    exp: Experiment,
    out_dir: Path,
    *,
    precision: float,
    max_games: int,
    metrics: list[tuple[str, int | None]],
    jobs: int,
    resume: bool,
    progress,
) -> Outcome:
    """Run ``exp`` from ``exp.games`` games upward until every targeted half-width is below ``precision``."""
    check_precision(precision, max_games, exp.games)
    games, steps, results = exp.games, [], []
    while True:
        outcome = run_one(dataclasses.replace(exp, games=games), out_dir, jobs=jobs, resume=resume or bool(steps), progress=progress)
        results.append(outcome.result)
        widths = half_widths(outcome.rows, metrics).dropna()
        worst_label, worst = widths.idxmax(), float(widths.max())
        steps.append((games, worst_label, worst))
        if worst < precision or games >= max_games:
            break
        games = next_games(games, worst, precision, exp.chunk_size, max_games)
    reached = worst < precision
    # What this command computed is every step's work (each step adds chunks); the rest was computed earlier.
    computed, reused = sum(r.games_computed for r in results), outcome.result.games - sum(r.games_computed for r in results)
    outcome.result = dataclasses.replace(
        outcome.result, games_computed=computed, games_reused=reused, seconds=sum(r.seconds for r in results),
        meta={**outcome.result.meta, "games_computed": computed, "games_reused": reused},
    )
    trail = ", ".join(f"{g:,} (±{w:.3g} on {label})" for g, label, w in steps)
    outcome.notes = (
        f"Adaptive precision: target half-width {precision:g} on "
        f"{', '.join(f'{m}' + ('' if s is None else f':{s}') for m, s in metrics) or 'every metric'}; "
        + (f"reached after {games:,} games." if reached else f"NOT reached: stopped at the cap of {max_games:,} games.")
        + f" Steps: {trail}."
    )
    outcome.precision_reached = reached
    return outcome
