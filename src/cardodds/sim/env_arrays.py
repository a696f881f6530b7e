"""The building blocks of a game's observation arrays (its ``env_form``): values in [0, 1], seats counted from the
seat that observes, so one network can play any seat."""

from __future__ import annotations

import numpy as np


def one_hot(index: int | None, size: int) -> np.ndarray:
    """``size`` zeros with a 1 at ``index`` (all zeros for None or a negative index)."""
    out = np.zeros(size, np.float32)
    if index is not None and index >= 0:
        out[index] = 1.0
    return out


def counts(items, index: dict, copies: int = 1) -> np.ndarray:
    """How many of each of ``index``'s keys ``items`` holds, over ``copies`` (the most a deck has of one)."""
    out = np.zeros(len(index), np.float32)
    for item in items:
        out[index[item]] += 1.0
    return out / copies


def seat_from(seat: int | None, me: int, players: int) -> int | None:
    """``seat`` counted from ``me`` (0 = me, 1 = the next in turn order …); None stays None."""
    return None if seat is None or seat < 0 else (seat - me) % players


def by_seat(values, me: int) -> list:
    """A per-seat list turned so that ``me`` comes first."""
    values = list(values)
    return values[me:] + values[:me]


def joined(parts) -> np.ndarray:
    """The parts as one float32 vector."""
    return np.concatenate([np.asarray(p, np.float32).ravel() for p in parts]).astype(np.float32)
