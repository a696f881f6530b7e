"""Run experiments and turn their results into report sections: what ``cardodds run`` and ``cardodds report`` share."""

from __future__ import annotations

import dataclasses
import tomllib
from pathlib import Path

import pandas as pd

from analysis.estimate import rows_frame
from analysis.report import ReportSection, write_report
from sim.errors import CardoddsError
from sim.experiment import Experiment, load_experiment
from sim.runner import RunResult, run_experiment

CONFIG_DIR = Path(__file__).resolve().parent.parent / "configs"
SUITE_FILE = CONFIG_DIR / "suite.toml"


@dataclasses.dataclass
class Outcome:
    """One finished experiment: its run and its tidy rows."""

    result: RunResult
    rows: pd.DataFrame
    headline: list[tuple[str, int | None]]
    notes: str | None = None
    precision_reached: bool | None = None


def run_one(exp: Experiment, out_dir: Path, *, jobs: int, resume: bool, progress, headline=()) -> Outcome:
    """Run an experiment into ``out_dir`` and summarise it."""
    result = run_experiment(exp, out_dir, jobs=jobs, resume=resume, progress=progress)
    rows = rows_frame(exp.task.summarize(result.counts, exp.params), arm=exp.name)
    return Outcome(result, rows, list(headline))


def section_of(outcome: Outcome) -> ReportSection:
    """The report section of a finished experiment, with its charts."""
    result, exp = outcome.result, outcome.result.experiment
    figures = {}
    if exp.task.charts is not None:
        figures = exp.task.charts(result.counts, result.chunk_counts, exp.params, outcome.rows)
    return ReportSection(
        key=exp.name.lower().replace("_", "-"),
        title=exp.title,
        description=exp.description,
        rows=outcome.rows,
        figures=figures,
        headline=outcome.headline,
        rules=dict(exp.sections.get("rules", {})) or {"(defaults)": "RULES.md"},
        strategies=exp.sections.get("strategies") or None,
        games=result.games,
        seed=exp.seed,
        seconds=result.seconds,
        extra_md=outcome.notes,
    )


def read_suite(path: Path = SUITE_FILE) -> list[tuple[Path, list[tuple[str, int | None]]]]:
    """The suite's experiment files and their headline metrics."""
    try:
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise CardoddsError(f"{path}: cannot read the suite: {' '.join(str(exc).split())}") from None
    entries = []
    for entry in doc.get("experiment", []):
        headline = [(metric, seat) for metric, seat in entry.get("headline", [])]
        entries.append((path.parent / entry["config"], headline))
    return entries


def write_outcomes(out_dir: Path, outcomes: list[Outcome], meta: dict, title: str) -> dict[str, Path]:
    """Write summary.csv, charts, report.md and report.html for finished experiments."""
    sections = [section_of(o) for o in outcomes]
    return write_report(out_dir, sections, meta, title=title)


def run_suite(out_dir: Path, *, quick: bool, jobs: int, progress) -> tuple[list[Outcome], dict[str, Path]]:
    """Run the default suite (``configs/suite.toml``) and write its report into ``out_dir``.

    Each experiment's run folder is ``out_dir/runs/<name>``; a finished run found there with the same identity is
    reused (resumed), so re-running the report only computes what is missing.
    """
    outcomes = []
    for config, headline in read_suite():
        exp = load_experiment(config, quick=quick)
        outcomes.append(run_one(exp, out_dir / "runs" / exp.name, jobs=jobs, resume=True, progress=progress, headline=headline))
    meta = {"jobs": jobs, "command": "cardodds report" + (" --quick" if quick else "")}
    paths = write_outcomes(out_dir, outcomes, meta, title="cardodds report" + (" (quick)" if quick else ""))
    return outcomes, paths
