"""Games per CPU second of Sâm with a user's player at one seat (issue 33), against the reference engine with the
built-in players at every seat.

    python benchmarks/bench_sam_user.py [--games 4000] [--ref-games 1000] [--players 4]

Three figures, one core, ``control`` at the other seats: (1) the reference engine, ``control`` at every seat, game by
game; (2) the run path (``sam.play``'s chunk function, the batch engine) with a trivial user player (``legal[0]``)
at seat 0; (3) the reference engine with that player at seat 0.  Issue 33 asks (2) >= (1).

2026-12-03, default arguments, a 2-core Xeon (KVM) shared with other runs: (1) 208, (2) 1,820, (3) 134 games per CPU
s: (2) is 8.7x (1).  A user decision costs about 0.1 ms of the adapter (the position rebuilt from the batch view, its
JSON) plus ``ask``'s copy of the view; making the default rules once in ``position_json.rules_json`` took (2) from
about 500 to about 2,000.
"""

from __future__ import annotations

import time

import common  # a sibling module
import numpy as np

from cardodds.sim.sam.play_task import PlayParams, run_chunk
from cardodds.sim.sam.reference import deal_games, play_game
from cardodds.sim.sam.rules import SamRules
from cardodds.sim.sam.strategies import Control
from cardodds.sim.sam.user_seat import user_strategy
from cardodds.sim.user_player import UserPlayer


class First(UserPlayer):
    """The trivial user player: the first legal move."""

    def decide(self, view, legal, rng):
        return legal[0]


def reference_rate(rules: SamRules, strategies, games: int, seed: int) -> float:
    """Games per CPU second of the reference engine on ``games`` deals."""
    cards, leader = deal_games(np.random.default_rng(seed), games, rules)
    rng = np.random.default_rng(seed + 1)
    t = time.process_time()
    for k in range(games):
        play_game(cards[k], int(leader[k]), rules, strategies, rng=rng)
    return games / (time.process_time() - t)


def run_path_rate(rules: SamRules, strategies, games: int, seed: int, chunk: int = 1000) -> float:
    """Games per CPU second of ``sam.play``'s chunk function, ``chunk`` games a call."""
    params = PlayParams(rules, tuple(strategies))
    run_chunk(params, np.random.SeedSequence([seed, 999]), 50)  # warm the engine's tables
    t = time.process_time()
    for k in range(0, games, chunk):
        run_chunk(params, np.random.SeedSequence([seed, k]), min(chunk, games - k))
    return games / (time.process_time() - t)


def main(argv=None) -> None:
    ap = common.parser(__doc__.splitlines()[0], games=4000, jobs=None, quick={"games": 100, "ref_games": 20})
    ap.add_argument("--ref-games", type=int, default=1000, help="games of the reference engine figures")
    ap.add_argument("--players", type=int, default=4)
    args = common.parse(ap, argv)
    rules = SamRules(players=args.players)
    built_in = [Control()] * args.players
    user = [user_strategy(First())] + built_in[1:]
    rows = [("reference engine, control at every seat", reference_rate(rules, built_in, args.ref_games, args.seed)),
            ("run path (batch engine), user legal[0] at seat 0", run_path_rate(rules, user, args.games, args.seed)),
            ("reference engine, user legal[0] at seat 0", reference_rate(rules, user, args.ref_games, args.seed))]
    for name, rate in rows:
        print(f"{name:50s}: {rate:10,.0f} games per CPU s")
    print(f"run path with the user player / reference engine with built-ins: {rows[1][1] / rows[0][1]:.1f}x")


if __name__ == "__main__":
    main()
