"""The warm-up that compiles the numba kernels once before a pool starts (``cardodds.sim.kernel_warm``)."""

import dataclasses
import importlib

import pytest

import cardodds.sim.games

from cardodds.sim import kernel_warm
from cardodds.sim.games import game, game_names
from cardodds.sim.kernel_warm import _groups, engine_module, kernel_games, start_warm, warm_kernels

KERNEL_GAMES = kernel_games()


def test_the_games_with_a_compiled_engine_are_the_registrys_costliest_first(monkeypatch):
    """The games and their order come from the specs (``compiled``, ``compile_cost``): the ``demo`` coin declares
    no engine, so it is no kernel game until it declares one (its module named as a fresh process imports it)."""
    assert KERNEL_GAMES == ("tan", "chan", "sam") and "demo" in game_names()
    assert [engine_module(g) for g in KERNEL_GAMES] == [f"cardodds.sim.{g}.compiled" for g in KERNEL_GAMES]
    engine = dataclasses.replace(game("demo"), compiled="demo_game.engine", compile_cost=9.0)
    monkeypatch.setitem(cardodds.sim.games._ADDED, "demo", engine)
    assert kernel_games() == ("tan", "chan", "demo", "sam") and engine_module("demo") == "demo_game.engine"
    assert _groups(("demo", "sam"), 2) == [["demo"], ["sam"]]


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
