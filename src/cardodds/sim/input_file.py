"""Reading a file the user names (an experiment, a move log, a knobs file) with a size cap.

A device, a pipe or a huge file given by mistake (``cardodds run /dev/zero``) would otherwise be read for ever: the
file is opened without blocking, must be a regular file of at most :data:`MAX_INPUT_BYTES`, and is read no further.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from cardodds.sim.errors import CardoddsError

MAX_INPUT_BYTES = 4 * 1024 * 1024
"""The largest input file read (4 MiB: a move log of a long series is a few hundred kB)."""


def read_capped(path, what: str, limit: int = MAX_INPUT_BYTES) -> bytes:
    """The bytes of the user's file ``path``, a ``what`` (``"an experiment file"``).

    Raises
    ------
    OSError
        As ``open`` does (a missing file; ``IsADirectoryError`` for a folder): the caller words it.
    CardoddsError
        For a device, a pipe or a socket, or a file over ``limit`` bytes.
    """
    path = Path(path)
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))  # a FIFO must not block the open
    with os.fdopen(fd, "rb") as fh:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
        if not stat.S_ISREG(info.st_mode):
            raise CardoddsError(f"{path}: is not a regular file (a device, pipe or socket); {what} is a file")
        data = b"" if info.st_size > limit else fh.read(limit + 1)  # read no further than the cap (a growing file)
    if info.st_size > limit or len(data) > limit:
        raise CardoddsError(f"{path}: is over {limit // (1024 * 1024)} MiB, too large for {what}")
    return data
