"""The rows of a batch-engine decision view as a user's player receives them, built straight from the rows.

What ``user_seat`` asks at a batch row is ``to_json(view_position(row))``, ``legal_moves`` of that position and
``decision_rng(game_seed, seat, bouts, table cards, covered, passes, decision)``; this module makes the same view,
moves and generator states without the ``Position`` round trip (``tests/tan/test_tan_user_rows.py`` holds them equal
over many decisions): card texts from chunk tables, the legal moves from bit masks, the generators' keys for all the
rows at once.
"""

from __future__ import annotations

import numpy as np

from cardodds.sim.tan.bits import BEAT_LUT
from cardodds.sim.tan.cards import N_CARDS, SUITS, format_card
from cardodds.sim.tan.position_json import _changed_rules
from cardodds.sim.tan.position_state import DECISIONS

_NAME = tuple(format_card(c, unicode=False) for c in range(N_CARDS))
_NAME_OR_NONE = _NAME + (None,)
"""``_NAME_OR_NONE[c]``: card ``c``'s text, None for -1 (an uncovered card's cover)."""
_RANK_LUT = np.array([0xF << (4 * (c >> 2)) for c in range(N_CARDS)] + [0], dtype=np.uint64)
"""``_RANK_LUT[c]``: the mask of every card of ``c``'s rank, 0 for -1."""
_LAST = ([], ["pass"], ["take"])
"""The move after the cards, by decision (``DECISIONS``: a lead must play a card)."""
CODE = {name: c for c, name in enumerate(_NAME)} | {"pass": -1, "take": -1}
"""A move's text to the engine's code (-1: pass or take)."""

_ROW = ("seat", "hand", "trump", "bottom", "stock_left", "disc", "attacker", "defender", "passes", "bouts", "n_attack")


def _chunk_texts(k: int) -> tuple:
    """Chunk ``k``'s texts (see ``_CHUNK_TEXTS``): a chunk's text is its lowest card's and the rest's."""
    out = [""]
    for b in range(1, 4096):
        low = (b & -b).bit_length() - 1
        out.append((_NAME[12 * k + low] + " " if 12 * k + low < N_CARDS else "") + out[b & (b - 1)])
    return tuple(out)


_CHUNK_TEXTS = tuple(_chunk_texts(k) for k in range(5))
"""``_CHUNK_TEXTS[k][b]``: the texts of the cards of 12-bit chunk ``k`` of a mask when that chunk is ``b``, each
followed by a space."""


def text(mask: int) -> str:
    """The cards of ``mask`` as text, ascending, space separated (``format_cards``)."""
    t = _CHUNK_TEXTS
    return (t[0][mask & 4095] + t[1][mask >> 12 & 4095] + t[2][mask >> 24 & 4095] + t[3][mask >> 36 & 4095]
            + t[4][mask >> 48])[:-1]


def names(mask: int) -> list[str]:
    """The texts of the cards of ``mask``, ascending (``format_cards`` split)."""
    return text(mask).split()


def _mix(z: np.ndarray) -> np.ndarray:
    """One splitmix64 step on uint64 arrays (``user_seat._mix``, wrapping)."""
    z = z + np.uint64(0x9E3779B97F4A7C15)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


def pcg_state(state: int, inc: int) -> dict:
    """A PCG64 ``bit_generator.state`` (nothing buffered)."""
    return {"bit_generator": "PCG64", "has_uint32": 0, "uinteger": 0, "state": {"state": state, "inc": inc}}


def rng_states(game_seed, seat, bouts, n, covered, passes, kind) -> list[tuple]:
    """The PCG64 states of ``user_seat.decision_rng`` for arrays of decisions (each place value below 2**16), as
    words ``(state low, state high, inc low, inc high)``."""
    u = [np.asarray(x).astype(np.int64).astype(np.uint64) for x in (seat, bouts, n, covered, passes, kind)]
    s16, s32, s48 = np.uint64(16), np.uint64(32), np.uint64(48)
    low = (u[2] << s48) ^ (u[3] << s32) ^ (u[4] << s16) ^ u[5]
    high = (u[0] << s16) ^ u[1]  # the packed place's bits above 64
    key = _mix(np.asarray(game_seed).astype(np.int64).astype(np.uint64) ^ _mix(low ^ high))
    ones = np.ones_like(key)
    return list(zip(_mix(key ^ np.uint64(1)).tolist(), key.tolist(), ones.tolist(), _mix(key ^ np.uint64(2)).tolist()))


