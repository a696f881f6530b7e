"""Run folders: whose they are, checked before anything is written; the manifest; one writer at a time.

A run folder holds ``manifest.json`` (``"cardodds_run": 1``, the run's ``identity`` and its hash).  A folder may be
written into only when it is new — missing, empty, or what a run killed before its manifest leaves (its lock file,
a temp file of the manifest, an empty ``chunks/``) — or, with ``--resume``, when its manifest holds the same
identity.  :func:`open_run_folder` checks this before creating or writing anything, takes the folder's lock
(:mod:`cardodds.sim.folder_lock`) and checks again under the lock, since another run may have started meanwhile; the caller
then writes the manifest first, so from its first file on the folder is recognisably ours.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Iterator
from datetime import datetime, timezone
from pathlib import Path

from cardodds.sim.arguments import option
from cardodds.sim.errors import CardoddsError
from cardodds.sim.experiment import canonical_json, params_differences
from cardodds.sim.folder_lock import LOCK_FILE, folder_lock

MANIFEST = "manifest.json"
CHUNK_DIR = "chunks"


def now() -> str:
    """The time now, UTC, ISO 8601 to the second (manifests' ``created`` / ``updated``)."""
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def fsync_dir(folder: Path) -> None:
    """Make a rename in ``folder`` durable (where the platform allows)."""
    with contextlib.suppress(OSError, AttributeError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def atomic_write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` so that ``path`` is always either the old file or the complete new one.

    Raises
    ------
    OSError
        Naming ``path`` (a full disk fails a write, whose error names no file); the temporary file is removed.
    """
    path = Path(path)
    try:
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    except OSError as exc:
        raise _naming(exc, path) from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(exc, OSError):
            raise _naming(exc, path) from None
        raise
    fsync_dir(path.parent)


def _naming(exc: OSError, path: Path) -> OSError:
    """``exc`` about ``path`` (not about the temporary file, nor about no file at all)."""
    return OSError(exc.errno, exc.strerror, str(path)) if exc.errno is not None else exc


def read_manifest(folder: Path) -> dict | None:
    """The folder's manifest, or None when the folder holds none of ours."""
    path = folder / MANIFEST
    if not path.is_file():
        return None
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return None
    if not isinstance(manifest, dict) or manifest.get("cardodds_run") != 1:
        return None
    return manifest


def write_manifest(folder: Path, manifest: dict) -> None:
    """Write ``manifest.json`` atomically."""
    atomic_write(folder / MANIFEST, (json.dumps(manifest, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))


def _kind(identity: dict) -> str:
    return "a run with arms" if identity.get("kind") == "arms" else "a run without arms"


def identity_diff(old: dict, new: dict) -> str:
    """A short description of what differs between two identities."""
    if old.get("kind") != new.get("kind"):
        return f"it holds {_kind(old)}, this is {_kind(new)}"
    parts = []
    for key, label in (
        ("name", "experiment"), ("task", "task"), ("seed", "seed"), ("chunk_size", "chunk_size"),
        ("cardodds", "cardodds version"),
    ):
        if old.get(key) != new.get(key):
            parts.append(f"{label} {old.get(key)!r} vs {new.get(key)!r}")
    if old.get("format") != new.get("format"):
        parts.append("it was made by a cardodds that identified runs by another format")
    elif canonical_json(old.get("params")) != canonical_json(new.get("params")):
        parts += params_differences(old.get("params"), new.get("params"))
    return ", ".join(parts) or "identity differs"


def _is_partial_start(entry: Path) -> bool:
    """An entry a run may leave before its manifest exists: its lock, a temp manifest, an empty chunks folder."""
    if entry.name == LOCK_FILE or (entry.name.startswith(f".{MANIFEST}.") and entry.name.endswith(".tmp")):
        return entry.is_file()
    return entry.name == CHUNK_DIR and entry.is_dir() and not any(entry.iterdir())


def check_folder(folder: Path, identity: dict, identity_hash: str, *, resume: bool) -> dict | None:
    """May a run of ``identity`` write into ``folder``?  Reads only.

    Returns
    -------
    dict or None
        The manifest of the run to resume, or None for a new folder (missing, empty or a partial start of ours).

    Raises
    ------
    CardoddsError
        A file in the way, a folder that is not a run folder, an existing run without ``resume``, a different run.
    """
    folder = Path(folder)
    for parent in (folder, *folder.parents):
        if parent.exists():
            if not parent.is_dir():
                raise CardoddsError(f"{parent}: is a file, not a folder; choose another {option('out')}")
            break
    if not folder.exists() or all(_is_partial_start(entry) for entry in folder.iterdir()):
        return None
    manifest = read_manifest(folder)
    if manifest is None:
        raise CardoddsError(f"{folder}: is not a cardodds run folder; refusing to write into it")
    name = manifest.get("name", "?")
    if not resume:
        raise CardoddsError(f"{folder}: already holds run '{name}'; add "
                            f"{option('resume')} to continue it or choose another {option('out')}")
    if manifest.get("identity_hash") != identity_hash:
        diff = identity_diff(manifest.get("identity") or {}, identity)
        raise CardoddsError(f"{folder}: holds a different run '{name}' ({diff}); cannot resume it, choose another "
                            f"{option('out')}")
    return manifest


@contextlib.contextmanager
def open_run_folder(folder: Path, identity: dict, identity_hash: str, *, resume: bool) -> Iterator[dict | None]:
    """Check ``folder`` (:func:`check_folder`), create it, lock it and check again; yield what the check found.

    Nothing is created or written when the first check fails.  The lock is held for the block.
    """
    folder = Path(folder)
    check_folder(folder, identity, identity_hash, resume=resume)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CardoddsError(f"{folder}: cannot create the run folder ({exc.strerror or exc})") from None
    with folder_lock(folder):
        yield check_folder(folder, identity, identity_hash, resume=resume)
