"""Chắn expert throughput: one ``expert`` seat (the cái, seat 0) against three ``basic`` players, and where its time goes.

Usage: ``python benchmarks/bench_chan_expert.py [--games 20] [--jobs 2] [--worlds 16] [--rollout basic] [--base tuned]
[--z 2.0] [--batch-games 4000]``.  The expert plays at the table on the reference engine (its rollouts run on the
batch engine); the script times its games, splits the expert's time into building the worlds and moves (Python, per
world and move) and playing them out (:func:`cardodds.sim.chan.batch.play_from_games`), and times the batch engine
with ``tuned`` in the expert's seat on the same kind of table, for scale.  ``--jobs`` processes each play
``--games`` games.  Prints the figures, then one ``BENCH`` line per engine for ``bench_all.py``; no assertions
(figures depend on the machine and its load).
"""

from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor

import cardodds.sim.chan.expert as expert_module
from cardodds.sim.chan.batch import play_batch
from cardodds.sim.chan.deal import deal_orders
from cardodds.sim.chan.expert import Expert
from cardodds.sim.chan.reference import ChanGame, play_game
from cardodds.sim.chan.rules import ChanRules
from cardodds.sim.chan.strategies import Basic, Tuned
from cardodds.sim.streams import DEAL, PLAY, chunk_seed, stream

MAX_GAMES = 200  # bench_all.py passes the fast engines' --games to every script; the expert plays a few a second


def reference_games(args, job: int) -> dict:
    """Play ``args.games`` games with the expert at seat 0 in this process: seconds in all, in rollouts, decisions."""
    spent = {"rollouts": 0.0, "calls": 0}
    inner = expert_module.play_from_games

    def timed(*a, **k):
        t = time.process_time()
        out = inner(*a, **k)
        spent["rollouts"] += time.process_time() - t
        spent["calls"] += 1
        return out

    expert_module.play_from_games = timed
    rules = ChanRules(cai_seat=0)
    expert = Expert(worlds=args.worlds, rollout=args.rollout, base=args.base, z=args.z)
    players = (expert, Basic(), Basic(), Basic())
    seq = chunk_seed(args.seed, job)
    orders = deal_orders(stream(seq, DEAL), args.games)
    rng = stream(seq, PLAY)
    t, w = time.process_time(), time.perf_counter()
    for order in orders:
        play_game(ChanGame.from_order(rules, order), players, rng)
    return {"seconds": time.process_time() - t, "wall": time.perf_counter() - w, **spent}


def batch_rate(args) -> float:
    """Games a second of the batch engine on one core with ``tuned`` in the expert's seat."""
    orders = deal_orders(stream(chunk_seed(args.seed, 10**6), DEAL), args.batch_games)
    t = time.process_time()
    play_batch(ChanRules(cai_seat=0), orders, (Tuned(), Basic(), Basic(), Basic()))
    return args.batch_games / (time.process_time() - t)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20, help="games per process")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--worlds", type=int, default=Expert.worlds)
    ap.add_argument("--rollout", default=Expert.rollout)
    ap.add_argument("--base", default=Expert.base)
    ap.add_argument("--z", type=float, default=Expert.z)
    ap.add_argument("--batch-games", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=12345)
    args = ap.parse_args(argv)
    args.games = min(args.games, MAX_GAMES)
    with ProcessPoolExecutor(args.jobs) as pool:
        parts = list(pool.map(reference_games, [args] * args.jobs, range(args.jobs)))
    wall = max(p["wall"] for p in parts)  # the slowest process, from its first game (not its start-up)
    games = args.games * args.jobs
    cpu = sum(p["seconds"] for p in parts)
    rollouts = sum(p["rollouts"] for p in parts)
    calls = sum(p["calls"] for p in parts)
    print(f"expert worlds {args.worlds}, rollout {args.rollout}, base {args.base}, z {args.z}; seat 0 against 3 basic")
    print(f"reference engine: {games} games on {args.jobs} processes in {wall:.1f} s wall = {games / wall:.2f} games/s "
          f"({games / cpu:.2f} games/s per core); {calls} searched decisions ({calls / games:.1f} a game, "
          f"{calls / cpu:.1f}/s per core)")
    print(f"  of the CPU time: rollouts (play_from_games) {rollouts / cpu:.0%}, the rest (worlds, moves, the table) "
          f"{1 - rollouts / cpu:.0%}")
    rate = batch_rate(args)
    print(f"batch engine, tuned in the expert's seat: {rate:.0f} games/s on one core")
    print("BENCH " + json.dumps({"engine": "chan expert reference", "games_per_s": round(games / wall, 2)}))
    print("BENCH " + json.dumps({"engine": "chan tuned batch", "games_per_s": round(rate, 1)}))


if __name__ == "__main__":
    main()
