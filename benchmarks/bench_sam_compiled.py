"""Sâm throughput: the compiled engine (``cardodds.sim.sam.compiled``, numba) against the numpy batch engine, same run,
one process, one thread.

Usage: ``NUMBA_NUM_THREADS=1 python benchmarks/bench_sam_compiled.py [--games 400000] [--chunk 50000] [--seed 1]``.
Two tables of 4 players: ``control`` at every seat declaring Sâm at hand strength 0.75 (``bench_sam.py``'s default
table, about one game in 120 declares), and ``greedy`` at every seat, never declaring.  Each chunk is dealt
(``deal_games``, included in the time) and played by both engines, numpy first; the results are compared field by
field (an error if they differ).  Prints the first call's time (import of the kernel plus compiling it, or loading it
from numba's cache) separately, then games per CPU second of each engine.  No assertion on speed (figures depend on
the machine and its load).

Then the Sâm ``expert``'s rollouts (``--expert-games``, 0 skips it): one expert seat (``control`` rollouts) against
three ``control`` players, played twice — its rollouts (the ``play_from_state_auto`` that ``expert.py`` calls,
replaced here by a timed one) on the numpy engine ``batch.play_from_state``, then on the compiled engine — with
rollout games per CPU second inside the rollout calls and games per CPU second of the whole; the games must come out
the same.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from cardodds.sim.sam import batch, compiled
from cardodds.sim.sam import expert as expert_mod
from cardodds.sim.sam.batch import play_batch
from cardodds.sim.sam.expert import Expert
from cardodds.sim.sam.reference import deal_games
from cardodds.sim.sam.rules import SamRules
from cardodds.sim.sam.strategies import Control, Greedy
from cardodds.sim.streams import DEAL, PLAY, chunk_seed, stream

TABLES = (("4p control, threshold 0.75", Control(declare="threshold", threshold=0.75)), ("4p greedy", Greedy()))
FIELDS = ("outcome", "winner", "pay", "toi_trang", "declarer", "sam_success", "cong", "thoi_2", "chops", "plays",
          "den", "steps")


def chunk(engine, rules, strategy, seed, k, n):
    """Deal and play one chunk; the result and the CPU seconds it took."""
    t = time.process_time()
    ss = chunk_seed(seed, k)
    cards, leader = deal_games(stream(ss, DEAL), n, rules)
    res = engine(rules, cards, leader, strategy, rng=stream(ss, PLAY))
    return res, time.process_time() - t


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400_000)
    ap.add_argument("--chunk", type=int, default=50_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--expert-games", type=int, default=400)
    args = ap.parse_args(argv)
    import numba

    rules = SamRules(players=4)
    t = time.perf_counter()
    chunk(compiled.play_batch, rules, TABLES[0][1], args.seed, 10**6, 10)
    print(f"numba {numba.__version__}, numpy {np.__version__}; first call (kernel import + compile or cache load): "
          f"{time.perf_counter() - t:.2f} s wall")
    chunk(play_batch, rules, TABLES[0][1], args.seed, 10**6, 1000)  # the numpy engine's tables, built once
    print("                                  numpy games/CPU s   compiled games/CPU s   compiled / numpy")
    for label, strategy in TABLES:
        cpu = {"numpy": 0.0, "compiled": 0.0}
        for k in range(args.games // args.chunk):
            a, cpu_a = chunk(play_batch, rules, strategy, args.seed, k, args.chunk)
            b, cpu_b = chunk(compiled.play_batch, rules, strategy, args.seed, k, args.chunk)
            cpu["numpy"] += cpu_a
            cpu["compiled"] += cpu_b
            for f in FIELDS:
                if not np.array_equal(getattr(a, f), getattr(b, f)):
                    raise SystemExit(f"{label}: the engines disagree on {f} in chunk {k}")
        n = args.chunk * (args.games // args.chunk)
        a, b = n / cpu["numpy"], n / cpu["compiled"]
        print(f"{label:<32} {a:>17,.0f} {b:>22,.0f} {b / a:>17.1f}x   ({n} games, chunks of {args.chunk}, "
              "deal included)")
    if args.expert_games > 0:
        expert_rollouts(rules, args.seed, args.expert_games)


def expert_rollouts(rules, seed, games):
    """The expert's games with its rollouts on each engine (see the module docstring)."""
    seats = [Expert()] + [Control()] * (rules.players - 1)
    ss = chunk_seed(seed, 2 * 10**6)
    cards, leader = deal_games(stream(ss, DEAL), games, rules)
    print(f"expert (worlds {Expert.worlds} + {Expert.close_worlds} where close, {Expert.max_candidates} candidates, "
          f"control rollouts) at seat 0, "
          f"{games} games:")
    results = []
    for label, engine in (("numpy", batch.play_from_state), ("compiled", compiled.play_from_state_auto)):
        spent = {"cpu": 0.0, "games": 0}

        def timed(rules_, st, strategies, rng=None, first=None, observer=None, engine=engine):
            t = time.process_time()
            res = engine(rules_, st, strategies, rng, first=first)
            spent["cpu"] += time.process_time() - t
            spent["games"] += st.n
            return res

        expert_mod.play_from_state_auto = timed
        try:
            t = time.process_time()
            results.append(play_batch(rules, cards, leader, seats, rng=stream(ss, PLAY)))
            total = time.process_time() - t
        finally:
            expert_mod.play_from_state_auto = compiled.play_from_state_auto
        print(f"  rollouts on {label:<8}: {spent['games'] / spent['cpu']:>12,.0f} rollout games/CPU s "
              f"({spent['games']:,} in {spent['cpu']:.2f} s); {games / total:,.1f} games/CPU s in all")
    for f in FIELDS:
        if not np.array_equal(getattr(results[0], f), getattr(results[1], f)):
            raise SystemExit(f"expert games: the engines disagree on {f}")


if __name__ == "__main__":
    main()
