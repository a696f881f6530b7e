"""The batch form of a Tấn user player (``decide_batch``, :mod:`cardodds.sim.tan.user_batch`): its arrays are the
learning-code form of the seat's position row by row, it plays the games its scalar twin plays, and its misbehaviour
is one line."""

import numpy as np
import pytest
from user_batch_cases import (BAD_ANSWERS, EXAMPLES, FirstBatch, RandomBatch, check_arrays, check_line, check_same_seed,
                              check_twins, misbehaving)
from user_batch_cases import example as _example

from cardodds.sim.knobs import Range, declared
from cardodds.sim.streams import PLAY, chunk_seed, stream
from cardodds.sim.tan import env_batch, env_form
from cardodds.sim.tan.batch import play_batch
from cardodds.sim.tan.batch_rows import deciding_rows, rows_of
from cardodds.sim.tan.deal import deal_chunk
from cardodds.sim.tan.env_form import OBSERVATION_PARTS, actions, batch_slices, observation_size, observation_slices
from cardodds.sim.tan.play_task import TanParams, run_chunk
from cardodds.sim.tan.position_cut import view_position
from cardodds.sim.tan.position_json import from_json
from cardodds.sim.tan.position_state import legal_moves
from cardodds.sim.tan.reference import TanGame
from cardodds.sim.tan.rules import TanRules
from cardodds.sim.tan.strategies import Basic
from cardodds.sim.tan.user_seat import UserSeat, user_strategy
from cardodds.sim.user_player import UserPlayer, UserPlayerError

RULES = {
    "4p52": {},
    "2p36": {"players": 2, "deck": 36, "hand_size": 6},
    "3p36 throw-in": {"players": 3, "deck": 36, "hand_size": 6, "throw_in_after_take": True},
    "5p52 refill": {"players": 5, "defender_runs_out": "others_may_continue", "trump_exchange": "two_only"},
}


def _rules(name):
    return TanRules.from_table(RULES[name], "test")


class Checking(UserSeat):
    """A user seat that checks, before deciding, each deciding row's arrays against its position."""

    def _rows(self, v, kind):
        rows = deciding_rows(v)
        dec = env_batch.decisions(v, rows, kind)
        positions = [view_position(row, kind) for row in rows_of(v, rows, kind)]
        if positions:
            check_arrays(env_batch.observations(v, rows, dec), env_batch.legal_masks(v, rows, dec), positions,
                         env_form, legal_moves)
        SEEN.extend(positions)
        return super()._rows(v, kind)


SEEN: list = []


@pytest.mark.parametrize("name", list(RULES))
def test_the_arrays_are_observe_and_legal_moves_of_each_rows_position(name):
    rules = _rules(name)
    SEEN.clear()
    seq = chunk_seed(7, 0)
    orders, first = deal_chunk(rules, seq, 30)
    others = (Basic(),) * (rules.players - 1)
    play_batch(rules, orders, first, (Checking(RandomBatch()),) * rules.players, rng=stream(seq, PLAY), check=True)
    play_batch(rules, orders, first, (Checking(FirstBatch()),) + others, rng=stream(seq, PLAY), check=True)
    assert len(SEEN) > 500
    assert {p.decision for p in SEEN} == {"attack", "add", "defend"}
    assert {p.seat for p in SEEN} == set(range(rules.players))
    assert any(p.known != ((),) * rules.players for p in SEEN)
    assert any(p.bottom < 0 for p in SEEN)
    if rules.players > 2:  # two players: one adder, whose pass ends the bout; the first out ends the game
        assert any(p.passes for p in SEEN) and any(any(p.out) for p in SEEN)
    if rules.throw_in_after_take:
        assert any(p.taking for p in SEEN)


@pytest.mark.parametrize("name", list(RULES))
def test_the_observation_parts_cover_the_vector(name):
    rules = _rules(name)
    part = observation_slices(rules.deck, rules.players)
    assert list(part) == list(OBSERVATION_PARTS) and part["hand"].start == 0
    assert all(part[a].stop == part[b].start for a, b in zip(OBSERVATION_PARTS, OBSERVATION_PARTS[1:]))
    assert part["taking"].stop == observation_size(rules) and part["known"].stop - part["known"].start == \
        rules.players * rules.deck
    arrays = np.zeros((3, observation_size(rules)), np.float32), np.zeros((3, len(actions(rules))), np.int8)
    assert batch_slices(*arrays) == part


