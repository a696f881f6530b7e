"""The batch engine's decision views (``cardodds.sim.tan.batch``, a strategy's ``attack_batch`` / ``defend_batch``
argument) row by row: as the reference engine's views, and as the seat's
:class:`~cardodds.sim.tan.position_state.Position`."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from cardodds.sim.tan.cards import from_mask
from cardodds.sim.tan.position_cut import view_position
from cardodds.sim.tan.position_state import Position

_ROW = ("seat", "hand", "trump", "bottom", "stock_left", "disc", "attacker", "defender", "passes", "bouts", "n_attack",
        "game_seed")
_EXTRA = {"attack": ("is_lead", "taking"), "defend": ("thrower",)}


def deciding_rows(v) -> np.ndarray:
    """The rows of a batch view where the seat is asked: a legal card, the game running, this strategy's seat (the
    reference engine asks nobody without a legal card), the move not given (``forced``)."""
    return np.nonzero((v.legal != 0) & v.live & v.decide & ~getattr(v, "forced", False))[0]


def rows_of(v, rows: np.ndarray, kind: str):
    """Rows ``rows`` of a batch-engine decision view as reference-engine views (what ``view_position`` reads), one at
    a time (a list of them all would keep the garbage collector busy)."""
    cols = [getattr(v, k)[rows].tolist() for k in _ROW]
    extra = zip(*(getattr(v, k)[rows].tolist() for k in _EXTRA[kind]))
    tables = v.table[rows, : max(cols[-2], default=0)].tolist()
    seats = (getattr(v, k)[:, rows].T.tolist() for k in ("hand_sizes", "known", "out"))
    for row, table, sizes, known, out, more in zip(zip(*cols), tables, *seats, extra):
        seat, hand, trump, bottom, stock, disc, attacker, defender, passes, bouts, n, seed = row
        view = SimpleNamespace(
            rules=v.rules, seat=seat, hand=from_mask(hand), trump=trump, bottom=None if bottom < 0 else bottom,
            stock_left=stock, discard=from_mask(disc), attack=[a for a, _ in table[:n]],
            cover=[c for _, c in table[:n] if c >= 0], attacker=attacker, defender=defender, hand_sizes=sizes,
            known=[from_mask(k) if k else [] for k in known], out=out, passes=passes, bouts=bouts, game_seed=seed,
            is_lead=False)
        if kind == "attack":
            view.is_lead, view.taking = more
        else:
            view.thrower = more[0]
        yield view


def row_position(v, row: int, kind: str) -> Position:
    """The position of one row of a batch view (``kind``: "attack" or "defend", the engine's method)."""
    return view_position(next(rows_of(v, np.array([row]), kind)), kind)
