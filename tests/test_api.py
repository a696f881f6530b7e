"""The Python API (``import cardodds``): runs, hand odds and exact odds return tables, the same numbers the command
prints; a task registered from outside the package reaches the report with no change to the analysis."""

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import coin_task
import numpy as np
import pandas as pd
import pytest
from matplotlib.figure import Figure

import cardodds
from cardodds.analysis.cli import main
from cardodds.sim.chan.exact import exact_chan_fractions
from cardodds.sim.streams import chunk_seed

ROOT = Path(__file__).resolve().parent.parent
COIN_ARMS = """\
[experiment]
name = "coin_api"
title = "Coins: fair and biased"
task = "demo.coin"
games = 6_000
chunk_size = 1_500
seed = 5
[[arms]]
name = "fair"
[arms.rules]
p = 0.5
[[arms]]
name = "biased"
[arms.rules]
p = 0.6
"""


@pytest.fixture
def coin_config(tmp_path):
    path = tmp_path / "coin_api.toml"
    path.write_text(COIN_ARMS, encoding="utf-8")
    return path


def heads_of(p: float, seed: int = 5, chunks: int = 4, size: int = 1_500) -> int:
    return sum(int(coin_task.run_chunk(coin_task.CoinRules(p=p), chunk_seed(seed, k), size)["heads"])
               for k in range(chunks))


def test_run_returns_the_tables_and_charts(coin_config, tmp_path):
    result = cardodds.run(coin_config, out=tmp_path / "run")
    assert isinstance(result, cardodds.Run) and result.folder == tmp_path / "run"
    heads = result.summary.set_index("arm").loc[:, ["metric", "estimate", "n", "exact"]]
    assert list(heads.metric) == ["heads", "heads"]
    assert heads.loc["fair", "estimate"] == heads_of(0.5) / 6_000 and heads.loc["biased", "n"] == 6_000
    assert heads.loc["biased", "exact"] == 0.6
    diff = result.differences.iloc[0]
    assert diff["arm"] == "biased" and diff["metric"] == "heads"
    assert diff["difference"] == pytest.approx((heads_of(0.6) - heads_of(0.5)) / 6_000)
    assert set(result.charts) == {"heads"} and isinstance(result.charts["heads"], Figure)
    on_disk = pd.read_csv(result.folder / "summary.csv")
    assert np.allclose(on_disk.estimate, result.summary.estimate)


def test_run_gives_the_same_numbers_with_any_number_of_workers(coin_config, tmp_path):
    one = cardodds.run(coin_config, seed=9, jobs=1, out=tmp_path / "one")
    two = cardodds.run(coin_config, seed=9, jobs=2, out=tmp_path / "two")
    pd.testing.assert_frame_equal(one.summary, two.summary)
    assert one.summary.estimate.iloc[0] == heads_of(0.5, seed=9) / 6_000


def test_a_registered_task_reaches_the_report_with_its_labels_and_chart(coin_config, tmp_path):
    """``demo.coin`` lives in the tests: its section, words and chart come from its own declarations."""
    result = cardodds.run(coin_config, out=tmp_path / "en")
    html = (result.folder / "report.html").read_text(encoding="utf-8")
    assert "Coins: fair and biased" in html and "the coin lands heads" in html and "per coin" in html
    charts = sorted(p.name for p in (result.folder / "charts").glob("*.png"))
    assert len(charts) == 1 and charts[0].endswith("heads.png")
    assert html.count("<img src=\"data:image/png;base64,") == 1 and "<figcaption>heads" in html
    vi = cardodds.run(coin_config, out=tmp_path / "vi", lang="vi")
    assert "đồng xu ra mặt ngửa" in (vi.folder / "report.html").read_text(encoding="utf-8")


