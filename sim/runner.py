"""Play an experiment in chunks, in parallel, into a resumable run folder.

Run folder layout::

    out_dir/manifest.json            what run this is (identity, seed, versions, status)
    out_dir/experiment.toml          the config text
    out_dir/chunks/chunk-000000.npz  counts of chunk 0, plus its own metadata (identity hash, index, n)

Chunk ``k`` plays ``min(chunk_size, games - k * chunk_size)`` games with ``chunk_seed(seed, k)``, whatever the number
of workers, so results are identical for any ``jobs`` and backend.  Workers only compute; the main process writes
each chunk file atomically as soon as it arrives, so an interrupted run loses at most the chunks in flight.
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import json
import operator
import os
import platform
import sys
import tempfile
import time
import warnings
from collections.abc import Callable, Sequence
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import numpy as np

from sim.backends import joblib_backend, workers_deaf_to_ctrl_c
from sim.errors import CardoddsError
from sim.experiment import Experiment, canonical_json, cardodds_version
from sim.registry import Counts
from sim.streams import BIT_GENERATOR, chunk_seed

MANIFEST = "manifest.json"
CONFIG_COPY = "experiment.toml"
CHUNK_DIR = "chunks"
_META_KEY = "__cardodds__"
_CHUNK_FORMAT = 1
_MAX_EARLY = 64  # chunks finished ahead of a slower lower chunk kept in memory; beyond that, read back from disk
FROM_EXPERIMENT = "from-experiment"
"""Default of ``run_experiment(backend=...)``: the experiment's own ``backend`` / ``scheduler`` (loky unless set)."""


class RunInterrupted(CardoddsError):
    """The run was stopped by Ctrl-C; the chunks already written are kept for ``--resume``."""


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
        seed, numpy, bit_generator, cardodds, jobs, backend, scheduler, platform, python, start, end.
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


