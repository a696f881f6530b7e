"""One conformance suite over every game and every registered player (in the spirit of pgx's api_test and
scikit-learn's common estimator checks).

For each game (Chắn, Sâm, Tấn) × each player of its registry:

- every knob's every value (a ``Range``'s ends and middle, every ``Choice``) builds and validates, and a bad value
  gives a one-line ``CardoddsError`` whatever path builds the player (``cardodds.sim.conformance.check_player_knobs``,
  over every game of the registry);
- reference games with the player seated make legal moves only, conserve the cards and pay zero-sum (each game's own
  independent log checker, from ``tests/test_properties.py``);
- the batch engine plays game for game as the reference engine (deterministic players);
- the compiled engine plays game for game as the numpy batch engine (every player with a compiled form);
- ``cardodds replay GAME --seed S`` is the first game ``cardodds run`` plays with seed S;
- same information ⇒ same decision: a player whose hidden cards are dealt differently decides the same;
- ``cardodds tune`` with the player at the tuned seat runs (a tiny budget) or stops with a one-line error.

A new game joins by declaring its parts (``GameSpec.conformance``: rule tables, slow players' small knobs, how its
engines compare); a new player joins by registering.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

from cardodds.sim import conformance
from cardodds.sim.conformance import (
    check_batch_equals_reference,
    check_compiled_equals_batch,
    check_legal_play,
    check_player_knobs,
    check_replay_is_run,
    check_same_information,
    checked_players,
    compiled_players,
    is_slow,
    knob_players,
    player_table,
    seat_tables,
)
from cardodds.sim.errors import CardoddsError
from cardodds.sim.games import game as game_spec
from cardodds.sim.games import game_names
from cardodds.sim.knobs import Choice, check_knobs, current, declared
from cardodds.sim.turns import player_registry


def registry(game: str) -> tuple[dict, callable]:
    """``(STRATEGIES, make)`` of ``game``: its spec's players and its registry's factory."""
    return game_spec(game).hook("players"), player_registry(game).make


CASES = [(g, name) for g in game_names() for name in checked_players(g)]
"""Every player of every registered game that declares its conformance parts (``GameSpec.conformance``)."""


def _ids(cases):
    return [f"{g}-{n}" for g, n in cases]


def spec(game: str, name: str) -> dict:
    return player_table(game, name)


def player(game: str, name: str):
    return registry(game)[1](spec(game, name))


def seat_specs(game: str, name: str, players: int = 4) -> list:
    return seat_tables(game, name, players)


def assert_one_line(exc: CardoddsError) -> None:
    message = str(exc)
    assert message.strip() and "\n" not in message and "\r" not in message, repr(message)


# --- knobs ----------------------------------------------------------------------------------------------------------


def knob_values(knob) -> list:
    """A ``Range``'s ends and middle, or every value of a ``Choice``."""
    if isinstance(knob, Choice):
        return list(knob.options)
    mid = (knob.lo + knob.hi) // 2 if knob.integer else (knob.lo + knob.hi) / 2
    lo, hi = (int(knob.lo), int(knob.hi)) if knob.integer else (float(knob.lo), float(knob.hi))
    return [lo, mid, hi]


@pytest.mark.parametrize("game,name", CASES, ids=_ids(CASES))
def test_every_knob_value_builds_and_validates(game, name):
    strategies, make = registry(game)
    space = declared(strategies[name])
    check_knobs(strategies[name], current(player(game, name)), "test")
    for knob, kind in space.items():
        for value in knob_values(kind):
            built = make({**spec(game, name), knob: value})
            assert getattr(built, knob) == value and type(built) is strategies[name], (knob, value)
            check_knobs(type(built), current(built), "test")


KNOB_CASES = [(g, name) for g in game_names() for name in knob_players(g)]


@pytest.mark.parametrize("game,name", KNOB_CASES, ids=_ids(KNOB_CASES))
def test_a_bad_knob_value_is_refused_when_the_player_is_built(game, name):
    """Issue 35 item 8: every knob's range and choices hold on every path that builds a player (the registry's
    tables and the class itself), with one line naming the player, the knob, the value and what is allowed."""
    check_player_knobs(game, name)


# --- played games ---------------------------------------------------------------------------------------------------


