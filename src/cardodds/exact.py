"""Exact odds by combinatorics, as DataFrames: what a dealt hand is, before any card is played.

>>> import cardodds
>>> cardodds.exact.chan().query("metric == 'thien_u' and seat == 0")   # doctest: +SKIP
"""

from __future__ import annotations

import pandas as pd


def chan() -> pd.DataFrame:
    """Every Chắn deal quantity for each seat (the cái, 20 cards, at seat 0; the others 19), exactly.

    Returns
    -------
    DataFrame
        Columns ``metric, seat, exact, fraction, one_in``: the probability as a float, as an exact
        :class:`~fractions.Fraction`, and in words ("1 in 880"; empty for means and certainties).
    """
    from cardodds.sim.chan.exact import exact_rows, one_in

    frame = pd.DataFrame(exact_rows(fractions=True))
    frame["one_in"] = [("" if m.endswith(".mean") else one_in(f)) for m, f in zip(frame["metric"], frame["fraction"])]
    return frame


def sam() -> pd.DataFrame:
    """The chance that a dealt Sâm hand is a tới trắng, by kind, for every combination of the options that change it.

    Returns
    -------
    DataFrame
        One row per combination of ``straights``, ``quad_counts_as_triple`` and ``quad_counts_as_two_pairs``; a
        column per tới trắng kind and ``any``.
    """
    from cardodds.sim.sam.exact import exact_toi_trang_table

    return pd.DataFrame(exact_toi_trang_table())
