"""Sâm expert throughput: one ``expert`` seat against control players, games/s and decisions/s.

Usage: ``python benchmarks/bench_sam_expert.py [--games 4000] [--chunk 1000] [--jobs 2] [--worlds 32]
[--candidates 6] [--rollout control] [--solve-cards 0] [--solve-mode maxn] [--close-worlds 0] [--close-z 1]
[--ref-games 20]``.  The batch engine asks the expert for the decisions of all
the games of a chunk waiting on it at a step at once, and plays all their rollouts in batches of up to 65,536 games,
so larger chunks run faster; the reference engine asks one decision at a time (its rollouts still run on the batch
engine).  A decision is a move the expert is asked for with more than one candidate (a lead, or a reply it may beat
or pass).  Prints the knobs, then one ``BENCH`` line per engine for ``bench_all.py``; no assertions (figures depend
on the machine and its load).
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass

import common  # a sibling module
from expert_rates import batch_rates, print_rates  # a sibling script

from cardodds.sim.sam.batch import play_batch
from cardodds.sim.sam.expert import Expert
from cardodds.sim.sam.reference import deal_games, play_game
from cardodds.sim.sam.rules import SamRules
from cardodds.sim.sam.strategies import Control
from cardodds.sim.streams import DEAL, FIRST, PLAY, chunk_seed, stream

MAX_GAMES = 20_000  # bench_all.py passes the fast engines' --games to every script
DECISIONS = [0]  # the expert's searched decisions in this process


@dataclass(frozen=True)
class Counting(Expert):
    """The expert, counting the decisions it searches."""

    def candidates(self, view, moves, legal, may_pass, base):
        c = super().candidates(view, moves, legal, may_pass, base)
        DECISIONS[0] += int((~view.sam_on & (c[:, 1] != -2)).sum())
        return c


def batch_chunk(rules, expert, seed, k, n) -> tuple[float, int]:
    """Deal and play one chunk with the expert at seat 0; the CPU seconds and the expert's decisions."""
    t, before = time.process_time(), DECISIONS[0]
    seq = chunk_seed(seed, k)
    cards, leader = deal_games(stream(seq, DEAL), n, rules, stream(seq, FIRST))
    play_batch(rules, cards, leader, [expert] + [Control()] * (rules.players - 1), rng=stream(seq, PLAY))
    return time.process_time() - t, DECISIONS[0] - before


def main(argv=None):
    ap = common.parser(__doc__.splitlines()[0], games=4000, jobs=2, seed=12345,
                       quick={"games": 10, "chunk": 10, "ref_games": 1, "jobs": 1})
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--chunk", type=int, default=1000)
    ap.add_argument("--worlds", type=int, default=Expert.worlds)
    ap.add_argument("--candidates", type=int, default=Expert.max_candidates)
    ap.add_argument("--rollout", default=Expert.rollout)
    ap.add_argument("--solve-cards", type=int, default=Expert.solve_cards)
    ap.add_argument("--solve-mode", default=Expert.solve_mode)
    ap.add_argument("--close-worlds", type=int, default=Expert.close_worlds)
    ap.add_argument("--close-z", type=float, default=Expert.close_z)
    ap.add_argument("--ref-games", type=int, default=20)
    args = common.parse(ap, argv)
    if args.games > MAX_GAMES:
        print(f"--games {args.games} capped at {MAX_GAMES} (the expert plays hundreds of games a second)",
              file=sys.stderr)
        args.games = MAX_GAMES
    rules = SamRules(players=args.players)
    expert = Counting(worlds=args.worlds, max_candidates=args.candidates, rollout=args.rollout,
                      solve_cards=args.solve_cards, solve_mode=args.solve_mode, close_worlds=args.close_worlds,
                      close_z=args.close_z)
    knobs = f"worlds {expert.worlds}, max_candidates {expert.max_candidates}, rollout {expert.rollout}"
    if expert.solve_cards:  # (the default's text is the one bench_all.py has always read)
        knobs += f", solve_cards {expert.solve_cards}, solve_mode {expert.solve_mode}"
    if expert.close_worlds:
        knobs += f", close_worlds {expert.close_worlds}, close_z {expert.close_z}"
    chunks = [args.chunk] * max(1, args.games // args.chunk)

    # reference engine: one decision searched at a time
    seq = chunk_seed(args.seed, 10**6)
    cards, leader = deal_games(stream(seq, DEAL), args.ref_games, rules, stream(seq, FIRST))
    seats = [expert] + [Control()] * (rules.players - 1)
    DECISIONS[0] = 0
    t = time.perf_counter()
    for i in range(args.ref_games):
        play_game(cards[i], int(leader[i]), rules, seats)
    ref_s = time.perf_counter() - t
    ref = (args.ref_games / ref_s, DECISIONS[0] / ref_s)

    # batch engine, --jobs processes
    wall, cpu, decisions = batch_rates(batch_chunk, (rules, expert), args.seed, chunks, args.jobs)
    print_rates(f"Sâm {rules.players} players: expert at seat 0 against control players", knobs, ref,
                args.ref_games, sum(chunks), args.chunk, args.jobs, wall, cpu, decisions)


if __name__ == "__main__":
    main()
