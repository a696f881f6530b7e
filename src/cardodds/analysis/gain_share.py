"""The share of an upper bound's gain that an arm captures: ``(arm − baseline) / (upper − baseline)`` of one metric.

Used for Sâm declarers: how much of what the oracle (which sees every hand) earns over never declaring does a playable
declarer earn?  All arms play the same chunks of deals, so chunk ``k`` gives ``d_k = arm_k − base_k`` and
``g_k = upper_k − base_k``; the share is the ratio of their game-weighted sums, ``R = Σ w d / Σ w g`` (the ratio of
the overall estimates).  Its interval is the ratio estimator's: the batch means of the residuals ``d_k − R g_k`` give
the standard error ``sqrt(K / (K − 1) Σ w² (d − R g)²) / Σ w g`` (weights ``w`` summing to 1), with a Student-t
quantile on K − 1 degrees of freedom — the same chunk-level reasoning as the paired differences
(:mod:`cardodds.analysis.arms`).  The interval is only meaningful when the upper bound's gain is clearly above 0.
"""

from __future__ import annotations

import numpy as np

from cardodds.analysis.arms import _row_key, chunk_estimates


def share_row(base, arm, upper, metric: str, seat: int | None, name: str) -> dict:
    """A result row ``name`` (seat ``seat``): the share of ``upper``'s gain in ``metric`` over ``base`` that ``arm``
    captures, with its 95 % interval (``n``: games of the arm).  Arguments are finished outcomes of one experiment."""
    from scipy import stats  # scipy.stats costs a second of imports: only where an interval needs it

    key = _row_key(metric, seat)
    per_chunk = []
    for o in (base, arm, upper):
        exp = o.result.experiment
        est, w = chunk_estimates(exp.task, exp.params, o.result.chunk_counts)
        per_chunk.append(est.loc[key].to_numpy(dtype=float))
    b, a, u = per_chunk
    w = w / w.sum()
    d, g = a - b, u - b
    k = len(w)
    total = float((w * g).sum())
    share = float((w * d).sum()) / total if total != 0 else float("nan")
    if k < 2 or total == 0:
        lo = hi = float("nan")
    else:
        se = np.sqrt(k / (k - 1) * ((w * (d - share * g)) ** 2).sum()) / abs(total)
        t = stats.t.ppf(0.975, k - 1)
        lo, hi = share - t * se, share + t * se
    return dict(metric=name, seat=seat, estimate=share, ci_low=lo, ci_high=hi, n=int(arm.result.games), exact=None)


def add_gain_shares(outcomes) -> None:
    """Append the share row to every arm between the baseline (the first) and the upper bound, in place, when the
    task names one (``Task.gain_share``: ``metric``, ``seat``, ``name`` of the row, ``upper(params)`` telling the
    upper-bound arm); nothing otherwise."""
    import pandas as pd

    from cardodds.analysis.estimate import rows_frame

    if len(outcomes) < 3:
        return
    exp = outcomes[0].result.experiment
    spec = exp.task.gain_share
    if spec is None:
        return
    upper = [o for o in outcomes[1:] if spec["upper"](o.result.experiment.params)]
    if len(upper) != 1:
        return
    for o in outcomes[1:]:
        if o is upper[0]:
            continue
        row = share_row(outcomes[0], o, upper[0], spec["metric"], spec["seat"], spec["name"])
        extra = rows_frame([row], arm=o.arm, experiment=exp.name, unit_of=exp.task.unit_of)
        o.rows = pd.concat([o.rows, extra], ignore_index=True)
