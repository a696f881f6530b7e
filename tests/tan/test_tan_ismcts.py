"""The Tấn ``ismcts`` player: it sees only what its seat may see, searches right, plays legal moves, is reproducible,
and both engines make the same decisions."""

import numpy as np
import pytest
from test_tan_expert import (FirstDecision, Forced, Stop, batch_decision, batch_games_are_legal_and_reproducible,
                             both_engines_play_the_same_game_against_classic, decision_states,
                             reference_and_batch_forms_agree, same_information_same_decision)
from test_tan_from_state import BoutRecorder

import cardodds.sim.tan.ismcts as ismcts_module
from cardodds.analysis.strength import TABLES
from cardodds.sim.errors import CardoddsError
from cardodds.sim.tan.deal import deal_orders
from cardodds.sim.tan.ismcts import Ismcts
from cardodds.sim.tan.players import make_strategy
from cardodds.sim.tan.reference import TanGame
from cardodds.sim.tan.rules import TanRules
from cardodds.sim.tan.strategies import Heuristic


@pytest.mark.parametrize("variant,knobs", [
    (dict(), dict(rollout="heuristic")), (dict(players=3), {}),
    (dict(players=2, deck=36, hand_size=6), dict(rollout="classic")),
    (dict(players=2, deck=36, hand_size=6), dict(solve_cards=12))])
def test_same_information_same_decision(variant, knobs):
    """Two states that differ only in cards seat 0 cannot see give the same decision for the same seed."""
    same_information_same_decision(TanRules(**variant), Ismcts(iterations=12, wave=4, max_candidates=4, **knobs))


@pytest.mark.parametrize("rules,player", [
    (TanRules(players=3), Ismcts(iterations=9, wave=4, max_candidates=3, rollout="heuristic")),
    (TABLES["2p36"], Ismcts(iterations=10, wave=3, max_candidates=5, solve_cards=10))])
def test_reference_and_batch_decide_alike(rules, player):
    """The reference form and the batch form make the same move at each decision of a reference game."""
    reference_and_batch_forms_agree(rules, player)


@pytest.mark.parametrize("players", [2, 4])
def test_batch_games_are_legal_and_reproducible(players):
    rules = TanRules(players=players)
    o, f = deal_orders(rules, np.random.default_rng(41), 8)
    seats = [Ismcts(iterations=8, wave=4, max_candidates=3)] + [Heuristic()] * (players - 1)
    if players == 4:
        seats[2] = seats[0]  # two ismcts seats
    batch_games_are_legal_and_reproducible(rules, o, f, seats)


def test_default_at_2p36_plays_the_same_game_in_both_engines():
    both_engines_play_the_same_game_against_classic(TABLES["2p36"], Ismcts(iterations=32, wave=16))


def test_a_wave_tries_every_candidate_first_then_spreads():
    """No visits yet: the wave's picks are the untried candidates in order, then round again (equal UCB: the
    earlier); later the best mean gets the picks once the bonus of the others is spent."""
    player = Ismcts(exploration=0.5)
    valid = np.array([[True, True, True, False]])
    zero = np.zeros((1, 4))
    assert list(player._picks(zero, zero, valid, 5)[0]) == [0, 1, 2, 0, 1]
    visits = np.array([[10.0, 10.0, 10.0, 0.0]])
    total = np.array([[1.0, 9.0, 5.0, 0.0]])
    assert list(player._picks(visits, total, valid, 3)[0]) == [1, 1, 1]
    # closer means: a wider exploration spends the fourth pick on the second best, a narrow one does not
    total = np.array([[1.0, 6.0, 5.0, 0.0]])
    assert list(Ismcts(exploration=1.5)._picks(visits, total, valid, 4)[0]) == [1, 1, 1, 2]
    assert list(Ismcts(exploration=0.5)._picks(visits, total, valid, 4)[0]) == [1, 1, 1, 1]


def test_search_plays_a_move_whose_playout_scores_best():
    """Two players, stock empty: every determinization is the true position, and the heuristic playout of each
    candidate lead is fixed, so after enough iterations the lead played scores (win 1, draw ½, loss 0) as well as
    the best candidate's reference playout (the search alone: ``solve_cards = 0``)."""
    rules = TanRules(players=2)
    o, f = deal_orders(rules, np.random.default_rng(31), 60)
    h = Heuristic()
    player = Ismcts(iterations=96, wave=16, max_candidates=12, solve_cards=0, rollout="heuristic")
    checked = changed = 0
    for order, first in zip(o, f):
        game = BoutRecorder(rules, order, int(first), [h, h])
        game.snapshots = []
        game.play()
        for snap in game.snapshots:
            a = snap["attacker"]
            if snap["stock"] or not 2 <= len(snap["hands"][a]) <= 12 or snap["out"][1 - a]:
                continue
            args = (rules, snap["hands"], [], snap["discard"], game.trump, snap["out"], snap["bouts"],
                    snap["pickups"], game.first_attacker)
            rec = FirstDecision(player)
            seats = [h, h]
            seats[a] = rec
            with pytest.raises(Stop):
                TanGame.from_state(*args, seats, rng=np.random.default_rng(0), known=snap["known"]).resume(a)
            scores = {}
            for c in snap["hands"][a]:
                seats = [h, h]
                seats[a] = Forced(h, c)
                out = TanGame.from_state(*args, seats).resume(a)
                scores[c] = 0.5 if out.loser is None else float(out.loser != a)
            assert scores[rec.choice] == max(scores.values()), (rec.choice, scores)
            checked += 1
            changed += len(set(scores.values())) > 1
    assert checked >= 15 and changed >= 2


def test_time_cap_stops_after_the_wave_that_passes_it(monkeypatch):
    """With a time cap the search stops after the first wave that ends past the deadline (a fake clock here: one
    second a reading), so a decision plays one wave of rollouts instead of all."""
    calls = []
    real = ismcts_module.play_from_state_auto
    monkeypatch.setattr(ismcts_module, "play_from_state_auto", lambda *a, **k: calls.append(1) or real(*a, **k))
    clock = iter(range(10**6))
    monkeypatch.setattr(ismcts_module, "_clock", lambda: float(next(clock)))
    rules = TanRules(players=3)
    kind, state, card, v = next(r for r in decision_states(rules, 1, 11) if len(r[3].legal) > 2)
    batch_decision(rules, state, kind, card, Ismcts(iterations=64, wave=8, rollout="heuristic"), 0)
    uncapped = len(calls)
    calls.clear()
    batch_decision(rules, state, kind, card, Ismcts(iterations=64, wave=8, rollout="heuristic", time_ms=5), 0)
    assert (uncapped, len(calls)) == (8, 1)


def test_knobs():
    assert make_strategy({"name": "ismcts", "iterations": 64, "rollout": "basic"}) == Ismcts(iterations=64,
                                                                                              rollout="basic")
    assert make_strategy("ismcts") == Ismcts()
    for bad in ({"iterations": 0}, {"iterations": 9000}, {"wave": 0}, {"max_candidates": 1}, {"rollout": "expert"},
                {"solve_cards": 21}, {"solve_cards": True}, {"time_ms": -1}, {"time_ms": 2.5},
                {"exploration": -0.1}, {"samples": 3}):
        with pytest.raises(CardoddsError, match="ismcts"):
            make_strategy({"name": "ismcts", **bad})
    for name, knob in Ismcts.knobs.items():
        for value in knob.values():
            Ismcts(**{name: value})
