"""Run an experiment from Python: what ``cardodds run`` does, returning the tables and charts instead of printing."""

from __future__ import annotations

import dataclasses
import os
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from cardodds.sim.arguments import python_api
from cardodds.sim.experiment import load_arms  # also the front ends': an experiment file's arms


@dataclass(frozen=True)
class Run:
    """A finished run of one experiment (all its arms).

    Attributes
    ----------
    folder : Path
        The run folder: ``summary.csv``, ``report.html``, charts and the chunks a later run may reuse.
    summary : DataFrame
        One row per metric, seat and arm: ``experiment, arm, metric, label, seat, unit, estimate, ci_low, ci_high, n,
        exact`` (``label``: the metric in words, in the run's ``lang``; 95 % intervals; ``exact`` where combinatorics
        gives the value).
    differences : DataFrame
        Paired differences of each arm against the baseline, with intervals and p-values (empty for one arm).
    charts : dict
        The report's charts by name, matplotlib figures.
    seating : list of str
        Who sits at each seat of the baseline arm (full games), e.g. ``["heuristic", "basic", …]``.
    outcomes : list
        Every arm's outcome (rows, counts per chunk, timing), for further analysis.
    """

    folder: Path
    summary: pd.DataFrame
    differences: pd.DataFrame
    charts: dict = field(repr=False)
    seating: list = field(default_factory=list)
    outcomes: list = field(default_factory=list, repr=False)

    def _diffs(self):
        return self.differences if len(self.outcomes) > 1 else None

    def to_json(self) -> str:
        """What ``cardodds run --json`` prints: every arm's rows and the paired differences, one JSON object."""
        from cardodds.analysis.run_output import run_json

        return run_json(self.outcomes, self._diffs())

    def to_text(self) -> str:
        """What ``cardodds run`` prints: each arm's results, the paired differences, the notes, the time taken and
        where the files are."""
        from cardodds.analysis.run_output import run_text
        from cardodds.analysis.suite import timing_text

        lines = [run_text(self.outcomes, self._diffs())]
        lines += ["\n" + o.notes for o in self.outcomes if o.notes]
        extra = f", differences in {self.folder / 'differences.csv'}" if self._diffs() is not None else ""
        lines.append(f"\n{timing_text(self.outcomes)}, over {len(self.outcomes)} arm(s); all rows in "
                     f"{self.folder / 'summary.csv'}{extra}, report in {self.folder / 'report.html'}")
        return "\n".join(lines)


@python_api
def run(config, *, games: int | None = None, seed: int | None = None, jobs: int = 1, out=None, resume: bool = False,
        precision: float | None = None, max_games: int | None = None, metrics=(), backend: str | None = None,
        scheduler: str | None = None, lang: str = "en", progress: bool = False, command: str | None = None) -> Run:
    """Run the experiment file ``config`` and return its tables and charts (also written to the run folder).

    Parameters
    ----------
    config : str, Path, dict or list of Experiment
        A shipped experiment's name (``"tan_ladder"``, found from any folder), an experiment file
        (``configs/tan_ladder.toml``), the file's tables as a dict (where a player may be a ``UserPlayer`` class or
        instance, or a function), or its arms as ``cardodds.sim.experiment.load_arms`` gives
        them (then ``seed``, ``backend`` and ``scheduler`` are already applied; ``games`` still picks the adaptive
        run's start).
    games, seed : int, optional
        Override the file's game count and seed (0 to 2**63 - 1; same seed, same numbers, whatever ``jobs``); None
        keeps the file's.
    jobs : int
        Worker processes (``-1``: one per core).
    out : str or Path, optional
        The run folder (default ``reports/runs/<name>`` in the current folder).  A finished run there of the same
        experiment, seed and games is reused (nothing is played); another run there is refused unless ``resume``.
    resume : bool
        Continue an interrupted run in ``out`` (or extend a finished one); a missing or empty ``out`` is refused.
    precision : float, optional
        Play until every named metric's 95 % interval half-width is at most this (one arm only), up to
        ``max_games``; ``metrics`` names them (``"thien_u"``, ``("lose", 0)``; default the task's key metrics).
    backend, scheduler : str, optional
        Override the file's: the joblib backend the chunks run on (``"loky"``, ``"dask"``) and, with ``"dask"``, the
        scheduler's address (default: a local cluster).  They never change the numbers.
    lang : str
        The report's language: ``"en"`` or ``"vi"``.
    progress : bool
        Show a progress bar.
    command : str, optional
        The command line to record in the report (the CLI passes its own).

    Returns
    -------
    Run

    Raises
    ------
    CardoddsError
        A bad argument (one line naming it), checked before anything is read, played or written.
    """
    from cardodds.analysis.adaptive import run_to_precision
    from cardodds.analysis.paths import resume_folder, run_folder
    from cardodds.analysis.suite import differences, make_sections, run_arms, write_sections
    from cardodds.sim.arguments import caller
    from cardodds.sim.run_claim import claim_run_folder, finished_run

    _check_arguments(config, games=games, seed=seed, jobs=jobs, out=out, resume=resume, precision=precision,
                     max_games=max_games, metrics=metrics, lang=lang, progress=progress)
    check_run_flags(precision, max_games, metrics)
    arms = load_arms(config, games=games, seed=seed, backend=backend, scheduler=scheduler) if isinstance(
        config, (str, os.PathLike, dict)) else list(config)
    exp = arms[0]
    folder = run_folder(out or Path("reports") / "runs" / exp.name, "out")
    if resume:
        resume_folder(folder, "resume")
    elif precision is None and caller() == "python" and finished_run(arms, folder):
        resume = True  # a notebook cell run again: the same run, finished, is read back (the command refuses it)
    if precision is not None:  # everything checked before the run folder is touched
        exp, max_games, metrics = _precision_run(arms, games, precision, max_games, metrics)
    bar = None if progress else False
    with claim_run_folder(arms, folder, resume=resume):
        if precision is None:
            outcomes = run_arms(arms, folder, jobs=jobs, resume=resume, progress=bar)
        else:
            outcomes = [run_to_precision(exp, folder, precision=precision, max_games=max_games, metrics=metrics,
                                         jobs=jobs, resume=resume, progress=bar)]
        diffs = differences(outcomes) if len(outcomes) > 1 else None
        meta = _run_meta(arms, outcomes, jobs, command or f"cardodds.run({str(exp.name)!r})", lang)
        sections = make_sections([outcomes], [diffs], lang=lang)
        write_sections(folder, sections, meta, diffs=[diffs], lang=lang)
    seating = exp.task.seating(exp.params) if exp.task.seating is not None else []
    return Run(folder=folder, summary=_labelled_summary(sections, lang),
               differences=diffs if diffs is not None else pd.DataFrame(), charts=dict(sections[0].figures),
               seating=list(seating), outcomes=outcomes)


