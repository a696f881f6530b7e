"""Tấn search players, rollouts on the numpy engine against the compiled one: decisions and rollouts per CPU second.

Usage: ``NUMBA_NUM_THREADS=1 python benchmarks/bench_tan_search_compiled.py [--table 2p36] [--games 100]
[--rounds 2] [--seed 4242] [--players expert,ismcts]``.  Each player (its default settings at the table) sits at seat
0 against ``tuned`` in ``--games`` batch games (one chunk, one process); each round plays them with the rollouts on
the numpy engine (``CARDODDS_COMPILED=0``) and then on the compiled one (``compiled.play_from_state_auto`` picks it),
so both engines meet the same load.  Per engine: the player's decisions per CPU second (its whole decision time:
candidates, deals, rollouts), rollout games per CPU second inside the rollout calls, and the ratio compiled / numpy.
Every decision the player makes is recorded and compared across the engines: an error if one differs (the same
games).  The first compiled call (loading the kernel from numba's cache, or compiling it) is timed apart.  No
assertion on speed (figures depend on the machine and its load).
"""

from __future__ import annotations

import os
import time

import common  # a sibling module
import numpy as np

import cardodds.sim.tan.expert as expert_module
import cardodds.sim.tan.ismcts as ismcts_module
from cardodds.analysis.strength import TABLES
from cardodds.sim.streams import PLAY, chunk_seed, stream
from cardodds.sim.tan import compiled
from cardodds.sim.tan.batch import play_batch, play_to_step
from cardodds.sim.tan.deal import deal_chunk
from cardodds.sim.tan.players import make_strategy
from cardodds.sim.tan.strategies import Tuned

ROLLOUT_MODULES = (expert_module, ismcts_module)


class Recorder:
    """The search player, timing its batch decisions (CPU) and recording the moves it makes."""

    def __init__(self, inner):
        self.inner, self.seconds, self.moves = inner, 0.0, []

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def _decide(self, method, v, rng):
        t = time.process_time()
        out = getattr(self.inner, method)(v, rng)
        self.seconds += time.process_time() - t
        self.moves.append(np.asarray(out)[v.decide & v.live & (v.legal != 0)].copy())
        return out

    def attack_batch(self, v, rng=None):
        return self._decide("attack_batch", v, rng)

    def defend_batch(self, v, rng=None):
        return self._decide("defend_batch", v, rng)


class RolloutMeter:
    """Wraps the searches' ``play_from_state_auto``: the rollout games played and the CPU time inside."""

    def __init__(self):
        self.games, self.seconds, self.real = 0, 0.0, compiled.play_from_state_auto

    def __call__(self, rules, state, strategies, **kw):
        t = time.process_time()
        res = self.real(rules, state, strategies, **kw)
        self.seconds += time.process_time() - t
        self.games += state.top.shape[0]
        return res


def play(rules, player, orders, first, seq, engine: str):
    """The games with ``player`` at seat 0 and ``tuned`` elsewhere, rollouts on ``engine``: (recorder, meter)."""
    os.environ["CARDODDS_COMPILED"] = "1" if engine == "compiled" else "0"
    meter, rec = RolloutMeter(), Recorder(player)
    for m in ROLLOUT_MODULES:
        m.play_from_state_auto = meter
    try:
        play_batch(rules, orders, first, [rec] + [Tuned()] * (rules.players - 1), rng=stream(seq, PLAY))
    finally:
        for m in ROLLOUT_MODULES:
            m.play_from_state_auto = meter.real
    return rec, meter


def main(argv=None):
    ap = common.parser(__doc__.splitlines()[0], games=100, games_help="games a round (one chunk)", jobs=None, seed=4242,
                       quick={"games": 4, "rounds": 1})
    ap.add_argument("--table", choices=sorted(TABLES), default="2p36")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--players", default="expert,ismcts", help="comma-separated rung names with optional knobs")
    args = common.parse(ap, argv)
    import numba

    rules = TABLES[args.table]
    t = time.perf_counter()
    o, f = deal_chunk(rules, chunk_seed(args.seed, 10**6), 4)
    g, state = play_to_step(rules, o, f, [Tuned()] * rules.players, 3)
    compiled.play_from_state(rules, state, [Tuned()] * rules.players)
    print(f"numba {numba.__version__}, numpy {np.__version__}, NUMBA_NUM_THREADS="
          f"{os.environ.get('NUMBA_NUM_THREADS', '(unset)')}; first compiled call (cache load or compile): "
          f"{time.perf_counter() - t:.2f} s wall")
    print(f"table {args.table}, {args.games} games a round (one chunk), seat 0 against tuned, {args.rounds} rounds")
    seq = chunk_seed(args.seed, 0)
    orders, first = deal_chunk(rules, seq, args.games)
    for spec in args.players.split(","):
        player = make_strategy(spec)
        total = {e: [0, 0.0, 0, 0.0] for e in ("numpy", "compiled")}  # decisions, CPU s, rollout games, rollout s
        moves = {}
        for r in range(args.rounds):
            for engine in ("numpy", "compiled"):
                rec, meter = play(rules, player, orders, first, seq, engine)
                got = np.concatenate(rec.moves)
                if engine in moves and not np.array_equal(moves[engine], got):
                    raise SystemExit(f"{spec}: round {r} on {engine} made other moves than round 0")
                moves[engine] = got
                t = total[engine]
                t[0] += got.shape[0]
                t[1] += rec.seconds
                t[2] += meter.games
                t[3] += meter.seconds
            if not np.array_equal(moves["numpy"], moves["compiled"]):
                raise SystemExit(f"{spec}: the decisions differ between the engines")
        rate = {e: (d / s, g / gs, 1e3 * s / d, gs / s) for e, (d, s, g, gs) in total.items()}
        for e in ("numpy", "compiled"):
            dps, rps, ms, share = rate[e]
            print(f"{spec:<8} {e:<8} {dps:>9,.0f} decisions/CPU s ({ms:.2f} ms each, {share:.0%} in rollouts), "
                  f"{rps:>11,.0f} rollout games/CPU s")
        print(f"{spec:<8} compiled / numpy: decisions {rate['compiled'][0] / rate['numpy'][0]:.2f}x, rollouts "
              f"{rate['compiled'][1] / rate['numpy'][1]:.2f}x; {moves['numpy'].shape[0]} decisions a round, the same "
              "moves on both engines")
    os.environ.pop("CARDODDS_COMPILED", None)


if __name__ == "__main__":
    main()
