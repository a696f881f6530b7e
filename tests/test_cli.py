"""The command line: JSON shapes, and bad input → one line on stderr, exit code 2, no traceback."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from cardodds.cli import main
from cardodds.analysis.report import fmt_num

ROW_KEYS = ["experiment", "arm", "metric", "seat", "unit", "estimate", "ci_low", "ci_high", "n", "exact"]


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
        (["run", "configs/chan_deal.toml", "--jobs", "0"], "--jobs must be a whole number >= 1"),
        (["frobnicate"], "invalid choice"),
        (["report", "--quick", "--lang", "fr"], "argument --lang: invalid choice: 'fr' (choose from"),
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
    doc = json.loads(out)
    assert doc["differences"] == [] and doc["arms"] == [
        {"arm": "chan_deal", "baseline": True, "games": 20000, "at_table": None}]
    rows = doc["rows"]
    assert all(list(r) == ROW_KEYS for r in rows) and {r["experiment"] for r in rows} == {"chan_deal"}
    thien_u = next(r for r in rows if r["metric"] == "thien_u")
    assert thien_u["seat"] == 0 and thien_u["n"] == 20000 and abs(thien_u["exact"] - 0.0011358) < 1e-6
    assert thien_u["unit"] == "per hand" and next(r for r in rows if r["metric"] == "any_waiting")["unit"] == "per table"
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
    assert code == 0 and json.loads(out2) == doc


def test_run_prints_each_arm_under_its_name_then_the_paired_differences(capsys, tmp_path):
    argv = ["run", "configs/tan_podkidnoy.toml", "--games", "10000", "--jobs", "1", "--no-progress"]
    code, out, err = run_cli(capsys, *argv, "--out", str(tmp_path / "a"))
    assert code == 0, err
    blocks = out.split("\n\n")
    assert blocks[0].startswith("Tấn against classic podkidnoy durak") and "experiment tan_podkidnoy" in blocks[0]
    assert blocks[1].splitlines()[0] == "== tan_52_8 (baseline) — at the table: 4 basic players =="
    assert blocks[2].splitlines()[0] == "== podkidnoy_36_6 — at the table: 4 basic players =="
    # each block holds its own arm's numbers
    csv = pd.read_csv(tmp_path / "a" / "summary.csv")
    for block, arm in zip(blocks[1:3], ["tan_52_8", "podkidnoy_36_6"]):
        lose0 = csv[(csv.arm == arm) & (csv.metric == "lose") & (csv.seat == 0)].estimate.iloc[0]
        line = next(l for l in block.splitlines() if l.split()[:3] == ["lose", "seat", "0"])
        assert line.split()[3] == fmt_num(lose0) and line.endswith("per game")
    diff = blocks[3].splitlines()
    assert diff[0] == "== paired differences against tan_52_8 (same deals; arm − baseline) =="
    assert diff[1].split()[:5] == ["arm", "metric", "seat", "unit", "difference"]
    assert diff[2].split()[:4] == ["podkidnoy_36_6", "lose", "0", "per"]
    code, out, err = run_cli(capsys, *argv, "--out", str(tmp_path / "b"), "--json")
    doc = json.loads(out)
    assert [a["arm"] for a in doc["arms"]] == ["tan_52_8", "podkidnoy_36_6"]
    assert {r["arm"] for r in doc["rows"]} == {"tan_52_8", "podkidnoy_36_6"}
    lose0 = next(d for d in doc["differences"] if d["metric"] == "lose" and d["seat"] == 0)
    assert lose0["experiment"] == "tan_podkidnoy" and lose0["arm"] == "podkidnoy_36_6" and lose0["baseline"] == "tan_52_8"
    by = {(r["arm"], r["metric"], r["seat"]): r["estimate"] for r in doc["rows"]}
    assert lose0["difference"] == pytest.approx(by["podkidnoy_36_6", "lose", 0] - by["tan_52_8", "lose", 0])
    assert lose0["ci_low"] < lose0["difference"] < lose0["ci_high"] and lose0["chunks"] == 2


def test_exact_json(capsys):
    from fractions import Fraction

    code, out, err = run_cli(capsys, "exact", "chan", "--json")
    rows = json.loads(out)
    assert code == 0 and all(list(r) == ["metric", "seat", "exact", "fraction"] for r in rows)
    by_key = {(r["metric"], r["seat"]): r["exact"] for r in rows}
    assert abs(by_key[("thien_u", 0)] - 33820543261099621 / 29776853911322760165) < 1e-15
    assert abs(sum(by_key[(f"chan_count.{k}", 1)] for k in range(11)) - 1) < 1e-12
    fractions = {(r["metric"], r["seat"]): Fraction(r["fraction"]) for r in rows}
    assert fractions[("thien_u", 0)] == Fraction(33820543261099621, 29776853911322760165)  # the README's figure
    assert sum(fractions[(f"chan_count.{k}", 1)] for k in range(11)) == 1  # exactly
    assert all(float(fractions[k]) == v for k, v in by_key.items())


def test_exact_text_gives_the_fraction_and_one_in_n(capsys):
    code, out, err = run_cli(capsys, "exact", "chan")
    lines = {tuple(line.split()[:3]): line for line in out.splitlines()}
    thien_u = lines[("thien_u", "seat", "0")]
    assert "0.001135799751" in thien_u and "= 33820543261099621/29776853911322760165" in thien_u
    assert thien_u.endswith("≈ 1 in 880")
    assert lines[("chan_count.mean", "seat", "1")].endswith("= 213427/52283")  # a mean is no "1 in N"


def _coin_exact(fractions: bool = False) -> list[dict]:
    """The coin's toss, exactly: heads and tails at p = 1/4 (as a quantity per row, with fractions when asked)."""
    from fractions import Fraction

    rows = [{"metric": "heads", "seat": 0, "exact": 0.25}, {"metric": "tails", "seat": 0, "exact": 0.75}]
    return [{**r, "fraction": Fraction(r["exact"])} for r in rows] if fractions else rows


