"""Old code against new in one run: each engine's games per CPU second at two git revisions, alternated round by round.

    NUMBA_NUM_THREADS=1 python benchmarks/compare_revisions.py [--old 9276945] [--new HEAD] [--rounds 5]
        [--measure NAME ...] [--games N] [--seed S] [--quick] [--keep DIR]
    python benchmarks/compare_revisions.py --same-numbers [--experiment NAME ...] [--games N] [--seed S]

Each revision is checked out as a detached worktree under a temporary folder (``git worktree add --detach``, removed
at the end).  Every round runs every measurement once in each tree, old then new, each in a fresh child process
(``sys.executable``, that tree's ``src`` first on ``PYTHONPATH``, ``NUMBA_NUM_THREADS=1``, one BLAS thread), so both
revisions meet the same load on a shared machine.  A child loads the kernels and caches with a small untimed game
batch, then times one call (CPU seconds).  The measured calls exist unchanged in both revisions, so the engine is what
differs (:data:`MEASURES`): the reference engine (the game's ``env_form.play``, one game a seed), the run path (the
game's ``<game>.play`` chunk function, as ``cardodds run`` calls it) on the numpy batch engine (``CARDODDS_COMPILED=0``)
and on the compiled engine, with the task's default player at every seat, and with a trivial user player (the first
legal move) at seat 0 — in Tấn also a trivial batch-form player (``decide_batch``).

Printed per measurement: each revision's median games per CPU second over the rounds, the median of the per-round
new/old ratios and their range (min–max), and whether the two revisions' results (every count of the chunk, or every
payoff) are identical.  ``--same-numbers`` instead runs ``cardodds run`` of a few shipped experiments (the strength
matches included: paired deals, seats swapped) with a small ``--games`` in both trees and compares the run folders'
``summary.csv`` and ``differences.csv`` byte for byte and every chunk's arrays (but CPU seconds).  ``--jobs`` is
ignored: one core by design.  Not for ``bench_all.py`` (it needs git and takes minutes); no assertion.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import common  # a sibling module

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
OLD = "9276945"
"""The commit the game-protocol redesign (issue 32) started from."""

MEASURES = {
    "chan.reference": ("chan", "reference", 300), "chan.batch": ("chan", "batch", 20_000),
    "chan.compiled": ("chan", "compiled", 100_000), "chan.user": ("chan", "user", 600),
    "sam.reference": ("sam", "reference", 500), "sam.batch": ("sam", "batch", 60_000),
    "sam.compiled": ("sam", "compiled", 200_000), "sam.user": ("sam", "user", 1_500),
    "tan.reference": ("tan", "reference", 1_500), "tan.batch": ("tan", "batch", 60_000),
    "tan.compiled": ("tan", "compiled", 200_000), "tan.user": ("tan", "user", 1_500),
    "tan.user_batch": ("tan", "user_batch", 20_000),
}
"""Measurement name → (game, engine, games of the timed call)."""

SEED = 20261129
"""The measurements' default seed (the showcase's)."""

QUICK_GAMES = 100
"""``--quick``: games of every measurement (one round; the figures mean nothing)."""

CHILD = r'''
import hashlib, json, sys, time
import numpy as np
sys.path.insert(0, sys.argv[5])  # this script's folder: the same user players in both trees
from bench_user_player import First, FirstBatch
from cardodds.sim.experiment import load_experiment
from cardodds.sim.games import game as game_spec
from cardodds.sim.streams import chunk_seed
from cardodds.sim.turns import default_player

game, engine, games, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
table = {"experiment": {"name": "compare", "task": f"{game}.play", "games": games, "seed": seed}}
exp = load_experiment(table)
if engine in ("user", "user_batch"):
    others = [default_player(game)] * (len(exp.params.strategies) - 1)
    exp = load_experiment({**table, "strategies": {"seats": [First if engine == "user" else FirstBatch] + others}})
if engine == "reference":
    form, rules, seats = game_spec(game).hook("env_form"), exp.params.rules, list(exp.params.strategies)
    play = lambda first, n: [form.play(s, rules, seats) for s in range(first, first + n)]
    warm, timed = (lambda: play(seed + games, 3)), (lambda: play(seed, games))
else:
    warm = lambda: exp.task.run_chunk(exp.params, chunk_seed(seed, 1), min(games, 500))
    timed = lambda: exp.task.run_chunk(exp.params, chunk_seed(seed, 0), games)
warm()
start = time.process_time()
out = timed()
cpu = time.process_time() - start
digest = hashlib.sha256()
for key, value in (sorted(out.items()) if isinstance(out, dict) else enumerate(out)):
    value = np.asarray(value)
    digest.update(f"{key}|{value.dtype}|{value.shape}|".encode() + value.tobytes())
print(json.dumps({"rate": games / max(cpu, 1e-9), "digest": digest.hexdigest()}))
'''
"""The measuring child: ``python -c CHILD game engine games seed benchmarks_folder`` prints ``{"rate": …, "digest":
…}``; written against calls both revisions have (``load_experiment``, ``env_form.play``, a task's ``run_chunk``,
``UserPlayer``), with the trivial user players of ``bench_user_player.py`` (this folder's, in both trees)."""


def child_env(tree: Path, compiled: bool) -> dict:
    """The environment of a child in ``tree``: its ``src`` first, one thread everywhere, the compiled switch."""
    env = dict(os.environ, PYTHONPATH=str(tree / "src"), NUMBA_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1",
               OMP_NUM_THREADS="1", MKL_NUM_THREADS="1", CARDODDS_COMPILED="1" if compiled else "0")
    return env


def measure_once(tree: Path, name: str, games: int, seed: int) -> dict:
    """One child run of measurement ``name`` in ``tree``: its rate and its results' digest."""
    game, engine, _ = MEASURES[name]
    proc = subprocess.run([sys.executable, "-c", CHILD, game, engine, str(games), str(seed), str(HERE)], cwd=tree,
                          env=child_env(tree, engine == "compiled"), capture_output=True, text=True, check=False)
    if proc.returncode:
        raise SystemExit(f"{name} in {tree.name}: the child failed:\n{proc.stderr[-2000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


@contextlib.contextmanager
def worktrees(revisions: dict[str, str], keep: str | None = None):
    """A detached worktree of each revision (label → rev) in a temporary folder, removed at the end."""
    base = Path(keep) if keep else Path(tempfile.mkdtemp(prefix="cardodds-compare-"))
    trees = {}
    try:
        for label, rev in revisions.items():
            path = base / label
            if not path.exists():
                subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet", str(path), rev],
                               check=True)
            else:  # a kept worktree: moved to the revision asked for now (HEAD moves between runs)
                commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", rev], capture_output=True, text=True,
                                        check=True).stdout.strip()
                subprocess.run(["git", "-C", str(path), "checkout", "--detach", "--quiet", commit], check=True)
            trees[label] = path
        yield trees
    finally:
        if not keep:
            for path in trees.values():
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(path)], check=False)
            with contextlib.suppress(OSError):
                base.rmdir()


