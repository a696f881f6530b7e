"""Charts of result tables: distributions, convergence, bars with intervals, heat maps.

Every function returns a ``matplotlib.figure.Figure`` drawn on the Agg canvas without touching pyplot (no global figure
state, nothing to close, safe in worker processes).  Text uses DejaVu Sans, which has the Vietnamese diacritics, and
is written in the report's language (:mod:`cardodds.analysis.i18n`): titles, axis and legend words through ``i18n.chart``,
metrics through the drawing task's labels (``i18n.metric``).
"""

from __future__ import annotations

import re
from contextlib import contextmanager

import numpy as np
import pandas as pd
from matplotlib import rc_context
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.text import Text
from matplotlib.ticker import ScalarFormatter

from cardodds.analysis.estimate import wilson
from cardodds.analysis.i18n import arm as _arm
from cardodds.analysis.i18n import chart as _words
from cardodds.analysis.i18n import chart_or_same as _maybe_words
from cardodds.analysis.i18n import metric as _metric
from cardodds.analysis.i18n import parameter as _parameter
from cardodds.analysis.i18n import unit as _unit
from cardodds.analysis.i18n import language
from cardodds.analysis.numbers import DECIMAL_COMMA, local
from cardodds.sim.chart_specs import Bars, ChartSpec, Convergence, Distribution, Heatmap

_RC = {
    "font.family": "DejaVu Sans",
    "axes.grid": True,
    "grid.alpha": 0.3,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.titlesize": 12,
    "axes.labelsize": 10,
    "legend.fontsize": 9,
}
_EXACT_STYLE = dict(marker="D", color="black", markersize=5, linestyle="none", zorder=5)


@contextmanager
def _style():
    with rc_context(_RC):
        yield


def _figure(width: float = 8.0, height: float = 4.5) -> Figure:
    fig = Figure(figsize=(width, height), layout="constrained")
    FigureCanvasAgg(fig)
    return fig


class _LocalFormatter(ScalarFormatter):
    """Matplotlib's tick numbers in the report's language (a decimal comma in Vietnamese)."""

    def __call__(self, x, pos=None):
        return local(super().__call__(x, pos))

    def get_offset(self):
        return local(super().get_offset())


def _local_ticks(ax) -> None:
    """Write the plain-number ticks of ``ax`` in the report's language (log axes write powers of ten: left as they
    are)."""
    if language() not in DECIMAL_COMMA:
        return
    for axis in (ax.xaxis, ax.yaxis):
        if type(axis.get_major_formatter()) is ScalarFormatter:
            axis.set_major_formatter(_LocalFormatter())


def chart_texts(fig: Figure) -> list[str]:
    """The words of a drawn chart, its title first: titles, axis labels, legend entries and tick labels that are not
    plain numbers, each once (the page's caption and alternative text, and what the tests read for codes).  The chart
    must have been drawn (saved) already: its tick labels are set by drawing, and drawing again would cost as much."""
    titles = [fig._suptitle] if fig._suptitle is not None else []
    titles += [t for ax in fig.axes for t in (ax.title, ax._left_title, ax._right_title)]
    texts = [t.get_text() for t in titles + fig.findobj(Text)]
    return [t for t in dict.fromkeys(texts) if re.search(r"[^\W\d_]", t) and not t.startswith("$")]


def _seat_label(seat) -> str:
    return _words("table" if seat is None or pd.isna(seat) else f"seat {int(seat)}")


def _whiskers(est, lo, hi) -> np.ndarray:
    est, lo, hi = (np.asarray(a, dtype=float) for a in (est, lo, hi))
    err = np.vstack([est - lo, hi - est])
    return np.where(np.isfinite(err), np.clip(err, 0, None), 0.0)


def _arms(rows_df: pd.DataFrame) -> list:
    """The arms of a result table in order of appearance (``[None]`` for a table without an ``arm`` column)."""
    return list(dict.fromkeys(rows_df["arm"])) if "arm" in rows_df else [None]


def _of_arm(rows_df: pd.DataFrame, arm) -> pd.DataFrame:
    return rows_df if arm is None else rows_df[rows_df["arm"] == arm]


def _same_seat(seats: pd.Series, seat) -> pd.Series:
    return seats.isna() if seat is None or pd.isna(seat) else (seats == seat).fillna(False)