@pytest.mark.parametrize("shape, text", [
    ("metrics", "heads                    seat 0  0.25           = 1/4  ≈ 1 in 4\n"
                "tails                    seat 0  0.75           = 3/4  ≈ 1 in 1.33\n"),
    ("options", "metric=heads, seat=0\n    exact 0.25\nmetric=tails, seat=0\n    exact 0.75\n")])
def test_a_game_declaring_its_exact_odds_and_their_shape_gets_the_command(capsys, monkeypatch, shape, text):
    """``cardodds exact`` prints any game whose spec declares an ``exact`` hook, in the shape it declares (the
    ``demo`` coin, given one here; it has none of its own, so the command refuses it until then)."""
    import dataclasses

    import cardodds.sim.games
    from cardodds.sim.games import game

    assert run_cli(capsys, "exact", "demo")[0] == 2
    coin = dataclasses.replace(game("demo"), exact=_coin_exact, exact_shape=shape)
    monkeypatch.setitem(cardodds.sim.games._ADDED, "demo", coin)
    assert run_cli(capsys, "exact", "demo") == (0, text, "")
    code, out, _ = run_cli(capsys, "exact", "demo", "--json")
    assert code == 0 and json.loads(out)[1] == {"metric": "tails", "seat": 0, "exact": 0.75,
                                                **({"fraction": "3/4"} if shape == "metrics" else {})}


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
        [sys.executable, "-m", "cardodds.cli", "odds", "chan", "--hand", "9V 9V 9V 9V 9V"],
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


