"""Tunable knobs: what a strategy declares it may be tuned on, for every game.

A strategy class lists its knobs as a class attribute, each a field of the (frozen dataclass) strategy::

    knobs = {"take_max_table": Range(0, 6), "hold_rank": Choice(("J", "Q", "K", "A"))}

The tuner (``cardodds.analysis.tune``) reads the declaration to know which values to try.  The declaration is also
what a player may be built with: :func:`check_player` refuses a knob value outside its range or choices (NaN, an
infinity beyond the range, a flag for a number, a word of the wrong kind) with one line naming the player, the knob,
the value and what is allowed, whenever a player is built (``Player.__post_init__``, so every path: configs, knobs
files, ``--opponents``, ``tune``, the API, the page).  :func:`check_knobs` checks a table of knobs the same way.
"""

from __future__ import annotations

import dataclasses
import functools
import math
from pathlib import Path
from typing import Any

from cardodds.sim.errors import CardoddsError
from cardodds.sim.input_file import read_capped


@dataclasses.dataclass(frozen=True)
class Range:
    """Numbers from ``lo`` to ``hi`` (both included); whole numbers when ``integer``.

    ``points`` caps how many evenly spaced values the tuner tries; ``series``: the knob matters only in series play
    (the tuner leaves it out of a single-game table).  ``limits``: ``(low, high)`` a config may set when wider than
    the values the tuner tries (``math.inf``: no upper bound; a search's budget, say); by default ``lo..hi``.
    """

    lo: float
    hi: float
    integer: bool = True
    points: int = 7
    series: bool = False
    limits: tuple | None = None

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
        return self.problem(value) is None

    def span(self) -> str:
        """What a config may set: ``0..6``, ``0.1..1.5``, ``2..inf``."""
        lo, hi = (_bound(x) for x in self.limits or (self.lo, self.hi))
        return f"{lo}..{hi}"

    def problem(self, value: Any) -> str | None:
        """Why ``value`` may not be set (the end of a sentence naming the knob), or None when it may."""
        kind = "a whole number" if self.integer else "a number"
        if isinstance(value, bool) or not isinstance(value, int if self.integer else (int, float)):
            return f"must be {kind} ({self.span()}), not {_show(value)}"
        lo, hi = self.limits or (self.lo, self.hi)
        if isinstance(value, float) and math.isnan(value):
            return f"must be {kind} ({self.span()}), not nan"
        if not lo <= value <= hi:
            return f"= {_show(value)} is out of its range {self.span()}"
        return None


@dataclasses.dataclass(frozen=True)
class Choice:
    """One of a few listed values (``series`` as for ``Range``)."""

    options: tuple
    series: bool = False

    def values(self) -> list:
        return list(self.options)

    def allows(self, value: Any) -> bool:
        try:
            return (type(value), value) in _typed(self.options)
        except TypeError:  # unhashable: not one of the options
            return False

    def problem(self, value: Any) -> str | None:
        """Why ``value`` may not be set (the end of a sentence naming the knob), or None when it may."""
        if self.allows(value):
            return None
        return f"= {_show(value)} must be one of {', '.join(_show(o) for o in self.options)}"


@functools.cache
def _typed(options: tuple) -> frozenset:
    """``options`` as ``(type, value)`` pairs: ``1`` is not ``True``, nor ``1.0`` ``1``."""
    return frozenset((type(o), o) for o in options)


def _bound(x: float) -> str:
    """An end of a range: ``6``, ``0.1``, ``inf``."""
    return str(int(x)) if math.isfinite(x) and float(x).is_integer() else str(x)


def _show(value: Any) -> str:
    """A value as a config writes it: ``true``, ``'K'``, ``6``, ``0.5``, ``inf``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int) and value.bit_length() > 200:
        return "a whole number of over 60 digits"
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def declared(strategy_class) -> dict:
    """The knobs a strategy class declares (``{}`` when it declares none)."""
    return dict(getattr(strategy_class, "knobs", None) or {})


def current(strategy) -> dict:
    """A strategy's values of its declared knobs, in declaration order."""
    return {name: getattr(strategy, name) for name in declared(type(strategy))}


def knob_problem(strategy_class, key: str, value: Any) -> str | None:
    """``knob 'key' …`` why ``value`` may not be set for the knob ``key`` of ``strategy_class`` (None when it may):
    outside a declared knob's range or choices, or, for any other field, a number that is NaN or infinite."""
    return _problem(key, declared(strategy_class).get(key), value)


