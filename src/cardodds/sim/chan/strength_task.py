"""``chan.strength``: every Chắn rung against every other on shared deals, seats swapped
(:mod:`cardodds.sim.strength_task`).

A game's decider is its winner (a draw: none, ½ each side); the payoff is each seat's net points (a win takes its
points from each of the three others).  Seatings the batch engine plays go there, others (``random``, ``expert``)
to the reference engine, game by game.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from cardodds.sim import strength_task as st
from cardodds.sim.chan.batch import batch_supports, play_batch
from cardodds.sim.chan.deal import deal_orders
from cardodds.sim.chan.players import seat_strategies
from cardodds.sim.chan.reference import ChanGame, play_game
from cardodds.sim.chan.rules import ChanRules
from cardodds.sim.options import from_table
from cardodds.sim.streams import DEAL, PLAY, stream

BLOCK = 8192
"""Games per batch-engine call: bounds memory whatever the chunk size."""


def parse_rules(table, where: str) -> ChanRules:
    """The ``[rules]`` table."""
    return from_table(ChanRules, table, where)


def parse_player(spec, rules: ChanRules, where: str):
    """One rung's player."""
    return seat_strategies(spec, rules.players, where)[0]


def deal(rules: ChanRules, seed_seq, n: int):
    """The chunk's deals (``chan.play``'s)."""
    return deal_orders(stream(seed_seq, DEAL), n)


def play(rules: ChanRules, orders, seats, seed_seq):
    """Play each deal with ``seats[s]`` at seat ``s``: the winner per game (-1: a draw) and each seat's net points."""
    n, P = orders.shape[0], rules.players
    seats = tuple(seats)
    if batch_supports(seats, rules):
        winner, points = np.empty(n, np.int64), np.empty(n, np.int64)
        for start in range(0, n, BLOCK):
            res = play_batch(rules, orders[start:start + BLOCK], seats)
            winner[start:start + BLOCK], points[start:start + BLOCK] = res.winner, res.points
    else:
        rng = stream(seed_seq, PLAY)
        games = [play_game(ChanGame.from_order(rules, order), seats, rng) for order in orders]
        winner = np.array([-1 if g.winner is None else g.winner for g in games], np.int64)
        points = np.array([0 if g.winner is None else g.points for g in games], np.int64)
    won = winner >= 0
    net = np.where(np.arange(P)[None, :] == winner[:, None], (P - 1) * points[:, None], -points[:, None])
    return winner, np.where(won[:, None], net, 0)


GAME = st.Game(name="chan", parse_rules=parse_rules, parse_player=parse_player, deal=deal, play=play,
               value_unit="points per game per seat")


def parse(sections: dict, where: str) -> st.StrengthParams:
    """``chan.strength`` parameters."""
    return st.parse(__name__, sections, where)


TASK = st.make_task(GAME, parse, st.labels(Path(__file__).parent))