def _run_meta(arms, outcomes, jobs: int, command: str, lang: str) -> dict:
    """The run details the report prints: jobs, the command, who sits where, the timings (in ``lang``)."""
    from cardodds.analysis import i18n
    from cardodds.analysis.suite import timing_meta
    from cardodds.sim.user_player import seat_lines

    with i18n.using(lang):
        return {"jobs": jobs, "command": command, **seat_lines(arms), **timing_meta(outcomes)}


def _precision_run(arms, games, precision, max_games, metrics):
    """The adaptive run's experiment, game cap and metrics, checked (``run``'s ``precision`` arguments)."""
    from cardodds.analysis.adaptive import check_metrics, check_precision, parse_metric
    from cardodds.sim.arguments import option
    from cardodds.sim.errors import CardoddsError

    if len(arms) > 1:
        raise CardoddsError(f"{option('precision')} runs one arm; this experiment has arms (run them with a fixed "
                            f"{option('games')})")
    exp = arms[0]
    if games is None:
        exp = dataclasses.replace(exp, games=min(exp.games, 4 * exp.chunk_size))
    max_games = 10 * arms[0].games if max_games is None else max_games
    metrics = [parse_metric(m) if isinstance(m, str) else tuple(m) for m in metrics]
    check_precision(precision, max_games, exp.games)
    check_metrics(exp, metrics)
    return exp, max_games, metrics


def _labelled_summary(sections, lang: str) -> pd.DataFrame:
    """The sections' summary with each metric's label (in ``lang``) beside it."""
    from cardodds.analysis import i18n
    from cardodds.analysis.report import summary_frame

    summary = summary_frame(sections)
    with i18n.using(lang):
        summary.insert(summary.columns.get_loc("metric") + 1, "label",
                       [s.label(metric) for s in sections if len(s.rows) for metric in s.rows["metric"]])
    return summary


def check_run_flags(precision, max_games, metrics) -> None:
    """``max_games`` and ``metrics`` mean something only with ``precision`` (an adaptive run); the message names
    them as the user does (:func:`cardodds.sim.arguments.option`)."""
    from cardodds.sim.arguments import option
    from cardodds.sim.errors import CardoddsError

    for name, given in (("max_games", max_games is not None), ("metrics", bool(metrics))):
        if given and precision is None:
            raise CardoddsError(f"{option(name)} only goes with {option('precision')} (an adaptive run); a fixed run "
                                f"takes {option('games')}")


def _check_arguments(config, *, games, seed, jobs, out, resume, precision, max_games, metrics, lang,
                     progress) -> None:
    """Every argument of :func:`run`, before anything is read or written: one line naming the keyword."""
    from cardodds.analysis.i18n import check_lang
    from cardodds.sim.arguments import check_games, check_half_width, check_jobs, check_path, check_seed, shown
    from cardodds.sim.errors import CardoddsError
    from cardodds.sim.experiment import Experiment

    if isinstance(config, (list, tuple)):
        if not config or not all(isinstance(arm, Experiment) for arm in config):
            raise CardoddsError("config must be an experiment file or a non-empty list of its arms "
                                f"(cardodds.sim.experiment.load_arms), not {shown(config)}")
    elif not isinstance(config, dict):
        check_path(config, "config")
    for name, value in (("games", games), ("max_games", max_games)):
        if value is not None:
            check_games(value, name)
    if seed is not None:
        check_seed(seed, "seed")
    check_jobs(jobs, "jobs")
    if out is not None:
        check_path(out, "out")
    if precision is not None:
        check_half_width(precision, "precision")
    if not isinstance(metrics, (list, tuple)) or not all(isinstance(m, (str, tuple, list)) for m in metrics):
        raise CardoddsError(f"metrics must be a list of metric names such as [\"lose:0\"], not {metrics!r}")
    check_lang(lang, "lang")
    for name, value in (("resume", resume), ("progress", progress)):
        if not isinstance(value, bool):
            raise CardoddsError(f"{name} must be True or False, not {value!r}")
