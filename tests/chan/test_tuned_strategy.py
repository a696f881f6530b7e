"""The ``tuned`` Chắn rung: the cước-seeker with the knobs ``cardodds tune`` wrote to ``sim/chan/tuned.toml``."""

import dataclasses
import tomllib

import pytest

from sim.chan.strategies import STRATEGIES, TUNED_FILE, CuocSeeker, Tuned, make_strategy
from sim.errors import CardoddsError


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
