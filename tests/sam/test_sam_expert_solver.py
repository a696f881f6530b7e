"""The Sâm ``expert`` with the perfect-information solver (``solve_cards``): its decision is the move of the highest
mean brute-force value over its own worlds, both engines play it alike, same information gives the same decision,
and its knobs are checked with one-line errors."""

from __future__ import annotations

import numpy as np
import pytest
from sam_agreement import agree
from test_sam_solver import brute_values, cut_positions, game_of

from cardodds.sim.errors import CardoddsError
from cardodds.sim.sam.batch import play_batch
from cardodds.sim.sam.cards import N_RANKS
from cardodds.sim.sam.expert import Expert, deal_worlds
from cardodds.sim.sam.players import make_strategy
from cardodds.sim.sam.reference import deal_games, play_game
from cardodds.sim.sam.rules import SamRules
from cardodds.sim.sam.solver import Node
from cardodds.sim.sam.strategies import Control
from cardodds.sim.streams import DEAL, chunk_seed, stream


def world_game(g, hands: np.ndarray):
    """The reference game at ``g``'s state with the hands of one world (P, 13)."""
    chain = g.chain
    node = Node(hands=tuple(tuple(int(x) for x in h) for h in hands), actor=g.actor, current=g.current, last=g.last,
                passed=sum(1 << q for q in range(g.P) if g.passed[q]),
                played=sum(1 << q for q in range(g.P) if g.played[q]),
                chain=(sum(v for _, _, v in chain), chain[-1][0], chain[-1][1]) if chain else (0, -1, -1),
                den=g.den_pending if g.den_pending is not None else (-1, -1, 0))
    return game_of(g.rules, node)


@pytest.mark.parametrize("mode", ["maxn", "paranoid"])
def test_the_decision_is_the_best_mean_brute_force_value_over_its_worlds(mode):
    rules = SamRules(players=3)
    ex = Expert(worlds=4, solve_cards=7, solve_mode=mode)
    checked = 0
    for g in cut_positions(rules, range(100, 160), 7):
        legal = g.legal()
        if legal.sum() + g.may_pass < 2:
            continue
        view = g.view(True)
        hands = deal_worlds(view, ex.worlds)[0]
        total = {}
        for w in range(ex.worlds):
            for m, v in brute_values(world_game(g, hands[w]), mode, g.actor).items():
                total[m] = total.get(m, 0) + (v[g.actor] if mode == "maxn" else v)
        got = int(ex.choose(view, legal[None], np.array([g.may_pass]))[0])
        assert total[got] == max(total.values())
        base = int(Control().choose(view, legal[None], np.array([g.may_pass]))[0])
        if total[base] == max(total.values()):
            assert got == base  # among equals, the policy's choice
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def test_same_information_same_decision_in_a_solved_endgame():
    """The same view with the other hands dealt differently (sizes kept): the same decision."""
    rules = SamRules(players=4)
    ex = Expert(worlds=8, solve_cards=9)
    n = 0
    for g in cut_positions(rules, range(200, 260), 9):
        view = g.view(True)
        legal, may = g.legal()[None], np.array([g.may_pass])
        first = int(ex.choose(view, legal, may)[0])
        others = [s for s in range(4) if s != g.actor]
        pool = np.concatenate([np.repeat(np.arange(N_RANKS), g.counts[s]) for s in others])
        np.random.default_rng(n).shuffle(pool)
        lo = 0
        for s in others:  # the same view: only the hidden hands change
            k = int(g.counts[s].sum())
            g.counts[s] = np.bincount(pool[lo:lo + k], minlength=N_RANKS).astype(np.int64)
            lo += k
        view2 = g.view(True)
        assert np.array_equal(view2.hand, view.hand) and np.array_equal(view2.public.gone, view.public.gone)
        assert int(ex.choose(view2, legal, may)[0]) == first
        n += 1
        if n == 3:
            break
    assert n == 3


@pytest.mark.parametrize("players", [2, 4])
def test_engines_agree_game_for_game_with_the_solving_expert(players):
    rules = SamRules(players=players)
    n = 4
    cards, leader = deal_games(stream(chunk_seed(91, players), DEAL), n, rules)
    strats = [Expert(worlds=4, solve_cards=8), Control(), Expert(worlds=4, solve_cards=8, solve_mode="paranoid"),
              Control()][:players]
    b = play_batch(rules, cards, leader, strats)
    assert np.all(b.pay.sum(1) == 0)
    assert [i for i in range(n) if not agree(b, i, play_game(cards[i], int(leader[i]), rules, strats))] == []


def test_solve_knobs_are_checked_in_one_line():
    assert make_strategy({"name": "expert", "solve_cards": 8, "solve_mode": "paranoid"}) \
        == Expert(solve_cards=8, solve_mode="paranoid")
    for bad in ({"solve_cards": -1}, {"solve_cards": 99}, {"solve_cards": True}, {"solve_cards": 2.5},
                {"solve_mode": "best"}):
        with pytest.raises(CardoddsError) as e:
            Expert(**bad)
        assert "\n" not in str(e.value) and next(iter(bad)) in str(e.value)


def test_close_worlds_everywhere_is_the_expert_with_all_those_worlds():
    """With every decision close (``close_z`` infinite) the extra worlds are worlds ``worlds ..``: the expert decides
    as one with ``worlds + close_worlds`` worlds, game for game; its knobs are checked in one line."""
    rules = SamRules(players=4)
    cards, leader = deal_games(stream(chunk_seed(93, 4), DEAL), 4, rules)

    def pay(ex):
        return play_batch(rules, cards, leader, [ex, Control(), Control(), Control()]).pay

    assert np.array_equal(pay(Expert(worlds=6, close_worlds=4, close_z=float("inf"))),
                          pay(Expert(worlds=10, close_worlds=0)))
    for bad in ({"close_worlds": -1}, {"close_worlds": 1.5}, {"close_z": -0.1}, {"close_z": "1"}):
        with pytest.raises(CardoddsError) as e:
            Expert(**bad)
        assert "\n" not in str(e.value) and next(iter(bad)) in str(e.value)
