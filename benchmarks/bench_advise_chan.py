"""Chắn advice speed: every legal move of a position played out at the default budget, on one core.

Usage: ``python benchmarks/bench_advise_chan.py [--worlds N] [--players P] [--seed S] [--repeat R]``.  The positions:
the cái's opening discard (``cut(seed, k=1)``: 20 cards, the issue's "which discard") and mid-game positions cut
from the replayed games of seeds S.. at the middle decision of the seat that moves then (discard and act decisions
both).  Each is advised as ``cardodds advise chan`` does: :func:`cardodds.sim.chan.position.play_out` over all
legal moves (the same worlds for every move) plus the odds row, at ``DEFAULT_WORLDS`` worlds with
``DEFAULT_PLAYERS`` unless told.  Prints each position's moves and CPU seconds (``time.process_time``: one core,
whatever else the machine runs; wall seconds beside), the median, and worlds (move × world games) a second; then a
``BENCH`` line for ``bench_all.py``.  No assertions (figures depend on the machine).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from cardodds.sim.chan import position as P
from cardodds.sim.chan.position_cut import decisions


def positions(seed: int, count: int, players: str) -> list:
    """The opening discard, then a mid-game position of each of ``count`` games."""
    out = [("opening discard (k=1)", P.cut(seed, None, players, 1))]
    for s in range(seed, seed + count):
        rows = decisions(s, None, players, s % 4)
        if rows:
            k, pos, _ = rows[len(rows) // 2]
            out.append((f"seed {s} k={k} seat {pos.seat} {pos.decision}", pos))
    return out


def advise_seconds(pos, players: str, worlds: int, seed: int) -> tuple[float, float, int]:
    """CPU and wall seconds of one advise (all legal moves and the odds row), and the games it played."""
    moves = P.legal_moves(pos)
    t, w = time.process_time(), time.perf_counter()
    P.play_out(pos, moves, players, worlds, seed)
    P.play_out(pos, None, players, worlds, seed)
    return time.process_time() - t, time.perf_counter() - w, (len(moves) + 1) * worlds


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--worlds", type=int, default=P.DEFAULT_WORLDS)
    ap.add_argument("--players", default=P.DEFAULT_PLAYERS)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", type=int, default=6, help="mid-game positions (one per game)")
    args = ap.parse_args()
    print(f"Chắn advise: {args.players} players, {args.worlds} worlds a move")
    cpu, games = [], 0
    for label, pos in positions(args.seed, args.games, args.players):
        P.play_out(pos, None, args.players, 2, 0)  # warm the engine's first call (imports, caches)
        c, w, n = advise_seconds(pos, args.players, args.worlds, args.seed)
        cpu.append(c)
        games += n
        print(f"  {label}: {n // args.worlds - 1} moves, {c:.2f} s CPU ({w:.2f} s wall)")
    rate = games / sum(cpu)
    print(f"median {statistics.median(cpu):.2f} s CPU, max {max(cpu):.2f} s; {rate:.0f} worlds a second (one core)")
    print("BENCH " + json.dumps({"engine": "chan advise", "games_per_s": round(rate, 1)}))


if __name__ == "__main__":
    main()
