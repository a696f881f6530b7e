"""Claiming an experiment's run folder: every level checked before anything is written, then held for the run.

A single arm runs straight in its folder (:func:`cardodds.sim.run_folder.open_run_folder` claims it); an experiment
with arms runs each arm in ``<folder>/arms/<arm>`` and its top folder gets a manifest of its own (kind ``"arms"``), so
that no other experiment can write into it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

from cardodds.sim.backends import check_reachable
from cardodds.sim.errors import CardoddsError
from cardodds.sim.experiment import Experiment, cardodds_version, hash_identity
from cardodds.sim.run_folder import check_folder, now, open_run_folder, read_manifest, write_manifest
from cardodds.sim.runner import chunk_count

ARMS_DIR = "arms"


def check_paired_chunks(chunks: int, arm: str) -> None:
    """A paired interval needs at least 2 chunks: checked before a run with arms writes anything."""
    if chunks < 2:
        raise CardoddsError(
            f"arm '{arm}': a paired interval needs at least 2 chunks (this run has {chunks}); "
            "lower chunk_size or play more games (10 chunks or more is best)"
        )


def arms_identity(arms: list[Experiment]) -> dict:
    """What the top folder of an experiment with arms records: which experiment (each arm's folder records its arm)."""
    exp = arms[0]
    return {
        "kind": "arms", "name": exp.name, "task": exp.task.name, "seed": exp.seed, "chunk_size": exp.chunk_size,
        "cardodds": cardodds_version(),
    }


def _arms_manifest(arms: list[Experiment], identity: dict, created: str, status: str) -> dict:
    return {
        "cardodds_run": 1, "kind": "arms", "name": arms[0].name, "title": arms[0].title,
        "arms": [exp.arm for exp in arms], "baseline": arms[0].arm, "games": arms[0].games,
        "identity": identity, "identity_hash": hash_identity(identity), "created": created, "updated": now(),
        "status": status,
    }


@contextlib.contextmanager
def claim_run_folder(arms: list[Experiment], out_dir: Path, *, resume: bool) -> Iterator[None]:
    """Check an experiment's run folder at every level before anything is written, then hold its lock for the block.

    A single arm runs straight in ``out_dir``; several run in ``out_dir/arms/<arm>``, and ``out_dir`` gets its own
    manifest (kind ``"arms"``, the experiment's name, task, seed) so that no other experiment can write into it.  The
    top folder and every arm's folder are checked (and a run with arms must have 2 chunks for its paired intervals)
    before the first file is written (and a Dask scheduler the arms name is reached): a refused run writes nothing.
    """
    out_dir = Path(out_dir)
    key = str(out_dir.resolve())
    if key in _claimed:  # claimed by a caller already (cardodds run holds it while it also writes the report)
        yield
        return
    for backend, scheduler in dict.fromkeys((exp.backend, exp.scheduler) for exp in arms):
        check_reachable(backend, scheduler)
    _claimed.add(key)
    try:
        with _claim(arms, out_dir, resume=resume):
            yield
    finally:
        _claimed.discard(key)


_claimed: set[str] = set()


@contextlib.contextmanager
def _claim(arms: list[Experiment], out_dir: Path, *, resume: bool) -> Iterator[None]:
    if len(arms) == 1:
        with open_run_folder(out_dir, arms[0].identity(), arms[0].identity_hash(), resume=resume):
            yield
        return
    check_paired_chunks(chunk_count(arms[0].games, arms[0].chunk_size), arms[1].arm)
    identity = arms_identity(arms)
    check_folder(out_dir, identity, hash_identity(identity), resume=resume)
    for exp in arms:
        check_folder(out_dir / ARMS_DIR / exp.arm, exp.identity(), exp.identity_hash(), resume=resume)
    with open_run_folder(out_dir, identity, hash_identity(identity), resume=resume) as found:
        created = str((found or {}).get("created") or now())
        write_manifest(out_dir, _arms_manifest(arms, identity, created, "running"))
        yield
        write_manifest(out_dir, _arms_manifest(arms, identity, created, "complete"))


def finished_run(arms: list[Experiment], folder: Path) -> bool:
    """Does ``folder`` hold a finished run of exactly these arms (the same identity and number of games)?"""
    folders = [folder] if len(arms) == 1 else [folder / ARMS_DIR / exp.arm for exp in arms]
    manifests = [read_manifest(f) if f.is_dir() else None for f in folders]
    return all(m is not None and m.get("status") == "complete" and m.get("identity_hash") == exp.identity_hash()
               and m.get("games") == exp.games for exp, m in zip(arms, manifests))
