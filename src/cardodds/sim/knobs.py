"""Tunable knobs: what a strategy declares it may be tuned on, for every game.

A strategy class lists its knobs as a class attribute, each a field of the (frozen dataclass) strategy::

    knobs = {"take_max_table": Range(0, 6), "hold_rank": Choice(("J", "Q", "K", "A"))}

The tuner (``cardodds.analysis.tune``) reads the declaration to know which values to try; :func:`check_knobs` rejects a knob a
strategy does not declare or a value outside its range, with one line.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from cardodds.sim.errors import CardoddsError


@dataclasses.dataclass(frozen=True)
class Range:
    """Numbers from ``lo`` to ``hi`` (both included); whole numbers when ``integer``.

    ``points`` caps how many evenly spaced values the tuner tries.
    """

    lo: float
    hi: float
    integer: bool = True
    points: int = 7

    def values(self) -> list:
        """The values to try, ``lo`` and ``hi`` included."""
        if self.integer:
            lo, hi = int(self.lo), int(self.hi)
            if hi - lo + 1 <= self.points:
                return list(range(lo, hi + 1))
            step = (hi - lo) / (self.points - 1)
            return sorted({lo + round(k * step) for k in range(self.points)})
        step = (self.hi - self.lo) / (self.points - 1)
        return [self.lo + k * step for k in range(self.points)]

    def allows(self, value: Any) -> bool:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return False
        if self.integer and not isinstance(value, int):
            return False
        return self.lo <= value <= self.hi


@dataclasses.dataclass(frozen=True)
class Choice:
    """One of a few listed values."""

    options: tuple

    def values(self) -> list:
        return list(self.options)

    def allows(self, value: Any) -> bool:
        return any(value == o and type(value) is type(o) for o in self.options)


def declared(strategy_class) -> dict:
    """The knobs a strategy class declares (``{}`` when it declares none)."""
    return dict(getattr(strategy_class, "knobs", None) or {})


def current(strategy) -> dict:
    """A strategy's values of its declared knobs, in declaration order."""
    return {name: getattr(strategy, name) for name in declared(type(strategy))}


def check_knobs(strategy_class, values: dict, where: str) -> None:
    """Raise ``CardoddsError`` unless every key is a declared knob and every value is in its range."""
    space = declared(strategy_class)
    name = getattr(strategy_class, "name", strategy_class.__name__)
    for key, value in values.items():
        if key not in space:
            known = ", ".join(space) or "none"
            raise CardoddsError(f"{where}: '{key}' is not a tunable knob of {name} (knobs: {known})")
        if not space[key].allows(value):
            raise CardoddsError(f"{where}: {name} knob '{key}' must be one of {space[key].values()}, not {value!r}")
