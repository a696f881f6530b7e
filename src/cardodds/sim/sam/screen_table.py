"""The ``bayes`` declarer's screen (:func:`cardodds.sim.sam.declare.screen`) answered for every hand, shipped.

A hand is its rank counts: 566,280 of them hold ten cards.  For the rules options the screen reads (the move table's
``straights`` and ``quad_beats``, ``no_finish_on_two``) at their defaults, the default floor and 1..4 opponents, the
screen's answer for every hand is kept in ``screen_table.npz`` beside this module (one bit a hand), made by running
the screen itself on all of them::

    python -m cardodds.sim.sam.make_screen_table

A test runs the screen on every hand again and compares.  A hand is found by its place in the lexicographic order
of the count vectors (:func:`hand_index`: thirteen look-ups).  Other options, floors and hands of other sizes are
screened as before.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import numpy as np

from cardodds.sim.sam.cards import HAND_SIZE, N_RANKS
from cardodds.sim.sam.rules import SamRules

PATH = Path(__file__).with_name("screen_table.npz")
FLOOR = 0.1
"""The screen's floor the table is made for (the ``bayes`` declarer's)."""
OPPONENTS = (1, 2, 3, 4)


def rules_key(rules: SamRules) -> tuple:
    """The rules options the screen reads."""
    return rules.straights, rules.chop_two, rules.chop_quad, rules.chop_pair_two, rules.no_finish_on_two


TABLE_KEY = rules_key(SamRules())


@lru_cache(maxsize=None)
def _completions() -> np.ndarray:
    """(14, 11) int64: ``[r, s]`` the count vectors of ranks r.. that hold s cards (at most 4 of a rank)."""
    out = np.zeros((N_RANKS + 1, HAND_SIZE + 1), np.int64)
    out[N_RANKS, 0] = 1
    for r in range(N_RANKS - 1, -1, -1):
        for c in range(5):
            out[r, c:] += out[r + 1, : HAND_SIZE + 1 - c]
    return out


@lru_cache(maxsize=None)
def _skipped() -> np.ndarray:
    """(13 * 11 * 5,) int64: ``[(r * 11 + s) * 5 + c]`` the hands skipped over by holding c of rank r with s cards
    still to place: those holding fewer of it (ranks before r equal)."""
    comp = _completions()
    out = np.zeros((N_RANKS, HAND_SIZE + 1, 5), np.int64)
    for r in range(N_RANKS):
        for s in range(HAND_SIZE + 1):
            for c in range(1, 5):
                out[r, s, c] = out[r, s, c - 1] + (comp[r + 1, s - c + 1] if s - c + 1 >= 0 else 0)
    return out.ravel()


N_HANDS = int(_completions()[0, HAND_SIZE])


def hand_index(hands: np.ndarray) -> np.ndarray:
    """(n,) int64: each ten-card hand's (n, 13) place among all of them in lexicographic order of the counts."""
    hands = np.asarray(hands, np.int64)
    left = HAND_SIZE - (np.cumsum(hands, axis=1) - hands)  # cards still to place at each rank
    flat = (np.arange(N_RANKS) * (HAND_SIZE + 1) + left) * 5 + hands
    return _skipped()[flat].sum(1)


def all_hands() -> np.ndarray:
    """(N_HANDS, 13) int8: every ten-card hand, in :func:`hand_index` order."""
    rows = np.zeros((1, 0), np.int8)
    for r in range(N_RANKS):
        held = rows.sum(1)
        last = r == N_RANKS - 1
        parts = [np.concatenate([rows, np.full((len(rows), 1), c, np.int8)], axis=1)[
                     (held + c == HAND_SIZE) if last else (held + c <= HAND_SIZE)] for c in range(5)]
        rows = np.concatenate(parts)
        rows = rows[np.lexsort(rows.T[::-1])]
    return rows


def pack(answers: dict[int, np.ndarray]) -> dict[str, np.ndarray]:
    """The file's arrays from the screen's answers on :func:`all_hands` per number of opponents."""
    out = {f"opponents_{k}": np.packbits(answers[k]) for k in OPPONENTS}
    out["key"] = np.array([repr(TABLE_KEY), repr(FLOOR)])
    return out


@lru_cache(maxsize=None)
def _load() -> dict[int, np.ndarray]:
    with np.load(PATH) as f:
        if list(f["key"]) != [repr(TABLE_KEY), repr(FLOOR)]:
            return {}
        return {k: np.unpackbits(f[f"opponents_{k}"], count=N_HANDS).astype(bool) for k in OPPONENTS}


def lookup(hands: np.ndarray, opponents: int, rules: SamRules, floor: float) -> np.ndarray | None:
    """The screen of ``hands`` (n, 13) read from the table, or None when the table does not hold it (other options,
    floor or opponents, or a hand not of ten cards)."""
    if floor != FLOOR or opponents not in OPPONENTS or rules_key(rules) != TABLE_KEY or not PATH.exists():
        return None
    hands = np.asarray(hands, np.int64)
    if not (np.all(hands.sum(1) == HAND_SIZE) and np.all((hands >= 0) & (hands <= 4))):
        return None
    table = _load().get(opponents)
    return None if table is None else table[hand_index(hands)]

