"""Output paths checked before any work: a folder or file the command could not write is refused up front.

A run of hours must not end in a traceback because ``--out`` names a file or ``--log`` a folder: the command line
calls these before it simulates anything, and each says in one line what is wrong with the path.
"""

from __future__ import annotations

from pathlib import Path

from cardodds.sim.arguments import option as spoken
from cardodds.sim.errors import CardoddsError


def _nearest_existing(path: Path) -> Path:
    for parent in path.parents:
        if parent.exists():
            return parent
    return Path(".")


def output_folder(path, option: str) -> Path:
    """``path`` as a folder the command may create or write into (missing parent folders are created later).

    Raises
    ------
    CardoddsError
        When ``path`` or one of its parents is a file.
    """
    path = Path(path)
    if path.exists():
        if not path.is_dir():
            raise CardoddsError(f"{option} {path}: is a file, not a folder; choose another {option}")
        return path
    parent = _nearest_existing(path)
    if not parent.is_dir():
        raise CardoddsError(f"{option} {path}: {parent} is a file, not a folder; choose another {option}")
    return path


def output_file(path, option: str) -> Path:
    """``path`` as a file the command may write: not a folder, in a folder that exists.

    Raises
    ------
    CardoddsError
        When ``path`` is a folder or its folder is missing or is a file.
    """
    path = Path(path)
    if path.is_dir():
        raise CardoddsError(f"{option} {path}: is a folder; give a file name, e.g. {path / 'game.json'}")
    parent = path.parent
    if not parent.exists():
        raise CardoddsError(f"{option} {path}: the folder {parent} does not exist; create it first")
    if not parent.is_dir():
        raise CardoddsError(f"{option} {path}: {parent} is a file, not a folder")
    return path


def run_folder(path, option: str = "--out") -> Path:
    """``path`` as a run (or report) folder: :func:`output_folder`, and every chunk path in it a file.

    A folder where a chunk file should be would fail the run only after the other chunks are computed.
    """
    from cardodds.sim.runner import CHUNK_DIR

    path = output_folder(path, option)
    # Where runs keep chunks: a run, its arms, a report's runs and their arms (never a walk of the whole tree).
    for runs in ("", "arms/*/", "runs/*/", "runs/*/arms/*/"):
        for chunk in path.glob(f"{runs}{CHUNK_DIR}/chunk-*"):
            if chunk.is_dir():
                raise CardoddsError(f"{chunk}: is a folder where a chunk file belongs; remove it, then "
                                    f"{spoken('resume')}")
    return path


def resume_folder(path, option: str = "--resume") -> Path:
    """``path`` as the folder a resumed run continues: it must exist and hold something (a run, or what a run
    killed before its manifest leaves); a missing or empty folder is refused, so a mistyped ``--out`` never starts a
    fresh run unnoticed."""
    path = Path(path)
    if not path.is_dir() or not any(path.iterdir()):
        state = "is empty" if path.is_dir() else "is not a folder" if path.exists() else "does not exist"
        start = f"run without {option}" if option.startswith("--") else f"pass {option}=False"
        raise CardoddsError(f"{option}: {path} {state}, so there is no run to continue; {start} to start one")
    return path
