"""A 64-bit mixing hash for randomness that must be a function of what a player sees (not of a random stream)."""

from __future__ import annotations

import numpy as np

GOLDEN = np.uint64(0x9E3779B97F4A7C15)
"""2**64 / the golden ratio: splitmix64's increment, and a good odd multiplier to spread small numbers."""


def mix64(x) -> np.ndarray:
    """splitmix64's finaliser on uint64 values, vectorised (wrapping arithmetic): spreads every input bit over all
    64 output bits."""
    x = np.asarray(x, np.uint64)
    with np.errstate(over="ignore"):
        x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return x ^ (x >> np.uint64(31))