def describe(rev: str) -> str:
    """``rev`` as its short commit and subject line."""
    return subprocess.run(["git", "-C", str(ROOT), "log", "-1", "--format=%h %s", rev], capture_output=True,
                          text=True, check=True).stdout.strip()[:90]


def speed(trees: dict[str, Path], names: list[str], rounds: int, games: int | None, seed: int) -> None:
    """Alternate the measurements round by round and print the table."""
    rates = {n: {"old": [], "new": []} for n in names}
    same = dict.fromkeys(names, True)
    for r in range(rounds):
        for name in names:
            n = games or MEASURES[name][2]
            got = {label: measure_once(trees[label], name, n, seed) for label in ("old", "new")}
            for label in ("old", "new"):
                rates[name][label].append(got[label]["rate"])
            same[name] &= got["old"]["digest"] == got["new"]["digest"]
            old, new = got["old"]["rate"], got["new"]["rate"]
            print(f"round {r + 1}/{rounds} {name:<15} old {old:>12,.0f}  new {new:>12,.0f}  ratio {new / old:.3f}",
                  flush=True)
    print("\n| measurement | old games/CPU s (median) | new games/CPU s (median) | new/old (median) | "
          "new/old per round (min–max) | same results |")
    print("|---|---:|---:|---:|---:|---|")
    for name in names:
        ratios = [b / a for a, b in zip(rates[name]["old"], rates[name]["new"])]
        print(f"| {name} | {statistics.median(rates[name]['old']):,.0f} | {statistics.median(rates[name]['new']):,.0f}"
              f" | {statistics.median(ratios):.3f} | {min(ratios):.3f}–{max(ratios):.3f} | "
              f"{'yes' if same[name] else 'NO'} |")


RUNS = (("chan_play", 5_000), ("chan_players", 5_000), ("sam_ladder", 2_000), ("sam_declare", 10_000),
        ("tan_ladder", 4_000), ("tan_seats", 8_000), ("chan_strength", 300), ("sam_strength", 60),
        ("tan_strength", 2_000))
"""``--same-numbers``: the shipped experiments run in both trees, and their ``--games`` (at least two chunks each);
the ``*_strength`` ones are the strength matches (paired deals, seats swapped)."""