def test_odds_chan_scores_the_win_as_the_game_does(capsys):
    thien = "2W 2W 3V 3V 4S 4S 5W 5W 6V 6V 7S 7S 2V 2S 3W 3S 7W 7V 8W 8S"
    code, out, err = run_cli(capsys, "odds", "chan", "--hand", thien, "--games", "20")
    assert code == 0 and "cước: Thiên ù, Bạch thủ, Tôm = 5 points" in out
    three = "9V 9V 9V 3W 3W 6S 6S 7S 7S 5W 5W 3V 3S 6W 6V 7W 7V 2W 2S"
    code, out, err = run_cli(capsys, "odds", "chan", "--hand", three, "--games", "20")
    assert code == 0 and "9V (Cửu Vạn): bạch thủ by chíu ù, 1 left unseen — cước Chíu ù, Bạch thủ, Tôm = 3 points;" in out
    assert "Thiên khai" not in out


def _thien_u_log(tmp_path, call, previous=None):
    from cardodds.sim.chan.movelog import worked_log

    cai = "2W 2W 3V 3V 4S 4S 5W 5W 6V 6V 7S 7S 2V 2S 3W 3S 7W 7V 8W 8S"
    obj = worked_log([cai, "", "", ""], "", [{"seat": 0, "action": "u", "cuoc": call}]).to_json()
    if previous is not None:
        obj["previous"] = previous
    path = tmp_path / "thien.json"
    path.write_text(json.dumps(obj, ensure_ascii=False), encoding="utf-8")
    return path


def test_check_chan_applies_the_penalties(capsys, tmp_path):
    # "Thiên ù Bạch thủ thì cho phép xướng thiếu cước Bạch thủ": paid as called.
    code, out, err = run_cli(capsys, "check", "chan", str(_thien_u_log(tmp_path, {"thien_u": 1, "tom": 1})))
    assert code == 0 and "result: seat 0 ù — Thiên ù, Bạch thủ, Tôm, 5 points" in out and "called: Thiên ù, Tôm" in out
    assert "after penalties: seat 0's win pays 4 points (as called: Thiên ù, Tôm)" in out
    assert "payments: seat 0 +12, seat 1 -4, seat 2 -4, seat 3 -4" in out
    # Xướng sai (the compulsory Thiên ù left out): "bị phạt bằng 8 đỏ 2 lèo" (4 + 2 × 1 points to each other player),
    # the win not paid.
    code, out, err = run_cli(capsys, "check", "chan", str(_thien_u_log(tmp_path, {"tom": 1})))
    assert code == 1 and "after penalties: no win is paid" in out and "(xuong_sai)" in out
    assert "payments: seat 0 -18, seat 1 +6, seat 2 +6, seat 3 +6" in out
    code, out, err = run_cli(capsys, "check", "chan", str(_thien_u_log(tmp_path, {"thien_u": 1}, {"winner": 9})))
    assert code == 2 and err == "cardodds: error: previous: 'winner' must be a seat 0..3 or null, not 9\n"


def _paths(tmp_path):
    """A file, a folder, and a finished run whose first chunk file was replaced by a folder."""
    (tmp_path / "afile").write_text("precious")
    (tmp_path / "adir").mkdir()
    assert main(["run", "configs/chan_deal.toml", "--games", "2000", "--jobs", "1", "--out", str(tmp_path / "run")]) == 0
    chunk = next((tmp_path / "run" / "chunks").glob("chunk-*.npz"))
    chunk.unlink()
    chunk.mkdir()


BAD_PATHS = [
    (["run", "configs/chan_deal.toml", "--games", "1000", "--jobs", "1", "--out", "{t}/afile/sub"], "afile is a file"),
    (["run", "configs/chan_deal.toml", "--games", "1000", "--jobs", "1", "--out", "{t}/afile"], "is a file, not a folder"),
    (["run", "configs/chan_deal.toml", "--games", "2000", "--jobs", "1", "--out", "{t}/run", "--resume"],
     "is a folder where a chunk file belongs"),
    (["report", "--quick", "--out", "{t}/afile"], "is a file, not a folder"),
    (["report", "--quick", "--out", "{t}/adir", "--showcase", "{t}/afile"], "--showcase"),
    (["replay", "chan", "--seed", "1", "--log", "{t}/nodir/x.json"], "does not exist"),
    (["replay", "chan", "--seed", "1", "--log", "{t}/adir"], "is a folder"),
    (["replay", "chan", "--seed", "1", "--log", "{t}/afile/x.json"], "afile is a file"),
    (["replay", "tan", "--seed", "1", "--log", "{t}/x.json"], "text only"),
    (["replay", "sam", "--seed", "1", "--log", "{t}/x.json"], "text only"),
]
"""Paths that once gave NotADirectoryError, FileExistsError, FileNotFoundError or IsADirectoryError tracebacks."""


