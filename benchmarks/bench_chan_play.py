"""Throughput of full Chắn games: the batch engine (one process, and ``--jobs`` processes) against the reference engine,
in the same run.

Usage: ``python benchmarks/bench_chan_play.py [--games 200000] [--chunk 20000] [--jobs 2] [--ref-games 300]
[--strategy basic,heuristic,cuoc]``.  The strategy plays every seat; the first one listed gets the reference and the
one-process rows, every one the ``--jobs``-process row.  ``--expert-games N`` (default 20; 0 skips it) also plays N
games with the ``expert`` at seat 0 against 3 basic players on the reference engine (rollouts on the batch engine;
``--expert-worlds``) and prints its games/s and its decisions/s (decisions with more than one legal move).  Prints
games per second of wall time (deal included); no assertions.
"""

from __future__ import annotations

import time

import common  # a sibling module
from joblib import Parallel, delayed

from cardodds.sim.chan.play_task import parse, run_chunk
from cardodds.sim.streams import chunk_seed


def play(strategy: str, engine: str, seed: int, k: int, n: int) -> int:
    params = parse({"rules": {}, "strategies": {"name": strategy}}, "bench")
    return int(run_chunk(params, chunk_seed(seed, k), n, engine=engine)["games"])


def main(argv=None) -> None:
    ap = common.parser(__doc__.splitlines()[0], games=200_000, jobs=2, seed=12345,
                       quick={"games": 2000, "chunk": 1000, "ref_games": 5, "expert_games": 2, "expert_worlds": 2,
                              "jobs": 1})
    ap.add_argument("--chunk", type=int, default=20_000)
    ap.add_argument("--ref-games", type=int, default=300)
    ap.add_argument("--strategy", default="basic,heuristic,cuoc", help="comma-separated strategies, one row each")
    ap.add_argument("--expert-games", type=int, default=20)
    ap.add_argument("--expert-worlds", type=int, default=16)
    args = common.parse(ap, argv)
    chunks = [args.chunk] * (args.games // args.chunk)
    strategies = args.strategy.split(",")
    first = strategies[0]

    t = time.perf_counter()
    play(first, "reference", args.seed, 10**6, args.ref_games)
    reference = args.ref_games / (time.perf_counter() - t)

    play(first, "batch", args.seed, 10**6 + 1, 1000)  # warm up
    t = time.perf_counter()
    for k, n in enumerate(chunks):
        play(first, "batch", args.seed, k, n)
    one = sum(chunks) / (time.perf_counter() - t)

    many = {}
    with Parallel(n_jobs=args.jobs, backend="loky") as par:
        par(delayed(play)(first, "batch", args.seed, 10**5 + k, 1000) for k in range(args.jobs))
        for strategy in strategies:
            t = time.perf_counter()
            par(delayed(play)(strategy, "batch", args.seed, k, n) for k, n in enumerate(chunks))
            many[strategy] = sum(chunks) / (time.perf_counter() - t)

    print(f"Chắn full games, the same strategy at every seat ({', '.join(strategies)})")
    print(f"{'engine':<44} {'games/s':>10} {'vs reference':>13}")
    rows = [(f"reference, 1 process ({first})", reference), (f"batch, 1 process ({first})", one)]
    rows += [(f"batch, {args.jobs} processes ({s})", rate) for s, rate in many.items()]
    expert = expert_rates(args) if args.expert_games else None
    if expert:
        rows.append((f"expert at seat 0 (worlds {args.expert_worlds}), 1 process", expert[0]))
    for name, value in rows:
        print(f"{name:<44} {value:>10,.1f} {value / reference:>12,.2f}×")
    if expert:
        print(f"expert decisions/s (worlds {args.expert_worlds}, rollout basic, 1 process): {expert[1]:,.1f}")


def expert_rates(args) -> tuple[float, float]:
    """Games/s and decisions/s of the expert at seat 0 against 3 basic players (reference engine, one process)."""
    import numpy as np

    from cardodds.sim.chan.deal import deal_orders
    from cardodds.sim.chan.players import seat_strategies
    from cardodds.sim.chan.reference import ChanGame
    from cardodds.sim.chan.rules import ChanRules

    players = seat_strategies([{"name": "expert", "worlds": args.expert_worlds}, "basic", "basic", "basic"])
    rng = np.random.default_rng(args.seed)
    decisions = 0
    t = time.perf_counter()
    for order in deal_orders(rng, args.expert_games):
        game = ChanGame.from_order(ChanRules(), order)
        while (dec := game.decision()) is not None:
            many = len(dec.moves) > 1
            decisions += many and dec.seat == 0
            game.apply(players[dec.seat].choose(game, dec, rng) if many else dec.moves[0])
    seconds = time.perf_counter() - t
    return args.expert_games / seconds, decisions / seconds


if __name__ == "__main__":
    main()
