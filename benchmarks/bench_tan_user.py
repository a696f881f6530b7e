"""Games per CPU second of Tấn with a user's player at one seat (issue 33), against the reference engine with the
built-in players at every seat.

    python benchmarks/bench_tan_user.py [--games 2000] [--ref-games 1000] [--players 4] [--deck 52] [--hand 8]
                                        [--strategy basic] [--chunk 1000] [--batch-games 20000]
                                        [--batch-chunk 5000]

Four figures, one core, ``--strategy`` at the other seats: (1) the reference engine, the built-in at every seat,
game by game; (2) the run path (``tan.play``'s chunk function, the numpy batch engine, chunks of ``--chunk`` games)
with a trivial user player (``legal[0]``) at seat 0; (3) the reference engine with that player at seat 0; (4) the run
path with the trivial player's batch form (``decide_batch``: the first legal action of each row, with numpy) at seat
0, declared ``deterministic = True``, chunks of ``--batch-chunk`` games (the Tấn configs' ``chunk_size`` is
1,000-5,000; the default 250,000), and (4) again without the declaration.  Issue 33 asks (2) >= (1) and
(4) >= 10x (1).  Each figure is the best of three timings (the machine's other load disturbs them).

2026-12-03, a 2-core machine shared with other runs (load 3-4), basic at the other seats, figures (1)-(3) before
(main at cf54d8f) and after the adapter's speed work (``tan.user_rows``: the view, the moves and the generator built
straight from the batch rows), run in turn in one session, two runs each (``taskset -c 1``; after: ``--batch-games
5000``): 4p52 before (1) 753-1,010, (2) 507-627: 0.62-0.67x; after (1) 718-1,067, (2) 1,406-1,505, (3) 421-433:
1.32-2.10x.  2p36 (``--players 2 --deck 36 --hand 6``) before (1) 1,555-1,657, (2) 606-662: 0.39-0.40x; after (1)
1,676-1,679, (2) 1,844-2,087, (3) 548-688: 1.10-1.24x.  In quieter single runs the same day (1) reached 2,370-2,535
at 2p36 and (2) 2,716-2,769: there (2) >= (1) holds with little room.  Figure (1) alone swings by a third between
runs here: compare a ratio, not a figure.  A user decision on the run path now costs about 18 us at 2p36 (19.75 a
game): ~6 us to build its view, moves and generator state from the rows (numpy for all the rows, then one dict a
row), ~8 us in ``ask`` (its copy of the view ~4 us, three CPU clock reads ~2 us), ~1 us setting the generator (into
numpy's PCG64 struct), ~2 us of the batch engine; ``basic`` on the reference engine costs ~10 us a decision.  Before
this work: ~50 us a user decision, and against slower built-ins heuristic 768 / 488 (0.64x), classic 70 / 543
(7.8x).

Figure (4), same machine and day, 4p52, basic at the other seats: defaults (20,000 games in chunks of 5,000):
(1) 1,128, (4) 12,903 games per CPU s, 11.4x; not declared deterministic 5,842, 5.2x.  ``--games 500 --ref-games 500
--batch-games 50000 --batch-chunk 25000``: (1) 1,110, (4) 16,944, 15.3x; not declared 11,508, 10.4x.  Undeclared,
two things hold (4) down in small chunks: each engine step costs a fixed ~0.3 ms of numpy calls whatever its rows,
and a chunk holding a game that cycles until ``max_bouts`` (2 of the 20,000 default games, in the chunk of seed key
10,000) plays ~3,000 steps for it alone; declared, such a game goes to the reference engine at ``HANDOFF_BOUTS``,
periods skipped.  The observations (494 float32 a decision at 4p52) cost ~0.8 us a decision.
"""

from __future__ import annotations

import time

import common  # a sibling module

from cardodds.sim.streams import PLAY, chunk_seed, stream
from cardodds.sim.tan.deal import deal_chunk
from cardodds.sim.tan.play_task import TanParams, run_chunk
from cardodds.sim.tan.players import seat_strategies
from cardodds.sim.tan.reference import TanGame
from cardodds.sim.tan.rules import TanRules
from cardodds.sim.tan.user_seat import user_strategy
from cardodds.sim.user_player import UserPlayer


