"""What a task wants drawn, declared as data: the kind of chart, what it shows, and its words.

A task's ``charts(outcomes)`` returns a dict of these by chart name; the analysis layer alone draws them
(``cardodds.analysis.charts.render``), in the report's language and style.  Rows are slices of the result table that the
analysis layer made (every arm's rows, the baseline first), so a chart shows every arm.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union


@dataclass(frozen=True)
class Bars:
    """One bar per row with its 95 % whiskers (and the exact value where known), grouped by arm.

    ``label_col`` names each bar; ``log`` puts the value axis on a log scale.
    """

    rows: Any
    title: str
    label_col: str = "metric"
    horizontal: bool = True
    log: bool = False
    xlabel: str = "estimate"


@dataclass(frozen=True)
class Distribution:
    """The distribution ``metric.k`` (a ``cardodds.sim.measures.Histogram``, or proportions named so) for the given seats."""

    rows: Any
    metric: str
    title: str
    seats: Any = None
    xlabel: str | None = None
    ylabel: str = "probability"


@dataclass(frozen=True)
class Convergence:
    """Running estimates ``successes / games`` as games accumulate: ``curves[label] = (games, successes)``."""

    curves: dict
    exact: float | None
    title: str


@dataclass(frozen=True)
class Heatmap:
    """A 2-D table of values (rows and columns label the axes), each cell written with ``fmt``."""

    table: Any
    title: str
    fmt: str = ".3f"
    cmap: str = "viridis"
    colorbar_label: str = ""


ChartSpec = Union[Bars, Distribution, Convergence, Heatmap]
