"""Test-wide set-up: the test-only ``demo`` game (``tests/coin_task.py``) is registered as a new game would be, and
under ``pytest -n 2`` the test files that share a computation run on one worker."""

import importlib.util

import coin_task

from cardodds.sim.games import register_game

register_game(coin_task.SPEC)

SAME_WORKER = {"tests/test_labels.py": "tests/test_units.py"}
"""Test files run on one xdist worker as if they were one file: both read ``arm_rows`` (``tests/arm_rows.py``), which
each process computes once."""

if importlib.util.find_spec("xdist"):  # pytest -n 2 (the README's command); the hook exists only with pytest-xdist

    def pytest_xdist_make_scheduler(config, log):
        """``--dist loadfile`` (addopts), with the files of ``SAME_WORKER`` on one worker."""
        if config.getvalue("dist") != "loadfile":
            return None
        from xdist.scheduler import LoadFileScheduling

        class Scheduling(LoadFileScheduling):
            def _split_scope(self, nodeid: str) -> str:
                scope = super()._split_scope(nodeid)
                return SAME_WORKER.get(scope, scope)

        return Scheduling(config, log)
