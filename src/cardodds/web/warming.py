"""The numba kernels of ``cardodds serve``, warmed in the background from the server's start.

After a fresh install numba's on-disk cache is empty: the first simulated answer of a game would wait for its kernel
to compile (5-19 s of CPU, ``benchmarks/compile_cost.py``) inside the server.  :class:`Warming` instead starts the
warm-up processes of :mod:`cardodds.sim.kernel_warm` when the server starts (a different kernel on each core; the
server answers meanwhile); when a game's process ends, a thread loads that game's kernels from the cache into the
server (a second or two), and the game is ready.  A simulated request of a game still warming gets a ``warming``
event (the page says "đang khởi động") and plays on the numpy engines meanwhile (:mod:`cardodds.sim.compiled_switch`:
the same numbers, game for game, several times slower), rather than wait for the compile or compile the same kernel a
second time in the server.  With ``CARDODDS_COMPILED=0`` or without numba nothing is warmed and every game is ready.
"""

from __future__ import annotations

import logging
import os
import subprocess
import threading

from cardodds.api import kernel_games, load_kernels, numpy_while, start_groups

log = logging.getLogger("cardodds.serve")

MESSAGE = "starting up: the fast simulator compiles (once after an install); the slower one answers meanwhile"
"""The ``warming`` event's message (the page shows its own words)."""


NICE = 10
"""How far below the server's priority the warm-up processes run."""


class Warming:
    """Which games' kernels are ready in the server; :meth:`start` warms the others in the background.

    Parameters
    ----------
    games : iterable of str, optional
        The games to warm (only those with kernels count; every other game is ready at once); default: every game
        with a compiled engine (:func:`cardodds.api.kernel_games`).
    start : callable
        ``start(games, processes, nice) -> [(games, process), …]``: starts the warm-up processes
        (:func:`cardodds.sim.kernel_warm.start_groups`; a test passes its own).
    load : callable
        ``load(games)``: loads warmed kernels into this process (:func:`cardodds.api.load_kernels`).
    """

    def __init__(self, games=None, start=start_groups, load=load_kernels):
        compiled = kernel_games()
        self._pending = {name: threading.Event() for name in (compiled if games is None else games) if name in compiled}
        self._start, self._load = start, load
        self._procs = []

    def start(self, processes: int | None = None) -> None:
        """Start the warm-up processes (one per core, at most three) and the thread that waits for them.  They run
        at a lower priority (:data:`NICE`): the requests played meanwhile come first."""
        started = self._start(list(self._pending), processes or min(3, os.cpu_count() or 1), NICE)
        self._procs = [proc for _, proc in started]
        warmed = {name for group, _ in started for name in group}
        for name in set(self._pending) - warmed:  # nothing to warm (compiled engines off): ready now
            self._pending[name].set()
        for group, proc in started:
            threading.Thread(target=self._follow, args=(group, proc), name="warm-kernels", daemon=True).start()

    def _follow(self, group: list[str], proc) -> None:
        """Wait for ``group``'s warm-up process, load its kernels here, then mark its games ready."""
        try:
            if proc.wait() == 0:
                self._load(group)
        except Exception as exc:  # the request then compiles what it needs itself, as without the warm-up
            log.error("cardodds serve: warming %s: %s: %s", ", ".join(group), type(exc).__name__, exc)
        for name in group:
            self._pending[name].set()

    def ready(self, game: str) -> bool:
        """Whether ``game``'s kernels are ready (a game without kernels always is)."""
        return game not in self._pending or self._pending[game].is_set()

    def warming(self) -> list[str]:
        """The games still warming."""
        return sorted(name for name in self._pending if not self.ready(name))

    def notice(self, game: str) -> dict | None:
        """The ``warming`` event's data while ``game``'s kernels warm, else None."""
        return None if self.ready(game) else {"game": game, "message": MESSAGE}

    def engines(self, game: str):
        """A block that plays ``game`` on the numpy engines while its kernels warm, then on the compiled ones (asked
        at every engine choice): the same numbers, no wait for a compile."""
        return numpy_while(lambda: not self.ready(game))

    def stop(self) -> None:
        """End the warm-up processes still running (the server stops)."""
        for proc in self._procs:
            if proc.poll() is None:
                proc.terminate()
        for proc in self._procs:
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                proc.kill()