def test_exact_chan_is_the_combinatorics(capsys):
    frame = cardodds.exact.chan()
    row = frame[(frame.metric == "thien_u") & (frame.seat == 0)].iloc[0]
    want = exact_chan_fractions(20)["thien_u"]
    assert isinstance(row.fraction, Fraction) and row.fraction == want and row.exact == float(want)
    assert row.one_in == f"1 in {1 / float(want):,.0f}"
    assert set(frame.seat) == {0, 1, 2, 3} and (frame[frame.metric.str.endswith(".mean")].one_in == "").all()
    assert main(["exact", "chan", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert [r["metric"] for r in printed] == list(frame.metric)


def test_exact_sam_has_every_option_combination():
    frame = cardodds.exact.sam()
    assert len(frame) == 8 and {"straights", "any"} <= set(frame.columns)
    assert frame["any"].between(0, 0.01).all() and frame["any"].nunique() > 1


@pytest.mark.parametrize("game, call, argv", [
    ("sam", lambda: cardodds.odds.sam("3s 4s 5h 6d 7c 8s 9s 10h Jd Kd", 2, games=1_000),
     ["odds", "sam", "--hand", "3s 4s 5h 6d 7c 8s 9s 10h Jd Kd", "--opponents", "2", "--games", "1000"]),
    ("tan", lambda: cardodds.odds.tan("6s 7s 8h 9h Ad Kd Qs 10c", "h", players=3, games=1_000),
     ["odds", "tan", "--hand", "6s 7s 8h 9h Ad Kd Qs 10c", "--trump", "h", "--players", "3", "--seat", "0",
      "--games", "1000"]),
])
def test_hand_odds_are_what_the_command_prints(capsys, game, call, argv):
    result = call()
    assert main([*argv, "--json", "--no-progress"]) == 0
    assert json.loads(capsys.readouterr().out) == json.loads(json.dumps(result.details))
    assert main([*argv, "--no-progress"]) == 0
    assert capsys.readouterr().out.strip() == result.text.strip() == str(result).strip()
    table = result.table.set_index("quantity")
    assert (table.ci_low <= table.estimate).all() and (table.estimate <= table.ci_high).all()
    if game == "sam":
        assert table.loc["sam.success", "estimate"] == result.details["sam"]["success"]
        assert table.loc["win", "estimate"] == result.details["win"]["estimate"]
    else:
        assert table.loc["lose", "estimate"] == result.details["lose"]["estimate"] and "draw" in table.index


def test_chan_hand_odds_name_the_win_chance():
    result = cardodds.odds.chan("2V 2V 2V 3V 3V 3V 4V 4V 4V 5V 5V 6V 6V 7V 7V 8V 8V 9V 9V", games=500)
    table = result.table.set_index("quantity")
    chance = result.details["win_chance"]
    assert table.loc["win_chance.p_win", "estimate"] == chance["p_win"] == chance["wins"] / 500
    assert table.loc["win_chance.points_game", "ci_high"] == chance["points_ci_high"]


def test_only_cardodds_is_installed_at_the_top():
    """``import sim`` / ``import analysis`` find nothing, from the checkout's root too; ``import cardodds`` works."""
    for name in ("sim", "analysis"):
        proc = subprocess.run([sys.executable, "-c", f"import {name}"], cwd=ROOT, capture_output=True, text=True)
        assert proc.returncode != 0 and "ModuleNotFoundError" in proc.stderr
    proc = subprocess.run([sys.executable, "-c", "import cardodds; print(cardodds.__version__)"], cwd=ROOT,
                          capture_output=True, text=True)
    assert proc.returncode == 0 and proc.stdout.strip() == cardodds.__version__
    assert cardodds.__version__ != "unknown"
    proc = subprocess.run([sys.executable, "-m", "cardodds", "exact", "sam", "--json"], cwd=ROOT, capture_output=True,
                          text=True)
    assert proc.returncode == 0 and len(json.loads(proc.stdout)) == 8


def test_bad_input_is_a_cardodds_error(tmp_path):
    from cardodds.sim.errors import CardoddsError

    with pytest.raises(CardoddsError, match="unknown card"):
        cardodds.odds.chan("9V 9X")
    with pytest.raises(CardoddsError, match="metrics only goes with precision"):
        cardodds.run(tmp_path / "none.toml", metrics=["heads"])
