"""Sâm: player A against player B at the same seat of the same deals, seats rotated, every other seat ``--others``.

Usage: ``python benchmarks/match_sam_players.py A B [B2 ...] [--players 4] [--deals 200] [--seed 4242]
[--others control] [--chunk 100]``, each player a name with optional knobs, ``name:knob=value,...``
(``expert:solve_cards=10,solve_mode=maxn``).  Every deal is played ``players`` times by each side, A (or B) at seat
k = 0 .. players - 1 and ``--others`` at the other seats (batch engine, nobody declares Sâm unless a player's own
``declare`` knob says so); a deal's paired difference is the mean over k of A's cược at seat k minus B's.  Prints A's
and B's cược a game, the paired difference with its 95 % interval over deals, and each side's CPU seconds a game.
One process; no assertions (the figures depend on the machine and its load).
"""

from __future__ import annotations

import time

import common  # a sibling module
import numpy as np

from cardodds.sim.sam.batch import play_batch
from cardodds.sim.sam.players import make_strategy
from cardodds.sim.sam.reference import deal_games
from cardodds.sim.sam.rules import SamRules
from cardodds.sim.streams import DEAL, FIRST, PLAY, chunk_seed, stream


def parse_player(spec: str):
    """A player from ``name`` or ``name:knob=value,...`` (whole numbers read as ints, decimals as floats)."""
    name, _, rest = spec.partition(":")
    table = {"name": name}
    for item in filter(None, rest.split(",")):
        k, _, x = item.partition("=")
        try:
            table[k] = int(x)
        except ValueError:
            try:
                table[k] = float(x)
            except ValueError:
                table[k] = x
    return make_strategy(table)


def seat_values(rules, player, others, seed: int, deals: int, chunk: int) -> tuple[np.ndarray, float]:
    """(deals, P) the player's cược at seat k of every deal (``others`` elsewhere), and the CPU seconds spent."""
    P = rules.players
    out = np.zeros((deals, P))
    spent = 0.0
    for k, lo in enumerate(range(0, deals, chunk)):
        n = min(chunk, deals - lo)
        seq = chunk_seed(seed, k)
        cards, leader = deal_games(stream(seq, DEAL), n, rules, stream(seq, FIRST))
        for seat in range(P):
            seats = [others] * P
            seats[seat] = player
            t = time.process_time()
            res = play_batch(rules, cards, leader, seats, rng=stream(seq, PLAY))
            spent += time.process_time() - t
            out[lo:lo + n, seat] = res.pay[:, seat]
    return out, spent


def main(argv=None):
    ap = common.parser(__doc__.splitlines()[0], games=200, games_flags=("--deals",),
                       games_help="deals a match (default 200)", jobs=None, seed=4242, quick={"games": 4, "chunk": 4})
    ap.add_argument("a")
    ap.add_argument("b", nargs="+")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--others", default="control")
    ap.add_argument("--chunk", type=int, default=100)
    args = common.parse(ap, argv)
    rules = SamRules(players=args.players)
    others = parse_player(args.others)
    games = args.games * rules.players
    va, ta = seat_values(rules, parse_player(args.a), others, args.seed, args.games, args.chunk)
    for b_spec in args.b:
        vb, tb = seat_values(rules, parse_player(b_spec), others, args.seed, args.games, args.chunk)
        d = (va - vb).mean(1)
        half = 1.96 * d.std(ddof=1) / np.sqrt(len(d))
        print(f"{rules.players} players, seed {args.seed}, others {args.others}: {args.a} vs {b_spec}: "
              f"{args.games} deals x {rules.players} seats; cược a game {va.mean():+.3f} vs {vb.mean():+.3f}, "
              f"A - B {d.mean():+.3f} [{d.mean() - half:+.3f}, {d.mean() + half:+.3f}]; "
              f"CPU s a game {ta / games:.3f} vs {tb / games:.3f}", flush=True)


if __name__ == "__main__":
    main()
