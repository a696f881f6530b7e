"""Tấn: one player against others with knob settings, paired deals with seats swapped (``cardodds.analysis.strength``).

Usage: ``python benchmarks/match_tan_players.py A B [B2 ...] [--table 2p36] [--pairs 1000] [--seed 4242]``, each
player a rung name with optional knobs, ``name:knob=value,knob=value`` (``expert:rollout=tuned,worlds=32``).
Prints A's score against each B (win 1, draw ½) with its 95 % interval over deal pairs, the draw share, games per CPU
second and both sides' CPU time per decision.  One process; no assertions (the figures depend on the machine).
"""

from __future__ import annotations

import common  # a sibling module

from cardodds.analysis.strength import TABLES, match
from cardodds.sim.tan.players import make_strategy


def parse_player(spec: str):
    """A strategy from ``name`` or ``name:knob=value,...`` (whole numbers read as ints, other numbers as floats)."""
    name, _, rest = spec.partition(":")
    table = {"name": name}
    for item in filter(None, rest.split(",")):
        k, _, x = item.partition("=")
        table[k] = int(x) if x.lstrip("-").isdigit() else _number(x)
    return make_strategy(table)


def _number(x: str):
    try:
        return float(x)
    except ValueError:
        return x


def main(argv=None):
    ap = common.parser(__doc__.splitlines()[0], games=1000, games_flags=("--pairs",),
                       games_help="deal pairs a match, two games each (default 1000)", jobs=None, seed=4242,
                       quick={"games": 2})
    ap.add_argument("a")
    ap.add_argument("b", nargs="+")
    ap.add_argument("--table", choices=sorted(TABLES), default="2p36")
    args = common.parse(ap, argv)
    rules, a = TABLES[args.table], parse_player(args.a)
    for b_spec in args.b:
        m = match(a, parse_player(b_spec), rules, args.games, args.seed, chunk=250)
        print(f"{args.table} seed {args.seed}: {args.a} vs {b_spec}: {2 * args.games} games, score {m.score:.3f} "
              f"[{m.low:.3f}, {m.high:.3f}], draws {m.draws:.3f}, {m.games_per_s:.1f} games/s, "
              f"µs/decision {m.a_us:.0f} vs {m.b_us:.0f}", flush=True)


if __name__ == "__main__":
    main()
