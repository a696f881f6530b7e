"""The report's findings: the few answers it opens with, chosen from the sections' headline rows and put in words.

Each finding is one sentence (the metric in words, its estimate, its 95 % interval, "1 in N" for a rare event, the
exact value when known) that links to its section.  When a headline row has several arms, the sentence gives the lowest
and the highest arm.
"""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from cardodds.analysis import i18n
from cardodds.analysis.i18n import text
from cardodds.analysis.numbers import fmt_ci, fmt_num, fmt_one_in, is_rate

MOST = 15
"""At most this many findings open the report."""

RARE_BELOW = 0.05
"""A probability below this is also said as "1 in N"."""

WORDS = {
    "en": {"findings": "Findings", "range": "from {low} ({low_arm}) to {high} ({high_arm})", "in_section": "in",
           "full_table": "The full table, with every column (exact value, z, n) and every row:",
           "headline_rows": "The headline rows ({n}), each arm's"},
    "vi": {"findings": "Những điều rút ra", "range": "từ {low} ({low_arm}) đến {high} ({high_arm})",
           "in_section": "trong",
           "full_table": "Bảng đầy đủ, với mọi cột (giá trị chính xác, z, n) và mọi dòng:",
           "headline_rows": "Các dòng kết quả chính ({n} dòng), từng phương án"},
}
"""Words of the findings list not in :mod:`cardodds.analysis.i18n`, by language."""


def word(key: str, **fields) -> str:
    """One of :data:`WORDS` in the report's language."""
    said = WORDS[i18n.language()][key]
    return said.format(**fields) if fields else said


@dataclass(frozen=True)
class Finding:
    """One sentence of the findings list: its section's anchor key, the metric in words, and the rest of the sentence."""

    key: str
    label: str
    said: str


def _rows(section, metric: str, seat: int | None) -> pd.DataFrame:
    rows = section.rows
    sel = (rows["metric"] == metric) & (rows["seat"].isna() if seat is None else (rows["seat"] == seat).fillna(False))
    return rows[sel & (rows["n"] > 0) & rows["estimate"].notna()]


def _value(r, rate: bool) -> str:
    """``estimate [lo, hi]``, with ``· 1 in N`` for a rare event (``rate``: the row is a probability) and
    ``· exact x`` when known."""
    said = f"{fmt_num(r.estimate)} {fmt_ci(r.ci_low, r.ci_high)}"
    if rate and 0 < r.estimate < RARE_BELOW:
        said += " · " + fmt_one_in(r.estimate)
    if not pd.isna(r.exact):
        said += f" · {text('exact')} {fmt_num(r.exact)}"
    return said


def finding(section, metric: str, seat: int | None) -> Finding | None:
    """The finding of one headline row of ``section`` (``None`` when no arm has a case of it)."""
    rows = _rows(section, metric, seat)
    if rows.empty:
        return None
    unit = str(rows["unit"].iloc[0])
    rate = is_rate(metric, unit)
    ordered = rows.sort_values("estimate", kind="stable")
    low, high = ordered.iloc[0], ordered.iloc[-1]
    if len(rows) == 1:
        values = _value(low, rate)
    else:
        values = word("range", low=_value(low, rate), low_arm=i18n.arm(low.arm), high=_value(high, rate),
                      high_arm=i18n.arm(high.arm))
    who = "" if seat is None else text("answer_seat", seat=seat) + ", "
    return Finding(section.key, section.label(metric),
                   f"{who}{i18n.unit(unit)}: {values} — {word('in_section')} “{section.title}”")


def choose_findings(sections, most: int = MOST) -> list[Finding]:
    """The report's findings: each section's first headline row, then each one's second, and so on, up to ``most``."""
    out: list[Finding] = []
    depth = max((len(s.headline) for s in sections), default=0)
    for i in range(depth):
        for s in sections:
            if i < len(s.headline) and len(out) < most and (f := finding(s, *s.headline[i])) is not None:
                out.append(f)
    return out