def distribution_chart(rows_df: pd.DataFrame, metric: str, title: str, seats=None, *,
                       xlabel: str | None = None, ylabel: str = "probability") -> Figure:
    """Bars of the distribution ``metric.k`` (one bar group per seat and arm) with 95 % whiskers and exact markers.

    Parameters
    ----------
    rows_df : DataFrame
        A result table (``rows_frame``, one or several arms); the rows named ``f"{metric}.{k}"`` for integer ``k``
        are drawn.
    metric : str
        The histogram's metric name (as given to ``histogram_rows``).
    title : str
        The chart title.
    seats : list of int or None, optional
        Seats to draw (``None`` inside the list means the table-level rows); default every seat present.

    Returns
    -------
    Figure
        One bar container per (seat, arm), labelled by seat, by arm, or by both when both vary; the exact pmf as
        black diamonds where known.
    """
    pattern = re.compile("^" + re.escape(metric) + r"\.(\d+)$")
    ks = rows_df["metric"].astype(str).str.extract(pattern)[0]
    sel = rows_df[ks.notna()].assign(k=ks[ks.notna()].astype(int))
    if sel.empty:
        raise ValueError(f"no rows '{metric}.<k>' to draw")
    present = list(dict.fromkeys(sel["seat"].tolist()))
    wanted = present if seats is None else list(seats)
    arms = _arms(sel)
    groups = [(seat, arm) for seat in wanted for arm in arms]
    values = np.array(sorted(sel["k"].unique()))
    width = 0.8 / len(groups)
    with _style():
        fig = _figure()
        ax = fig.add_subplot()
        exact_drawn = False
        for i, (seat, arm) in enumerate(groups):
            part = _of_arm(sel, arm)
            part = part[_same_seat(part["seat"], seat)]
            if part.empty:
                raise ValueError(f"no rows '{metric}.<k>' for {_seat_label(seat)}" + (f", arm {arm}" if arm else ""))
            part = part.set_index("k").reindex(values)
            x = np.arange(len(values)) + (i - (len(groups) - 1) / 2) * width
            est = part["estimate"].to_numpy(dtype=float)
            names = (([_arm(arm)] if len(arms) > 1 else [])
                     + ([_seat_label(seat)] if len(wanted) > 1 or len(arms) == 1 else []))
            label = ", ".join(names)
            ax.bar(x, np.nan_to_num(est), width=width, label=label,
                   yerr=_whiskers(est, part["ci_low"], part["ci_high"]), capsize=3, alpha=0.85,
                   error_kw=dict(elinewidth=1, ecolor="0.25"))
            exact = part["exact"].to_numpy(dtype=float)
            if np.isfinite(exact).any():
                ax.plot(x, exact, label=None if exact_drawn else _words("exact"), **_EXACT_STYLE)
                exact_drawn = True
        ax.set_xticks(np.arange(len(values)), [str(v) for v in values])
        ax.set_xlabel(_words(xlabel) if xlabel else _metric(metric))
        ax.set_ylabel(_words(ylabel))
        ax.set_title(_words(title))
        ax.legend()
        _local_ticks(ax)
    return fig


def convergence_chart(curves: dict, exact, title: str) -> Figure:
    """Each running estimate ``successes / games`` against games played (log x) with its Wilson 95 % band.

    Parameters
    ----------
    curves : dict of str to (array_like, array_like)
        By legend label (an arm, or what is estimated): cumulative games and successes after each chunk (equal
        lengths, games increasing and positive).  Identical curves are drawn once, their labels joined by " = "
        (arms that cannot differ, e.g. Thiên ù on the same deals).
    exact : float or None
        The exact value, drawn as a horizontal dashed line when given.
    title : str
        Chart title.
    """
    if not curves:
        raise ValueError("no curves to draw")
    distinct: dict[bytes, tuple[list[str], np.ndarray, np.ndarray]] = {}
    for label, (games_cum, successes_cum) in curves.items():
        g = np.asarray(games_cum, dtype=float)
        s = np.asarray(successes_cum, dtype=float)
        if g.shape != s.shape or g.ndim != 1 or g.size == 0:
            raise ValueError("games_cum and successes_cum must be non-empty 1-D arrays of equal length")
        distinct.setdefault(np.concatenate([g, s]).tobytes(), ([], g, s))[0].append(_arm(label))
    with _style():
        fig = _figure()
        ax = fig.add_subplot()
        log = True
        for i, (labels, g, s) in enumerate(distinct.values()):
            label = _words("estimate") if len(curves) == 1 else " = ".join(labels)  # one curve: no arm to name
            keep = g > 0
            g, s = g[keep], s[keep]
            lo, hi = wilson(s, g)
            line, = ax.plot(g, s / g, marker="o" if g.size < 40 else None, markersize=3, label=str(label))
            ax.fill_between(g, lo, hi, alpha=0.25 / len(distinct) ** 0.5, color=line.get_color(),
                            label=_words("95 % Wilson interval") if i == 0 else None)
            log = log and g.size > 1 and g[-1] > g[0]
        if exact is not None and np.isfinite(exact):
            ax.axhline(float(exact), color="black", linestyle="--", linewidth=1, label=_words("exact"))
        if log:
            ax.set_xscale("log")
        ax.set_xlabel(_words("games played"))
        ax.set_ylabel(_words("estimate"))
        ax.set_title(_words(title))
        ax.legend()
        _local_ticks(ax)
    return fig


