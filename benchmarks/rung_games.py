"""What ``bench_rungs.py`` needs of each game (not a benchmark itself): its rungs, its field player, how a rung's
decisions are clocked on the numpy engine, and its games per CPU second on the compiled engine.

The games differ where it matters: Tấn measures a rung with ``cardodds.analysis.strength.match`` (paired deals, seats
swapped, the match's own clock); Sâm's numpy engine asks table players through its tables, so the clock sits on the
engine's two ways of asking (:class:`SeatClock`); Chắn's rung is wrapped (:class:`Timed`).  Sâm and Chắn share the rest
(:func:`seat_games`, :func:`seat_compiled`): the rung at seat 0, 1, ... in turn on the same deals.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable

import numpy as np

from cardodds.sim.streams import DEAL, FIRST, PLAY, chunk_seed, stream


@dataclass(frozen=True)
class Rungs:
    """A game's part of the rung table.

    ``measure(rung, field, n, args)`` returns ``(decisions, decision seconds, games, CPU seconds)`` of ``n`` deals
    (pairs for Tấn) on the numpy engine; ``compiled(rung, field, n, args)`` the compiled engine's games per CPU
    second, or None where it does not play the rung.
    """

    title: str
    numpy_label: str
    rungs: tuple[str, ...]
    search: frozenset
    field: object
    make: Callable
    measure: Callable
    compiled: Callable
    deals: int
    fast_deals: int
    compiled_deals: int | None


def tan(args) -> Rungs:
    from cardodds.analysis.strength import TABLES, match, seatings
    from cardodds.sim.tan import compiled
    from cardodds.sim.tan.deal import deal_chunk
    from cardodds.sim.tan.players import make_strategy

    rules = TABLES[args.table]

    def measure(rung, field, pairs, args):
        m = match(rung, field, rules, pairs, args.seed, chunk=min(pairs, 1000))
        seats = 2 if rung == field else 1  # the rung is the field too: match counted both sides as A
        # a_us is the CPU time a decision, so decisions × a_us is the rung's decision time; the match's games over
        # games_per_s its CPU time
        return m.a_decisions / seats, m.a_us * m.a_decisions * 1e-6, 2 * pairs, 2 * pairs / m.games_per_s

    def compiled_rate(rung, field, pairs, args):
        first, second = seatings(rules.players)
        tables = [[rung if s else field for s in a_seats] for a_seats in (first, second)]
        if not all(compiled.chosen(rules, t) for t in tables):
            return None
        compiled.play_batch(rules, *deal_chunk(rules, chunk_seed(args.seed, 99), 10), tables[0])  # load the kernel
        t = time.process_time()
        orders, fa = deal_chunk(rules, chunk_seed(args.seed, 0), pairs)
        for table in tables:
            compiled.play_batch(rules, orders, fa, table)
        return 2 * pairs / max(time.process_time() - t, 1e-9)

    return Rungs(f"Tấn {args.table}: each rung against tuned, seats swapped, seed {args.seed}", "match",
                 ("random", "basic", "beginner", "heuristic", "tuned", "classic", "endgame", "pimc", "expert", "ismcts",
                  "ismcts_tree"), frozenset({"endgame", "pimc", "expert", "ismcts", "ismcts_tree"}),
                 make_strategy("tuned"), make_strategy, measure, compiled_rate, 100, 5000, None)


def seatings(rung, field, players: int) -> list[list]:
    """The rung at seat 0, 1, ... in turn, the field elsewhere."""
    return [[rung if s == k else field for s in range(players)] for k in range(players)]


def deals(deal, seed: int, n: int, chunk: int):
    """The chunks' deals and seeds: chunk ``k``'s ``deal(seq, n)`` from ``seq = chunk_seed(seed, k)``."""
    for k, start in enumerate(range(0, n, chunk)):
        seq = chunk_seed(seed, k)
        yield deal(seq, min(chunk, n - start)), seq


def seat_games(play, deal, clock, warm: int):
    """``measure`` for a game played with the rung at each seat in turn: ``play(seats, dealt, seq)`` on the numpy
    engine, ``clock`` counting the rung's decisions and their seconds, ``warm`` deals played first, untimed."""

    def measure(rung, field, n, args):
        players = args.rules.players
        dealt, seq = next(deals(deal, args.seed + 1, warm, warm))
        play(seatings(rung, field, players)[0], dealt, seq)  # the players' tables, built once
        timed = clock(rung)
        cpu = 0.0
        with timed:
            for k, table in enumerate(seatings(timed.player, field, players)):
                timed.seat = k
                t = time.process_time()
                for dealt, seq in deals(deal, args.seed, n, args.chunk):
                    play(table, dealt, seq)
                cpu += time.process_time() - t
        return timed.decisions, timed.seconds, players * n, cpu

    return measure


