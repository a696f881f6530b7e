"""Tấn endgame solver speed: positions solved a second and nodes a second, by cards left in both hands.

Usage: ``python benchmarks/bench_tan_solver.py [--cards 4 6 8 10 12] [--positions 200] [--seconds 20] [--seed 1]``.
Each position is a bout start of 2-player 36-card rules (``max_attack_cards = 6``, no throw-in): the cards split
evenly between the hands, dealt at random from the deck, a random trump, a random attacker; each is solved from an
empty transposition table (a fresh ``Solver``), so the figures are cold solves.  Stops a row after ``--seconds``.
Prints a table; no assertions (figures depend on the machine and its load).
"""

from __future__ import annotations

import time

import common  # a sibling module
import numpy as np

from cardodds.sim.tan.cards import deck_ids, to_mask
from cardodds.sim.tan.rules import TanRules
from cardodds.sim.tan.solver import Node, Solver


def positions(rules, cards, n, rng):
    deck = np.array(deck_ids(rules.deck))
    for _ in range(n):
        picked = rng.permutation(deck)[:cards]
        a, d = to_mask(picked[: cards // 2]), to_mask(picked[cards // 2:])
        yield Node.bout_start(int(rng.integers(4)), a, d, rules)


def main(argv=None):
    ap = common.parser(__doc__.splitlines()[0], games=200, games_flags=("--positions",),
                       games_help="positions a card count (default 200)", jobs=None, seed=1,
                       quick={"games": 2, "seconds": 2.0, "cards": [4]})
    ap.add_argument("--cards", type=int, nargs="+", default=[4, 6, 8, 10, 12])
    ap.add_argument("--seconds", type=float, default=20.0)
    args = common.parse(ap, argv)
    rules = TanRules(players=2, deck=36, hand_size=6, max_attack_cards=6, trump_exchange="none",
                     refill_order="attacker_others_defender")
    rng = np.random.default_rng(args.seed)
    print(f"{'cards':>5} {'solved':>6} {'positions/s':>12} {'nodes/position':>15} {'nodes/s':>10} "
          f"{'win':>5} {'draw':>5} {'loss':>5}")
    for cards in args.cards:
        done = nodes = 0
        outcome = {1: 0, 0: 0, -1: 0}
        start = time.perf_counter()
        for p in positions(rules, cards, args.games, rng):
            solver = Solver(rules, p.trump)
            outcome[solver.solve(p)] += 1
            nodes += solver.nodes
            done += 1
            if time.perf_counter() - start > args.seconds:
                break
        t = time.perf_counter() - start
        print(f"{cards:>5} {done:>6} {done / t:>12.1f} {nodes / done:>15.0f} {nodes / t:>10.0f} "
              f"{outcome[1]:>5} {outcome[0]:>5} {outcome[-1]:>5}")


if __name__ == "__main__":
    main()
