"""One writer at a time in a run folder: a lock file that names its holder (pid and host).

The lock is ``fcntl.flock`` on ``<folder>/.cardodds.lock``, held as long as the writing process lives.  The kernel
drops it when the holder dies, however it dies (``kill -9`` included), so a stale lock — the file of a dead run — is
recognised by the lock being free and is simply taken over: no guessing whether a pid is still alive, and no race
between two runs that find the same stale file.  Its pid, host and start time are what a refused run shows.

The holder deletes the file as it lets go, still holding the lock, so a finished run leaves no lock behind.  A process
that opened the file just before it was deleted may lock the deleted file; it sees that the path no longer names what
it locked and tries again, so two processes never both hold "the" lock of a folder.

Within one process the lock is re-entrant: ``cardodds run`` holds its ``--out`` folder while each arm's run holds
its own sub-folder, and a single-arm run's folder is both.  Without ``fcntl`` (Windows) folders are not locked.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import socket
from collections.abc import Iterator
from datetime import datetime, timezone
from pathlib import Path

from cardodds.sim.arguments import option
from cardodds.sim.errors import CardoddsError

LOCK_FILE = ".cardodds.lock"

_held: dict[str, int] = {}  # real path of a folder locked by this process -> nesting depth


def _holder(fd: int) -> str:
    """Who holds the lock, from the lock file's text."""
    with contextlib.suppress(OSError, ValueError, UnicodeDecodeError):
        info = json.loads(os.pread(fd, 4096, 0).decode("utf-8"))
        return f"pid {info['pid']} on host {info['host']}, since {info['since']}"
    return "pid unknown"


def _try_lock(fd: int) -> bool:
    """Take the lock without waiting; False when another process holds it."""
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        if exc.errno in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK):
            return False
        raise CardoddsError(f"cannot lock the run folder ({exc.strerror or exc})") from None
    return True


@contextlib.contextmanager
def folder_lock(folder: Path) -> Iterator[None]:
    """Hold the lock of ``folder`` (an existing directory) for the block.

    Raises
    ------
    CardoddsError
        Another process holds it: one line naming the holder.
    """
    key = os.path.realpath(folder)
    if key in _held or os.name != "posix":
        _held[key] = _held.get(key, 0) + 1
        try:
            yield
        finally:
            _held[key] -= 1
            if not _held[key]:
                del _held[key]
        return
    path = Path(folder) / LOCK_FILE
    fd = _lock_file(path, folder)
    try:
        since = datetime.now(timezone.utc).isoformat(timespec="seconds")
        text = json.dumps({"pid": os.getpid(), "host": socket.gethostname(), "since": since}) + "\n"
        os.ftruncate(fd, 0)
        os.pwrite(fd, text.encode("utf-8"), 0)
        _held[key] = 1
        try:
            yield
        finally:
            del _held[key]
            with contextlib.suppress(OSError):
                os.unlink(path)  # under the lock: no stale lock file once the run is over
    finally:
        os.close(fd)  # releases the lock


def _lock_file(path: Path, folder: Path) -> int:
    """Open and lock ``path`` (creating it), retrying while its holder deletes it under us; the locked descriptor.

    Raises
    ------
    CardoddsError
        Another process holds it: one line naming the holder.
    """
    while True:
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            raise CardoddsError(f"{folder}: cannot create the lock file ({exc.strerror or exc})") from None
        try:
            if not _try_lock(fd):
                raise CardoddsError(
                    f"{folder}: another cardodds run is writing here ({_holder(fd)}); "
                    f"wait for it to finish or choose another {option('out')}"
                )
            if _names(path, fd):
                return fd
        except BaseException:
            os.close(fd)
            raise
        os.close(fd)  # we locked a file its holder had just deleted: lock the one at the path now


def _names(path: Path, fd: int) -> bool:
    """Is ``path`` still the file open as ``fd``?"""
    try:
        here, held = os.stat(path), os.fstat(fd)
    except OSError:
        return False
    return (here.st_dev, here.st_ino) == (held.st_dev, held.st_ino)
