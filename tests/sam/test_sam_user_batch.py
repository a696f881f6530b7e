"""The batch form of a Sâm user player (``decide_batch``, :mod:`cardodds.sim.sam.user_batch`): its arrays are the
learning-code form of the seat's position row by row, it plays the games its scalar twin plays, on the batch engine
and on the reference engine, and its misbehaviour is one line with the row's position."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest

from cardodds.sim.knobs import Range, declared
from cardodds.sim.sam import env_batch
from cardodds.sim.sam.batch import play_batch
from cardodds.sim.sam.hand import move_table
from cardodds.sim.sam.env_form import (OBSERVATION_PARTS, actions, batch_moves, batch_slices, observation_size,
                                       observation_slices, observe)
from cardodds.sim.sam.play_task import PlayParams, run_chunk
from cardodds.sim.sam.position import legal_moves
from cardodds.sim.sam.position_cut import walk
from cardodds.sim.sam.position_json import from_json, to_json
from cardodds.sim.sam.position_state import parse_move
from cardodds.sim.sam.reference import deal_games, play_game
from cardodds.sim.sam.rules import SamRules
from cardodds.sim.sam.strategies import Control, Greedy
from cardodds.sim.sam.user_seat import UserSeat, position_of_view, user_strategy
from cardodds.sim.user_player import UserPlayer, UserPlayerError

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
RULES = {
    "4p": {},
    "2p": {"players": 2},
    "3p 3_to_a": {"players": 3, "straights": "3_to_a", "no_finish_on_two": False},
    "5p den_on_pass": {"players": 5, "den_on_pass": True, "quad_beats": ("single_two", "lower_quad", "pair_two"),
                       "play_on_after_failed_sam": True},
}
CALLS: list = []


def _rules(name):
    return SamRules(**RULES[name])


def _example(name, cls):
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return getattr(module, cls)


class First(UserPlayer):
    def decide(self, view, legal, rng):
        return legal[0]


class FirstBatch(First):
    """``First`` with its batch form: the first legal action of each row (a move, in move id order, before pass)."""

    deterministic = True

    def decide_batch(self, observations, masks, rng):
        CALLS.append(masks.shape[0])
        return masks.argmax(axis=1)


class RandomBatch(UserPlayer):
    """A legal action at random from the call's generator; declares Sâm with two 2s (no ``decide``)."""

    def decide_batch(self, observations, masks, rng):
        return (rng.random(masks.shape) * masks).argmax(axis=1)

    def declare(self, view, rng):
        return view["hand"].count("2") >= 2


class Chops(RandomBatch):
    """A tứ quý whenever one may beat the play (a chặt), else a legal action at random."""

    def decide_batch(self, observations, masks, rng):
        quad = batch_moves(masks)["need"].max(axis=1) == 4
        chop = (masks == 1) & quad & (masks[:, -1:] == 1)
        return np.where(chop.any(axis=1), chop.argmax(axis=1), super().decide_batch(observations, masks, rng))


def quad_deals(rules, n, seed=7):
    """``n`` deals where two seats hold a tứ quý each (so a chặt may be answered: a chain others decide in)."""
    rng, P = np.random.default_rng(seed), rules.players
    cards = np.empty((n, P, 10), np.int64)
    for g in range(n):
        low, high = sorted(rng.choice(12, 2, replace=False))  # two ranks below the 2
        quads = [4 * low + np.arange(4), 4 * high + np.arange(4)]
        rest = rng.permutation(np.setdiff1d(np.arange(52), np.concatenate(quads)))
        a, b = rng.choice(P, 2, replace=False)
        given = [quads[0] if q == a else quads[1] if q == b else [] for q in range(P)]
        ends = np.cumsum([10 - len(h) for h in given])
        cards[g] = np.sort([np.concatenate([h, rest[e - 10 + len(h): e]]) for h, e in zip(given, ends)], axis=1)
        assert len(np.unique(cards[g])) == 10 * P
    return cards, rng.integers(0, P, n)


SEEN: list = []


class Checking(UserSeat):
    """A user seat that checks, before deciding, each deciding row's arrays against its position."""

    def choose(self, view, legal, may_pass, rng=None):
        rows = np.flatnonzero(legal.any(1))
        obs, masks = env_batch.observations(view, rows), env_batch.legal_masks(legal, may_pass, rows)
        assert obs.dtype == np.float32 and masks.dtype == np.int8
        assert obs.shape == (rows.shape[0], observation_size(view.rules))
        names = actions(view.rules)
        for i, r in enumerate(rows):
            position = position_of_view(view, int(r))
            assert np.array_equal(obs[i], observe(position)), (to_json(position), obs[i] - observe(position))
            assert [names[a] for a in np.flatnonzero(masks[i])] == legal_moves(position)
            SEEN.append(position)
        return super().choose(view, legal, may_pass, rng)


def _checking(player):
    return Checking(player=player, declare="user" if hasattr(player, "declare") else "never")


