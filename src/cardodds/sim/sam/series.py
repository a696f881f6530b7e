"""Series play of Sâm (``[rules] series_length = N``): N games in a row at the same table, the previous game's
winner leading the next (the rules' "in series play the previous winner leads").

Readings:

- The winner of a game — the player who went out, the declarer of a successful Sâm, the holder of the credited tới
  trắng — is the next game's first player: they lead when nobody declares Sâm, and the declarations go round from
  them (so with two declarers the previous winner has priority, as the rule text gives the host or the previous
  winner).
- A game without a winner (a Sâm beaten with the game stopped there, a void game) leaves the first player as it was.
- The first game's first player is the dealt one (``first_leader``); each game takes the next deal of the chunk's
  DEAL stream; the strategies' PLAY stream runs on from game to game.

:func:`play_series` is the reference (one game at a time); :func:`play_series_batch` plays many series at once, one
game of every series per batch, and agrees with it game for game (``tests/sam/test_sam_series.py``).
"""

from __future__ import annotations

import numpy as np

from cardodds.sim.sam.batch import BatchResult
from cardodds.sim.sam.compiled import play_batch_auto
from cardodds.sim.sam.reference import GameResult, play_game
from cardodds.sim.sam.rules import SamRules


def next_leader(winner: np.ndarray, leader: np.ndarray) -> np.ndarray:
    """The next game's first player: this game's winner, or the same first player when nobody won."""
    return np.where(winner >= 0, winner, leader)


def play_series(cards: np.ndarray, leader: int, rules: SamRules, strategies, rng=None,
                log: bool = False) -> list[GameResult]:
    """One series: a game per deal of ``cards`` (N, P, 10), the first led by ``leader``."""
    games = []
    for deal in cards:
        res = play_game(deal, leader, rules, strategies, rng=rng, log=log)
        games.append(res)
        leader = int(next_leader(np.array(res.winner), np.array(leader)))
    return games


def play_series_batch(cards: np.ndarray, leader: np.ndarray, rules: SamRules, strategies,
                      rng=None) -> list[BatchResult]:
    """Many series at once: ``cards`` (S, N, P, 10), first players ``leader`` (S,); one result per game of the
    series (the k-th holds game k of every series)."""
    out = []
    leader = np.asarray(leader, np.int64)
    for k in range(cards.shape[1]):
        b = play_batch_auto(rules, cards[:, k], leader, strategies, rng=rng)
        out.append(b)
        leader = next_leader(b.winner, leader)
    return out
