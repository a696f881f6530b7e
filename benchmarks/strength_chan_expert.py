"""The Chắn expert's strength against ``tuned`` on paired deals: points a game of seat 0 (the cái) with each, against
three ``basic`` players, on the same deals.

Usage: ``python benchmarks/strength_chan_expert.py [--deals 3000] [--chunk 500] [--jobs 2] [--seed 20261213]
[--worlds 16] [--rollout basic] [--base tuned] [--z 2.0]``.  Each chunk of deals is played twice on the batch engine
(:func:`cardodds.sim.chan.batch.play_batch`), once with ``tuned`` and once with the expert at seat 0; the difference
of seat 0's net points (a win takes the points from each of the three others) is paired deal by deal, and the mean
difference is printed with its 95 % normal interval, beside each arm's points a game and win rate.
"""

from __future__ import annotations

import time
from concurrent.futures import ProcessPoolExecutor

import common  # a sibling module
import numpy as np

from cardodds.sim.chan.batch import play_batch
from cardodds.sim.chan.deal import deal_orders
from cardodds.sim.chan.expert import Expert, _net
from cardodds.sim.chan.rules import ChanRules
from cardodds.sim.chan.strategies import Basic, Tuned
from cardodds.sim.streams import DEAL, chunk_seed, stream


def chunk(args, index: int, size: int):
    """Seat 0's net points and wins on ``size`` deals of chunk ``index``: (tuned net, expert net, tuned wins,
    expert wins)."""
    orders = deal_orders(stream(chunk_seed(args.seed, index), DEAL), size)
    rules = ChanRules(cai_seat=0)
    expert = Expert(worlds=args.worlds, rollout=args.rollout, base=args.base, z=args.z)
    out = []
    for first in (Tuned(), expert):
        res = play_batch(rules, orders, (first, Basic(), Basic(), Basic()))
        out.append((_net(0, res.winner, res.points.astype(np.int64)), res.winner == 0))
    return out[0][0], out[1][0], out[0][1], out[1][1]


def main(argv=None):
    ap = common.parser(__doc__.splitlines()[0], games=3000, games_flags=("--deals",),
                       games_help="paired deals (default 3000)", jobs=2, seed=20261213,
                       quick={"games": 4, "chunk": 2, "jobs": 1})
    ap.add_argument("--chunk", type=int, default=500)
    ap.add_argument("--worlds", type=int, default=Expert.worlds)
    ap.add_argument("--rollout", default=Expert.rollout)
    ap.add_argument("--base", default=Expert.base)
    ap.add_argument("--z", type=float, default=Expert.z)
    args = common.parse(ap, argv)
    sizes = [min(args.chunk, args.games - s) for s in range(0, args.games, args.chunk)]
    t = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        parts = list(pool.map(chunk, [args] * len(sizes), range(len(sizes)), sizes))
    tuned, expert, tw, ew = (np.concatenate([p[i] for p in parts]) for i in range(4))
    d = expert - tuned
    half = 1.96 * d.std(ddof=1) / np.sqrt(d.size)
    print(f"{d.size} paired deals, seed {args.seed}, expert worlds {args.worlds} rollout {args.rollout} base "
          f"{args.base} z {args.z}; seat 0 (the cái) against 3 basic; {time.perf_counter() - t:.0f} s wall")
    print(f"tuned:  {tuned.mean():+.3f} points a game, wins {tw.mean():.3f}")
    print(f"expert: {expert.mean():+.3f} points a game, wins {ew.mean():.3f}")
    print(f"expert - tuned: {d.mean():+.3f} points a game [{d.mean() - half:+.3f}, {d.mean() + half:+.3f}] (95 %, "
          f"paired); deals where the result differs: {np.mean(d != 0):.1%}")


if __name__ == "__main__":
    main()
