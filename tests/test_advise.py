"""Odds and advice from a position (``cardodds.analysis.advice``, ``cardodds.advise``, ``cardodds.odds.<game>(state=)``):
the tables checked against values worked out by hand on small outcomes, and the demo game's coin positions
(``tests/demo_game/position.py``) whose every answer is known exactly."""

import dataclasses
import math

import numpy as np
import pytest
from demo_game import position as coin_position

from cardodds import advise, odds
from cardodds.analysis import advice
from cardodds.sim.errors import CardoddsError
from cardodds.sim.position import Outcomes

MEASURES = {"win": ("chance", "wins"), "points": ("points", "points")}
Z = 1.959963984540054


def _outcomes():
    """Three moves over four worlds; ``c`` does in every world what ``a`` does."""
    win = [[1, 0, 1, 1], [1, 0, 0, 1], [1, 0, 1, 1]]
    points = [[2, 0, 1, 1], [1, 0, 0, 1], [2, 0, 1, 1]]
    return Outcomes(("a", "b", "c"), {"win": np.array(win, float), "points": np.array(points, float)}, players="p")


def test_the_advice_table_by_hand():
    table = advice.advice_table(advice.tally(_outcomes()), MEASURES, ("win", 1))
    assert list(table.move) == ["a", "c", "b"]  # a and c equal: the first in the moves' order is the best
    assert list(table.best) == [True, False, False] and list(table.tied) == [False, True, True]
    a, c, b = (table.iloc[i] for i in range(3))
    # a: 3 wins in 4, Wilson (p + z²/2n ± z √(p(1−p)/n + z²/4n²)) / (1 + z²/n)
    assert (a.win, a.win_low, a.win_high) == pytest.approx((0.75, 0.30064184258240184, 0.9544127391902995))
    assert (b.win, b.win_low, b.win_high) == pytest.approx((0.5, 0.15003898915214953, 0.8499610108478505))
    # a's points 2, 0, 1, 1: mean 1, variance 2/3, half-width z √(2/3 / 4)
    assert (a.points, a.points_low, a.points_high) == pytest.approx((1.0, 1 - Z * math.sqrt(1 / 6), 1 + Z * math.sqrt(1 / 6)))
    # b − a world by world: 0, 0, −1, 0: mean −1/4, variance 1/4, half-width z √(1/4 / 4)
    assert (b["diff"], b.diff_low, b.diff_high) == pytest.approx((-0.25, -0.25 - Z * 0.25, -0.25 + Z * 0.25))
    assert (c["diff"], c.diff_low, c.diff_high) == (0.0, 0.0, 0.0)  # the same in every world: tied, width 0
    assert (a["diff"], a.diff_low, a.diff_high) == (0.0, 0.0, 0.0) and not table.exact.any()


def test_a_lower_is_better_measure_and_a_move_told_apart():
    lose = np.array([[1, 1, 1, 1, 0, 1, 1, 1], [0, 0, 0, 0, 0, 0, 0, 0]], float)  # b never loses
    t = advice.tally(Outcomes(("a", "b"), {"lose": lose}))
    table = advice.advice_table(t, {"lose": ("chance", "loses")}, ("lose", -1))
    assert list(table.move) == ["b", "a"] and list(table.tied) == [False, False]
    # a − b: seven 1s and a 0: mean 7/8, variance (7·(1/8)² + (7/8)²)/7 = 1/8
    half = Z * math.sqrt(1 / 8 / 8)
    assert (table.iloc[1]["diff"], table.iloc[1].diff_low, table.iloc[1].diff_high) == pytest.approx(
        (0.875, 0.875 - half, 0.875 + half))


def test_the_odds_table_by_hand():
    t = advice.tally(Outcomes(("as p plays",), {"win": np.array([[0, 1, 0, 0]], float),
                                                "points": np.array([[3, 1, -1, 1]], float)}))
    table = advice.odds_table(t, MEASURES)
    assert list(table.quantity) == ["win", "points"] and list(table.kind) == ["chance", "points"]
    assert list(table.iloc[0][["estimate", "ci_low", "ci_high"]]) == pytest.approx([0.25, 1 - 0.9544127391902995,
                                                                                     1 - 0.30064184258240184])
    # 1 win in 4: the mirror of 3 in 4 (Wilson's interval is symmetric); points 3, 1, −1, 1: mean 1, variance 8/3
    half = Z * math.sqrt(8 / 3 / 4)
    assert list(table.iloc[1][["estimate", "ci_low", "ci_high"]]) == pytest.approx([1.0, 1 - half, 1 + half])
    assert not table.exact.any()