MIN_CASES = 20
"""A bar whose every arm rests on fewer cases than this is left out of a bar chart: its interval spans most of the axis
and says nothing (the rows stay in the tables)."""

DOTS_FROM = 25
"""A bar chart of several arms with at least this many bars draws each estimate as a dot with its whiskers, the arms
side by side in one narrow row per name, instead of a bar each: a compact chart of many names."""


def _common_words(labels: list[str]) -> tuple[str, str]:
    """The words every label starts with and ends with (``("win calls the cước ", "")``), each side kept only when every
    label keeps a word of its own between them."""
    split = [label.split(" ") for label in labels]
    shortest = min(len(words) for words in split)
    head = 0
    while head < shortest - 1 and len({tuple(w[:head + 1]) for w in split}) == 1:
        head += 1
    tail = 0
    while tail < shortest - 1 - head and len({tuple(w[len(w) - tail - 1:]) for w in split}) == 1:
        tail += 1
    return " ".join(split[0][:head]) + " " * bool(head), " " * bool(tail) + " ".join(split[0][len(split[0]) - tail:])


def _names_in_words(keys: list[tuple[str, str]], label_col: str) -> tuple[list[str], str]:
    """The label of each (name, seat) bar, and what they all share (the category axis' words, or "").

    A name that repeats gets its seat; three names or more that share leading or trailing words show only their own
    part, the shared words going to the axis ("win calls the cước …" once, not on every bar)."""
    names = [name for name, _ in keys]
    shown = {name: _metric(name) if label_col == "metric" else name for name in names}
    if len(set(names)) == len(names) >= 3:
        head, tail = _common_words([shown[n] for n in names])
        if head or tail:
            return [shown[n][len(head):len(shown[n]) - len(tail)] for n in names], f"{head}…{tail}".strip()
    return [shown[name] if names.count(name) == 1 else f"{shown[name]} ({_seat_label(seat or None)})"
            for name, seat in keys], ""


def _value_words(unit: str, fallback: str) -> str:
    """A value axis' words from its rows' unit: "probability" for a rate, the unit in words for anything else."""
    if not unit:
        return _words(fallback)
    return _words("probability") if unit.startswith("per ") else _unit(unit)


def bar_chart(rows_df: pd.DataFrame, title: str, label_col: str = "metric", *, horizontal: bool = True,
              log: bool = False, xlabel: str = "estimate") -> Figure:
    """Bars with 95 % whiskers and exact markers: one bar per row, grouped by arm when the rows hold several.

    Parameters
    ----------
    rows_df : DataFrame
        The rows to draw, in order (a slice of a result table, one or several arms).  Rows of several units (a chance
        and points) are drawn in one panel per unit, side by side: one quantity per axis.  A name whose every arm has
        fewer than :data:`MIN_CASES` cases is left out.
    title : str
        The chart title.
    label_col : str
        Column that names each bar; a name that repeats within an arm gets the seat appended.
    horizontal : bool
        Horizontal bars (default; long metric names stay readable) or vertical.
    log : bool
        Logarithmic value axis, for estimates spanning orders of magnitude.
    xlabel : str
        The value axis' words when the rows have no unit (else the unit says it).

    Returns
    -------
    Figure
        Per panel, one bar container per arm (its legend label: the arm in words when there are several), a bar per
        (name, seat) in every container, NaN-free heights (0 where an arm lacks the row); with many bars of several
        arms (:data:`DOTS_FROM`), dots with whiskers instead of bars.
    """
    if rows_df.empty:
        raise ValueError("no rows to draw")
    if "n" in rows_df:
        names = rows_df[label_col].astype(str) + "|" + rows_df["seat"].astype("string").fillna("")
        enough = rows_df.assign(_key=names).groupby("_key", sort=False)["n"].max()
        kept = rows_df[names.map(enough).fillna(MIN_CASES) >= MIN_CASES]
        rows_df = kept if len(kept) else rows_df
    units = list(dict.fromkeys(rows_df["unit"].astype(str))) if "unit" in rows_df else [""]
    arms = _arms(rows_df)
    panels = [rows_df[rows_df["unit"].astype(str) == u] if u else rows_df for u in units]
    most = max(len(dict.fromkeys(zip(p[label_col].astype(str), p["seat"].astype("string").fillna("")))) for p in panels)
    dots = len(arms) > 1 and most * len(arms) >= DOTS_FROM
    per_name = (0.28 + 0.06 * len(arms)) if dots else (0.3 + 0.2 * len(arms))
    with _style():
        width = 8.0 if len(panels) == 1 else 4.0 * len(panels) + 1.5
        fig = _figure(width, max(3.0, per_name * most + 1.5) if horizontal else 4.5)
        axes = [fig.add_subplot(1, len(panels), i + 1) for i in range(len(panels))]
        for ax, part, unit in zip(axes, panels, units):
            words = _words(xlabel) if len(panels) == 1 else _value_words(unit, xlabel)
            _bar_panel(ax, part, arms, label_col, horizontal, log, words, dots)
        fig.suptitle(_words(title)) if len(panels) > 1 else axes[0].set_title(_words(title))
        # Outside the axes: long bars and whiskers fill the plot area.
        handles, labels = axes[0].get_legend_handles_labels()
        legend = dict(title=_words("arm") if len(arms) > 1 else None)
        if max(map(len, labels), default=0) > 24:  # long words: under the plot, which keeps the whole width
            fig.legend(handles, labels, loc="outside lower center", ncols=2, **legend)
        else:
            axes[-1].legend(handles, labels, loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0, **legend)
    return fig


