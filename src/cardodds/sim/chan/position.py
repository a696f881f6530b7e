"""Chắn mid-game positions: the protocol of :mod:`cardodds.sim.position` for Chắn.

The parts: the position and its view game (:mod:`cardodds.sim.chan.position_state`), its JSON form and checks
(:mod:`cardodds.sim.chan.position_json`), positions cut from a replayed game (:mod:`cardodds.sim.chan.position_cut`)
and the moves played out in dealt worlds on the batch engine (:mod:`cardodds.sim.chan.position_play`).  The JSON
form, with an example, is docs/rules.md §1.12.
"""

from __future__ import annotations

from cardodds.sim.chan.position_cut import cut, decisions
from cardodds.sim.chan.position_json import from_json, to_json
from cardodds.sim.chan.position_play import check_players, expert_outcomes, expert_pick, play_out
from cardodds.sim.chan.position_state import Position, legal_moves

MEASURES = {
    "win": ("chance", "the seat wins (ù)"),
    "draw": ("chance", "the game is drawn (hòa: the nọc runs out)"),
    "points": ("points", "the seat's net points (a win takes its points from each of the 3 others, a loss pays the "
                         "winner's, a draw nothing: the chan.play task's points.game)"),
}
RANK_BY = ("points", +1)
DEFAULT_PLAYERS = "tuned"
"""The strongest player the batch engine plays (the expert plays on the reference engine only)."""
DEFAULT_WORLDS = 300
"""Worlds a move: advising the cái's opening discard (12-16 moves) with tuned players takes about 1.3 s of one
core, a mid-game act 0.6 s (``benchmarks/bench_advise.py --game chan``)."""


def exact(position: Position, moves) -> None:
    """None: a Chắn position has no exact move values (a wait's next-card chance is ``Outcomes.info``)."""
    return None


__all__ = ["MEASURES", "RANK_BY", "DEFAULT_PLAYERS", "DEFAULT_WORLDS", "Position", "check_players", "cut", "decisions",
           "exact", "expert_outcomes", "expert_pick", "from_json", "legal_moves", "play_out", "to_json"]
