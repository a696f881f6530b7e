"""Tấn throughput: batch engine (one process and ``--jobs`` processes) against the reference engine, same run.

Usage: ``python benchmarks/bench_tan.py [--players 4] [--games 200000] [--chunk 50000] [--jobs 2] [--ref-games 1000]
[--strategy basic,beginner,heuristic,tuned]``: every seat plays the strategy; with several (the fast rungs of the
ladder, comma-separated) the batch engine is timed for each, the reference engine for the first.  Prints games per
second of wall time, and per CPU second (which other programs running on the same cores disturb less); no assertions
(figures depend on the machine and its load).
"""

from __future__ import annotations

import time

import common  # a sibling module
import numpy as np
from joblib import Parallel, delayed

from cardodds.sim.streams import DEAL, PLAY, chunk_seed, stream
from cardodds.sim.tan.batch import play_batch
from cardodds.sim.tan.deal import deal_orders
from cardodds.sim.tan.players import seat_strategies
from cardodds.sim.tan.reference import TanGame
from cardodds.sim.tan.rules import TanRules


def batch_chunk(rules, strategies, seed, k, n) -> float:
    """Deal and play one chunk; return the CPU seconds it took."""
    t = time.process_time()
    seq = chunk_seed(seed, k)
    orders, first = deal_orders(rules, stream(seq, DEAL), n)
    play_batch(rules, orders, first, strategies, rng=stream(seq, PLAY))
    return time.process_time() - t


def main(argv=None):
    ap = common.parser(__doc__.splitlines()[0], games=200_000, jobs=2, seed=12345,
                       quick={"games": 2000, "chunk": 1000, "ref_games": 10, "jobs": 1})
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--chunk", type=int, default=50_000)
    ap.add_argument("--ref-games", type=int, default=1000)
    ap.add_argument("--strategy", default="basic,beginner,heuristic,tuned")
    args = common.parse(ap, argv)
    rules = TanRules(players=args.players)
    names = args.strategy.split(",")
    chunks = [args.chunk] * (args.games // args.chunk)

    # reference engine, one process
    strategies = seat_strategies(names[0], rules.players)
    seq = chunk_seed(args.seed, 10**6)
    orders, first = deal_orders(rules, stream(seq, DEAL), args.ref_games)
    rng = stream(seq, PLAY)
    t, c = time.perf_counter(), time.process_time()
    for i in range(args.ref_games):
        TanGame(rules, orders[i], int(first[i]), strategies, rng=rng).play()
    ref_wall = args.ref_games / (time.perf_counter() - t)
    ref_cpu = args.ref_games / (time.process_time() - c)
    print(f"Tấn {rules.players} players, numpy {np.__version__}")
    print("                               games/s (wall)   games per CPU second")
    print(f"reference engine, 1 process : {ref_wall:12,.0f} {ref_cpu:16,.0f}   ({args.ref_games} games, {names[0]})")

    with Parallel(n_jobs=args.jobs, backend="loky") as par:
        par(delayed(batch_chunk)(rules, strategies, args.seed, 10**5 + k, 1000) for k in range(args.jobs))  # warm-up
        for name in names:
            strategies = seat_strategies(name, rules.players)
            # batch engine, one process
            t = time.perf_counter()
            cpu = sum(batch_chunk(rules, strategies, args.seed, k, n) for k, n in enumerate(chunks))
            one_wall = sum(chunks) / (time.perf_counter() - t)
            one_cpu = sum(chunks) / cpu
            # batch engine, --jobs processes (the pool is started before timing)
            t = time.perf_counter()
            cpus = par(delayed(batch_chunk)(rules, strategies, args.seed, k, n) for k, n in enumerate(chunks))
            par_wall = sum(chunks) / (time.perf_counter() - t)
            par_cpu = sum(chunks) / sum(cpus)
            print(f"batch engine, {name}, 1 process : {one_wall:12,.0f} {one_cpu:16,.0f}   ({sum(chunks)} games, "
                  f"chunks of {args.chunk})")
            print(f"batch engine, {name}, {args.jobs} processes : {par_wall:12,.0f} {par_cpu:16,.0f}   (per process, "
                  f"{args.jobs} in parallel)")
            if name == names[0]:
                print(f"batch / reference, 1 process each: {one_wall / ref_wall:.1f}x wall, {one_cpu / ref_cpu:.1f}x "
                      f"CPU; batch {args.jobs} processes / reference: {par_wall / ref_wall:.1f}x wall")


if __name__ == "__main__":
    main()
