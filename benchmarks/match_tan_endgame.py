"""Tấn ``endgame`` against another rung, 2 players, 36 cards: seats swapped on paired deals, the score with 95 %.

Usage: ``python benchmarks/match_tan_endgame.py [--deals 1000] [--opponent tuned] [--fallback tuned]
[--max-cards 12] [--seed 20261201] [--chunk 250]``.  Rules: 36 cards, 6-card hands, ``max_attack_cards = 6``,
``trump_exchange = "none"``, ``throw_in_after_take = false``, ``refill_order = "attacker_others_defender"``.  Each
deal is played twice on the batch engine, the endgame player at seat 0 then at seat 1 (the same first attacker);
score = win 1, draw ½; the interval is the normal one over the deals' mean scores (a pair is one sample).
"""

from __future__ import annotations

import time

import common  # a sibling module
import numpy as np

from cardodds.sim.tan.batch import play_batch
from cardodds.sim.tan.deal import deal_orders
from cardodds.sim.tan.endgame_player import Endgame
from cardodds.sim.tan.players import make_strategy
from cardodds.sim.tan.rules import TanRules

RULES = TanRules(players=2, deck=36, hand_size=6, max_attack_cards=6, trump_exchange="none",
                 throw_in_after_take=False, refill_order="attacker_others_defender")


def score(res, seat):
    return np.where(res.draw, 0.5, np.where(res.loser == 1 - seat, 1.0, 0.0))


def main(argv=None):
    ap = common.parser(__doc__.splitlines()[0], games=1000, games_flags=("--deals",), games_help="deals (default 1000)",
                       jobs=None, seed=20261201, quick={"games": 10, "chunk": 10})
    ap.add_argument("--opponent", default="tuned")
    ap.add_argument("--fallback", default="tuned")
    ap.add_argument("--max-cards", type=int, default=12)
    ap.add_argument("--chunk", type=int, default=250)
    args = common.parse(ap, argv)
    me, other = Endgame(fallback=args.fallback, max_cards=args.max_cards), make_strategy(args.opponent)
    rng = np.random.default_rng(args.seed)
    pair, draws, start = [], 0, time.perf_counter()
    for lo in range(0, args.games, args.chunk):
        o, f = deal_orders(RULES, rng, min(args.chunk, args.games - lo))
        r0 = play_batch(RULES, o, f, [me, other])
        r1 = play_batch(RULES, o, f, [other, me])
        assert not (r0.truncated.any() or r1.truncated.any())
        pair.append((score(r0, 0) + score(r1, 1)) / 2)
        draws += int(r0.draw.sum() + r1.draw.sum())
    s = np.concatenate(pair)
    half = 1.96 * s.std(ddof=1) / np.sqrt(s.shape[0])
    print(f"endgame(fallback={args.fallback}, max_cards={args.max_cards}) vs {args.opponent}: "
          f"{2 * s.shape[0]} games, score {s.mean():.3f} [{s.mean() - half:.3f}, {s.mean() + half:.3f}], "
          f"draws {draws / (2 * s.shape[0]):.3f}, {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
