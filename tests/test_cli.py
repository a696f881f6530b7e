"""The command line: JSON shapes, and bad input → one line on stderr, exit code 2, no traceback."""

import json
from pathlib import Path
import subprocess
import sys

import pytest

from analysis.cli import main

ROW_KEYS = ["arm", "metric", "seat", "estimate", "ci_low", "ci_high", "n", "exact"]


def run_cli(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    "argv, message",
    [
        (["odds", "chan", "--hand", "9V 9X"], "unknown card '9X'"),
        (["odds", "chan", "--hand", "9V " * 5 + "CC " * 14], "appears 5 times"),
        (["odds", "chan", "--hand", "9V 9V CC"], "has 19 or 20 cards, this one has 3"),
        (["odds", "chan", "--hand", "2W " * 4 + "3W " * 4 + "4W " * 4 + "5W " * 4 + "6W " * 4 + "7W"], "this one has 21"),
        (["odds", "chan", "--hand", "cuu van " * 19], "could be văn or vạn"),
        (["odds", "poker", "--hand", "3s"], "invalid choice"),
        (["run", "configs/nope.toml"], "nope.toml"),
        (["run", "configs/chan_deal.toml", "--jobs", "0"], "--jobs must be >= 1"),
        (["frobnicate"], "invalid choice"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, argv, message):
    code, out, err = run_cli(capsys, *argv)
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("cardodds: error: ")
    assert message in err


@pytest.mark.parametrize(
    "text, message",
    [
        ("[experiment]\nname='x'\ntask='chan.deal'\ngames=10\ngmaes=3\n", "unknown key 'gmaes' (did you mean 'games'?)"),
        ("[experiment]\nname='x'\ntask='chan.deal'\ngames=10\n[rules]\nplayers=5\n", "Chắn is played by 4 players"),
        ("[experiment]\nname='x'\ntask='chan.deal'\ngames=10\n[rules]\ncai_seat='zero'\n", "'cai_seat' must be an integer"),
        ("[experiment]\nname='x'\ntask='chan.deal'\ngames=0\n", "games"),
        ("[experiment\nname='x'\n", "not valid TOML"),
        ("[experiment]\nname='x'\ntask='chan.deal'\ngames=10\n[rules.points]\nleos=3\n", "unknown key 'leos' (did you mean 'leo'?)"),
    ],
)
def test_broken_configs_are_rejected(capsys, tmp_path, text, message):
    config = tmp_path / "x.toml"
    config.write_text(text, encoding="utf-8")
    code, out, err = run_cli(capsys, "run", str(config), "--out", str(tmp_path / "out"))
    assert code == 2 and err.count("\n") == 1
    assert message in err


def test_a_folder_that_is_not_a_run_is_left_alone(capsys, tmp_path):
    (tmp_path / "thesis.txt").write_text("precious")
    code, out, err = run_cli(capsys, "run", "configs/chan_deal.toml", "--games", "1000", "--out", str(tmp_path))
    assert code == 2 and "not a cardodds run folder" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["thesis.txt"]


def test_run_json_rows_and_report_files(capsys, tmp_path):
    out_dir = tmp_path / "run"
    code, out, err = run_cli(
        capsys, "run", "configs/chan_deal.toml", "--games", "20000", "--jobs", "1", "--out", str(out_dir), "--json"
    )
    assert code == 0
    rows = json.loads(out)
    assert all(list(r) == ROW_KEYS for r in rows)
    thien_u = next(r for r in rows if r["metric"] == "thien_u")
    assert thien_u["seat"] == 0 and thien_u["n"] == 20000 and abs(thien_u["exact"] - 0.0011358) < 1e-6
    assert any(r["exact"] is None for r in rows)
    for name in ["summary.csv", "report.html", "report.md", "manifest.json"]:
        assert (out_dir / name).exists()
    # The same run again without --resume would overwrite work: refused.
    code, out, err = run_cli(capsys, "run", "configs/chan_deal.toml", "--games", "20000", "--out", str(out_dir))
    assert code == 2 and "--resume" in err
    # Resumed, nothing is recomputed and the numbers are identical.
    code, out2, err = run_cli(
        capsys, "run", "configs/chan_deal.toml", "--games", "20000", "--out", str(out_dir), "--resume", "--json"
    )
    assert code == 0 and json.loads(out2) == rows


def test_exact_json(capsys):
    code, out, err = run_cli(capsys, "exact", "chan", "--json")
    rows = json.loads(out)
    assert code == 0 and all(list(r) == ["metric", "seat", "exact"] for r in rows)
    by_key = {(r["metric"], r["seat"]): r["exact"] for r in rows}
    assert abs(by_key[("thien_u", 0)] - 33820543261099621 / 29776853911322760165) < 1e-15
    assert abs(sum(by_key[(f"chan_count.{k}", 1)] for k in range(11)) - 1) < 1e-12


def test_odds_of_a_bach_thu_wait(capsys):
    hand = "2W 2W 3V 3V 4S 4S 5W 5W 6V 6V 2V 2S 3W 3S 7W 7V 8W 8S 9V"
    code, out, err = run_cli(capsys, "odds", "chan", "--hand", hand, "--json")
    d = json.loads(out)
    assert code == 0 and d["chan"] == 5 and d["ca"] == 4
    assert [(w["card"], w["win_type"], w["outs"]) for w in d["waits"]] == [("9V", "bach_thu", 3)]
    assert d["p_next_card"] == pytest.approx(3 / 81)
    code, text, err = run_cli(capsys, "odds", "chan", "--hand", hand)
    assert "bạch thủ" in text and "3/81" in text


def test_console_script_has_no_traceback_on_bad_input():
    proc = subprocess.run(
        [sys.executable, "-m", "analysis.cli", "odds", "chan", "--hand", "9V 9V 9V 9V 9V"],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 2 and "Traceback" not in proc.stderr and proc.stderr.count("\n") == 1


@pytest.mark.parametrize(
    "argv, message",
    [
        (["odds", "sam", "--hand", "3s 4s 5s"], "10"),
        (["odds", "sam", "--hand", "3s 3s 4s 5s 6s 7s 8s 9s Ts Js"], "3s"),
        (["odds", "sam", "--hand", "3s 4s 5s 6s 7s 8s 9s Ts Js Xs"], "Xs"),
        (["odds", "sam", "--hand", "3s 4s 5s 6s 7s 8s 9s Ts Js Qs", "--opponents", "7"], "opponents"),
        (["replay", "sam", "--seed", "1", "--config", "configs/chan_deal.toml"], "replay sam needs 'sam.play'"),
    ],
)
def test_sam_bad_input(capsys, argv, message):
    code, out, err = run_cli(capsys, *argv)
    assert code == 2 and err.count("\n") == 1 and message in err


def test_sam_exact_odds_and_replay(capsys):
    code, out, err = run_cli(capsys, "exact", "sam", "--json")
    rows = json.loads(out)
    default = next(r for r in rows if r["straights"] == "a23_to_qka" and r["quad_counts_as_triple"] and r["quad_counts_as_two_pairs"])
    assert code == 0 and abs(default["any"] - 0.0024938134) < 1e-9
    code, out, err = run_cli(capsys, "replay", "sam", "--seed", "3")
    assert code == 0 and "seat 0:" in out and "payments:" in out
    payments = [int(x.split()[-1]) for x in out.split("payments: ")[1].splitlines()[0].split(", ")]
    assert sum(payments) == 0


def test_parquet_mirrors_the_summary_when_pyarrow_is_installed(capsys, tmp_path):
    pd = pytest.importorskip("pandas")
    pytest.importorskip("pyarrow")
    out_dir = tmp_path / "run"
    assert main(["run", "configs/chan_deal.toml", "--games", "5000", "--jobs", "1", "--out", str(out_dir)]) == 0
    capsys.readouterr()
    csv = pd.read_csv(out_dir / "summary.csv")
    parquet = pd.read_parquet(out_dir / "summary.parquet")
    assert list(parquet.columns) == ROW_KEYS and len(parquet) == len(csv)
    assert (parquet.estimate.to_numpy() == csv.estimate.to_numpy()).all()


def test_replay_log_round_trips_through_check(capsys, tmp_path):
    log = tmp_path / "game.json"
    code, out, err = run_cli(capsys, "replay", "chan", "--seed", "4", "--log", str(log))
    assert code == 0 and "result:" in out
    code, out, err = run_cli(capsys, "check", "chan", str(log))
    assert code == 0 and "no fouls" in out
    data = json.loads(log.read_text())
    data["moves"][3]["card"] = "CC"  # make a move impossible
    log.write_text(json.dumps(data, ensure_ascii=False))
    code, out, err = run_cli(capsys, "check", "chan", str(log))
    assert code == 2 and err.startswith("cardodds: error: move 3") and err.count("\n") == 1
    code, out, err = run_cli(capsys, "replay", "sam", "--seed", "1", "--log", str(log))
    assert code == 2 and "text only" in err


# --- run: flags checked before any work, Ctrl-C, what was computed now ---------------------------------------------

COIN = "[experiment]\nname = 'coin'\ntask = 'demo.coin'\ngames = 10_000\nchunk_size = 2_000\nseed = 3\n[rules]\np = 0.3\n"


@pytest.fixture
def coin(tmp_path):
    path = tmp_path / "coin.toml"
    path.write_text(COIN, encoding="utf-8")
    return path


def patch_coin(monkeypatch, run_chunk):
    """The demo.coin task with ``run_chunk(real, params, seed_seq, n)`` in place of its own."""
    import dataclasses

    import sim.demo_task

    real = sim.demo_task.TASK
    task = dataclasses.replace(real, run_chunk=lambda params, seed_seq, n: run_chunk(real.run_chunk, params, seed_seq, n))
    monkeypatch.setattr(sim.demo_task, "TASK", task)


@pytest.mark.parametrize(
    "config, extra, message",
    [
        ("coin", ["--max-games", "50000"], "--max-games only goes with --precision (an adaptive run)"),
        ("coin", ["--metric", "heads"], "--metric only goes with --precision"),
        ("coin", ["--precision", "0.01", "--metric", "nosuch"], "--metric nosuch: experiment 'coin' (demo.coin) has no such metric; it has heads"),
        ("coin", ["--precision", "0.01", "--metric", "hedas"], "has no such metric; did you mean heads?"),
        ("coin", ["--precision", "0.01", "--metric", "heads:1"], "'heads' has no seats (a table-level metric"),
        ("coin", ["--precision", "0.01", "--max-games", "0"], "--max-games (0) is below the starting number of games (8,000)"),
        ("coin", ["--precision", "0"], "--precision must be a half-width > 0"),
        ("configs/chan_deal.toml", ["--precision", "0.01", "--metric", "thien_u:3"], "--metric thien_u:3: 'thien_u' has seats 0"),
        ("configs/chan_deal.toml", ["--precision", "0.01", "--metric", "thein_u"], "did you mean thien_u"),
    ],
)
def test_run_flags_are_checked_before_any_work(capsys, tmp_path, coin, monkeypatch, config, extra, message):
    played = []
    patch_coin(monkeypatch, lambda real, params, seed_seq, n: played.append(n) or real(params, seed_seq, n))
    out = tmp_path / "out"
    code, stdout, err = run_cli(capsys, "run", str(coin if config == "coin" else config), "--out", str(out), *extra)
    assert code == 2 and err.count("\n") == 1 and err.startswith("cardodds: error: "), err
    assert message in err
    assert not out.exists() and sum(played) <= 1  # at most the one game that names the task's metrics


def test_ctrl_c_during_a_run_exits_130_with_the_command_that_continues(capsys, tmp_path, coin, monkeypatch):
    def stopped_at_chunk_2(real, params, seed_seq, n):
        if seed_seq.spawn_key == (2,):
            raise KeyboardInterrupt
        return real(params, seed_seq, n)

    patch_coin(monkeypatch, stopped_at_chunk_2)
    out = tmp_path / "out"
    code, stdout, err = run_cli(capsys, "run", str(coin), "--jobs", "1", "--no-progress", "--out", str(out))
    assert code == 130 and stdout == ""
    assert err == (f"cardodds: interrupted: 2 of 5 chunks are saved in {out}; "
                   f"continue with: cardodds run {coin} --jobs 1 --no-progress --out {out} --resume\n")


def test_ctrl_c_after_the_chunks_exits_130_and_the_resume_reuses_them(capsys, tmp_path, coin, monkeypatch):
    import analysis.suite

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    real = analysis.suite.write_outcomes
    monkeypatch.setattr(analysis.suite, "write_outcomes", interrupted)
    monkeypatch.chdir(tmp_path)  # the default run folder, reports/runs/coin, is made here
    code, stdout, err = run_cli(capsys, "run", str(coin), "--jobs", "1", "--no-progress")
    out = Path("reports/runs/coin")
    assert code == 130 and stdout == ""
    assert err == (f"cardodds: interrupted: every finished chunk is saved in {out}; "
                   f"continue with: cardodds run {coin} --jobs 1 --no-progress --out {out} --resume\n")
    monkeypatch.setattr(analysis.suite, "write_outcomes", real)
    code, stdout, err = run_cli(capsys, "run", str(coin), "--jobs", "1", "--no-progress", "--out", str(out), "--resume")
    assert code == 0, err
    assert "\n10,000 games: 0 computed now in " in stdout and " s, 10,000 reused from chunks computed earlier, " in stdout
    report = (out / "report.md").read_text(encoding="utf-8")
    assert "10,000 (from chunks computed by earlier runs)" in report
    assert "This report's run: 10,000 games: 0 computed now in " in report


def test_report_reuses_finished_runs_and_says_so(capsys, tmp_path, coin, monkeypatch):
    import analysis.suite

    arms = tmp_path / "arms.toml"
    arms.write_text(COIN.replace("'coin'", "'coin_arms'") + "[[arms]]\nname = 'a'\n[[arms]]\nname = 'b'\n[arms.rules]\np = 0.4\n")
    monkeypatch.setattr(analysis.suite, "read_suite", lambda: [(coin, []), (arms, [])])
    out = tmp_path / "report"
    code, stdout, err = run_cli(capsys, "report", "--out", str(out), "--jobs", "1", "--no-progress")
    assert code == 0 and "2 experiments, 30,000 games: 30,000 computed now in " in stdout, err
    assert json.loads((out / "runs" / "coin_arms" / "manifest.json").read_text())["kind"] == "arms"
    code, stdout, err = run_cli(capsys, "report", "--out", str(out), "--jobs", "1", "--no-progress")
    assert code == 0 and "30,000 games: 0 computed now in " in stdout and "30,000 reused from chunks" in stdout
    assert "| games reused | 30,000 (from chunks computed by earlier runs) |" in (out / "report.md").read_text()

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(analysis.suite, "write_outcomes", interrupted)
    code, stdout, err = run_cli(capsys, "report", "--out", str(out), "--jobs", "1", "--no-progress")
    assert code == 130 and err == (f"cardodds: interrupted: every finished chunk is saved in {out}; "
                                   f"continue with: cardodds report --out {out} --jobs 1 --no-progress\n")
