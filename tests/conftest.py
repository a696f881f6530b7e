"""Test-wide set-up: the test-only ``demo`` game (``tests/coin_task.py``) is registered as a new game would be, and
under ``pytest -n 2`` the test files that share a computation run on one worker."""

import importlib.util

import coin_task

from cardodds.sim.games import register_game

register_game(coin_task.SPEC)

ONE_WORKER = {
    "tests/test_crash_resume.py": "the uninterrupted 2.4 M-deal run every interrupted run is compared to",
    "tests/test_serve.py": "one server and one Chromium for the module's pages",
    "tests/test_dask.py": "the loopback Dask cluster and the one-process reference run",
    "tests/test_exact_chan.py": "the brute-force tables of the shrunken decks",
    "tests/test_arms.py": "the paired-arms run its tests read",
    "tests/chan/test_chan_deal_agreement.py": "the 10 M simulated deals compared to the exact odds",
    "tests/test_units.py": "arm_rows (tests/arm_rows.py), with test_labels.py",
    "tests/test_labels.py": "arm_rows (tests/arm_rows.py), with test_units.py",
}
"""Test files whose tests share a module-wide fixture or a per-process cache (what is shared): under ``pytest -n 2``
each runs whole on one worker (``test_units.py`` and ``test_labels.py`` together), so it is computed once."""

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
