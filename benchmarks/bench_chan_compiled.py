"""Chắn throughput: the compiled engine (``cardodds.sim.chan.compiled``, numba) against the numpy batch engine, same
run, one process, one thread.

Usage: ``NUMBA_NUM_THREADS=1 python benchmarks/bench_chan_compiled.py [--games 100000] [--chunk 20000]
[--strategy basic,heuristic,cuoc] [--seed 12345] [--cold]``.  Each strategy plays every seat.  Each chunk is dealt
(``deal_orders`` from the chunk's DEAL stream, included in the time) and played by both engines; the outcomes are
compared (an error if they differ).  Prints the first call's time (import of the kernel plus compiling it, or loading
it from numba's cache; ``--cold`` deletes the kernel's cache first, so that it compiles) separately, then games per
CPU second of each engine and their ratio.  No assertion on speed (figures depend on the machine and its load).
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

os.environ.setdefault("NUMBA_NUM_THREADS", "1")

import numpy as np  # noqa: E402

from cardodds.sim.chan import compiled  # noqa: E402
from cardodds.sim.chan.batch import play_batch  # noqa: E402
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


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100_000)
    ap.add_argument("--chunk", type=int, default=20_000)
    ap.add_argument("--strategy", default="basic,heuristic,cuoc", help="comma-separated strategies, one row each")
    ap.add_argument("--seed", type=int, default=12345)
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
    print("strategy      numpy games/CPU s   compiled games/CPU s   compiled / numpy")
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
        print(f"{name:<12} {a:>19,.0f} {b:>22,.0f} {b / a:>17.1f}x   ({n} games, chunks of {args.chunk}, deal included)")


if __name__ == "__main__":
    main()
