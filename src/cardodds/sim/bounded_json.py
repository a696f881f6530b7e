"""The one reader of the JSON a user hands us: a position file or standard input, ``--opponents``, a ``--set``
value, a move log, the page's request bodies.

Python's own reader has no bounds a user's text cannot pass: a thousand nested brackets raise ``RecursionError``,
an integer of more than 4,300 digits ``ValueError``, and a value nested a few hundred deep passes the reader only
to break whatever walks it next (a deep copy, an error message).  Here the text is at most ``limit`` bytes, nested
at most :data:`MAX_DEPTH` deep, every integer at most :data:`MAX_DIGITS` digits long, and ``NaN``/``Infinity``
(not JSON) are refused; anything else is a one-line :class:`~cardodds.sim.errors.CardoddsError`.
"""

from __future__ import annotations

import json

from cardodds.sim.errors import CardoddsError
from cardodds.sim.input_file import MAX_INPUT_BYTES

MAX_DEPTH = 100
"""Lists and objects nest at most this deep (a position nests 3 deep)."""
MAX_DIGITS = 100
"""An integer has at most this many digits (a seed has 19)."""


class NotJson(CardoddsError):
    """The text is not JSON at all (a ``--set`` value that is not JSON is then read as text)."""


_BIG = 10**MAX_DIGITS


class _Refused(Exception):
    """Raised by the reader's hooks; :func:`loads` words it as a ``kind`` naming the text."""

    kind = CardoddsError


class _NoValue(_Refused):
    kind = NotJson


def _integer(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise _Refused(f"has an integer of {digits:,} digits (at most {MAX_DIGITS})")
    return int(text)


def _constant(text: str):
    raise _NoValue(f"not valid JSON: {text} is no JSON value")


def loads(data: bytes | str, where: str, limit: int = MAX_INPUT_BYTES):
    """The JSON value of ``data`` (UTF-8 bytes or text), called ``where`` in a message, within the bounds above.

    Raises
    ------
    NotJson
        ``data`` is not JSON (the message gives the line and column).
    CardoddsError
        It is not UTF-8, longer than ``limit`` bytes, nested too deep, or holds too long an integer.
    """
    size = len(data) if isinstance(data, bytes) else len(data.encode("utf-8", "surrogatepass"))
    if size > limit:
        raise CardoddsError(f"{where}: is over {_size(limit)}, too large")
    try:
        text = data.decode("utf-8") if isinstance(data, bytes) else data
    except UnicodeDecodeError as exc:
        raise CardoddsError(f"{where}: is not UTF-8 text (bad byte at offset {exc.start}); JSON is UTF-8") from None
    try:
        value = json.loads(text, parse_int=_integer, parse_constant=_constant)
    except _Refused as exc:
        raise exc.kind(f"{where}: {exc}") from None
    except json.JSONDecodeError as exc:
        raise NotJson(f"{where}: not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})") from None
    except RecursionError:
        raise CardoddsError(f"{where}: is nested more than {MAX_DEPTH} deep") from None
    check_value(value, where)
    return value


def check_value(value, where: str) -> None:
    """Refuse a value (read from JSON or given to the Python API) nested more than :data:`MAX_DEPTH` deep or
    holding an integer of more than :data:`MAX_DIGITS` digits; a loop, not a recursion."""
    stack = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list, tuple)):
            if depth >= MAX_DEPTH:
                raise CardoddsError(f"{where}: is nested more than {MAX_DEPTH} deep")
            children = [*item.keys(), *item.values()] if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
        elif isinstance(item, int) and not -_BIG < item < _BIG:
            raise CardoddsError(f"{where}: has an integer of more than {MAX_DIGITS} digits")


def _size(limit: int) -> str:
    return f"{limit // (1024 * 1024)} MiB" if limit >= 1024 * 1024 else f"{limit // 1024} kB"


def loads_toml(text: str, where: str) -> dict:
    """A user's TOML document (an experiment, a knobs file) within the bounds of :func:`loads`: one line naming
    ``where`` for a document that is not TOML, holds an integer past Python's 4,300 digits or nests too deep."""
    import tomllib

    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CardoddsError(f"{where}: not valid TOML: {' '.join(str(exc).split())}") from None
    except ValueError:  # int() past Python's 4,300 digits
        raise CardoddsError(f"{where}: has an integer of more than 4,300 digits") from None
    except RecursionError:
        raise CardoddsError(f"{where}: is nested too deep") from None
    check_value(doc, where)
    return doc
