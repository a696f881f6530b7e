"""Tấn's parts of the player checks (:mod:`cardodds.sim.conformance`): its rule tables, its slow players' small
knobs, and how its engines are compared."""

from __future__ import annotations

import numpy as np

from cardodds.sim.conformance import expect
from cardodds.sim.streams import chunk_seed

VARIANTS = [{}, dict(players=3, deck=36, hand_size=6, first_attacker="count")]
"""The rules each check plays under: the defaults and a table far from them."""
SMALL = {"expert": {"worlds": 1, "max_candidates": 2, "solve_cards": 0},
         "pimc": {"worlds": 1, "max_candidates": 2, "solve_cards": 0}, "endgame": {"max_cards": 6},
         "ismcts": {"iterations": 16, "wave": 4, "max_candidates": 2, "solve_cards": 0},
         "ismcts_tree": {"iterations": 16}}
"""Small knobs for the slow players, so that each check is quick."""
FILLER = "heuristic"
"""The fast player at the other seats of a slow one."""


def batch_equals_reference(rules, strategies, seed: int, n: int) -> None:
    """``n`` deals played on both engines (the batch engine checking conservation and legality after every step)
    end the same: loser, draw, truncation, bouts, pickups, first attacker."""
    from cardodds.sim.tan.batch import play_batch
    from cardodds.sim.tan.deal import deal_orders
    from cardodds.sim.tan.reference import TanGame

    orders, first = deal_orders(rules, np.random.default_rng(seed), n)
    batch = play_batch(rules, orders, first, strategies, check=True, handoff_bouts=None)
    for i in range(n):
        out = TanGame(rules, orders[i], int(first[i]), strategies).play()
        ref = (-1 if out.loser is None else out.loser, out.draw, out.truncated, out.bouts, out.pickups,
               out.first_attacker)
        got = (int(batch.loser[i]), bool(batch.draw[i]), bool(batch.truncated[i]), int(batch.bouts[i]),
               int(batch.pickups[i]), int(batch.first_attacker[i]))
        expect(ref == got, f"seed {seed} game {i}: reference {ref}, batch {got}")


def replay_is_run(rules_table: dict, seat_tables: list, seeds) -> None:
    """``replay --seed S`` plays the first series of ``run``'s first chunk (several games, whole series)."""
    from cardodds.sim.tan.play_task import parse, play_chunk, replay_games

    params = parse({"rules": rules_table, "strategies": {"seats": seat_tables}}, "test")
    for seed in seeds:
        n = 3 * params.rules.series_length
        res = play_chunk(params, chunk_seed(seed, 0), n)[0]
        games = replay_games(seed, params.rules, params.strategies, chunk=n)  # the run's first chunk
        expect(len(games) == params.rules.series_length, f"seed {seed}: {len(games)} games replayed")
        for k, (_, out) in enumerate(games):
            got = ((-1 if out.loser is None else out.loser), out.first_attacker, out.bouts, out.pickups)
            ran = (res.loser[k], res.first_attacker[k], res.bouts[k], res.pickups[k])
            expect(got == ran, f"seed {seed} game {k}: replay {got}, run {ran}")
