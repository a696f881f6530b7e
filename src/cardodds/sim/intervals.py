"""Intervals of the estimates: the Wilson interval of a proportion and the normal interval of a mean.

They are the game package's so that a game's own estimates (a hand's odds, :mod:`cardodds.sim.chan.hand_odds`) and
the report's (:mod:`cardodds.analysis.estimate`) are one computation.
"""

from __future__ import annotations

import math

import numpy as np

Z95 = 1.959963984540054
"""The two-sided 95 % standard normal quantile."""

def wilson(k, n, z: float = Z95):
    """Wilson score interval for a binomial proportion.

    Parameters
    ----------
    k, n : int or array_like
        Successes and trials (broadcast together).  ``n == 0`` gives NaN bounds.
    z : float
        Standard normal quantile (``Z95`` for 95 %).

    Returns
    -------
    lo, hi : float or ndarray
        The bounds, clipped to [0, 1]; exactly 0 when ``k == 0`` and exactly 1 when ``k == n``.
    """
    k_arr = np.asarray(k, dtype=float)
    n_arr = np.asarray(n, dtype=float)
    with np.errstate(divide="ignore", invalid="ignore"):
        p = k_arr / n_arr
        z2n = z * z / n_arr
        centre = (p + z2n / 2) / (1 + z2n)
        half = z / (1 + z2n) * np.sqrt(p * (1 - p) / n_arr + z2n / (4 * n_arr))
        lo = np.clip(centre - half, 0.0, 1.0)
        hi = np.clip(centre + half, 0.0, 1.0)
    # Rounding leaves ~1e-17 where the bound is exactly 0 or 1 in theory.
    lo = np.where(k_arr == 0, 0.0, lo)
    hi = np.where(k_arr == n_arr, 1.0, hi)
    lo = np.where(n_arr > 0, lo, np.nan)
    hi = np.where(n_arr > 0, hi, np.nan)
    if lo.ndim == 0:
        return float(lo), float(hi)
    return lo, hi


def mean_interval(total, total_sq, n: int) -> tuple[float, float, float]:
    """``(mean, ci_low, ci_high)`` of ``n >= 1`` values from their sum and sum of squares: a normal 95 % interval on
    the sample variance ``(total_sq - n mean^2) / (n - 1)``, NaN bounds for ``n < 2``."""
    mean = float(total) / n
    if n < 2:
        return mean, math.nan, math.nan
    var = max((float(total_sq) - n * mean * mean) / (n - 1), 0.0)
    half = Z95 * math.sqrt(var / n)
    return mean, mean - half, mean + half
