"""The learning-code form (:mod:`cardodds.sim.tan.env_form`) of many decisions at once: the batch engine's decision
view (a strategy's ``attack_batch`` / ``defend_batch`` argument) as observation and legal-move mask arrays, numpy over
the deciding rows, row ``i`` exactly ``env_form.observe(position)`` and the mask of ``legal_moves(position)`` of that
row's position (``batch_rows.row_position``)."""

from __future__ import annotations

import functools

import numpy as np

from cardodds.sim.tan import bits
from cardodds.sim.tan.env_form import observation_size, observation_slices

_slices = functools.lru_cache(observation_slices)


def decisions(v, rows: np.ndarray, kind: str) -> np.ndarray:
    """Each row's decision as an index of ``position_state.DECISIONS`` (0 attack, 1 add, 2 defend); ``kind`` the
    engine's method, "attack" or "defend"."""
    if kind == "defend":
        return np.full(rows.shape[0], 2, dtype=np.intp)
    return np.where(v.is_lead[rows], 0, 1)


def card_bits(masks: np.ndarray, deck: int) -> np.ndarray:
    """``(n, k)`` card masks as ``(n, k * deck)`` 0/1 bytes, each mask's cards in the deck's order."""
    n, k = masks.shape
    raw = np.ascontiguousarray(masks, dtype="<u8").view(np.uint8).reshape(n, k, 8)
    return np.unpackbits(raw, axis=2, bitorder="little")[:, :, 52 - deck: 52].reshape(n, k * deck)


def observations(v, rows: np.ndarray, dec: np.ndarray) -> np.ndarray:
    """``(len(rows), observation_size)`` float32: rows ``rows`` of view ``v`` as ``env_form.observe`` sees them
    (``dec``: :func:`decisions`)."""
    rules = v.rules
    D, P, n = rules.deck, rules.players, rows.shape[0]
    part = _slices(D, P)
    seat = v.seat[rows]
    turned, col = (seat[:, None] + np.arange(P)) % P, rows[:, None]  # per-seat values from each row's seat on
    masks = np.empty((n, 5 + P), dtype=bits.U64)
    for k, mask in enumerate((v.hand, v.disc, v.att, v.cov)):
        masks[:, k] = mask[rows]
    masks[:, 4] = bits.bit(v.bottom[rows])
    masks[:, 5:] = v.known[turned, col]
    out = np.zeros((n, observation_size(rules)), dtype=np.float32)
    out[:, : part["trump"].start] = card_bits(masks, D)
    i = np.arange(n)
    out[i, part["trump"].start + v.trump[rows]] = 1.0
    out[i, part["decision"].start + dec] = 1.0
    out[i, part["attacker"].start + (v.attacker[rows] - seat) % P] = 1.0
    out[i, part["defender"].start + (v.defender[rows] - seat) % P] = 1.0
    out[:, part["stock"].start] = v.stock_left[rows] / D  # float64 then float32, as observe's Python floats
    out[:, part["hand_sizes"]] = v.hand_sizes[turned, col] / D
    out[:, part["out"]] = v.out[turned, col]
    out[:, part["passes"].start] = np.where(dec == 1, np.minimum(v.passes[rows], P), 0) / P
    if hasattr(v, "taking"):  # the attack step's view (a defence never decides while the defender takes)
        out[:, part["taking"].start] = v.taking[rows]
    return out


def legal_masks(v, rows: np.ndarray, dec: np.ndarray) -> np.ndarray:
    """``(len(rows), deck + 2)`` int8: 1 for each legal action of ``env_form.actions`` (cards, "pass", "take")."""
    D = v.rules.deck
    out = np.zeros((rows.shape[0], D + 2), dtype=np.int8)
    out[:, :D] = card_bits(v.legal[rows][:, None], D)
    out[:, D] = dec == 1
    out[:, D + 1] = dec == 2
    return out
