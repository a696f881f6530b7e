"""What ``cardodds run`` prints: each arm's results under its name and who sits at its table, then the paired
differences against the baseline; or all of it as one JSON object (``--json``)."""

from __future__ import annotations

import json

import pandas as pd

from cardodds.analysis.arms import DIFF_COLUMNS
from cardodds.analysis.estimate import records
from cardodds.analysis.report import fmt_ci, fmt_num
from cardodds.analysis.suite import DIFF_HEAD, Outcome, diff_cells


def _arm_heading(o: Outcome, baseline: bool) -> str:
    who = f" — at the table: {o.seating}" if o.seating else ""
    return f"== {o.arm}{' (baseline)' if baseline else ''}{who} =="


def _row_lines(rows: pd.DataFrame) -> list[str]:
    shown = rows[~rows["metric"].str.contains(r"\.\d+$")]
    width = max((len(u) for u in shown.unit), default=0)
    lines = []
    for row in shown.itertuples():
        seat = "table" if pd.isna(row.seat) else f"seat {row.seat}"
        exact = "" if pd.isna(row.exact) else f"  exact {fmt_num(row.exact)}"
        lines.append(f"{row.metric:<24} {seat:<7} {fmt_num(row.estimate):>10}  95% CI "
                     f"{fmt_ci(row.ci_low, row.ci_high):<22} {row.unit:<{width}}{exact}".rstrip())
    return lines


def _aligned(head: list[str], cells: list[list[str]]) -> list[str]:
    widths = [max(len(c) for c in col) for col in zip(head, *cells)]
    return ["  ".join(c.ljust(w) for c, w in zip(line, widths)).rstrip() for line in [head, *cells]]


def run_text(outcomes: list[Outcome], diffs: pd.DataFrame | None) -> str:
    """The printed results of one experiment: a block per arm, then the paired differences (several arms)."""
    exp = outcomes[0].result.experiment
    lines = [f"{exp.title} — experiment {exp.name}, seed {exp.seed}"]
    for o in outcomes:
        lines += ["", _arm_heading(o, baseline=len(outcomes) > 1 and o is outcomes[0])] + _row_lines(o.rows)
    if diffs is not None and len(outcomes) > 1:
        keep = [i for i, h in enumerate(DIFF_HEAD) if h != "baseline"]
        cells = [[c[i] for i in keep] for c in diff_cells(diffs)]
        lines += ["", f"== paired differences against {outcomes[0].arm} (same deals; arm − baseline) =="]
        lines += _aligned([DIFF_HEAD[i] for i in keep], cells) if cells else ["(no metric differs between the arms)"]
    return "\n".join(lines)


def run_json(outcomes: list[Outcome], diffs: pd.DataFrame | None) -> str:
    """One JSON object: ``experiment``, ``arms`` (name, baseline, games, who sits at the table), ``rows`` (the keys of
    ``summary.csv``) and ``differences`` (the keys of ``differences.csv``; empty for a single arm)."""
    exp = outcomes[0].result.experiment
    doc = {
        "experiment": exp.name,
        "seed": exp.seed,
        "arms": [{"arm": o.arm, "baseline": o is outcomes[0], "games": int(o.result.games), "at_table": o.seating}
                 for o in outcomes],
        "rows": [r for o in outcomes for r in records(o.rows)],
        "differences": [] if diffs is None else records(diffs, DIFF_COLUMNS),
    }
    return json.dumps(doc, ensure_ascii=False, allow_nan=False)
