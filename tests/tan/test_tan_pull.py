"""The Tấn reference engine's pull form (``TanGame.decision`` / ``apply``) plays the game its push form plays."""

import numpy as np
import pytest

from cardodds.sim.errors import CardoddsError
from cardodds.sim.tan.deal import deal_orders
from cardodds.sim.tan.reference import TanGame
from cardodds.sim.tan.rules import TanRules
from cardodds.sim.tan.strategies import Basic, Heuristic, RandomLegal

VARIANTS = [dict(), dict(players=2), dict(players=3, trump_exchange="two_only"),
            dict(throw_in_after_take=True, players=5), dict(defender_runs_out="others_may_continue", players=3)]


def pulled(game: TanGame, a=None) -> list:
    """Drive ``game`` from outside, each request answered by its seat's strategy; the kinds asked, in order."""
    if a is not None:
        game.begin(a)
    kinds = []
    while (r := game.decision()) is not None:
        kinds.append(r.kind)
        game.apply(game.answer(r))
    return kinds


@pytest.mark.parametrize("k", range(len(VARIANTS)))
def test_pull_plays_the_push_game(k):
    rules = TanRules(**VARIANTS[k])
    seats = ([Heuristic(), RandomLegal(), Basic()] * 2)[:rules.players]
    orders, first = deal_orders(rules, np.random.default_rng(40 + k), 12)
    asked = set()
    for order, f in zip(orders, first):
        push = TanGame(rules, order, int(f), seats, rng=np.random.default_rng(7), check=True)
        out = push.play()
        pull = TanGame(rules, order, int(f), seats, rng=np.random.default_rng(7), check=True)
        asked.update(pulled(pull))
        assert pull.log == push.log and pull.outcome == out
    assert {"attack", "defend"} <= asked


def test_series_winner_two_swap_is_a_request():
    rules = TanRules(players=3, trump_exchange="two_only")
    orders, first = deal_orders(rules, np.random.default_rng(3), 40)
    kinds = set()
    for order, f in zip(orders, first):
        game = TanGame(rules, order, int(f), [Basic()] * 3, check=True)
        game.series_winner = int(f)
        r = game.decision()
        if r is not None and r.kind == "winner_swaps_two":
            assert r.legal == [True, False] and r.seat == game.series_winner
            game.apply(True)
            assert game.first_attacker == game._next_in(r.seat) and game.log[1][:2] == ("exchange", r.seat)
            kinds.add(r.kind)
    assert kinds == {"winner_swaps_two"}


def test_resumed_game_pulls_from_its_bout():
    rules = TanRules(players=3)
    orders, first = deal_orders(rules, np.random.default_rng(5), 1)
    dealt = TanGame(rules, orders[0], int(first[0]), [Basic()] * 3)
    state = ([sorted(h) for h in dealt.hands], dealt.stock, [], dealt.trump, [False] * 3, 0, 0, int(first[0]))
    out = TanGame.from_state(rules, *state, [Basic()] * 3).resume(int(first[0]))
    again = TanGame.from_state(rules, *state, [Basic()] * 3)
    assert pulled(again, int(first[0]))[0] == "attack" and again.outcome == out and out.bouts > 0


def test_pull_refuses_an_illegal_choice_and_a_move_after_the_end():
    rules = TanRules(players=2)
    orders, first = deal_orders(rules, np.random.default_rng(1), 1)
    game = TanGame(rules, orders[0], int(first[0]), [Basic()] * 2)
    r = game.decision()
    while r.kind != "attack":
        game.apply(game.answer(r))
        r = game.decision()
    assert r.view.is_lead
    with pytest.raises(CardoddsError, match="not a legal attack choice"):
        game.apply(None)  # a lead must play a card
    missing = next(c for c in range(52) if c not in r.legal)
    with pytest.raises(CardoddsError, match="not a legal attack choice"):
        game.apply(missing)
    pulled(game)
    assert game.outcome is not None
    with pytest.raises(CardoddsError, match="the game is over"):
        game.apply(None)
