"""Tấn strength table: every pair of rungs over paired deals with seats swapped (``cardodds.analysis.strength``).

Usage: ``python benchmarks/strength_tan.py [--table 2p36] [--pairs 20000] [--expert-pairs 200] [--seed 4242]
[--rungs random,basic,beginner,heuristic,tuned,classic,ismcts,expert]``.  Prints, for each pair (A, B) of rungs, A's
score (win 1, draw ½, loss 0) with its 95 % interval over deal pairs, the draw share and games per CPU second;
then each rung's CPU time per decision (µs, the mean over its matches) and its Bradley–Terry rating in Elo against
the first rung, with a 95 % interval (``bradley_terry``).  Matches with the expert play ``--expert-pairs`` deals
(it is slow; ``pimc`` and ``ismcts`` too).  One process; no assertions (the figures depend on the machine and its load).
"""

from __future__ import annotations

from collections import defaultdict

import common  # a sibling module

from cardodds.analysis.strength import TABLES, bradley_terry, match
from cardodds.sim.errors import CardoddsError
from cardodds.sim.tan.players import make_strategy

RUNGS = "random,basic,beginner,heuristic,tuned,classic,ismcts,expert"


def main(argv=None):
    ap = common.parser(__doc__.splitlines()[0], games=20_000, games_flags=("--pairs",),
                       games_help="deal pairs a match, two games each (default 20,000)", jobs=None, seed=4242,
                       quick={"games": 2, "expert_pairs": 2})
    ap.add_argument("--table", choices=sorted(TABLES), default="2p36")
    ap.add_argument("--expert-pairs", type=int, default=200, help="deal pairs of a match with the expert")
    ap.add_argument("--rungs", default=RUNGS)
    args = common.parse(ap, argv)
    rules = TABLES[args.table]
    names = args.rungs.split(",")
    players = {n: make_strategy(n) for n in names}
    us = defaultdict(list)
    table = []
    print(f"Tấn {args.table}: {rules.players} players, {rules.deck} cards, {rules.hand_size}-card hands; "
          f"seed {args.seed}; score of A (win 1, draw ½) over deal pairs, seats swapped")
    print(f"{'A':>10} {'B':>10} {'games':>7}  {'score':>6}  {'95 % interval':>16}  {'draws':>6}  {'games/s':>8}")
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            pairs = args.expert_pairs if {"expert", "pimc", "ismcts"} & {a, b} else args.games
            m = match(players[a], players[b], rules, pairs, args.seed, a_name=a, b_name=b)
            table.append(m)
            us[a].append(m.a_us)
            us[b].append(m.b_us)
            print(f"{a:>10} {b:>10} {2 * pairs:>7}  {m.score:6.3f}  [{m.low:6.3f}, {m.high:6.3f}]  "
                  f"{m.draws:6.3f}  {m.games_per_s:8.0f}", flush=True)
    print(f"\nCPU time per decision (µs, mean over the rung's matches); Bradley–Terry rating (Elo, {names[0]} = 0):")
    try:
        ratings = {r.name: f"{r.elo:7.0f} [{r.low:6.0f}, {r.high:6.0f}]" for r in bradley_terry(table)}
    except CardoddsError as exc:  # a rung that won or lost every game has no finite rating
        print(f"no ratings: {exc}")
        ratings = {}
    for n in names:
        print(f"{n:>10} {sum(us[n]) / len(us[n]):10.1f}  {ratings.get(n, '')}")


if __name__ == "__main__":
    main()
