"""Build validated option dataclasses (rules, strategy knobs, experiment settings) from TOML tables.

Every game's rules are a frozen dataclass whose fields are the options of docs/rules.md with their defaults.
``from_table`` turns a TOML table into one, rejecting unknown keys, wrong types and values outside a ``Literal``'s
choices with one clear line naming the key: the one place where annotations are checked.  The dataclass's own
``__post_init__`` checks only what an annotation cannot say, ranges and impossible combinations (raising
:class:`CardoddsError`); a player's knobs are checked against their declared ranges and choices first
(:func:`cardodds.sim.knobs.knob_problem`), so the message says what is allowed.
"""

from __future__ import annotations

import dataclasses
import difflib
import types
import typing
from typing import Any, TypeVar

from cardodds.sim.errors import CardoddsError
from cardodds.sim.knobs import knob_problem

T = TypeVar("T")


def unknown_key_error(key: str, allowed: typing.Iterable[str], where: str) -> CardoddsError:
    """The error for a key that is not an option, naming the closest known one."""
    allowed = sorted(allowed)
    close = difflib.get_close_matches(str(key), allowed, n=1)  # a Python dict may have any keys
    hint = f" (did you mean '{close[0]}'?)" if close else f" (known: {', '.join(allowed)})"
    return CardoddsError(f"{where}: unknown key '{key}'{hint}")


def _type_name(tp: Any) -> str:
    return getattr(tp, "__name__", str(tp).replace("typing.", ""))


def _matches(value: Any, tp: Any) -> bool:
    """Whether a TOML value fits a (simple) type annotation."""
    if tp is Any:
        return True
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        return any(_matches(value, arg) for arg in typing.get_args(tp))
    if origin is typing.Literal:
        return value in typing.get_args(tp)
    if origin in (tuple, list):
        args = typing.get_args(tp)
        inner = args[0] if args else Any
        return isinstance(value, (list, tuple)) and all(_matches(v, inner) for v in value)
    if origin is dict:
        return isinstance(value, dict)
    if tp is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if tp is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if tp is type(None):
        return value is None
    return isinstance(value, tp)


def _describe(tp: Any) -> str:
    origin = typing.get_origin(tp)
    if origin is typing.Literal:
        return "one of " + ", ".join(repr(a) for a in typing.get_args(tp))
    if origin in (typing.Union, types.UnionType):
        return " or ".join(_describe(a) for a in typing.get_args(tp))
    if origin in (tuple, list):
        args = typing.get_args(tp)
        return f"a list of {_describe(args[0])}" if args else "a list"
    return {"int": "an integer", "float": "a number", "bool": "true or false", "str": "a string"}.get(
        _type_name(tp), _type_name(tp)
    )


def _normalized(value: Any, tp: Any) -> Any:
    """A checked TOML value in the one form its annotation stands for: a list as a tuple, a whole number given for a
    ``float`` as a float (so that ``1`` and ``1.0`` make equal options)."""
    if isinstance(value, list):
        return tuple(value)
    if tp is float:
        return float(value)
    return value


def from_table(cls: type[T], table: dict[str, Any] | None, where: str) -> T:
    """Build the dataclass ``cls`` from a TOML table, validating keys and types.

    Parameters
    ----------
    cls : dataclass type
        Fields are the allowed keys; annotations give the allowed types (``Literal`` for choices).
    table : dict or None
        The TOML table; missing keys take the field defaults.
    where : str
        Where the table comes from (``"configs/x.toml [rules]"``), for error messages.
    """
    table = dict(table or {})
    hints = typing.get_type_hints(cls, include_extras=True)
    fields = {f.name: f for f in dataclasses.fields(cls) if f.init}
    kwargs = {}
    renamed = getattr(cls, "renamed_knobs", {})
    for key, value in table.items():
        if key in renamed and key not in fields:
            raise CardoddsError(f"{where}: '{key}' is now called '{renamed[key]}'")
        if key not in fields:
            raise unknown_key_error(key, fields, where)
        tp = hints[key]
        problem = knob_problem(cls, key, value) if hasattr(cls, "knobs") else None  # a player's: its declared range
        if problem:
            raise CardoddsError(f"{where}: {problem}")
        if not _matches(value, tp):
            raise CardoddsError(f"{where}: '{key}' must be {_describe(tp)}, not {value!r}")
        kwargs[key] = _normalized(value, tp)
    try:
        return cls(**kwargs)
    except CardoddsError as exc:
        raise CardoddsError(f"{where}: {exc}") from None


def changed_options(obj) -> dict[str, Any]:
    """The init fields of a dataclass instance whose values differ from their defaults, in field order."""
    out = {}
    for f in dataclasses.fields(obj):
        if not f.init:
            continue
        default = f.default if f.default is not dataclasses.MISSING else (
            f.default_factory() if f.default_factory is not dataclasses.MISSING else dataclasses.MISSING)
        value = getattr(obj, f.name)
        if value != default:
            out[f.name] = value
    return out


def strategy_label(name: str, strategy, skip: tuple[str, ...] = ()) -> str:
    """``name``, followed by the strategy's changed knobs in parentheses: ``heuristic (max_ca=3)``."""
    knobs = ", ".join(f"{k}={v}" for k, v in changed_options(strategy).items() if k not in skip)
    return f"{name} ({knobs})" if knobs else name


SERIES_MAX = 1000
"""The longest series (``series_length``) of every game: a series is played one game after another, and a run's
chunk cuts it at the chunk's end anyway."""


def check_series_length(n) -> int:
    """``series_length``: games in a row at the same table, 1 (single games) to :data:`SERIES_MAX`."""
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= SERIES_MAX:
        raise CardoddsError(f"series_length must be a whole number >= 1 and at most {SERIES_MAX} "
                            f"(1 = single games), not {n!r}")
    return n