class StateWriter:
    """Sets a PCG64 generator's state from ``rng_states`` words, through ``bit_generator.state`` (numpy's own door:
    writing its C struct directly is a third of the time, but leans on a layout numpy does not promise)."""

    def __init__(self, gen: np.random.Generator):
        self.bits = gen.bit_generator

    def set(self, words: tuple) -> None:
        """The generator's state: ``(state low, state high, inc low, inc high)``, nothing buffered."""
        self.bits.state = pcg_state(words[1] << 64 | words[0], words[3] << 64 | words[2])


def _table(flat: list, n: int) -> list:
    """The view's table from a row's first ``n`` (attack, cover) pairs, flattened."""
    pairs = iter(flat[: 2 * n])
    return [[_NAME[a], _NAME_OR_NONE[c]] for a, c in zip(pairs, pairs)]


def _columns(v, rows: np.ndarray, kind: str) -> tuple[list, list, list]:
    """What ``row_views`` reads of rows ``rows``, computed for all the rows at once: per row, a list of its fields
    (``_ROW``, its decision, taking, thrower, legal card mask, then per seat hand size, known cards, out), its table
    (flattened pairs) and its generator state."""
    col = {k: getattr(v, k)[rows] for k in _ROW}
    m, n = len(rows), col["n_attack"]
    width = int(n.max(initial=0))
    tab = v.table[rows, :width].astype(np.intp)
    tab[np.arange(width)[None, :] >= n[:, None]] = -1  # past the bout's cards
    covered = (tab[:, :, 1] >= 0).sum(axis=1)
    hand = col["hand"]
    if kind == "attack":
        lead = v.is_lead[rows]
        decision, taking, thrower = np.where(lead, 0, 1), v.taking[rows], np.full(m, -1)
        spread = np.bitwise_or.reduce(_RANK_LUT[tab].reshape(m, 2 * width), axis=1)
        fits = n < np.minimum(min(v.rules.attack_cap, 64), v.hand_sizes[col["defender"], rows] + covered)
        legal = np.where(lead, hand, np.where(fits, hand & spread, np.uint64(0)))
    else:
        decision, taking, thrower = np.full(m, 2), np.zeros(m, dtype=bool), v.thrower[rows]
        last = tab[np.arange(m), np.maximum(n - 1, 0), 0]
        legal = BEAT_LUT[66 * col["trump"].astype(np.intp) + 1 + last] & hand
    col["passes"] = np.where(decision == 1, col["passes"], 0)
    fields = [col[k] for k in _ROW] + [decision, taking, thrower, legal]
    seats = [v.hand_sizes[:, rows], v.known[:, rows], v.out[:, rows]]
    ints = np.concatenate([np.stack(fields).astype(np.int64)] + [x.astype(np.int64) for x in seats])
    states = rng_states(v.game_seed[rows], col["seat"], col["bouts"], n, covered, col["passes"], decision)
    return ints.T.tolist(), tab.reshape(m, 2 * width).tolist(), states


def row_views(v, rows: np.ndarray, kind: str):
    """``(seat, view, legal, rng state)`` of each row ``rows`` of a batch decision view (``kind`` "attack" or
    "defend"), one at a time."""
    rules, P = _changed_rules(v.rules), v.hand_sizes.shape[0]
    seats, k = range(P), len(_ROW) + 4
    for row, table, state in zip(*_columns(v, rows, kind)):
        seat, hand, trump, bottom, stock, disc, attacker, defender, passes, bouts, n, decision, taking, thrower, \
            legal = row[:k]
        out, hand = row[k + 2 * P:], text(hand)
        view = {"rules": dict(rules), "seat": seat, "decision": DECISIONS[decision], "hand": hand,
                "trump": SUITS[trump], "bottom": None if bottom < 0 else _NAME[bottom], "stock": stock,
                "discard": text(disc), "table": _table(table, n) if n else [], "attacker": attacker,
                "defender": defender, "hand_sizes": row[k:k + P],
                "known": [text(m) if m else "" for m in row[k + P:k + 2 * P]],
                "out": [s for s in seats if out[s]] if any(out) else [], "passes": passes, "bouts": bouts}
        if taking:
            view["taking"] = True
        if decision == 2:
            view["thrower"] = thrower
        yield seat, view, hand.split() if decision == 0 else names(legal) + _LAST[decision], state