def chunk_sizes(games: int, chunk_size: int) -> list[int]:
    """Games in each chunk: ``K = ceil(games / chunk_size)`` chunks, all full but perhaps the last."""
    return [min(chunk_size, games - k * chunk_size) for k in range(-(-games // chunk_size))]


def chunk_path(out_dir: Path, k: int) -> Path:
    """The file of chunk ``k``."""
    return Path(out_dir) / CHUNK_DIR / f"chunk-{k:06d}.npz"


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def _warn(message: str) -> None:
    print(f"cardodds: warning: {message}", file=sys.stderr, flush=True)


def _fsync_dir(folder: Path) -> None:
    with contextlib.suppress(OSError, AttributeError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _atomic_write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` so that ``path`` is always either the old file or the complete new one."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_dir(path.parent)


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


def _read_manifest(out_dir: Path) -> dict | None:
    """The folder's manifest, or None when the folder holds none of ours."""
    path = out_dir / MANIFEST
    if not path.is_file():
        return None
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return None
    if not isinstance(manifest, dict) or manifest.get("cardodds_run") != 1:
        return None
    return manifest


def _identity_diff(old: dict, new: dict) -> str:
    """A short description of what differs between two identities."""
    parts = []
    for key, label in (("task", "task"), ("seed", "seed"), ("chunk_size", "chunk_size"), ("cardodds", "cardodds version")):
        if old.get(key) != new.get(key):
            parts.append(f"{label} {old.get(key)!r} vs {new.get(key)!r}")
    old_sections, new_sections = old.get("sections") or {}, new.get("sections") or {}
    for name in sorted(set(old_sections) | set(new_sections)):
        if canonical_json(old_sections.get(name)) != canonical_json(new_sections.get(name)):
            parts.append(f"[{name}] differs")
    return ", ".join(parts) or "identity differs"


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


def _write_manifest(out_dir: Path, manifest: dict) -> None:
    _atomic_write(out_dir / MANIFEST, (json.dumps(manifest, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))


def _prepare_folder(exp: Experiment, out_dir: Path, resume: bool) -> str:
    """Check the run folder against the folder rules; create it if needed.  Returns the run's creation time."""
    if out_dir.exists() and not out_dir.is_dir():
        raise CardoddsError(f"{out_dir}: is a file, not a run folder; choose another --out")
    if not out_dir.exists() or not any(out_dir.iterdir()):
        out_dir.mkdir(parents=True, exist_ok=True)
        (out_dir / CHUNK_DIR).mkdir(exist_ok=True)
        return _now()
    manifest = _read_manifest(out_dir)
    if manifest is None:
        raise CardoddsError(f"{out_dir}: is not a cardodds run folder; refusing to write into it")
    name = manifest.get("name", "?")
    if not resume:
        raise CardoddsError(
            f"{out_dir}: already holds run '{name}'; add --resume to continue it or choose another --out"
        )
    if manifest.get("identity_hash") != exp.identity_hash():
        diff = _identity_diff(manifest.get("identity") or {}, exp.identity())
        raise CardoddsError(
            f"{out_dir}: holds a different run '{name}' ({diff}); cannot resume it, choose another --out"
        )
    (out_dir / CHUNK_DIR).mkdir(exist_ok=True)
    for stale in (out_dir / CHUNK_DIR).glob(".chunk-*.tmp"):  # temp files of a killed run
        with contextlib.suppress(OSError):
            stale.unlink()
    return str(manifest.get("created") or _now())


def _play_chunk(run_chunk, params, seed: int, k: int, n: int) -> tuple[int, Counts]:
    """One chunk (runs in a worker)."""
    return k, run_chunk(params, chunk_seed(seed, k), n)


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
        raise CardoddsError(f"{path} {reason}: the run folder changed under the run; re-run with --resume")
    return counts


class ChunkCounts(Sequence):
    """The per-chunk counts of a finished run, in chunk-id order, read from its chunk files when asked for.

    Holding them all in memory would make memory grow with the number of games; the files are there anyway.
    """

    def __init__(self, out_dir: Path, identity_hash: str, sizes: list[int]):
        self._out_dir, self._identity_hash, self._sizes = Path(out_dir), identity_hash, list(sizes)

    def __len__(self) -> int:
        return len(self._sizes)

    def __getitem__(self, k):
        if isinstance(k, slice):
            return [self[i] for i in range(*k.indices(len(self)))]
        k = operator.index(k)
        if k < 0:
            k += len(self)
        if not 0 <= k < len(self):
            raise IndexError(f"chunk {k} of {len(self)}")
        return _reload_chunk(self._out_dir, self._identity_hash, k, self._sizes[k])

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
        :mod:`sim.backends`; it runs every chunk on the cluster, whatever ``jobs``), ...; None uses whatever
        ``joblib.parallel_config`` has set.  By default the experiment's ``backend`` and ``scheduler``.
        The backend never changes the numbers.
    scheduler : str, optional
        With ``backend="dask"``: the scheduler address; None starts a local cluster for the run.

    Raises
    ------
    CardoddsError
        Folder problems (not a run folder, existing run without ``resume``, a different run).
    RunInterrupted
        Ctrl-C: the chunks already written stay; re-run with ``resume=True``.
    """
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs == 0:
        raise CardoddsError(f"--jobs must be a non-zero integer, not {jobs!r}")
    if backend == FROM_EXPERIMENT:
        backend, scheduler = exp.backend, exp.scheduler
    start_wall, start = time.perf_counter(), _now()
    out_dir = Path(out_dir)
    created = _prepare_folder(exp, out_dir, resume)
    sizes = chunk_sizes(exp.games, exp.chunk_size)
    k_total, ident = len(sizes), exp.identity_hash()

    _write_manifest(out_dir, _manifest(exp, k_total, "running", created))
    _atomic_write(out_dir / CONFIG_COPY, exp.text.encode("utf-8"))

    # Memory stays flat whatever the number of chunks: finished chunks are added to ``total`` in chunk-id order (so
    # float sums are bit-identical for any jobs and backend) as soon as every lower chunk is in; a chunk that finishes
    # early waits in ``early`` (or, if too many do, on disk only).  Per-chunk counts are read back from the files.
    done = [False] * k_total
    early: dict[int, Counts] = {}
    folded = _Fold(lambda k: _reload_chunk(out_dir, ident, k, sizes[k]))

    def add(k: int, counts: Counts | None) -> None:
        done[k] = True
        if counts is not None and (k == folded.next or len(early) < _MAX_EARLY):
            early[k] = counts
        while folded.next < k_total and done[folded.next]:
            folded.add(early.pop(folded.next, None))

    if resume:
        for k, n in enumerate(sizes):
            path = chunk_path(out_dir, k)
            if not path.exists():
                continue
            counts, reason = _load_chunk(path, ident, k, n)
            if counts is None:
                _warn(f"{path} {reason}; recomputing it")
            else:
                add(k, counts)
    missing = [k for k in range(k_total) if not done[k]]

    storing: list[int] = []  # the chunk being written, should Ctrl-C come meanwhile

    def store(k: int, counts: Counts) -> None:
        storing[:] = [k]
        counts = _normalise(counts, k, sizes[k])
        _atomic_write(chunk_path(out_dir, k), _chunk_bytes(counts, ident, k, sizes[k]))
        add(k, counts)
        storing.clear()
        bar.update(sizes[k])

    from tqdm import tqdm

    done_games = exp.games - sum(sizes[k] for k in missing)
    bar = tqdm(
        total=exp.games, initial=done_games, unit="game", unit_scale=True, desc=exp.name,
        file=sys.stderr, disable=not _show_progress(progress), dynamic_ncols=True,
    )
    run_chunk, params = exp.task.run_chunk, exp.params
    try:
        if (jobs == 1 and backend != "dask") or not missing:
            for k in missing:
                store(*_play_chunk(run_chunk, params, exp.seed, k, sizes[k]))
        else:
            from joblib import Parallel, delayed

            with joblib_backend(backend, scheduler) as joblib_name:
                try:
                    parallel = Parallel(
                        n_jobs=-1 if backend == "dask" else jobs, backend=joblib_name, return_as="generator_unordered"
                    )
                except ValueError as exc:
                    raise CardoddsError(f"--backend: {' '.join(str(exc).split())}") from None
                with workers_deaf_to_ctrl_c():  # the pool starts here
                    results = parallel(delayed(_play_chunk)(run_chunk, params, exp.seed, k, sizes[k]) for k in missing)
                try:
                    for k, counts in results:
                        store(k, counts)
                finally:  # on Ctrl-C, joblib warns about the results dropped: the message says it all already
                    with contextlib.suppress(Exception), warnings.catch_warnings():
                        warnings.simplefilter("ignore")
                        results.close()
    except KeyboardInterrupt:
        bar.close()
        saved = sum(done) + sum(
            not done[k] and _load_chunk(chunk_path(out_dir, k), ident, k, sizes[k])[0] is not None for k in storing
        )
        raise RunInterrupted(
            f"interrupted: {saved} of {k_total} chunks are saved in {out_dir}; "
            f"re-run with --resume to continue"
        ) from None
    finally:
        bar.close()

    counts = folded.total
    chunk_counts = ChunkCounts(out_dir, ident, sizes)
    end = _now()
    _write_manifest(out_dir, _manifest(exp, k_total, "complete", created))
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
        "end": end,
    }
    return RunResult(
        experiment=exp,
        out_dir=out_dir,
        counts=counts,
        chunk_counts=chunk_counts,
        games=int(counts["games"]),
        chunks=k_total,
        computed=len(missing),
        seconds=time.perf_counter() - start_wall,
        meta=meta,
    )
