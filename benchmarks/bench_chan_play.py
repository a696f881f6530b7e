"""Throughput of full Chắn games: the batch engine (one process, and ``--jobs`` processes) against the reference engine,
in the same run.

Usage: ``python benchmarks/bench_chan_play.py [--games 200000] [--chunk 20000] [--jobs 2] [--ref-games 300]
[--strategy basic]``.  Prints games per second of wall time (deal included); no assertions.
"""

from __future__ import annotations

import argparse
import time

from joblib import Parallel, delayed

from sim.chan.play_task import parse, run_chunk
from sim.streams import chunk_seed


def play(strategy: str, engine: str, seed: int, k: int, n: int) -> int:
    params = parse({"rules": {}, "strategies": {"name": strategy}}, "bench")
    return int(run_chunk(params, chunk_seed(seed, k), n, engine=engine)["games"])


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200_000)
    ap.add_argument("--chunk", type=int, default=20_000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--ref-games", type=int, default=300)
    ap.add_argument("--strategy", default="basic")
    ap.add_argument("--seed", type=int, default=12345)
    args = ap.parse_args(argv)
    chunks = [args.chunk] * (args.games // args.chunk)

    t = time.perf_counter()
    play(args.strategy, "reference", args.seed, 10**6, args.ref_games)
    reference = args.ref_games / (time.perf_counter() - t)

    play(args.strategy, "batch", args.seed, 10**6 + 1, 1000)  # warm up
    t = time.perf_counter()
    for k, n in enumerate(chunks):
        play(args.strategy, "batch", args.seed, k, n)
    one = sum(chunks) / (time.perf_counter() - t)

    with Parallel(n_jobs=args.jobs, backend="loky") as par:
        par(delayed(play)(args.strategy, "batch", args.seed, 10**5 + k, 1000) for k in range(args.jobs))
        t = time.perf_counter()
        par(delayed(play)(args.strategy, "batch", args.seed, k, n) for k, n in enumerate(chunks))
        many = sum(chunks) / (time.perf_counter() - t)

    print(f"Chắn full games, strategy {args.strategy} at every seat")
    print(f"{'engine':<34} {'games/s':>10} {'vs reference':>13}")
    for name, value in [
        ("reference, 1 process", reference),
        ("batch, 1 process", one),
        (f"batch, {args.jobs} processes", many),
    ]:
        print(f"{name:<34} {value:>10,.0f} {value / reference:>12,.1f}×")


if __name__ == "__main__":
    main()
