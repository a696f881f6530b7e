"""Chắn throughput: the compiled engine (``cardodds.sim.chan.compiled``, numba) against the numpy batch engine, same
run, one process, one thread.

Usage: ``NUMBA_NUM_THREADS=1 python benchmarks/bench_chan_compiled.py [--games 100000] [--chunk 20000]
[--strategy basic,heuristic,cuoc] [--seed 12345] [--rollouts 2000] [--cold]``.  Each strategy plays every seat.
Each chunk is dealt (``deal_orders`` from the chunk's DEAL stream, included in the time) and played by both engines;
the outcomes are compared (an error if they differ).  Prints the first call's time (import of the kernel plus
compiling it, or loading it from numba's cache; ``--cold`` deletes the kernel's cache first, so that it compiles)
separately, then games per CPU second of each engine and their ratio (and ``BENCH`` lines for
``benchmarks/bench_all.py``).  ``--rollouts N`` (default 2000; 0 skips it) also times the search players'
rollouts: N reference games stopped after 0..59 moves (``basic`` at every seat), continued to the end with the
``basic`` rollout player by ``play_from_games`` of each engine (the state built from the games included) and by
``play_state`` alone (the state built beforehand, excluded), in one call of N games.  No assertion on speed
(figures depend on the machine and its load).
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path

os.environ.setdefault("NUMBA_NUM_THREADS", "1")

import numpy as np  # noqa: E402

from cardodds.sim.chan import batch, compiled  # noqa: E402
from cardodds.sim.chan.batch import play_batch  # noqa: E402
from cardodds.sim.chan.reference import ChanGame  # noqa: E402
from cardodds.sim.chan.deal import deal_orders  # noqa: E402
from cardodds.sim.chan.players import seat_strategies  # noqa: E402
from cardodds.sim.chan.rules import ChanRules  # noqa: E402
from cardodds.sim.streams import DEAL, chunk_seed, stream  # noqa: E402

FIELDS = ("winner", "draw", "how", "win_type", "cuoc", "points", "noc_left", "moves", "fouls_avoided")


def timed_chunk(engine, rules, strategies, seed, k, n):
    """Deal and play one chunk with ``engine``; the result and the CPU seconds it took."""
    t = time.process_time()
    orders = deal_orders(stream(chunk_seed(seed, k), DEAL), n)
    res = engine(rules, orders, strategies)
    return res, time.process_time() - t


def mid_games(rules, players, seed, n):
    """``n`` unfinished reference games, each after a random 0..59 moves of ``players``."""
    rng = np.random.default_rng(seed)
    games = []
    for order in deal_orders(np.random.default_rng(seed + 1), 2 * n):
        game, stop = ChanGame.from_order(rules, order), int(rng.integers(0, 60))
        while len(game.moves) < stop and not game.over:
            dec = game.decision()
            game.apply(dec.moves[0] if len(dec.moves) == 1 else players[dec.seat].choose(game, dec, None))
        if not game.over:
            games.append(game)
        if len(games) == n:
            break
    return games


def rollouts(rules, n, seed):
    """Rollout rates of both engines (see the module docstring)."""
    import copy

    players = seat_strategies("basic")
    games = mid_games(rules, players, seed, n)
    rates = {}
    for label, engine in (("numpy", batch), ("compiled", compiled)):
        fresh = copy.deepcopy(games)
        t = time.process_time()
        res = engine.play_from_games(rules, fresh, players)
        whole = time.process_time() - t
        st = batch.state_from_games(rules, copy.deepcopy(games), players)
        t = time.process_time()
        alone = engine.play_state(st)
        rates[label] = (len(games) / whole, len(games) / (time.process_time() - t), res, alone)
    for f in FIELDS:
        for j in (2, 3):
            if not np.array_equal(getattr(rates["numpy"][j], f), getattr(rates["compiled"][j], f)):
                raise SystemExit(f"rollouts: the engines disagree on {f}")
    for j, what in ((0, "play_from_games (state built)"), (1, "play_state alone")):
        a, b = rates["numpy"][j], rates["compiled"][j]
        print(f"  rollouts, {what:<34} {a:>10,.0f} {b:>12,.0f} {b / a:>8.1f}x   ({len(games)} games a call)")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100_000)
    ap.add_argument("--chunk", type=int, default=20_000)
    ap.add_argument("--strategy", default="basic,heuristic,cuoc", help="comma-separated strategies, one row each")
    ap.add_argument("--seed", type=int, default=12345)
    ap.add_argument("--rollouts", type=int, default=2000, help="rollout games (0: skip)")
    ap.add_argument("--jobs", type=int, default=1, help="ignored: one core by design (bench_all.py passes it)")
    ap.add_argument("--cold", action="store_true", help="delete the kernel's numba cache first (a cold compile)")
    args = ap.parse_args(argv)
    import numba

    if args.cold:
        cache = Path(compiled.__file__).with_name("kernel") / "__pycache__"
        for f in list(cache.glob("*.nbi")) + list(cache.glob("*.nbc")):
            f.unlink()
    rules = ChanRules()
    t = time.perf_counter()
    compiled.play_batch(rules, deal_orders(stream(chunk_seed(args.seed, 10**6), DEAL), 10), seat_strategies("cuoc"))
    print(f"numba {numba.__version__}, numpy {np.__version__}, NUMBA_NUM_THREADS={os.environ['NUMBA_NUM_THREADS']}; "
          f"first call (kernel import + {'compile' if args.cold else 'compile or cache load'}): "
          f"{time.perf_counter() - t:.2f} s wall")
    print("  strategy    numpy games/CPU s   compiled games/CPU s   compiled / numpy")
    for name in args.strategy.split(","):
        strategies = seat_strategies(name)
        cpu = {"numpy": 0.0, "compiled": 0.0}
        chunks = max(args.games // args.chunk, 1)
        for k in range(chunks):
            a, cpu_a = timed_chunk(play_batch, rules, strategies, args.seed, k, args.chunk)
            b, cpu_b = timed_chunk(compiled.play_batch, rules, strategies, args.seed, k, args.chunk)
            cpu["numpy"] += cpu_a
            cpu["compiled"] += cpu_b
            for f in FIELDS:
                if not np.array_equal(getattr(a, f), getattr(b, f)):
                    raise SystemExit(f"{name}: the engines disagree on {f} in chunk {k}")
        n = args.chunk * chunks
        a, b = n / cpu["numpy"], n / cpu["compiled"]
        print(f"  {name:<10} {a:>19,.0f} {b:>22,.0f} {b / a:>17.1f}x   ({n} games, chunks of {args.chunk}, "
              "deal included)")
        for engine, rate in (("numpy batch", a), ("compiled", b)):  # the rows benchmarks/bench_all.py reads
            print("BENCH " + json.dumps({"engine": f"{engine}, {name} at every seat (1 core)", "games_per_s": rate}))
    if args.rollouts:
        print("  rollouts (games per CPU s)                     numpy     compiled    ratio")
        rollouts(rules, args.rollouts, args.seed)


if __name__ == "__main__":
    main()
