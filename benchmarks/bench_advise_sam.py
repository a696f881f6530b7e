"""Sâm advise speed: every legal move of a typical mid-game position played out at ``DEFAULT_WORLDS`` worlds by
``DEFAULT_PLAYERS``, on one core.

Usage: ``python benchmarks/bench_advise_sam.py [--players 4] [--positions 8] [--worlds N] [--seed 1]``.  The
positions are cut (``cardodds.sim.sam.position.cut``) from the games of seeds ``seed, seed + 1, ...`` played by
control players, each at the first free lead past the middle of its game (a lead has the most moves).  Prints, per
position, its legal moves and the CPU seconds of one ``play_out`` of all of them; the same for a first lead with
about the most moves a hand can have (38); then the median and the slowest of the typical positions, and worlds per
second (one world of one move is one game played out).  The first call, which also builds the engine's tables, is
timed apart.  No assertions: the figures depend on the machine and its load.
"""

from __future__ import annotations

import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):  # one core
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import json  # noqa: E402
import statistics  # noqa: E402
import time  # noqa: E402

from cardodds.sim.sam import position as pos  # noqa: E402
from cardodds.sim.sam.position_cut import walk  # noqa: E402
from cardodds.sim.sam.rules import SamRules  # noqa: E402
from cardodds.sim.sam.strategies import Control  # noqa: E402


WIDE = "3s 4s 5s 6s 7s 8s 9s 10s Js Kh"
"""A hand with about the most moves a lead can have: 10 singles and 28 straights."""


def mid_game_lead(seed: int, rules: SamRules):
    """The first free lead past the middle of the game of ``seed`` (control players), or None."""
    steps = [p for p, _ in walk(seed, rules, [Control()] * rules.players)]
    return next((p for p in steps[len(steps) // 2:] if p.to_beat is None and len(pos.legal_moves(p)) > 1), None)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--positions", type=int, default=8)
    ap.add_argument("--worlds", type=int, default=pos.DEFAULT_WORLDS)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, help="ignored: an advise runs on one core (bench_all.py passes it)")
    ap.add_argument("--games", type=int, help="ignored: the budget is --worlds (bench_all.py passes it)")
    args = ap.parse_args(argv)
    rules = SamRules(players=args.players)
    positions, seed = [], args.seed
    while len(positions) < args.positions:
        p = mid_game_lead(seed, rules)
        if p is not None:
            positions.append((seed, p))
        seed += 1
    print(f"Sâm advise: {args.players} players, {pos.DEFAULT_PLAYERS} players the seats, {args.worlds} worlds a move")
    t = time.process_time()
    pos.play_out(positions[0][1], pos.legal_moves(positions[0][1]), pos.DEFAULT_PLAYERS, args.worlds, 0)
    print(f"first call (tables built): {time.process_time() - t:.3f} s")
    seconds, games = [], 0
    for s, p in positions:
        moves = pos.legal_moves(p)
        t = time.process_time()
        pos.play_out(p, moves, pos.DEFAULT_PLAYERS, args.worlds, 0)
        seconds.append(time.process_time() - t)
        games += len(moves) * args.worlds
        print(f"seed {s}: {len(moves)} moves ({', '.join(moves)}), {seconds[-1]:.3f} s")
    wide = pos.from_json({"rules": {"players": args.players}, "seat": 0, "hand": WIDE, "played": [""] * args.players,
                          "counts": [10] * args.players})
    moves = pos.legal_moves(wide)
    t = time.process_time()
    pos.play_out(wide, moves, pos.DEFAULT_PLAYERS, args.worlds, 0)
    print(f"the first lead of {WIDE}: {len(moves)} moves, {time.process_time() - t:.3f} s")
    print(f"advise: median {statistics.median(seconds):.3f} s, slowest {max(seconds):.3f} s at {args.worlds} worlds; "
          f"{games / sum(seconds):,.0f} worlds/s (a world of one move = one game)")
    print("BENCH " + json.dumps({"engine": f"advise play_out ({pos.DEFAULT_PLAYERS}, one core)",
                                 "games_per_s": round(games / sum(seconds)), "median_s": statistics.median(seconds)}))


if __name__ == "__main__":
    main()
