"""The batch form of a Sâm user player (``decide_batch``, :mod:`cardodds.sim.sam.user_batch`): its arrays are the
learning-code form of the seat's position row by row, it plays the games its scalar twin plays, on the batch engine
and on the reference engine, and its misbehaviour is one line with the row's position."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from test_sam_batch import planted_quads
from user_batch_cases import (BAD_ANSWERS, CALLS, EXAMPLES, First, FirstBatch, RandomBatch, check_arrays, check_line,
                              check_same_seed, check_twins, example, misbehaving, same)

from cardodds.sim.knobs import Range, declared
from cardodds.sim.sam import env_batch, env_form
from cardodds.sim.sam.batch import play_batch
from cardodds.sim.sam.env_form import (OBSERVATION_PARTS, actions, batch_moves, batch_slices, observation_size,
                                       observation_slices)
from cardodds.sim.sam.hand import move_table
from cardodds.sim.sam.play_task import PlayParams, run_chunk
from cardodds.sim.sam.position import legal_moves
from cardodds.sim.sam.position_cut import walk
from cardodds.sim.sam.position_json import from_json
from cardodds.sim.sam.position_state import parse_move
from cardodds.sim.sam.reference import deal_games, play_game
from cardodds.sim.sam.rules import SamRules
from cardodds.sim.sam.strategies import Control
from cardodds.sim.sam.user_seat import UserSeat, position_of_view, user_strategy
from cardodds.sim.user_player import UserPlayer, UserPlayerError

RULES = {
    "4p": {},
    "2p": {"players": 2},
    "3p 3_to_a": {"players": 3, "straights": "3_to_a", "no_finish_on_two": False},
    "5p den_on_pass": {"players": 5, "den_on_pass": True, "quad_beats": ("single_two", "lower_quad", "pair_two"),
                       "play_on_after_failed_sam": True},
}


def _rules(name):
    return SamRules(**RULES[name])


class Declares(RandomBatch):
    """``RandomBatch`` that declares Sâm with two 2s."""

    def declare(self, view, rng):
        return view["hand"].count("2") >= 2


class Chops(Declares):
    """A tứ quý whenever one may beat the play (a chặt), else a legal action at random; declares Sâm with two 2s."""

    def decide_batch(self, observations, masks, rng):
        quad = batch_moves(masks)["need"].max(axis=1) == 4
        chop = (masks == 1) & quad & (masks[:, -1:] == 1)
        return np.where(chop.any(axis=1), chop.argmax(axis=1), super().decide_batch(observations, masks, rng))


SEEN: list = []


class Checking(UserSeat):
    """A user seat that checks, before deciding, each deciding row's arrays against its position."""

    def choose(self, view, legal, may_pass, rng=None):
        rows = np.flatnonzero(legal.any(1))
        positions = [position_of_view(view, int(r)) for r in rows]
        if positions:
            check_arrays(env_batch.observations(view, rows), env_batch.legal_masks(legal, may_pass, rows), positions,
                         env_form, legal_moves)
        SEEN.extend(positions)
        return super().choose(view, legal, may_pass, rng)


def _checking(player):
    return Checking(player=player, declare="user" if hasattr(player, "declare") else "never")


@pytest.mark.parametrize("name", list(RULES))
def test_the_arrays_are_observe_and_legal_moves_of_each_rows_position(name):
    rules = _rules(name)
    SEEN.clear()
    cards, leader = planted_quads(150, rules.players, 7, seats=(0, 1))  # a chặt may be answered: chains
    others = (Control(),) * (rules.players - 1)
    play_batch(rules, cards, leader, (_checking(Chops()),) * rules.players, rng=np.random.default_rng(1))
    play_batch(rules, cards, leader, (_checking(FirstBatch()),) + others, rng=np.random.default_rng(2))
    for k in range(5):  # the reference engine's views too (a batch of one)
        play_game(cards[k], int(leader[k]), rules, [_checking(Declares())] * rules.players, np.random.default_rng(k))
    assert len(SEEN) > 2000
    assert {p.seat for p in SEEN} == set(range(rules.players))
    assert any(p.to_beat is None for p in SEEN) and any(p.to_beat is not None for p in SEEN)
    if rules.players > 2:  # two players: a pass ends the round
        assert any(p.passed for p in SEEN)
    for what in ("chain", "den", "declarer"):
        assert any(getattr(p, what) is not None for p in SEEN), what
    assert any(p.sam_standing for p in SEEN) and any(1 in p.counts for p in SEEN)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_observation_parts_cover_the_vector(players):
    rules = SamRules(players=players)
    part = observation_slices(players)
    assert list(part) == list(OBSERVATION_PARTS) and part["hand"].start == 0
    assert all(part[a].stop == part[b].start for a, b in itertools.pairwise(OBSERVATION_PARTS))
    assert part["bao_1"].stop == observation_size(rules) and part["played"].stop - part["played"].start == 52 * players
    assert batch_slices(np.zeros((3, observation_size(rules)), np.float32)) == part


@pytest.mark.parametrize("straights", ["a23_to_qka", "3_to_a"])
def test_batch_moves_describe_each_action(straights):
    rules = SamRules(straights=straights)
    names = actions(rules)
    move = batch_moves(np.zeros((2, len(names)), np.int8))
    assert move["length"][-1] == 0 and not move["two"][-1] and names[-1] == "pass"
    for a, text in enumerate(names[:-1]):
        ranks = text.replace("-", " ").split()
        assert move["length"][a] == len(ranks) and move["two"][a] == ("2" in ranks)
        assert move["straight"][a] == ("-" in text) and move["need"][a].sum() == len(ranks)
        assert parse_move(move_table(rules), text) == a


