"""Tấn: every rung's decisions per CPU second and games per CPU second with one such seat, one table.

Usage: ``NUMBA_NUM_THREADS=1 python benchmarks/bench_tan_rungs.py [--table 2p36] [--pairs 100] [--fast-pairs 5000]
[--seed 4242] [--rungs basic,tuned,...]``.  Each rung (its defaults at the table) plays ``tuned`` at the other seats
on paired deals, seats swapped (``cardodds.analysis.strength.match``), one process:

- decisions per CPU second: the rung's own decisions over the CPU time its decisions take (``Timed``: the numpy
  engine asks it row by row of a batch, so for a vectorised rung this is the numpy batch cost; for a search rung it
  is the whole search, rollouts on the compiled engine included);
- games per CPU second with one such seat: the match's games over its CPU time, every seat included; and for a rung
  the compiled engine plays, the same games on the compiled engine (``compiled.play_batch``, the deal included).

The search rungs play ``--pairs`` deal pairs, the fast ones ``--fast-pairs``.  No assertion (the figures depend on
the machine and its load); run it on an idle machine and read the rows against each other.
"""

from __future__ import annotations

import argparse
import time

from rung_table import print_header, print_row  # a sibling script

from cardodds.analysis.strength import TABLES, match, seatings
from cardodds.sim.streams import chunk_seed
from cardodds.sim.tan import compiled
from cardodds.sim.tan.deal import deal_chunk
from cardodds.sim.tan.players import make_strategy

RUNGS = ("random", "basic", "beginner", "heuristic", "tuned", "classic", "endgame", "pimc", "expert", "ismcts",
         "ismcts_tree")
SEARCH = {"endgame", "pimc", "expert", "ismcts", "ismcts_tree"}


def compiled_rate(rules, rung, field, pairs: int, seed: int) -> float | None:
    """Games per CPU second on the compiled engine, one ``rung`` seat per game (both seatings), deal included; None
    where the compiled engine does not play the rung."""
    first, second = seatings(rules.players)
    tables = [[rung if s else field for s in a_seats] for a_seats in (first, second)]
    if not all(compiled.chosen(rules, t) for t in tables):
        return None
    compiled.play_batch(rules, *deal_chunk(rules, chunk_seed(seed, 99), 10), tables[0])  # load the kernel
    t = time.process_time()
    orders, fa = deal_chunk(rules, chunk_seed(seed, 0), pairs)
    for table in tables:
        compiled.play_batch(rules, orders, fa, table)
    return 2 * pairs / max(time.process_time() - t, 1e-9)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--table", choices=sorted(TABLES), default="2p36")
    ap.add_argument("--pairs", type=int, default=100, help="deal pairs for each search rung")
    ap.add_argument("--fast-pairs", type=int, default=5000, help="deal pairs for each fast rung")
    ap.add_argument("--seed", type=int, default=4242)
    ap.add_argument("--rungs", default=",".join(RUNGS))
    args = ap.parse_args(argv)
    rules = TABLES[args.table]
    field = make_strategy("tuned")
    print(f"{args.table}: each rung against tuned, seats swapped, seed {args.seed}")
    print_header("match")
    for name in args.rungs.split(","):
        rung = make_strategy(name)
        pairs = args.pairs if name in SEARCH else args.fast_pairs
        m = match(rung, field, rules, pairs, args.seed, chunk=min(pairs, 1000))
        fast = compiled_rate(rules, rung, field, pairs, args.seed)
        seats = 2 if rung == field else 1  # the rung is the field too: match counted both sides as A
        # a_us is the CPU time a decision, so decisions × a_us is the rung's decision time; the match's games over
        # games_per_s its CPU time
        print_row(name, m.a_decisions / seats, m.a_us * m.a_decisions * 1e-6, 2 * pairs, 2 * pairs / m.games_per_s,
                  fast)


if __name__ == "__main__":
    main()
