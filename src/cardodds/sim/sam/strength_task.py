"""``sam.strength``: every Sâm rung against every other on shared deals, seats swapped (:mod:`cardodds.sim.strength_task`).

A game's decider is its winner; the payoff is each seat's cược (the batch engine's ``pay``, zero-sum), so
``value.<a>.<b>`` is A's mean cược a game per seat.
"""

from __future__ import annotations

from pathlib import Path

from cardodds.sim import strength_task as st
from cardodds.sim.sam.batch import play_batch
from cardodds.sim.sam.players import seat_strategies
from cardodds.sim.sam.reference import deal_games
from cardodds.sim.sam.rules import SamRules, rules_from_table
from cardodds.sim.streams import DEAL, FIRST, PLAY, stream


def parse_player(spec, rules: SamRules, where: str):
    """One rung's player."""
    return seat_strategies(spec, rules.players, where)[0]


def deal(rules: SamRules, seed_seq, n: int):
    """The chunk's hands and first players (``sam.play``'s)."""
    return deal_games(stream(seed_seq, DEAL), n, rules, stream(seed_seq, FIRST))


def play(rules: SamRules, deals, seats, seed_seq):
    """Play each deal with ``seats[s]`` at seat ``s``: the winner per game and each seat's cược."""
    cards, leader = deals
    b = play_batch(rules, cards, leader, list(seats), rng=stream(seed_seq, PLAY))
    return b.winner, b.pay


GAME = st.Game(name="sam", parse_rules=rules_from_table, parse_player=parse_player, deal=deal, play=play,
               value_unit="cược per game per seat", value_name="cuoc")


def parse(sections: dict, where: str) -> st.StrengthParams:
    """``sam.strength`` parameters."""
    return st.parse(__name__, sections, where)


TASK = st.make_task(GAME, parse, st.labels(Path(__file__).parent))
