"""What the front ends (the command line, the web page) need beside the API's functions, and nothing heavy.

The command line imports this before it knows what it is asked (``cardodds --help`` must stay quick), so every name
here imports no numpy, pandas or numba.  Grouped by use:

- the checks of an argument, one rule and one message each, naming the option or keyword typed:
  :func:`check_games`, :func:`check_seed`, :func:`check_jobs`, :func:`check_whole`, :func:`check_half_width`,
  :func:`read_whole` (a typed whole number, ``1_000`` too), :func:`shown` (a value, short, for a message) and
  :func:`spoken` (the way the user speaks: ``"cli"`` names options, ``"python"`` keywords);
- the games: :func:`game` (a game's spec by name), :func:`games`, :func:`game_names`, :func:`resolve` (a spec's
  ``"module:name"`` hook), :func:`default_player`, and the hand questions' kinds :data:`PLAYER` and
  :data:`STATE_OPTIONS`;
- the paths a command writes, checked before any work: :func:`output_file`, :func:`output_folder`,
  :func:`run_folder`, :func:`resume_folder`;
- bounded input: :func:`loads` (JSON within bounds, :class:`NotJson` when the text is no JSON),
  :data:`MAX_INPUT_BYTES`, :func:`refusing_code` (a context in which a player written in Python is refused);
- the compiled engines' warm-up (``cardodds serve``): :func:`kernel_games`, :func:`start_groups`,
  :func:`numpy_while`, :func:`load_kernels`;
- the command line's own helpers: :func:`resolve_jobs` (-1: every core), :func:`refuse` (an option given where it
  does not go).

The errors are :mod:`cardodds.errors`'.
"""

from __future__ import annotations

import importlib

from cardodds.analysis.paths import output_file, output_folder, resume_folder, run_folder
from cardodds.sim.arguments import (
    check_games,
    check_half_width,
    check_jobs,
    check_seed,
    check_whole,
    read_whole,
    shown,
    spoken,
)
from cardodds.sim.bounded_json import NotJson, loads
from cardodds.sim.compiled_switch import numpy_while
from cardodds.sim.game_spec import resolve
from cardodds.sim.games import game, game_names, games
from cardodds.sim.hand_question import PLAYER, STATE_OPTIONS
from cardodds.sim.input_file import MAX_INPUT_BYTES
from cardodds.sim.kernel_warm import engine_module, kernel_games, start_groups
from cardodds.sim.user_loader import refusing_code

__all__ = [
    "MAX_INPUT_BYTES",
    "PLAYER",
    "STATE_OPTIONS",
    "NotJson",
    "check_games",
    "check_half_width",
    "check_jobs",
    "check_seed",
    "check_whole",
    "default_player",
    "game",
    "game_names",
    "games",
    "kernel_games",
    "load_kernels",
    "loads",
    "numpy_while",
    "output_file",
    "output_folder",
    "read_whole",
    "refuse",
    "refusing_code",
    "resolve",
    "resolve_jobs",
    "resume_folder",
    "run_folder",
    "shown",
    "spoken",
    "start_groups",
]


def default_player(name: str) -> str | None:
    """The player game ``name`` seats when none is named: its player registry's default (``PLAYERS.default`` in the
    module ``GameSpec.players`` names; None for a game with a table of players and no registry)."""
    registry = getattr(importlib.import_module(game(name).players.partition(":")[0]), "PLAYERS", None)
    return None if registry is None else registry.default


def load_kernels(names) -> None:
    """Load the compiled kernels of the games ``names`` into this process (from numba's cache, which a warm-up
    process of :func:`start_groups` filled)."""
    for name in names:
        importlib.import_module(engine_module(name)).warm()


def resolve_jobs(jobs: int) -> int:
    """The worker processes ``jobs`` asks for: -1 is every core of this machine."""
    import os

    return (os.cpu_count() or 1) if jobs == -1 else jobs


def refuse(prog: str, given: dict, mode: str, other: str) -> None:
    """A one-line error for the first option of ``given`` (flag → value) that is set: it goes with ``other``, not
    with ``mode``."""
    from cardodds.sim.errors import CardoddsError

    for flag, value in given.items():
        if value is not None:
            raise CardoddsError(f"{prog} does not take {flag} {value} with {mode}: it goes with {other}")