@pytest.mark.parametrize("argv, message", BAD_PATHS)
def test_bad_paths_are_refused_before_any_work(capsys, tmp_path, monkeypatch, argv, message):
    import cardodds.analysis.suite

    _paths(tmp_path)
    capsys.readouterr()
    monkeypatch.setattr(cardodds.analysis.suite, "run_suite", lambda *a, **k: pytest.fail("the suite ran before the path check"))
    code, out, err = run_cli(capsys, *[a.format(t=tmp_path) for a in argv])
    assert code == 2 and err.startswith("cardodds: error: ") and err.count("\n") == 1 and message in err
    assert out == ""  # nothing printed (a replay) before the error
    assert (tmp_path / "afile").read_text() == "precious" and not (tmp_path / "nodir").exists()


def test_an_unforeseen_os_error_is_one_line(capsys, monkeypatch):
    import errno

    import cardodds.cli

    def full_disk(args):
        raise OSError(errno.ENOSPC, "No space left on device", "out/chunks/chunk-000003.npz")

    monkeypatch.setattr(cardodds.cli, "cmd_exact", full_disk)
    code, out, err = run_cli(capsys, "exact", "chan")
    assert code == 2 and err == "cardodds: error: out/chunks/chunk-000003.npz: No space left on device\n"


SAM_HAND = "3s 4s 5h 6d 7c 8s 9s 10h Jd Kd"
TAN_HAND = "As Ac Ad Kh 2s 3c 4d 5s"
CHAN_HAND = "2W 2W 3V 3V 4S 4S 5W 5W 6V 6V 2V 2S 3W 3S 7W 7V 8W 8S 9V"
GAMES_COMMANDS = [
    ["odds", "chan", "--hand", CHAN_HAND, "--seat", "1"],
    ["odds", "sam", "--hand", SAM_HAND],
    ["odds", "tan", "--hand", TAN_HAND, "--trump", "h"],
    ["run", "configs/chan_deal.toml", "--out", "nowhere"],
]


@pytest.mark.parametrize("command", GAMES_COMMANDS, ids=lambda c: " ".join(c[:2]))
@pytest.mark.parametrize("games", ["-5", "0", "x", "1.5", ""])
def test_one_rule_and_one_message_for_games(capsys, command, games):
    code, out, err = run_cli(capsys, *command, "--games", games)
    shown = games if games.lstrip("-").isdigit() else repr(games)
    assert code == 2 and err == f"cardodds: error: --games must be a whole number >= 1, not {shown}\n"


def test_max_games_follows_the_same_rule(capsys):
    code, out, err = run_cli(capsys, "run", "configs/chan_deal.toml", "--precision", "0.01", "--max-games", "0")
    assert code == 2 and err == "cardodds: error: --max-games must be a whole number >= 1, not 0\n"


