"""Differential tests: the batch engine agrees with the reference engine game for game."""

import numpy as np
import pytest

from cardodds.sim.tan.batch import play_batch
from cardodds.sim.tan.deal import deal_orders
from cardodds.sim.tan.reference import TanGame
from cardodds.sim.tan.rules import TanRules
from cardodds.sim.tan.strategies import Basic, Heuristic, RandomLegal


def compare(rules, strategies, n, seed, ref_check=False):
    rng = np.random.default_rng(seed)
    o, f = deal_orders(rules, rng, n)
    br = play_batch(rules, o, f, strategies, check=True, handoff_bouts=None)
    for i in range(n):
        out = TanGame(rules, o[i], f[i], strategies, check=ref_check).play()
        ref = (-1 if out.loser is None else out.loser, out.draw, out.truncated, out.bouts, out.pickups,
               out.first_attacker)
        got = (br.loser[i], br.draw[i], br.truncated[i], br.bouts[i], br.pickups[i], br.first_attacker[i])
        assert ref == got, f"game {i}: reference {ref} batch {got}"
    assert ((br.loser >= 0).astype(int) + br.draw + br.truncated == 1).all()
    return br


@pytest.mark.parametrize("players,n", [(2, 2000), (3, 2000), (4, 2000), (5, 500), (6, 500)])
def test_basic_agrees_game_for_game(players, n):
    br = compare(TanRules(players=players), [Basic()] * players, n, seed=100 + players)
    assert br.draw.sum() > 0 and (br.loser >= 0).sum() > n // 2  # both endings occur


@pytest.mark.parametrize("players", [2, 3, 4])
def test_heuristic_agrees_game_for_game(players):
    compare(TanRules(players=players), [Heuristic()] * players, 400, seed=200 + players)


def test_mixed_seats_agree():
    strategies = [Basic(), Heuristic(), Basic(throw_max="A"), Heuristic(save_trumps=False, overload=False)]
    compare(TanRules(players=4), strategies, 400, seed=7)


RULE_VARIANTS = [
    dict(trump_exchange="two_only"), dict(trump_exchange="none"), dict(deck=36, hand_size=6),
    dict(deck=36, hand_size=6, players=5, max_attack_cards=4), dict(refill_order="attacker_others_defender", players=3),
    dict(first_attacker="seat0", players=5), dict(max_bouts=8), dict(max_attack_cards=2, players=2),
    dict(players=6, trump_exchange="two_only", refill_order="attacker_others_defender"),
    dict(defender_runs_out="others_may_continue"), dict(defender_runs_out="others_may_continue", players=2),
    dict(defender_runs_out="others_may_continue", max_attack_cards=5, players=3, deck=36, hand_size=6),
    dict(throw_in_after_take=True), dict(throw_in_after_take=True, players=2),
    dict(throw_in_after_take=True, players=3, defender_runs_out="others_may_continue", max_attack_cards=5),
    dict(deck=36, hand_size=6, throw_in_after_take=True, first_attacker="lowest_trump", trump_exchange="none",
         refill_order="attacker_others_defender", max_attack_cards=6),
    dict(first_attacker="count", players=3), dict(first_attacker="lowest_trump", players=5, trump_exchange="two_only"),
]


@pytest.mark.parametrize("k", range(len(RULE_VARIANTS)))
def test_rule_options_agree(k):
    rules = TanRules(**RULE_VARIANTS[k])
    compare(rules, [Basic()] * rules.players, 250, seed=k, ref_check=True)
    compare(rules, [Heuristic()] * rules.players, 150, seed=3, ref_check=True)


def test_truncation_is_recorded():
    br = compare(TanRules(players=4, max_bouts=5), [Basic()] * 4, 200, seed=9)
    assert br.truncated.sum() > 100 and (br.bouts[br.truncated] == 5).all()


@pytest.mark.parametrize("players", [2, 4, 6])
def test_random_strategy_conserves_cards(players):
    """Random play explores odd positions; conservation and legality are asserted inside ``play_batch``."""
    rules = TanRules(players=players)
    rng = np.random.default_rng(players)
    o, f = deal_orders(rules, rng, 300)
    br = play_batch(rules, o, f, [RandomLegal()] * players, rng=np.random.default_rng(1), check=True)
    assert ((br.loser >= 0).astype(int) + br.draw + br.truncated == 1).all()
    assert br.pickups.mean() > 1


def test_batch_is_deterministic_and_order_independent():
    rules = TanRules(players=3)
    o, f = deal_orders(rules, np.random.default_rng(4), 300)
    a = play_batch(rules, o, f, [Basic()] * 3)
    perm = np.random.default_rng(0).permutation(300)
    b = play_batch(rules, o[perm], f[perm], [Basic()] * 3)
    assert (a.loser[perm] == b.loser).all() and (a.bouts[perm] == b.bouts).all()


@pytest.mark.parametrize("strategy", [Basic(), Heuristic()])
def test_deterministic_strategies_ignore_the_random_stream(strategy):
    rules = TanRules(players=4)
    o, f = deal_orders(rules, np.random.default_rng(11), 300)
    a = play_batch(rules, o, f, [strategy] * 4)
    b = play_batch(rules, o, f, [strategy] * 4, rng=np.random.default_rng(99))
    assert (a.loser == b.loser).all() and (a.bouts == b.bouts).all() and (a.pickups == b.pickups).all()


def test_heuristic_beats_basic_head_to_head():
    """Two heuristic seats against two basic seats: the heuristic seats lose less (same deals, seats swapped)."""
    rules = TanRules(players=4)
    o, f = deal_orders(rules, np.random.default_rng(12), 4000)
    h, b = Heuristic(), Basic()
    r1 = play_batch(rules, o, f, [h, b, h, b])
    r2 = play_batch(rules, o, f, [b, h, b, h])
    heur_losses = np.isin(r1.loser, [0, 2]).sum() + np.isin(r2.loser, [1, 3]).sum()
    basic_losses = np.isin(r1.loser, [1, 3]).sum() + np.isin(r2.loser, [0, 2]).sum()
    assert heur_losses < 0.8 * basic_losses


def test_long_games_handed_to_the_reference_end_the_same():
    """Heuristic 3-player games sometimes cycle until max_bouts; the hand-off (with cycle skipping) changes nothing."""
    rules = TanRules(players=3)
    o, f = deal_orders(rules, np.random.default_rng(21), 12000)
    fast = play_batch(rules, o, f, [Heuristic()] * 3)
    long_ = np.nonzero(fast.bouts >= 100)[0]
    assert fast.truncated.sum() >= 3 and len(long_) >= fast.truncated.sum()
    pure = play_batch(rules, o[long_], f[long_], [Heuristic()] * 3, handoff_bouts=None, check=True)
    for k, i in enumerate(long_[:6]):
        ref = TanGame(rules, o[i], f[i], [Heuristic()] * 3).play()  # no skipping: 1000 bouts played out
        skip = TanGame(rules, o[i], f[i], [Heuristic()] * 3).play(skip_cycles=True)
        want = (-1 if ref.loser is None else ref.loser, ref.truncated, ref.bouts, ref.pickups)
        assert want == (-1 if skip.loser is None else skip.loser, skip.truncated, skip.bouts, skip.pickups)
        assert want == (pure.loser[k], pure.truncated[k], pure.bouts[k], pure.pickups[k])
        assert want == (fast.loser[i], fast.truncated[i], fast.bouts[i], fast.pickups[i])
