"""The learning-code form (:mod:`cardodds.sim.sam.env_form`) of many decisions at once: an engine's decision
:class:`~cardodds.sim.sam.strategies.View` (with the public state and the cards, as a user seat gets it) as
observation and legal-action mask arrays, numpy over the deciding rows; row ``i`` exactly
``env_form.observe(position_of_view(view, rows[i]))`` and the mask of that position's ``legal_moves``.

The actions are ``env_form.actions(rules)``: action ``m`` is move id ``m`` of the rules' move table, the last one
(``table.n``) is ``pass``.
"""

from __future__ import annotations

import functools

import numpy as np

from cardodds.sim.sam.cards import HAND_SIZE
from cardodds.sim.sam.env_form import CHAIN_VALUE_SCALE, DECK, observation_slices
from cardodds.sim.sam.hand import STRAIGHT
from cardodds.sim.sam.strategies import PASS

_slices = functools.lru_cache(observation_slices)


def observations(view, rows: np.ndarray) -> np.ndarray:
    """``(len(rows), observation_size)`` float32: rows ``rows`` of ``view`` as ``env_form.observe`` sees them."""
    P, n, table, pub = view.n_cards.shape[1], rows.shape[0], view.table, view.public
    part = _slices(P)
    me = view.actor[rows]
    turned = (me[:, None] + np.arange(P)) % P  # column k: the seat k places after the observer
    out = np.zeros((n, part["bao_1"].stop), dtype=np.float32)
    _cards(out, part["hand"].start, view.hand_cards[rows][:, None])
    played = view.played_cards[rows[:, None], turned]  # (n, P, 10), seats from the observer on
    _cards(out, part["played"].start, played)
    left = HAND_SIZE - (played >= 0).sum(axis=2)
    out[:, part["counts"]] = left / HAND_SIZE  # float64 then float32, as observe's
    cur = view.current[rows]
    lead = cur == table.LEAD
    beat = np.flatnonzero(~lead)
    at = part["to_beat"].start
    out[beat, at: at + table.need.shape[1]] = table.need[cur[beat]] / 4.0
    out[beat, part["to_beat"].stop - 2] = table.kind[cur[beat]] == STRAIGHT
    out[lead, part["to_beat"].stop - 1] = 1.0
    out[beat, part["by"].start + (pub.last[rows][beat] - me[beat]) % P] = 1.0
    out[:, part["passed"]] = pub.passed[rows][:, None] >> turned & 1
    _seat_or_none(out, part["declarer"], view.declarer[rows], me, P)
    total, links = pub.chain[rows, 0], pub.chain[rows, 1]
    on = links > 0
    chain = part["chain"].start
    out[:, chain] = on
    out[:, chain + 1] = np.where(on, np.minimum(links, P) / P, 0.0)
    out[:, chain + 2] = np.where(on, np.minimum(total, CHAIN_VALUE_SCALE) / CHAIN_VALUE_SCALE, 0.0)
    _seat_or_none(out, part["den"], pub.den[rows, 0], me, P)
    out[:, part["bao_1"].start] = (left == 1).any(axis=1)
    return out


def _cards(out: np.ndarray, start: int, cards: np.ndarray) -> None:
    """Marks card ids ``cards`` (n, k, 10; -1 in empty slots) as card vectors, one run of ``DECK`` per ``k``, from
    column ``start`` of ``out``."""
    row, run, slot = np.nonzero(cards >= 0)
    out[row, start + DECK * run + cards[row, run, slot]] = 1.0


def _seat_or_none(out: np.ndarray, part: slice, seat: np.ndarray, me: np.ndarray, P: int) -> None:
    """A one-hot of ``seat`` counted from ``me`` in ``part`` (P + 1 wide), its last place for none (-1)."""
    out[np.arange(seat.shape[0]), part.start + np.where(seat < 0, P, (seat - me) % P)] = 1.0


def legal_masks(legal: np.ndarray, may_pass: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """``(len(rows), table.n + 1)`` int8: 1 for each legal action (``legal``: the engine's (N, table.n) legal moves;
    ``may_pass``: (N,) whether the row may pass, the last action)."""
    return np.concatenate([legal[rows], may_pass[rows, None]], axis=1).astype(np.int8)


def moves(actions: np.ndarray, n_moves: int) -> np.ndarray:
    """The engine's moves of ``actions``: the move id, ``PASS`` for the last action (``n_moves``: ``table.n``)."""
    return np.where(actions == n_moves, PASS, actions).astype(np.int64)
