"""The sam.deal and sam.play tasks: simulated tới trắng odds against exact values, metrics rows, config errors."""

import math

import pytest

from cardodds.analysis.estimate import summarize
from cardodds.sim.errors import CardoddsError
from cardodds.sim.sam import deal_task, play_task
from cardodds.sim.streams import chunk_seed


def merge(chunks):
    return {k: sum(c[k] for c in chunks) for k in chunks[0]}


@pytest.mark.parametrize("rules", [{}, {"players": 2, "straights": "3_to_a", "quad_counts_as_two_pairs": False}])
def test_deal_task_agrees_with_exact_within_4_se(rules):
    params = deal_task.parse({"rules": rules}, "test")
    counts = merge([deal_task.run_chunk(params, chunk_seed(99, k), 100_000) for k in range(2)])
    rows = summarize(deal_task.TASK, counts, params)
    pooled = [r for r in rows if r["seat"] is None and r["exact"] is not None and r["metric"].startswith("toi_trang")]
    assert len(pooled) == 6
    for r in pooled:
        se = math.sqrt(r["exact"] * (1 - r["exact"]) / r["n"])
        assert abs(r["estimate"] - r["exact"]) <= 4 * se, r
        assert r["ci_low"] <= r["estimate"] <= r["ci_high"]
    t = [r for r in rows if r["metric"] == "table.toi_trang_hands"][0]
    assert abs(t["estimate"] - t["exact"]) <= 4 * (t["ci_high"] - t["ci_low"]) / (2 * 1.96)


def test_play_task_rows_and_zero_sum():
    params = play_task.parse({"rules": {"players": 3}, "strategies": {
        "default": {"name": "control"}, "seat1": {"name": "greedy", "declare": "threshold", "threshold": 0.6}}}, "t")
    assert params.strategies[1].declare == "threshold" and params.strategies[0] is params.strategies[2]
    counts = merge([play_task.run_chunk(params, chunk_seed(5, k), 2000) for k in range(2)])
    assert int(counts["games"]) == 4000 and abs(counts["cuoc_sum"].sum()) < 1e-9  # payments are zero-sum
    assert counts["outcome"].sum() == 4000
    rows = summarize(play_task.TASK, counts, params)
    metrics = {(r["metric"], r["seat"]) for r in rows}
    for need in [("toi_trang.any", None), ("toi_trang.ba_sam", None), ("sam.declare", 1), ("sam.success", 1),
                 ("win", 0), ("cuoc.mean", 2), ("cong", 0), ("thoi_2", 1), ("chat", None), ("plays.mean", None)]:
        assert need in metrics
    decl = [r for r in rows if r["metric"] == "sam.declare" and r["seat"] == 1][0]
    assert decl["estimate"] > 0
    # every game has one winner except those ended by a failed Sâm and void games
    assert counts["win"].sum() == 4000 - counts["outcome"][3] - counts["outcome"][4]
    assert counts["outcome"][3] > 0


@pytest.mark.parametrize("sections, fragment", [
    ({"strategies": {"seat7": {"name": "greedy"}}}, "unknown key 'seat7'"),
    ({"strategies": {"default": {"name": "smart"}}}, "unknown Sâm strategy 'smart'"),
    ({"strategies": {"seat4": {"name": "greedy"}}}, "'seat4' but the table has only 4 players"),
    ({"strategies": {"default": {"name": "control", "danger": 11}}}, "danger must be 0..10"),
    ({"strategies": {"default": {"name": "greedy", "declare": "always"}}}, "'declare' must be one of"),
    ({"rules": {"players": 6}}, "players must be 2..5"),
])
def test_play_task_config_errors(sections, fragment):
    with pytest.raises(CardoddsError) as e:
        play_task.parse(sections, "cfg")
    assert fragment in str(e.value) and "\n" not in str(e.value)


def test_the_default_player_is_control_and_the_report_names_it():
    from cardodds.sim.sam.players import DEFAULT, make_strategy
    from cardodds.sim.sam.strategies import Control

    assert DEFAULT == "control" and make_strategy(None) == Control()
    implicit = play_task.parse({"rules": {"players": 4}}, "t")
    explicit = play_task.parse({"rules": {"players": 4}, "strategies": {"default": {"name": "control"}}}, "t")
    assert implicit == explicit and all(type(s) is Control for s in implicit.strategies)
    a, b = (play_task.run_chunk(p, chunk_seed(3, 0), 300) for p in (implicit, explicit))
    assert all((a[k] == b[k]).all() for k in a)  # same seed, same games
    assert play_task.seating(implicit) == ["control, never declares Sâm"] * 4
    partial = play_task.parse({"rules": {"players": 3}, "strategies": {"seat1": {"name": "greedy"}}}, "t")
    assert [type(s).__name__ for s in partial.strategies] == ["Control", "Greedy", "Control"]
