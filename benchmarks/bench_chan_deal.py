"""Throughput of the Chắn deal experiment: whole tables dealt and evaluated per second.

Prints, from one run on this machine: the plain-Python per-table loop (shuffle + the reference evaluator), the
vectorised engine on one core, and the full runner on every core (chunks, workers, chunk files included), with the
ratios.  Usage: ``python benchmarks/bench_chan_deal.py [--games N] [--jobs J]``.
"""

from __future__ import annotations

import random
import tempfile
import time

import common  # a sibling module
import numpy as np

from cardodds.sim.chan.deal_metrics import deal_counts
from cardodds.sim.chan.reference_deal import reference_deal
from cardodds.sim.experiment import load_experiment
from cardodds.sim.runner import run_experiment


def rate(fn, n: int) -> float:
    start = time.perf_counter()
    fn(n)
    return n / (time.perf_counter() - start)


def main() -> None:
    parser = common.parser(__doc__.splitlines()[0], games=10_000_000,
                           games_help="tables for the full-runner measurement", jobs=common.cpus(), seed=1,
                           quick={"games": 20_000, "reference_games": 20, "jobs": 1})
    parser.add_argument("--reference-games", type=int, default=300)
    args = common.parse(parser)

    deal_counts(np.random.default_rng(0), 20_000)  # warm up
    reference = rate(lambda n: reference_deal(random.Random(1), n), args.reference_games)
    one_core = rate(lambda n: deal_counts(np.random.default_rng(1), n), 2_000_000)
    exp = load_experiment("configs/chan_deal.toml", games=args.games, seed=args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        full = rate(lambda n: run_experiment(exp, tmp, jobs=args.jobs, progress=False), args.games)

    print(f"{'engine':<44} {'tables/s':>12} {'vs reference':>13}")
    for name, value in [
        ("reference: Python loop, one table at a time", reference),
        ("vectorised, 1 core", one_core),
        (f"vectorised, runner with {args.jobs} jobs ({args.games:,} tables)", full),
    ]:
        print(f"{name:<44} {value:>12,.0f} {value / reference:>12,.0f}×")


if __name__ == "__main__":
    main()
