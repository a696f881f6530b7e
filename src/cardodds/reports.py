"""``cardodds.report``: the default suite played and its report written (``cardodds report``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from cardodds.errors import CardoddsError
from cardodds.sim.arguments import check_jobs, option, python_api


@dataclass
class Report:
    """A written report: its ``folder``, its files by name (``paths``: ``report.html``, ``report.md`` …), every
    experiment's outcomes by arm (``experiments``) and the line ``cardodds report`` ends with (``text``)."""

    folder: Path
    paths: dict
    experiments: list
    text: str


@python_api
def report(out=None, *, quick: bool = False, jobs: int = -1, showcase=None, progress: bool = True,
           lang: str = "en", suite=None) -> Report:
    """Play a suite (default ``configs/suite.toml``) and write its report; what a run folder holds is reused.

    Parameters
    ----------
    out : str or Path, optional
        The report folder (default ``reports/latest``, or ``reports/quick`` with ``quick``).
    quick : bool
        Fewer games (about a minute).
    jobs : int
        Worker processes (-1: every core); the numbers do not depend on it.
    showcase : str or Path, optional
        Also copy the headline table and the key charts to this folder.
    progress : bool
        Show a progress bar.
    lang : str
        The report's language: ``"en"`` or ``"vi"``.
    suite : str or Path, optional
        A suite file of one's own, laid out as ``configs/suite.toml`` (``[[experiment]]`` entries: ``config``, the
        experiment file's path from the suite's folder; ``headline``, ``findings``); default the shipped suite.

    Returns
    -------
    Report

    Raises
    ------
    CardoddsError
        A folder that cannot be written, a bad ``jobs``; :class:`~cardodds.errors.RunInterrupted` on Ctrl-C (the
        finished chunks are saved and reused by the next call).
    """
    from cardodds.analysis.paths import output_folder, run_folder
    from cardodds.analysis.suite import run_suite, timing_text
    from cardodds.api import resolve_jobs

    jobs = resolve_jobs(check_jobs(jobs, option("jobs")))
    folder = run_folder(out or Path("reports") / ("quick" if quick else "latest"), option("out"))
    if showcase:
        output_folder(showcase, option("showcase"))
    suite_file = _suite_file(suite)
    experiments, paths = run_suite(folder, quick=quick, jobs=jobs, progress=None if progress else False, lang=lang,
                                   suite_file=suite_file)
    if showcase:
        from cardodds.analysis.showcase import write_showcase

        write_showcase(folder, Path(showcase), f"cardodds report --showcase {showcase}")
    outcomes = [o for arms in experiments for o in arms]
    text = (f"{len(experiments)} experiments, {timing_text(outcomes)}; report: {paths['report.html']} and "
            f"{paths['report.md']}")
    return Report(folder, paths, experiments, text)


def _suite_file(suite) -> Path:
    """The suite file to play: ``suite`` checked (an existing file), or the shipped one."""
    from cardodds.analysis.suite import SUITE_FILE

    if suite is None:
        return SUITE_FILE
    path = Path(suite)
    if not path.is_file():
        raise CardoddsError(f"{option('suite')}: {path} is not a file (a suite laid out as configs/suite.toml)")
    return path.resolve()
