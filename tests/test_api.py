"""The Python API (``import cardodds``): runs, hand odds and exact odds return tables, the same numbers the command
prints; a task registered from outside the package reaches the report with no change to the analysis."""

import json
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from demo_game import play_task as coin_task
from matplotlib.figure import Figure

import cardodds
from cardodds.cli import main
from cardodds.sim.chan.exact import exact_chan_fractions
from cardodds.sim.experiment import CONFIG_DIR
from cardodds.sim.registry import get_task
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
    assert html.count("<img src=\"data:image/png;base64,") == 1 and "<figcaption>Coins: how often heads" in html
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


def test_exact_sam_is_long_like_exact_chan():
    """Issue 23: one row per option combination and tới trắng kind, ``metric, exact, one_in, label`` as in Chắn's."""
    from cardodds.sim.sam.exact import RELEVANT_OPTIONS, exact_toi_trang_table

    frame = cardodds.exact.sam()
    assert list(frame.columns) == [*RELEVANT_OPTIONS, "metric", "exact", "one_in", "label"]
    wide = exact_toi_trang_table()
    kinds = [k for k in wide[0] if k not in RELEVANT_OPTIONS]
    assert len(frame) == 8 * len(kinds) == 48 and set(frame.metric) == {f"toi_trang.{k}" for k in kinds}
    for combo, (_, block) in zip(wide, frame.groupby(list(RELEVANT_OPTIONS), sort=False)):
        assert dict(zip(block.metric, block.exact)) == {f"toi_trang.{k}": combo[k] for k in kinds}
    anyone = frame[frame.metric == "toi_trang.any"]
    assert anyone.exact.between(0, 0.01).all() and anyone.exact.nunique() > 1
    assert anyone.one_in.iloc[0] == f"1 in {1 / anyone.exact.iloc[0]:,.0f}"
    assert anyone.label.iloc[0] == "dealt hand is a tới trắng (an instant win)"
    assert cardodds.exact.sam(lang="vi").label.iloc[-1] == "bài vừa chia là tới trắng"


def test_exact_chan_names_every_metric_in_words():
    frame = cardodds.exact.chan(lang="vi")
    assert list(frame.columns) == ["metric", "seat", "exact", "fraction", "one_in", "label"]
    assert frame[frame.metric == "thien_u"].label.iloc[0] == "Thiên ù: 20 lá của nhà cái vừa chia đã ù"
    assert frame.label.str.len().gt(0).all()


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
    assert list(result.table.columns) == ["quantity", "label", "estimate", "ci_low", "ci_high"]
    table = result.table.set_index("quantity")
    assert (table.ci_low <= table.estimate).all() and (table.estimate <= table.ci_high).all()
    assert table.estimate.between(0, 1).all()  # decimals, as the other games give them (the text prints Tấn's as %)
    words = get_task(f"{game}.play").label_of
    assert list(table.label) == [words(q) for q in table.index]
    if game == "sam":
        assert table.loc["sam.success", "estimate"] == result.details["sam"]["success"]
        assert table.loc["win", "estimate"] == result.details["win"]["estimate"]
    else:
        assert table.loc["lose", "estimate"] == result.details["lose"]["estimate"] and "draw" in table.index


def test_chan_hand_odds_name_the_win_chance():
    result = cardodds.odds.chan("2V 2V 2V 3V 3V 3V 4V 4V 4V 5V 5V 6V 6V 7V 7V 8V 8V 9V 9V", games=500)
    table = result.table.set_index("quantity")
    chance = result.details["win_chance"]
    assert list(table.index) == ["win", "points.game"]  # the play task's metrics, as a run's summary names them
    assert table.loc["win", "estimate"] == chance["p_win"] == chance["wins"] / 500
    assert table.loc["points.game", "ci_high"] == chance["points_ci_high"]
    assert table.loc["win", "label"] == "wins the game (ù)"
    vi = cardodds.odds.chan("2V 2V 2V 3V 3V 3V 4V 4V 4V 5V 5V 6V 6V 7V 7V 8V 8V 9V 9V", games=500, lang="vi")
    assert vi.table.label.tolist() == ["ù (thắng ván)", "điểm được/mất mỗi ván"]
    assert vi.details == result.details


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


