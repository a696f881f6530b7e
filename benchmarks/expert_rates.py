"""What the expert benchmarks share: the timed batch run and the printed rates (not a benchmark itself)."""

from __future__ import annotations

import json
import time

import numpy as np
from joblib import Parallel, delayed


def batch_rates(batch_chunk, head: tuple, seed: int, chunks: list[int], jobs: int) -> tuple[float, float, int]:
    """(wall s, CPU s, decisions) of ``batch_chunk(*head, seed, k, n)`` over the chunks on ``jobs`` processes; the
    pool is started (a 20-game chunk a process) before the clock."""
    with Parallel(n_jobs=jobs, backend="loky") as par:
        par(delayed(batch_chunk)(*head, seed, 10**5 + k, 20) for k in range(jobs))
        t = time.perf_counter()
        out = par(delayed(batch_chunk)(*head, seed, k, n) for k, n in enumerate(chunks))
        wall = time.perf_counter() - t
    return wall, sum(o[0] for o in out), sum(o[1] for o in out)


def print_rates(title: str, knobs: str, ref: tuple[float, float], ref_games: int, games: int, chunk: int,
                jobs: int, wall: float, cpu: float, decisions: int) -> None:
    """The rates in words, then one ``BENCH`` line per engine for ``bench_all.py`` (which reads only those)."""
    print(f"{title} ({knobs}), numpy {np.__version__}")
    print(f"reference engine, 1 process: games/s {ref[0]:.2f}, decisions/s {ref[1]:.1f} ({ref_games} games)")
    print(f"batch engine, {jobs} processes: games/s {games / wall:.2f}, decisions/s {decisions / wall:.1f} "
          f"({games} games in chunks of {chunk}; per CPU second: {games / cpu:.2f} games, "
          f"{decisions / cpu:.1f} decisions; {decisions / games:.1f} decisions a game)")
    for engine, rate in ((f"expert ({knobs}), reference engine, 1 process", ref[0]),
                         (f"expert ({knobs}), batch engine, {jobs} processes, chunks of {chunk}", games / wall)):
        print("BENCH " + json.dumps({"engine": engine, "games_per_s": round(rate, 2)}))
