"""Every throughput benchmark in one markdown table: engine, games/s, speed-up over the game's reference engine, peak memory.

Runs each ``benchmarks/bench_*.py`` script (the memory benchmark and this script excepted) in its own subprocess with
the same common flags (``common.py``: ``--jobs``, and ``--games``, ``--seed``, ``--quick`` when given), then the Chắn
deal run on the loky and on the Dask backend (a local cluster).
Peak memory is the most resident memory the script's whole process tree held at once (workers included, sampled from
/proc every 0.1 s).

A benchmark script reports an engine per line, either as ``BENCH {"engine": "...", "games_per_s": 123.4}`` (with
``"game": "Tấn"`` where one script measures several games: its rows are grouped by game) or in the
human form the existing scripts print: ``<engine> : <rate> games/s ...`` or ``<engine>␣␣<rate>␣␣<more numbers>`` (the
engine name followed by a colon or two spaces, then the rate).  The reference engine of a game is the line whose name
contains "reference"; speed-ups are against it.

Usage: ``python benchmarks/bench_all.py [--jobs J] [--games N] [--seed S] [--quick] [--backend-games N]
[--out table.md]``
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import common  # noqa: E402  (a sibling module)
from bench_memory import _tree_rss_kb, measure  # noqa: E402  (a sibling script)

SKIP = {"bench_all.py", "bench_memory.py"}
_JSON_ROW = re.compile(r"^BENCH\s+(\{.*\})\s*$")
_TEXT_ROW = re.compile(
    r"^(?P<engine>\S.*?)(?:\s*:\s+|\s{2,})(?P<rate>\d[\d,]*(?:\.\d+)?)(?=\s+(?:games/s|tables/s|\d))"
)


def parse_rows(text: str) -> list[tuple[str | None, str, float]]:
    """``(game or None, engine, games per second)`` for every engine line of a benchmark's output: its ``BENCH`` lines
    if it prints any (its human lines then say the same in words), else its human lines."""
    rows, text_rows = [], []
    for line in text.splitlines():
        if m := _JSON_ROW.match(line):
            row = json.loads(m.group(1))
            rows.append((row.get("game"), str(row["engine"]), float(row["games_per_s"])))
        elif m := _TEXT_ROW.match(line.rstrip()):
            text_rows.append((None, " ".join(m.group("engine").split()), float(m.group("rate").replace(",", ""))))
    return rows or text_rows


def run_script(path: Path, args: list[str]) -> tuple[str, int, float, int]:
    """Run one benchmark script; its stdout, exit code, seconds and the peak RSS (kB) of its process tree."""
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, str(path), *args], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    peak = 0
    while proc.poll() is None:
        peak = max(peak, _tree_rss_kb(proc.pid))
        time.sleep(0.1)
    return proc.stdout.read(), proc.returncode, time.perf_counter() - start, peak


def game_of(path: Path, game: str | None = None) -> str:
    """The table's group of a script's row: ``bench_tan_expert.py`` → "Tấn expert"; a row naming its ``game`` in a
    script of every game (``bench_rungs.py``) → "Tấn rungs"."""
    names = {"chan": "Chắn", "sam": "Sâm", "tan": "Tấn"}
    stem = path.stem.removeprefix("bench_")
    if game is not None:
        return f"{game} {stem.replace('_', ' ')}"
    game, _, what = stem.partition("_")
    return names.get(game, game) + (f" {what.replace('_', ' ')}" if what else "")


def grouped(path: Path, rows, peak: int) -> list[tuple[str, list[tuple[str, float, int]]]]:
    """A script's rows by game, in the order first met."""
    groups: dict[str, list] = {}
    for game, engine, rate in rows:
        groups.setdefault(game_of(path, game), []).append((engine, rate, peak))
    return list(groups.items())


def table(groups: list[tuple[str, list[tuple[str, float, int | None]]]]) -> str:
    """The markdown table: one block of rows per game, speed-ups against that game's reference engine."""
    lines = ["| game | engine | games/s | speed-up | peak memory |", "|---|---|---:|---:|---:|"]
    for game, rows in groups:
        reference = next((rate for engine, rate, _ in rows if "reference" in engine.lower()), None)
        for engine, rate, peak_kb in rows:
            speed = f"{rate / reference:,.0f}×" if reference else "–"
            memory = f"{peak_kb / 1024:,.0f} MiB" if peak_kb else "–"
            lines.append(f"| {game} | {engine} | {rate:,.0f} | {speed} | {memory} |")
    return "\n".join(lines)


def machine() -> str:
    """One line naming what the figures were measured on: cores, processor, Python, numpy and its BLAS."""
    import platform

    import numpy as np

    cpu = "unknown processor"
    try:
        cpu = next(line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    try:
        blas = np.show_config(mode="dicts")["Build Dependencies"]["blas"]
        blas = f"{blas.get('name', '?')} {blas.get('version', '')}".strip()
    except Exception:  # the build information is a convenience, never a reason to fail
        blas = "unknown BLAS"
    env = ", ".join(f"{k}={os.environ[k]}" for k in ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE") if k in os.environ)
    return (f"Machine: {os.cpu_count()} cores ({cpu}), Python {platform.python_version()}, numpy {np.__version__} "
            f"with {blas}" + (f" ({env})" if env else ""))


def main() -> None:
    parser = common.parser(__doc__.splitlines()[0], jobs=common.cpus(),
                           games_help="passed to every benchmark as --games (default: their own)", seed=None,
                           quick={"backend_games": 1e5})
    parser.add_argument("--backend-games", type=float, default=4e6, help="games of the loky / dask Chắn deal runs")
    parser.add_argument("--no-dask", action="store_true", help="skip the Dask backend")
    parser.add_argument("--out", help="also write the table to this markdown file")
    args = common.parse(parser)

    groups: list[tuple[str, list[tuple[str, float, int | None]]]] = []
    for path in sorted(HERE.glob("bench_*.py")):
        if path.name in SKIP:
            continue
        extra = (["--jobs", str(args.jobs)] + (["--games", str(args.games)] if args.games else [])
                 + (["--seed", str(args.seed)] if args.seed is not None else []) + (["--quick"] if args.quick else []))
        print(f"running {path.name} {' '.join(extra)} ...", file=sys.stderr, flush=True)
        out, code, seconds, peak = run_script(path, extra)
        rows = parse_rows(out)
        if code != 0:
            print(f"  failed: exit code {code}", file=sys.stderr)
            continue
        if not rows:  # a solver's or a search's figures are positions or decisions a second, not games
            print("  no games/s lines: not in the table", file=sys.stderr)
            continue
        print(f"  {len(rows)} engines in {seconds:.0f} s", file=sys.stderr)
        groups += grouped(path, rows, peak)

    backends = ["loky"] + ([] if args.no_dask else ["dask"])
    chan = next((rows for game, rows in groups if game == "Chắn deal"), None)
    if chan is None:
        chan = []
        groups.insert(0, ("Chắn deal", chan))
    for backend in backends:
        print(f"running the Chắn deal on {backend} ({int(args.backend_games):,} games) ...", file=sys.stderr, flush=True)
        try:
            r = measure(int(args.backend_games), args.jobs, backend, args.seed)
        except SystemExit as exc:
            print(f"  skipped: {exc}", file=sys.stderr)
            continue
        where = f"{args.jobs} jobs" if backend == "loky" else "local cluster, 2 workers × 1 thread"
        chan.append((f"runner, {backend} backend ({where}, chunk files included)", r["games"] / r["seconds"], r["tree_kb"]))

    text = table(groups) + "\n\n" + machine()
    print(text)
    if args.out:
        Path(args.out).write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
