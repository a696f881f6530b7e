"""A pool worker exits as soon as the run's process that started it dies (``kill -9``, the OOM killer).

A pool keeps its idle workers for minutes, so a run killed outright would leave them behind.  A daemon thread notices
the death — the worker is re-parented, ``os.getppid()`` changes — within :data:`PARENT_POLL` seconds and ends the
worker.  A portable poll rather than Linux's ``PR_SET_PDEATHSIG``, which fires when the *thread* that started the
worker ends (loky may start workers from a helper thread) and exists on Linux only.

This module imports the standard library only: the loky backend sends :func:`start_with_parent` to its workers by
value (:func:`cardodds.sim.backends.loky_watching_parent`), so a starting worker watches its parent before it imports
cardodds (numpy, pandas: seconds on a loaded machine).
"""

from __future__ import annotations

import os
import threading
import time

PARENT_POLL = 0.5
"""Seconds between a worker's checks that the run's process is still alive."""

WATCHER = "cardodds-exit-with-parent"
"""The name of the watching thread (one per worker process)."""


def exit_with_parent(parent: int) -> None:
    """In a worker started by the run's process ``parent``: exit as soon as that process dies.

    Does nothing in the run's own process (jobs = 1, threads), in a worker that is not the run's child (a remote Dask
    worker) or one that watches already: one thread per worker process, however many chunks it plays.
    """
    if os.getpid() == parent or os.getppid() != parent:
        return
    if any(thread.name == WATCHER for thread in threading.enumerate()):
        return

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_POLL)
        os._exit(1)  # the run is gone: nobody will read this worker's results

    threading.Thread(target=watch, name=WATCHER, daemon=True).start()


def start_with_parent(parent: int) -> None:
    """The initializer of a loky worker of the run's process ``parent``: watch it from the worker's start on.

    Watching from a worker's first chunk on is too late for a run killed while its pool starts: its workers, idle,
    would wait minutes for work.  A worker whose parent is gone before it starts (it was re-parented) exits at once.
    """
    if os.getppid() != parent:
        os._exit(1)
    exit_with_parent(parent)
