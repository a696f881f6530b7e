"""Tấn advice from a mid-game position: the seconds one ``advise`` takes (every legal move played out in
``DEFAULT_WORLDS`` worlds by ``DEFAULT_PLAYERS``) on one core, and worlds per second.

Usage: ``python benchmarks/bench_advise_tan.py [--worlds N] [--players tuned] [--repeat 3]``.  The positions are
typical: cut from games of ``tuned`` players at 4 and at 2 players (the first seed from 1 that has one), the first
lead and the first defence with half the stock or less left and at least 6 legal moves.  The time is the process's CPU time (one core: the play-out is
numpy on one thread), the best of ``--repeat`` runs.  Prints one line per position, then one ``BENCH`` line per
table for ``bench_all.py`` (its games/s are rollout games: worlds × moves per second); no assertions (figures
depend on the machine and its load).
"""

from __future__ import annotations

import argparse
import json
import time

from cardodds.sim.tan import position
from cardodds.sim.tan.position_cut import replayed
from cardodds.sim.tan.rules import TanRules


def typical(rules: TanRules, decision: str):
    """A mid-game ``decision`` of a ``tuned`` game: the first with half the stock or less left, and at least 6
    legal moves (a lead of a full hand, or a defence with many ways to beat)."""
    for seed in range(1, 50):
        log, _ = replayed(seed, rules, "tuned")
        mid = [p for p, _ in log if p.decision == decision and 0 < p.stock <= rules.stock_size // 2
               and len(position.legal_moves(p)) >= 6]
        if mid:
            return seed, mid[0]
    raise SystemExit(f"no {decision} position found")


def advise_seconds(p, players: str, worlds: int, repeat: int) -> tuple[float, float]:
    """The best CPU and the best wall-clock seconds of ``repeat`` play-outs of every legal move."""
    cpu = wall = float("inf")
    for r in range(repeat):
        t, w = time.process_time(), time.perf_counter()
        position.play_out(p, position.legal_moves(p), players, worlds, seed=r)
        cpu, wall = min(cpu, time.process_time() - t), min(wall, time.perf_counter() - w)
    return cpu, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--worlds", type=int, default=position.DEFAULT_WORLDS)
    parser.add_argument("--players", default=position.DEFAULT_PLAYERS)
    parser.add_argument("--repeat", type=int, default=3)
    args, _ = parser.parse_known_args()  # bench_all.py passes --jobs and --games: one core, its own budget here
    print(f"advise: every legal move x {args.worlds} worlds, {args.players} players, CPU seconds (best of "
          f"{args.repeat})")
    for players in (4, 2):
        rules = TanRules(players=players)
        rates = []
        for decision in ("attack", "defend"):
            seed, p = typical(rules, decision)
            moves = position.legal_moves(p)
            seconds, wall = advise_seconds(p, args.players, args.worlds, args.repeat)
            rates.append(len(moves) * args.worlds / seconds)
            print(f"{players} players, {decision:6s} (seed {seed}, {len(moves)} moves, stock {p.stock}, "
                  f"bout {p.bouts + 1}): {seconds:.2f} s ({wall:.2f} s wall clock), {args.worlds / seconds:,.0f} worlds/s for all moves, "
                  f"{len(moves) * args.worlds / seconds:,.0f} rollout games/s")
        print("BENCH " + json.dumps({"engine": f"advise, {players} players, {args.players}",
                                     "games_per_s": round(min(rates), 1)}))


if __name__ == "__main__":
    main()
