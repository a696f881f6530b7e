"""A watchdog that stops a user player's decision that runs over its CPU time limit in a thread that is not a main
thread (a Dask worker's), where no CPU-time alarm (a signal) can reach it.

While :func:`running` is active (one watchdog a process, shared by the threads inside it), each decision asked inside
:func:`watching` registers its thread's CPU clock; every ``tick`` seconds the watchdog reads the clocks and raises the
given exception into a thread whose decision has spent more than the limit (``PyThreadState_SetAsyncExc``: it lands
at the thread's next Python instruction, so a loop in Python stops; code stuck inside one C call is stopped when the
call returns).  Outside :func:`running` (or where a thread's CPU clock cannot be read) :func:`watching` does nothing.
"""

from __future__ import annotations

import contextlib
import ctypes
import threading
import time

_LOCK = threading.Lock()
_WATCHED: dict[int, tuple[int, float]] = {}
"""Thread ident → (its CPU clock id, the clock's reading when its decision began)."""
_STATE = {"users": 0, "stop": None, "fired": set()}


@contextlib.contextmanager
def running(limit, tick: float, error: type):
    """Watch the decisions of this process's threads while the block runs: raise ``error`` into one whose decision
    has spent more than ``limit()`` CPU seconds (checked every ``tick`` seconds)."""
    with _LOCK:
        _STATE["users"] += 1
        if _STATE["users"] == 1:
            stop = _STATE["stop"] = threading.Event()
            threading.Thread(target=_watch, args=(stop, limit, tick, error), name="cardodds-decision-watchdog",
                             daemon=True).start()
    try:
        yield
    finally:
        with _LOCK:
            _STATE["users"] -= 1
            if _STATE["users"] == 0:
                _STATE["stop"].set()


def watching():
    """A context in which a decision runs that the watchdog may stop (when one runs and this thread's CPU clock can
    be read); None when nothing watches this thread (most decisions: no lock taken, nothing to enter)."""
    ident = threading.get_ident()
    # read without the lock: only a decision begun at the very moment a run's watchdog starts can be missed
    if not _STATE["users"] or ident == threading.main_thread().ident:
        return None
    return _watched(ident)


@contextlib.contextmanager
def _watched(ident: int):
    """:func:`watching` in a thread the watchdog may stop."""
    with _LOCK:
        active = _STATE["users"] > 0 and ident != threading.main_thread().ident
        if active:
            try:
                clock = time.pthread_getcpuclockid(ident)
            except (AttributeError, OSError):
                active = False
            else:
                _WATCHED[ident] = (clock, time.clock_gettime(clock))
    if not active:
        yield
        return
    try:
        yield
    finally:
        with _LOCK:
            _WATCHED.pop(ident, None)
            fired = ident in _STATE["fired"]
            _STATE["fired"].discard(ident)
        if fired:  # raised into the thread after its decision returned: take it back
            ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(ident), None)


def _watch(stop: threading.Event, limit, tick: float, error: type) -> None:
    while not stop.wait(tick):
        with _LOCK:
            for ident, (clock, began) in list(_WATCHED.items()):
                if time.clock_gettime(clock) - began > limit():
                    del _WATCHED[ident]
                    _STATE["fired"].add(ident)
                    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(ident), ctypes.py_object(error))
