"""Advice speed of every game: every legal move of typical positions played out at the game's default budget, one
core.

Usage: ``python benchmarks/bench_advise.py [--game chan] [--games N] [--worlds N] [--opponents NAME] [--repeat R]
[--seed S] [--players 4] [--quick]``.  For each game of the registry with positions here (``advise_games.py``: Chắn
the cái's opening discard and the middle decision of ``--games`` replayed games; Sâm ``--games`` mid-game free leads
of ``--players`` players and a 38-move first lead; Tấn a mid-game lead and defence at 4 and at 2 players), each
position is advised as ``cardodds advise`` does: ``play_out`` of every legal move (the same worlds for every move; for
Chắn the odds row too) at the game's ``DEFAULT_WORLDS`` by its ``DEFAULT_PLAYERS``, unless told.  The first call,
which also builds the engine's tables or loads its kernel, is timed apart; each position is warmed on 2 worlds, then
timed as the best of ``--repeat`` (default: Tấn 3, else 1) by ``time.process_time`` (one core, whatever else the
machine runs; wall seconds beside).  Prints one line per position; per game the median and the slowest typical
position and worlds a second (a world of one move is one game played out), and a ``BENCH`` line for
``bench_all.py``.  No assertions: the figures depend on the machine and its load.  ``advise_speed.py`` times
``cardodds.advise`` end to end instead.
"""

from __future__ import annotations

import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):  # one core
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import importlib  # noqa: E402
import json  # noqa: E402
import statistics  # noqa: E402
import time  # noqa: E402

import advise_games  # noqa: E402  (a sibling module)
import common  # noqa: E402  (a sibling module)

from cardodds.sim.games import game as game_spec  # noqa: E402

ODDS_ROW = {"chan"}
"""The games whose ``cardodds advise`` also plays the odds row (``play_out(position, None, ...)``)."""
REPEAT = {"tan": 3}
POSITIONS = {"chan": 6, "sam": 8}
"""The default ``--games`` (mid-game positions) of the games that take it."""


def advise_seconds(module, p, moves, odds_row: bool, args, repeat: int) -> tuple[float, float]:
    """The best CPU and wall seconds of ``repeat`` advises of ``p`` (every move, the odds row where the game has it)."""
    cpu = wall = float("inf")
    for r in range(repeat):
        t, w = time.process_time(), time.perf_counter()
        module.play_out(p, moves, args.opponents, args.worlds, args.seed + r)
        if odds_row:
            module.play_out(p, None, args.opponents, args.worlds, args.seed + r)
        cpu, wall = min(cpu, time.process_time() - t), min(wall, time.perf_counter() - w)
    return cpu, wall


def run_game(name: str, args) -> None:
    """One game's positions, lines, summary and BENCH line (``args`` a copy: the game's defaults fill it in)."""
    module = importlib.import_module(f"cardodds.sim.{name}.position")
    title, odds_row = game_spec(name).title, name in ODDS_ROW
    args.worlds = args.worlds or module.DEFAULT_WORLDS
    args.opponents = args.opponents or module.DEFAULT_PLAYERS
    repeat = args.repeat or REPEAT.get(name, 1)
    positions = advise_games.GAMES[name](module, args)
    print(f"{title} advise: every legal move x {args.worlds} worlds, {args.opponents} players, CPU seconds (best of "
          f"{repeat})")
    t = time.process_time()
    module.play_out(positions[0][1], module.legal_moves(positions[0][1]), args.opponents, args.worlds, 0)
    print(f"  first call (tables built, kernel loaded): {time.process_time() - t:.3f} s")
    typical, games, cpu_all = [], 0, 0.0
    for label, p, is_typical in positions:
        moves = module.legal_moves(p)
        module.play_out(p, None, args.opponents, 2, 0)  # warm the engine's first call for this position
        cpu, wall = advise_seconds(module, p, moves, odds_row, args, repeat)
        n = (len(moves) + odds_row) * args.worlds
        games, cpu_all = games + n, cpu_all + cpu
        if is_typical:
            typical.append(cpu)
        print(f"  {label}: {len(moves)} moves, {cpu:.3f} s CPU ({wall:.3f} s wall), {n / cpu:,.0f} rollout games/s")
    rate = games / cpu_all
    print(f"{title}: median {statistics.median(typical):.3f} s CPU, slowest {max(typical):.3f} s over "
          f"{len(typical)} typical positions; {rate:,.0f} worlds a second (one core)")
    print("BENCH " + json.dumps({"game": title, "engine": f"advise, {args.opponents} players (one core)",
                                 "games_per_s": round(rate, 1)}, ensure_ascii=False))


def main(argv=None):
    ap = common.parser(__doc__.splitlines()[0], games=None, games_flags=("--positions",), jobs=None, seed=1,
                       games_help="mid-game positions a game (default: Chắn 6, Sâm 8; Tấn has its four)",
                       quick={"games": 1, "worlds": 20, "repeat": 1})
    common.game_flag(ap, common.registry_games(advise_games.GAMES))
    ap.add_argument("--worlds", type=int, help="worlds a move (default: each game's DEFAULT_WORLDS)")
    ap.add_argument("--opponents", help="the players of every seat (default: each game's DEFAULT_PLAYERS)")
    ap.add_argument("--repeat", type=int, help="time each position this many times, keep the best (Tấn 3, else 1)")
    ap.add_argument("--players", type=int, default=4, help="Sâm's players")
    args = common.parse(ap, argv)
    for name in args.game or common.registry_games(advise_games.GAMES):
        run_game(name, argparse.Namespace(**(vars(args) | {"games": args.games or POSITIONS.get(name, 0)})))


if __name__ == "__main__":
    main()
