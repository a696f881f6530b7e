"""Issue 35 item 8 (and issue 34 item 8): a knob outside its declared range or choices is refused on every path that
builds a player — a run's seats, a strength rung, a ladder, a knobs file, ``--opponents``, the Python API, the class
itself — with one line naming the player, the knob, the value and what is allowed; the shipped knobs files and configs
pass.  (``tune``'s starting value: ``tests/test_tune.py``; every knob of every registered player:
``tests/test_conformance.py``.)"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

import cardodds
import cardodds.advise
from cardodds.cli import main
from cardodds.sim.errors import CardoddsError
from cardodds.sim.experiment import load_arms, shipped_experiments

PACKAGE = Path(cardodds.__file__).parent
TAN2 = '[experiment]\nname = "x"\ntask = "tan.play"\ngames = 200\nchunk_size = 100\n[rules]\nplayers = 2\n'
CHAN = '[experiment]\nname = "x"\ntask = "chan.play"\ngames = 200\nchunk_size = 100\n'
STRENGTH = ('[experiment]\nname = "x"\ntask = "tan.strength"\ngames = 200\nchunk_size = 100\n[rules]\nplayers = 2\n'
            '[strategies]\nrungs = ["basic", {name = "heuristic", save_stock = 13}]\n')
LADDER = TAN2 + '[ladder]\nrungs = ["basic", {name = "heuristic", pair_bonus = 1_000_000}]\n'
HEURISTIC = "heuristic: knob 'take_max_table' = 99 is out of its range 0..6"

CASES = [
    ("run seats", TAN2 + '[strategies]\nseats = [{name = "heuristic", take_max_table = 99}, "basic"]\n', HEURISTIC),
    ("run one strategy", TAN2 + '[strategies]\nname = "heuristic"\nhold_rank = "2"\n',
     "heuristic: knob 'hold_rank' = '2' must be one of '10', 'J', 'Q', 'K', 'A'"),
    ("a flag for a word", TAN2 + '[strategies]\nname = "heuristic"\nsafe_lead = true\n',
     "heuristic: knob 'safe_lead' = true must be one of 'off', 'finish', 'always'"),
    ("strength rung", STRENGTH, "heuristic: knob 'save_stock' = 13 is out of its range 0..12"),
    ("ladder rung", LADDER, "heuristic: knob 'pair_bonus' = 1000000 is out of its range 0..12"),
    ("knobs file", TAN2 + '[strategies]\nseats = [{file = "{t}/k.toml"}, "basic"]\n', HEURISTIC),
    ("chan cuoc w_wide nan", CHAN + '[strategies]\nname = "cuoc"\nw_wide = nan\n',
     "cuoc: knob 'w_wide' must be a number (0..2), not nan"),
    ("chan cuoc w_wide 3.0", CHAN + '[strategies]\nname = "cuoc"\nw_wide = 3.0\n',
     "cuoc: knob 'w_wide' = 3.0 is out of its range 0..2"),
    ("chan cuoc bach_thu 99", CHAN + '[strategies]\nname = "cuoc"\nbach_thu = 99\n',
     "cuoc: knob 'bach_thu' = 99 is out of its range 0..8"),
    ("chan heuristic w_wide inf", CHAN + '[strategies]\nname = "heuristic"\nw_wide = inf\n',
     "heuristic: knob 'w_wide' must be a finite number, not inf"),
    ("a flag for a number", CHAN + '[strategies]\nname = "expert"\nworlds = true\n',
     "expert: knob 'worlds' must be a whole number (1..1024), not true"),
]


@pytest.mark.parametrize("config, message", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_a_config_with_a_bad_knob_is_one_line_and_exit_2(tmp_path, capsys, config, message):
    (tmp_path / "k.toml").write_text('strategy = "heuristic"\n[knobs]\ntake_max_table = 99\n')
    path = tmp_path / "x.toml"
    path.write_text(config.replace("{t}", str(tmp_path)))
    assert main(["run", str(path), "--out", str(tmp_path / "out"), "--no-progress"]) == 2
    out, err = capsys.readouterr()
    assert err.startswith("cardodds: error: ") and err.count("\n") == 1 and message in err, err
    assert out == "" and not (tmp_path / "out").exists()


def test_opponents_json_and_the_python_api(tmp_path, capsys):
    state = tmp_path / "p.json"
    state.write_text(json.dumps(cardodds.advise.position_at("tan", 7, 5)))
    bad = '{"name": "heuristic", "take_max_table": 99}'
    for command in (["advise", "tan"], ["odds", "tan"]):
        assert main([*command, "--state", str(state), "--opponents", bad, "--games", "10"]) == 2
        out, err = capsys.readouterr()
        assert err == f"cardodds: error: opponents {HEURISTIC}\n" and out == ""
    with pytest.raises(CardoddsError, match=f"^opponents {HEURISTIC}$"):
        cardodds.advise.tan(str(state), opponents=json.loads(bad), games=10)
    from cardodds.sim.tan.strategies import Heuristic, Tuned

    with pytest.raises(CardoddsError, match=f"^{HEURISTIC}$"):
        Heuristic(take_max_table=99)  # the class itself: every path builds one
    with pytest.raises(CardoddsError, match=r"^tuned: knob 'pair_bonus' = 1000000 is out of its range 0\.\.12$"):
        Tuned(pair_bonus=10**6)
    from cardodds.sim.chan.strategies import CuocSeeker

    with pytest.raises(CardoddsError, match=r"^cuoc: knob 'w_wide' must be a number \(0\.\.2\), not nan$"):
        CuocSeeker(w_wide=math.nan)


def test_a_search_budget_may_go_past_the_tuners_grid_up_to_its_limit():
    """``limits``: a config may ask the Tấn expert for more worlds than the tuner tries (1..64), up to 1024."""
    from cardodds.sim.tan.players import make_strategy

    assert make_strategy({"name": "expert", "worlds": 128}).worlds == 128
    with pytest.raises(CardoddsError, match=r"expert: knob 'worlds' = 1025 is out of its range 1\.\.1024"):
        make_strategy({"name": "expert", "worlds": 1025})
    from cardodds.sim.chan.players import make_strategy as chan_player

    assert chan_player({"name": "expert", "z": math.inf}).z == math.inf  # documented: plays the base player exactly


def test_the_shipped_knobs_files_and_configs_pass():
    from cardodds.sim.chan.strategies import TUNED_FILE, CuocSeeker
    from cardodds.sim.players import tuned_knobs
    from cardodds.sim.tan.strategies import TABLE_FILES, Heuristic

    for cls, path in [(CuocSeeker, TUNED_FILE), *((Heuristic, p) for p in TABLE_FILES.values()),
                      (Heuristic, PACKAGE / "sim" / "tan" / "tuned.toml")]:
        cls(**tuned_knobs(cls, path))
    arms = [arm for config in shipped_experiments() for arm in load_arms(config)]
    assert len(arms) >= 80  # every arm of every shipped config builds its players
