"""Every result row says what it is counted per (issue 13 item 9): the unit each task declares for each metric."""

import pytest
from arm_rows import CONFIGS, arm_rows

from cardodds.analysis.estimate import summarize
from cardodds.sim.registry import get_task
from cardodds.sim.streams import chunk_seed


@pytest.mark.parametrize("config", CONFIGS, ids=[p.stem for p in CONFIGS])
def test_every_metric_of_every_arm_has_a_declared_unit(config):
    for exp, rows in arm_rows(config):
        for row in rows:
            unit = exp.task.unit_of(row["metric"])
            assert unit.startswith(("per ", "points per", "cards per")) or " per " in unit, (row["metric"], unit)


def test_units_tell_a_hand_from_a_table_and_a_game():
    deal, play = get_task("sam.deal"), get_task("sam.play")
    assert deal.unit_of("toi_trang.any") == "per hand" and deal.unit_of("table.toi_trang") == "per table"
    assert play.unit_of("toi_trang.any") == "per game" and play.unit_of("sam.success") == "per declared Sâm"
    chan = get_task("chan.play")
    assert chan.unit_of("cuoc.tom") == "per win" and chan.unit_of("points.win") == "points per win"
    assert get_task("chan.deal").unit_of("any_waiting") == "per table"
    assert get_task("tan.play").unit_of("lose.by_trumps.3") == "per hand dealt k trumps"
    with pytest.raises(KeyError, match="no unit declared for metric 'nosuch.1'"):
        chan.unit_of("nosuch.1")


def test_chan_series_rows_have_units():
    task = get_task("chan.play")
    params = task.parse({"rules": {"series_length": 3}}, "t")
    rows = summarize(task, task.run_chunk(params, chunk_seed(1, 0), 9), params)
    assert {task.unit_of(r["metric"]) for r in rows} >= {"games per series", "per win", "per game"}