def test_exact_values_have_no_interval_and_tie_only_when_equal():
    values = {"win": np.array([[0.5], [0.25], [0.5]]), "points": np.array([[1.0], [2.0], [0.0]])}
    t = advice.tally(Outcomes(("a", "b", "c"), values, exact=True))
    table = advice.advice_table(t, MEASURES, ("win", 1))
    assert list(table.move) == ["a", "c", "b"] and list(table.tied) == [False, True, False]
    assert table.exact.all() and table[["win_low", "points_high", "diff_low", "diff_high"]].isna().all().all()
    assert list(table["diff"]) == [0.0, 0.0, -0.25]
    odds_rows = advice.odds_table(t, MEASURES, row=1)
    assert list(odds_rows.estimate) == [0.25, 2.0] and odds_rows.ci_low.isna().all() and odds_rows.exact.all()


def test_batches_merge_into_the_tally_of_all_their_worlds():
    rng = np.random.default_rng(5)
    first = Outcomes(("a", "b"), {"x": rng.normal(size=(2, 7)), "y": rng.integers(0, 2, (2, 7)).astype(float)})
    more = Outcomes(("a", "b"), {"x": rng.normal(size=(2, 5)), "y": rng.integers(0, 2, (2, 5)).astype(float)},
                    first_world=7)
    whole, parts = advice.tally(first.then(more)), advice.merged(advice.tally(first), advice.tally(more))
    assert parts.n == whole.n == 12
    for m in ("x", "y"):
        assert parts.mean[m] == pytest.approx(whole.mean[m], abs=1e-12)
        assert parts.comoment[m] == pytest.approx(whole.comoment[m], abs=1e-12)
    x = first.then(more).values["x"]
    assert whole.comoment["x"][0, 1] == pytest.approx(((x[0] - x[0].mean()) * (x[1] - x[1].mean())).sum())


START = {"rules": {"p": 0.3}}
LAST = {"rules": {"p": 0.3}, "calls": "H T", "tosses": "H H"}  # one right call of two: the last call decides


def test_a_budget_of_games_is_played_in_batches_that_extend_each_other(monkeypatch):
    position = coin_position.from_json(START)
    monkeypatch.setattr(advice, "BATCH", 3)
    t, budget = advice.play(coin_position, position, ["H", "T"], "heads", 9, games=7)
    assert (budget.worlds, budget.batches, t.n) == (7, 3, 7)
    assert budget.text.startswith("7 worlds a move in 3 batches, ") and budget.text.endswith("(asked: 7 worlds a move)")
    whole = advice.tally(coin_position.play_out(position, ["H", "T"], "heads", 7, 9))
    for m in ("win", "right"):
        assert t.mean[m] == pytest.approx(whole.mean[m]) and t.comoment[m] == pytest.approx(whole.comoment[m])


