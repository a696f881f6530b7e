"""How the report writes a number: 4 significant digits, a 95 % interval, a probability as "1 in N"."""

from __future__ import annotations

import math

import pandas as pd

from cardodds.analysis.estimate import is_mean_metric
from cardodds.analysis.i18n import text


def fmt_num(x) -> str:
    """A value with 4 significant digits (``—`` for missing)."""
    if x is None or (isinstance(x, float) and math.isnan(x)) or x is pd.NA:
        return "—"
    x = float(x)
    if math.isinf(x):
        return "∞" if x > 0 else "−∞"
    if x == 0:
        return "0"
    s = f"{x:#.4g}"
    return s[:-1] if s.endswith(".") else s


def fmt_ci(lo, hi) -> str:
    """A 95 % interval as ``[lo, hi]``."""
    if pd.isna(lo) or pd.isna(hi):
        return "—"
    return f"[{fmt_num(lo)}, {fmt_num(hi)}]"


def fmt_one_in(p) -> str:
    """A probability as ``1 in N``: N a whole number, with 3 significant digits from 1,000 on (``1 in 8,330``), one
    decimal below 10 (``1 in 2.5``); ``1 in ∞`` for 0."""
    if p <= 0:
        return text("one_in", n="∞")
    n = 1 / p
    return text("one_in", n=f"{n:.1f}" if n < 10 else f"{float(f'{n:.3g}') if n >= 1000 else round(n):,.0f}")


def is_rate(metric: str, unit: str) -> bool:
    """Whether a row is a probability: not a mean, and counted ``per`` something (not ``points per win``)."""
    return not is_mean_metric(metric) and str(unit).startswith("per ")
