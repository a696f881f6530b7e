"""Play an experiment in chunks, in parallel, into a resumable run folder.

Run folder layout::

    out_dir/manifest.json            what run this is (identity, seed, versions, status); written first
    out_dir/.cardodds.lock           there only while a run writes here (see cardodds.sim.folder_lock)
    out_dir/experiment.toml          the config text
    out_dir/chunks/chunk-000000.npz  counts of chunk 0, plus its own metadata (identity hash, index, n)

Chunk ``k`` plays ``min(chunk_size, games - k * chunk_size)`` games with ``chunk_seed(seed, k)``, whatever the number
of workers, so results are identical for any ``jobs`` and backend.  Workers only compute; the main process writes
each chunk file atomically as soon as it arrives, so an interrupted run loses at most the chunks in flight.  Chunks
are planned lazily, one at a time as workers free up, so memory does not depend on the number of games.
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import json
import operator
import os
import platform
import re
import sys
import time
import warnings
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from cardodds.sim.arguments import option
from cardodds.sim.backends import check_reachable, joblib_backend, loky_watching_parent, workers_deaf_to_ctrl_c
from cardodds.sim.errors import CardoddsError, RunInterrupted
from cardodds.sim.experiment import Experiment, cardodds_version
from cardodds.sim.parent_watch import exit_with_parent
from cardodds.sim.registry import Counts
from cardodds.sim.run_folder import CHUNK_DIR, MANIFEST, atomic_write, open_run_folder, write_manifest
from cardodds.sim.run_folder import now as _now
from cardodds.sim.streams import BIT_GENERATOR, chunk_seed
from cardodds.sim.user_player import UserPlayerError, decision_limit, seated_users

__all__ = ["MANIFEST", "CHUNK_DIR", "RunInterrupted", "RunResult", "run_experiment", "chunk_path", "chunk_sizes"]

CONFIG_COPY = "experiment.toml"
_META_KEY = "__cardodds__"
_CHUNK_FORMAT = 1
_CHUNK_RE = re.compile(r"chunk-(\d{6,})\.npz")
_MAX_EARLY = 64  # chunks finished ahead of a slower lower chunk kept in memory; beyond that, read back from disk
ETA_AFTER = 2.0
"""Seconds after the first chunk at which the run says how long the rest will take (once, if ETA_LONG s or more)."""
ETA_LONG = 60.0
FROM_EXPERIMENT = "from-experiment"
"""Default of ``run_experiment(backend=...)``: the experiment's own ``backend`` / ``scheduler`` (loky unless set)."""


@dataclasses.dataclass
class RunResult:
    """What a run produced.

    Attributes
    ----------
    experiment : Experiment
    out_dir : Path
    counts : dict of numpy arrays
        All chunks merged by addition in chunk-id order.
    chunk_counts : sequence of dict
        Per-chunk counts in chunk-id order (for convergence charts, paired differences), read from the chunk
        files on access (:class:`ChunkCounts`): memory does not grow with the number of chunks.
    games, chunks : int
        Games played in total; number of chunks.
    computed : int
        Chunks computed in this call (the rest were loaded from the run folder).
    seconds : float
        Wall time of this call.
    meta : dict
        seed, numpy, bit_generator, cardodds, jobs, backend, scheduler, platform, python, start, end,
        games_computed, games_reused.
    games_computed, games_reused : int
        Games computed in this call, and games loaded from chunks computed earlier (``games`` is their sum).
    """

    experiment: Experiment
    out_dir: Path
    counts: Counts
    chunk_counts: Sequence[Counts]
    games: int
    chunks: int
    computed: int
    seconds: float
    meta: dict[str, Any]
    games_computed: int = 0
    games_reused: int = 0


