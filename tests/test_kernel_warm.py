"""The warm-up that compiles the numba kernels once before a pool starts (``cardodds.sim.kernel_warm``)."""

import importlib

import pytest

from cardodds.sim import kernel_warm
from cardodds.sim.kernel_warm import KERNEL_GAMES, _groups, start_warm, warm_kernels


def test_the_slowest_kernel_gets_a_process_of_its_own():
    assert _groups(KERNEL_GAMES, 2) == [["tan"], ["chan", "sam"]]
    assert _groups(KERNEL_GAMES, 3) == [["tan"], ["chan"], ["sam"]]
    assert _groups(("sam", "tan"), 1) == [["tan", "sam"]]
    assert _groups(("sam", "demo"), 8) == [["sam"]]  # a game without a kernel is left out
    assert _groups((), 2) == []


def test_nothing_starts_with_the_compiled_engines_off(monkeypatch):
    monkeypatch.setenv("CARDODDS_COMPILED", "0")
    assert start_warm() == [] and warm_kernels()


@pytest.mark.parametrize("game", KERNEL_GAMES)
def test_each_engine_warms_in_a_fresh_process(game):
    pytest.importorskip("numba")
    assert importlib.import_module(f"cardodds.sim.{game}.compiled").available()
    assert kernel_warm.wanted() and warm_kernels((game,), processes=1)


class _Stop(Exception):
    pass


@pytest.mark.parametrize("jobs,warmed", [(2, [({"tan", "chan"}, 2)]), (1, [])])
def test_the_report_warms_the_kernels_of_its_games_before_its_first_run(monkeypatch, tmp_path, jobs, warmed):
    """``run_suite`` compiles the kernels of the suite's games (a game's deal task included) before the first run
    starts its pool; with one job (no pool) it leaves them to the run."""
    from cardodds.analysis import suite
    from cardodds.sim.experiment import CONFIG_DIR

    calls = []
    monkeypatch.setattr(suite, "read_suite", lambda path: [(CONFIG_DIR / "tan_seats.toml", []),
                                                      (CONFIG_DIR / "chan_deal.toml", [])])
    monkeypatch.setattr(suite, "warm_kernels", lambda games, processes: calls.append((set(games), processes)))

    def first_run(*args, **kwargs):
        raise _Stop

    monkeypatch.setattr(suite, "run_arms", first_run)
    with pytest.raises(_Stop):
        suite.run_suite(tmp_path, quick=True, jobs=jobs, progress=False)
    assert calls == warmed
