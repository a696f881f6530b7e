"""Sâm perfect-information solver speed: positions solved a second and nodes a second, by cards left in the hands.

Usage: ``python benchmarks/bench_sam_solver.py [--players 4] [--cards 6 8 10 12 14] [--positions 50] [--seconds 20]
[--mode maxn paranoid] [--seed 1]``.  Each position is cut from a game of ``control`` players on the reference engine
(default rules), at the first decision with at most ``cards`` cards left in all the hands, and solved from an empty
transposition table (a fresh ``Solver``: cold solves) with every move's value (``Solver.values``, what the expert
asks).  Stops a row after ``--seconds``.  Prints a table; no assertions (figures depend on the machine and its load).
"""

from __future__ import annotations

import time

import common  # a sibling module
import numpy as np

from cardodds.sim.sam.reference import SamGame, deal_games
from cardodds.sim.sam.rules import SamRules
from cardodds.sim.sam.solver import Solver, node_of_game
from cardodds.sim.sam.strategies import Control


def positions(rules, cards, rng):
    """Nodes cut from control games at the first decision with at most ``cards`` cards in the hands."""
    strat = [Control()] * rules.players
    while True:
        deal, leader = deal_games(rng, 1, rules)
        g = SamGame(rules, deal[0], int(leader[0]))
        if g.over:
            continue
        g.declare(strat)
        while not g.over and sum(int(c.sum()) for c in g.counts) > cards:
            view = g.view(False)
            g.apply(int(strat[g.actor].choose(view, g.legal()[None], np.array([g.may_pass]))[0]))
        if not g.over:
            yield node_of_game(g)


def main(argv=None):
    ap = common.parser(__doc__.splitlines()[0], games=50, games_flags=("--positions",),
                       games_help="positions a card count (default 50)", jobs=None, seed=1,
                       quick={"games": 2, "seconds": 2.0, "cards": [6]})
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--cards", type=int, nargs="+", default=[6, 8, 10, 12, 14])
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--mode", nargs="+", default=["maxn", "paranoid"])
    args = common.parse(ap, argv)
    rules = SamRules(players=args.players)
    print(f"{args.players} players; {'mode':>8} {'cards':>5} {'solved':>6} {'positions/s':>12} {'ms/position':>12} "
          f"{'nodes/position':>15} {'nodes/s':>10}")
    for mode in args.mode:
        for cards in args.cards:
            rng = np.random.default_rng([args.seed, cards])
            done = nodes = 0
            spent = 0.0
            for node in positions(rules, cards, rng):
                solver = Solver(rules, mode)
                t = time.process_time()
                solver.values(node)
                spent += time.process_time() - t
                nodes += solver.nodes
                done += 1
                if done >= args.games or spent > args.seconds:
                    break
            print(f"{'':>12}{mode:>8} {cards:>5} {done:>6} {done / spent:>12.1f} {1000 * spent / done:>12.2f} "
                  f"{nodes / done:>15.0f} {nodes / spent:>10.0f}")


if __name__ == "__main__":
    main()