def chunk_count(games: int, chunk_size: int) -> int:
    """``K = ceil(games / chunk_size)``: the number of chunks."""
    return -(-games // chunk_size)


def chunk_games(games: int, chunk_size: int, k: int) -> int:
    """Games in chunk ``k``: all chunks are full but perhaps the last."""
    return min(chunk_size, games - k * chunk_size)


def chunk_sizes(games: int, chunk_size: int) -> list[int]:
    """Games in each chunk, as a list (for small runs; the runner itself never lists every chunk)."""
    return [chunk_games(games, chunk_size, k) for k in range(chunk_count(games, chunk_size))]


def chunk_path(out_dir: Path, k: int) -> Path:
    """The file of chunk ``k``."""
    return Path(out_dir) / CHUNK_DIR / f"chunk-{k:06d}.npz"


def _warn(message: str, kind: str = "warning") -> None:
    print(f"cardodds: {kind}: {message}", file=sys.stderr, flush=True)


def fmt_duration(seconds: float) -> str:
    """A duration in the largest unit that keeps it readable: ``45 s``, ``12 min``, ``3.4 h``, ``5.2 days``."""
    for unit, size in (("years", 365.25 * 86400), ("days", 86400), ("h", 3600), ("min", 60)):
        if seconds >= 2 * size:
            return f"{seconds / size:,.1f} {unit}"
    return f"{seconds:.1f} s" if seconds < 60 else f"{seconds:.0f} s"


def _normalise(counts: Counts, k: int, n: int) -> Counts:
    """Counts as plain numpy arrays, checked: string keys, numeric, ``games == n``."""
    if not isinstance(counts, dict) or "games" not in counts:
        raise ValueError(f"chunk {k}: run_chunk must return a dict of arrays with key 'games'")
    out = {}
    for key, value in counts.items():
        if not isinstance(key, str) or not key or key.startswith("__") or "/" in key or "\\" in key:
            raise ValueError(f"chunk {k}: bad count name {key!r}")
        arr = np.asarray(value)
        if arr.dtype.kind not in "biuf":
            raise ValueError(f"chunk {k}: count {key!r} has dtype {arr.dtype}; counts must be numeric")
        out[key] = arr
    if out["games"].shape != () or int(out["games"]) != n:
        raise ValueError(f"chunk {k}: run_chunk returned games={out['games']!r} for n={n}")
    return out


def _chunk_bytes(counts: Counts, identity_hash: str, k: int, n: int) -> bytes:
    meta = json.dumps({"format": _CHUNK_FORMAT, "identity_hash": identity_hash, "chunk": k, "n": n})
    buf = io.BytesIO()
    np.savez(buf, **{_META_KEY: np.array(meta)}, **counts)
    return buf.getvalue()


def _load_chunk(path: Path, identity_hash: str, k: int, n: int) -> tuple[Counts | None, str | None]:
    """``(counts, None)`` for a valid chunk file, ``(None, reason)`` otherwise."""
    try:
        with np.load(path, allow_pickle=False) as npz:
            arrays = {key: npz[key] for key in npz.files}
        meta = json.loads(str(arrays.pop(_META_KEY)))
    except Exception as exc:  # torn or foreign file: any failure means "recompute"
        return None, f"cannot be read ({type(exc).__name__})"
    if meta.get("identity_hash") != identity_hash:
        return None, "belongs to another run (identity differs)"
    if meta.get("chunk") != k:
        return None, f"holds chunk {meta.get('chunk')!r}, not chunk {k}"
    if meta.get("n") != n:
        return None, f"holds {meta.get('n')!r} games, this run needs {n} in it"
    try:
        return _normalise(arrays, k, n), None
    except ValueError as exc:
        return None, f"has bad counts ({exc})"


def _manifest(exp: Experiment, k_total: int, status: str, created: str) -> dict:
    return {
        "cardodds_run": 1,
        "name": exp.name,
        "title": exp.title,
        "task": exp.task.name,
        "identity": exp.identity(),
        "identity_hash": exp.identity_hash(),
        "games": exp.games,
        "chunk_size": exp.chunk_size,
        "chunks": k_total,
        "seed": exp.seed,
        "numpy": np.__version__,
        "bit_generator": BIT_GENERATOR,
        "cardodds": cardodds_version(),
        "created": created,
        "updated": _now(),
        "status": status,
    }


def _play_chunk(run_chunk, params, seed: int, k: int, n: int, parent: int | None = None,
                seconds: float | None = None) -> tuple[int, Counts]:
    """One chunk (runs in a worker; ``parent``: the run's process, which a worker of its own must not outlive;
    ``seconds``: the CPU time a player written in Python may take a decision, None when the run seats none)."""
    if parent is not None:
        exit_with_parent(parent)
    if seconds is None:
        return k, run_chunk(params, chunk_seed(seed, k), n)
    with decision_limit(seconds):
        return k, run_chunk(params, chunk_seed(seed, k), n)


FAILED_DECISION = "failed_decision.json"
"""The position at which a player written in Python misbehaved, written in its run folder."""


def _failed_decision(exc: UserPlayerError, out_dir: Path, saved: int) -> UserPlayerError:
    """The run's one line for a user player's fault: what it did, where its position is saved and how to replay it,
    and that the finished chunks are kept."""
    kept = f"the {saved:,} finished chunk(s) are kept in {out_dir}"
    if exc.position is None:
        return UserPlayerError(f"{exc}; {kept}", None, exc.game)
    path = out_dir / FAILED_DECISION
    atomic_write(path, (json.dumps(exc.position, ensure_ascii=False, indent=1) + "\n").encode("utf-8"))
    if not exc.replayable:
        return UserPlayerError(f"{exc}; {kept}; the decision's view is saved in {path} (not a position: "
                               "`cardodds advise` cannot replay it)", exc.position, exc.game, False)
    return UserPlayerError(f"{exc}; {kept}; replay the position with: cardodds advise {exc.game or '<game>'} "
                           f"--state {path}", exc.position, exc.game)


class _Fold:
    """Chunk counts added up in chunk-id order, one chunk at a time (``load(k)`` fetches a chunk not given)."""

    def __init__(self, load: Callable[[int], Counts]):
        self.total: Counts | None = None
        self.next = 0
        self._load = load

    def add(self, counts: Counts | None) -> None:
        k = self.next
        if counts is None:
            counts = self._load(k)
        if self.total is None:
            self.total = {key: np.array(value, copy=True) for key, value in counts.items()}
        else:
            total = self.total
            if counts.keys() != total.keys():
                raise CardoddsError(
                    f"chunk {k} counts {sorted(counts)} but chunk 0 counts {sorted(total)}; cannot merge them"
                )
            for key, value in counts.items():
                if np.shape(value) != total[key].shape:
                    raise CardoddsError(
                        f"chunk {k} count '{key}' has shape {np.shape(value)}, chunk 0 has {total[key].shape}"
                    )
                total[key] = total[key] + value
        self.next = k + 1


def merge_counts(chunk_counts: Sequence[Counts]) -> Counts:
    """Add chunk counts in order; every chunk must have the same keys and shapes."""
    if not len(chunk_counts):
        raise ValueError("no chunks to merge")
    fold = _Fold(lambda k: chunk_counts[k])
    for counts in chunk_counts:
        fold.add(counts)
    return fold.total


def _reload_chunk(out_dir: Path, identity_hash: str, k: int, n: int) -> Counts:
    path = chunk_path(out_dir, k)
    counts, reason = _load_chunk(path, identity_hash, k, n)
    if counts is None:
        raise CardoddsError(f"{path} {reason}: the run folder changed under the run; re-run with "
                            f"{option('resume')}")
    return counts


class ChunkCounts(Sequence):
    """The per-chunk counts of a finished run, in chunk-id order, read from its chunk files when asked for.

    Holding them all in memory would make memory grow with the number of games; the files are there anyway.
    """

    def __init__(self, out_dir: Path, identity_hash: str, games: int, chunk_size: int):
        self._out_dir, self._identity_hash = Path(out_dir), identity_hash
        self._games, self._chunk_size = games, chunk_size

    def __len__(self) -> int:
        return chunk_count(self._games, self._chunk_size)

    def __getitem__(self, k):
        if isinstance(k, slice):
            return [self[i] for i in range(*k.indices(len(self)))]
        k = operator.index(k)
        if k < 0:
            k += len(self)
        if not 0 <= k < len(self):
            raise IndexError(f"chunk {k} of {len(self)}")
        return _reload_chunk(self._out_dir, self._identity_hash, k, chunk_games(self._games, self._chunk_size, k))

    def __repr__(self) -> str:
        return f"ChunkCounts({str(self._out_dir)!r}, {len(self)} chunks)"


def _show_progress(progress: bool | None) -> bool:
    if progress is not None:
        return bool(progress)
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


def run_experiment(
    exp: Experiment,
    out_dir: str | Path,
    *,
    jobs: int = 1,
    resume: bool = False,
    progress: bool | None = None,
    backend: str | None = FROM_EXPERIMENT,
    scheduler: str | None = None,
) -> RunResult:
    """Play ``exp`` into the run folder ``out_dir`` and merge the chunk counts.

    Parameters
    ----------
    exp : Experiment
    out_dir : str or Path
        The run folder (created if missing or empty).
    jobs : int
        1 runs in this process; otherwise the joblib ``n_jobs`` (``-1`` = all cores).
    resume : bool
        Continue the run already in ``out_dir`` (same identity): only missing or invalid chunks are computed.
        ``games`` may differ from the earlier run (extend or shorten it).
    progress : bool or None
        Show a progress bar on stderr; None shows it when stderr is a terminal.
    backend : str or None
        The joblib backend: ``"loky"``, ``"threading"``, ``"dask"`` (a ``distributed`` cluster, see
        :mod:`cardodds.sim.backends`; it runs every chunk on the cluster, whatever ``jobs``), ...; None uses whatever
        ``joblib.parallel_config`` has set.  By default the experiment's ``backend`` and ``scheduler``.
        The backend never changes the numbers.
    scheduler : str, optional
        With ``backend="dask"``: the scheduler address; None starts a local cluster for the run.

    Raises
    ------
    CardoddsError
        Folder problems (not a run folder, existing run without ``resume``, a different run, another run writing
        there: see :mod:`cardodds.sim.run_folder`).
    RunInterrupted
        Ctrl-C: the chunks already written stay; re-run with ``resume=True``.
    """
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs == 0:
        raise CardoddsError(f"{option('jobs')} must be a non-zero integer, not {jobs!r}")
    if backend == FROM_EXPERIMENT:
        backend, scheduler = exp.backend, exp.scheduler
    out_dir = Path(out_dir)
    check_reachable(backend, scheduler)  # before the folder is made: a scheduler that is not there leaves nothing
    with open_run_folder(out_dir, exp.identity(), exp.identity_hash(), resume=resume) as found:
        created = str((found or {}).get("created") or _now())
        return _play(exp, out_dir, created, jobs=jobs, progress=progress, backend=backend, scheduler=scheduler)


def _saved_chunks(out_dir: Path, ident: str, k_total: int, size: Callable[[int], int], add) -> np.ndarray:
    """Give every valid chunk file of the run to ``add`` (warning about the others); their ids, sorted."""
    ids = []
    for path in (out_dir / CHUNK_DIR).iterdir():
        match = _CHUNK_RE.fullmatch(path.name)
        if match and int(match.group(1)) < k_total and chunk_path(out_dir, int(match.group(1))).name == path.name:
            ids.append(int(match.group(1)))
    reused = []
    for k in sorted(ids):
        counts, reason = _load_chunk(chunk_path(out_dir, k), ident, k, size(k))
        if counts is None:
            _warn(f"{chunk_path(out_dir, k)} {reason}; recomputing it")
        else:
            add(k, counts)
            reused.append(k)
    return np.asarray(reused, dtype=np.int64)


def chunk_files(out_dir: Path, k_total: int) -> int:
    """How many chunk files of a run of ``k_total`` chunks ``out_dir`` holds (named right; a resumed run reads them)."""
    folder = Path(out_dir) / CHUNK_DIR
    if not folder.is_dir():
        return 0
    return sum(1 for path in folder.iterdir()
               if (match := _CHUNK_RE.fullmatch(path.name)) and int(match.group(1)) < k_total
               and chunk_path(out_dir, int(match.group(1))).name == path.name)


def _unsaved(k_total: int, reused: np.ndarray) -> Iterator[int]:
    """The chunks still to compute, in order, one at a time (never a list of them all: ``games`` may be 10**15)."""
    j = 0
    for k in range(k_total):
        if j < len(reused) and reused[j] == k:
            j += 1
        else:
            yield k


def _play(exp: Experiment, out_dir: Path, created: str, *, jobs, progress, backend, scheduler) -> RunResult:
    """The body of :func:`run_experiment`, in a run folder already checked and locked: mark the folder as this run's,
    take in the chunks saved earlier, compute the others, and record the run as complete."""
    start_wall, start = time.perf_counter(), _now()
    k_total = chunk_count(exp.games, exp.chunk_size)
    _prepare_folder(exp, out_dir, k_total, created)
    sink = _ChunkSink(exp, out_dir)
    reused = _saved_chunks(out_dir, sink.ident, k_total, sink.size, sink.add)
    sink.open_bar(sum(sink.size(int(k)) for k in reused), progress)
    try:
        _compute(exp, sink, _unsaved(k_total, reused), parallel=not ((jobs == 1 and backend != "dask")
                                                                     or len(reused) == k_total),
                 jobs=jobs, backend=backend, scheduler=scheduler)
    except KeyboardInterrupt:
        raise sink.interrupted(k_total) from None
    except UserPlayerError as exc:
        raise _failed_decision(exc, out_dir, sink.folded.next + len(sink.ahead)) from None
    finally:
        sink.close_bar()
    write_manifest(out_dir, _manifest(exp, k_total, "complete", created))
    meta = {
        "seed": exp.seed,
        "numpy": np.__version__,
        "bit_generator": BIT_GENERATOR,
        "cardodds": cardodds_version(),
        "jobs": jobs,
        "backend": "in-process" if jobs == 1 and backend != "dask" else (backend or "joblib default"),
        "scheduler": (scheduler or "local cluster") if backend == "dask" else None,
        "platform": platform.platform(),
        "python": platform.python_version(),
        "start": start,
        "end": _now(),
        "games_computed": sink.games_computed,
        "games_reused": sink.games_reused,
    }
    counts = sink.folded.total
    return RunResult(
        experiment=exp,
        out_dir=out_dir,
        counts=counts,
        chunk_counts=ChunkCounts(out_dir, sink.ident, exp.games, exp.chunk_size),
        games=int(counts["games"]),
        chunks=k_total,
        computed=sink.chunks_computed,
        seconds=time.perf_counter() - start_wall,
        meta=meta,
        games_computed=sink.games_computed,
        games_reused=sink.games_reused,
    )


def _prepare_folder(exp: Experiment, out_dir: Path, k_total: int, created: str) -> None:
    """The manifest first: from its first file on, the folder is recognisably this run's, wherever it is killed.
    Then the config's copy and the chunk folder, without the temporary files of a killed run."""
    write_manifest(out_dir, _manifest(exp, k_total, "running", created))
    atomic_write(out_dir / CONFIG_COPY, exp.text.encode("utf-8"))
    try:
        (out_dir / CHUNK_DIR).mkdir(exist_ok=True)
    except OSError as exc:
        raise CardoddsError(f"{out_dir / CHUNK_DIR}: cannot create the chunk folder ({exc.strerror or exc})") from None
    for stale in (out_dir / CHUNK_DIR).glob(".chunk-*.tmp"):
        with contextlib.suppress(OSError):
            stale.unlink()


def _compute(exp: Experiment, sink: _ChunkSink, chunks: Iterator[int], *, parallel: bool, jobs, backend,
             scheduler) -> None:
    """Play the ``chunks`` not saved yet, in this process or in a pool, each stored by ``sink`` as it finishes."""
    run_chunk, params = exp.task.run_chunk, exp.params
    seconds = exp.decision_seconds if seated_users(params) else None
    if not parallel:
        for k in chunks:
            sink.store(*_play_chunk(run_chunk, params, exp.seed, k, sink.size(k), None, seconds))
        return
    from joblib import Parallel, delayed

    parent = os.getpid()
    with joblib_backend(backend, scheduler) as joblib_name:
        try:
            pool = Parallel(n_jobs=-1 if backend == "dask" else jobs, return_as="generator_unordered",
                            backend=loky_watching_parent(parent) if joblib_name == "loky" else joblib_name)
        except ValueError as exc:
            raise CardoddsError(f"--backend: {' '.join(str(exc).split())}") from None
        with workers_deaf_to_ctrl_c():  # the pool starts here
            results = pool(delayed(_play_chunk)(run_chunk, params, exp.seed, k, sink.size(k), parent, seconds)
                             for k in chunks)
        try:
            for k, counts in results:
                sink.store(k, counts)
        finally:  # on Ctrl-C, joblib warns about the results dropped: the message says it all already
            with contextlib.suppress(Exception), warnings.catch_warnings():
                warnings.simplefilter("ignore")
                results.close()


class _ChunkSink:
    """Where finished chunks go: each is written to its file and added to the running total, and the progress bar
    moves.

    Memory stays flat whatever the number of chunks: finished chunks are added to the total in chunk-id order (so
    float sums are bit-identical for any jobs and backend) as soon as every lower chunk is in; a chunk that finishes
    early waits in memory (or, when too many do, on disk only, read back from its file).
    """

    def __init__(self, exp: Experiment, out_dir: Path):
        self.exp, self.out_dir, self.ident = exp, out_dir, exp.identity_hash()
        self.ahead: set[int] = set()  # finished chunks above the fold's frontier
        self.early: dict[int, Counts] = {}
        self.folded = _Fold(lambda k: _reload_chunk(out_dir, self.ident, k, self.size(k)))
        self.storing: list[int] = []  # the chunk being written, should Ctrl-C come meanwhile
        self.chunks_computed = self.games_computed = self.games_reused = 0
        self.label = exp.name if exp.arm == "main" else f"{exp.name} ({exp.arm})"
        self.bar = None
        self.first: list[tuple[float, int]] = []  # (time, games computed) at the first chunk, then at the ETA note

    def size(self, k: int) -> int:
        return chunk_games(self.exp.games, self.exp.chunk_size, k)

    def add(self, k: int, counts: Counts | None) -> None:
        """Chunk ``k`` is saved (its counts, or None to read them back from its file when its turn comes)."""
        self.ahead.add(k)
        if counts is not None and (k == self.folded.next or len(self.early) < _MAX_EARLY):
            self.early[k] = counts
        while self.folded.next in self.ahead:
            self.ahead.discard(self.folded.next)
            self.folded.add(self.early.pop(self.folded.next, None))

    def open_bar(self, games_reused: int, progress: bool | None) -> None:
        from tqdm import tqdm

        self.games_reused = games_reused
        self.bar = tqdm(total=self.exp.games, initial=games_reused, unit="game", unit_scale=True, desc=self.label,
                        file=sys.stderr, disable=not _show_progress(progress), dynamic_ncols=True)

    def close_bar(self) -> None:
        if self.bar is not None:
            self.bar.close()

    def store(self, k: int, counts: Counts) -> None:
        """Write chunk ``k`` (atomically) and add it."""
        self.storing[:] = [k]
        n = self.size(k)
        counts = _normalise(counts, k, n)
        path = chunk_path(self.out_dir, k)
        try:
            atomic_write(path, _chunk_bytes(counts, self.ident, k, n))
        except OSError as exc:
            raise CardoddsError(f"{path}: cannot write the chunk ({exc.strerror or exc}); fix it and re-run with "
                               f"{option('resume')}") from None
        self.add(k, counts)
        self.storing.clear()
        self.chunks_computed += 1
        self.games_computed += n
        self.bar.update(n)
        self._announce()

    def _announce(self) -> None:
        """Once, ETA_AFTER seconds after the first chunk: how long the rest takes at the rate measured since then
        (pool start-up left out), if that is ETA_LONG or more."""
        from tqdm import tqdm

        now = time.perf_counter()
        if not self.first:
            self.first.append((now, self.games_computed))
            return
        elapsed, games1 = now - self.first[0][0], self.first[0][1]
        if len(self.first) > 1 or elapsed < ETA_AFTER:
            return
        self.first.append((now, self.games_computed))
        left = self.exp.games - self.games_reused - self.games_computed
        rate = (self.games_computed - games1) / elapsed
        if left >= rate * ETA_LONG:
            tqdm.write(
                f"cardodds: note: {self.label}: {left:,} games to go; at the {rate:,.0f} games/s measured so far that "
                f"takes about {fmt_duration(left / rate)} (Ctrl-C stops it and keeps every finished chunk for "
                f"{option('resume')})",
                file=sys.stderr,
            )

    def interrupted(self, k_total: int) -> RunInterrupted:
        """Ctrl-C: how many chunks are saved (the one being written counts if its file is whole)."""
        self.close_bar()
        next_, out_dir = self.folded.next, self.out_dir
        saved = next_ + len(self.ahead) + sum(
            k >= next_ and k not in self.ahead
            and _load_chunk(chunk_path(out_dir, k), self.ident, k, self.size(k))[0] is not None
            for k in self.storing
        )
        return RunInterrupted(
            f"interrupted: {saved:,} of {k_total:,} chunks are saved in {out_dir}; re-run with "
            f"{option('resume')} to continue",
            saved, k_total, out_dir,
        )
