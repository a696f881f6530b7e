"""Experiment files: validation with one-line errors, overrides, identity."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest
from demo_game import play_task as demo_task

from cardodds.analysis.estimate import summarize
from cardodds.sim.errors import CardoddsError
from cardodds.sim.experiment import DEFAULT_CHUNK_SIZE, DEFAULT_SEED, SEED_MAX, load_experiment
from cardodds.sim.streams import DEAL, chunk_seed, stream

BASE = """\
[experiment]
name = "coin"
task = "demo.coin"
title = "Pièce: pile ou face"
games = 10_000
quick_games = 1_000
chunk_size = 2_500
seed = 7
[rules]
p = 0.25
"""



def write(tmp_path: Path, text: str, name: str = "exp.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_loads_every_field(tmp_path):
    path = write(tmp_path, BASE)
    exp = load_experiment(path)
    assert exp.name == "coin"
    assert exp.task is demo_task.TASK
    assert exp.title == "Pièce: pile ou face"
    assert exp.description == ""
    assert (exp.games, exp.quick_games, exp.chunk_size, exp.seed) == (10_000, 1_000, 2_500, 7)
    assert exp.sections == {"rules": {"p": 0.25}}
    assert exp.params == demo_task.CoinRules(p=0.25)
    assert exp.path == path and exp.text == BASE


def test_defaults(tmp_path):
    exp = load_experiment(write(tmp_path, '[experiment]\nname = "c"\ntask = "demo.coin"\ngames = 3\n'))
    assert (exp.chunk_size, exp.seed, exp.title, exp.quick_games) == (DEFAULT_CHUNK_SIZE, DEFAULT_SEED, "c", None)
    assert exp.sections == {"rules": {}}
    assert exp.params.p == 0.5


def test_overrides_and_quick(tmp_path):
    path = write(tmp_path, BASE)
    assert load_experiment(path, quick=True).games == 1_000
    assert load_experiment(path, games=123, quick=True).games == 123
    assert load_experiment(path, seed=0).seed == 0
    no_quick = write(tmp_path, BASE.replace("quick_games = 1_000\n", ""), "nq.toml")
    assert load_experiment(no_quick, quick=True).games == 10_000


def test_identity_ignores_games_only(tmp_path):
    path = write(tmp_path, BASE)
    base = load_experiment(path)
    assert base.identity()["task"] == "demo.coin"
    assert set(base.identity()) == {"format", "task", "seed", "chunk_size", "params", "cardodds"}
    assert load_experiment(path, games=99).identity_hash() == base.identity_hash()
    assert load_experiment(path, quick=True).identity_hash() == base.identity_hash()
    assert len(base.identity_hash()) == 64
    # the same settings written differently are the same run
    reordered = write(tmp_path, BASE.replace("p = 0.25", "p = 25e-2").replace("seed = 7\n", "") + "", "r.toml")
    assert load_experiment(reordered, seed=7).identity_hash() == base.identity_hash()
    for other in (
        load_experiment(path, seed=8),
        load_experiment(write(tmp_path, BASE.replace("p = 0.25", "p = 0.3"), "p.toml")),
        load_experiment(write(tmp_path, BASE.replace("chunk_size = 2_500", "chunk_size = 2_000"), "c.toml")),
    ):
        assert other.identity_hash() != base.identity_hash()



GAME = """\
[experiment]
name = "g"
task = "{task}"
games = 100
[rules]
{rules}
[strategies]
{strategies}
"""


BASIC = 'name = "basic"', 'name = "random"'
CONTROL = 'default = {name = "control"}', 'default = {name = "greedy"}'


@pytest.mark.parametrize("task, written, defaults_spelled_out, changed, strategies", [
    ("tan.play", "players = 2", "players = 2\ndeck = 52\nmax_bouts = 1000\nthrow_in_after_take = false",
     "players = 2\nmax_bouts = 999", BASIC),
    ("sam.play", "quad_beats = [\"single_two\"]",
     "quad_beats = [\"single_two\"]\nstraights = \"a23_to_qka\"\nseries_length = 1\n[rules.pay]\ncard = 1",
     "quad_beats = [\"single_two\"]\n[rules.pay]\ncard = 2", CONTROL),
    ("chan.play", "ga = true", "ga = true\nplayers = 4\n[rules.points]\nxuong = 1", "ga = true\n[rules.points]\nxuong = 2",
     BASIC),
])
def test_identity_is_of_the_validated_parameters(tmp_path, task, written, defaults_spelled_out, changed, strategies):
    """A default written out in the config is the same run; another value is another run."""
    default, other = strategies

    def identity(rules, strategies=""):
        text = GAME.format(task=task, rules=rules, strategies=strategies)
        return load_experiment(write(tmp_path, text, f"{len(list(tmp_path.iterdir()))}.toml")).identity_hash()

    base = identity(written)
    assert identity(defaults_spelled_out) == base
    assert identity(written, default) == base
    assert identity(changed) != base
    assert identity(written, other) != base


def test_identity_spellings_of_one_value(tmp_path):
    coin = BASE.replace("p = 0.25", "p = 1")
    one = load_experiment(write(tmp_path, coin, "one.toml"))
    assert one.params.p == 1.0 and one.identity()["params"] == {"__class__": "CoinRules", "p": 1.0}
    assert load_experiment(write(tmp_path, coin.replace("p = 1", "p = 1.0"), "f.toml")).identity_hash() \
        == one.identity_hash()
    sam = GAME.format(task="sam.play", rules="quad_beats = [{}]", strategies="")
    orders = [sam.format('"lower_quad", "single_two"'), sam.format('"single_two", "lower_quad"'), sam.format("")]
    hashes = [load_experiment(write(tmp_path, text, f"s{i}.toml")).identity_hash() for i, text in enumerate(orders)]
    assert hashes[0] == hashes[1] != hashes[2]


BAD = [
    # (replace this, with that, the message must contain)
    ('name = "coin"', 'name = "co in"', "'name' may hold only"),
    ('name = "coin"\n', "", "missing required key 'name'"),
    ('task = "demo.coin"\n', "", "missing required key 'task'"),
    ("games = 10_000\n", "", "missing required key 'games'"),
    ('task = "demo.coin"', 'task = "demo.con"', "unknown task 'demo.con' (did you mean 'demo.coin'?)"),
    ('task = "demo.coin"', "task = 3", "'task' must be a string"),
    ("games = 10_000", "games = 0", "'games' must be an integer >= 1, not 0"),
    ("games = 10_000", "games = true", "'games' must be an integer, not True"),
    ("games = 10_000", "games = 1e6", "'games' must be an integer, not 1000000.0"),
    ("games = 10_000", 'games = "10"', "'games' must be an integer"),
    ("quick_games = 1_000", "quick_games = -1", "'quick_games' must be an integer >= 1"),
    ("chunk_size = 2_500", "chunk_size = 0", "'chunk_size' must be an integer >= 1, not 0"),
    ("seed = 7", "seed = -1", "'seed' must be an integer from 0 to"),
    ("seed = 7", "seed = 99999999999999999999", "'seed' must be an integer from 0 to"),
    ("seed = 7", "seed = false", "'seed' must be an integer, not False"),
    ("seed = 7", "sead = 7", "unknown key 'sead' (did you mean 'seed'?)"),
    ('title = "Pièce: pile ou face"', "title = 1", "'title' must be a string"),
    ("[rules]\np = 0.25", "[rule]\np = 0.25", "unknown key 'rule' (did you mean 'rules'?)"),
    ("[rules]\np = 0.25", "[strategies]\nx = 1", "unknown key 'strategies'"),
    ("p = 0.25", "p = 1.5", "[rules]: 'p' must be between 0 and 1, not 1.5"),
    ("p = 0.25", "q = 0.5", "[rules]: unknown key 'q' (known: p)"),
    ("p = 0.25", 'p = "half"', "[rules]: 'p' must be a number"),
    ("p = 0.25", "p = true", "[rules]: 'p' must be a number"),
    ("p = 0.25", "pp = 0.5", "[rules]: unknown key 'pp' (did you mean 'p'?)"),
    ("p = 0.25", "p = nan", "'p' must be between 0 and 1"),
    ("[experiment]\n", "", "missing the [experiment] table"),
    ("[experiment]\n", "experiment = 1\n[x]\n", "'experiment' must be a table"),
    ("games = 10_000", "games = ", "not valid TOML: Invalid value (at line 5, column 9)"),
    ("seed = 7\n", "seed = 7\n[experiment]\n", "not valid TOML: Cannot declare ('experiment',) twice (at line 9"),
]


@pytest.mark.parametrize("old, new, expected", BAD)
def test_config_errors_are_one_line_naming_file_and_key(tmp_path, old, new, expected):
    assert old in BASE
    path = write(tmp_path, BASE.replace(old, new, 1))
    with pytest.raises(CardoddsError) as info:
        load_experiment(path)
    message = str(info.value)
    assert "\n" not in message
    assert str(path) in message
    assert expected in message


@pytest.mark.parametrize(
    "kwargs, expected",
    [
        (dict(games=0), "--games: 'games' must be an integer >= 1, not 0"),
        (dict(games=True), "--games: 'games' must be an integer, not True"),
        (dict(seed=-5), "--seed: 'seed' must be an integer from 0 to"),
        (dict(seed=SEED_MAX + 1), "--seed: 'seed' must be an integer from 0 to"),
    ],
)
def test_override_errors(tmp_path, kwargs, expected):
    with pytest.raises(CardoddsError, match="^" + expected.replace("[", r"\[")) as info:
        load_experiment(write(tmp_path, BASE), **kwargs)
    assert "\n" not in str(info.value)


def test_file_errors(tmp_path):
    with pytest.raises(CardoddsError, match="no such experiment file") as info:
        load_experiment(tmp_path / "missing.toml")
    assert str(tmp_path / "missing.toml") in str(info.value)
    with pytest.raises(CardoddsError, match="is a folder"):
        load_experiment(tmp_path)
    bad = tmp_path / "latin1.toml"
    bad.write_bytes(BASE.replace("Pièce", "Pi\xe8ce").encode("latin-1"))
    with pytest.raises(CardoddsError, match="not UTF-8") as info:
        load_experiment(bad)
    assert "\n" not in str(info.value)


def test_section_that_is_not_a_table(tmp_path):
    path = write(tmp_path, "rules = 3\n" + BASE.replace("[rules]\np = 0.25\n", ""))
    with pytest.raises(CardoddsError, match="'rules' must be a table") as info:
        load_experiment(path)
    assert str(path) in str(info.value) and "\n" not in str(info.value)


def test_seed_max_is_accepted(tmp_path):
    assert load_experiment(write(tmp_path, BASE), seed=SEED_MAX).seed == SEED_MAX


def test_demo_task_run_chunk_uses_deal_stream():
    params = demo_task.CoinRules(p=0.3)
    counts = demo_task.run_chunk(params, chunk_seed(5, 2), 1000)
    expected = stream(chunk_seed(5, 2), DEAL).binomial(1000, 0.3)
    assert int(counts["games"]) == 1000 and int(counts["heads"]) == expected
    assert int(demo_task.run_chunk(demo_task.CoinRules(p=0.0), chunk_seed(1, 0), 50)["heads"]) == 0
    assert int(demo_task.run_chunk(demo_task.CoinRules(p=1.0), chunk_seed(1, 0), 50)["heads"]) == 50


def test_demo_summary_row():
    rows = summarize(demo_task.TASK, {"games": np.int64(10), "heads": np.int64(5)}, demo_task.CoinRules(p=0.5))
    assert len(rows) == 1
    row = rows[0]
    assert (row["metric"], row["seat"], row["n"], row["exact"], row["estimate"]) == ("heads", None, 10, 0.5, 0.5)
    # 5 heads in 10: the Wilson interval (worked by hand in tests/test_estimate.py).
    assert row["ci_low"] == pytest.approx(0.23659309, abs=1e-7) and row["ci_high"] == pytest.approx(0.76340691, abs=1e-7)
    assert math.isclose(row["ci_low"], 0.23659309, abs_tol=1e-7)
