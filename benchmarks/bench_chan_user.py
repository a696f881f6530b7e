"""Games per CPU second of Chắn with a user's player at seat 0 (issue 33), against built-in players at every seat.

    python benchmarks/bench_chan_user.py [--games 300] [--repeats 5] [--others basic] [--seed 7]

A user's player has no batch form, so ``chan.play`` plays its games on the reference engine, one at a time: every
figure here is that run path (``chan.play``'s chunk function), ``--others`` at seats 1-3, one core, the best of
``--repeats`` runs of ``--games`` games (the machine's load only ever slows a run down).  Rows: built-ins at every
seat; a trivial user player (``legal[0]``) at seat 0; then the built-in ``random`` and a user's player making the
same draws (``legal[rng.integers(len(legal))]``) at seat 0: the same games, so the two rows differ by the adapter
alone (the view built, ``ask``'s copy of it, the move read back), said per user decision.

2026-12-03, default arguments, a 2-core Xeon (KVM) shared with four other agents (figures move by ±20 % with the
load): basic at every seat 434 games per CPU s (main's engine before this change: 388-409, best of 7 x 150 games),
user legal[0] at seat 0 300 (0.69 of it; legal[0] plays longer games, 41.9 moves against 35.8); ``--others tuned``:
222 (main: 213-242), user legal[0] 226 (1.02).  The same games with the built-in or the user's random at seat 0:
445 and 321 (tuned: 284 and 185).  Timed alone on one decision (timeit), the adapter takes 59 µs: the view 21
(``position_of`` 7, ``to_json`` 13), ``ask`` 29, of which its ``copy.deepcopy`` of the view 21 (a copy that knows
the view is JSON takes 6).
"""

from __future__ import annotations

import time

import common  # a sibling module
import numpy as np

from cardodds.sim.chan.play_task import PlayParams, run_chunk
from cardodds.sim.chan.players import make_strategy
from cardodds.sim.chan.rules import ChanRules
from cardodds.sim.chan.strategies import RandomLegal
from cardodds.sim.chan.user_seat import user_strategy
from cardodds.sim.user_player import UserPlayer


class First(UserPlayer):
    """The trivial user player: the first legal move."""

    def decide(self, view, legal, rng):
        return legal[0]


class Uniform(UserPlayer):
    """The built-in ``random`` player's rule, as a user writes it (the same draws, so the same games)."""

    def decide(self, view, legal, rng):
        return legal[int(rng.integers(len(legal)))]


class Counted(UserPlayer):
    """Plays as ``Uniform`` and counts its decisions (in a class attribute: players are frozen)."""

    asked = 0

    def decide(self, view, legal, rng):
        Counted.asked += 1
        return legal[int(rng.integers(len(legal)))]


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
            ("user legal[0] at seat 0", [user_strategy(First())] + [other] * 3),
            ("built-in random at seat 0", [RandomLegal()] + [other] * 3),
            ("user random at seat 0 (the same games)", [user_strategy(Uniform())] + [other] * 3)]
    found = []
    for name, seats in rows:
        games_rate, moves = rate(seats, args.games, args.seed, args.repeats)
        found.append(games_rate)
        print(f"{name:45s}: {games_rate:8,.1f} games per CPU s, {moves:.1f} moves a game", flush=True)
    Counted.asked = 0
    run_chunk(PlayParams(ChanRules(), (user_strategy(Counted()),) + (other,) * 3), np.random.SeedSequence(args.seed),
              args.games)
    per_game = Counted.asked / args.games
    cost = (1 / found[3] - 1 / found[2]) / max(per_game, 1e-9)
    print(f"user legal[0] at seat 0 / {args.others} at every seat: {found[1] / found[0]:.2f}")
    print(f"the adapter: {cost * 1e6:,.0f} µs a user decision ({per_game:.1f} decisions a game)")


if __name__ == "__main__":
    main()
