"""Tunable knobs: what a strategy declares it may be tuned on, for every game.

A strategy class lists its knobs as a class attribute, each a field of the (frozen dataclass) strategy::

    knobs = {"take_max_table": Range(0, 6), "hold_rank": Choice(("J", "Q", "K", "A"))}

The tuner (``cardodds.analysis.tune``) reads the declaration to know which values to try; :func:`check_knobs` rejects a knob a
strategy does not declare or a value outside its range, with one line.
"""

from __future__ import annotations

import dataclasses
import tomllib
from pathlib import Path
from typing import Any

from cardodds.sim.errors import CardoddsError
from cardodds.sim.input_file import read_capped


@dataclasses.dataclass(frozen=True)
class Range:
    """Numbers from ``lo`` to ``hi`` (both included); whole numbers when ``integer``.

    ``points`` caps how many evenly spaced values the tuner tries; ``series``: the knob matters only in series play
    (the tuner leaves it out of a single-game table).
    """

    lo: float
    hi: float
    integer: bool = True
    points: int = 7
    series: bool = False

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
    """One of a few listed values (``series`` as for ``Range``)."""

    options: tuple
    series: bool = False

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


def read_knobs_file(path, where: str) -> tuple[str, dict]:
    """``(strategy name, knobs)`` from a TOML file written by ``cardodds tune`` (``strategy = ...`` and ``[knobs]``)."""
    path = Path(path)
    try:
        doc = tomllib.loads(read_capped(path, "a knobs file").decode("utf-8"))
    except OSError as exc:
        raise CardoddsError(f"{where}: cannot read the knobs file {path} ({exc.strerror or exc})") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise CardoddsError(f"{where}: {path} is not a knobs file ({' '.join(str(exc).split())})") from None
    name, knobs = doc.get("strategy"), doc.get("knobs", {})
    if not isinstance(name, str) or not isinstance(knobs, dict):
        raise CardoddsError(f"{where}: {path} needs 'strategy = \"<name>\"' and a [knobs] table")
    return name, knobs


def with_knobs_file(table: dict, where: str) -> dict:
    """A strategy table with its ``file = "…"`` (a knobs file ``cardodds tune`` wrote) read in: the file's strategy
    and knobs, overridden by the other keys of the table."""
    table = dict(table)
    if "file" not in table:
        return table
    path = table.pop("file")
    if not isinstance(path, str):
        raise CardoddsError(f"{where}: 'file' must be a path to a knobs file, not {path!r}")
    name, knobs = read_knobs_file(path, where)
    if table.setdefault("name", name) != name:
        raise CardoddsError(f"{where}: {path} holds knobs of {name!r}, not of {table['name']!r}")
    return {**knobs, **table}
