"""A position's odds and advice tables (:mod:`cardodds.analysis.advice`) in words and as JSON, as the CLI prints them."""

from __future__ import annotations

import math

import pandas as pd

from cardodds.analysis.numbers import fmt_ci, fmt_num


def _plain(value):
    """A table cell as JSON: NaN is null, numpy scalars are Python numbers."""
    if isinstance(value, float) and math.isnan(value):
        return None
    return value.item() if hasattr(value, "item") else value


def records(table: pd.DataFrame) -> list[dict]:
    """A table's rows as JSON objects."""
    return [{k: _plain(v) for k, v in row.items()} for row in table.to_dict("records")]


def _value(mean, low, high, exact: bool) -> str:
    return f"{fmt_num(mean)} exact" if exact else f"{fmt_num(mean)} {fmt_ci(low, high)}"


def _columns(rows: list[list[str]]) -> str:
    """Rows of cells as left-aligned columns two spaces apart."""
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows)


def odds_json(table: pd.DataFrame, attrs: dict) -> dict:
    """A position's odds as ``cardodds odds <game> --state … --json`` prints them."""
    return {**_header(attrs), "odds": records(table)}


def odds_text(table: pd.DataFrame, attrs: dict) -> str:
    """A position's odds in words: one line per measure, then who played and the budget."""
    rows = [[r.label, _value(r.estimate, r.ci_low, r.ci_high, bool(r.exact))] for r in table.itertuples()]
    return _columns(rows) + f"\nplayers: {attrs['players']} · budget: {attrs['budget']}"


def _header(attrs: dict) -> dict:
    keys = ("game", "players", "budget", "worlds", "seconds", "exact")
    return {k: _plain(attrs[k]) for k in keys}


def advice_json(table: pd.DataFrame) -> dict:
    """The advice as ``cardodds advise <game> --json`` prints it: the header, the ranking measure and every move."""
    measure, sign = table.attrs["rank_by"]
    return {**_header(table.attrs), "rank_by": {"measure": measure, "sign": sign}, "moves": records(table)}


def advice_text(table: pd.DataFrame) -> str:
    """The advice in words: the ranking, one line per move with its measures and its difference from the best, the
    marks' meaning, who played and the budget."""
    attrs = table.attrs
    measures, (rank, sign) = attrs["measures"], attrs["rank_by"]
    exact = bool(attrs["exact"])
    head = [["move", "", *measures, f"vs best ({rank})"]]
    for r in table.to_dict("records"):
        mark = "best" if r["best"] else "tied" if r["tied"] else ""
        values = [_value(r[m], r[f"{m}_low"], r[f"{m}_high"], exact) for m in measures]
        versus = "—" if r["best"] else _value(r["diff"], r["diff_low"], r["diff_high"], exact)
        head.append([str(r["move"]), mark, *values, versus])
    better = "higher" if sign > 0 else "lower"
    legend = "; ".join(f"{m}: {text}" for m, (_, text) in measures.items())
    tied = "exactly as good as the best" if exact else "cannot be told apart from the best at this budget (its " \
           "paired 95 % interval holds 0)"
    return "\n".join([
        f"{len(table)} move{'' if len(table) == 1 else 's'}, ranked by {rank} ({better} is better){', exact values' if exact else ''}",
        _columns(head),
        f"{legend}\nbest: the move to play; tied: {tied}",
        f"players: {attrs['players']} · budget: {attrs['budget']}",
    ])
