"""A question answered in words, as a player reads it: a section's answers at its top and the report's findings.

One row (a metric at a seat, for one arm) is said as a percentage (``25.3 % [24.9 %, 25.8 %]``), as "1 in N" when
every arm's chance is small (``1 in 882 [861, 899]``), or as a number for a mean, with its exact value first when
known; several rows (arms, seats) are said one after the other, each named.
"""

from __future__ import annotations

import pandas as pd

from cardodds.analysis import i18n
from cardodds.analysis.i18n import text
from cardodds.analysis.numbers import fmt_ci, fmt_num, fmt_one_in, fmt_percent, fmt_range, is_rate

ONE_IN_BELOW = 0.1
"""Probabilities below this are also written as ``1 in N`` (players say "1 in 880", not 0.001136)."""


def style_of(metric: str, unit: str, estimates: pd.Series) -> str:
    """How a row is said: ``"number"`` (a mean), ``"one_in"`` (a chance, every one small) or ``"percent"``."""
    if not is_rate(metric, unit):
        return "number"
    known = estimates.dropna()
    return "one_in" if len(known) and ((known > 0) & (known < ONE_IN_BELOW)).all() else "percent"


def value_words(x, lo, hi, style: str) -> tuple[str, str]:
    """A value and its interval as a player reads them, by ``style``: ``"one_in"`` (``1 in 882``, ``[861, 899]``),
    ``"percent"`` (``25.34 %``, ``[24.9 %, 25.8 %]``) or ``"number"`` (a mean, and its interval)."""
    if style == "number" or pd.isna(x):
        return fmt_num(x), fmt_ci(lo, hi)
    if style == "one_in":
        ends = ["∞" if pd.isna(v) or v <= 0 else fmt_one_in(v).rsplit(" ", 1)[-1] for v in (hi, lo)]
        return fmt_one_in(x), "—" if pd.isna(lo) else fmt_range(*ends)
    return fmt_percent(x), "—" if pd.isna(lo) else fmt_range(fmt_percent(lo), fmt_percent(hi))


def _row_words(r, style: str, exact_said: bool) -> str:
    """One row: ``simulated 1 in 882 [861, 899]``, its exact value first unless already said."""
    if r.n == 0 or pd.isna(r.estimate):
        return text("answer_none")
    said = text("answer_simulated", value=" ".join(value_words(r.estimate, r.ci_low, r.ci_high, style)))
    if not pd.isna(r.exact) and not exact_said:
        said = text("answer_exact", value=value_words(r.exact, 0, 0, style)[0]) + ", " + said
    return said


def select(rows: pd.DataFrame, metric: str, seats: list, arms: list | None = None) -> pd.DataFrame:
    """The rows of ``metric`` at ``seats`` (``None``: the table's) for ``arms`` (``None``: every arm), arms in the
    asked order, then seats in the asked order."""
    sel = rows[rows["metric"] == metric]
    parts = []
    for arm in sel["arm"].unique() if arms is None else arms:
        mine = sel[sel["arm"] == arm]
        for seat in seats:
            parts.append(mine[mine["seat"].isna() if seat is None else (mine["seat"] == seat).fillna(False)])
    return pd.concat(parts) if parts else sel.iloc[:0]


def answer(rows: pd.DataFrame, metric: str, seats: list, arms: list | None = None) -> str | None:
    """``metric`` at ``seats`` for ``arms`` in words (``None`` when there is no such row): the seat and unit, then each
    row, named by its arm when ``rows`` have several arms and by its seat when the answer has several seats."""
    sel = select(rows, metric, seats, arms)
    if sel.empty:
        return None
    unit = str(sel["unit"].iloc[0])
    style = style_of(metric, unit, sel["estimate"])
    several_arms, several_seats = rows["arm"].nunique() > 1, len(seats) > 1
    exacts = set(sel["exact"].dropna())
    one_exact = (several_arms or several_seats) and len(exacts) == 1 and sel["exact"].notna().all()
    parts = [text("answer_exact", value=value_words(exacts.pop(), 0, 0, style)[0])] if one_exact else []
    for r in sel.itertuples(index=False):
        name = [i18n.arm(r.arm)] if several_arms else []
        name += [text("answer_seat", seat=int(r.seat))] if several_seats else []
        said = _row_words(r, style, one_exact)
        parts.append(f"{', '.join(name)}: {said}" if name else said)
    who = "" if several_seats or seats[0] is None else text("answer_seat", seat=seats[0]) + ", "
    return f"{who}{i18n.unit(unit)}: " + "; ".join(parts)
