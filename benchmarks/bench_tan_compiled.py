"""Tấn throughput: the compiled engine (``cardodds.sim.tan.compiled``, numba) against the numpy batch engine, same run,
one process, one thread.

Usage: ``python benchmarks/bench_tan_compiled.py [--games 200000] [--chunk 50000] [--seed 12345]``.  Two tables:
2 players, 36 cards, 6-card hands, ``beginner`` against ``basic``; 4 players, 52 cards, every seat ``basic``.  Each
chunk is dealt (``deal_chunk``, included in the time) and played by both engines; the outcomes are compared (an
error if they differ).  Prints the first call's time (import of the kernel plus compiling it, or loading it from
numba's cache) separately, then games per CPU second of each engine.  No assertion on speed (figures depend on the
machine and its load).
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from cardodds.sim.streams import PLAY, chunk_seed, stream
from cardodds.sim.tan import compiled
from cardodds.sim.tan.batch import play_batch
from cardodds.sim.tan.deal import deal_chunk
from cardodds.sim.tan.players import make_strategy
from cardodds.sim.tan.rules import TanRules

TABLES = (("2p36 beginner vs basic", TanRules(players=2, deck=36, hand_size=6), ("beginner", "basic")),
          ("4p52 basic", TanRules(players=4), ("basic",) * 4))
FIELDS = ("loser", "draw", "truncated", "bouts", "pickups", "first_attacker")


def numpy_chunk(rules, strategies, seed, k, n):
    """Deal and play one chunk with the numpy engine; the result and the CPU seconds it took."""
    t = time.process_time()
    seq = chunk_seed(seed, k)
    orders, first = deal_chunk(rules, seq, n)
    res = play_batch(rules, orders, first, strategies, rng=stream(seq, PLAY))
    return res, time.process_time() - t


def compiled_chunk(rules, strategies, seed, k, n):
    """Deal and play one chunk with the compiled engine; the result and the CPU seconds it took."""
    t = time.process_time()
    orders, first = deal_chunk(rules, chunk_seed(seed, k), n)
    res = compiled.play_batch(rules, orders, first, strategies)
    return res, time.process_time() - t


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200_000)
    ap.add_argument("--chunk", type=int, default=50_000)
    ap.add_argument("--seed", type=int, default=12345)
    args = ap.parse_args(argv)
    import numba

    t = time.perf_counter()
    rules, names = TABLES[0][1:]
    compiled.play_batch(rules, *deal_chunk(rules, chunk_seed(args.seed, 10**6), 10), [make_strategy(n) for n in names])
    print(f"numba {numba.__version__}, numpy {np.__version__}; first call (kernel import + compile or cache load): "
          f"{time.perf_counter() - t:.2f} s wall")
    print("                                  numpy games/CPU s   compiled games/CPU s   compiled / numpy")
    for label, rules, names in TABLES:
        strategies = [make_strategy(n) for n in names]
        cpu = {"numpy": 0.0, "compiled": 0.0}
        for k in range(args.games // args.chunk):
            a, cpu_a = numpy_chunk(rules, strategies, args.seed, k, args.chunk)
            b, cpu_b = compiled_chunk(rules, strategies, args.seed, k, args.chunk)
            cpu["numpy"] += cpu_a
            cpu["compiled"] += cpu_b
            for f in FIELDS:
                if not np.array_equal(getattr(a, f), getattr(b, f)):
                    raise SystemExit(f"{label}: the engines disagree on {f} in chunk {k}")
        n = args.chunk * (args.games // args.chunk)
        a, b = n / cpu["numpy"], n / cpu["compiled"]
        print(f"{label:<32} {a:>17,.0f} {b:>22,.0f} {b / a:>17.1f}x   ({n} games, chunks of {args.chunk}, deal included)")


if __name__ == "__main__":
    main()
