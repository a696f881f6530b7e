"""Test-wide set-up: the test-only ``demo`` game (``tests/demo_game/``) is registered as a new game would be, and
under ``pytest -n 2`` the test files that share a computation run on one worker, and the numba kernels are compiled
once, not once per worker."""

import fcntl
import importlib.util
import os
import tempfile
import threading

import pytest
from demo_game.spec import SPEC as DEMO

from cardodds.sim.games import register_game
from cardodds.sim.kernel_warm import start_warm, wanted

register_game(DEMO)

ONE_WORKER = {
    "tests/test_crash_resume.py": "the uninterrupted 2.4 M-deal run every interrupted run is compared to",
    "tests/test_serve.py": "one server and one Chromium for the module's pages",
    "tests/test_dask.py": "the loopback Dask cluster and the one-process reference run",
    "tests/test_exact_chan.py": "the brute-force tables of the shrunken decks",
    "tests/test_arms.py": "the paired-arms run its tests read",
    "tests/chan/test_chan_deal_agreement.py": "the 10 M simulated deals compared to the exact odds",
    "tests/test_units.py": "arm_rows (tests/arm_rows.py), with test_labels.py",
    "tests/test_labels.py": "arm_rows (tests/arm_rows.py), with test_units.py",
    "tests/test_report_languages.py": "the quick suite's run, whose report is written in each language",
}
"""Test files whose tests share a module-wide fixture or a per-process cache (what is shared): under ``pytest -n 2``
each runs whole on one worker (``test_units.py`` and ``test_labels.py`` together), so it is computed once."""

WARM_LOCK = "CARDODDS_TEST_WARM_LOCK"
"""The environment variable that tells the xdist workers which file the controller holds locked while it warms."""
WARMERS = pytest.StashKey[list]()
"""The controller's warm-up processes."""


def pytest_configure(config):
    """On the xdist controller: compile the numba kernels (``cardodds.sim.kernel_warm``, one fresh process per core)
    while the workers start and collect; each worker waits for that before its first test (``pytest_runtestloop``)
    and then loads the kernels from numba's on-disk cache instead of compiling its own copy of each (7-17 s of CPU a
    kernel and worker on a fresh clone, ``benchmarks/compile_cost.py``).  A thread frees the lock when the warm-up
    ends."""
    if hasattr(config, "workerinput") or not config.getoption("numprocesses", None) or not wanted():
        return
    path = os.path.join(tempfile.mkdtemp(prefix="cardodds-warm-"), "lock")
    fd = os.open(path, os.O_CREAT | os.O_RDWR)
    fcntl.flock(fd, fcntl.LOCK_EX)
    os.environ[WARM_LOCK] = path  # the workers, started after this hook, inherit it

    workers = config.getoption("numprocesses")
    procs = start_warm(processes=workers if isinstance(workers, int) else os.cpu_count() or 1)
    config.stash[WARMERS] = procs

    def unlock_when_warm():
        try:
            for p in procs:
                p.wait()
        finally:
            os.close(fd)
            os.unlink(path)  # a worker that starts later finds no lock: nothing to wait for
            os.rmdir(os.path.dirname(path))

    threading.Thread(target=unlock_when_warm, daemon=True).start()


def pytest_unconfigure(config):
    """A session stopped early leaves no warm-up process behind."""
    for p in config.stash.get(WARMERS, []):
        if p.poll() is None:
            p.kill()


@pytest.hookimpl(tryfirst=True)  # before xdist's worker loop runs the tests
def pytest_runtestloop(session):
    """On an xdist worker: wait until the controller's warm-up is over (its lock is free)."""
    path = os.environ.get(WARM_LOCK)
    if not (path and hasattr(session.config, "workerinput")):
        return
    try:
        fd = os.open(path, os.O_RDONLY)
    except FileNotFoundError:  # the warm-up is over already
        return
    fcntl.flock(fd, fcntl.LOCK_SH)
    os.close(fd)


if importlib.util.find_spec("xdist"):  # pytest -n 2 (the README's command); the hook exists only with pytest-xdist

    def pytest_xdist_make_scheduler(config, log):
        """For ``--dist loadfile`` (addopts): the files of ``ONE_WORKER`` whole (the biggest first, as xdist orders
        its work), every other test on its own, so that both workers stay busy to the end.  (xdist's own
        ``xdist_group`` marks cannot tag the node ids of pytest 9.2.)"""
        if config.getvalue("dist") != "loadfile":
            return None
        from xdist.scheduler import LoadScopeScheduling

        class Scheduling(LoadScopeScheduling):
            def _split_scope(self, nodeid: str) -> str:
                path = nodeid.split("::", 1)[0]
                if path in ONE_WORKER:
                    return "arm_rows" if path in ("tests/test_units.py", "tests/test_labels.py") else path
                return nodeid

        return Scheduling(config, log)
