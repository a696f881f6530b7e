"""Exact odds by combinatorics, as DataFrames: what a dealt hand is, before any card is played.

Both tables are long, one row per quantity: ``metric``, its ``exact`` probability, ``one_in`` ("1 in 880") and
``label`` (the quantity in words, in ``lang``).

>>> import cardodds
>>> cardodds.exact.chan().query("metric == 'thien_u' and seat == 0")   # doctest: +SKIP
"""

from __future__ import annotations

import pandas as pd

from cardodds.sim.arguments import python_api

def _labelled(frame: pd.DataFrame, task: str, lang: str) -> pd.DataFrame:
    """``frame`` with a ``label`` column: each metric in words from the task's labels, in ``lang`` (a game without
    that task: the metric itself)."""
    from cardodds.analysis.i18n import check_lang
    from cardodds.sim.registry import get_task, task_names

    lang = check_lang(lang, "lang")
    label_of = get_task(task).label_of if task in task_names() else (lambda metric, lang: metric)
    frame["label"] = [label_of(metric, lang) for metric in frame["metric"]]
    return frame


@python_api
def metrics(game: str, *, lang: str = "en") -> pd.DataFrame:
    """The exact deal odds of a game whose exact rows are quantities (``GameSpec.exact_shape == "metrics"``), each
    with its fraction and "1 in N", labelled by the game's ``<game>.deal`` task.

    Parameters
    ----------
    game : str
        The game (``"chan"``).
    lang : str
        The language of the ``label`` column: ``"en"`` or ``"vi"``.

    Returns
    -------
    DataFrame
        Columns ``metric, seat, exact, fraction, one_in, label``: the probability as a float, as an exact
        :class:`~fractions.Fraction`, in words ("1 in 880"; empty for means and certainties), and what it is.
    """
    from cardodds.sim.chan.exact import one_in
    from cardodds.sim.errors import CardoddsError
    from cardodds.sim.games import game as spec_of

    spec = spec_of(game)
    if spec.exact is None or spec.exact_shape != "metrics":
        raise CardoddsError(f"game {game}: no exact odds by quantity (its spec's exact_shape is {spec.exact_shape!r})")
    frame = pd.DataFrame(spec.hook("exact")(fractions=True))
    frame["one_in"] = [("" if m.endswith(".mean") else one_in(f)) for m, f in zip(frame["metric"], frame["fraction"])]
    return _labelled(frame, f"{game}.deal", lang)


@python_api
def chan(*, lang: str = "en") -> pd.DataFrame:
    """Every Chắn deal quantity for each seat (the cái, 20 cards, at seat 0; the others 19), exactly: :func:`metrics`
    of ``"chan"`` (columns ``metric, seat, exact, fraction, one_in, label``; ``lang``: ``"en"`` or ``"vi"``)."""
    return metrics("chan", lang=lang)


@python_api
def sam(*, lang: str = "en") -> pd.DataFrame:
    """The chance that a dealt Sâm hand is a tới trắng, by kind, for every combination of the options that change it.

    Parameters
    ----------
    lang : str
        The language of the ``label`` column: ``"en"`` or ``"vi"``.

    Returns
    -------
    DataFrame
        Columns ``straights, quad_counts_as_triple, quad_counts_as_two_pairs, metric, exact, one_in, label``: one row
        per combination of the options and kind (``toi_trang.sanh_rong`` …, ``toi_trang.any`` for any kind).
    """
    from cardodds.sim.chan.exact import one_in
    from cardodds.sim.games import game
    from cardodds.sim.sam.exact import RELEVANT_OPTIONS

    rows = [{**{k: combo[k] for k in RELEVANT_OPTIONS}, "metric": f"toi_trang.{kind}", "exact": p, "one_in": one_in(p)}
            for combo in game("sam").hook("exact")() for kind, p in combo.items() if kind not in RELEVANT_OPTIONS]
    return _labelled(pd.DataFrame(rows), "sam.deal", lang)
