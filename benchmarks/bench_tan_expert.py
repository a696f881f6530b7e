"""Tấn expert throughput: one ``expert`` seat against heuristic players, games/s and decisions/s.

Usage: ``python benchmarks/bench_tan_expert.py [--games 2000] [--chunk 1000] [--jobs 2] [--worlds 8]
[--candidates 4] [--rollout heuristic] [--ref-games 3]``.  The batch engine searches the decisions of all the games of a
chunk waiting on the expert at a step in one rollout batch, so larger chunks run faster (and hold more memory); the
reference engine searches one decision at a time (its rollouts still run on the batch engine).  A decision is a move
the expert is asked for (attack, add, defend), searched when it has more than one candidate.  Prints the knobs, then
one ``BENCH`` line per engine for ``bench_all.py``; no assertions (figures depend on the machine and its load).
"""

from __future__ import annotations

import sys
import time

import common  # a sibling module
from expert_rates import batch_rates, print_rates  # a sibling script

from cardodds.sim.streams import DEAL, PLAY, chunk_seed, stream
from cardodds.sim.tan.batch import play_batch
from cardodds.sim.tan.deal import deal_orders
from cardodds.sim.tan.expert import Expert
from cardodds.sim.tan.reference import TanGame
from cardodds.sim.tan.rules import TanRules
from cardodds.sim.tan.strategies import Heuristic

MAX_GAMES = 20_000  # bench_all.py passes the fast engines' --games to every script


class Counting:
    """The expert, counting the decisions it is asked for."""

    def __init__(self, inner):
        self.inner, self.decisions = inner, 0

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def attack(self, v, rng):
        self.decisions += 1
        return self.inner.attack(v, rng)

    def defend(self, v, rng):
        self.decisions += 1
        return self.inner.defend(v, rng)

    def attack_batch(self, v, rng):
        self.decisions += int((v.decide & v.live & (v.legal != 0)).sum())
        return self.inner.attack_batch(v, rng)

    def defend_batch(self, v, rng):
        self.decisions += int((v.decide & v.live & (v.legal != 0)).sum())
        return self.inner.defend_batch(v, rng)


def batch_chunk(rules, expert, seed, k, n) -> tuple[float, int]:
    """Deal and play one chunk with the expert at seat 0; the CPU seconds and the expert's decisions."""
    t = time.process_time()
    seq = chunk_seed(seed, k)
    orders, first = deal_orders(rules, stream(seq, DEAL), n)
    ex = Counting(expert)
    play_batch(rules, orders, first, [ex] + [Heuristic()] * (rules.players - 1), rng=stream(seq, PLAY))
    return time.process_time() - t, ex.decisions


def main(argv=None):
    ap = common.parser(__doc__.splitlines()[0], games=2000, jobs=2, seed=12345,
                       quick={"games": 10, "chunk": 10, "ref_games": 1, "jobs": 1})
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--chunk", type=int, default=1000)
    ap.add_argument("--worlds", type=int, default=Expert.worlds)
    ap.add_argument("--candidates", type=int, default=Expert.max_candidates)
    ap.add_argument("--rollout", default=Expert.rollout)
    ap.add_argument("--ref-games", type=int, default=3)
    args = common.parse(ap, argv)
    if args.games > MAX_GAMES:
        print(f"--games {args.games} capped at {MAX_GAMES} (the expert plays tens of games a second)", file=sys.stderr)
        args.games = MAX_GAMES
    rules = TanRules(players=args.players)
    expert = Expert(worlds=args.worlds, max_candidates=args.candidates, rollout=args.rollout)
    knobs = f"worlds {expert.worlds}, max_candidates {expert.max_candidates}, rollout {expert.rollout}"
    chunks = [args.chunk] * max(1, args.games // args.chunk)

    # reference engine: one decision searched at a time
    seq = chunk_seed(args.seed, 10**6)
    orders, first = deal_orders(rules, stream(seq, DEAL), args.ref_games)
    rng = stream(seq, PLAY)
    ex = Counting(expert)
    t = time.perf_counter()
    for i in range(args.ref_games):
        TanGame(rules, orders[i], int(first[i]), [ex] + [Heuristic()] * (rules.players - 1), rng=rng).play()
    ref_s = time.perf_counter() - t
    ref = (args.ref_games / ref_s, ex.decisions / ref_s)

    # batch engine, --jobs processes
    wall, cpu, decisions = batch_rates(batch_chunk, (rules, expert), args.seed, chunks, args.jobs)
    print_rates(f"Tấn {rules.players} players: expert at seat 0 against heuristic players", knobs, ref,
                args.ref_games, sum(chunks), args.chunk, args.jobs, wall, cpu, decisions)


if __name__ == "__main__":
    main()
