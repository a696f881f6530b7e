"""The flags every benchmark script takes, parsed in one place (not a benchmark itself).

``--games N`` sizes the script's main measurement, ``--jobs J`` its worker processes (a script that runs on one core by
design says so and ignores it), ``--seed S`` its first random stream, ``--quick`` a tiny run that only shows the script
works (its figures mean nothing).  ``benchmarks/bench_all.py`` calls every ``bench_*.py`` with these flags and no other,
and ``tests/test_benchmarks.py`` checks that every script in this folder takes them.
"""

from __future__ import annotations

import argparse
import os

COMMON = ("--games", "--jobs", "--seed", "--quick")


def parser(description: str, *, games: object = None, games_help: str = "games of the main measurement",
           games_flags: tuple[str, ...] = (), jobs: int | None = 1, seed: int | None = 1, quick: dict | None = None,
           seed_help: str | None = None, **games_kw) -> argparse.ArgumentParser:
    """An argument parser with the common flags.

    Parameters
    ----------
    description : str
        The script's one-line description (its docstring's first line).
    games, games_help, games_flags : object, str, tuple of str
        ``--games``'s default, help and other names (``games_kw`` goes to its ``add_argument``: ``type``,
        ``nargs``).
    jobs : int or None
        ``--jobs``'s default; None: the script runs on one core and ignores it.
    seed, seed_help : int or None, str
        ``--seed``'s default (None: each measurement's own) and help, if not the usual.
    quick : dict, optional
        The defaults ``--quick`` sets (flags given on the command line still win).
    """
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--games", *games_flags, dest="games", default=games, help=games_help, **({"type": int} | games_kw))
    if jobs is None:
        ap.add_argument("--jobs", type=int, help="ignored: this benchmark runs on one core by design")
    else:
        ap.add_argument("--jobs", type=int, default=jobs, help=f"worker processes (default {jobs})")
    own = "each measurement's own" if seed is None else seed
    ap.add_argument("--seed", type=int, default=seed, help=seed_help or f"the first random stream (default: {own})")
    ap.add_argument("--quick", action="store_true", help="a tiny run that only shows the script works")
    ap.set_defaults(_quick=dict(quick or {}))
    return ap


def parse(ap: argparse.ArgumentParser, argv=None) -> argparse.Namespace:
    """Parse ``argv``; under ``--quick`` the parser's quick defaults replace its own (explicit flags still win)."""
    args = ap.parse_args(argv)
    if args.quick and args._quick:
        ap.set_defaults(**args._quick)
        args = ap.parse_args(argv)
    return args


def cpus() -> int:
    """The machine's cores (the default ``--jobs`` of the scripts that use them all)."""
    return os.cpu_count() or 1


def registry_games(setups: dict) -> list[str]:
    """The registry's games (``cardodds.sim.games.game_names()``) that have an entry in ``setups``, in its order."""
    from cardodds.sim.games import game_names

    return [n for n in game_names() if n in setups]


def game_flag(ap: argparse.ArgumentParser, names) -> None:
    """Add ``--game`` (repeatable; default: every game of ``names``, the registry's games this script measures)."""
    ap.add_argument("--game", action="append", choices=list(names),
                    help=f"one game, may be repeated (default: every game: {', '.join(names)})")