def _bar_panel(ax, rows_df: pd.DataFrame, arms: list, label_col: str, horizontal: bool, log: bool, value_words: str,
               dots: bool) -> None:
    """One panel of :func:`bar_chart`: the rows of one unit, a bar (or dot) per (name, seat) and arm."""
    keys = list(dict.fromkeys(zip(rows_df[label_col].astype(str), rows_df["seat"].astype("string").fillna(""))))
    labels, shared = _names_in_words(keys, label_col)
    slot = 0.8 / len(arms)
    centre = np.arange(len(keys))
    exact_drawn = False
    for i, arm in enumerate(arms):
        part = _of_arm(rows_df, arm)
        index = list(zip(part[label_col].astype(str), part["seat"].astype("string").fillna("")))
        part = part.set_axis(pd.MultiIndex.from_tuples(index)).reindex(pd.MultiIndex.from_tuples(keys))
        est = part["estimate"].to_numpy(dtype=float)
        err = _whiskers(est, part["ci_low"], part["ci_high"])
        exact = part["exact"].to_numpy(dtype=float) if "exact" in part else np.full(len(est), np.nan)
        pos = centre + (i - (len(arms) - 1) / 2) * slot
        label = _words("estimate (95 % CI)") if len(arms) == 1 else _arm(arm)
        if dots:
            xy = (est, pos) if horizontal else (pos, est)
            ax.errorbar(*xy, **{("xerr" if horizontal else "yerr"): err}, fmt="o", markersize=4, capsize=2,
                        elinewidth=1, label=label)
        else:
            style = dict(capsize=3, alpha=0.85, label=label, error_kw=dict(elinewidth=1, ecolor="0.25"))
            if horizontal:
                ax.barh(pos, np.nan_to_num(est), height=slot, xerr=err, **style)
            else:
                ax.bar(pos, np.nan_to_num(est), width=slot, yerr=err, **style)
        if np.isfinite(exact).any():
            xy = (exact, pos) if horizontal else (pos, exact)
            ax.plot(*xy, label=None if exact_drawn else _words("exact"), **_EXACT_STYLE)
            exact_drawn = True
    if horizontal:
        ax.set_yticks(centre, labels)
        ax.invert_yaxis()
        ax.set_xlabel(value_words)
        ax.set_ylabel(shared)
        if log:
            ax.set_xscale("log")
    else:
        ax.set_xticks(centre, labels, rotation=30, ha="right")
        ax.set_ylabel(value_words)
        ax.set_xlabel(shared)
        if log:
            ax.set_yscale("log")
    _local_ticks(ax)


def _format_cell(value: float, fmt: str) -> str:
    if not np.isfinite(value):
        return ""
    shown = local(fmt.format(value) if "{" in fmt else format(value, fmt))
    return shown.replace("%", " %") if language() in DECIMAL_COMMA else shown