def seat_compiled(compiled, play, deal):
    """``compiled`` for a game played with the rung at each seat in turn: every seating of ``n`` deals on
    ``play(seats, dealt, seq)`` (the compiled engine, deal included); None where it is not ``chosen`` for every one."""

    def rate(rung, field, n, args):
        tables = seatings(rung, field, args.rules.players)
        if not all(compiled.chosen(args.rules, t) for t in tables):
            return None
        dealt, seq = next(deals(deal, args.seed + 1, 10, 10))
        for table in tables:  # load the kernel and build each seating's tables
            play(table, dealt, seq)
        t = time.process_time()
        for seats in tables:
            for dealt, seq in deals(deal, args.seed, n, args.chunk):
                play(seats, dealt, seq)
        return args.rules.players * n / max(time.process_time() - t, 1e-9)

    return rate


class SeatClock:
    """Times the Sâm numpy engine's asking of one seat's player while in a ``with`` (``bench_rungs.py``)."""

    def __init__(self, rung):
        self.player, self.seat, self.seconds, self.decisions, self._busy = rung, 0, 0.0, 0, False

    def __enter__(self):
        from cardodds.sim.sam.batch import SamBatch

        self._saved = SamBatch._ask_tables, SamBatch._ask_general
        clock, ask_tables, ask_general = self, *self._saved

        def tables(batch, turn, r, strat, fp):
            clock._time(ask_tables, (batch, turn, r, strat, fp), turn, r)

        def general(batch, turn, r, lead, strat):
            clock._time(ask_general, (batch, turn, r, lead, strat), turn, r)

        SamBatch._ask_tables, SamBatch._ask_general = tables, general
        return self

    def __exit__(self, *exc):
        from cardodds.sim.sam.batch import SamBatch

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


def sam(args) -> Rungs:
    from cardodds.sim.sam import compiled
    from cardodds.sim.sam.batch import play_batch
    from cardodds.sim.sam.players import make_strategy
    from cardodds.sim.sam.reference import deal_games
    from cardodds.sim.sam.rules import SamRules

    args.rules = rules = SamRules(players=args.players)

    def deal(seq, n):
        return deal_games(stream(seq, DEAL), n, rules, stream(seq, FIRST))

    def play(seats, dealt, seq):
        play_batch(rules, *dealt, seats, rng=stream(seq, PLAY))

    def play_compiled(seats, dealt, seq):
        compiled.play_batch_auto(rules, *dealt, seats, rng=stream(seq, PLAY))

    return Rungs(f"Sâm {rules.players} players: each rung at each seat in turn against control, seed {args.seed}",
                 "numpy", ("random", "greedy", "control", "expert"), frozenset({"expert"}), make_strategy("control"),
                 make_strategy, seat_games(play, deal, SeatClock, 2), seat_compiled(compiled, play_compiled, deal),
                 250, 50000, 200000)


class Timed:
    """A Chắn batch player that counts its decisions and the CPU time of its answers (all else is the player's)."""

    def __init__(self, inner):
        self.inner, self.seconds, self.decisions, self.seat = inner, 0.0, 0, 0
        self.player = self

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        pass

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


def chan(args) -> Rungs:
    from cardodds.sim.chan import compiled
    from cardodds.sim.chan.batch import play_batch
    from cardodds.sim.chan.deal import deal_orders
    from cardodds.sim.chan.players import make_strategy
    from cardodds.sim.chan.rules import ChanRules

    args.rules = rules = ChanRules()

    def deal(seq, n):
        return (deal_orders(stream(seq, DEAL), n),)

    def play(seats, dealt, seq):
        play_batch(rules, *dealt, seats)

    def play_compiled(seats, dealt, seq):
        compiled.play_batch_auto(rules, *dealt, seats)

    return Rungs(f"Chắn {rules.players} players: each rung at each seat in turn against tuned, seed {args.seed}",
                 "numpy", ("basic", "heuristic", "cuoc", "tuned", "expert"), frozenset({"expert"}),
                 make_strategy("tuned"), make_strategy, seat_games(play, deal, Timed, 1),
                 seat_compiled(compiled, play_compiled, deal), 40, 5000, 50000)


GAMES = {"tan": tan, "sam": sam, "chan": chan}
"""Each game's setup, by its registry name (``cardodds.sim.games.game_names()``)."""

