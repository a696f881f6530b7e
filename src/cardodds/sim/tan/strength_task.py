"""``tan.strength``: every Tấn rung against every other on shared deals, seats swapped (:mod:`cardodds.sim.strength_task`).

A game's decider is its loser (a draw or a game cut short at ``max_bouts``: none, ½ each side).  Seatings whose
every seat is a compiled player play the compiled engine, as ``tan.play`` does (the same outcomes as numpy).
"""

from __future__ import annotations

from pathlib import Path

from cardodds.sim import strength_task as st
from cardodds.sim.streams import PLAY, stream
from cardodds.sim.tan import compiled
from cardodds.sim.tan.deal import deal_chunk
from cardodds.sim.tan.players import seat_strategies
from cardodds.sim.tan.rules import TanRules


def parse_player(spec, rules: TanRules, where: str):
    """One rung's player."""
    return seat_strategies(spec, rules.players, where)[0]


def deal(rules: TanRules, seed_seq, n: int):
    """The chunk's deals and first attackers (``tan.play``'s)."""
    return deal_chunk(rules, seed_seq, n)


def play(rules: TanRules, deals, seats, seed_seq):
    """Play each deal with ``seats[s]`` at seat ``s``: the loser per game (-1: none) and no payoff."""
    orders, first = deals
    res = compiled.play_batch_auto(rules, orders, first, tuple(seats), rng=stream(seed_seq, PLAY))
    return res.loser, None


GAME = st.Game(name="tan", parse_rules=TanRules.from_table, parse_player=parse_player, deal=deal, play=play,
               by_loser=True)


def parse(sections: dict, where: str) -> st.StrengthParams:
    """``tan.strength`` parameters."""
    return st.parse(__name__, sections, where)


TASK = st.make_task(GAME, parse, st.labels(Path(__file__).parent))