COMPARED = ("summary.csv", "differences.csv")
"""The result tables of a run folder compared byte for byte, those it has (a strength table has no differences;
``report.md`` and the manifests hold the run's date and times)."""

TIMINGS = ("cpu",)
"""Chunk arrays that hold CPU seconds (the strength tasks' cost a game), not results: not compared."""


def run_folder(tree: Path, config: str, games: int, seed: int | None, out: Path) -> None:
    """``cardodds run config --games games`` in ``tree`` (one job, the compiled engines on), into ``out``."""
    cmd = [sys.executable, "-m", "cardodds", "run", config, "--games", str(games), "--jobs", "1", "--out", str(out),
           "--no-progress"] + (["--seed", str(seed)] if seed is not None else [])
    proc = subprocess.run(cmd, cwd=tree, env=child_env(tree, True), capture_output=True, text=True, check=False)
    if proc.returncode:
        raise SystemExit(f"{config} in {tree.name}: cardodds run failed:\n{proc.stderr[-2000:]}")


def folder_differences(a: Path, b: Path) -> list[str]:
    """What differs between two run folders: a result table's bytes, a chunk's arrays (empty: nothing)."""
    import numpy as np

    found = [name for name in COMPARED if (a / name).exists() != (b / name).exists()
             or (a / name).exists() and (a / name).read_bytes() != (b / name).read_bytes()]
    chunks_a = sorted(p.relative_to(a) for p in a.glob("**/chunks/*.npz"))
    if chunks_a != sorted(p.relative_to(b) for p in b.glob("**/chunks/*.npz")):
        return found + ["the chunk files"]
    for rel in chunks_a:
        with np.load(a / rel) as x, np.load(b / rel) as y:
            keys = sorted(k for k in x.files if k not in TIMINGS)
            if keys != sorted(k for k in y.files if k not in TIMINGS) or any(
                    not np.array_equal(x[k], y[k]) for k in keys):
                found.append(str(rel))
    return found


def same_numbers(trees: dict[str, Path], runs, seed: int | None) -> bool:
    """Run each experiment in both trees and print whether their results are identical."""
    out = Path(tempfile.mkdtemp(prefix="cardodds-same-"))
    ok = True
    print("| experiment | --games | summary.csv, differences.csv, chunk arrays |")
    print("|---|---:|---|")
    try:
        for config, games in runs:
            folders = {label: out / label / config for label in trees}
            for label, tree in trees.items():
                run_folder(tree, config, games, seed, folders[label])
            diff = folder_differences(folders["old"], folders["new"])
            chunks = len(list(folders["old"].glob("**/chunks/*.npz")))
            ok &= not diff
            print(f"| {config} | {games:,} | {'identical' if not diff else 'DIFFER: ' + ', '.join(diff[:5])} "
                  f"({chunks} chunks) |", flush=True)
    finally:
        shutil.rmtree(out, ignore_errors=True)
    return ok


def main(argv=None) -> int:
    ap = common.parser(__doc__.splitlines()[0], games=None, jobs=None, seed=None,
                       games_help="games of every measurement (default: each one's own, MEASURES; with "
                                  "--same-numbers, of every run: default each one's own, RUNS)",
                       seed_help=f"the deals' seed (default {SEED}; with --same-numbers each experiment's own)",
                       quick={"rounds": 1})
    ap.add_argument("--old", default=OLD, help=f"the old revision (default {OLD}, where issue 32 started)")
    ap.add_argument("--new", default="HEAD", help="the new revision (default HEAD)")
    ap.add_argument("--rounds", type=int, default=5, help="rounds of alternated measurements (default 5)")
    ap.add_argument("--measure", action="append", choices=list(MEASURES), help="one measurement, may be repeated")
    ap.add_argument("--same-numbers", action="store_true", help="compare the results of shipped runs instead")
    ap.add_argument("--experiment", action="append", choices=[c for c, _ in RUNS],
                    help="with --same-numbers: one experiment of RUNS, may be repeated (default: all)")
    ap.add_argument("--keep", help="use (and keep) worktrees in this folder instead of temporary ones")
    args = common.parse(ap, argv)
    revisions = {"old": args.old, "new": args.new}
    print(f"old: {describe(args.old)}\nnew: {describe(args.new)}")
    with worktrees(revisions, args.keep) as trees:
        if args.same_numbers:
            chosen = [(c, g) for c, g in RUNS if c in (args.experiment or [c])][:1 if args.quick else None]
            runs = [(c, args.games or g) for c, g in chosen]
            return 0 if same_numbers(trees, runs, args.seed) else 1
        games = args.games or (QUICK_GAMES if args.quick else None)
        speed(trees, args.measure or list(MEASURES), args.rounds, games, SEED if args.seed is None else args.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
