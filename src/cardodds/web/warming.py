"""The numba kernels of ``cardodds serve``, warmed in the background from the server's start.

After a fresh install numba's on-disk cache is empty: the first simulated answer of a game would wait for its kernel
to compile (5-19 s of CPU, ``benchmarks/compile_cost.py``) inside the server.  :class:`Warming` instead starts the
warm-up processes of :mod:`cardodds.sim.kernel_warm` when the server starts (a different kernel on each core; the
server answers meanwhile); when a game's process ends, a thread loads that game's kernels from the cache into the
server (a second or two), and the game is ready.  A simulated request for a game still warming first gets a
``warming`` event (the page says "đang khởi động") and then waits for it, rather than compiling the same kernel a
second time in the server.  With ``CARDODDS_COMPILED=0`` or without numba nothing is warmed and every game is ready.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import os
import subprocess
import threading

from cardodds.sim.kernel_warm import KERNEL_GAMES, start_groups

log = logging.getLogger("cardodds.serve")

MESSAGE = "starting up: preparing the simulator (once after an install), the answer follows"
"""The ``warming`` event's message (the page shows its own words)."""


def load_in_server(games) -> None:
    """Load the kernels of ``games`` into this process (from numba's cache, which the warm-up process filled)."""
    for name in games:
        importlib.import_module(f"cardodds.sim.{name}.compiled").warm()


class Warming:
    """Which games' kernels are ready in the server; :meth:`start` warms the others in the background.

    Parameters
    ----------
    games : iterable of str
        The games to warm (only those with kernels count; every other game is ready at once).
    start : callable
        ``start(games, processes) -> [(games, process), …]``: starts the warm-up processes
        (:func:`cardodds.sim.kernel_warm.start_groups`; a test passes its own).
    load : callable
        ``load(games)``: loads warmed kernels into this process (:func:`load_in_server`).
    """

    def __init__(self, games=KERNEL_GAMES, start=start_groups, load=load_in_server):
        self._pending = {name: threading.Event() for name in games if name in KERNEL_GAMES}
        self._start, self._load = start, load
        self._procs = []

    def start(self, processes: int | None = None) -> None:
        """Start the warm-up processes (one per core, at most three) and the thread that waits for them."""
        started = self._start(list(self._pending), processes or min(3, os.cpu_count() or 1))
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

    async def wait(self, game: str, stopping: threading.Event, poll: float = 0.1) -> bool:
        """Wait until ``game`` is ready; False if ``stopping`` is set first."""
        while not self.ready(game):
            if stopping.is_set():
                return False
            await asyncio.sleep(poll)
        return True

    async def announce(self, game: str, stopping: threading.Event):
        """The events a simulated request of ``game`` sends before it computes, as ``(kind, data)``: none when the
        game is ready; else ``warming`` at once, then nothing until it is ready — or an ``error`` if the server
        stops first (the request then ends)."""
        if self.ready(game):
            return
        yield "warming", {"game": game, "message": MESSAGE}
        if not await self.wait(game, stopping):
            yield "error", {"error": "the server is stopping"}

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
