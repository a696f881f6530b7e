"""The rows of a batch-engine decision view as a user's player receives them, built straight from the rows.

What ``user_seat`` asks at a batch row is ``to_json(view_position(row))``, ``legal_moves`` of that position and
``decision_rng(game_seed, seat, bouts, table cards, covered, passes, decision)``; this module makes the same view,
moves and generator states without the ``Position`` round trip (``tests/tan/test_tan_user_rows.py`` holds them equal
over many decisions): card texts from byte tables, the legal moves from bit masks, the generators' keys for all the
rows at once.
"""

from __future__ import annotations

import numpy as np

from cardodds.sim.tan.bits import BEAT_LUT
from cardodds.sim.tan.cards import N_CARDS, SUITS, format_card
from cardodds.sim.tan.position_json import _changed_rules

_NAME = tuple(format_card(c, unicode=False) for c in range(N_CARDS))
_BYTE_NAMES = tuple(tuple(tuple(_NAME[8 * k + i] for i in range(8) if b >> i & 1 and 8 * k + i < N_CARDS)
                          for b in range(256)) for k in range(8))
"""``_BYTE_NAMES[k][b]``: the texts of the cards of byte ``k`` of a mask when that byte is ``b``, ascending."""
_BEAT = [int(x) for x in BEAT_LUT]
_RANKS = [0xF << (4 * (c >> 2)) for c in range(N_CARDS)]
"""``_RANKS[c]``: the mask of every card of ``c``'s rank."""
CODE = {name: c for c, name in enumerate(_NAME)} | {"pass": -1, "take": -1}
"""A move's text to the engine's code (-1: pass or take)."""

_ROW = ("seat", "hand", "trump", "bottom", "stock_left", "disc", "attacker", "defender", "passes", "bouts", "n_attack")


def names(mask: int) -> list[str]:
    """The texts of the cards of ``mask``, ascending (``format_cards`` split)."""
    out: list = []
    k = 0
    while mask:
        if mask & 255:
            out += _BYTE_NAMES[k][mask & 255]
        mask >>= 8
        k += 1
    return out


def _mix(z: np.ndarray) -> np.ndarray:
    """One splitmix64 step on uint64 arrays (``user_seat._mix``, wrapping)."""
    z = z + np.uint64(0x9E3779B97F4A7C15)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


def rng_states(game_seed, seat, bouts, n, covered, passes, kind) -> list[tuple[int, int]]:
    """``(state, inc)`` of ``user_seat.decision_rng`` for arrays of decisions (each place value below 2**16)."""
    u = [np.asarray(x).astype(np.int64).astype(np.uint64) for x in (seat, bouts, n, covered, passes, kind)]
    s16, s32, s48 = np.uint64(16), np.uint64(32), np.uint64(48)
    low = (u[2] << s48) ^ (u[3] << s32) ^ (u[4] << s16) ^ u[5]
    high = (u[0] << s16) ^ u[1]  # the packed place's bits above 64
    key = _mix(np.asarray(game_seed).astype(np.int64).astype(np.uint64) ^ _mix(low ^ high))
    return [((k << 64) | m1, (m2 << 64) | 1) for k, m1, m2 in zip(key.tolist(), _mix(key ^ np.uint64(1)).tolist(),
                                                                  _mix(key ^ np.uint64(2)).tolist())]


def row_views(v, rows: np.ndarray, kind: str):
    """``(seat, view, legal, rng state)`` of each row ``rows`` of a batch decision view (``kind`` "attack" or
    "defend"), one at a time."""
    cols = [getattr(v, k)[rows].tolist() for k in _ROW]
    P = v.hand_sizes.shape[0]
    sizes, known, out = (getattr(v, k)[:, rows].T.tolist() for k in ("hand_sizes", "known", "out"))
    width = max(cols[-1], default=0)
    tab = v.table[rows, :width]
    covered = ((tab[:, :, 1] >= 0) & (np.arange(width)[None, :] < v.n_attack[rows][:, None])).sum(axis=1)
    if kind == "attack":
        lead, taking = v.is_lead[rows].tolist(), v.taking[rows].tolist()
        decision = ["attack" if x else "add" for x in lead]
        thrower = [-1] * len(rows)
    else:
        decision, taking, thrower = ["defend"] * len(rows), [False] * len(rows), v.thrower[rows].tolist()
    passes = [p if d == "add" else 0 for p, d in zip(cols[8], decision)]
    kinds = [0 if d == "attack" else 1 if d == "add" else 2 for d in decision]
    states = rng_states(v.game_seed[rows], cols[0], cols[9], cols[10], covered, passes, kinds)
    rules = _changed_rules(v.rules)
    cap = min(v.rules.attack_cap, 64)
    for i, (table, row) in enumerate(zip(tab.tolist(), zip(*cols))):
        seat, hand, trump, bottom, stock, disc, attacker, defender, _, bouts, n = row
        table = table[:n]
        hand_names = names(hand)
        view = {"rules": dict(rules), "seat": seat, "decision": decision[i], "hand": " ".join(hand_names),
                "trump": SUITS[trump], "bottom": None if bottom < 0 else _NAME[bottom], "stock": stock,
                "discard": " ".join(names(disc)),
                "table": [[_NAME[a], None if c < 0 else _NAME[c]] for a, c in table],
                "attacker": attacker, "defender": defender, "hand_sizes": sizes[i],
                "known": [" ".join(names(k)) if k else "" for k in known[i]],
                "out": [s for s in range(P) if out[i][s]], "passes": passes[i], "bouts": bouts}
        if taking[i]:
            view["taking"] = True
        if decision[i] == "defend":
            view["thrower"] = thrower[i]
            legal = names(_BEAT[66 * trump + 1 + table[-1][0]] & hand) + ["take"]
        elif decision[i] == "add":
            spread = 0
            for a, c in table:
                spread |= _RANKS[a] | (_RANKS[c] if c >= 0 else 0)
            fits = n < min(cap, sizes[i][defender] + int(covered[i]))
            legal = (names(hand & spread) if fits else []) + ["pass"]
        else:
            legal = hand_names
        yield seat, view, legal, states[i]
