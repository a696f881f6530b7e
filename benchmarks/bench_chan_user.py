"""Games per CPU second of Chắn with a user's player at seat 0 (issue 33), against built-in players at every seat.

    python benchmarks/bench_chan_user.py [--games 300] [--repeats 5] [--others basic] [--seed 7]

A user's player has no batch form, so ``chan.play`` plays its games on the reference engine, one at a time: every
figure here is that run path (``chan.play``'s chunk function), ``--others`` at seats 1-3, one core, the best of
``--repeats`` runs of ``--games`` games (the machine's load only ever slows a run down).  Rows: built-ins at every
seat; a trivial user player (``legal[0]``) at seat 0; then the built-in ``random`` and a user's player making the
same draws (``legal[rng.integers(len(legal))]``) at seat 0: the same games.  Last, the CPU time of a user decision
in those games (the seat's ``choose``: the view built, ``ask``'s copy of it, the move read back).

2026-12-03, default arguments, a 2-core Xeon (KVM) shared with four other agents (figures move by ±20 % with the
load): basic at every seat 515 games per CPU s (main's engine before this branch: 370-409), user legal[0] at seat 0
346 (legal[0] plays longer games: 41.9 moves against 35.8), the same games with the built-in or the user's random
457 and 375, 80 µs a user decision; ``--others tuned``: 273 (main: 213-242), 228, 301 and 248, 92 µs.  Timed alone
on one decision (timeit) the seat takes 59 µs: the view 21 (``position_of`` 7, ``to_json`` 13) and ``ask`` 29, of
which its ``copy.deepcopy`` of the view 21 (a copy that knows the view is JSON takes 6).
"""

from __future__ import annotations

import time
from typing import ClassVar

import common  # a sibling module
import numpy as np

from cardodds.sim.chan.play_task import PlayParams, run_chunk
from cardodds.sim.chan.players import make_strategy
from cardodds.sim.chan.rules import ChanRules
from cardodds.sim.chan.strategies import RandomLegal
from cardodds.sim.chan.user_seat import UserSeat
from cardodds.sim.user_player import UserPlayer


class Trivial(UserPlayer):
    """The trivial user player: the first legal move, or with ``draw`` the built-in ``random``'s draw (the same
    draws, so the same games); ``asked`` counts its decisions."""

    draw: bool = False
    asked: ClassVar[int] = 0

    def decide(self, view, legal, rng):
        Trivial.asked += 1
        return legal[int(rng.integers(len(legal)))] if self.draw else legal[0]


class Timed(UserSeat):
    """The user seat, its CPU time per decision added up (``spent``; the player's own ``decide`` is a few µs)."""

    spent: ClassVar[float] = 0.0

    def choose(self, game, dec, rng=None):
        started = time.process_time()
        move = super().choose(game, dec, rng)
        Timed.spent += time.process_time() - started
        return move


def rate(seats, games: int, seed: int, repeats: int) -> tuple[float, float]:
    """The best games per CPU second of ``repeats`` runs of the run path, and the moves a game."""
    params = PlayParams(ChanRules(), tuple(seats))
    best, moves = 0.0, 0.0
    for _ in range(repeats):
        t = time.process_time()
        counts = run_chunk(params, np.random.SeedSequence(seed), games, engine="reference")
        best = max(best, games / (time.process_time() - t))
        moves = int(counts["moves"]) / games
    return best, moves


def main(argv=None) -> None:
    ap = common.parser(__doc__.splitlines()[0], games=300, jobs=None, quick={"games": 20, "repeats": 1})
    ap.add_argument("--repeats", type=int, default=5, help="runs of each row; the best is shown")
    ap.add_argument("--others", default="basic", help="the built-in player at seats 1-3 (basic, heuristic, tuned …)")
    args = common.parse(ap, argv)
    other = make_strategy(args.others, "--others")
    rows = [(f"{args.others} at every seat (reference engine)", [other] * 4),
            ("user legal[0] at seat 0", [Timed(Trivial())] + [other] * 3),
            ("built-in random at seat 0", [RandomLegal()] + [other] * 3),
            ("user random at seat 0 (the same games)", [Timed(Trivial(draw=True))] + [other] * 3)]
    found = []
    for name, seats in rows:
        games_rate, moves = rate(seats, args.games, args.seed, args.repeats)
        found.append(games_rate)
        print(f"{name:45s}: {games_rate:8,.1f} games per CPU s, {moves:.1f} moves a game", flush=True)
    print(f"user legal[0] at seat 0 / {args.others} at every seat: {found[1] / found[0]:.2f}")
    print(f"a user decision in the games: {Timed.spent / max(Trivial.asked, 1) * 1e6:,.0f} µs of CPU "
          f"({Trivial.asked / (2 * args.games * args.repeats):.1f} decisions a game)")

if __name__ == "__main__":
    main()
