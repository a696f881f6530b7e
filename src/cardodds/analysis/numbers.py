"""How the report writes a number: 4 significant digits, a 95 % interval, a probability as "1 in N", a percentage, a
count, a duration, each in the report's language.

English writes ``1,290`` and ``0.0011``; Vietnamese ``1.290`` and ``0,0011`` (a decimal comma, a dot between
thousands), so an interval's ends are parted by a semicolon there (``[0,0010; 0,0012]``), and a percentage is
``12,3 %``.  Every helper formats the English way first and :func:`local` swaps the marks.
"""

from __future__ import annotations

import math

import pandas as pd

from cardodds.analysis.estimate import is_mean_metric
from cardodds.analysis.i18n import DECIMAL_COMMA, language, local, text


def _between() -> str:
    """What parts the two ends of an interval: a comma, or a semicolon where the comma is the decimal mark."""
    return "; " if language() in DECIMAL_COMMA else ", "


def fmt_num(x, digits: int = 4) -> str:
    """A value with ``digits`` significant digits (``—`` for missing)."""
    if x is None or (isinstance(x, float) and math.isnan(x)) or x is pd.NA:
        return "—"
    x = float(x)
    if math.isinf(x):
        return "∞" if x > 0 else "−∞"
    if x == 0:
        return "0"
    s = f"{x:#.{digits}g}"
    return local(s[:-1] if s.endswith(".") else s)


def fmt_range(lo: str, hi: str) -> str:
    """Two formatted ends as an interval: ``[lo, hi]`` (``[lo; hi]`` with a decimal comma)."""
    return f"[{lo}{_between()}{hi}]"


def fmt_ci(lo, hi, digits: int = 4) -> str:
    """A 95 % interval as ``[lo, hi]``, each end with ``digits`` significant digits."""
    if pd.isna(lo) or pd.isna(hi):
        return "—"
    return fmt_range(fmt_num(lo, digits), fmt_num(hi, digits))


def fmt_count(n) -> str:
    """An integer count with thousands separators (``1,000,000``; Vietnamese ``1.000.000``)."""
    return "—" if n is None or pd.isna(n) else local(f"{int(n):,}")


def fmt_fixed(x, digits: int = 1) -> str:
    """A value with ``digits`` decimals (``2.1``; Vietnamese ``2,1``)."""
    return local(f"{float(x):,.{digits}f}")


def fmt_one_in(p) -> str:
    """A probability as ``1 in N``: N a whole number, with 3 significant digits from 1,000 on (``1 in 8,330``), one
    decimal below 10 (``1 in 2.5``); ``1 in ∞`` for 0."""
    if p <= 0:
        return text("one_in", n="∞")
    n = 1 / p
    return text("one_in", n=local(f"{n:.1f}" if n < 10 else f"{float(f'{n:.3g}') if n >= 1000 else round(n):,.0f}"))


def fmt_percent(p) -> str:
    """A probability as a percentage with 3 significant digits: ``25.1 %``, ``0.94 %``, ``100 %``."""
    shown = f"{100 * float(p):.3g}"
    return f"{local(f'{100 * float(p):.0f}' if 'e' in shown else shown)} %"


def is_rate(metric: str, unit: str) -> bool:
    """Whether a row is a probability: not a mean, and counted ``per`` something (not ``points per win``)."""
    return not is_mean_metric(metric) and str(unit).startswith("per ")
