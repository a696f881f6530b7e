"""The report's strength tables: a ``<game>.strength`` run's scores, payoffs, ratings and times, in words.

From the run's rows (``score.<a>.<b>`` … of :mod:`cardodds.sim.strength_task`) the report shows each rung's score
against every other (row against column, the lower half as 1 − the upper), A's mean payoff where the game has one,
and per rung its Bradley–Terry rating (Elo points, the config's anchor = 0, 95 % interval;
:func:`cardodds.analysis.strength.bradley_terry`) beside its CPU time a game.  The time is split from the matches'
CPU seconds (the run's counts, not its rows) by least squares, each match's time a game being the sum of its two
rungs' (a model: the engine's own cost is shared out, and a pair of compiled players runs far faster than one with
a numpy player), so it reads as an order of magnitude.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from cardodds.analysis import i18n
from cardodds.analysis.numbers import fmt_ci, fmt_num
from cardodds.analysis.strength import Match, bradley_terry
from cardodds.sim.errors import CardoddsError
from cardodds.sim.strength_task import pairs
from cardodds.vocabulary import table
from cardodds.vocabulary import word as catalogue_word

CHART_TITLE = "{game}: each rung's rating (Bradley–Terry, Elo points, {anchor} = 0)"
CHART_AXIS = "rating (Elo points)"
"""The ratings chart's title and axis, in English: the chart translates its own text (``i18n.chart``), once."""


def word(key: str, **fields):
    """The tables' words ``key`` (the catalogue's ``strength.<key>``, ``vocabulary/report.<lang>.toml``) in the
    report's language, filled; the chart's words are :data:`CHART_TITLE` and :data:`CHART_AXIS`."""
    return catalogue_word(f"strength.{key}", i18n.language(), **fields)


def _row(rows: pd.DataFrame, metric: str):
    hit = rows[rows.metric == metric]
    return None if hit.empty else hit.iloc[0]


def matches(rows: pd.DataFrame, params) -> list[Match]:
    """Each pair's score as a :class:`cardodds.analysis.strength.Match` (times zero: they are not in the rows)."""
    out = []
    for i, j in pairs(params):
        a, b = params.rungs[i], params.rungs[j]
        r = _row(rows, f"score.{a}.{b}")
        d = _row(rows, f"draw.{a}.{b}")
        out.append(Match(a, b, int(r.n), float(r.estimate), float(r.ci_low), float(r.ci_high),
                         float(d.estimate), 0.0, 0.0, 0.0))
    return out


def rung_seconds(params, cpu: np.ndarray, games: int) -> np.ndarray:
    """Each rung's CPU seconds a game: least squares of ``cpu[k] / (2 games) = t_a + t_b`` over the matches,
    clipped at 0."""
    m = pairs(params)
    design = np.zeros((len(m), len(params.rungs)))
    for k, (i, j) in enumerate(m):
        design[k, i] = design[k, j] = 1
    t = np.linalg.lstsq(design, np.asarray(cpu, float) / max(2 * games, 1), rcond=None)[0]
    return np.maximum(t, 0.0)


def _matrix(rows: pd.DataFrame, params, prefix: str, flip) -> list[list[str]]:
    cells = []
    for a in params.rungs:
        line = [f"`{a}`"]
        for b in params.rungs:
            r, back = _row(rows, f"{prefix}.{a}.{b}"), _row(rows, f"{prefix}.{b}.{a}")
            if r is not None:  # 3 digits: a row of every rung fits a 1,280 px page
                line.append(f"{fmt_num(r.estimate, 3)} {fmt_ci(r.ci_low, r.ci_high, 3)}")
            elif back is not None:
                lo, hi = sorted((flip(back.ci_high), flip(back.ci_low)))
                line.append(f"{fmt_num(flip(back.estimate), 3)} {fmt_ci(lo, hi, 3)}")
            else:
                line.append("")
        cells.append(line)
    return cells


def _elo(x: float) -> str:
    """Elo points as a whole number, with a true minus sign."""
    return i18n.local(f"{x:,.0f}").replace("-", "−")


def ratings(outcome) -> list:
    """The run's Bradley–Terry ratings (:class:`cardodds.analysis.strength.Rating`), anchor first; raises
    ``CardoddsError`` when a rung won or lost every game."""
    params = outcome.result.experiment.params
    return bradley_terry(matches(outcome.rows, params), anchor=params.anchor)


def strength_parts(outcome, game_title: str) -> tuple[list, dict, list[str]]:
    """``(tables, figures, notes)`` of a strength run for its report section."""
    from cardodds.analysis.charts import render
    from cardodds.sim.chart_specs import Bars
    from cardodds.sim.strength_task import game_of

    exp = outcome.result.experiment
    params, rows = exp.params, outcome.rows
    head = [word("rung"), *params.rungs]
    tables = [(word("scores"), head, _matrix(rows, params, "score", lambda x: 1 - x))]
    game = game_of(params)
    if game.value_unit is not None:
        value = table("strength", i18n.language()).get(game.value_name, game.value_name)
        tables.append((word("values", value=value), head, _matrix(rows, params, "value", lambda x: -x)))
    figures, notes = {}, []
    cpu = np.asarray(outcome.result.counts.get("cpu", np.zeros(len(pairs(params)))))
    seconds = rung_seconds(params, cpu, int(outcome.result.counts["games"]))
    try:
        rated = {r.name: r for r in ratings(outcome)}
    except CardoddsError as exc:
        notes.append(word("no_rating", why=exc))
        rated = {}
    cells = []
    for name, t in zip(params.rungs, seconds):
        r = rated.get(name)
        elo = "—" if r is None else _elo(r.elo)
        ci = "" if r is None else f"[{_elo(r.low)}{'; ' if i18n.language() in i18n.DECIMAL_COMMA else ', '}{_elo(r.high)}]"
        cells.append([f"`{name}`", elo, ci, fmt_num(1000 * t)])
    tables.append((word("ratings", anchor=params.anchor), word("rating_head"), cells))
    if rated:
        best = max(rated.values(), key=lambda r: r.elo)
        notes.append(word("strongest", best=f"`{best.name}`", elo=_elo(best.elo), anchor=f"`{params.anchor}`"))
        frame = pd.DataFrame({"label": [r.name for r in rated.values()], "metric": "rating", "seat": None,
                              "estimate": [r.elo for r in rated.values()], "ci_low": [r.low for r in rated.values()],
                              "ci_high": [r.high for r in rated.values()], "exact": None, "arm": exp.arm})
        figures["ratings"] = render(Bars(frame, CHART_TITLE.format(game=game_title, anchor=params.anchor),
                                         label_col="label", xlabel=CHART_AXIS))
    return tables, figures, notes