VARIANT_CASES = [(g, name, v) for g, name in CASES for v in range(len(conformance.forms(g).VARIANTS))]
"""Every checked player under each rule table its game declares (``VARIANTS``)."""
VARIANT_IDS = [f"{g}-{n}-{v}" for g, n, v in VARIANT_CASES]


@pytest.mark.parametrize("game,name,variant", VARIANT_CASES, ids=VARIANT_IDS)
def test_legal_moves_only_cards_conserved_payments_zero_sum(game, name, variant):
    check_legal_play(game, name, variant)


DETERMINISTIC = [(g, n, v) for g, n, v in VARIANT_CASES if getattr(registry(g)[0][n], "deterministic", False)]


@pytest.mark.parametrize("game,name,variant", DETERMINISTIC, ids=[f"{g}-{n}-{v}" for g, n, v in DETERMINISTIC])
def test_batch_engine_equals_reference_engine(game, name, variant):
    check_batch_equals_reference(game, name, variant)


COMPILED = [(g, n, v) for g, n, v in VARIANT_CASES if n in compiled_players(g)]


@pytest.mark.parametrize("game,name,variant", COMPILED, ids=[f"{g}-{n}-{v}" for g, n, v in COMPILED])
def test_compiled_engine_equals_numpy_engine(game, name, variant):
    """Every registered player with a compiled form (``compiled_form``) plays the same games on both engines."""
    pytest.importorskip("numba")
    check_compiled_equals_batch(game, name, variant)


@pytest.mark.parametrize("game,name,variant", VARIANT_CASES, ids=VARIANT_IDS)
def test_replay_of_seed_s_is_the_runs_first_game(game, name, variant):
    check_replay_is_run(game, name, variant)


@pytest.mark.parametrize("game,name", CASES, ids=_ids(CASES))
def test_same_information_same_decision(game, name):
    check_same_information(game, name)


# --- cardodds tune --------------------------------------------------------------------------------------------------

TUNE_TABLE = """[experiment]
name = "conformance"
task = "{game}.play"
games = {games}
chunk_size = {chunk}
[strategies]
seats = [{seats}]
"""


def _toml(spec: dict) -> str:
    return "{" + ", ".join(f"{k} = {json.dumps(v)}" for k, v in spec.items()) + "}"


def _tune_chunks(values: int) -> int:
    """The fewest chunks with which ``cardodds tune`` races ``values`` candidates once (its first race)."""
    from cardodds.analysis.tune import FIRST_CHUNKS

    chunks = 2 * FIRST_CHUNKS
    while chunks - 2 * max(chunks // 8, 2) < FIRST_CHUNKS * max(values, 2):
        chunks += 1
    return chunks


@pytest.mark.parametrize("game,name", CASES, ids=_ids(CASES))
def test_tune_runs_with_the_player_at_the_tuned_seat_or_stops_with_one_line(game, name, tmp_path):
    from cardodds.analysis.tune import FIRST_CHUNKS, tune

    strategies, _ = registry(game)
    space = {k: v for k, v in declared(strategies[name]).items() if not getattr(v, "series", False)}
    slow = is_slow(game, name)  # a slow player: the smallest budget tune takes, too small to race its knob
    size = (lambda k: -len(space[k].values())) if slow else (lambda k: len(space[k].values()))
    knob = min(space, key=size, default=None)  # fast: the knob of fewest candidates, raced once
    values = 0 if slow else len(space[knob].values()) if knob else 2
    chunk = 1 if slow else 10
    config = tmp_path / "table.toml"
    config.write_text(TUNE_TABLE.format(game=game, games=_tune_chunks(values) * chunk, chunk=chunk,
                                        seats=", ".join(_toml(s) for s in seat_specs(game, name))))
    try:
        result = tune(config, knobs=[knob] if knob else None, folder=tmp_path / "runs", progress=False)
    except CardoddsError as exc:
        assert_one_line(exc)
        assert not space, f"{game} {name} declares {list(space)} but is not tuned: {exc}"
        return
    assert space, f"{game} {name} was tuned"
    assert (result["strategy"], set(result["start"]), set(result["knobs"])) == (name, set(space), set(space))
    assert result["search_games"] >= FIRST_CHUNKS * values * chunk  # a fast player's knob was raced
    assert result["validation_games"] > 0 and np.isfinite(result["start_value"])