def test_a_run_names_each_metric_in_words_in_its_language(coin_config, tmp_path):
    """Issue 23: ``summary`` has a ``label`` column beside the codes, in the run's ``lang``."""
    en = cardodds.run(coin_config, out=tmp_path / "en").summary
    assert list(en.columns[:4]) == ["experiment", "arm", "metric", "label"]
    assert set(en.label) == {"the coin lands heads"}
    vi = cardodds.run(coin_config, out=tmp_path / "vi", lang="vi").summary
    assert set(vi.label) == {"đồng xu ra mặt ngửa"}
    pd.testing.assert_frame_equal(en.drop(columns="label"), vi.drop(columns="label"))


def test_a_finished_identical_run_is_reused_and_another_is_refused_in_python_words(coin_config, tmp_path):
    """Issue 23: running a cell again reads the finished run back (nothing played); a different one names
    ``resume=True`` and ``out=``, not the command's options."""
    from cardodds.sim.errors import CardoddsError

    first = cardodds.run(coin_config, out=tmp_path / "run")
    again = cardodds.run(coin_config, out=tmp_path / "run")
    pd.testing.assert_frame_equal(first.summary, again.summary)
    assert [o.result.games_computed for o in again.outcomes] == [0, 0]
    assert [o.result.games_reused for o in again.outcomes] == [6_000, 6_000]
    with pytest.raises(CardoddsError) as info:
        cardodds.run(coin_config, out=tmp_path / "run", games=3_000)
    text = str(info.value)
    assert "already holds run 'coin_api'; add resume=True to continue it or choose another out=" in text
    assert "--" not in text
    more = cardodds.run(coin_config, out=tmp_path / "run", games=9_000, resume=True)
    assert more.summary.n.tolist() == [9_000, 9_000]


