"""The command line's mid-game parts on the demo game's coin positions (``tests/demo_game/position.py``): ``cardodds
advise``, ``cardodds odds <game> --state``, ``cardodds replay --state-at / --advise``, and their bad input (one line,
exit code 2)."""

import dataclasses
import functools
import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from demo_game import position as coin_position
from demo_game import spec as coin_task
from demo_game.rules import CoinRules

from cardodds.cli import main
from cardodds.sim import games

START = {"rules": {"p": 0.3}}
LAST = {"rules": {"p": 0.3}, "calls": "H T", "tosses": "H H"}
TESTS = Path(__file__).resolve().parent


def run_cli(capsys, *argv, stdin: str | None = None, monkeypatch=None):
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def start(tmp_path):
    path = tmp_path / "start.json"
    path.write_text(json.dumps(START), encoding="utf-8")
    return path


@pytest.fixture
def p03(monkeypatch):
    """The demo game with p = 0.3 by default (its replays play the rules' defaults)."""
    spec = dataclasses.replace(coin_task.SPEC, rules=functools.partial(CoinRules, p=0.3))
    monkeypatch.setitem(games._ADDED, "demo", spec)


def test_advise_prints_the_moves_best_first_with_their_marks(capsys, start):
    code, out, err = run_cli(capsys, "advise", "demo", "--state", start, "--games", 3000, "--seed", 1)
    lines = out.splitlines()
    assert code == 0 and err == ""
    assert lines[0] == "2 moves, ranked by win (higher is better)"
    assert lines[1].split() == ["move", "win", "right", "vs", "best", "(win)"]
    assert lines[2].split()[:2] == ["T", "best"] and lines[2].split()[-1] == "—"
    assert lines[3].split()[0] == "H" and lines[3].split()[1] != "tied"
    assert re.fullmatch(r"players: heads · budget: 3,000 worlds a move in 1 batch, \d+\.\d\d s "
                        r"\(asked: 3,000 worlds a move\)", lines[-1])


def test_advise_json_is_the_api_table(capsys, start):
    from cardodds import advise

    code, out, err = run_cli(capsys, "advise", "demo", "--state", start, "--games", 500, "--json")
    answer = json.loads(out)
    table = advise.demo(START, games=500)
    assert code == 0 and answer["rank_by"] == {"measure": "win", "sign": 1} and answer["worlds"] == 500
    assert [m["move"] for m in answer["moves"]] == list(table.move) == ["T", "H"]
    assert [m["win_low"] for m in answer["moves"]] == list(table.win_low)
    assert answer["moves"][0]["best"] and not answer["moves"][1]["tied"] and answer["players"] == "heads"


def test_an_exact_position_is_marked_exact(capsys, monkeypatch):
    code, out, err = run_cli(capsys, "advise", "demo", "--state", "-", stdin=json.dumps(LAST), monkeypatch=monkeypatch)
    lines = out.splitlines()
    assert code == 0 and lines[0] == "2 moves, ranked by win (higher is better), exact values"
    assert lines[2].split() == ["T", "best", "0.7000", "exact", "1.700", "exact", "—"]
    assert lines[3].split() == ["H", "0.3000", "exact", "1.300", "exact", "-0.4000", "exact"]
    assert lines[-1] == "players: best play (exact) · budget: " + lines[-1].split("budget: ")[1]
    assert "budget: exact (no worlds played)" in lines[-1]


def test_odds_of_a_state(capsys, monkeypatch, start):
    code, out, err = run_cli(capsys, "odds", "demo", "--state", start, "--games", 2000, "--seed", 2, "--json")
    answer = json.loads(out)
    assert code == 0 and [r["quantity"] for r in answer["odds"]] == ["win", "right"] and answer["worlds"] == 2000
    win = answer["odds"][0]
    assert win["ci_low"] < 0.216 < win["ci_high"] and not win["exact"]  # by hand: P(2 heads of 3) at p = 0.3
    code, out, err = run_cli(capsys, "odds", "demo", "--state", "-", stdin=json.dumps(LAST), monkeypatch=monkeypatch)
    assert code == 0 and out.splitlines()[0].split() == ["wins", "(2", "of", "3", "calls", "right)", "0.7000", "exact"]


def test_a_cut_position_is_json_that_feeds_back(capsys, monkeypatch, p03):
    code, out, err = run_cli(capsys, "replay", "demo", "--seed", 2, "--state-at", 3)
    assert code == 0 and json.loads(out) == {"rules": {"p": 0.3}, "calls": "H H", "tosses": "T H"}
    assert json.loads(out) == coin_position.to_json(coin_position.cut(2, CoinRules(0.3), None, 3))
    code, advice, err = run_cli(capsys, "advise", "demo", "--state", "-", stdin=out, monkeypatch=monkeypatch)
    assert code == 0 and advice.splitlines()[2].split()[:4] == ["T", "best", "0.7000", "exact"]


