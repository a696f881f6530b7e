"""Sâm: every rung's decisions per CPU second and games per CPU second with one such seat, one table.

Usage: ``NUMBA_NUM_THREADS=1 python benchmarks/bench_sam_rungs.py [--players 4] [--deals 250] [--fast-deals 50000]
[--compiled-deals 200000] [--chunk 1000] [--seed 4242] [--rungs random,greedy,control,expert]``.  Each rung (its
defaults, default rules) sits at one seat against three ``control`` players (the field, the default player); every deal
is played ``players`` times, the rung at seat 0, 1, ... in turn on the same deal (same first player, same random
stream), so a rung's games are ``players × deals``.  One process:

- decisions a game and decisions per CPU second: the rung's own decisions over the CPU time they take, on the numpy
  batch engine.  That engine asks a table player (``greedy``, ``control``) through its tables, never through a
  method, so the clock is on the engine's two ways of asking (``SamBatch._ask_tables``, ``_ask_general``: legal
  moves, view and ``choose`` included) rather than on a wrapped strategy, which would lose its tables.  Where the
  rung and the field are one player (``control``), one call asks both: the rung gets its rows' share of the call's
  time.  A decision is a row of the rung's seat that has a choice: an answer with a legal beat (beat or pass), or a
  lead from two cards or more.  Sâm declarations are not counted (nobody declares by default);
- games per CPU second (numpy): the timed games, every seat and the deal included;
- games per CPU second (compiled): ``--compiled-deals`` deals, every seating, on ``compiled.play_batch_auto``, deal
  included, where the compiled engine is ``chosen`` for every seating (``greedy``, ``control``: what the runs
  really use); ``–`` where it is not (``random``, ``expert``): those play on the numpy engine, the number before
  (the expert's rollouts on the compiled engine).

The expert plays ``--deals`` deals, the fast rungs ``--fast-deals``, in chunks of ``--chunk`` deals (larger chunks
run the numpy engine faster).  No assertion
(the figures depend on the machine and its load); read the rows against each other.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from rung_table import print_header, print_row  # a sibling script

from cardodds.sim.sam import compiled
from cardodds.sim.sam.batch import SamBatch, play_batch
from cardodds.sim.sam.players import make_strategy
from cardodds.sim.sam.reference import deal_games
from cardodds.sim.sam.rules import SamRules
from cardodds.sim.streams import DEAL, FIRST, PLAY, chunk_seed, stream

RUNGS = ("random", "greedy", "control", "expert")
SEARCH = {"expert"}


class SeatClock:
    """Times the numpy engine's asking of one seat's player (see the module docstring) while in a ``with``."""

    def __init__(self):
        self.seat, self.seconds, self.decisions, self._busy = 0, 0.0, 0, False

    def __enter__(self):
        self._saved = SamBatch._ask_tables, SamBatch._ask_general
        clock, ask_tables, ask_general = self, *self._saved

        def tables(batch, turn, r, strat, fp):
            clock._time(ask_tables, (batch, turn, r, strat, fp), turn, r)

        def general(batch, turn, r, lead, strat):
            clock._time(ask_general, (batch, turn, r, lead, strat), turn, r)

        SamBatch._ask_tables, SamBatch._ask_general = tables, general
        return self

    def __exit__(self, *exc):
        SamBatch._ask_tables, SamBatch._ask_general = self._saved

    def _time(self, ask, args, turn, r):
        if self._busy:  # an engine run inside a decision (a search's play-out) is the decision's own time
            return ask(*args)
        rows = np.arange(len(turn.g)) if r is None else r
        mine = rows[turn.a[rows] == self.seat]
        if len(mine) == 0:
            return ask(*args)
        self._busy = True
        t = time.process_time()
        try:
            ask(*args)
        finally:
            self._busy = False
        self.seconds += (time.process_time() - t) * len(mine) / len(rows)
        forced = turn.is_lead[mine] & (turn.n_own[mine] < 2)
        self.decisions += int(np.count_nonzero(turn.has[mine] & ~forced))


def deals(rules, seed: int, n: int, chunk: int):
    """The chunks' (hands, first players, chunk seed): chunk ``k`` from ``chunk_seed(seed, k)``."""
    for k, start in enumerate(range(0, n, chunk)):
        seq = chunk_seed(seed, k)
        yield *deal_games(stream(seq, DEAL), min(chunk, n - start), rules, stream(seq, FIRST)), seq


def seatings(rung, field, players: int) -> list[list]:
    """The rung at seat 0, 1, ... in turn, the field elsewhere."""
    return [[rung if s == k else field for s in range(players)] for k in range(players)]


def timed_games(rules, rung, field, n: int, seed: int, chunk: int) -> tuple[SeatClock, float]:
    """Every seating of ``n`` deals on the numpy engine: the rung's clock and the games' CPU seconds (deal in)."""
    seats = seatings(rung, field, rules.players)
    cards, leader, seq = next(deals(rules, seed + 1, 2, 2))
    play_batch(rules, cards, leader, seats[0], rng=stream(seq, PLAY))  # the players' tables, built once
    clock, cpu = SeatClock(), 0.0
    with clock:
        for k, table in enumerate(seats):
            clock.seat = k
            t = time.process_time()
            for cards, leader, seq in deals(rules, seed, n, chunk):
                play_batch(rules, cards, leader, table, rng=stream(seq, PLAY))
            cpu += time.process_time() - t
    return clock, cpu


def compiled_rate(rules, rung, field, n: int, seed: int, chunk: int) -> float | None:
    """Games per CPU second of every seating on ``compiled.play_batch_auto`` (deal included); None where the
    compiled engine is not chosen for every seating."""
    tables = seatings(rung, field, rules.players)
    if not all(compiled.chosen(rules, t) for t in tables):
        return None
    cards, leader, _ = next(deals(rules, seed + 1, 10, 10))
    for table in tables:  # load the kernel and build each seating's tables
        compiled.play_batch_auto(rules, cards, leader, table)
    t = time.process_time()
    for seats in tables:
        for cards, leader, seq in deals(rules, seed, n, chunk):
            compiled.play_batch_auto(rules, cards, leader, seats, rng=stream(seq, PLAY))
    return rules.players * n / max(time.process_time() - t, 1e-9)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--deals", type=int, default=250, help="deals for each search rung")
    ap.add_argument("--fast-deals", type=int, default=50000, help="deals for each fast rung")
    ap.add_argument("--compiled-deals", type=int, default=200000, help="deals for each compiled row")
    ap.add_argument("--chunk", type=int, default=1000, help="deals a batch-engine call")
    ap.add_argument("--seed", type=int, default=4242)
    ap.add_argument("--rungs", default=",".join(RUNGS))
    args = ap.parse_args(argv)
    rules = SamRules(players=args.players)
    field = make_strategy("control")
    print(f"Sâm {rules.players} players: each rung at each seat in turn against control, seed {args.seed}")
    print_header()
    for name in args.rungs.split(","):
        rung = make_strategy(name)
        n = args.deals if name in SEARCH else args.fast_deals
        clock, cpu = timed_games(rules, rung, field, n, args.seed, args.chunk)
        games = rules.players * n
        fast = compiled_rate(rules, rung, field, args.compiled_deals, args.seed, args.chunk)
        print_row(name, clock.decisions, clock.seconds, games, cpu, fast)


if __name__ == "__main__":
    main()
