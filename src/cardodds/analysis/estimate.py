"""Estimates with 95 % intervals, and the tidy result table every game reports in.

A task declares its measures (``cardodds.sim.measures``); :func:`summarize` makes them result rows
``dict(metric, seat, estimate, ci_low, ci_high, n, exact)``: proportions get
Wilson score intervals, means a normal interval from the sums of values and of squares, and ``exact`` holds the
combinatorial value where one is known.  ``rows_frame`` turns rows into the run's DataFrame
``experiment, arm, metric, seat, unit, estimate, ci_low, ci_high, n, exact`` (``unit``: what ``n`` counts — per
hand, per table, per game, per win … — as the task declares it); ``rows_json`` is its JSON form.
"""

from __future__ import annotations

import json
import math
from typing import Any, Callable, Iterable

import numpy as np
import pandas as pd

from cardodds.sim.intervals import Z95, mean_interval, wilson
from cardodds.sim.measures import Histogram, Mean, Measure, Proportion

COLUMNS = ("experiment", "arm", "metric", "seat", "unit", "estimate", "ci_low", "ci_high", "n", "exact")
"""The columns of the tidy result table, in order."""


def _opt_float(x) -> float | None:
    return None if x is None else float(x)


def _seat(seat) -> int | None:
    return None if seat is None or pd.isna(seat) else int(seat)


def proportion_row(metric: str, seat: int | None, k, n, exact: float | None = None) -> dict[str, Any]:
    """A result row for the proportion ``k / n`` with its Wilson 95 % interval (NaN estimate when ``n == 0``)."""
    n = int(n)
    lo, hi = wilson(k, n)
    est = float(k) / n if n > 0 else math.nan
    return dict(metric=metric, seat=_seat(seat), estimate=est, ci_low=lo, ci_high=hi, n=n, exact=_opt_float(exact))


def mean_row(metric: str, seat: int | None, total, total_sq, n, exact: float | None = None) -> dict[str, Any]:
    """A result row for a mean from sufficient statistics, with a normal 95 % interval.

    Parameters
    ----------
    total, total_sq : float
        Sum of the values and sum of their squares over the ``n`` games.

    Notes
    -----
    Uses the sample variance ``(total_sq - n mean^2) / (n - 1)``; the interval is NaN for ``n < 2``
    (and the estimate NaN for ``n == 0``).
    """
    n = int(n)
    if n == 0:
        return dict(metric=metric, seat=_seat(seat), estimate=math.nan, ci_low=math.nan, ci_high=math.nan,
                    n=0, exact=_opt_float(exact))
    mean, lo, hi = mean_interval(total, total_sq, n)
    return dict(metric=metric, seat=_seat(seat), estimate=mean, ci_low=lo, ci_high=hi, n=n, exact=_opt_float(exact))


def histogram_rows(metric: str, seat: int | None, hist, exact_pmf=None) -> list[dict[str, Any]]:
    """Rows for a count histogram: ``metric.k`` for each value k, then ``metric.mean``.

    Parameters
    ----------
    hist : array_like of int
        ``hist[k]`` = number of games in which the quantity equalled ``k``.
    exact_pmf : array_like of float, optional
        The exact probability of each ``k`` (any length); gives each row's ``exact`` and the exact mean.

    Returns
    -------
    list of dict
        One proportion row for every ``k`` with ``hist[k] > 0`` or ``exact_pmf[k] > 0`` (ascending), then the mean row.
    """
    hist = np.asarray(hist, dtype=np.int64)
    if hist.ndim != 1:
        raise ValueError(f"histogram for {metric} must be one-dimensional, got shape {hist.shape}")
    pmf = None if exact_pmf is None else np.asarray(exact_pmf, dtype=float)
    size = max(len(hist), 0 if pmf is None else len(pmf))
    h = np.zeros(size, dtype=np.int64)
    h[: len(hist)] = hist
    p = None
    if pmf is not None:
        p = np.zeros(size)
        p[: len(pmf)] = pmf
    n = int(h.sum())
    rows = []
    for k in range(size):
        if h[k] > 0 or (p is not None and p[k] > 0):
            rows.append(proportion_row(f"{metric}.{k}", seat, int(h[k]), n, None if p is None else float(p[k])))
    ks = np.arange(size, dtype=float)
    exact_mean = None if p is None else float((ks * p).sum())
    rows.append(mean_row(f"{metric}.mean", seat, float((ks * h).sum()), float((ks * ks * h).sum()), n, exact_mean))
    return rows


def rows_of(measures: Iterable[Measure]) -> list[dict[str, Any]]:
    """Result rows (estimate and 95 % interval) of a task's declared measures, in order (a histogram gives a row per
    value and its mean)."""
    rows: list[dict[str, Any]] = []
    for m in measures:
        if isinstance(m, Proportion):
            rows.append(proportion_row(m.metric, m.seat, m.k, m.n, m.exact))
        elif isinstance(m, Mean):
            rows.append(mean_row(m.metric, m.seat, m.total, m.total_sq, m.n, m.exact))
        elif isinstance(m, Histogram):
            rows.extend(histogram_rows(m.metric, m.seat, m.hist, m.exact_pmf))
        else:
            raise TypeError(f"not a measure: {m!r}")
    return rows


