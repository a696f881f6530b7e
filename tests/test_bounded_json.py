"""Issue 35 item 7: every JSON a user hands us is read by one bounded reader (:mod:`cardodds.sim.bounded_json`);
an experiment file's TOML is held to the same bounds.

The probe's cases — a position or ``--opponents`` nested ~1,000+ deep, an integer of more than 4,300 digits in a
state or a ``--set``, ``--set 'table.².0=x'`` — gave tracebacks (``RecursionError``, ``ValueError: Exceeds the
limit``) from the command line and the Python API.  Each is one line and exit 2 (the command), one line of
``CardoddsError`` (Python), before any work.
"""

from __future__ import annotations

import json

import pytest

import cardodds
from cardodds.advise import position_at
from cardodds.cli import main
from cardodds.sim.bounded_json import MAX_DEPTH, NotJson, check_value, loads
from cardodds.sim.errors import CardoddsError

BIG = "9" * 5000
"""An integer Python refuses to read (4,300 digits at most) — and far past the reader's 100."""
DEEP = "[" * 3000 + "]" * 3000
"""Nested past Python's recursion limit: json.loads raised RecursionError."""
HALF_DEEP = "[" * 900 + "]" * 900
"""Read by json.loads, then too deep for whatever walked it (repr in an error message)."""


def _deep(n: int) -> list:
    value: list = []
    for _ in range(n):
        value = [value]
    return value


@pytest.fixture(scope="module")
def positions() -> dict:
    """A real position of each game (the 3rd decision of seed 1, default players), as JSON."""
    return {name: position_at(name, 1, 3) for name in ("tan", "sam", "chan")}


