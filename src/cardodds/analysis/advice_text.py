"""A position's odds and advice tables (:mod:`cardodds.analysis.advice`) in words, in the catalogue's language, and
as JSON, as the CLI prints them."""

from __future__ import annotations

import math

import pandas as pd

from cardodds.analysis.i18n import local, using
from cardodds.analysis.numbers import fmt_ci, fmt_count, fmt_num
from cardodds.vocabulary import word


def _plain(value):
    """A table cell as JSON: NaN is null, numpy scalars are Python numbers."""
    if isinstance(value, float) and math.isnan(value):
        return None
    return value.item() if hasattr(value, "item") else value


def records(table: pd.DataFrame) -> list[dict]:
    """A table's rows as JSON objects."""
    return [{k: _plain(v) for k, v in row.items()} for row in table.to_dict("records")]


def _value(mean, low, high, exact: bool, lang: str) -> str:
    return word("advice.exact_value", lang, mean=fmt_num(mean)) if exact else f"{fmt_num(mean)} {fmt_ci(low, high)}"


def _columns(rows: list[list[str]]) -> str:
    """Rows of cells as left-aligned columns two spaces apart."""
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows)


def odds_json(table: pd.DataFrame, attrs: dict) -> dict:
    """A position's odds as ``cardodds odds <game> --state … --json`` prints them."""
    return {**_header(attrs), "odds": records(table)}


def odds_text(table: pd.DataFrame, attrs: dict, lang: str = "en") -> str:
    """A position's odds in words in ``lang``: one line per measure, then who played and the budget."""
    with using(lang):
        rows = [[_measure(r.label, lang), _value(r.estimate, r.ci_low, r.ci_high, bool(r.exact), lang)]
                for r in table.itertuples()]
        return _columns(rows) + "\n" + _footer(attrs, lang)


def _measure(text: str, lang: str) -> str:
    """A measure's meaning (the position module's ``MEASURES``, in English) in ``lang``."""
    return word(f"measures.{text}", lang)


def _footer(attrs: dict, lang: str) -> str:
    budget = attrs["budget"] if lang == "en" else budget_words(attrs["spent"], lang)
    return word("advice.footer", lang, players=attrs["players"], budget=budget)


def budget_words(spent, lang: str) -> str:
    """What a :class:`~cardodds.analysis.advice.Budget` spent, in words in ``lang``: ``"exact (no worlds played),
    0.01 s"`` or ``"2,000 worlds a move in 2 batches, …"``."""
    with using(lang):
        seconds = local(f"{spent.seconds:.2f}")
        if spent.worlds == 0:
            return word("advice.budget_exact", lang, seconds=seconds)
        batches = word("advice.one_batch", lang) if spent.batches == 1 else \
            word("advice.batches", lang, n=fmt_count(spent.batches))
        kind, amount = spent.asked
        asked = word("advice.asked_worlds", lang, n=fmt_count(amount)) if kind == "worlds" else \
            word("advice.asked_seconds", lang, n=local(f"{amount:g}"))
        return word("advice.budget_worlds", lang, worlds=fmt_count(spent.worlds), batches=batches, seconds=seconds,
                    asked=asked)


def _header(attrs: dict) -> dict:
    keys = ("game", "players", "budget", "worlds", "seconds", "exact")
    return {k: _plain(attrs[k]) for k in keys}


def advice_json(table: pd.DataFrame) -> dict:
    """The advice as ``cardodds advise <game> --json`` prints it: the header, the ranking measure and every move."""
    measure, sign = table.attrs["rank_by"]
    return {**_header(table.attrs), "rank_by": {"measure": measure, "sign": sign}, "moves": records(table)}


def _move_rows(table: pd.DataFrame, lang: str) -> list[list[str]]:
    """The moves' rows under their column heads."""
    attrs = table.attrs
    measures, (rank, _) = attrs["measures"], attrs["rank_by"]
    exact = bool(attrs["exact"])
    rows = [[word("advice.move", lang), "", *measures, word("advice.vs_best", lang, rank=rank)]]
    for r in table.to_dict("records"):
        mark = word("advice.best", lang) if r["best"] else word("advice.tied", lang) if r["tied"] else ""
        values = [_value(r[m], r[f"{m}_low"], r[f"{m}_high"], exact, lang) for m in measures]
        versus = "—" if r["best"] else _value(r["diff"], r["diff_low"], r["diff_high"], exact, lang)
        rows.append([str(r["move"]), mark, *values, versus])
    return rows


def advice_text(table: pd.DataFrame, lang: str = "en") -> str:
    """The advice in words in ``lang``: the ranking, one line per move with its measures and its difference from the
    best, the marks' meaning, who played and the budget."""
    with using(lang):
        return _advice_text(table, lang)


def _advice_text(table: pd.DataFrame, lang: str) -> str:
    attrs = table.attrs
    measures, (rank, sign) = attrs["measures"], attrs["rank_by"]
    exact = bool(attrs["exact"])
    ranked = word("advice.ranked_one" if len(table) == 1 else "advice.ranked_many", lang, n=len(table), rank=rank,
                  better=word("advice.higher" if sign > 0 else "advice.lower", lang),
                  exact=word("advice.exact_values", lang) if exact else "")
    legend = "; ".join(f"{m}: {_measure(text, lang)}" for m, (_, text) in measures.items())
    tied = word("advice.tied_exact" if exact else "advice.tied_sampled", lang)
    return "\n".join([ranked, _columns(_move_rows(table, lang)), f"{legend}\n" + word("advice.marks", lang, tied=tied),
                      _footer(attrs, lang)])