def test_a_review_gives_each_decisions_expected_loss(capsys, p03):
    code, out, err = run_cli(capsys, "replay", "demo", "--seed", 2, "--advise", 0, "--games", 4000)
    lines = out.splitlines()
    assert code == 0 and lines[0] == "Coin, seed 2: seat 0's 3 decisions, each move made beside the best"
    # the heads player calls H each time; by hand at p = 0.3: T first wins 0.384, H 0.216 (loss 0.168); after a
    # wrong call both must be right: T then H 0.21, H then H 0.09 (loss 0.12); one right of two: T 0.7, H 0.3
    first, second = (float(lines[i].split("expected loss ")[1].split()[0]) for i in (1, 2))
    assert lines[1].startswith("decision 1: played H · best T · expected loss ") and abs(first - 0.168) < 0.03
    assert lines[2].startswith("decision 2: played H · best T · expected loss ") and abs(second - 0.12) < 0.03
    assert lines[3] == "decision 3: played H · best T · expected loss 0.4000 exact"
    low, high = (float(x) for x in lines[1].split("[")[1].rstrip("]").split(", "))
    assert low < 0.168 < high and low > 0
    assert lines[4].startswith(f"total expected loss {first + second + 0.4:.4g}; loss in win (wins (2 of 3 calls")
    code, out, err = run_cli(capsys, "replay", "demo", "--seed", 2, "--advise", 1)
    assert code == 0 and out == "seat 1 makes no decision in the Coin game of seed 2\n"


