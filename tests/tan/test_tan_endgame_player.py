"""The Tấn ``endgame`` player: the solver's best move once a 2-player stock is empty, from public information only;
both engines play it alike."""

import numpy as np
import pytest
from test_tan_batch import compare
from test_tan_expert import batch_decision, hidden_twin
from test_tan_from_state import spied_game

from cardodds.sim.errors import CardoddsError
from cardodds.sim.knobs import check_knobs
from cardodds.sim.tan.cards import parse_cards, parse_suit, to_mask
from cardodds.sim.tan.deal import deal_orders
from cardodds.sim.tan.endgame_player import Endgame, view_node
from cardodds.sim.tan.players import make_strategy
from cardodds.sim.tan.rules import TanRules
from cardodds.sim.tan.solver import PASS, Node, move_values
from cardodds.sim.tan.strategies import Basic, Tuned

MATCH_RULES = dict(players=2, deck=36, hand_size=6, max_attack_cards=6, trump_exchange="none",
                   throw_in_after_take=False, refill_order="attacker_others_defender")
VARIANTS = [MATCH_RULES, dict(players=2, max_attack_cards=3), dict(players=2, throw_in_after_take=True, deck=36,
                                                                   hand_size=6)]


def records(rules, player, n, seed):
    """Seat 0's decisions in reference games of ``player`` against tuned."""
    o, f = deal_orders(rules, np.random.default_rng(seed), n)
    out = []
    for order, first in zip(o, f):
        spy, game = spied_game(rules, order, first, player, Tuned())
        game.play()
        out += spy.records
    return out


@pytest.mark.parametrize("k", range(len(VARIANTS)))
def test_both_engines_agree_game_for_game(k):
    rules = TanRules(**VARIANTS[k])
    solved = compare(rules, [Endgame(max_cards=10), Tuned()], 60, seed=k, ref_check=True)
    plain = compare(rules, [Tuned(), Tuned()], 60, seed=k)
    assert (solved.loser != plain.loser).any()  # the solver did play some endgames
    compare(rules, [Basic(), Endgame(fallback="basic", max_cards=10)], 40, seed=10 + k)


@pytest.mark.parametrize("k", range(len(VARIANTS)))
def test_plays_a_best_move_from_public_information(k):
    """With the stock empty the other hand it derives is the true one, and its move has the best exact value; the
    batch form decides as the reference form did in the same state."""
    rules = TanRules(**VARIANTS[k])
    player = Endgame(max_cards=10)
    solved = 0
    for kind, state, fa, fd, v in records(rules, player, 6, seed=k):
        move = fa if kind == "attack" else fd
        if not (kind == "attack" and v.taking):  # a batch state holds no take in progress (TanState)
            assert batch_decision(rules, state, kind, fa, player, 0) == move
        if v.stock_left or len(v.hand) + sum(v.hand_sizes[1:]) + len(v.attack) + len(v.cover) > 10:
            continue
        p = view_node(v, kind)
        assert (p.defender if kind == "attack" else p.attacker) == int(state.hands[1, 0])
        values = move_values(p, rules)
        assert values[PASS if move == -1 else move] == max(values.values())
        solved += 1
    assert solved >= 10


def test_same_information_same_decision():
    """States that differ only in cards seat 0 cannot see (while the stock lasts) give the same decision."""
    rules = TanRules(**MATCH_RULES)
    player = Endgame(max_cards=10)
    rng = np.random.default_rng(0)
    compared = differed = 0
    for kind, state, fa, fd, v in records(rules, player, 3, seed=4)[::2]:
        if kind == "attack" and v.taking:
            continue
        twin = hidden_twin(state, kind, fa, rng)
        if twin is None:
            continue
        differed += not (np.array_equal(twin.hands, state.hands) and np.array_equal(twin.stock, state.stock))
        assert batch_decision(rules, state, kind, fa, player, 0) == batch_decision(rules, twin, kind, fa, player, 0)
        compared += 1
    assert compared >= 8 and differed >= compared // 3


def test_ties_go_to_the_fallback_move_then_the_lowest_card():
    rules = TanRules(players=2)
    player = Endgame()
    # every lead wins (a pair against 8♠ 9♦): the fallback's lead is kept, else the lowest card
    p = Node.bout_start(parse_suit("h"), to_mask(parse_cards("7s 7c")), to_mask(parse_cards("8s 9d")), rules)
    assert set(move_values(p, rules).values()) == {1}
    assert player.best(p, rules, parse_cards("7c")[0]) == parse_cards("7c")[0]
    assert player.best(p, rules, PASS) == parse_cards("7s")[0]
    # the defender's cover draws, a take loses: the cover whatever the fallback says
    p = Node(parse_suit("h"), 0, to_mask(parse_cards("8s")), to_mask(parse_cards("7s")), cap=1,
                 card=parse_cards("7s")[0])
    assert player.best(p, rules, PASS) == parse_cards("8s")[0]


def test_knobs_and_bad_input():
    assert make_strategy({"name": "endgame", "fallback": "basic", "max_cards": 8}) == Endgame("basic", 8)
    check_knobs(Endgame, {"fallback": "heuristic", "max_cards": 12}, "test")
    with pytest.raises(CardoddsError, match="fallback"):
        Endgame(fallback="expert")
    with pytest.raises(CardoddsError, match="max_cards"):
        Endgame(max_cards=1)
    with pytest.raises(CardoddsError, match="knob"):
        check_knobs(Endgame, {"samples": 3}, "test")
