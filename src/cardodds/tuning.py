"""``cardodds.tune``: one seat's knobs tuned against the table's other players, written as a knobs file
(``cardodds tune``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from cardodds.sim.arguments import option, python_api
from cardodds.sim.errors import CardoddsError


@dataclass
class Tuned:
    """A tuning's outcome: ``result`` (what ``cardodds tune --json`` prints, ``out`` included), the knobs file
    written (``out``) and the text ``cardodds tune`` prints (``text``)."""

    result: dict
    out: Path
    text: str


def _knobs_file(config, seat: int, out, resume: bool) -> tuple[Path, Path]:
    """The knobs file to write and the folder caching the evaluations beside it, both checked before any game."""
    from cardodds.analysis.paths import output_folder, resume_folder

    out = Path(out) if out else Path("reports") / "tune" / f"{Path(config).stem}-seat{seat}.toml"
    if out.suffix != ".toml":
        raise CardoddsError(f"{option('out')} must name a .toml file (the tuned knobs), not {str(out)!r}")
    if out.is_dir():
        raise CardoddsError(f"{option('out')} {out}: is a folder; give the knobs file's name, e.g. "
                            f"{out / 'tuned.toml'}")
    output_folder(out.parent, option("out"))
    folder = output_folder(out.with_suffix(".runs"), option("out"))
    if resume:
        resume_folder(folder)  # as `run --resume`: nothing cached is refused, never a fresh start unnoticed
    elif folder.exists() and any(folder.iterdir()):
        raise CardoddsError(f"{folder}: already holds a tuning's evaluations; add {option('resume')} to reuse them "
                            f"or choose another {option('out')}")
    return out, folder


def _knob_names(knobs) -> list[str] | None:
    """The knobs to tune: None (every one), or the names of a list or of a comma-separated text."""
    if knobs is None:
        return None
    names = [k.strip() for k in (knobs.split(",") if isinstance(knobs, str) else knobs) if k.strip()]
    if not names:
        raise CardoddsError(f"{option('knobs')} {knobs!r} names no knob; give knob names separated by commas, or "
                            f"leave {option('knobs')} out to tune every knob")
    return names


@python_api
def tune(config, *, seat: int = 0, arm: str | None = None, games: int | None = None, seed: int | None = None,
         jobs: int = 1, knobs=None, out=None, resume: bool = False, progress: bool = True,
         command: str | None = None) -> Tuned:
    """Tune the knobs of the player at table seat ``seat`` of the experiment ``config`` and write them.

    Parameters
    ----------
    config : str or Path
        A ``<game>.play`` experiment file; its arm ``arm`` (default: its baseline) seats the table.
    seat : int
        The table seat whose player is tuned.
    arm : str, optional
        The arm of a file with arms.
    games, seed : int, optional
        The budget in games (default: the file's) and the random seed (default: the file's).
    jobs : int
        Worker processes (-1: every core); the knobs do not depend on it.
    knobs : str or list of str, optional
        The knobs to tune (a list, or names separated by commas; default: every declared knob).
    out : str or Path, optional
        The knobs file (``.toml``; default ``reports/tune/<config>-seat<S>.toml``); the evaluations are cached
        beside it in ``<out>.runs/``.
    resume : bool
        Reuse the evaluations cached beside ``out`` (refused when there are none).
    progress : bool
        Show a progress bar.
    command : str, optional
        The command written at the head of the knobs file (default: this call).

    Returns
    -------
    Tuned

    Raises
    ------
    CardoddsError
        A bad file, seat, arm, knob or path, checked before any game.
    """
    from cardodds.analysis.tune import format_result, knobs_toml
    from cardodds.analysis.tune import tune as tune_knobs
    from cardodds.api import resolve_jobs
    from cardodds.sim.run_folder import atomic_write

    out, folder = _knobs_file(config, seat, out, resume)
    names = _knob_names(knobs)
    result = tune_knobs(config, seat=seat, arm=arm, games=games, seed=seed, jobs=resolve_jobs(jobs), folder=folder,
                        progress=None if progress else False, knobs=names)
    out.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(out, knobs_toml(result, command or f"cardodds.tune({str(config)!r}, seat={seat})",
                                 out.parent).encode("utf-8"))
    result["out"] = str(out)
    text = format_result(result) + f"\nknobs written to {out} (a config names it as {{file = \"{out}\"}})"
    return Tuned(result, out, text)