@pytest.mark.parametrize("argv, stdin, message", [
    (["advise", "demo", "--state", "/nonexistent.json"], None, "/nonexistent.json: No such file or directory"),
    (["advise", "demo", "--state", "-"], "{bad", "standard input: not valid JSON: Expecting property name"),
    (["advise", "demo", "--state", "-"], "[1]", "standard input: a position is a JSON object ({...}), not list"),
    (["advise", "demo", "--state", "-"], '{"calls": "H"}', "position: 1 calls and 0 tosses"),
    (["advise", "demo", "--state", "-"], '{"rules": {"q": 1}}', "unknown key 'q'"),
    (["advise", "demo", "--state", "-", "--opponents", "nobody"], "{}", "unknown player 'nobody'"),
    (["advise", "demo", "--state", "-", "--opponents", "{x"], "{}", "--opponents: not valid JSON: Expecting property name"),
    (["advise", "demo", "--state", "-", "--games", "0"], "{}", "--games must be a whole number >= 1, not 0"),
    (["advise", "demo", "--state", "-", "--time", "soon"], "{}", "--time must be a number of seconds > 0, e.g. 1.5, "
                                                                 "not 'soon'"),
    (["advise", "demo", "--state", "-", "--time", "0"], "{}", "--time must be a number of seconds > 0"),
    (["advise", "demo", "--state", "-", "--time", "1", "--games", "5"], "{}", "--games and --time are two budgets"),
    (["advise", "demo"], None, "the following arguments are required: --state"),
    (["advise", "nopos", "--state", "-"], "{}", "argument game: invalid choice: 'nopos' (choose from"),
    (["odds", "nopos", "--state", "-"], "{}", "nopos: this game has no mid-game positions"),
    (["replay", "nopos", "--seed", "1", "--state-at", "1"], None, "nopos: this game has no mid-game positions"),
    (["odds", "demo", "--hand", "H", "--state", "-"], "{}", "--hand and --state are two questions"),
    (["odds", "demo"], None, "the following arguments are required: --hand (or --state, a position)"),
    (["odds", "demo", "--hand", "H", "--time", "1"], None, "odds demo does not take --time 1.0 with --hand: it goes "
                                                           "with --state"),
    (["odds", "tan", "--state", "-", "--trump", "h"], "{}", "odds tan does not take --trump h with --state: it goes "
                                                            "with --hand"),
    (["odds", "chan", "--state", "-", "--seat", "1"], "{}", "does not take --seat 1 with --state"),
    (["replay", "demo", "--seed", "1", "--state-at", "4"], None, "demo position: decision 4 asked; K must be 1..3 for the game of seed 1"),
    (["replay", "demo", "--seed", "1", "--state-at", "0"], None, "--state-at must be a whole number >= 1, not 0"),
    (["replay", "demo", "--seed", "1", "--advise", "2"], None, "--advise must be a whole number from 0 to 1, not 2"),
    (["replay", "demo", "--seed", "1", "--state-at", "1", "--advise", "0"], None, "two views of the game"),
    (["replay", "demo", "--seed", "1", "--state-at", "1", "--games", "9"], None, "does not take --games 9 with "
                                                                                "--state-at"),
    (["replay", "demo", "--seed", "1", "--state-at", "1", "--log", "x.json"], None, "does not go with --state-at"),
    (["replay", "tan", "--seed", "1", "--games", "9"], None, "replay tan does not take --games 9 with a move-by-move "
                                                             "replay"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, monkeypatch, argv, stdin, message):
    nopos = dataclasses.replace(coin_task.SPEC, name="nopos", position=None, tasks={}, replay_task="demo.coin",
                                replay_text=lambda *a, **k: "")
    monkeypatch.setitem(games._ADDED, "nopos", nopos)
    code, out, err = run_cli(capsys, *argv, stdin=stdin, monkeypatch=monkeypatch)
    assert code == 2 and out == "" and err.count("\n") == 1 and err.startswith("cardodds: error: ")
    assert message in err, err


def test_every_game_with_positions_answers_through_the_commands(capsys, monkeypatch):
    """A built-in game's position module, once its spec names one, is reached as the demo's is: a cut position
    feeds ``advise`` and ``odds --state`` (the demo is always among them)."""
    names = [g.name for g in games.games() if g.position is not None]
    assert "demo" in names
    for name in names:
        code, out, err = run_cli(capsys, "replay", name, "--seed", 1, "--state-at", 1)
        assert code == 0, err
        for command in ("advise", "odds"):
            code, answer, err = run_cli(capsys, command, name, "--state", "-", "--games", 4, "--json", stdin=out,
                                        monkeypatch=monkeypatch)
            assert code == 0 and json.loads(answer)["game"] == name, err


def test_a_game_registered_in_a_fresh_process_is_advised_from_standard_input():
    """No test fixture: a process that registers the demo game runs the console's main on a position piped in."""
    script = ("import sys; sys.path.insert(0, %r); from demo_game.spec import SPEC; from cardodds.sim.games import register_game; "
              "register_game(SPEC); from cardodds.cli import main; sys.exit(main(sys.argv[1:]))") % str(TESTS)
    argv = [sys.executable, "-c", script, "advise", "demo", "--state", "-", "--games", "200"]
    proc = subprocess.run(argv, input=json.dumps(START), capture_output=True, text=True)
    assert proc.returncode == 0 and proc.stdout.splitlines()[2].split()[:2] == ["T", "best"], proc.stderr


def _answer(capsys, *argv) -> dict:
    """``cardodds advise … --json``'s answer without its timing."""
    code, out, err = run_cli(capsys, "advise", "demo", *argv, "--json")
    assert code == 0 and err == ""
    answer = json.loads(out)
    answer.pop("seconds")
    answer["budget"] = re.sub(r", \d+\.\d\d s\b", "", answer["budget"])  # the seconds, wherever the commas are
    return answer


def test_set_changes_keys_of_the_position_before_it_is_read(capsys, start, tmp_path):
    """``--set`` on top of ``--state``: the answer is the one for the position with those keys written in."""
    last = tmp_path / "last.json"
    last.write_text(json.dumps(LAST), encoding="utf-8")
    as_set = _answer(capsys, "--state", start, "--set", "calls=H T", "--set", "tosses=H H")
    assert as_set == _answer(capsys, "--state", last) and as_set["exact"]
    (tmp_path / "half.json").write_text(json.dumps({**START, "rules": {"p": 0.5}}), encoding="utf-8")
    nested = _answer(capsys, "--state", start, "--set", "rules.p=0.5", "--games", 2000)
    assert nested == _answer(capsys, "--state", tmp_path / "half.json", "--games", 2000)
    assert nested != _answer(capsys, "--state", start, "--games", 2000)
    assert json.loads(start.read_text()) == START  # the file is read, never written


@pytest.mark.parametrize("setting, message", [
    ("calls", "--set calls: give KEY=VALUE"),
    ("=H", "--set =H: give KEY=VALUE"),
    ("nope.p=1", "--set nope.p: the position has no 'nope' there"),
    ("rules.p.x=1", "--set rules.p.x: rules.p is not an object or a list"),
    ("flips=H", "unknown key 'flips'"),
])
def test_bad_settings_are_one_line(capsys, start, setting, message):
    code, out, err = run_cli(capsys, "advise", "demo", "--state", start, "--set", setting)
    assert code == 2 and out == "" and message in err and len(err.strip().splitlines()) == 1