def _problem(key: str, space, value: Any) -> str | None:
    if space is not None:
        problem = space.problem(value)
    elif isinstance(value, float) and not math.isfinite(value):
        problem = f"must be a finite number, not {_show(value)}"
    else:
        return None
    return None if problem is None else f"knob '{key}' {problem}"


@functools.cache
def _fields(cls) -> tuple:
    """``(field name, its declared knob or None, its default)`` for every field of the player dataclass ``cls``."""
    space = declared(cls)
    return tuple((f.name, space.get(f.name), f.default) for f in dataclasses.fields(cls))


def check_player(player) -> None:
    """Raise ``CardoddsError`` (``<player>: knob 'k' = 99 is out of its range 0..6``) unless every field of the
    player dataclass ``player`` is allowed (:func:`knob_problem`).  A field holding its class default itself is
    not checked again (players are built at every decision of some searches); the defaults are checked by
    :func:`cardodds.sim.conformance.check_player_knobs`."""
    cls = type(player)
    for key, space, default in _fields(cls):
        value = getattr(player, key)
        problem = None if value is default else _problem(key, space, value)
        if problem:
            raise CardoddsError(f"{getattr(cls, 'name', '') or cls.__name__}: {problem}")


def check_knobs(strategy_class, values: dict, where: str) -> None:
    """Raise ``CardoddsError`` unless every key is a declared knob and every value is allowed (:func:`knob_problem`)."""
    space = declared(strategy_class)
    name = getattr(strategy_class, "name", strategy_class.__name__)
    for key, value in values.items():
        if key not in space:
            known = ", ".join(space) or "none"
            raise CardoddsError(f"{where}: '{key}' is not a tunable knob of {name} (knobs: {known})")
        problem = knob_problem(strategy_class, key, value)
        if problem:
            raise CardoddsError(f"{where}: {name}: {problem}")


def read_knobs_file(path, where: str) -> tuple[str, dict]:
    """``(strategy name, knobs)`` from a TOML file written by ``cardodds tune`` (``strategy = ...`` and ``[knobs]``)."""
    doc = _knobs_doc(path, where)
    return doc["strategy"], doc.get("knobs", {})


def _knobs_doc(path, where: str) -> dict:
    """The checked TOML document of a knobs file (``strategy``, ``[knobs]``, and ``python`` for a player the user
    wrote)."""
    from cardodds.sim.bounded_json import loads_toml

    path = Path(path)
    try:
        text = read_capped(path, "a knobs file").decode("utf-8")
    except OSError as exc:
        raise CardoddsError(f"{where}: cannot read the knobs file {path} ({exc.strerror or exc})") from None
    except UnicodeDecodeError as exc:
        raise CardoddsError(f"{where}: {path} is not a knobs file ({' '.join(str(exc).split())})") from None
    doc = loads_toml(text, f"{where}: the knobs file {path}")
    name, knobs = doc.get("strategy"), doc.get("knobs", {})
    if not isinstance(name, str) or not isinstance(knobs, dict):
        raise CardoddsError(f"{where}: {path} needs 'strategy = \"<name>\"' and a [knobs] table")
    if not isinstance(doc.get("python", ""), str):
        raise CardoddsError(f"{where}: {path}: 'python' must be \"file.py:Name\", not {doc['python']!r}")
    return doc


def with_knobs_file(table: dict, where: str) -> dict:
    """A strategy table with its ``file = "…"`` (a knobs file ``cardodds tune`` wrote) read in: the file's strategy
    and knobs, overridden by the other keys of the table.  The file of a player the user wrote names it by
    ``python = "file.py:Name"``, the path relative to the knobs file's folder."""
    table = dict(table)
    if "file" not in table:
        return table
    path = table.pop("file")
    if not isinstance(path, str):
        raise CardoddsError(f"{where}: 'file' must be a path to a knobs file, not {path!r}")
    doc = _knobs_doc(path, where)
    name, knobs = doc["strategy"], doc.get("knobs", {})
    if "python" in doc:
        if "name" in table:
            raise CardoddsError(f"{where}: {path} holds knobs of {doc['python']}, not of {table['name']!r}")
        source = Path(doc["python"])
        return {**knobs, "python": str(source if source.is_absolute() else Path(path).resolve().parent / source),
                **table}
    if table.setdefault("name", name) != name:
        raise CardoddsError(f"{where}: {path} holds knobs of {name!r}, not of {table['name']!r}")
    return {**knobs, **table}
