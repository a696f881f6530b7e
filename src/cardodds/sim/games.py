"""The games cardodds plays: one line per built-in game, and :func:`register_game` for one added at run time.

A new game is a folder (``sim/<game>/``, with a ``spec.py`` exporting ``SPEC``) plus one line in :data:`_GAME_MODULES`;
everything else (its tasks, its CLI choices, its words in the report) is read from its :class:`GameSpec`.
"""

from __future__ import annotations

import importlib

from cardodds.sim.errors import CardoddsError
from cardodds.sim.game_spec import GameSpec

_GAME_MODULES = {
    "chan": "cardodds.sim.chan.spec",
    "sam": "cardodds.sim.sam.spec",
    "tan": "cardodds.sim.tan.spec",
}
"""The built-in games: each module's ``SPEC``, in the report's order."""

_ADDED: dict[str, GameSpec] = {}
"""Games registered at run time (:func:`register_game`), by name."""


def register_game(spec: GameSpec) -> None:
    """Make ``spec``'s game and its tasks known beside the built-in ones; registering a name again replaces it.

    Its tasks' functions must be importable by module and name, so that pool workers can play their chunks.
    """
    if spec.name in _GAME_MODULES:
        raise CardoddsError(f"game '{spec.name}' is built in; register a new game under another name")
    _ADDED[spec.name] = spec


def game_names() -> list[str]:
    """The built-in games in their order, then those registered at run time."""
    return [*_GAME_MODULES, *sorted(_ADDED)]


def game(name: str) -> GameSpec:
    """The spec of the game ``name``."""
    if name in _ADDED:
        return _ADDED[name]
    if name not in _GAME_MODULES:
        raise CardoddsError(f"unknown game '{name}' (known: {', '.join(game_names())})")
    return importlib.import_module(_GAME_MODULES[name]).SPEC


def games() -> list[GameSpec]:
    """Every game's spec, in :func:`game_names` order."""
    return [game(name) for name in game_names()]