@pytest.mark.parametrize(
    "argv, message",
    [
        (["odds", "sam", "--hand", SAM_HAND, "--trump", "h"], "cardodds odds sam does not take --trump h"),
        (["odds", "sam", "--hand", SAM_HAND, "--players", "3"], "does not take --players 3"),
        (["odds", "tan", "--hand", TAN_HAND, "--trump", "h", "--opponents", "2"], "odds tan does not take --opponents 2"),
        (["odds", "chan", "--hand", CHAN_HAND, "--opponents", "2"], "odds chan does not take --opponents 2"),
        (["odds", "tan", "--hand", TAN_HAND], "required: --trump"),
        (["replay", "tan", "--seed", "1", "--config", "configs/tan_strategies.toml", "--arm", "nosuch"],
         "has no arm 'nosuch'; its arms: all_basic, heuristic_seat0, heuristic_seats02"),
        (["replay", "tan", "--seed", "1", "--arm", "heuristic_seat0"], "give --config too"),
    ],
)
def test_options_a_command_would_ignore_are_refused(capsys, argv, message):
    code, out, err = run_cli(capsys, *argv)
    assert code == 2 and err.count("\n") == 1 and message in err and out == ""


def test_replay_plays_the_arm_it_is_asked_for(capsys):
    base = ["replay", "tan", "--seed", "2", "--config", "configs/tan_strategies.toml"]
    code, out, err = run_cli(capsys, *base, "--arm", "heuristic_seat0")
    assert code == 0 and out.startswith("arm 'heuristic_seat0' of configs/tan_strategies.toml\n")
    assert "seat 0: heuristic, seat 1: basic" in out
    code, baseline, err = run_cli(capsys, *base)
    assert code == 0 and "arm 'all_basic' of configs/tan_strategies.toml (the baseline; its arms:" in baseline
    assert "seat 0: basic, seat 1: basic" in baseline
    code, named, err = run_cli(capsys, *base, "--arm", "all_basic")
    assert named.splitlines()[1:] == baseline.splitlines()[1:]


def test_replay_state_at_of_an_arm_pipes_into_advise_as_pure_json(capsys, monkeypatch):
    """Issue 35: `replay … --state-at K --config F | advise … --state -` failed: the `arm '…' of F` line was on
    stdout before the JSON; it goes to stderr, and stdout is the position advise reads."""
    from cardodds.cli_advise import state_value
    from cardodds.sim.tan.position import from_json

    base = ["replay", "tan", "--seed", "2", "--config", "configs/tan_strategies.toml", "--state-at", "3"]
    code, out, err = run_cli(capsys, *base)
    assert code == 0 and err.startswith("arm 'all_basic' of configs/tan_strategies.toml (the baseline; its arms:")
    assert from_json(json.loads(out)).seat in range(4)
    code, out, err = run_cli(capsys, *base, "--arm", "heuristic_seat0")
    assert code == 0 and err == "arm 'heuristic_seat0' of configs/tan_strategies.toml\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(out))
    assert from_json(state_value("-")) == from_json(json.loads(out))  # what `advise tan --state -` reads


@pytest.mark.parametrize("argv", [
    ["odds", "tan", "--hand", TAN_HAND, "--trump", "h", "--set", "stock=0"],
    ["odds", "sam", "--hand", SAM_HAND, "--set", "stock=0"],
    ["odds", "chan", "--set", "noc=3"],
])
def test_set_without_state_is_refused(capsys, argv):
    """Issue 35: `--set` without `--state` was ignored with exit 0."""
    code, out, err = run_cli(capsys, *argv)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert f"does not take --set {argv[-1]} without --state: --set changes a key of the position --state gives" in err


def test_odds_progress_bar_is_off_unless_asked(capsys):
    code, out, err = run_cli(capsys, "odds", "sam", "--hand", SAM_HAND, "--games", "300", "--no-progress", "--json")
    assert code == 0 and err == "" and json.loads(out)["games"] == 300


def test_a_trump_typed_with_combining_accents_is_read(capsys):
    import unicodedata

    args = ["odds", "tan", "--hand", TAN_HAND, "--games", "50", "--json", "--trump"]
    code, out, err = run_cli(capsys, *args, unicodedata.normalize("NFD", "cơ"))
    assert code == 0 and json.loads(out)["trump"] == "♥"
    code, out, err = run_cli(capsys, *args, "h\nx")
    assert code == 2 and err == "cardodds: error: 'h\\nx' is not a suit (use s, c, d, h or ♠ ♣ ♦ ♥)\n"


