"""The solver's ``best_move`` (the expert's endgame move) is the move ``Endgame.best`` picks from all move values."""

import numpy as np

from cardodds.analysis.strength import TABLES
from cardodds.sim.tan.cards import deck_ids, to_mask
from cardodds.sim.tan.endgame_player import Endgame
from cardodds.sim.tan.solver import Node, Solver


def test_best_move_is_the_best_of_all_move_values():
    """Random bout starts and the first answers to them (2-player 36-card rules), 4 to 10 cards, each preferred
    move of the position (and an illegal one) given: ``best_move`` equals ``Endgame.best`` on the exact values of
    every move, from a fresh table each time and from a shared one."""
    rules = TABLES["2p36"]
    rng = np.random.default_rng(5)
    deck = np.array(deck_ids(rules.deck))
    shared = [Solver(rules, t) for t in range(4)]
    checked = moved = 0
    for _ in range(60):
        cards = int(rng.integers(4, 11))
        picked = rng.permutation(deck)[:cards]
        trump = int(rng.integers(4))
        p = Node.bout_start(trump, to_mask(picked[:cards // 2]), to_mask(picked[cards // 2:]), rules)
        positions = [p]
        lead = int(picked[0])
        beat = Solver(rules, trump).beat[lead]
        if p.defender & beat:  # the defender's answer to the lowest-id lead
            positions.append(Node(trump, p.attacker & ~(1 << lead), p.defender, 1 << lead, 0, p.cap, lead))
        for q in positions:
            values = Solver(rules, trump).move_values(q)
            for preferred in [*values, 99]:
                want = Endgame().best(q, rules, preferred)
                assert Solver(rules, trump).best_move(q, preferred) == want
                assert shared[trump].best_move(q, preferred) == want
                checked += 1
                moved += want != preferred
    assert checked > 200 and moved > 20
