"""End-to-end speed of ``cardodds.advise.<game>`` at its default budget, on one core: positions cut at random
decisions of replayed games, every legal move played out and ranked (the tables included).

Usage: ``python benchmarks/advise_speed.py [--game tan] [--positions 8] [--seed 1]``.  For each game with positions
(or the one named), position i is cut (``position.cut``) from the game of seed ``seed + i`` at a decision drawn at
random among that game's first 40, with the replay's default rules and players.  Prints per position its decision,
legal moves, CPU and wall seconds and the budget line; then the median and the slowest CPU seconds a game.  The first
call of a game, which also compiles or builds the engine's tables, is timed apart.  No assertions: the figures depend
on the machine and its load.  Not a benchmark of bench_all.py (not named ``bench_*``).
"""

from __future__ import annotations

import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "NUMBA_NUM_THREADS"):  # one core
    os.environ.setdefault(_var, "1")

import random  # noqa: E402
import statistics  # noqa: E402
import time  # noqa: E402

import common  # noqa: E402  (a sibling module)

from cardodds import advise  # noqa: E402
from cardodds.sim.errors import CardoddsError  # noqa: E402
from cardodds.sim.games import game, games  # noqa: E402
from cardodds.sim.position import position_module  # noqa: E402
from cardodds.sim.registry import get_task  # noqa: E402


def _positions(name: str, count: int, seed: int):
    """``count`` positions of game ``name``: (seed, k, position), k drawn among the game's first 40 decisions."""
    spec = game(name)
    module, params = position_module(spec), get_task(spec.replay_task).parse({}, "defaults")
    draw, found, s = random.Random(seed), [], seed
    while len(found) < count and s < seed + 20 * count:
        k = draw.randint(1, 40)
        try:
            found.append((s, k, module.cut(s, params.rules, params.strategies, k)))
        except CardoddsError:  # the game ended before its k-th decision
            pass
        s += 1
    return found


def _timed(name: str, position) -> tuple[float, float, object]:
    cpu, wall = time.process_time(), time.perf_counter()
    table = getattr(advise, name)(position)
    return time.process_time() - cpu, time.perf_counter() - wall, table


def main() -> None:
    parser = common.parser(__doc__.splitlines()[0], games=8, games_flags=("--positions",),
                           games_help="positions a game (default 8)", jobs=None, seed=1, quick={"games": 1})
    parser.add_argument("--game", help="one game (default: every game with positions)")
    args = common.parse(parser)
    names = [args.game] if args.game else [g.name for g in games() if g.position and g.replay_task]
    for name in names:
        positions = _positions(name, args.games, args.seed)
        if not positions:
            print(f"{name}: no position cut")
            continue
        first, _, _ = _timed(name, positions[0][2])
        print(f"{name}: first call (with the engine's set-up) {first:.2f} s CPU")
        cpus = []
        for s, k, position in positions:
            cpu, wall, table = _timed(name, position)
            cpus.append(cpu)
            print(f"  seed {s} decision {k}: {len(table)} move(s), {cpu:.2f} s CPU, {wall:.2f} s wall; "
                  f"{table.attrs['budget']}")
        print(f"{name}: median {statistics.median(cpus):.2f} s CPU, slowest {max(cpus):.2f} s, over {len(cpus)} "
              f"positions; players {table.attrs['players']}")


if __name__ == "__main__":
    main()
