"""Comparing arms played on the same deals: paired differences, sweeps and the best value.

Every arm of an experiment plays chunk ``k`` with the same random streams, so the arms see the same deals (common random
numbers).  The difference between an arm and the baseline is estimated from the per-chunk differences (batch means):
chunk ``k`` gives ``d_k = e_arm,k − e_base,k``; their game-weighted mean is the difference of the overall estimates and
their spread gives a Student-t interval and a p-value with K − 1 degrees of freedom.  Because both arms share the deals,
``d_k`` varies far less than two independent runs would, which is the whole point.  The interval needs several
chunks (Student-t with K − 1 degrees of freedom: with fewer than about 10 chunks it widens fast), so experiments with
arms use small chunks.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from cardodds.analysis.estimate import summarize
from cardodds.sim.run_claim import check_paired_chunks

DIFF_COLUMNS = [
    "experiment",
    "arm",
    "baseline",
    "metric",
    "seat",
    "unit",
    "difference",
    "ci_low",
    "ci_high",
    "p_value",
    "independent_half_width",
    "chunks",
    "n",
]


def _row_key(metric: str, seat) -> str:
    return f"{metric}|{'' if seat is None or pd.isna(seat) else int(seat)}"


def chunk_estimates(task, params, chunk_counts) -> tuple[pd.DataFrame, np.ndarray]:
    """Per-chunk estimates (rows: ``metric|seat``; columns: chunks) and the chunks' game counts."""
    columns, weights = {}, []
    for k, counts in enumerate(chunk_counts):
        rows = summarize(task, counts, params)
        columns[k] = pd.Series({_row_key(r["metric"], r["seat"]): r["estimate"] for r in rows}, dtype=float)
        weights.append(int(counts["games"]))
    return pd.DataFrame(columns), np.asarray(weights, dtype=float)


def batch_means(d: pd.DataFrame, w: np.ndarray):
    """Game-weighted mean of per-chunk differences ``d`` (rows: metrics, columns: chunks), its standard error, the
    Student-t 97.5 % quantile (K − 1 degrees of freedom) and the two-sided p-value: ``(mean, se, t, p)``."""
    from scipy import stats  # scipy.stats costs a second of imports: only where a difference needs it

    k = d.shape[1]
    weights = w / w.sum()
    mean = (d * weights).sum(axis=1)
    spread = ((d.sub(mean, axis=0) ** 2) * weights**2).sum(axis=1) * k / max(k - 1, 1)
    se = np.sqrt(spread)
    t = stats.t.ppf(0.975, max(k - 1, 1))
    with np.errstate(divide="ignore", invalid="ignore"):
        p = np.where(se > 0, 2 * stats.t.sf(np.abs(mean / se), max(k - 1, 1)), np.where(mean == 0, 1.0, 0.0))
    return mean, se, t, p


def paired_differences(base, arm) -> pd.DataFrame:
    """Differences ``arm − baseline`` of every metric, with paired 95 % intervals and p-values.

    ``base`` and ``arm`` are finished :class:`cardodds.analysis.suite.Outcome` objects of the same experiment.
    """
    exp_b, exp_a = base.result.experiment, arm.result.experiment
    est_b, w = chunk_estimates(exp_b.task, exp_b.params, base.result.chunk_counts)
    est_a, w_a = chunk_estimates(exp_a.task, exp_a.params, arm.result.chunk_counts)
    if not np.array_equal(w, w_a):
        raise ValueError("arms must play the same chunks")
    d = (est_a - est_b).dropna(how="all")
    order = [_row_key(m, s) for m, s in zip(arm.rows.metric, arm.rows.seat)]
    d = d.reindex([k for k in order if k in d.index] + [k for k in d.index if k not in set(order)])  # the rows' order
    k = d.shape[1]
    check_paired_chunks(k, exp_a.arm)
    mean, se, t, p = batch_means(d, w)

    whole_b = base.rows.assign(key=[_row_key(m, s) for m, s in zip(base.rows.metric, base.rows.seat)]).set_index("key")
    whole_a = arm.rows.assign(key=[_row_key(m, s) for m, s in zip(arm.rows.metric, arm.rows.seat)]).set_index("key")
    half_b = (whole_b.ci_high - whole_b.ci_low) / 2
    half_a = (whole_a.ci_high - whole_a.ci_low) / 2
    independent = np.sqrt(half_b.reindex(d.index) ** 2 + half_a.reindex(d.index) ** 2)
    out = pd.DataFrame(
        {
            "experiment": exp_a.name,
            "arm": exp_a.arm,
            "baseline": exp_b.arm,
            "metric": whole_a.metric.reindex(d.index).to_numpy(),
            "seat": whole_a.seat.reindex(d.index).to_numpy(),
            "unit": whole_a.unit.reindex(d.index).to_numpy(),
            "difference": (whole_a.estimate.reindex(d.index) - whole_b.estimate.reindex(d.index)).to_numpy(),
            "ci_low": (mean - t * se).to_numpy(),
            "ci_high": (mean + t * se).to_numpy(),
            "p_value": p,
            "independent_half_width": independent.to_numpy(),
            "chunks": k,
            "n": int(w.sum()),
        }
    )
    # Centre the interval on the difference of the overall estimates (the weighted mean equals it for proportions).
    shift = out.difference - mean.to_numpy()
    out["ci_low"] += shift
    out["ci_high"] += shift
    out["seat"] = out.seat.astype("Int64")
    return out[DIFF_COLUMNS]


def best_arm(outcomes, diffs: pd.DataFrame, objective) -> dict | None:
    """The arm with the best value of the objective metric and its margin over the runner-up (a paired interval).

    Returns None when the objective is unknown or fewer than two arms ran.
    """
    if objective is None or len(outcomes) < 2:
        return None
    metric, seat, goal = objective
    values = {}
    for o in outcomes:
        rows = o.rows[(o.rows.metric == metric) & ((o.rows.seat == seat) if seat is not None else o.rows.seat.isna())]
        if rows.empty:
            return None
        values[o.result.experiment.arm] = float(rows.estimate.iloc[0])
    order = sorted(values, key=values.get, reverse=goal == "max")
    best, runner_up = order[0], order[1]
    by_arm = {o.result.experiment.arm: o for o in outcomes}
    margin = paired_differences(by_arm[runner_up], by_arm[best])
    row = margin[(margin.metric == metric) & ((margin.seat == seat) if seat is not None else margin.seat.isna())].iloc[0]
    return {
        "metric": metric,
        "seat": seat,
        "goal": goal,
        "best": best,
        "value": values[best],
        "runner_up": runner_up,
        "margin": float(row.difference),
        "margin_ci": (float(row.ci_low), float(row.ci_high)),
        "p_value": float(row.p_value),
    }


def sweep_frame(outcomes, metrics: list[tuple[str, int | None]]) -> pd.DataFrame:
    """Rows of the named metrics for every sweep arm, with the swept value in a ``value`` column."""
    frames = []
    for o in outcomes:
        _, value = o.result.experiment.sweep
        for metric, seat in metrics:
            rows = o.rows[(o.rows.metric == metric) & ((o.rows.seat == seat) if seat is not None else o.rows.seat.isna())]
            frames.append(rows.assign(value=value))
    return pd.concat(frames, ignore_index=True) if frames else pd.DataFrame()


