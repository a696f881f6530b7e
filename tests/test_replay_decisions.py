"""Issue 34 item 3, positions a person can find: ``cardodds replay`` tags each decision's line with its K, the number
``--state-at K`` takes, for every game; K out of range names the valid range."""

import json
import re

import pytest

from cardodds.cli import main

TAG = re.compile(r"  \[K=(\d+)\]$")


def run_cli(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def tagged(text: str) -> dict[int, str]:
    """K → the replay line tagged with it."""
    return {int(m.group(1)): line for line in text.splitlines() if (m := TAG.search(line))}


def test_chan_seed_7_decision_25_is_line_34_and_26_names_the_range(capsys):
    """The issue's case: for seed 7, K = 25 is line 34 and `--state-at 26` said "fewer than 26 decisions" though the
    replay lists 37 moves: only moves with a choice are decisions, and the replay now says which."""
    code, out, err = run_cli(capsys, "replay", "chan", "--seed", 7)
    lines = out.splitlines()
    assert code == 0 and lines[1].startswith("[K=n] marks decision n (`cardodds replay chan --seed 7 --state-at n` "
                                             "prints its position); only moves with a choice are decisions")
    marks = tagged(out)
    assert sorted(marks) == list(range(1, 26))
    assert marks[25] == " 34  seat 0 đánh CC  [K=25]"
    assert " 35  seat 1 bốc 7W" in lines and " 36  seat 1 ù 7W" in lines  # forced: no K
    code, position, err = run_cli(capsys, "replay", "chan", "--seed", 7, "--state-at", 25)
    state = json.loads(position)
    assert code == 0 and (state["seat"], state["decision"]) == (0, "discard") and "CC" in state["hand"].split()
    code, out, err = run_cli(capsys, "replay", "chan", "--seed", 7, "--state-at", 26)
    assert code == 2 and err == ("cardodds: error: chan position: decision 26 asked; K must be 1..25 for the game of "
                                 "seed 7 (`cardodds replay` marks each decision [K=n])\n")


@pytest.mark.parametrize("game, seed", [("chan", 3), ("tan", 7), ("sam", 7), ("tan", 12)])
def test_every_tagged_line_is_the_decision_state_at_cuts(capsys, game, seed):
    """Each game: the tags are 1..N in order of play, --state-at N is the last position and N + 1 is refused
    naming 1..N, and the seat of every tagged line is the seat --advise lists at that K."""
    from cardodds.advise import replay_table
    from cardodds.sim.games import game as game_spec
    from cardodds.sim.position import position_module

    code, out, err = run_cli(capsys, "replay", game, "--seed", seed)
    marks = tagged(out)
    n = len(marks)
    assert code == 0 and n > 5 and list(marks) == list(range(1, n + 1))
    assert "[K=n] marks decision n" in out.splitlines()[2 if game == "tan" else 1 if game == "chan" else 0]
    spec = game_spec(game)
    rules, strategies = replay_table(game)
    module = position_module(spec)
    for seat in range(4):
        ks = [k for k, _, _ in module.decisions(seed, rules, strategies, seat)]
        assert ks == [k for k, line in marks.items() if re.search(rf"\bseat {seat} ", line)], seat
    code, last, err = run_cli(capsys, "replay", game, "--seed", seed, "--state-at", n)
    assert code == 0 and json.loads(last)
    code, _, err = run_cli(capsys, "replay", game, "--seed", seed, "--state-at", n + 1)
    assert code == 2 and f"decision {n + 1} asked; K must be 1..{n} for the game of seed {seed}" in err


def test_a_randomised_tan_seat_is_tagged_as_its_run_chunk_plays_it(tmp_path, capsys):
    """A seat drawing for the whole batch (random): the replay is the run's first chunk's game 0, its tags are the
    decisions cut counts on that game, and the text is the one the replay showed before the tags."""
    from cardodds.sim.experiment import load_arms
    from cardodds.sim.tan.play_task import replay_games
    from cardodds.sim.tan.position_cut import replayed
    from cardodds.sim.tan.reference import format_log

    config = tmp_path / "t.toml"
    config.write_text("[experiment]\nname = 't'\ntask = 'tan.play'\ngames = 40\nchunk_size = 40\n"
                      "[strategies]\nseats = ['random', 'basic', 'random', 'heuristic']\n")
    params = load_arms(config)[0].params
    for seed in (1, 2):
        code, out, err = run_cli(capsys, "replay", "tan", "--seed", seed, "--config", config)
        log, _ = replayed(seed, params.rules, params.strategies, chunk=40)
        marks = tagged(out)
        assert code == 0 and list(marks) == list(range(1, len(log) + 1))
        assert all(f"seat {p.seat} " in marks[k] for k, (p, _) in enumerate(log, 1))
        (game, _), = replay_games(seed, params.rules, params.strategies, chunk=40)
        assert format_log(game) in re.sub(TAG.pattern, "", out, flags=re.M)  # the same game, line for line


def test_a_tan_series_replay_has_no_tags(capsys, tmp_path):
    """A series has no single-game positions (--state-at refuses it): its replay marks nothing."""
    from cardodds.sim.tan.play_task import replay_text
    from cardodds.sim.tan.rules import TanRules

    text = replay_text(3, TanRules(players=2, series_length=2), "basic")
    assert "== game 2 of 2 ==" in text and not tagged(text) and "[K=n]" not in text


def test_the_pages_cut_takes_the_same_k_and_names_the_range():
    """The page's cut (seed and decision number: /api/position) is --state-at's: K = 25 of seed 7 is the same
    position, and K = 26 is a 400 naming 1..25."""
    pytest.importorskip("starlette")
    from asgi_call import asgi_call

    from cardodds.advise import position_at

    status, body = asgi_call("GET", "/api/position/chan?seed=7&at=25", b"")
    assert status == 200 and json.loads(body) == position_at("chan", 7, 25)
    status, body = asgi_call("GET", "/api/position/chan?seed=7&at=26", b"")
    assert status == 400 and "K must be 1..25 for the game of seed 7" in json.loads(body)["error"]