def heatmap(table_df: pd.DataFrame, title: str, fmt: str = ".3f", *, cmap: str = "viridis",
            colorbar_label: str = "") -> Figure:
    """A heat map of a 2-D table (e.g. loss rate, rows = seat, columns = players), each cell annotated.

    Parameters
    ----------
    table_df : DataFrame
        Numeric values; the index and columns (and their names) label the axes.  NaN cells stay blank.
    title : str
        The chart title.
    fmt : str
        Cell format: a format spec (``".1%"``) or a ``str.format`` template (``"{:.3f}"``).
    """
    values = table_df.to_numpy(dtype=float)
    if values.ndim != 2 or values.size == 0:
        raise ValueError("heatmap needs a non-empty 2-D table")
    with _style():
        fig = _figure(max(4.0, 1.0 * values.shape[1] + 2.5), max(3.0, 0.6 * values.shape[0] + 1.8))
        ax = fig.add_subplot()
        ax.grid(False)
        masked = np.ma.masked_invalid(values)
        im = ax.imshow(masked, cmap=cmap, aspect="auto")
        fig.colorbar(im, ax=ax, label=_words(colorbar_label))
        ax.set_xticks(np.arange(values.shape[1]), [_maybe_words(str(c)) for c in table_df.columns])
        ax.set_yticks(np.arange(values.shape[0]), [_maybe_words(str(r)) for r in table_df.index])
        ax.set_xlabel(str(table_df.columns.name or ""))
        ax.set_ylabel(str(table_df.index.name or ""))
        finite = values[np.isfinite(values)]
        mid = (finite.min() + finite.max()) / 2 if finite.size else 0.0
        for (i, j), v in np.ndenumerate(values):
            text = _format_cell(v, fmt)
            if text:
                ax.text(j, i, text, ha="center", va="center", fontsize=9,
                        color="white" if v < mid else "black")
        ax.set_title(_words(title))
        _local_ticks(fig.axes[-1])  # the colour bar
    return fig


def sweep_chart(frame: pd.DataFrame, parameter: str, title: str) -> Figure:
    """Each metric against the swept parameter, with 95 % whiskers: one panel per metric (and seat).

    ``frame`` holds result rows with a ``value`` column (the parameter's value for that arm).
    """
    if frame.empty:
        raise ValueError("no rows to draw")
    groups = list(frame.groupby(["metric", frame.seat.astype("string").fillna("table")], sort=False))
    with _style():
        fig = _figure(max(7.0, 4.2 * min(len(groups), 3)), 3.6 * ((len(groups) + 2) // 3) + 0.4)
        for i, ((metric, seat), rows) in enumerate(groups):
            ax = fig.add_subplot((len(groups) + 2) // 3, min(len(groups), 3), i + 1)
            numeric = pd.api.types.is_numeric_dtype(rows["value"]) and not pd.api.types.is_bool_dtype(rows["value"])
            rows = rows.sort_values("value") if numeric else rows
            x = rows["value"].to_numpy(dtype=float) if numeric else np.arange(len(rows))
            est = rows["estimate"].to_numpy(dtype=float)
            ax.errorbar(x, est, yerr=_whiskers(est, rows["ci_low"], rows["ci_high"]), marker="o", capsize=3)
            if not numeric:
                ax.set_xticks(x, [str(v) for v in rows["value"]], rotation=30, ha="right")
            elif np.allclose(x, np.round(x)):  # a count (players): whole-number ticks only
                ax.set_xticks(x, [str(int(round(v))) for v in x])
            ax.set_xlabel(_parameter(parameter))
            _local_ticks(ax)
            ax.set_title(_metric(metric) if seat == "table" else f"{_metric(metric)} ({_words(f'seat {seat}')})")
        fig.suptitle(_words(title))
    return fig


def render(spec: ChartSpec) -> Figure:
    """Draw a task's chart declaration (``cardodds.sim.chart_specs``) in the report's language and style."""
    if isinstance(spec, Bars):
        return bar_chart(spec.rows, spec.title, spec.label_col, horizontal=spec.horizontal, log=spec.log,
                         xlabel=spec.xlabel)
    if isinstance(spec, Distribution):
        return distribution_chart(spec.rows, spec.metric, spec.title, spec.seats, xlabel=spec.xlabel,
                                  ylabel=spec.ylabel)
    if isinstance(spec, Convergence):
        return convergence_chart(spec.curves, spec.exact, spec.title)
    if isinstance(spec, Heatmap):
        return heatmap(spec.table, spec.title, spec.fmt, cmap=spec.cmap, colorbar_label=spec.colorbar_label)
    raise TypeError(f"not a chart declaration: {spec!r}")