def test_a_time_budget_plays_at_least_one_batch_and_stops_when_spent():
    position = coin_position.from_json(START)
    t, budget = advice.play(coin_position, position, None, "heads", 1, time=1e-9)
    assert (budget.batches, budget.worlds) == (1, coin_position.DEFAULT_WORLDS // 4) and budget.asked == ("seconds", 1e-9)
    t, budget = advice.play(coin_position, position, None, "heads", 1, time=0.05)
    assert budget.batches > 1 and budget.seconds < 0.5 and t.n == budget.worlds


@pytest.mark.parametrize("games, time, message", [
    (3, 1.0, "games and time are two budgets: give one of them"),
    (0, None, "games must be a whole number >= 1, not 0"),
    (None, 0, "time must be a number of seconds > 0, e.g. 1.5, not 0"),
    (None, "1", "time must be a number of seconds > 0, e.g. 1.5, not '1'"),
    (None, math.inf, "time must be a number of seconds > 0"),
])
def test_a_bad_budget_is_one_line(games, time, message):
    with pytest.raises(CardoddsError, match=message):
        advise.demo(START, games=games, time=time)


def test_the_demo_advice_finds_the_hand_worked_best_move():
    table = advise.demo(START, games=4000, seed=3)
    assert list(table.move) == ["T", "H"] and list(table.best) == [True, False] and not table.tied.any()
    t, h = table.iloc[0], table.iloc[1]
    assert t.win_low < 0.384 < t.win_high and h.win_low < 0.216 < h.win_high  # by hand: see demo_game/position.py
    assert t.right_low < 1.3 < t.right_high and h.right_low < 0.9 < h.right_high
    assert h.diff_low < 0.216 - 0.384 < h.diff_high < 0
    assert table.attrs["players"] == "heads" and table.attrs["worlds"] == 4000 and not table.attrs["exact"]
    assert table.attrs["budget"].startswith("4,000 worlds a move in 1 batch")
    assert advise.demo(START, games=4000, seed=3).equals(table)  # same seed, same numbers
    assert not advise.demo(START, games=4000, seed=4).equals(table)


def test_the_last_call_is_exact():
    table = advise.demo(LAST)
    assert table.attrs["exact"] and table.attrs["worlds"] == 0 and table.attrs["budget"].startswith("exact")
    assert list(table.move) == ["T", "H"] and list(table.win) == pytest.approx([0.7, 0.3])
    assert list(table.right) == pytest.approx([1.7, 1.3]) and list(table["diff"]) == pytest.approx([0.0, -0.4])
    even = advise.demo({**LAST, "rules": {"p": 0.5}})
    assert list(even.tied) == [False, True]


def test_a_state_is_a_dict_a_file_or_a_position(tmp_path):
    path = tmp_path / "state.json"
    path.write_text('{"rules": {"p": 0.3}, "calls": "H", "tosses": "T"}', encoding="utf-8")
    position = coin_position.from_json({"rules": {"p": 0.3}, "calls": "H", "tosses": "T"})
    tables = [advise.demo(s, games=300) for s in (str(path), path, position, coin_position.to_json(position))]
    assert all(t.equals(tables[0]) for t in tables)
    assert advise.demo(position, opponents="tails", games=300).attrs["players"] == "tails"


@pytest.mark.parametrize("state, message", [
    ([1, 2], "state must be a position: its JSON form (a dict), the path of a JSON file or a demo position, not [1, 2]"),
    ("/nonexistent/state.json", "/nonexistent/state.json: No such file or directory"),
    ({"rules": {"p": 0.3}, "calls": "H"}, "position: 1 calls and 0 tosses"),
    ({"rules": {"p": 0.3}, "toses": "H"}, "position: unknown key 'toses'"),
    ({"rules": {"p": 3}}, "'p' must be between 0 and 1"),
])
def test_a_bad_state_is_one_line(state, message):
    with pytest.raises(CardoddsError, match=re_escaped(message)):
        advise.demo(state)


def re_escaped(text: str) -> str:
    import re

    return re.escape(text)


@pytest.mark.parametrize("content, message", [
    ("{nope", "not valid JSON: Expecting property name enclosed in double quotes (line 1, column 2)"),
    ("[1]", "a position is a JSON object ({...}), not list"),
    (b"\xff\xfe", "is not UTF-8 text"),
])
def test_a_bad_state_file_is_one_line(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    with pytest.raises(CardoddsError, match=re_escaped(f"{path}: {message}")):
        advise.demo(str(path))


def test_a_bad_opponent_and_a_bad_seed_are_one_line():
    with pytest.raises(CardoddsError, match="unknown player 'nobody'"):
        advise.demo(START, opponents="nobody", games=10)
    with pytest.raises(CardoddsError, match="opponents must be a player's name"):
        advise.demo(START, opponents=3)
    with pytest.raises(CardoddsError, match="seed must be a whole number from 0 to 2\\*\\*63 - 1, not -1"):
        advise.demo(START, seed=-1)


def test_odds_of_a_state():
    result = odds.demo(state=START, games=2000, seed=2)
    table = result.table
    assert list(table.quantity) == ["win", "right"] and not table.exact.any()
    assert table.ci_low[0] < 0.216 < table.ci_high[0] and table.ci_low[1] < 0.9 < table.ci_high[1]
    assert result.details["worlds"] == 2000 and result.details["odds"][0]["quantity"] == "win"
    assert result.text.splitlines()[-1].startswith("players: heads · budget: 2,000 worlds a move")
    exact = odds.demo(state=LAST)
    assert list(exact.table.estimate) == pytest.approx([0.7, 1.7]) and exact.table.exact.all()
    assert exact.details["odds"][0]["ci_low"] is None


def test_odds_of_a_state_refuse_a_hands_options(monkeypatch):
    with pytest.raises(CardoddsError, match=re_escaped("p is an option of a hand's odds; a position (state)")):
        odds.demo(state=START, p=0.2)  # the demo game's declared question, refused with a position as any game's
    with pytest.raises(CardoddsError, match=re_escaped("trump is an option of a hand's odds; a position (state)")):
        odds.tan(state=START, trump="h")
    with pytest.raises(CardoddsError, match=re_escaped("opponents goes with state (a mid-game position)")):
        odds.chan("9V " * 19, opponents="tuned")
    from cardodds.sim import games

    monkeypatch.setitem(games._ADDED, "nopos", dataclasses.replace(games.game("demo"), name="nopos", position=None,
                                                                    tasks={}))
    with pytest.raises(CardoddsError, match="nopos: this game has no mid-game positions"):
        odds.nopos(state=START)
    with pytest.raises(AttributeError):
        advise.nopos  # noqa: B018 - a game with no positions has no advice
    assert "demo" in dir(advise)


def test_a_measure_the_outcomes_leave_out_is_left_out_of_the_tables():
    t = advice.tally(Outcomes(("a", "b"), {"win": np.array([[1.0, 0.0], [0.0, 0.0]])}))
    table = advice.advice_table(t, MEASURES, ("win", 1))
    assert "points" not in table and list(table.move) == ["a", "b"]
    assert list(advice.odds_table(t, MEASURES).quantity) == ["win"]
    with pytest.raises(ValueError, match="rank_by must name a measure of the outcomes"):
        advice.advice_table(t, MEASURES, ("points", 1))
