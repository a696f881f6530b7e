"""Players written by a user: the class they subclass, and :func:`ask`, the one door through which any game asks one.

A user player decides from its seat's *view* — the mid-game position's JSON form, exactly what
``cardodds replay <game> --state-at K`` prints and ``cardodds advise`` reads — and the legal moves, spelled as the
position's ``legal_moves`` spells them; it returns one of them::

    from cardodds import UserPlayer, Range

    class KeepTwos(UserPlayer):
        knobs = {"threshold": Range(0, 8)}
        threshold: int = 3

        def decide(self, view, legal, rng):
            return legal[0]

Each game turns its engines' decision views into this form in ``cardodds.sim.<game>.user_seat`` (the game's
``user_strategy(player)``); :func:`ask` calls the player on copies, so a player can neither read nor change hidden
state, and turns anything it does wrong into one :class:`UserPlayerError` line.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import marshal
import re
import signal
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

from cardodds.sim import user_watchdog as _watchdog
from cardodds.sim.errors import CardoddsError
from cardodds.sim.player_base import Player


class UserPlayerError(CardoddsError):
    """A user player misbehaved at a decision: one line naming the player, the seat and the decision.

    Attributes
    ----------
    position : dict or None
        The view (position JSON) of the decision it failed at, for ``cardodds advise <game> --state``.
    game : str or None
        The game's name.
    replayable : bool
        ``position`` is a position ``cardodds advise`` reads (False for the view of a decision outside the position
        protocol, such as Tấn's trump exchange).
    """

    def __init__(self, message: str, position: dict | None = None, game: str | None = None,
                 replayable: bool = True):
        super().__init__(message)
        self.position, self.game, self.replayable = position, game, replayable

    def __reduce__(self):  # raised in a pool worker, it crosses back whole
        return (type(self), (str(self), self.position, self.game, self.replayable))


@dataclasses.dataclass(frozen=True)
class UserPlayer(Player):
    """The base class of a player a user writes: subclass it, declare knobs as annotated fields with defaults (and in
    ``knobs`` as :class:`~cardodds.sim.knobs.Range` / :class:`~cardodds.sim.knobs.Choice` to tune them), and define
    :meth:`decide`.  Subclasses are made frozen dataclasses automatically."""

    name: ClassVar[str] = "user"
    source: ClassVar[str] = ""
    """Where it was loaded from, ``"file.py:Class"`` (set by the loader; empty for a class given in Python)."""
    origin: ClassVar[tuple | None] = None
    """``(absolute path, name, file sha256)`` of a class the loader (:mod:`cardodds.sim.user_loader`) imported."""
    reload: ClassVar[Callable | None] = None
    """``reload(path, name, sha256, knobs) -> player``: how such a class's players are unpickled (set by the loader)."""
    needs_public: ClassVar[bool] = True

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if "__dataclass_fields__" not in cls.__dict__:
            dataclasses.dataclass(frozen=True)(cls)

    def decide(self, view: dict, legal: list[str], rng) -> str:
        """One of ``legal``: the move to make in ``view`` (``rng``: a seeded ``numpy.random.Generator``)."""
        raise NotImplementedError(f"{type(self).__name__} must define decide(view, legal, rng)")

    def label(self) -> str:
        """The player in messages: its source, else its class name."""
        return self.source or type(self).__name__

    def run_identity(self) -> dict:
        """What a run's identity holds of this player: its class, source, code's sha256 and knobs (an edited file is
        another run)."""
        fields = {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.init}
        return {"__class__": type(self).__qualname__, "source": self.label(), "sha256": code_sha256(type(self)),
                **fields}

    def __reduce_ex__(self, protocol):
        """A player loaded from a file pickles as where to import it again (a worker cannot import the file's
        module by name); any other as a dataclass does."""
        return self._from_file() or super().__reduce_ex__(protocol)

    def _from_file(self) -> tuple | None:
        """How a player of a class loaded from a file unpickles (None for another player)."""
        origin = type(self).__dict__.get("origin")
        if origin is None:
            return None
        knobs = {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.init}
        return type(self).reload, (*origin, knobs)

    def __copy__(self):
        return self  # frozen: a copy is the same player (and a file-loaded one is not imported again)

    def __deepcopy__(self, memo):
        return self


class FunctionPlayer(UserPlayer):
    """A plain function ``decide(view, legal, rng) -> str`` as a player (the loader makes one subclass per function,
    holding it as ``function``)."""

    function: ClassVar[Callable]

    def decide(self, view: dict, legal: list[str], rng) -> str:
        return type(self).function(view, legal, rng)

    def label(self) -> str:
        return self.source or getattr(self.function, "__qualname__", type(self).__name__)

    def __reduce_ex__(self, protocol):
        return self._from_file() or (function_player, (self.function,))


_FUNCTION_CLASSES: dict = {}
"""A function given as a player → its :class:`FunctionPlayer` class (one per function, so its players compare equal)."""


def function_class(function) -> type:
    """The :class:`FunctionPlayer` class that plays ``function(view, legal, rng)``."""
    cls = _FUNCTION_CLASSES.get(function)
    if cls is None:
        name = re.sub(r"\W", "_", getattr(function, "__name__", "function"))
        cls = type(name, (FunctionPlayer,), {"function": staticmethod(function), "__module__": __name__,
                                            "__qualname__": name})
        _FUNCTION_CLASSES[function] = cls
    return cls


def function_player(function) -> UserPlayer:
    """The player that plays ``function(view, legal, rng)`` (how such a player given in Python unpickles)."""
    return function_class(function)()


def code_sha256(cls: type) -> str | None:
    """The sha256 of the file that defines the player class ``cls`` (its function's, for a :class:`FunctionPlayer`),
    or, for code with no file (typed at a prompt, a notebook's cell), of its functions' compiled code."""
    if cls.__dict__.get("origin"):
        return cls.origin[2]
    target = cls.function if issubclass(cls, FunctionPlayer) else cls
    path = getattr(sys.modules.get(getattr(target, "__module__", ""), None), "__file__", None)
    try:
        if path:
            return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        pass
    codes = [target] if callable(target) and hasattr(target, "__code__") else [
        f for k, f in sorted(vars(target).items()) if hasattr(f, "__code__")]
    try:
        return hashlib.sha256(b"".join(marshal.dumps(f.__code__) for f in codes)).hexdigest()
    except ValueError:  # a code object marshal cannot write
        return None


_LEAVES = frozenset((str, int, float, bool, type(None)))


def json_copy(data):
    """A copy of JSON data (dicts, lists, strings, numbers, None): well under half ``copy.deepcopy``'s time (13 µs
    against 34 for a Chắn view)."""
    if type(data) is dict:  # the common case first: leaves are not recursed into
        return {k: v if type(v) in _LEAVES else json_copy(v) for k, v in data.items()}
    if type(data) is list:
        return [v if type(v) in _LEAVES else json_copy(v) for v in data]
    if isinstance(data, dict):
        return {k: json_copy(v) for k, v in data.items()}
    if isinstance(data, list):
        return [json_copy(v) for v in data]
    return data


def ask(player: UserPlayer, view: dict, legal: list[str], rng, *, seat: int, game: str,
        decision: str = "") -> str:
    """The move ``player`` makes at seat ``seat`` given ``view`` (a position's JSON form) and ``legal`` (move texts).

    The player gets copies; its answer must be one of ``legal``.  An exception it raises, an answer that is not
    a legal move, or a decision slower than :data:`TIME_LIMIT` (stopped as it runs over, within
    :func:`decision_limit`) becomes one :class:`UserPlayerError` line naming the player, the seat and the decision
    (``decision``: its kind, "attack", "beat" …), carrying ``view``.
    """
    def where() -> str:  # built only for an error: a decision is a few µs
        return f"{game}: player {player.label()} at seat {seat}" + (f", {decision} decision" if decision else "")

    watched = _watchdog.watching()
    _DECIDING[0] = time.process_time()
    own = time.thread_time()  # this thread's CPU: a seat played from outside (sim.turns) waits in another's
    try:
        if watched is None:
            move = player.decide(json_copy(view), list(legal), rng)
        else:
            with watched:
                move = player.decide(json_copy(view), list(legal), rng)
    except UserPlayerError:
        raise
    except _TimeUp:
        raise UserPlayerError(f"{where()}: still deciding after {time.thread_time() - own:.1f} s, over the limit "
                              f"of {TIME_LIMIT:g} s a decision", view, game) from None
    except (Exception, SystemExit) as exc:  # noqa: BLE001 -- the user's code is a guest: any failure is one line
        raise UserPlayerError(f"{where()}: raised {type(exc).__name__}: {_one_line(exc)}", view, game) from None
    finally:
        _DECIDING[0] = None
    spent = time.thread_time() - own
    if spent > TIME_LIMIT:
        raise UserPlayerError(f"{where()}: took {spent:.1f} s, over the limit of {TIME_LIMIT:g} s a decision",
                              view, game)
    if not isinstance(move, str) or move not in legal:
        raise UserPlayerError(f"{where()}: returned {move!r}, not one of the legal moves ({', '.join(legal)})",
                              view, game)
    return move


TIME_LIMIT: float = 10.0
"""CPU seconds a user player may spend on one decision (``[experiment] decision_seconds``, :func:`decision_limit`)."""


@contextlib.contextmanager
def decision_limit(seconds: float):
    """Let a user player spend at most ``seconds`` of CPU time on one decision within the block.

    A decision that never ends is stopped too, checked every ``min(seconds / 4, 1)`` seconds: in a main thread (a
    run in this process, a pool worker) by a CPU-time alarm, elsewhere (a Dask worker's thread) by a watchdog thread
    that reads the deciding thread's CPU clock and raises into it (:mod:`cardodds.sim.user_watchdog`)."""
    global TIME_LIMIT
    before, TIME_LIMIT = TIME_LIMIT, float(seconds)
    tick = min(TIME_LIMIT / 4, 1.0)
    alarm = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if alarm:
        handler = signal.signal(signal.SIGPROF, _on_alarm)
        signal.setitimer(signal.ITIMER_PROF, tick, tick)
    try:
        with contextlib.nullcontext() if alarm else _watchdog.running(lambda: TIME_LIMIT, tick, _TimeUp):
            yield
    finally:
        if alarm:
            signal.setitimer(signal.ITIMER_PROF, 0, 0)
            signal.signal(signal.SIGPROF, handler)
        TIME_LIMIT = before


class _TimeUp(BaseException):
    """Raised by the CPU-time alarm into a decision over the limit (a BaseException: a player's ``except Exception``
    does not swallow it)."""


_DECIDING: list = [None]
"""The CPU time at which the decision in progress began (None between decisions)."""


def _on_alarm(signum, frame):
    started = _DECIDING[0]
    if started is not None and time.process_time() - started > TIME_LIMIT:
        _DECIDING[0] = None
        raise _TimeUp


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    return text[:200] if text else "(no message)"



def seated_users(params) -> list[tuple[str, str, str | None]]:
    """``(place, source, sha256)`` of every player written in Python that a run's parameters seat; ``place`` is
    ``"seat k"`` (its index in the list that holds it) or, in a strength table's rungs, ``"rung k"``."""
    from cardodds.sim.hashing import plain_data

    found = []

    def walk(value, place="a seat", key=""):
        if isinstance(value, dict) and value.get("__class__") == "user_seat":
            found.append((place, value["player"]["source"], value["player"]["sha256"]))
        elif isinstance(value, dict):
            for k, v in value.items():
                walk(v, place, k)
        elif isinstance(value, list):
            for i, v in enumerate(value):
                walk(v, f"{'rung' if key == 'players' else 'seat'} {i}")

    walk(plain_data(params))
    return found


def seat_lines(arms) -> dict[str, str]:
    """The report's lines on the players written in Python the arms seat: ``{"seat 1": "plays my_players.py:KeepTwos
    (sha256 …)"}``, the arms named when not every arm seats it."""
    where: dict[tuple, list[str]] = {}
    for exp in arms:
        for place, source, sha in seated_users(exp.params):
            where.setdefault((place, source, sha), []).append(exp.arm)
    lines = {}
    for (place, source, sha), names in where.items():
        key = place + ("" if len(names) == len(arms) else f" ({', '.join(names)})")
        lines[key] = f"plays {source} (sha256 {sha or 'unknown'})"
    return lines
