"""Hashes: a run's identity (SHA-256 of canonical JSON), and a 64-bit mixing hash for randomness that must be a
function of what a player sees (not of a random stream)."""

from __future__ import annotations

import dataclasses
import datetime as _dt
import hashlib
import json
import types
from typing import Any

import numpy as np

GOLDEN = np.uint64(0x9E3779B97F4A7C15)
"""2**64 / the golden ratio: splitmix64's increment, and a good odd multiplier to spread small numbers."""

CLASS_KEY = "__class__"
"""The key under which :func:`plain_data` names a dataclass (never a field name)."""


def mix64(x) -> np.ndarray:
    """splitmix64's finaliser on uint64 values, vectorised (wrapping arithmetic): spreads every input bit over all
    64 output bits."""
    x = np.asarray(x, np.uint64)
    with np.errstate(over="ignore"):
        x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return x ^ (x >> np.uint64(31))


def plain_data(value: Any) -> Any:
    """Validated parameters as JSON data: a dataclass becomes its class name and every init field (defaults
    included, so a default written out in a config changes nothing), tuples become lists, mappings dicts.

    A game's seat for a player the user wrote (``user_seat = True``) is its player's ``run_identity()``: class, source,
    the sha256 of its code, knobs (an edited file is another run).

    Raises ``TypeError`` for anything else: a task's parameters must be made of dataclasses and plain values.
    """
    if getattr(type(value), "user_seat", False) is True:
        return {CLASS_KEY: "user_seat", "player": plain_data(value.player.run_identity())}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = {f.name: plain_data(getattr(value, f.name)) for f in dataclasses.fields(value) if f.init}
        return {CLASS_KEY: type(value).__qualname__, **fields}
    if isinstance(value, (dict, types.MappingProxyType)):
        return {str(k): plain_data(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain_data(v) for v in value]
    if isinstance(value, (_dt.date, _dt.time)):
        return value.isoformat()
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    raise TypeError(f"a run's parameters must be dataclasses and plain values, not {type(value).__qualname__}")


def canonical_json(value: Any) -> str:
    """Canonical JSON text (sorted keys, no spaces) of plain data (TOML dates and times as ISO strings)."""
    return json.dumps(_jsonable(value), sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=True)


def hash_identity(identity: dict[str, Any]) -> str:
    """SHA-256 (hex) of the canonical JSON of a run's identity: what its run folder's manifest records."""
    return hashlib.sha256(canonical_json(identity).encode("utf-8")).hexdigest()


def _jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, (_dt.date, _dt.time)):
        return value.isoformat()
    return value
