"""How long a run's pool processes outlive the run when it is killed (SIGKILL, the run's process alone) as its pool starts.

Starts ``cardodds run --jobs 2`` (``--jobs``) on a Tấn config of ``--games`` games (``--seed``) in its own session,
waits until the first process other than the run appears (loky's resource trackers and workers start together), waits
``--after`` seconds more, kills the run's process, and prints how many of the session's processes are still running
(zombies waiting to be reaped do not count) until none is left or ``--limit`` seconds pass::

    PYTHONPATH=src python benchmarks/kill_at_pool_start.py --after 0.05 --trials 3
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import common  # a sibling module

CONFIG = '[experiment]\nname = "slow"\ntask = "tan.play"\ngames = {games}\nchunk_size = 4_000\nseed = {seed}\n'


def session(sid: int) -> list[str]:
    """``pid command`` of every running (not zombie) process of session ``sid``."""
    out = subprocess.run(["ps", "-s", str(sid), "-o", "pid=,stat=,args="], capture_output=True, text=True).stdout
    return [line for line in out.splitlines() if line.split() and not line.split()[1].startswith("Z")]


def trial(after: float, limit: float, args) -> tuple[int, float, int]:
    """``(processes when killed, seconds until the last one ended, processes left at the limit)``."""
    folder = Path(tempfile.mkdtemp(prefix="kill-at-pool-start-"))
    config = folder / "slow.toml"
    config.write_text(CONFIG.format(games=args.games, seed=args.seed), encoding="utf-8")
    run = subprocess.Popen([sys.executable, "-m", "cardodds", "run", str(config), "--jobs", str(args.jobs), "--out",
                            str(folder / "run"), "--no-progress"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           start_new_session=True)
    try:
        while len(session(run.pid)) < 2:
            time.sleep(0.02)
        time.sleep(after)
        before = len(session(run.pid))
        os.kill(run.pid, signal.SIGKILL)
        run.wait()
        killed = time.monotonic()
        while session(run.pid) and time.monotonic() - killed < limit:
            time.sleep(0.05)
        return before, time.monotonic() - killed, len(session(run.pid))
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(run.pid, signal.SIGKILL)


def main() -> None:
    parser = common.parser(__doc__.splitlines()[0], games=2_000_000, games_help="games of the killed run", jobs=2,
                           seed=7, quick={"trials": 1})
    parser.add_argument("--after", type=float, default=0.05, help="seconds after the pool's first process (0.05)")
    parser.add_argument("--trials", type=int, default=3)
    parser.add_argument("--limit", type=float, default=120.0, help="give up waiting after this many seconds (120)")
    args = common.parse(parser)
    for _ in range(args.trials):
        before, seconds, left = trial(args.after, args.limit, args)
        print(f"killed with {before} processes in its session; {left} left after {seconds:.2f} s", flush=True)


if __name__ == "__main__":
    main()