@pytest.mark.parametrize("name", list(RULES))
def test_the_arrays_are_observe_and_legal_moves_of_each_rows_position(name):
    rules = _rules(name)
    SEEN.clear()
    cards, leader = quad_deals(rules, 150)
    others = (Control(),) * (rules.players - 1)
    play_batch(rules, cards, leader, (_checking(Chops()),) * rules.players, rng=np.random.default_rng(1))
    play_batch(rules, cards, leader, (_checking(FirstBatch()),) + others, rng=np.random.default_rng(2))
    for k in range(5):  # the reference engine's views too (a batch of one)
        play_game(cards[k], int(leader[k]), rules, [_checking(RandomBatch())] * rules.players, np.random.default_rng(k))
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
    assert all(part[a].stop == part[b].start for a, b in zip(OBSERVATION_PARTS, OBSERVATION_PARTS[1:]))
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


def _counts(rules, player, seed=3, n=200, others=Control):
    seats = (user_strategy(player),) + tuple(others() for _ in range(rules.players - 1))
    return run_chunk(PlayParams(rules, seats), np.random.SeedSequence(seed), n)


def _same(a, b):
    return a.keys() == b.keys() and all(np.array_equal(a[k], b[k]) for k in a)


@pytest.mark.parametrize("name", list(RULES))
def test_a_batch_player_plays_the_games_of_its_scalar_twin(name):
    rules = _rules(name)
    CALLS.clear()
    assert _same(_counts(rules, FirstBatch()), _counts(rules, First()))
    assert CALLS and max(CALLS) > 20  # asked once a step, many games a call
    keep = _example("sam_keep_twos", "KeepTwos")
    batch = _example("sam_keep_twos_batch", "KeepTwosBatch")
    for until in (0, 3, 10):
        assert _same(_counts(rules, batch(until=until), others=Greedy), _counts(rules, keep(until=until), others=Greedy))


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
    counts = _counts(rules, RandomBatch(), seed=5)
    assert _same(counts, _counts(rules, RandomBatch(), seed=5))
    assert not _same(counts, _counts(rules, RandomBatch(), seed=6))
    assert not _same(counts, _counts(rules, FirstBatch(), seed=5))


def _bad_player(bad):
    class Bad(UserPlayer):
        def decide_batch(self, observations, masks, rng):
            first = masks.argmax(axis=1)
            if masks[:, -1].max() == 0:
                return first  # misbehaves at beats only
            return {"raises": lambda: 1 / 0, "illegal": lambda: masks.argmin(axis=1),
                    "outside": lambda: first + masks.shape[1], "negative": lambda: first - 200,
                    "shape": lambda: first[:-1] if first.shape[0] > 1 else np.zeros(2, int),
                    "dtype": lambda: first.astype(float), "list": lambda: first.tolist(),
                    "rewrites": lambda: masks.fill(1) or masks.argmin(axis=1) * 0,  # its masks only
                    "none": lambda: None}[bad]()

    return Bad()


@pytest.mark.parametrize("bad,said", [
    ("raises", "raised ZeroDivisionError: division by zero"), ("illegal", "returned action "),
    ("outside", "returned action "), ("negative", "returned action -"), ("rewrites", "returned action 0 (3)"),
    ("shape", "an integer array of shape"), ("dtype", "dtype float64"), ("list", "returned list"),
    ("none", "returned NoneType")])
def test_a_misbehaving_batch_player_is_one_line_with_the_rows_position(bad, said):
    rules = SamRules()
    seats = (Control(), user_strategy(_bad_player(bad)), Control(), Control())
    with pytest.raises(UserPlayerError) as e:
        run_chunk(PlayParams(rules, seats), np.random.SeedSequence(1), 30)
    text = str(e.value)
    assert "\n" not in text and said in text, text
    assert text.startswith("sam: player Bad.decide_batch at seat 1, beat decision")
    position = from_json(e.value.position)
    assert position.seat == 1 and position.to_beat is not None and e.value.game == "sam"
    if bad != "raises":
        assert "not one of the legal moves (" + ", ".join(legal_moves(position)) + ")" in text
    if bad == "illegal":  # the row named is the first bad one, its position the one carried
        row = int(text.split("(row ")[1].split()[0])
        assert row >= 0 and legal_moves(position)[-1] == "pass"


def test_the_docs_batch_example_plays_and_declares_its_knob():
    path = EXAMPLES / "sam_keep_twos_batch.py"
    assert len(path.read_text(encoding="utf-8").splitlines()) <= 30
    cls = _example("sam_keep_twos_batch", "KeepTwosBatch")
    assert isinstance(declared(cls)["until"], Range) and cls().until == 3
    counts = [_counts(SamRules(players=3), cls(until=u), n=100) for u in (0, 10)]
    assert all(c["games"] == 100 for c in counts) and not _same(*counts)  # the knob changes the play


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