def _file(tmp_path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def _with(position: dict, key: str, raw: str) -> str:
    """The position's JSON text with ``key`` set to the raw JSON text ``raw``."""
    return json.dumps({**position, key: None}).replace(f'"{key}": null', f'"{key}": {raw}')


def _one_line_exit_2(capsys, argv) -> str:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.startswith("cardodds: error: ") and err.count("\n") == 1, err
    return err


@pytest.mark.parametrize("game", ["tan", "sam", "chan"])
@pytest.mark.parametrize("raw, message", [
    (DEEP, "is nested more than 100 deep"),
    (HALF_DEEP, "is nested more than 100 deep"),
    (BIG, "has an integer of 5,000 digits (at most 100)"),
], ids=["deep", "half-deep", "big"])
def test_a_position_file_out_of_bounds_is_one_line(capsys, tmp_path, positions, game, raw, message):
    path = _file(tmp_path, "p.json", _with(positions[game], "hand", raw))
    assert _one_line_exit_2(capsys, ["advise", game, "--state", path, "--games", 10]) == \
        f"cardodds: error: {path}: {message}\n"
    assert message in _one_line_exit_2(capsys, ["odds", game, "--state", path, "--games", 10])


@pytest.mark.parametrize("argv, message", [
    (["--opponents", '{"name": ' * 2000 + '"x"' + "}" * 2000], "--opponents: is nested more than 100 deep"),
    (["--opponents", '{"name": "tuned", "x": ' + BIG + "}"], "--opponents: has an integer of 5,000 digits"),
    (["--set", "table.².0=x"], "--set table.².0: '²' is not a place in a list of 1"),
    (["--set", f"table.{BIG}.0=x"], "is not a place in a list of 1"),
    (["--set", f"stock={BIG}"], "--set stock: has an integer of 5,000 digits (at most 100)"),
    (["--set", f"stock={DEEP}"], "--set stock: is nested more than 100 deep"),
    (["--set", "a\nb=1"], "unknown key 'a\\nb'"),
], ids=["opponents-deep", "opponents-big", "set-unicode-digit", "set-big-index", "set-big", "set-deep", "set-newline"])
def test_opponents_and_set_out_of_bounds_are_one_line(capsys, tmp_path, positions, argv, message):
    path = _file(tmp_path, "tan.json", json.dumps(positions["tan"]))
    assert positions["tan"]["table"] and len(positions["tan"]["table"]) == 1  # the list --set walks into
    err = _one_line_exit_2(capsys, ["advise", "tan", "--state", path, "--games", 10, *argv])
    assert message in err and len(err) < 400  # the 5,000 digits are not echoed back


def test_a_set_value_that_is_not_json_is_still_text(capsys, tmp_path, positions):
    """``NaN`` is no JSON value: as a ``--set`` VALUE it is text (here not a card), as before."""
    path = _file(tmp_path, "tan.json", json.dumps(positions["tan"]))
    assert "'NaN' is not a card" in _one_line_exit_2(capsys, ["advise", "tan", "--state", path, "--set", "hand=NaN"])


def test_a_hand_opponents_table_of_sam_is_refused_as_a_number(capsys):
    """``odds sam --hand`` takes a count of opponents: a JSON table there was an AttributeError."""
    err = _one_line_exit_2(capsys, ["odds", "sam", "--hand", "3s 4s 5h 6d 7c 8s 9s 10h Jd Kd",
                                    "--opponents", '{"name": "expert"}'])
    assert "--opponents must be a whole number from 1 to 4, not {'name': 'expert'}" in err


def test_a_move_log_out_of_bounds_is_one_line(capsys, tmp_path):
    path = _file(tmp_path, "log.json", '{"format": ' + BIG + "}")
    assert _one_line_exit_2(capsys, ["check", "chan", path]) == \
        f"cardodds: error: {path}: has an integer of 5,000 digits (at most 100)\n"


@pytest.mark.parametrize("value, message", [
    (BIG, "has an integer of more than 4,300 digits"),
    ("[" * 3000 + "]" * 3000, "is nested too deep"),
    ("[" * 150 + "]" * 150, "is nested more than 100 deep"),
], ids=["big", "deep", "half-deep"])
def test_an_experiment_file_out_of_bounds_is_one_line(capsys, tmp_path, value, message):
    """The experiment file's TOML reader had the same two tracebacks (ValueError, RecursionError)."""
    path = _file(tmp_path, "x.toml", f'[experiment]\nname = "x"\ntask = "tan.play"\ngames = 100\nx = {value}\n')
    assert _one_line_exit_2(capsys, ["run", path, "--out", tmp_path / "out"]) == f"cardodds: error: {path}: {message}\n"
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("value, message", [
    (BIG, "has an integer of more than 4,300 digits"),
    ("[" * 3000 + "]" * 3000, "is nested too deep"),
], ids=["big", "deep"])
def test_a_knobs_file_out_of_bounds_is_one_line(capsys, tmp_path, value, message):
    """A knobs file (``file = …`` beside a player's name) is read by the same TOML reader as the experiment."""
    knobs = _file(tmp_path, "k.toml", f'strategy = "heuristic"\n[knobs]\ntake_max_table = {value}\n')
    path = _file(tmp_path, "x.toml", '[experiment]\nname = "x"\ntask = "tan.play"\ngames = 100\n[rules]\nplayers = 2\n'
                 f'[strategies]\nseats = [{{name = "heuristic", file = "{knobs}"}}, "basic"]\n')
    said = _one_line_exit_2(capsys, ["run", path, "--out", tmp_path / "out"])
    assert said == f"cardodds: error: {path} [strategies] seats[0]: the knobs file {knobs}: {message}\n"
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("game", ["tan", "sam", "chan"])
@pytest.mark.parametrize("value, message", [
    (_deep(5000), "state: is nested more than 100 deep"),
    (_deep(150), "state: is nested more than 100 deep"),
    (10**5000, "state: has an integer of more than 100 digits"),
], ids=["deep", "half-deep", "big"])
def test_the_api_refuses_a_state_out_of_bounds(positions, game, value, message):
    with pytest.raises(CardoddsError) as info:
        getattr(cardodds.advise, game)({**positions[game], "hand": value}, games=10)
    assert str(info.value) == message
    with pytest.raises(CardoddsError, match=message):
        getattr(cardodds.odds, game)(state={**positions[game], "hand": value}, games=10)


@pytest.mark.parametrize("game", ["tan", "sam", "chan"])
@pytest.mark.parametrize("key", ["hand", "seat", "rules"])
@pytest.mark.parametrize("value", [_deep(5000), 10**5000], ids=["deep", "big"])
def test_a_positions_own_message_never_recurses_nor_writes_a_huge_integer(positions, game, key, value):
    """``from_json`` of each game words a bad value with :func:`~cardodds.sim.arguments.shown`: the message of a
    value 5,000 deep or of 5,000 digits is one short line (it raised RecursionError or ValueError)."""
    from cardodds.sim.games import game as spec
    from cardodds.sim.position import position_module

    with pytest.raises(CardoddsError) as info:
        position_module(spec(game)).from_json({**positions[game], key: value})
    text = str(info.value)
    assert "\n" not in text and len(text) < 300
    assert ("[[[[...]]]]" if isinstance(value, list) else "<a whole number of about 5,001 digits>") in text


def test_the_reader_bounds():
    assert loads('{"a": [1, 2.5, "x", null, true]}', "t") == {"a": [1, 2.5, "x", None, True]}
    assert loads("[" * MAX_DEPTH + "]" * MAX_DEPTH, "t") == _deep(MAX_DEPTH - 1)
    with pytest.raises(CardoddsError, match="^t: is nested more than 100 deep$"):
        loads("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "t")
    assert loads("9" * 100, "t") == int("9" * 100) and loads("-" + "9" * 100, "t") == -int("9" * 100)
    with pytest.raises(CardoddsError, match=r"^t: has an integer of 101 digits \(at most 100\)$"):
        loads("-1" + "0" * 100, "t")
    for text in ("NaN", "[Infinity]", "{bad", ""):
        with pytest.raises(NotJson, match="^t: not valid JSON"):
            loads(text, "t")
    with pytest.raises(CardoddsError, match="^t: is not UTF-8 text"):
        loads(b"\xff{}", "t")
    with pytest.raises(CardoddsError, match="^t: is over 1 kB, too large$"):
        loads(b" " * 1025, "t", limit=1024)
    check_value({"k": [10**100 - 1, -(10**100) + 1]}, "t")
    with pytest.raises(CardoddsError, match="^t: has an integer of more than 100 digits$"):
        check_value({"k": [10**100]}, "t")


@pytest.mark.parametrize("game", ["tan", "sam", "chan"])
@pytest.mark.parametrize("opponents, message", [
    ({"name": _deep(5000)}, "opponents: is nested more than 100 deep"),
    ({"name": "tuned", "x": _deep(5000)}, "opponents: is nested more than 100 deep"),
    ({"name": "heuristic", "save_stock": 10**5000}, "opponents: has an integer of more than 100 digits"),
    ({"name": "tuned", 5: 1}, "unknown key '5'"),
], ids=["deep-name", "deep-knob", "big-knob", "int-key"])
def test_the_api_refuses_opponents_out_of_bounds(positions, game, opponents, message):
    """A player's table given to the Python API: RecursionError, OverflowError or TypeError before."""
    if opponents.get("name") == "tuned":
        opponents = {**opponents, "name": {"sam": "control"}.get(game, "tuned")}  # Sâm has no tuned rung
    with pytest.raises(CardoddsError) as info:
        getattr(cardodds.advise, game)(positions[game], opponents=opponents, games=10)
    assert message in str(info.value) and "\n" not in str(info.value)
