"""Throughput of the Sâm engines: games/s of the batch engine (1 process, and ``--jobs`` processes) and of the
reference engine, in the same run.

    python benchmarks/bench_sam.py [--games 200000] [--chunk 50000] [--jobs 2] [--players 4] [--ref-games 500]
                                   [--bayes-games 40000]

Strategies: ``control`` at every seat, each declaring Sâm when its hand strength reaches ``--threshold`` (default
0.75: about one game in 120 has a declaration; 1.0 never declares).  Then the same with the ``bayes`` declarer at
every seat (``--jobs`` processes, ``--bayes-games`` games; 0 skips it): each seat estimates its Sâm's chance from its
own hand at every deal.

The ``bayes`` rate grows with the games a process plays: its decisions on hands passing the screen are cached per
process (``cardodds.sim.sam.declare.DECISIONS_MAX``), and the same strong hands come back (29% of them in a process's
first 20,000 games, 89% in its tenth 20,000).  The default 40,000 games (20,000 a process) start cold.

Second speed pass, 2026-12-01 (before = the code at 9b17a51, after = this branch; same run, 2 processes, default
arguments, on a 2-core Intel Xeon (KVM) shared with another engineer's runs: slower than the machine of docs/speed.md, whose
batch engine runs 189,631 games/s on 1 process against 80,000-117,000 here):

    python benchmarks/bench_sam.py       : 17,461 -> 32,362 and 13,856 -> 44,303 games/s (1.9x, 3.2x), and
                                           15,065 -> 34,539 (2.3x) with --games 50000 --ref-games 20
    --bayes-games 400000                 : 45,589 -> 82,726 games/s (1.8x; 200,000 games a process)

(The first pass, issue 11, on the machine of docs/speed.md: 16,813 -> 39,724 games/s at 40,000 games, 42,785 -> 88,130 at
400,000.)  Per 20,000 games in one process, cold, one BLAS thread, same run: 2.14-2.25 -> 0.83-1.10 s wall (2.0-2.6x).

Where the time goes there (timers around the functions, same run, before -> after, s): all 2.97 -> 1.30; the
estimate 1.75 -> 0.41 (the plan search 0.68 -> 0.10, now vectorised over hands in plan_search.py; judging the deals
0.39 + a counts-blind prefilter 0.14 -> 0.12, one row of class tops per move and no prefilter; dealing 0.26 -> 0.10,
rank masks straight from popcounts of the dealt places; the deal masks of the search 0.14 -> 0.02); the screen
0.29 -> 0.02 (read from the shipped table of every hand, screen_table.npz); the normal-game value 0.54 -> 0.49 (its
deals' cards 0.11 -> 0.05; its 32 games per hand whose Sâm gains, about 27,000 batch-engine games, about 0.42, are
unchanged); the game itself about 0.35.  What is left is mostly the batch engine: the normal-value games and the game.
"""

from __future__ import annotations

import time

import common  # a sibling module
from joblib import Parallel, delayed

from cardodds.sim.sam.batch import play_batch
from cardodds.sim.sam.reference import deal_games, play_game
from cardodds.sim.sam.rules import SamRules
from cardodds.sim.sam.strategies import Control
from cardodds.sim.streams import DEAL, PLAY, chunk_seed, stream


def strategy(threshold: float, bayes: bool = False) -> Control:
    """``control`` at every seat, declaring Sâm from ``threshold`` on (1.0 never declares), or by ``bayes``."""
    if bayes:
        return Control(declare="bayes")
    return Control() if threshold >= 1.0 else Control(declare="threshold", threshold=threshold)


def batch_chunk(players: int, k: int, n: int, threshold: float, bayes: bool = False, seed: int = 1) -> int:
    rules = SamRules(players=players)
    ss = chunk_seed(seed, k)
    cards, leader = deal_games(stream(ss, DEAL), n, rules)
    b = play_batch(rules, cards, leader, strategy(threshold, bayes), rng=stream(ss, PLAY))
    return len(b.outcome)


def main(argv=None):
    ap = common.parser(__doc__.splitlines()[0], games=200_000, jobs=2, seed=1,
                       quick={"games": 2000, "chunk": 1000, "ref_games": 10, "bayes_games": 200, "jobs": 1})
    ap.add_argument("--chunk", type=int, default=50_000)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--ref-games", type=int, default=500)
    ap.add_argument("--threshold", type=float, default=0.75,
                    help="every seat declares Sâm at this hand strength (1.0: never)")
    ap.add_argument("--bayes-games", type=int, default=40_000, help="games with bayes declarers at every seat")
    a = common.parse(ap, argv)
    rules = SamRules(players=a.players)

    batch_chunk(a.players, 999, 1000, a.threshold, seed=a.seed)  # warm up
    t = time.perf_counter()
    n1 = batch_chunk(a.players, 0, a.chunk, a.threshold, seed=a.seed)
    one = n1 / (time.perf_counter() - t)
    print(f"batch, 1 process : {one:12,.0f} games/s ({n1} games, {a.players} players)")

    k = max(1, a.games // a.chunk)
    with Parallel(n_jobs=a.jobs) as par:
        # start the workers
        par(delayed(batch_chunk)(a.players, 999, 1000, a.threshold, seed=a.seed) for _ in range(a.jobs))
        t = time.perf_counter()
        done = sum(par(delayed(batch_chunk)(a.players, i, a.chunk, a.threshold, seed=a.seed) for i in range(k)))
        many = done / (time.perf_counter() - t)
    print(f"batch, {a.jobs} processes: {many:12,.0f} games/s ({done} games in {k} chunks)")
    if a.bayes_games > 0:
        chunk = max(1000, a.bayes_games // (4 * a.jobs))  # four chunks a process
        kb = max(1, a.bayes_games // chunk)
        with Parallel(n_jobs=a.jobs) as par:
            par(delayed(batch_chunk)(a.players, 999, 500, a.threshold, True, a.seed) for _ in range(a.jobs))
            t = time.perf_counter()
            done = sum(par(delayed(batch_chunk)(a.players, i, chunk, a.threshold, True, a.seed) for i in range(kb)))
            rate = done / (time.perf_counter() - t)
        print(f"batch, bayes declarer at every seat, {a.jobs} processes: {rate:12,.0f} games/s ({done} games)")

    ss = chunk_seed(a.seed + 1, 0)
    cards, leader = deal_games(stream(ss, DEAL), a.ref_games, rules)
    t = time.perf_counter()
    for i in range(a.ref_games):
        play_game(cards[i], int(leader[i]), rules, strategy(a.threshold))
    ref = a.ref_games / (time.perf_counter() - t)
    print(f"reference        : {ref:12,.0f} games/s ({a.ref_games} games)")
    print(f"speed-up, batch 1 process / reference: {one / ref:,.0f}x; {a.jobs} processes / reference: {many / ref:,.0f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
