"""Differential tests: the compiled Tấn engine agrees with the numpy batch engine game for game."""

import numpy as np
import pytest

pytest.importorskip("numba")

from cardodds.sim.conformance import compiled_players  # noqa: E402
from cardodds.sim.errors import CardoddsError  # noqa: E402
from cardodds.sim.streams import PLAY, chunk_seed, stream  # noqa: E402
from cardodds.sim.tan import compiled  # noqa: E402
from cardodds.sim.tan.batch import play_batch  # noqa: E402
from cardodds.sim.tan.conformance_parts import COMPILED_FIELDS as FIELDS  # noqa: E402
from cardodds.sim.tan.conformance_parts import compare_compiled as compare  # noqa: E402
from cardodds.sim.tan.deal import deal_chunk  # noqa: E402
from cardodds.sim.tan.players import PLAYERS  # noqa: E402
from cardodds.sim.tan.rules import TanRules  # noqa: E402
from cardodds.sim.tan.strategies import Basic, Beginner, Heuristic, RandomLegal, Tuned  # noqa: E402
from test_tan_batch import RULE_VARIANTS as BATCH_RULE_VARIANTS  # noqa: E402

@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("name", compiled_players("tan"))
def test_every_player_agrees_game_for_game(players, name):
    """Every registered player with a compiled form (``compiled_form``), at every seat."""
    player = PLAYERS.make(name)
    ref = compare(TanRules(players=players), [player] * players, 1500, seed=10 * players)
    assert ref.draw.any() and (ref.loser >= 0).sum() > 750  # both endings occur


def test_two_player_36_beginner_against_basic():
    rules = TanRules(players=2, deck=36, hand_size=6)
    compare(rules, [Beginner(), Basic()], 5000, seed=1)
    compare(rules, [Basic(), Beginner()], 5000, seed=2)
    compare(rules, [Tuned(), Beginner()], 2000, seed=3)  # tuned plays tuned_2p36.toml at this table


def test_mixed_seats_and_knobs_agree():
    strategies = [Basic(throw_max="A"), Heuristic(save_trumps=False, overload=False), Beginner(),
                  Heuristic(pair_bonus=3, endgame=False, endgame_lead_high=True, save_stock=4, overload_stock=3,
                            trump_throw_max="10", hold_rank="Q", take_trump_rank="8", take_max_table=1)]
    compare(TanRules(players=4), strategies, 2000, seed=7)
    compare(TanRules(players=3), [Heuristic(pair_bonus=12, endgame=False), Basic(throw_max="2"),
                                  Heuristic(overload_cards=0, take_max_table=6)], 2000, seed=8)


RULE_VARIANTS = BATCH_RULE_VARIANTS + [
    dict(players=2, deck=36, hand_size=6, trump_exchange="two_only", max_bouts=30),
    dict(players=3, hand_size=3, max_attack_cards=1), dict(players=6, hand_size=1),
]


@pytest.mark.parametrize("k", range(len(RULE_VARIANTS)))
def test_rule_options_agree(k):
    rules = TanRules(**RULE_VARIANTS[k])
    P = rules.players
    for j, strategies in enumerate([[Basic()] * P, [Heuristic()] * P, [Beginner(), Heuristic(), Basic()] * 2]):
        compare(rules, strategies[:P], 600, seed=100 * k + j)


def test_truncated_games_agree():
    """Games that only ``max_bouts`` ends (the numpy engine hands them to the reference engine) end the same."""
    ref = compare(TanRules(players=4, max_bouts=200), [Heuristic()] * 4, 3000, seed=5)
    assert ref.truncated.any()


def test_steps_are_the_longest_game():
    rules = TanRules(players=3)
    orders, first = deal_chunk(rules, chunk_seed(4, 0), 500)
    ref = play_batch(rules, orders, first, [Basic()] * 3, handoff_bouts=None)
    assert compiled.play_batch(rules, orders, first, [Basic()] * 3).steps == ref.steps


def test_threads_give_the_same_outcomes():
    rules = TanRules(players=4)
    orders, first = deal_chunk(rules, chunk_seed(6, 0), 3000)
    a = compiled.play_batch(rules, orders, first, [Basic()] * 4)
    b = compiled.play_batch(rules, orders, first, [Basic()] * 4, threads=True)
    for f in FIELDS:
        assert np.array_equal(getattr(a, f), getattr(b, f)), f


def test_refuses_players_it_does_not_compile():
    rules = TanRules(players=2)
    orders, first = deal_chunk(rules, chunk_seed(1, 0), 10)
    with pytest.raises(CardoddsError, match=r"compiled Tấn engine does not play 'random' \(seat 1\)"):
        compiled.play_batch(rules, orders, first, [Basic(), RandomLegal()])
    with pytest.raises(CardoddsError, match="3 strategies given for 2 players"):
        compiled.play_batch(rules, orders, first, [Basic()] * 3)
    with pytest.raises(CardoddsError, match="orders must be"):
        compiled.play_batch(rules, orders[:, :30], first, [Basic()] * 2)


def test_auto_falls_back_to_numpy_for_other_players():
    rules = TanRules(players=2)
    seq = chunk_seed(9, 0)
    orders, first = deal_chunk(rules, seq, 200)
    strategies = [Basic(), RandomLegal()]
    auto = compiled.play_batch_auto(rules, orders, first, strategies, rng=stream(seq, PLAY))
    ref = play_batch(rules, orders, first, strategies, rng=stream(seq, PLAY))
    assert all(np.array_equal(getattr(auto, f), getattr(ref, f)) for f in FIELDS)
    assert compiled.play_batch_auto(rules, orders, first, [Basic()] * 2).steps == \
        compiled.play_batch(rules, orders, first, [Basic()] * 2).steps


def test_without_numba_auto_plays_numpy_and_the_engine_says_why(monkeypatch):
    rules = TanRules(players=2)
    orders, first = deal_chunk(rules, chunk_seed(11, 0), 100)
    monkeypatch.setattr(compiled, "available", lambda: False)
    with pytest.raises(CardoddsError, match="needs numba"):
        compiled.play_batch(rules, orders, first, [Basic()] * 2)
    auto = compiled.play_batch_auto(rules, orders, first, [Basic()] * 2)
    ref = play_batch(rules, orders, first, [Basic()] * 2)
    assert all(np.array_equal(getattr(auto, f), getattr(ref, f)) for f in FIELDS) and auto.steps == ref.steps


def test_counting_knobs_agree():
    """The card-counting knobs (``safe_add``, ``safe_lead``, ``quiet_cover``) and ``trump_take_rank``, at the three
    tables of the strength table and a 3-player one, mixed with today's players."""
    counting = [Heuristic(trump_take_rank="10", safe_add=True, safe_lead="finish", quiet_cover=True),
                Heuristic(safe_lead="always", quiet_cover=True, save_stock=3, trump_take_rank="8", endgame=False),
                Heuristic(safe_add=True, endgame_lead_high=True, trump_take_rank="A", save_trumps=False)]
    compare(TanRules(players=2, deck=36, hand_size=6, trump_exchange="none"), counting[:2], 1500, seed=11)
    compare(TanRules(players=2), [counting[2], Tuned()], 1000, seed=12)
    compare(TanRules(players=4), [counting[0], Basic(), counting[1], counting[2]], 800, seed=13)
    ref = compare(TanRules(players=3), [counting[2], counting[0], Beginner()], 800, seed=14)
    assert ref.draw.any() and (ref.loser >= 0).any()  # both endings occur