@pytest.mark.parametrize("where", ["", "arms/basic/", "runs/chan_deal/", "runs/tan_rules/arms/all/"])
def test_a_folder_in_place_of_a_chunk_is_found_in_runs_arms_and_reports(tmp_path, where):
    from cardodds.analysis.paths import run_folder
    from cardodds.sim.errors import CardoddsError

    chunk = tmp_path / where / "chunks" / "chunk-000002.npz"
    chunk.mkdir(parents=True)
    with pytest.raises(CardoddsError, match="is a folder where a chunk file belongs"):
        run_folder(tmp_path)


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

    import cardodds.sim.registry

    real = cardodds.sim.registry.get_task("demo.coin")
    task = dataclasses.replace(real, run_chunk=lambda params, seed_seq, n: run_chunk(real.run_chunk, params, seed_seq, n))
    monkeypatch.setitem(cardodds.sim.registry._REGISTERED, "demo.coin", task)


@pytest.mark.parametrize(
    "config, extra, message",
    [
        ("coin", ["--max-games", "50000"], "--max-games only goes with --precision (an adaptive run)"),
        ("coin", ["--metric", "heads"], "--metric only goes with --precision"),
        ("coin", ["--precision", "0.01", "--metric", "nosuch"], "--metric nosuch: experiment 'coin' (demo.coin) has no such metric; it has heads"),
        ("coin", ["--precision", "0.01", "--metric", "hedas"], "has no such metric; did you mean heads?"),
        ("coin", ["--precision", "0.01", "--metric", "heads:1"], "'heads' has no seats (a table-level metric"),
        ("coin", ["--precision", "0.01", "--max-games", "100"], "--max-games (100) is below the starting number of games (8,000)"),
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


def _stopped_run(capsys, monkeypatch, config, out, chunk: int, p: float | None = None) -> str:
    """``cardodds run config --out out`` stopped by Ctrl-C at chunk ``chunk`` (of the arm whose ``p`` is ``p``, or of
    the first arm to reach it): nothing on stdout, exit 130; its stderr."""
    def stopped(real, params, seed_seq, n):
        if seed_seq.spawn_key == (chunk,) and p in (None, params.p):
            raise KeyboardInterrupt
        return real(params, seed_seq, n)

    patch_coin(monkeypatch, stopped)
    code, stdout, err = run_cli(capsys, "run", str(config), "--jobs", "1", "--no-progress", "--out", str(out))
    assert code == 130 and stdout == ""
    return err


def test_ctrl_c_during_a_run_exits_130_with_the_command_that_continues(capsys, tmp_path, coin, monkeypatch):
    out = tmp_path / "out"
    assert _stopped_run(capsys, monkeypatch, coin, out, 2) == (
        f"cardodds: interrupted: 2 of 5 chunks are saved in {out}; "
        f"continue with: cardodds run {coin} --jobs 1 --no-progress --out {out} --resume\n")


def test_ctrl_c_in_the_second_arm_counts_the_chunks_saved_across_both_arms(capsys, tmp_path, coin, monkeypatch):
    """Issue 35: "8 of 30 chunks are saved" when 38 across two arms were: arm a's 30 chunks and arm b's first 8."""
    arms = tmp_path / "arms.toml"
    arms.write_text(COIN.replace("10_000", "60_000") + "[[arms]]\nname = 'a'\n[[arms]]\nname = 'b'\n[arms.rules]\np = 0.4\n")
    out = tmp_path / "out"
    assert _stopped_run(capsys, monkeypatch, arms, out, 8, p=0.4) == (
        f"cardodds: interrupted: 38 of 60 chunks are saved in {out}; "
        f"continue with: cardodds run {arms} --jobs 1 --no-progress --out {out} --resume\n")
    assert [len(list((out / "arms" / arm / "chunks").glob("chunk-*.npz"))) for arm in "ab"] == [30, 8]


def test_ctrl_c_after_the_chunks_exits_130_and_the_resume_reuses_them(capsys, tmp_path, coin, monkeypatch):
    import cardodds.analysis.suite

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    real = cardodds.analysis.suite.write_sections
    monkeypatch.setattr(cardodds.analysis.suite, "write_sections", interrupted)
    monkeypatch.chdir(tmp_path)  # the default run folder, reports/runs/coin, is made here
    code, stdout, err = run_cli(capsys, "run", str(coin), "--jobs", "1", "--no-progress")
    out = Path("reports/runs/coin")
    assert code == 130 and stdout == ""
    assert err == (f"cardodds: interrupted: every finished chunk is saved in {out}; "
                   f"continue with: cardodds run {coin} --jobs 1 --no-progress --out {out} --resume\n")
    monkeypatch.setattr(cardodds.analysis.suite, "write_sections", real)
    code, stdout, err = run_cli(capsys, "run", str(coin), "--jobs", "1", "--no-progress", "--out", str(out), "--resume")
    assert code == 0, err
    assert "\n10,000 games: 0 computed now in " in stdout and " s, 10,000 reused from chunks computed earlier, " in stdout
    report = (out / "report.md").read_text(encoding="utf-8")
    assert "10,000 (from chunks computed by earlier runs)" in report
    assert "This report's run: 10,000 games: 0 computed now in " in report


def test_report_reuses_finished_runs_and_says_so(capsys, tmp_path, coin, monkeypatch):
    import cardodds.analysis.suite

    arms = tmp_path / "arms.toml"
    arms.write_text(COIN.replace("'coin'", "'coin_arms'") + "[[arms]]\nname = 'a'\n[[arms]]\nname = 'b'\n[arms.rules]\np = 0.4\n")
    monkeypatch.setattr(cardodds.analysis.suite, "read_suite", lambda path: [(coin, []), (arms, [])])
    out = tmp_path / "report"
    code, stdout, err = run_cli(capsys, "report", "--out", str(out), "--jobs", "1", "--no-progress")
    assert code == 0 and "2 experiments, 30,000 games: 30,000 computed now in " in stdout, err
    assert json.loads((out / "runs" / "coin_arms" / "manifest.json").read_text())["kind"] == "arms"
    code, stdout, err = run_cli(capsys, "report", "--out", str(out), "--jobs", "1", "--no-progress")
    assert code == 0 and "30,000 games: 0 computed now in " in stdout and "30,000 reused from chunks" in stdout
    assert "| games reused | 30,000 (from chunks computed by earlier runs) |" in (out / "report.md").read_text()

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(cardodds.analysis.suite, "write_outcomes", interrupted)
    code, stdout, err = run_cli(capsys, "report", "--out", str(out), "--jobs", "1", "--no-progress")
    assert code == 130 and err == (f"cardodds: interrupted: every finished chunk is saved in {out}; "
                                   f"continue with: cardodds report --out {out} --jobs 1 --no-progress\n")


def test_resuming_chunks_of_an_older_build_is_one_line(capsys, tmp_path, coin, monkeypatch):
    # Chunks written by a build whose counts lack what this build's summary reads (same version number): one line,
    # exit 2, and the finished chunks are left where they are.
    import dataclasses

    import cardodds.sim.registry

    out = tmp_path / "out"
    assert main(["run", str(coin), "--jobs", "1", "--no-progress", "--out", str(out)]) == 0
    capsys.readouterr()
    newer = dataclasses.replace(cardodds.sim.registry.get_task("demo.coin"), measures=lambda counts, params: counts["a_newer_count"])
    monkeypatch.setitem(cardodds.sim.registry._REGISTERED, "demo.coin", newer)
    code, stdout, err = run_cli(capsys, "run", str(coin), "--jobs", "1", "--no-progress", "--out", str(out), "--resume")
    assert code == 2 and err.count("\n") == 1
    assert "its chunks lack the count 'a_newer_count'" in err and "delete the folder" in err
    assert list((out / "chunks").glob("chunk-*"))
