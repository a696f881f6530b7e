"""The arguments a user passes, as a command-line option or a Python keyword: one rule and one message per kind.

Each check takes the value and the name the user typed it under (``"--seed"`` on the command line, ``"seed"`` in
Python), returns the value to use and raises :class:`CardoddsError` with one line naming that argument — before any
work is done.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import math
import os
import reprlib
from itertools import islice
from pathlib import Path

from cardodds.sim.errors import CardoddsError

SEED_MAX = 2**63 - 1
"""The largest seed (seeds are 0 … 2⁶³ − 1, whatever the command or the file)."""


_SPOKEN = contextvars.ContextVar("cardodds_spoken", default="cli")
_SET = contextvars.ContextVar("cardodds_spoken_set", default=False)
_PYTHON_WORDS = {"resume": "resume=True", "out": "out=…"}
_CLI_WORDS = {"metrics": "--metric"}


def option(name: str) -> str:
    """The argument ``name`` (a Python keyword) as the user gives it: ``--max-games`` on the command line,
    ``max_games`` from Python (``resume=True`` and ``out=…`` as what to pass) — the way set by :func:`spoken`."""
    if _SPOKEN.get() == "python":
        return _PYTHON_WORDS.get(name, name)
    return _CLI_WORDS.get(name, "--" + name.replace("_", "-"))


def caller() -> str:
    """Who called: ``"cli"`` (the command, and code outside the API) or ``"python"`` (the API, :func:`python_api`)."""
    return _SPOKEN.get()


@contextlib.contextmanager
def spoken(way: str):
    """Within the block, messages name arguments the ``way`` (``"cli"`` or ``"python"``) the user gave them; the
    outermost caller decides (the command runs over the Python API, and its user typed options)."""
    if _SET.get():
        yield
        return
    tokens = _SPOKEN.set(way), _SET.set(True)
    try:
        yield
    finally:
        _SET.reset(tokens[1])
        _SPOKEN.reset(tokens[0])


def python_api(function):
    """Decorate a function of the Python API: the messages it raises name its keywords (:func:`spoken`)."""
    @functools.wraps(function)
    def wrapper(*args, **kwargs):
        with spoken("python"):
            return function(*args, **kwargs)
    return wrapper


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_games(games, name: str = "--games") -> int:
    """A number of games: a whole number >= 1."""
    if not _whole(games) or games < 1:
        raise CardoddsError(f"{name} must be a whole number >= 1, not {games!r}")
    return games


def check_seed(seed, name: str = "--seed") -> int:
    """A random seed: a whole number from 0 to :data:`SEED_MAX` (there is no random seed: same seed, same numbers)."""
    if not _whole(seed) or not 0 <= seed <= SEED_MAX:
        raise CardoddsError(f"{name} must be a whole number from 0 to 2**63 - 1, not {seed!r}")
    return seed


def check_jobs(jobs, name: str = "--jobs") -> int:
    """Worker processes: a whole number >= 1, or -1 for one per core."""
    if not _whole(jobs) or not (jobs >= 1 or jobs == -1):
        raise CardoddsError(f"{name} must be a whole number >= 1 (or -1 for every core), not {jobs!r}")
    return jobs


def check_whole(value, name: str, low: int, high: int | None = None) -> int:
    """A whole number from ``low`` to ``high`` (no upper bound when None): a seat, a number of players."""
    if not _whole(value) or value < low or (high is not None and value > high):
        bound = f"from {low} to {high}" if high is not None else f">= {low}"
        raise CardoddsError(f"{name} must be a whole number {bound}, not {value!r}")
    return value


def check_half_width(value, name: str = "--precision") -> float:
    """A targeted interval half-width (an adaptive run's precision): a finite number > 0."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value < math.inf:
        raise CardoddsError(f"{name} must be a half-width > 0, e.g. 0.001, not {value!r}")
    return value


def check_hand(hand, name: str = "--hand") -> str:
    """A hand: the cards as one string (``"2V 2V 3V …"``) or a list of card strings (``["2V", "2V", "3V", …]``)."""
    if isinstance(hand, (list, tuple)) and all(isinstance(card, str) for card in hand):
        return " ".join(hand)
    if not isinstance(hand, str):
        raise CardoddsError(f"{name} must be the cards as a string (\"2V 2V 3V ...\") or a list of card strings, "
                            f"not {shown(hand)}")
    return hand


def check_path(path, name: str) -> Path:
    """A file or folder path: a string or a path object (a file there is checked by the command that uses it)."""
    if isinstance(path, bytes) or not isinstance(path, (str, os.PathLike)) or not str(path).strip():
        raise CardoddsError(f"{name} must be a path (a string or a pathlib.Path), not {shown(path)}")
    return Path(path)


class _Short(reprlib.Repr):
    """``repr`` that never recurses deep nor writes a huge integer out (Python refuses past 4,300 digits)."""

    def __init__(self):
        super().__init__()
        self.maxlevel, self.maxstring, self.maxother, self.maxlong = 3, 60, 60, 60
        self.maxlist = self.maxtuple = self.maxdict = self.maxset = 20

    def repr_int(self, x, level):
        if x.bit_length() > 200:  # about 60 digits
            return f"<a whole number of about {int(x.bit_length() * 0.30103) + 1:,} digits>"
        return repr(x)

    def repr_dict(self, x, level):  # reprlib sorts the keys; a message shows them as given
        if not x or level <= 0:
            return "{...}" if x else "{}"
        pieces = [f"{self.repr1(k, level - 1)}: {self.repr1(v, level - 1)}" for k, v in islice(x.items(), self.maxdict)]
        return "{" + ", ".join(pieces) + (", ..." if len(x) > self.maxdict else "") + "}"


_SHORT = _Short()


def shown(value) -> str:
    """``repr(value)``, cut to 60 characters (an error message stays one short line), whatever ``value`` holds."""
    text = _SHORT.repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def read_whole(text: str):
    """``text`` as an ``int`` (``_`` and ``,`` may group its digits), or ``text`` itself when it is not one — for a
    check of this module to refuse in its own words."""
    if not isinstance(text, str):  # a table --opponents read as JSON: the check refuses it in its own words
        return text
    try:
        return int(text.replace("_", "").replace(",", ""))
    except ValueError:
        return text