def _counts(rules, player, seed=3, n=200):
    seats = (user_strategy(player),) + (Control(),) * (rules.players - 1)
    return run_chunk(PlayParams(rules, seats), np.random.SeedSequence(seed), n)


@pytest.mark.parametrize("name", list(RULES))
def test_a_batch_player_plays_the_games_of_its_scalar_twin(name):
    rules = _rules(name)
    check_twins(lambda player: _counts(rules, player), ("sam_keep_twos", "KeepTwos"),
                ("sam_keep_twos_batch", "KeepTwosBatch"), "until", (0, 3, 10))
    assert max(CALLS) > 20


def test_the_reference_engine_and_a_replay_ask_a_batch_only_player_as_a_batch_of_one():
    class OnlyBatch(UserPlayer):  # FirstBatch without decide
        deterministic = True
        decide_batch = FirstBatch.decide_batch

    rules = SamRules()
    cards, leader = deal_games(np.random.default_rng(5), 40, rules)
    strategies = [user_strategy(OnlyBatch()), Control(), Control(), Control()]
    b = play_batch(rules, cards, leader, strategies)
    for k in range(40):
        res = play_game(cards[k], int(leader[k]), rules, strategies)
        assert (res.winner, res.pay.tolist()) == (b.winner[k], b.pay[k].tolist())
    replayed = [p for p, _ in walk(4, rules, strategies) if p.seat == 0]  # the reference engine (deterministic)
    scalar = [p for p, _ in walk(4, rules, [user_strategy(First())] + strategies[1:]) if p.seat == 0]
    assert replayed and replayed == scalar
    random = [user_strategy(RandomBatch())] + strategies[1:]
    assert [m for _, m in walk(6, rules, random)] == [m for _, m in walk(6, rules, random)]  # recorded from a chunk


def test_same_seed_same_numbers_for_a_player_drawing_from_its_rng():
    rules = SamRules(players=3)
    check_same_seed(lambda player, seed: _counts(rules, player, seed=seed))
    # an engine given no generator: one seeded from each call's arrays, the same games again
    cards, leader = deal_games(np.random.default_rng(2), 100, rules)
    games = [play_batch(rules, cards, leader, [user_strategy(RandomBatch()), Control(), Control()]) for _ in "ab"]
    assert np.array_equal(games[0].pay, games[1].pay) and np.array_equal(games[0].winner, games[1].winner)
    first = play_batch(rules, cards, leader, [user_strategy(FirstBatch()), Control(), Control()])
    assert not np.array_equal(games[0].pay, first.pay)


def _bad_player(bad):
    class Bad(UserPlayer):
        def decide_batch(self, observations, masks, rng):
            if masks[:, -1].max() == 0:
                return masks.argmax(axis=1)  # misbehaves at beats only
            return misbehaving(bad, masks)

    return Bad()


@pytest.mark.parametrize("bad,said", BAD_ANSWERS)
def test_a_misbehaving_batch_player_is_one_line_with_the_rows_position(bad, said):
    rules = SamRules()
    seats = (Control(), user_strategy(_bad_player(bad)), Control(), Control())
    with pytest.raises(UserPlayerError) as e:
        run_chunk(PlayParams(rules, seats), np.random.SeedSequence(1), 30)
    position = from_json(e.value.position)
    text = check_line(e.value, "sam", 1, bad, said.format(first="3"), legal_moves(position))
    assert position.seat == 1 and position.to_beat is not None and ", beat decision" in text
    if bad == "illegal":  # every row is bad: the first one is named
        assert "beat decision (row 0 of " in text


def test_the_docs_batch_example_plays_and_declares_its_knob():
    path = EXAMPLES / "sam_keep_twos_batch.py"
    assert len(path.read_text(encoding="utf-8").splitlines()) <= 30
    cls = example("sam_keep_twos_batch", "KeepTwosBatch")
    assert isinstance(declared(cls)["until"], Range) and cls().until == 3
    counts = [_counts(SamRules(players=3), cls(until=u), n=100) for u in (0, 10)]
    assert all(c["games"] == 100 for c in counts) and not same(*counts)  # the knob changes the play


def test_a_run_gives_the_same_numbers_on_one_and_two_workers(tmp_path, capsys):
    from cardodds.cli import main

    (tmp_path / "mine.py").write_text(
        "from cardodds import UserPlayer\n\n\nclass Random(UserPlayer):\n"
        "    def decide_batch(self, observations, masks, rng):\n"
        "        return (rng.random(masks.shape) * masks).argmax(axis=1)\n", encoding="utf-8")
    path = tmp_path / "exp.toml"
    path.write_text('[experiment]\nname = "b"\ntask = "sam.play"\ngames = 400\nchunk_size = 100\nseed = 5\n'
                    '[strategies]\nseats = [{python = "mine.py:Random"}, "control", "control", "control"]\n')
    for jobs in ("1", "2"):
        assert main(["run", str(path), "--out", str(tmp_path / jobs), "--jobs", jobs]) == 0
    capsys.readouterr()
    assert (tmp_path / "1" / "summary.csv").read_text() == (tmp_path / "2" / "summary.csv").read_text()
