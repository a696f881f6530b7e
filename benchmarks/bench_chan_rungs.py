"""Chắn: every rung's decisions per CPU second and games per CPU second with one such seat, one table.

Usage: ``NUMBA_NUM_THREADS=1 python benchmarks/bench_chan_rungs.py [--deals 40] [--fast-deals 5000]
[--compiled-deals 50000] [--chunk 1000] [--seed 4242] [--rungs basic,heuristic,cuoc,tuned,expert]``.  Each rung (its
defaults, default rules: 4 players, the cái at seat 0) sits at one seat against three ``tuned`` players — the
strongest fast rung and the expert's own base player, so the rung meets the play it would meet at a good table, and
every fast rung's games stay on the compiled engine.  Every deal is played 4 times, the rung at seat 0 (the cái),
1, 2, 3 in turn on the same deal, so a rung's games are ``4 × deals``.  One process:

- decisions a game and decisions per CPU second: the rung's own decisions over the CPU time of its answers on the
  numpy batch engine (:class:`Timed` wraps the rung: the engine asks it ``chiu_batch``, ``act_batch`` and
  ``discard_batch`` on its rows; for the expert this is the whole search, its play-outs included).  A decision is
  a row with a choice: a chíu chance, an ăn / chíu option on the card in play (beside letting it go), a discard or
  trả cửa among two legal kinds or more;
- games per CPU second (numpy): the timed games, every seat and the deal included;
- games per CPU second (compiled): ``--compiled-deals`` deals, every seating, on ``compiled.play_batch_auto``, deal
  included, where the compiled engine is ``chosen`` for every seating (``basic``, ``heuristic``, ``cuoc``,
  ``tuned``: what the runs really use); ``–`` for the expert, whose games play on the numpy engine, the number
  before (its play-outs on whichever engine its code uses).

The expert plays ``--deals`` deals, the fast rungs ``--fast-deals``, in chunks of ``--chunk`` deals (larger chunks
run the numpy engine faster).  No assertion
(the figures depend on the machine and its load); read the rows against each other.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from rung_table import print_header, print_row  # a sibling script

from cardodds.sim.chan import compiled
from cardodds.sim.chan.batch import play_batch
from cardodds.sim.chan.deal import deal_orders
from cardodds.sim.chan.players import make_strategy
from cardodds.sim.chan.rules import ChanRules
from cardodds.sim.streams import DEAL, chunk_seed, stream

RUNGS = ("basic", "heuristic", "cuoc", "tuned", "expert")
SEARCH = {"expert"}


class Timed:
    """A Chắn batch player that counts its decisions and the CPU time of its answers (all else is the player's)."""

    def __init__(self, inner):
        self.inner, self.seconds, self.decisions = inner, 0.0, 0

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def _timed(self, method, rows, choice):
        t = time.process_time()
        out = getattr(self.inner, method)(rows)
        self.seconds += time.process_time() - t
        self.decisions += int(np.count_nonzero(choice))
        return out

    def chiu_batch(self, rows):
        return self._timed("chiu_batch", rows, np.ones(rows.g.size, bool))

    def act_batch(self, rows):
        return self._timed("act_batch", rows, rows.chiu | rows.chan | rows.ca.any(axis=1))

    def discard_batch(self, rows):
        return self._timed("discard_batch", rows, np.bitwise_count(rows.legal) >= 2)


def deals(seed: int, n: int, chunk: int):
    """The chunks' deal orders: chunk ``k`` from ``chunk_seed(seed, k)``."""
    for k, start in enumerate(range(0, n, chunk)):
        yield deal_orders(stream(chunk_seed(seed, k), DEAL), min(chunk, n - start))


def seatings(rung, field, players: int) -> list[list]:
    """The rung at seat 0, 1, ... in turn, the field elsewhere."""
    return [[rung if s == k else field for s in range(players)] for k in range(players)]


def timed_games(rules, rung, field, n: int, seed: int, chunk: int) -> tuple[Timed, float]:
    """Every seating of ``n`` deals on the numpy engine: the timed rung and the games' CPU seconds (deal in)."""
    timed = Timed(rung)
    play_batch(rules, next(deals(seed + 1, 1, 1)), seatings(rung, field, rules.players)[0])  # warm the caches
    t = time.process_time()
    for seats in seatings(timed, field, rules.players):
        for orders in deals(seed, n, chunk):
            play_batch(rules, orders, seats)
    return timed, time.process_time() - t


def compiled_rate(rules, rung, field, n: int, seed: int, chunk: int) -> float | None:
    """Games per CPU second of every seating on ``compiled.play_batch_auto`` (deal included); None where the
    compiled engine is not chosen for every seating."""
    tables = seatings(rung, field, rules.players)
    if not all(compiled.chosen(rules, t) for t in tables):
        return None
    compiled.play_batch_auto(rules, next(deals(seed + 1, 10, 10)), tables[0])  # load the kernel
    t = time.process_time()
    for seats in tables:
        for orders in deals(seed, n, chunk):
            compiled.play_batch_auto(rules, orders, seats)
    return rules.players * n / max(time.process_time() - t, 1e-9)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=40, help="deals for each search rung")
    ap.add_argument("--fast-deals", type=int, default=5000, help="deals for each fast rung")
    ap.add_argument("--compiled-deals", type=int, default=50000, help="deals for each compiled row")
    ap.add_argument("--chunk", type=int, default=1000, help="deals a batch-engine call")
    ap.add_argument("--seed", type=int, default=4242)
    ap.add_argument("--rungs", default=",".join(RUNGS))
    args = ap.parse_args(argv)
    rules = ChanRules()
    field = make_strategy("tuned")
    print(f"Chắn {rules.players} players: each rung at each seat in turn against tuned, seed {args.seed}")
    print_header()
    for name in args.rungs.split(","):
        rung = make_strategy(name)
        n = args.deals if name in SEARCH else args.fast_deals
        timed, cpu = timed_games(rules, rung, field, n, args.seed, args.chunk)
        games = rules.players * n
        fast = compiled_rate(rules, rung, field, args.compiled_deals, args.seed, args.chunk)
        print_row(name, timed.decisions, timed.seconds, games, cpu, fast)


if __name__ == "__main__":
    main()
