"""Peak memory of the Chắn deal run does not grow with the number of games.

Runs ``configs/chan_deal.toml`` at each size in a fresh subprocess (the runner, its worker pool, chunk files and all)
and prints, per size, the peak resident memory of the main process, of the largest worker, and of the whole process
tree (sampled from /proc every 0.1 s), then the ratio largest size / smallest size.  The issue's target: within 10 %.

Usage: ``python benchmarks/bench_memory.py [--games 1e6 1e8] [--jobs J] [--seed S] [--backend loky|dask] [--quick]``
(10^8 games take a minute or two on two cores: run it once, not in a loop).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import common  # a sibling module

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "configs" / "chan_deal.toml"


def _child(games: int, jobs: int, backend: str, seed: int | None) -> None:
    """Play the run and print this process's and its workers' peak RSS (kB) as JSON on stdout."""
    sys.path.insert(0, str(ROOT))
    from cardodds.sim.experiment import load_experiment
    from cardodds.sim.runner import run_experiment

    exp = load_experiment(CONFIG, games=games, backend=backend, **({} if seed is None else {"seed": seed}))
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        result = run_experiment(exp, Path(tmp) / "run", jobs=jobs, progress=False)
        seconds = time.perf_counter() - start
    if backend == "loky":  # reap the pool so that its workers count in RUSAGE_CHILDREN
        from joblib.externals.loky import get_reusable_executor

        get_reusable_executor().shutdown(wait=True)
    print(json.dumps({
        "games": result.games,
        "chunks": result.chunks,
        "seconds": seconds,
        "main_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
        "worker_kb": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss,
    }))


def _tree_rss_kb(root: int) -> int:
    """Resident memory (kB) of ``root`` and all its descendants, from /proc (0 where /proc is missing)."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc") if os.path.isdir("/proc") else []:
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as fh:
                    parents[int(entry)] = int(fh.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                pass
    tree, frontier = {root}, [root]
    while frontier:
        pid = frontier.pop()
        children = [p for p, pp in parents.items() if pp == pid and p not in tree]
        tree.update(children)
        frontier.extend(children)
    total = 0
    for pid in tree:
        try:
            with open(f"/proc/{pid}/status", encoding="ascii", errors="replace") as fh:
                total += next((int(line.split()[1]) for line in fh if line.startswith("VmRSS:")), 0)
        except OSError:
            pass
    return total


def measure(games: int, jobs: int, backend: str, seed: int | None = None) -> dict:
    """One size in a fresh subprocess (``seed``: None, the config's); adds the sampled peak of the process tree."""
    cmd = [sys.executable, __file__, "--child", str(games), "--jobs", str(jobs), "--backend", backend]
    cmd += [] if seed is None else ["--seed", str(seed)]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True, cwd=ROOT)
    tree_peak = 0
    while proc.poll() is None:
        tree_peak = max(tree_peak, _tree_rss_kb(proc.pid))
        time.sleep(0.1)
    out = proc.stdout.read()
    if proc.returncode != 0:
        raise SystemExit(f"the {games:,}-game run failed (exit {proc.returncode})")
    result = json.loads(out.strip().splitlines()[-1])
    result["tree_kb"] = tree_peak
    return result


def main() -> None:
    parser = common.parser(__doc__.splitlines()[0], games=[1e6, 1e8], type=float, nargs="+",
                           games_help="the sizes, games each (default 1e6 1e8)", jobs=common.cpus(), seed=None,
                           quick={"games": [1e4, 1e5], "jobs": 1})
    parser.add_argument("--backend", choices=["loky", "dask"], default="loky")
    parser.add_argument("--child", type=float, help=argparse.SUPPRESS)
    args = common.parse(parser)
    if args.child is not None:
        _child(int(args.child), args.jobs, args.backend, args.seed)
        return

    rows = [measure(int(g), args.jobs, args.backend, args.seed) for g in args.games]
    print(f"Chắn deal, {args.backend}, {args.jobs} jobs: peak resident memory (MiB)")
    print(f"{'games':>13} {'chunks':>7} {'seconds':>8} {'main':>8} {'worker':>8} {'tree':>8}")
    for r in rows:
        print(f"{r['games']:>13,} {r['chunks']:>7,} {r['seconds']:>8.1f} {r['main_kb'] / 1024:>8.1f} "
              f"{r['worker_kb'] / 1024:>8.1f} {r['tree_kb'] / 1024:>8.1f}")
    first, last = rows[0], rows[-1]
    for key, label in (("main_kb", "main process"), ("worker_kb", "largest worker"), ("tree_kb", "process tree")):
        if first[key]:
            print(f"{label:>15}: {last[key] / first[key]:.3f}× from {first['games']:,} to {last['games']:,} games")


if __name__ == "__main__":
    main()
