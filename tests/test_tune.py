"""``cardodds tune``: finds better knobs on a toy table, is reproducible whatever --jobs, resumes, rejects bad input."""

import json

import pytest

from cardodds.cli import main
from cardodds.analysis.tune import tune
from cardodds.sim.tan.players import make_strategy
from cardodds.sim.tan.strategies import Heuristic

TOY = """[experiment]
name = "toy"
task = "tan.play"
games = {games}
chunk_size = 300
[rules]
players = 2
[strategies]
seats = [{seat0}, "heuristic"]
"""
BAD_START = '{name = "heuristic", take_trump_rank = "8", take_max_table = 6, hold_rank = "10"}'  # hoards while the
# stock lasts: takes rather than cover with a trump of 8 or above, never adds a 10 or above (save_trumps)


def toy(tmp_path, games=9600, seat0=BAD_START):
    path = tmp_path / "toy.toml"
    path.write_text(TOY.format(games=games, seat0=seat0))
    return path


def test_finds_better_knobs_and_measures_the_gain_on_fresh_deals(tmp_path):
    result = tune(toy(tmp_path, games=19200), knobs=["save_trumps"], folder=tmp_path / "runs", progress=False)
    assert result["changed"] == {"save_trumps": False}
    assert result["gain"] > 0.05 and result["gain_ci"][0] > 0  # a real gain, interval excluding 0
    assert result["tuned_value"] < result["start_value"]
    assert result["validation_seed"] == result["seed"] + 1
    assert result["games"] == result["search_games"] + result["validation_games"] <= 19200
    assert result["steps"][0]["adopted"] is True


def test_same_seed_same_knobs_with_one_or_two_jobs(tmp_path):
    config = toy(tmp_path)
    one = tune(config, knobs=["save_trumps", "endgame"], folder=tmp_path / "a", jobs=1, progress=False)
    two = tune(config, knobs=["save_trumps", "endgame"], folder=tmp_path / "b", jobs=2, progress=False)
    assert one == two


def test_cli_writes_a_knobs_file_a_config_can_name_and_resumes(tmp_path, capsys):
    config, out = toy(tmp_path), tmp_path / "tuned.toml"
    args = ["tune", str(config), "--knobs", "save_trumps", "--out", str(out), "--json", "--no-progress"]
    assert main(args) == 0
    first = json.loads(capsys.readouterr().out)
    assert make_strategy({"file": str(out)}) == Heuristic(take_trump_rank="8", take_max_table=6, hold_rank="10",
                                                                save_trumps=False)
    assert "paired 95 % CI" in out.read_text()
    assert main(args) == 2 and "--resume" in capsys.readouterr().err  # never overwrites cached work silently
    assert main(args + ["--resume"]) == 0
    assert json.loads(capsys.readouterr().out) == first


@pytest.mark.parametrize("extra,seat0,match", [
    (["--seat", "2"], BAD_START, "--seat must be from 0 to 1"),
    (["--knobs", "colour"], BAD_START, "'colour' is not a tunable knob of heuristic"),
    ([], '"basic"', "declares no tunable knobs"),
    ([], '"nobody"', "unknown Tấn strategy 'nobody'"),
    (["--games", "1000"], BAD_START, "too small"),
    (["--out", "x.json"], BAD_START, "must name a .toml file"),
    (["--knobs", "winner_swaps_two"], BAD_START, "'winner_swaps_two' matters only in series play"),
    # issue 35 item 8: a starting value outside the knob's declared range or choices
    ([], '{name = "heuristic", take_max_table = 99}', "heuristic: knob 'take_max_table' = 99 is out of its range 0..6"),
    ([], '{name = "heuristic", hold_rank = "2"}', "heuristic: knob 'hold_rank' = '2' must be one of '10', 'J', 'Q', 'K', "
                                                  "'A'"),
])
def test_bad_input_is_one_line_and_exit_2(tmp_path, capsys, extra, seat0, match):
    args = ["tune", str(toy(tmp_path, seat0=seat0)), "--out", str(tmp_path / "o.toml"), "--no-progress", *extra]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("cardodds: error: ") and err.count("\n") == 1 and match in err


def test_too_small_names_the_true_minimum(tmp_path, capsys, monkeypatch):
    """Issue 35: the tuner needed 20 chunks and its message said 18: the number said is the games it accepts."""
    import cardodds.analysis.tune as tune_module

    class Reached(Exception):
        pass

    def budget_checked(*args):
        budget, chunk = args[-1], args[0].chunk_size
        assert budget >= 2 * tune_module.FIRST_CHUNKS * chunk  # a first race of two candidates fits
        raise Reached

    monkeypatch.setattr(tune_module, "_Tuning", budget_checked)
    assert tune_module.MIN_CHUNKS == 20
    args = ["tune", str(toy(tmp_path)), "--knobs", "save_trumps", "--out", str(tmp_path / "o.toml"), "--no-progress"]
    assert main(args + ["--games", str(19 * 300)]) == 2
    assert capsys.readouterr().err == ("cardodds: error: --games 5700 is too small: the tuner needs at least 6000 "
                                       "games (20 chunks of chunk_size 300)\n")
    for chunks in range(20, 80):
        with pytest.raises(Reached):
            tune(toy(tmp_path), games=chunks * 300, knobs=["save_trumps"], folder=tmp_path / "r", progress=False)


