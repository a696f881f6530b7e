"""The numba compile cost of each compiled engine: the first call of every compiled entry point in a fresh process,
with the on-disk cache emptied first (``--cold``) or as it is (a second process: the cache load).

Usage: ``NUMBA_NUM_THREADS=1 python benchmarks/compile_cost.py [--cold] [--first N] [--quick]``. Each entry point runs
in its own fresh Python process on a few games; printed per entry point: wall and CPU seconds of that first call (import
of the kernel included), then the specialisations numba holds for each kernel function in that process. ``--index DIR``
instead counts the specialisations written in the on-disk cache of a source tree (``*.nbi`` files under ``DIR``, e.g.
after a whole test run). No assertion on speed.
"""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path

import common  # a sibling module

SRC = Path(__file__).resolve().parents[1] / "src" / "cardodds" / "sim"

SETUP = {
    "tan.play_range": """
from cardodds.sim.tan import compiled
from cardodds.sim.tan.deal import deal_orders
from cardodds.sim.tan.rules import TanRules
from cardodds.sim.tan.strategies import Basic
rules = TanRules(players=2, deck=36, hand_size=6); o, f = deal_orders(rules, np.random.default_rng(1), 8)
call = lambda: compiled.play_batch(rules, o, f, [Basic(), Basic()])""",
    "tan.play_states": """
from cardodds.sim.tan import batch, compiled
from cardodds.sim.tan.deal import deal_orders
from cardodds.sim.tan.rules import TanRules
from cardodds.sim.tan.strategies import Basic
rules = TanRules(players=2, deck=36, hand_size=6); o, f = deal_orders(rules, np.random.default_rng(1), 8)
_, st = batch.play_to_step(rules, o, f, [Basic(), Basic()], 2)
call = lambda: compiled.play_from_state(rules, st, [Basic(), Basic()])""",
    "sam.deal_states+play_range": """
from cardodds.sim.sam import compiled
from cardodds.sim.sam.reference import deal_games
from cardodds.sim.sam.rules import SamRules
from cardodds.sim.sam.strategies import Greedy
rules = SamRules(); cards, leader = deal_games(np.random.default_rng(1), 8, rules)
call = lambda: compiled.play_batch(rules, cards, leader, Greedy())""",
    "chan.play_range": """
from cardodds.sim.chan import compiled
from cardodds.sim.chan.deal import deal_orders
from cardodds.sim.chan.rules import ChanRules
rules = ChanRules(); o = deal_orders(np.random.default_rng(1), 8)
call = lambda: compiled.play_batch(rules, o)""",
    "chan.play_states": """
from cardodds.sim.chan import batch, compiled
from cardodds.sim.chan.deal import deal_orders
from cardodds.sim.chan.rules import ChanRules
from cardodds.sim.chan.reference import ChanGame
rules = ChanRules(); games = [ChanGame.from_order(rules, o) for o in deal_orders(np.random.default_rng(1), 4)]
call = lambda: compiled.play_from_games(rules, games)""",
}

MEASURE = """
import time, numpy as np
{setup}
import numba
t, c = time.perf_counter(), time.process_time()
call()
print(f"{{time.perf_counter() - t:.2f}} {{time.process_time() - c:.2f}}")
from numba.core.registry import CPUDispatcher
seen = {{}}
for name, mod in list(sys.modules.items()):
    if name.startswith("cardodds.sim.") and ".kernel." in name:
        for k, v in vars(mod).items():
            if isinstance(v, CPUDispatcher) and v.signatures and v.py_func.__module__ == name:
                seen[name.rsplit('.', 1)[1] + '.' + k] = len(v.signatures)
print(" ".join(f"{{k}}:{{n}}" for k, n in sorted(seen.items())))
"""


def kernel_caches():
    return [p for p in SRC.glob("*/kernel/__pycache__/*") if p.suffix in (".nbi", ".nbc")]


def index_counts(root: Path) -> None:
    """Print the specialisations in every ``*.nbi`` (numba's cache index) under ``root``."""
    total = 0
    for nbi in sorted(root.rglob("*.nbi")):
        with open(nbi, "rb") as f:
            pickle.load(f)  # numba's version
            _stamp, overloads = pickle.loads(f.read())
        total += len(overloads)
        if len(overloads) > 1:
            sigs = "; ".join(str(k[0]) for k in overloads)
            print(f"{nbi.parent.parent.parent.name}/{nbi.name.split('-')[0]}: {len(overloads)}  {sigs[:400]}")
    print(f"{total} specialisations in {len(list(root.rglob('*.nbi')))} index files")


def main(argv=None):
    ap = common.parser(__doc__.splitlines()[0], games_help="ignored: each entry point plays its own few games",
                       jobs=None, seed_help="ignored: each entry point deals its own fixed games",
                       quick={"first": 1})
    ap.add_argument("--first", type=int, help="only the first N entry points (--quick: 1)")
    ap.add_argument("--cold", action="store_true", help="empty the kernels' numba caches before each entry point")
    ap.add_argument("--index", type=Path, help="only count the specialisations cached under this folder")
    args = common.parse(ap, argv)
    if args.index:
        return index_counts(args.index)
    env = dict(os.environ, NUMBA_NUM_THREADS=os.environ.get("NUMBA_NUM_THREADS", "1"))
    total = [0.0, 0.0]
    for name, setup in list(SETUP.items())[:args.first]:
        if args.cold:
            for p in kernel_caches():
                p.unlink()
        out = subprocess.run([sys.executable, "-c", "import sys\n" + MEASURE.format(setup=setup)], env=env,
                             capture_output=True, text=True, check=True).stdout.split("\n")
        wall, cpu = map(float, out[0].split())
        total[0] += wall
        total[1] += cpu
        print(f"{name:28s} first call {wall:6.2f} s wall {cpu:6.2f} s CPU   specialisations {out[1]}")
    print(f"{'all':28s} first calls {total[0]:6.2f} s wall {total[1]:6.2f} s CPU "
          f"({'cold: each compiled from an empty cache' if args.cold else 'cache as found'})")


if __name__ == "__main__":
    main()
