"""Compiled engine against numpy batch engine, every game, same run, one process, one thread.

Usage: ``python benchmarks/bench_compiled.py [--game tan] [--games N] [--chunk N] [--seed S] [--rollouts N]
[--cold] [--quick]``.  For each game of the registry measured here (``--game``, repeatable; default every one), its
tables (below) are dealt chunk by chunk (the deal included in the time) and played by both engines, numpy first; the
outcomes are compared field by field (an error if they differ).  Prints the first call of the game's compiled engine
(import of the kernel plus compiling it, or loading it from numba's cache; ``--cold`` deletes the kernels' caches
first, so that they compile) separately, then games per CPU second of each engine and their ratio, and ``BENCH`` lines
for ``benchmarks/bench_all.py``.  ``--games``, ``--chunk``, ``--seed`` and ``--rollouts`` default to each game's own
(the figures of the per-game scripts this one replaced):

- Tấn (200,000 games, chunks of 50,000, seed 12345): 2 players, 36 cards, 6-card hands, ``beginner`` against
  ``basic``; 4 players, 52 cards, every seat ``basic``.
- Sâm (400,000 games, chunks of 50,000, seed 1): 4 players, ``control`` at every seat declaring Sâm at hand strength
  0.75 (``bench_sam.py``'s default table), and ``greedy`` at every seat.  Then (``--rollouts``, alias
  ``--expert-games``, default 400; 0 skips) the ``expert``'s games at seat 0 against three ``control``, its rollouts
  (the ``play_from_state_auto`` ``expert.py`` calls, replaced by a timed one) on the numpy engine, then the compiled:
  rollout games per CPU second and games per CPU second of the whole; the games must come out the same.
- Chắn (100,000 games, chunks of 20,000, seed 12345): ``basic``, ``heuristic``, ``cuoc``, each at every seat.  Then
  (``--rollouts``, default 2000; 0 skips) the search players' rollouts: reference games stopped after 0..59 moves,
  continued by ``play_from_games`` of each engine (state built included) and by ``play_state`` alone.

No assertion on speed (the figures depend on the machine and its load).
"""

from __future__ import annotations

import os

os.environ.setdefault("NUMBA_NUM_THREADS", "1")

import json  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

import common  # noqa: E402  (a sibling module)
import compiled_games  # noqa: E402  (a sibling module)
import numpy as np  # noqa: E402

from cardodds.sim.games import game as game_spec  # noqa: E402
from cardodds.sim.streams import chunk_seed  # noqa: E402


def timed_chunk(g, engine, table, seed, k, n):
    """Deal and play one chunk of ``table`` on ``engine`` ("numpy" or "compiled"); the result and its CPU seconds."""
    t = time.process_time()
    seq = chunk_seed(seed, k)
    dealt = g.deal(table.rules, seq, n)
    res = getattr(g, engine)(table.rules, dealt, table.strategies, seq)
    return res, time.process_time() - t


def table_rates(g, table, games, chunk, seed) -> tuple[float, float, int]:
    """Games per CPU second of ``table`` on the numpy and the compiled engine, and the games played."""
    chunk = min(chunk, games)
    chunks = max(games // chunk, 1)
    cpu = {"numpy": 0.0, "compiled": 0.0}
    for k in range(chunks):
        a, cpu_a = timed_chunk(g, "numpy", table, seed, k, chunk)
        b, cpu_b = timed_chunk(g, "compiled", table, seed, k, chunk)
        cpu["numpy"] += cpu_a
        cpu["compiled"] += cpu_b
        compiled_games.same(g.fields, a, b, f"{table.label}, chunk {k}")
    n = chunk * chunks
    return n / cpu["numpy"], n / cpu["compiled"], n


def run_game(name: str, args) -> None:
    """One game's first call, table rows, BENCH lines and rollouts."""
    g, title = compiled_games.GAMES[name](), game_spec(name).title
    games, chunk = args.games or g.games, args.chunk or g.chunk
    seed = g.seed if args.seed is None else args.seed
    first = g.tables[0]
    t = time.perf_counter()
    g.compiled(first.rules, g.deal(first.rules, chunk_seed(seed, 10**6), 10), first.strategies, chunk_seed(seed, 10**6))
    print(f"{title}: first call (kernel import + {'compile' if args.cold else 'compile or cache load'}): "
          f"{time.perf_counter() - t:.2f} s wall")
    if g.warm_numpy:  # the numpy engine's tables, built once
        timed_chunk(g, "numpy", first, seed, 10**6, g.warm_numpy)
    print(f"{title:<34}numpy games/CPU s   compiled games/CPU s   compiled / numpy")
    for table in g.tables:
        a, b, n = table_rates(g, table, games, chunk, seed)
        print(f"{table.label:<32} {a:>17,.0f} {b:>22,.0f} {b / a:>17.1f}x   ({n} games, chunks of {min(chunk, games)}, "
              "deal included)")
        for engine, rate in (("numpy batch", a), ("compiled", b)):  # the rows benchmarks/bench_all.py reads
            print("BENCH " + json.dumps({"game": title, "engine": f"{engine}, {table.label} (1 core)",
                                         "games_per_s": rate}, ensure_ascii=False))
    rollouts = g.rollouts if args.rollouts is None else args.rollouts
    if rollouts and g.extra:
        g.extra(first.rules, rollouts, seed)


def main(argv=None):
    ap = common.parser(__doc__.splitlines()[0], games_help="games of each table (default: each game's own)",
                       jobs=None, seed=None, quick={"games": 2000, "chunk": 1000, "rollouts": 4})
    common.game_flag(ap, common.registry_games(compiled_games.GAMES))
    ap.add_argument("--chunk", type=int, help="games a chunk (default: each game's own)")
    ap.add_argument("--rollouts", "--expert-games", dest="rollouts", type=int,
                    help="games of the game's rollout measurement (0: skip; default: each game's own)")
    ap.add_argument("--cold", action="store_true", help="delete the kernels' numba caches first (a cold compile)")
    args = common.parse(ap, argv)
    import numba

    names = args.game or common.registry_games(compiled_games.GAMES)
    if args.cold:
        for name in names:
            cache = Path(compiled_games.kernel_dir(name)) / "__pycache__"
            for f in list(cache.glob("*.nbi")) + list(cache.glob("*.nbc")):
                f.unlink()
    print(f"numba {numba.__version__}, numpy {np.__version__}, NUMBA_NUM_THREADS={os.environ['NUMBA_NUM_THREADS']}")
    for name in names:
        run_game(name, args)


if __name__ == "__main__":
    main()