def summarize(task, counts, params) -> list[dict[str, Any]]:
    """The result rows of ``task`` for merged ``counts``: its declared measures with their 95 % intervals."""
    return rows_of(task.measures(counts, params))


def rows_frame(rows: Iterable[dict[str, Any]], arm: str, *, experiment: str = "",
               unit_of: Callable[[str], str] | None = None) -> pd.DataFrame:
    """The tidy DataFrame of result rows for one arm of an experiment.

    Columns are exactly ``COLUMNS``; ``seat`` is a nullable ``Int64``, ``n`` an ``int64`` and ``exact`` a float (NaN
    where not known).  ``unit`` is ``unit_of(metric)`` (a task's :meth:`~cardodds.sim.registry.Task.unit_of`), else the row's
    own ``unit`` key, else empty.
    """
    rows = list(rows)
    units = [unit_of(r["metric"]) if unit_of is not None else r.get("unit", "") for r in rows]
    df = pd.DataFrame(
        {
            "experiment": pd.Series([experiment] * len(rows), dtype=object),
            "arm": pd.Series([arm] * len(rows), dtype=object),
            "metric": pd.Series([r["metric"] for r in rows], dtype=object),
            "seat": pd.array([_seat(r.get("seat")) for r in rows], dtype="Int64"),
            "unit": pd.Series(units, dtype=object),
            "estimate": np.array([r["estimate"] for r in rows], dtype=float),
            "ci_low": np.array([r["ci_low"] for r in rows], dtype=float),
            "ci_high": np.array([r["ci_high"] for r in rows], dtype=float),
            "n": np.array([r["n"] for r in rows], dtype=np.int64),
            "exact": np.array([math.nan if r.get("exact") is None else r["exact"] for r in rows], dtype=float),
        }
    )
    return df[list(COLUMNS)]


def _json_value(v):
    if v is None or v is pd.NA:
        return None
    if isinstance(v, (np.integer, int)) and not isinstance(v, bool):
        return int(v)
    if isinstance(v, (np.floating, float)):
        return None if math.isnan(v) else float(v)
    return v


def records(df: pd.DataFrame, columns=COLUMNS) -> list[dict[str, Any]]:
    """The table as JSON-ready objects with exactly the keys ``columns`` (NaN and NA become None; seats, counts int)."""
    missing = [c for c in columns if c not in df.columns]
    if missing:
        raise ValueError(f"result table lacks columns {missing}")
    out = []
    for rec in df[list(columns)].itertuples(index=False, name=None):
        row = {c: _json_value(v) for c, v in zip(columns, rec)}
        for key in ("seat", "n", "chunks"):
            if row.get(key) is not None:
                row[key] = int(row[key])
        out.append(row)
    return out


def rows_json(df: pd.DataFrame) -> str:
    """The table as a JSON list of objects with exactly the keys of ``COLUMNS`` (NaN and NA become null)."""
    return json.dumps(records(df), ensure_ascii=False, allow_nan=False)


def z_score(estimate, exact, n):
    """Standardised error of a proportion against its exact value: ``(estimate - exact) / sqrt(exact (1 - exact) / n)``.

    Arrays broadcast.  Where the standard error is 0 (exact 0 or 1) the result is 0 if the estimate equals the exact
    value and ``±inf`` otherwise; ``n == 0`` or a missing value gives NaN.
    """
    est = np.asarray(estimate, dtype=float)
    ex = np.asarray(exact, dtype=float)
    nn = np.asarray(n, dtype=float)
    with np.errstate(divide="ignore", invalid="ignore"):
        se = np.sqrt(ex * (1 - ex) / nn)
        diff = est - ex
        z = np.where(se > 0, diff / se, np.where(diff == 0, 0.0, np.sign(diff) * np.inf))
        z = np.where((nn > 0) & np.isfinite(est) & np.isfinite(ex), z, np.nan)
    return float(z) if z.ndim == 0 else z


def is_mean_metric(metric: str) -> bool:
    """Whether a metric name denotes a mean rather than a proportion (last dotted part ``mean`` or ``*_mean``)."""
    last = metric.rsplit(".", 1)[-1]
    return last == "mean" or last.endswith("_mean") or last.startswith("mean_")


def row_z(metric: str, estimate, ci_low, ci_high, n, exact) -> float:
    """The z of one result row against its exact value (NaN when there is none).

    Proportions (any metric that is not a mean, with values in [0, 1]) use ``z_score``, whose standard error is
    computed at the exact value; means use the standard error implied by the row's symmetric normal interval.
    """
    if exact is None or pd.isna(exact) or pd.isna(estimate):
        return math.nan
    if not is_mean_metric(metric) and 0.0 <= exact <= 1.0 and 0.0 <= estimate <= 1.0:
        return z_score(estimate, exact, n)
    if pd.isna(ci_low) or pd.isna(ci_high):
        return math.nan
    se = (ci_high - ci_low) / (2 * Z95)
    if se <= 0:
        return 0.0 if estimate == exact else math.copysign(math.inf, estimate - exact)
    return (estimate - exact) / se
