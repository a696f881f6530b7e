"""The command line's own fixed cost: CPU seconds of ``cardodds --help`` and of tiny commands, each in a fresh process.

Each command runs ``--repeat`` times (default 3) as a child process; printed per command: the CPU seconds (user +
system, from ``resource.getrusage(RUSAGE_CHILDREN)`` around the child, its own children included) and the wall
seconds, the median and the least of the repeats.  The tiny ``run`` plays 1,000 dealt Chắn tables on one worker,
so what it costs is the command's fixed cost: imports, the compile cache, writing its folder and report.  No
assertion on speed; not a benchmark of bench_all.py (not named ``bench_*``).

Usage: ``python benchmarks/cli_cost.py [--repeat N] [--games 1000] [--quick]`` (``--games``: the tiny run's
tables; ``--quick``: one repeat).
"""

from __future__ import annotations

import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import common  # a sibling module


def commands(folder: Path, games: int, seed: int) -> dict[str, list[str]]:
    """Each measured command's name and words (after ``cardodds``)."""
    return {
        "--help": ["--help"],
        "odds --help": ["odds", "chan", "--help"],
        f"run chan_deal {games:,} games": ["run", "chan_deal", "--games", str(games), "--seed", str(seed), "--jobs",
                                          "1", "--no-progress", "--out", str(folder / "run")],
    }


def cost(words: list[str]) -> tuple[float, float]:
    """CPU and wall seconds of one ``cardodds`` command in a fresh process (its output thrown away)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "cardodds", *words], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, wall


def main() -> None:
    parser = common.parser(__doc__.splitlines()[0], games=1000, games_help="the tiny run's tables (default 1,000)",
                           jobs=None, quick={"repeat": 1})
    parser.add_argument("--repeat", type=int, default=3, help="times each command is timed (default 3)")
    args = common.parse(parser)
    with tempfile.TemporaryDirectory() as tmp:
        for name, words in commands(Path(tmp), args.games, args.seed).items():
            runs = []
            for _ in range(args.repeat + 1):  # the first call fills numba's cache and the OS's; not counted
                shutil.rmtree(Path(tmp) / "run", ignore_errors=True)
                runs.append(cost(words))
            cpu, wall = zip(*runs[1:])
            print(f"cardodds {name:26}  CPU {statistics.median(cpu):5.2f} s (least {min(cpu):5.2f})"
                  f"  wall {statistics.median(wall):5.2f} s (least {min(wall):5.2f})", flush=True)


if __name__ == "__main__":
    main()
