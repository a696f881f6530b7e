"""Compile the numba kernels once per machine, before a pool of workers starts, not once in every worker.

numba caches each compiled kernel on disk (``cache=True``), but a fresh install starts with an empty cache: without
this, every worker of a pool (joblib's for ``cardodds report``, pytest-xdist's for the tests) that plays a game first
compiles that game's kernel itself, the same 7-17 s of CPU a kernel (``benchmarks/compile_cost.py``), often at the
same time on each core.  :func:`warm_kernels` instead compiles the kernels of the games asked for in a few fresh
processes side by side (a different kernel on each core), each through its engine's ``compiled.warm()``, so that the
workers only load them from the cache.  With a warm cache it costs each process its imports and the cache loads (a
second or two).  Nothing to do with ``CARDODDS_COMPILED=0`` or without numba.  The numbers never change: the warm-up
only fills numba's cache.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys


def kernel_games() -> tuple[str, ...]:
    """The games with a compiled engine (``GameSpec.compiled``), the slowest to compile first
    (``GameSpec.compile_cost``: Tấn, Chắn, Sâm; cold ``warm()`` 19, 14 and 5 s of CPU)."""
    from cardodds.sim.games import games

    return tuple(g.name for g in sorted((g for g in games() if g.compiled), key=lambda g: -g.compile_cost))


def engine_module(game: str) -> str:
    """The name of ``game``'s compiled engine module (``GameSpec.compiled``), as a fresh process imports it."""
    from cardodds.sim.games import game as spec_of

    ref = spec_of(game).compiled
    return ref if isinstance(ref, str) else ref.__name__


def wanted() -> bool:
    """Whether a warm-up is worth it: ``CARDODDS_COMPILED`` is not ``0`` and numba imports."""
    from cardodds.sim.compiled_switch import flag_on

    return flag_on() and importlib.util.find_spec("numba") is not None


def _groups(games, processes: int) -> list[list[str]]:
    """The games dealt to ``processes`` processes in :func:`kernel_games` order (the slowest alone when there are
    two processes for three games)."""
    games = [g for g in kernel_games() if g in games]
    groups: list[list[str]] = [[] for _ in range(max(1, min(processes, len(games))))]
    for i, game in enumerate(games):
        groups[min(i, len(groups) - 1)].append(game)
    return [g for g in groups if g]


def start_groups(games=None, processes: int = 2, nice: int = 0) -> list[tuple[list[str], subprocess.Popen]]:
    """Start compiling (or loading) the kernels of ``games`` (None: :func:`kernel_games`) in up to ``processes``
    fresh processes, ``nice`` steps
    below this one's priority; return each process with the games it warms (none when :func:`wanted` says no).  A
    process ends with the one that started it (:mod:`cardodds.sim.parent_watch`): a server killed outright leaves no
    compile behind."""
    if not wanted():
        return []
    started = []
    for group in _groups(kernel_games() if games is None else games, processes):
        code = f"import os; os.nice({nice}); from cardodds.sim.parent_watch import exit_with_parent; "
        code += f"exit_with_parent({os.getpid()}); "
        code += "import importlib; " + "; ".join(f"importlib.import_module({engine_module(g)!r}).warm()" for g in group)
        started.append((group, subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.DEVNULL,
                                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)))
    return started


def start_warm(games=None, processes: int = 2) -> list[subprocess.Popen]:
    """Start compiling (or loading) the kernels of ``games`` (None: :func:`kernel_games`) in up to ``processes``
    fresh processes; return them (none when :func:`wanted` says no)."""
    return [proc for _, proc in start_groups(games, processes)]


def warm_kernels(games=None, processes: int = 2) -> bool:
    """Compile (or load) the kernels of ``games`` (None: :func:`kernel_games`) in up to ``processes`` fresh processes
    at once; wait for them.

    Returns whether every warm-up process ended well.  A failed one is no error here: the workers then compile
    what they need themselves, as without the warm-up.
    """
    procs = start_warm(games, processes)
    return all(p.wait() == 0 for p in procs)
