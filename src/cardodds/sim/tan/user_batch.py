"""The batch form of a Tấn user player (:mod:`cardodds.sim.user_batch`): the arrays of Tấn's batch engine.

``observations`` rows are ``env_form.observe(position)``; ``masks`` mark the legal actions of
``env_form.actions(rules)`` (each deck card, then "pass", "take").  ``decide`` stays the form the reference engine
(replays, play-outs) asks; a player that defines only ``decide_batch`` is asked there as a batch of one
(:func:`decide_position`).
"""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from cardodds.sim.tan import env_batch
from cardodds.sim.tan.batch_rows import row_position
from cardodds.sim.tan.env_form import actions, observe
from cardodds.sim.tan.position_json import to_json
from cardodds.sim.tan.position_state import DECISIONS, PASS, Position, legal_moves
from cardodds.sim.user_batch import BatchRows, asked


def step_place(v, rows: np.ndarray, kind: str) -> tuple[int, ...]:
    """``(seed, place...)`` of one engine step's call (for ``user_seat.decision_rng``): a function of the deciding
    games' seeds and hands, so the same chunk gives the same draws (a game's draws depend on the games deciding with
    it: a game replayed alone sees other draws)."""
    key = np.bitwise_xor.reduce(v.game_seed[rows].astype(np.uint64) ^ v.hand[rows] * np.uint64(0x9E3779B97F4A7C15))
    return int(key), rows.shape[0], int(v.n_attack[rows[0]]), 7 + (kind == "defend")


def decide_rows(player, v, rows: np.ndarray, kind: str, rng) -> np.ndarray:
    """The engine's moves (a card id, -1 to pass or take) of rows ``rows`` of batch view ``v``, decided by
    ``player.decide_batch`` in one call."""
    dec = env_batch.decisions(v, rows, kind)
    observations = env_batch.observations(v, rows, dec)
    masks = env_batch.legal_masks(v, rows, dec)
    return _asked(player, observations, masks, rng, v.seat[rows], dec, lambda i: row_position(v, rows[i], kind))


def decide_position(player, position: Position, rng) -> int:
    """The move (a card id, or ``PASS``) ``player.decide_batch`` makes at ``position``, asked as a batch of one (the
    scalar form of a player that defines only the batch form)."""
    legal = set(legal_moves(position))
    masks = np.array([[a in legal for a in actions(position.rules)]], dtype=np.int8)
    dec = np.array([DECISIONS.index(position.decision)])
    return int(_asked(player, observe(position)[None], masks, rng, np.array([position.seat]), dec,
                      lambda i: position)[0])


def _asked(player, observations, masks, rng, seat, dec, position_of) -> np.ndarray:
    """Ask ``player.decide_batch`` (``seat``, ``dec``: each row's seat and decision index; ``position_of(i)``: row
    ``i``'s position, built only for a message); the engine's moves."""
    rows = BatchRows(game="tan", seats=seat, decisions=np.asarray(DECISIONS)[dec],
                     position_json=lambda i: to_json(position_of(i)),
                     legal_text=lambda i: legal_moves(position_of(i)),
                     action_names=actions(SimpleNamespace(deck=masks.shape[1] - 2)))
    answer = asked(player, observations, masks, rng, rows)
    D = masks.shape[1] - 2
    return np.where(answer < D, answer + (52 - D), PASS).astype(np.int16)