def _readme_cell() -> str:
    """The Python block of the README's "Python API" section."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## Python API\n", 1)[1].split("\n## ", 1)[0]
    return section.split("```python\n", 1)[1].split("```", 1)[0]


def test_the_readme_cell_runs_twice_in_a_row_from_outside_the_checkout(tmp_path, monkeypatch):
    """Issue 23: the notebook cell of the README works from any folder (the experiment found by name) and again
    (the finished run reused); fewer games so that it is quick."""
    cell = _readme_cell()
    assert "games=20_000" in cell and "jobs=2" in cell and "configs/" not in cell
    cell = cell.replace("games=20_000", "games=4_000").replace("jobs=2", "jobs=1")
    monkeypatch.chdir(tmp_path)
    for attempt in range(2):
        names: dict = {}
        exec(compile(cell, "README.md", "exec"), names)
        result = names["result"]
        assert result.folder == Path("reports") / "runs" / "tan_ladder" and (tmp_path / result.folder).is_dir()
        computed = sum(o.result.games_computed for o in result.outcomes)
        assert computed == (5 * 4_000 if attempt == 0 else 0)
        rows = result.summary.query("metric == 'lose.at_table_seat' and seat == 0")
        assert len(rows) == 5 and (rows.label == "loses, by table seat (whoever attacks first)").all()
        assert list(names["hand"].table.quantity) == ["sam.success", "win"]


def test_the_experiments_ship_in_the_package_and_the_checkout_links_them(monkeypatch):
    """``configs/`` of the checkout is the package's folder (one copy), and the package data lists it."""
    monkeypatch.chdir(ROOT)
    assert (ROOT / "configs").resolve() == CONFIG_DIR.resolve() == (ROOT / "src" / "cardodds" / "configs").resolve()
    assert '"cardodds" = ["configs/*.toml"]' in (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    from cardodds.analysis.suite import read_suite
    from cardodds.sim.experiment import experiment_path

    assert all(path.is_file() and path.parent == CONFIG_DIR for path, _ in read_suite())
    assert experiment_path("tan_ladder") == experiment_path("tan_ladder.toml") == CONFIG_DIR / "tan_ladder.toml"
    assert experiment_path("configs/tan_ladder.toml") == Path("configs/tan_ladder.toml")  # in the checkout: the file


def test_an_installed_package_finds_its_experiments_and_suite(tmp_path):
    """The package as setuptools installs it (its package data, no checkout) runs a shipped experiment by name and
    reads the suite ``cardodds report`` runs."""
    pytest.importorskip("setuptools")
    lib = tmp_path / "lib"
    build = [sys.executable, "-c", "from setuptools import setup; setup()", "-q", "egg_info", "--egg-base",
             str(tmp_path), "build_py", "--build-lib", str(lib)]
    proc = subprocess.run(build, cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    script = ("import cardodds; from cardodds.analysis.suite import read_suite; "
              "from cardodds.sim.experiment import load_arms; "
              "assert cardodds.__file__.startswith(%r); "
              "print(len(read_suite()), all(p.is_file() for p, _ in read_suite()), load_arms('tan_ladder')[0].name)")
    proc = subprocess.run([sys.executable, "-c", script % str(lib)], cwd=tmp_path, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(lib)})
    assert proc.returncode == 0, proc.stderr
    suite = [line for line in (ROOT / "configs" / "suite.toml").read_text(encoding="utf-8").splitlines()
             if line.startswith("config = ")]
    assert proc.stdout.split() == [str(len(suite)), "True", "tan_ladder"]


def test_replay_is_what_the_command_prints(capsys, tmp_path):
    """Issue 32: ``cardodds replay`` prints what ``cardodds.replay`` returns (a game, a position, a move log)."""
    log = tmp_path / "game.json"
    assert main(["replay", "chan", "--seed", "3", "--log", str(log)]) == 0
    printed = capsys.readouterr().out
    assert printed == cardodds.replay("chan", 3, log=log).text + "\n"
    assert f"move log written to {log}" in printed and json.loads(log.read_text(encoding="utf-8"))
    assert main(["replay", "sam", "--seed", "3", "--state-at", "2"]) == 0
    position = cardodds.replay("sam", 3, state_at=2)
    assert capsys.readouterr().out == position.text + "\n" and position.note is None
    assert json.loads(position.text)["seat"] in range(4)


@pytest.mark.parametrize("call, message", [
    (lambda: cardodds.replay("nope", 1), "game must be one of chan, "),
    (lambda: cardodds.replay("tan", -1), "seed must be a whole number"),
    (lambda: cardodds.replay("tan", 1, state_at=1, advise=0), "state_at and advise are two views of the game"),
    (lambda: cardodds.replay("tan", 1, arm="x"), "arm names an arm of the config file; give config too"),
    (lambda: cardodds.tune("x.toml", out="a.txt"), "out=… must name a .toml file"),
    (lambda: cardodds.tune("x.toml", knobs=","), "knobs ',' names no knob"),
    (lambda: cardodds.report(jobs=0), "jobs must be a whole number >= 1"),
])
def test_the_commands_functions_refuse_bad_input_in_python_words(call, message, tmp_path, monkeypatch):
    from cardodds.errors import CardoddsError

    monkeypatch.chdir(tmp_path)
    with pytest.raises(CardoddsError, match=message.replace("(", r"\(")) as caught:
        call()
    assert "\n" not in str(caught.value) and not list(tmp_path.iterdir())  # nothing written


def test_serve_refuses_a_bad_port_in_one_line():
    import cardodds.web
    from cardodds.errors import CardoddsError

    with pytest.raises(CardoddsError, match=r"--port must be 0\.\.65535 \(0: a free port\), not 70000"):
        cardodds.web.serve(port=70000)


def test_every_command_has_its_api_function():
    import cardodds.replays
    import cardodds.reports
    import cardodds.tuning

    assert cardodds.report is cardodds.reports.report and cardodds.tune is cardodds.tuning.tune
    assert cardodds.replay is cardodds.replays.replay and cardodds.advise.tan is not None
    assert {"report", "tune", "replay", "advise"} <= set(cardodds.__all__)
    for function in (cardodds.report, cardodds.tune, cardodds.replay):
        assert "Parameters\n    ----------" in function.__doc__ and "Raises" in function.__doc__