class First(UserPlayer):
    """The trivial user player: the first legal move."""

    def decide(self, view, legal, rng):
        return legal[0]


class FirstBatch(First):
    """The trivial user player with its batch form: the first legal action of each row."""

    def decide_batch(self, observations, masks, rng):
        return masks.argmax(axis=1)


class SureFirstBatch(FirstBatch):
    """``FirstBatch`` declared deterministic (it ignores its rng): its longest games go to the reference engine."""

    deterministic = True


def best_rate(play, games: int, repeat: int = 3) -> float:
    """Games per CPU second of ``play()`` (``games`` games), the best of ``repeat`` timings."""
    best = float("inf")
    for _ in range(repeat):
        t = time.process_time()
        play()
        best = min(best, time.process_time() - t)
    return games / best


def reference_rate(rules: TanRules, strategies, games: int, seed: int) -> float:
    seq = chunk_seed(seed, 0)
    orders, first = deal_chunk(rules, seq, games)

    def play():
        rng = stream(seq, PLAY)
        for k in range(games):
            TanGame(rules, orders[k], int(first[k]), strategies, rng=rng).play()

    return best_rate(play, games)


def run_path_rate(rules: TanRules, strategies, games: int, seed: int, chunk: int = 1000) -> float:
    params = TanParams(rules, tuple(strategies))

    def play():
        for k in range(0, games, chunk):
            run_chunk(params, chunk_seed(seed, k), min(chunk, games - k))

    return best_rate(play, games)


def main(argv=None) -> None:
    ap = common.parser(__doc__.splitlines()[0], games=2000, jobs=None, quick={"games": 50, "ref_games": 20, "batch_games": 50, "batch_chunk": 50})
    ap.add_argument("--ref-games", type=int, default=1000, help="games of the reference engine figures")
    ap.add_argument("--batch-games", type=int, default=20000, help="games of figure (4)")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--deck", type=int, default=52)
    ap.add_argument("--hand", type=int, default=8)
    ap.add_argument("--strategy", default="basic", help="the built-in player (default basic)")
    ap.add_argument("--chunk", type=int, default=1000, help="games a chunk of the run path, figure (2)")
    ap.add_argument("--batch-chunk", type=int, default=5000, help="games a chunk of the run path, figure (4)")
    args = common.parse(ap, argv)
    rules = TanRules(players=args.players, deck=args.deck, hand_size=args.hand)
    built_in = seat_strategies(args.strategy, rules.players)
    user = (user_strategy(First()),) + built_in[1:]
    batch = (user_strategy(SureFirstBatch()),) + built_in[1:]
    unsure = (user_strategy(FirstBatch()),) + built_in[1:]
    table = f"{rules.players}p{rules.deck}, hand {rules.hand_size}"
    rows = [(f"reference engine, {args.strategy} at every seat", reference_rate(rules, built_in, args.ref_games,
                                                                              args.seed)),
            ("run path (batch engine), user legal[0] at seat 0", run_path_rate(rules, user, args.games, args.seed,
                                                                             args.chunk)),
            ("reference engine, user legal[0] at seat 0", reference_rate(rules, user, args.ref_games, args.seed)),
            ("run path, user's decide_batch at seat 0", run_path_rate(rules, batch, args.batch_games, args.seed,
                                                                      args.batch_chunk)),
            ("the same, not declared deterministic", run_path_rate(rules, unsure, args.batch_games, args.seed,
                                                                   args.batch_chunk))]
    print(f"Tấn {table}, {args.strategy} at the other seats, one core")
    for name, rate in rows:
        print(f"{name:50s}: {rate:10,.0f} games per CPU s")
    print(f"run path with the user player / reference engine with built-ins: {rows[1][1] / rows[0][1]:.2f}x")
    print(f"run path with its batch form / reference engine with built-ins: {rows[3][1] / rows[0][1]:.2f}x "
          f"({rows[4][1] / rows[0][1]:.2f}x not declared deterministic)")


if __name__ == "__main__":
    main()
