"""The ``tuned`` Chắn rung: the cước-seeker with the knobs ``cardodds tune`` wrote to ``src/cardodds/sim/chan/tuned.toml``."""

import dataclasses
import tomllib

import pytest

from cardodds.sim.chan.strategies import TUNED_FILE, CuocSeeker, Tuned
from cardodds.sim.chan.players import STRATEGIES, make_strategy
from cardodds.sim.errors import CardoddsError


def _file():
    return tomllib.loads(TUNED_FILE.read_text(encoding="utf-8"))


def _values(strategy) -> dict:
    return {f.name: getattr(strategy, f.name) for f in dataclasses.fields(strategy)}


def test_tuned_is_the_cuoc_seeker_with_the_files_knobs_and_nothing_else():
    doc = _file()
    assert doc["strategy"] == "cuoc" and set(doc["knobs"]) <= set(CuocSeeker.knobs)
    tuned = make_strategy("tuned")
    assert STRATEGIES["tuned"] is Tuned and isinstance(tuned, CuocSeeker) and tuned.name == "tuned"
    # every field as cuoc has it, but for the file's knobs
    assert _values(tuned) == _values(CuocSeeker(**doc["knobs"]))
    cuoc = _values(CuocSeeker())
    differs = {k for k, v in _values(tuned).items() if v != cuoc[k]}
    assert differs <= set(doc["knobs"])
    assert tuned != CuocSeeker(**doc["knobs"])  # a rung of its own, never equal to a cuoc player


def test_tuned_takes_overrides_and_checks_them_as_cuoc_does():
    tuned = make_strategy({"name": "tuned", "bach_thu": 1})
    assert tuned.bach_thu == 1 and type(tuned) is Tuned
    with pytest.raises(CardoddsError):
        make_strategy({"name": "tuned", "bach_thu": 9})


def test_a_config_may_name_the_knobs_file_the_tuner_wrote(tmp_path):
    """``{file = "…"}`` plays the file's strategy with its knobs (other keys override them), as in Tấn."""
    path = tmp_path / "knobs.toml"
    path.write_text('strategy = "cuoc"\n[knobs]\ntam_do = 8\nbach_thu = 0\n', encoding="utf-8")
    player = make_strategy({"file": str(path)})
    assert type(player) is CuocSeeker and player.tam_do == 8 and player.bach_thu == 0
    assert make_strategy({"file": str(path), "bach_thu": 2}).bach_thu == 2
    with pytest.raises(CardoddsError, match="holds knobs of 'cuoc', not of 'heuristic'"):
        make_strategy({"file": str(path), "name": "heuristic"})
    with pytest.raises(CardoddsError, match="cannot read the knobs file"):
        make_strategy({"file": str(tmp_path / "none.toml")})