def test_resume_with_nothing_cached_is_refused_as_run_resume_is(tmp_path, capsys):
    """Issue 35: `tune --resume` with nothing cached started afresh (`run --resume` refuses)."""
    out = tmp_path / "o.toml"
    args = ["tune", str(toy(tmp_path)), "--knobs", "save_trumps", "--out", str(out), "--no-progress", "--resume"]
    assert main(args) == 2
    assert capsys.readouterr().err == (f"cardodds: error: --resume: {tmp_path / 'o.runs'} does not exist, so there is "
                                       "no run to continue; run without --resume to start one\n")
    (tmp_path / "o.runs").mkdir()
    assert main(args) == 2 and "o.runs is empty, so there is no run to continue" in capsys.readouterr().err
    assert not out.exists() and not any((tmp_path / "o.runs").iterdir())


@pytest.mark.parametrize("knobs", ["", ",", " , ,"])
def test_an_empty_knob_list_is_refused(tmp_path, capsys, knobs):
    """Issue 35: `tune --knobs ''` and `--knobs ,` meant every knob."""
    args = ["tune", str(toy(tmp_path)), "--knobs", knobs, "--out", str(tmp_path / "o.toml"), "--no-progress"]
    assert main(args) == 2
    assert capsys.readouterr().err == (f"cardodds: error: --knobs {knobs!r} names no knob; give knob names separated "
                                       "by commas, or leave --knobs out to tune every knob\n")
    assert not (tmp_path / "o.runs").exists()


CHAN_TOY = """[experiment]
name = "chan_toy"
task = "chan.play"
games = 32000
chunk_size = 500
[strategies]
seats = [{name = "cuoc", max_ca = 0}, "basic", "basic", "basic"]
"""


def test_chan_play_is_tuned_on_the_seats_mean_points_a_game(tmp_path):
    config = tmp_path / "chan_toy.toml"
    config.write_text(CHAN_TOY)
    result = tune(config, knobs=["max_ca"], folder=tmp_path / "runs", progress=False)
    assert (result["strategy"], result["metric"], result["goal"]) == ("cuoc", "points.game:0", "max")
    assert result["changed"]["max_ca"] > 0  # never eating a cạ costs the seat points
    assert result["gain"] > 0 and result["gain_ci"][0] > 0 and result["tuned_value"] > result["start_value"]


def test_the_series_knobs_are_tuned_only_on_a_series_table(tmp_path):
    from cardodds.sim.knobs import declared
    from cardodds.sim.tan.decisions import SERIES_KNOBS

    single = tune(toy(tmp_path), knobs=["save_trumps"], folder=tmp_path / "a", progress=False)
    assert set(single["start"]) == set(declared(Heuristic)) - set(SERIES_KNOBS)  # every game knob, no series one
    assert set(SERIES_KNOBS) <= set(declared(Heuristic))  # declared, yet left out of a single-game table
    path = tmp_path / "series.toml"
    path.write_text(TOY.format(games=6000, seat0='"basic"').replace("players = 2", "players = 2\nseries_length = 10"))
    result = tune(path, folder=tmp_path / "b", progress=False)
    assert list(result["start"]) == list(SERIES_KNOBS)  # basic's only knobs: the series decisions
    assert result["start"] == {"winner_swaps_two": True, "loser_swaps_first": False, "declares_xa": True}



def _registries() -> dict:
    from cardodds.sim.chan.players import PLAYERS as CHAN
    from cardodds.sim.sam.players import PLAYERS as SAM
    from cardodds.sim.tan.players import PLAYERS as TAN

    return {"tan.play": (TAN, "players = 2", 2, "basic"), "chan.play": (CHAN, "", 4, "basic"),
            "sam.play": (SAM, "players = 2", 2, "control")}


SEARCHES = {"expert": ("worlds = 1, max_candidates = 2", "max_candidates"),
            "pimc": ("worlds = 1, max_candidates = 2", "max_candidates"),
            "ismcts": ("iterations = 16, max_candidates = 2", "exploration"),
            "ismcts_tree": ("iterations = 16", "exploration")}
"""The Tấn players that search at each decision: the knobs they start from (the smallest search) and the one knob
raced, whose values cost alike."""

EVERY_PLAYER = [(task, name) for task, (registry, *_) in _registries().items() for name in registry.classes]


@pytest.mark.parametrize("task,name", EVERY_PLAYER, ids=[f"{t}-{n}" for t, n in EVERY_PLAYER])
def test_every_player_of_every_game_tunes_or_stops_with_one_line(tmp_path, capsys, task, name):
    from cardodds.sim.knobs import declared

    registry, rules, players, other = _registries()[task]
    slow = SEARCHES.get(name) if task == "tan.play" else None  # searches: start from a small search, race one knob
    seat0 = f'{{name = "{name}", {slow[0]}}}' if slow else f'"{name}"'
    seats = ", ".join([seat0] + [f'"{other}"'] * (players - 1))
    config, out = tmp_path / "tiny.toml", tmp_path / "o.toml"
    config.write_text(f'[experiment]\nname = "tiny"\ntask = "{task}"\ngames = 40\nchunk_size = 2\nseed = 3\n'
                      f"[rules]\n{rules}\n[strategies]\nseats = [{seats}]\n")  # the smallest budget: 20 chunks
    space = {k: v for k, v in declared(registry.classes[name]).items() if not v.series}
    code = main(["tune", str(config), "--out", str(out), "--no-progress", "--json"]
                + (["--knobs", slow[1]] if slow else []))
    captured = capsys.readouterr()
    if not space:
        assert code == 2 and captured.err.count("\n") == 1 and "declares no tunable knobs" in captured.err
        return
    assert code == 0, captured.err
    result = json.loads(captured.out)
    assert result["strategy"] == name and list(result["knobs"]) == list(space)
    tuned = registry.make({"file": str(out)})  # the knobs file it wrote plays that player with those knobs
    assert type(tuned) is registry.classes[name]
    assert {k: getattr(tuned, k) for k in space} == result["knobs"]
