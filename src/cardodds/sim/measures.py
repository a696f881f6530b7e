"""What a task measures, declared as data: the sufficient statistics of one metric, without its interval.

A task's ``measures(counts, params)`` returns a list of these; the analysis layer alone turns them into result rows
with estimates and 95 % intervals (``cardodds.analysis.estimate.summarize``).  The kind of a metric is the class of its
measure: a proportion, a mean, or a distribution over counts ``0, 1, 2, …``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union


@dataclass(frozen=True)
class Proportion:
    """``k`` successes in ``n`` trials (games, hands, declared Sâms …), with the exact probability where known."""

    metric: str
    seat: int | None
    k: Any
    n: Any
    exact: float | None = None


@dataclass(frozen=True)
class Mean:
    """A mean from its sufficient statistics: the sum and the sum of squares of ``n`` values."""

    metric: str
    seat: int | None
    total: Any
    total_sq: Any
    n: Any
    exact: float | None = None


@dataclass(frozen=True)
class Histogram:
    """How often a count took each value: ``hist[k]`` trials had the value ``k``; ``exact_pmf`` the exact chances.

    Reported as one proportion per value (``metric.k``) and the mean (``metric.mean``).
    """

    metric: str
    seat: int | None
    hist: Any
    exact_pmf: Any = None


Measure = Union[Proportion, Mean, Histogram]