def _counts(rules, player, seed=3, n=150):
    seats = (user_strategy(player),) + (Basic(),) * (rules.players - 1)
    return run_chunk(TanParams(rules, seats), chunk_seed(seed, 0), n)


@pytest.mark.parametrize("name", list(RULES))
def test_a_batch_player_plays_the_games_of_its_scalar_twin(name):
    rules = _rules(name)
    check_twins(lambda player: _counts(rules, player), ("tan_take_early", "TakeEarly"),
                ("tan_take_early_batch", "TakeEarlyBatch"), "take_above", (0, 8))
    early, batch = _example("tan_take_early", "TakeEarly"), _example("tan_take_early_batch", "TakeEarlyBatch")
    # the reference engine (replays, play-outs) asks a batch-only player as a batch of one: the same games again
    orders, first = deal_chunk(rules, chunk_seed(4, 0), 8)
    others = (Basic(),) * (rules.players - 1)
    outcomes = [[(o.loser, o.bouts, o.pickups) for o in (
        TanGame(rules, orders[g], int(first[g]), (user_strategy(p),) + others, check=True).play() for g in range(8))]
        for p in (early(), batch())]
    assert outcomes[0] == outcomes[1]


def test_same_seed_same_numbers_for_a_player_drawing_from_its_rng():
    rules = _rules("4p52")
    check_same_seed(lambda player, seed: _counts(rules, player, seed=seed))


def _bad_player(bad):
    class Bad(UserPlayer):
        def decide(self, view, legal, rng):
            return legal[0]

        def decide_batch(self, observations, masks, rng):
            first = masks.argmax(axis=1)
            if observations[:, batch_slices(observations, masks)["decision"]].argmax(axis=1).max() < 2:
                return first  # misbehaves at defences only
            return misbehaving(bad, masks)

    return Bad()


@pytest.mark.parametrize("bad,said", BAD_ANSWERS)
def test_a_misbehaving_batch_player_is_one_line_with_the_rows_position(bad, said):
    rules = _rules("4p52")
    orders, first = deal_chunk(rules, chunk_seed(1, 0), 20)
    seats = (Basic(), user_strategy(_bad_player(bad))) + (Basic(),) * 2
    with pytest.raises(UserPlayerError) as e:
        play_batch(rules, orders, first, seats, rng=stream(chunk_seed(1, 0), PLAY), check=True)
    position = from_json(e.value.position)
    text = check_line(e.value, "tan", 1, bad, said.format(first="2s"), legal_moves(position))
    assert position.seat == 1
    if bad == "illegal":  # the row named is the first bad one, its position the one carried
        assert position.decision == "defend" and "defend decision (row " in text


def test_the_docs_batch_example_plays_and_declares_its_knob():
    path = EXAMPLES / "tan_take_early_batch.py"
    assert len(path.read_text(encoding="utf-8").splitlines()) <= 30
    cls = _example("tan_take_early_batch", "TakeEarlyBatch")
    assert isinstance(declared(cls)["take_above"], Range) and cls().take_above == 8
    counts = _counts(_rules("2p36"), cls(take_above=3), n=40)
    assert counts["games"] == 40


class SureFirstBatch(FirstBatch):
    """``FirstBatch`` declared deterministic: its long games go to the reference engine, periods skipped."""

    deterministic = True


def test_a_deterministic_player_plays_the_same_games_with_long_ones_handed_off():
    rules = _rules("4p52")
    seq = chunk_seed(1, 10_000)  # these 3,000 deals hold two games that cycle until max_bouts
    orders, first = deal_chunk(rules, seq, 3000)
    others = (Basic(),) * 3
    results = [play_batch(rules, orders, first, (user_strategy(p),) + others, rng=stream(seq, PLAY))
               for p in (FirstBatch(), SureFirstBatch())]
    assert results[0].truncated.sum() >= 1 and results[1].steps < results[0].steps / 5
    for field in ("loser", "draw", "truncated", "bouts", "pickups", "first_attacker"):
        assert np.array_equal(getattr(results[0], field), getattr(results[1], field)), field
    assert not user_strategy(FirstBatch()).deterministic and user_strategy(SureFirstBatch()).deterministic
