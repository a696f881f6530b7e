"""Tấn mid-game positions (the protocol of :mod:`cardodds.sim.position`; the JSON form in docs/rules.md §3.11).

A position is what one seat knows at one of its attack, add (tấn cùng) or defence decisions
(``position_state.Position``); its JSON codec and checks are in ``position_json``, the cut from a replayed game in
``position_cut``, the play-out and the exact endgame values in ``position_play``.  Moves are card texts (``"10h"``),
``"pass"`` (an adder adds nothing) and ``"take"`` (the defender picks up, lên).

The expert's own search is a play-out: ``play_out(p, expert_moves(p, e), e.rollout, e.worlds, game_seed)`` plays
its candidates in its determinizations (world ``j`` is its determinization ``j`` for a game seeded ``game_seed``),
and ``expert_pick`` applies its rule (fewest losses, then fewest bouts, then the earlier candidate).
"""

from __future__ import annotations

import sys

from cardodds.sim.tan.position_cut import cut, decisions
from cardodds.sim.tan.position_json import from_json, to_json
from cardodds.sim.tan.position_play import check_players, exact, expert_moves, expert_pick, play_out
from cardodds.sim.tan.position_state import Position, legal_moves

MEASURES = {"lose": ("chance", "chance to lose (left holding cards at the end)"),
            "draw": ("chance", "chance of a draw (the last bout empties every hand)")}
RANK_BY = ("lose", -1)
DEFAULT_PLAYERS = "tuned"
"""The strongest player fast enough to play every seat of thousands of worlds: ``tuned`` plays out about 90,000
games a second from a 4-player mid-game on one core, the ``expert`` (a search at each of its decisions) about 3."""
DEFAULT_WORLDS = 8000
"""Worlds per move: an advise of a typical 4-player mid-game position (8 legal moves) takes about 0.7 s on one core,
the first lead of a 6-player game about 1.2 s (``benchmarks/bench_advise.py --game tan``)."""

POSITIONS = sys.modules[__name__]
"""This module, for ``GameSpec.position`` (``resolve`` takes ``"module:attribute"`` references, not bare modules)."""

__all__ = ["Position", "from_json", "to_json", "cut", "decisions", "legal_moves", "check_players", "play_out", "exact",
           "MEASURES", "RANK_BY", "DEFAULT_PLAYERS", "DEFAULT_WORLDS", "expert_moves", "expert_pick"]
