"""Run experiments and turn their results into report sections: what ``cardodds run`` and ``cardodds report`` share."""

from __future__ import annotations

import dataclasses
import tomllib
from pathlib import Path

import pandas as pd

from cardodds.analysis import i18n
from cardodds.analysis.estimate import rows_frame, summarize
from cardodds.analysis.findings import Ask
from cardodds.analysis.gain_share import add_gain_shares
from cardodds.analysis.numbers import fmt_count, fmt_num, local
from cardodds.analysis.report import ReportSection, flatten_settings, seating_text, summary_frame, write_report
from cardodds.sim.errors import CardoddsError, RunInterrupted
from cardodds.sim.experiment import CONFIG_DIR, Experiment, load_arms
from cardodds.sim.folder_lock import folder_lock
from cardodds.sim.kernel_warm import kernel_games, warm_kernels
from cardodds.sim.run_claim import ARMS_DIR, claim_run_folder
from cardodds.sim.run_folder import atomic_write
from cardodds.sim.runner import RunResult, fmt_duration, run_experiment

SUITE_FILE = CONFIG_DIR / "suite.toml"


@dataclasses.dataclass
class Outcome:
    """One finished experiment: its run and its tidy rows."""

    result: RunResult
    rows: pd.DataFrame
    headline: list[tuple[str, int | None]]
    notes: str | None = None
    precision_reached: bool | None = None

    @property
    def arm(self) -> str:
        """The arm's name as the rows show it (the experiment's name for a file without arms)."""
        exp = self.result.experiment
        return exp.name if exp.arm == "main" else exp.arm

    @property
    def seating(self) -> str | None:
        """Who sits at the table in words (full-game tasks), e.g. ``seat 0: heuristic; seats 1–3: basic``."""
        exp = self.result.experiment
        if exp.task.seating is None:
            return None
        return seating_text(exp.task.seating(exp.params))


def run_one(exp: Experiment, out_dir: Path, *, jobs: int, resume: bool, progress, headline=()) -> Outcome:
    """Run an experiment into ``out_dir`` and summarise it."""
    result = run_experiment(exp, out_dir, jobs=jobs, resume=resume, progress=progress)
    arm = exp.name if exp.arm == "main" else exp.arm
    try:
        summary = summarize(exp.task, result.counts, exp.params)
    except KeyError as exc:  # chunks written by an older build of the same version lack a count this one reads
        if exc.args and exc.args[0] in result.counts:
            raise  # not a missing count: a fault of the summary itself
        raise CardoddsError(f"{out_dir}: its chunks lack the count {exc} that this cardodds reads (they were computed "
                            "by an older build); delete the folder, or run it into a new one") from None
    rows = rows_frame(summary, arm=arm, experiment=exp.name, unit_of=exp.task.unit_of)
    return Outcome(result, rows, list(headline))


def run_arms(arms: list[Experiment], out_dir: Path, *, jobs: int, resume: bool, progress, headline=()) -> list[Outcome]:
    """Run every arm of an experiment (a single arm runs straight into ``out_dir``, several into ``out_dir/arms/<arm>``),
    in a folder claimed with :func:`claim_run_folder` (re-entrant: a caller may hold the claim already)."""
    with claim_run_folder(arms, out_dir, resume=resume):
        if len(arms) == 1:
            return [run_one(arms[0], out_dir, jobs=jobs, resume=resume, progress=progress, headline=headline)]
        outcomes = []
        for exp in arms:
            try:
                outcomes.append(run_one(exp, out_dir / ARMS_DIR / exp.arm, jobs=jobs, resume=resume,
                                        progress=progress, headline=headline))
            except RunInterrupted as stop:
                raise _arms_interrupted(arms, out_dir, len(outcomes), stop) from None
    add_gain_shares(outcomes)  # rows derived from several arms (e.g. the share of the oracle's gain)
    return outcomes


def _arms_interrupted(arms: list[Experiment], out_dir: Path, done: int, stop: RunInterrupted) -> RunInterrupted:
    """Ctrl-C in arm ``done`` of an experiment with arms: the chunks saved across every arm (the finished arms', the
    stopped arm's, and those a later arm kept from an earlier run), of all the arms' chunks, in the run folder."""
    from cardodds.sim.arguments import option
    from cardodds.sim.runner import chunk_count, chunk_files

    if stop.saved is None:
        return stop
    sizes = [chunk_count(exp.games, exp.chunk_size) for exp in arms]
    later = sum(chunk_files(out_dir / ARMS_DIR / exp.arm, n) for exp, n in zip(arms[done + 1:], sizes[done + 1:]))
    saved, total = sum(sizes[:done]) + stop.saved + later, sum(sizes)
    return RunInterrupted(f"interrupted: {saved:,} of {total:,} chunks are saved in {out_dir}; re-run with "
                          f"{option('resume')} to continue", saved, total, out_dir)


def timing(outcomes: list[Outcome]) -> dict:
    """What this command computed and what it reused: ``games``, ``computed``, ``reused`` (games), ``seconds``."""
    return {
        "games": sum(o.result.games for o in outcomes),
        "computed": sum(o.result.games_computed for o in outcomes),
        "reused": sum(o.result.games_reused for o in outcomes),
        "seconds": sum(o.result.seconds for o in outcomes),
    }


def timing_text(outcomes: list[Outcome]) -> str:
    """``4,000,000 games: 2,000,000 computed now in 6.7 s, 2,000,000 reused from chunks computed earlier``."""
    t = timing(outcomes)
    text = i18n.text("timing", games=fmt_count(t["games"]), computed=fmt_count(t["computed"]),
                     time=local(fmt_duration(t["seconds"])))
    return text + (i18n.text("timing_reused", reused=fmt_count(t["reused"])) if t["reused"] else "")


def timing_meta(outcomes: list[Outcome]) -> dict:
    """The report's metadata lines on what was computed now and what was reused (in the current language)."""
    t = timing(outcomes)
    return {
        "games computed now": i18n.text("computed_now", computed=fmt_count(t["computed"]),
                                        time=local(fmt_duration(t["seconds"]))),
        "games reused": i18n.text("reused", reused=fmt_count(t["reused"])),
    }


def differences(outcomes: list[Outcome]) -> pd.DataFrame:
    """Paired differences of every arm against the baseline (the first outcome)."""
    from cardodds.analysis.arms import DIFF_COLUMNS, paired_differences

    frames = [paired_differences(outcomes[0], o) for o in outcomes[1:]]
    return pd.concat(frames, ignore_index=True) if frames else pd.DataFrame(columns=DIFF_COLUMNS)


DIFF_HEAD = ["arm", "baseline", "metric", "seat", "unit", "difference", "95 % CI (paired)", "p-value",
             "× narrower than unpaired"]
"""The columns of :func:`diff_cells` with the metrics' codes (the terminal's table; the report's is in words)."""


def diff_cells(diffs: pd.DataFrame, label=str, arm=str) -> list[list[str]]:
    """Display cells (columns ``i18n.text("diff_head")``) of the paired differences worth showing: no distribution
    bins, and no metric the arms cannot change.  ``label(metric)`` names each metric, ``arm(name)`` each arm."""
    from cardodds.analysis.numbers import fmt_ci

    shown = diffs[~diffs.metric.str.contains(r"\.\d+$")]
    # Metrics the arms cannot change (identical in every chunk) say nothing: leave them out.
    shown = shown[(shown.difference != 0) | (shown.ci_high > shown.ci_low)]
    cells = []
    for r in shown.itertuples():
        seat = "—" if pd.isna(r.seat) else str(r.seat)
        ratio = r.independent_half_width / ((r.ci_high - r.ci_low) / 2) if r.ci_high > r.ci_low else float("nan")
        cells.append([arm(r.arm), arm(r.baseline), label(r.metric), seat, i18n.unit(r.unit), fmt_num(r.difference),
                      fmt_ci(r.ci_low, r.ci_high),
                      fmt_num(r.p_value), fmt_num(ratio)])
    return cells


def _declared_metrics(outcomes: list[Outcome]) -> list[tuple[str, int | None]]:
    """The experiment's objective (if any), then the task's ``key_metrics`` (a list, or a function of the arms'
    parameters giving one)."""
    exp = outcomes[0].result.experiment
    metrics = exp.task.key_metrics
    if callable(metrics):
        metrics = metrics([o.result.experiment.params for o in outcomes])
    metrics = list(metrics)
    if exp.objective is not None and exp.objective[:2] not in metrics:
        metrics.insert(0, exp.objective[:2])
    return metrics


def _key_metrics(outcomes: list[Outcome]) -> list[tuple[str, int | None]]:
    metrics = _declared_metrics(outcomes)
    if not metrics:
        rows = outcomes[0].rows[~outcomes[0].rows.metric.str.contains(r"\.\d+$")]
        metrics = [(r.metric, None if pd.isna(r.seat) else int(r.seat)) for r in rows.head(3).itertuples()]
    return metrics


QUESTIONS = 4
"""How many rows a section answers in words at its top, at least (every headline row is answered)."""


def questions(headline: list, key_metrics: list) -> list:
    """The rows a section answers in words: its headline rows, then the experiment's declared key metrics (objective,
    the task's ``key_metrics``), up to :data:`QUESTIONS`; with neither, the section's first rows (``section_of``)."""
    asked = list(headline)
    for key in key_metrics:
        if len(asked) >= QUESTIONS:
            break
        if key not in asked:
            asked.append(key)
    return asked


def _present(keys: list, rows: pd.DataFrame) -> list:
    """The ``(metric, seat)`` keys that have a row in ``rows``."""
    have = {(m, None if pd.isna(s) else int(s)) for m, s in zip(rows.metric, rows.seat)}
    return [k for k in keys if k in have]


def _arm_change(base: Experiment, exp: Experiment) -> str:
    """An arm's name and the settings in which it differs from the baseline (``rules.deck = 36, …``)."""
    if exp is base:
        return f"{i18n.arm(exp.arm)} ({i18n.text('baseline')})"
    mine = dict(flatten_settings({k: exp.sections.get(k, {}) for k in exp.task.sections}))
    theirs = dict(flatten_settings({k: base.sections.get(k, {}) for k in base.task.sections}))
    changed = [f"`{k} = {v}`" for k, v in mine.items() if theirs.get(k) != v]  # codes: `…` (<code> in the page)
    changed += [f"`{k}` {i18n.text('unset')}" for k in theirs if k not in mine]
    return f"{i18n.arm(exp.arm)} ({', '.join(changed)})" if changed else i18n.arm(exp.arm)


def section_of(outcomes: list[Outcome] | Outcome, diffs: pd.DataFrame | None = None) -> ReportSection:
    """The report section of a finished experiment (all its arms), with charts and paired comparisons.

    ``diffs`` are the arms' paired differences when already computed (see :func:`differences`).
    """
    from cardodds.analysis.arms import best_arm, sweep_frame
    from cardodds.analysis.charts import render, sweep_chart

    outcomes = outcomes if isinstance(outcomes, list) else [outcomes]
    base = outcomes[0]
    exp = base.result.experiment
    title = i18n.title(exp.name, exp.title)
    figures = {}
    if exp.task.charts is not None:
        with i18n.using(label_of=exp.task.label_of):
            figures = {name: render(spec) for name, spec in exp.task.charts(outcomes).items()}
    tables, notes = [], [o.notes for o in outcomes if o.notes]
    notes.append(i18n.text("this_run", timing=timing_text(outcomes)))
    if exp.task.notes is not None:
        for o in outcomes:
            if note := exp.task.notes(o.result.experiment.params):
                note = i18n.seating(note)
                notes.append(note if len(outcomes) == 1 else f"{i18n.arm(o.result.experiment.arm)}: {note}")
    if exp.task.name.endswith(".strength"):  # every rung against every other: the pairwise table and ratings
        from cardodds.analysis.strength_report import strength_parts
        from cardodds.sim.strength_task import title_of

        more, drawn, lines = strength_parts(base, title_of(exp.params))
        tables, notes = tables + more, notes + lines
        figures.update(drawn)
    if len(outcomes) > 1:
        diffs = differences(outcomes) if diffs is None else diffs
        label = lambda metric: exp.task.label_of(metric, i18n.language())  # noqa: E731
        tables.append((i18n.text("paired"), i18n.text("diff_head"), diff_cells(diffs, label, i18n.arm)))
        best = best_arm(outcomes, diffs, exp.objective)
        if best is not None:
            lo, hi = best["margin_ci"]
            seat = "" if best["seat"] is None else f" ({i18n.text('answer_seat', seat=best['seat'])})"
            verdict = "" if best["p_value"] < 0.05 else i18n.text("not_significant")
            if best["margin"] == 0 and lo == hi:
                verdict = i18n.text("tied", best=best["best"], runner_up=best["runner_up"])
            notes.append(i18n.text(
                "best_" + exp.objective[2], metric=exp.task.label_of(best["metric"], i18n.language()), seat=seat,
                best=best["best"], value=fmt_num(best["value"]), runner_up=best["runner_up"],
                margin=fmt_num(best["margin"]), lo=fmt_num(lo), hi=fmt_num(hi), p=local(f"{best['p_value']:.3g}"),
                verdict=verdict))
        if exp.sweep is not None:
            frame = sweep_frame(outcomes, _key_metrics(outcomes))
            with i18n.using(label_of=exp.task.label_of):
                figures["sweep"] = sweep_chart(frame, exp.sweep[0],
                                               f"{title}: metrics against {i18n.parameter(exp.sweep[0])}")
    arms_note = ""
    if len(outcomes) > 1:
        arms_note = i18n.text("arms") + ": " + "; ".join(_arm_change(exp, o.result.experiment) for o in outcomes) + "."
    rows = pd.concat([o.rows for o in outcomes], ignore_index=True)
    answers = questions(base.headline, _declared_metrics(outcomes)) or _key_metrics(outcomes)[:QUESTIONS]
    return ReportSection(
        key=exp.name.lower().replace("_", "-"),
        title=title,
        description=i18n.description(exp.name, exp.description) + (f"\n\n{arms_note}" if arms_note else ""),
        rows=rows,
        figures=figures,
        headline=base.headline or _present(answers, rows),  # a run alone: its answers head the report
        rules=dict(exp.sections.get("rules", {})),
        strategies=exp.sections.get("strategies") or None,
        games=sum(o.result.games for o in outcomes),
        seed=exp.seed,
        seconds=sum(o.result.seconds for o in outcomes),
        extra_md="\n\n".join(notes) or None,
        tables=tables,
        game=exp.task.name.split(".")[0],
        seating=[(i18n.arm(o.arm) + (f" ({i18n.text('baseline')})" if len(outcomes) > 1 and o is base else ""),
                  o.seating)
                 for o in outcomes if o.seating is not None],
        label_of=exp.task.label_of,
        answers=answers,
    )


def read_suite(path: Path = SUITE_FILE) -> list[tuple[Path, list[tuple[str, int | None]]]]:
    """The suite's experiment files and their headline metrics."""
    entries = []
    for entry in _suite_entries(path):
        headline = [(metric, None if seat == "table" else seat) for metric, seat in entry.get("headline", [])]
        entries.append((path.parent / entry["config"], headline))
    return entries


def _suite_entries(path: Path) -> list[dict]:
    """The suite file's ``[[experiment]]`` entries; a one-line error when it cannot be read."""
    try:
        return tomllib.loads(path.read_text(encoding="utf-8")).get("experiment", [])
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise CardoddsError(f"{path}: cannot read the suite: {' '.join(str(exc).split())}") from None


def read_findings(path: Path = SUITE_FILE) -> dict[str, list[Ask]]:
    """The findings the suite asks for, by experiment file name: each entry's ``findings``, a list of tables
    ``{metric, seat}`` or ``{metric, seats}`` (a seat number, or ``"table"``) with ``arms`` optional (every arm)."""
    out = {}
    for entry in _suite_entries(path):
        asked = []
        for f in entry.get("findings", []):
            seats = f["seats"] if "seats" in f else [f["seat"]]
            arms = f.get("arms")
            asked.append(Ask(f["metric"], tuple(None if s == "table" else s for s in seats),
                             None if arms is None else tuple(arms)))
        out[entry["config"]] = asked
    return out


def write_outcomes(out_dir: Path, experiments: list[list[Outcome]], meta: dict, title: str | None = None,
                   diffs: list[pd.DataFrame | None] | None = None, lang: str = "en",
                   findings: list[list[Ask]] | None = None) -> dict[str, Path]:
    """Write summary.csv (and differences.csv for arms), charts, report.md and report.html; Parquet copies of the
    tables too when pyarrow is installed.  ``diffs``: each experiment's paired differences when already computed;
    ``title``: the report's (default: the one experiment's title, else "cardodds report", in ``lang``); ``lang``: the
    report's language (:mod:`cardodds.analysis.i18n`; the CSV and Parquet tables keep the codes); ``findings``: what
    each experiment's section is asked to answer first (the suite's, :func:`read_findings`)."""
    if diffs is None:
        diffs = [differences(arms) if len(arms) > 1 else None for arms in experiments]
    sections = make_sections(experiments, diffs, lang=lang)
    for section, asked in zip(sections, findings or []):
        section.findings = asked
    return write_sections(out_dir, sections, meta, title=title, diffs=diffs, lang=lang)


def make_sections(experiments: list[list[Outcome]], diffs: list[pd.DataFrame | None],
                  lang: str = "en") -> list[ReportSection]:
    """One report section per experiment (its arms and their paired differences), charts drawn, in ``lang``."""
    with i18n.using(lang):
        return [section_of(arms, d) for arms, d in zip(experiments, diffs)]


def write_sections(out_dir: Path, sections: list[ReportSection], meta: dict, title: str | None = None,
                   diffs: list[pd.DataFrame | None] = (), lang: str = "en") -> dict[str, Path]:
    """Write the report of ``sections`` and its tables into ``out_dir`` (see :func:`write_outcomes`)."""
    out_dir = Path(out_dir)
    with i18n.using(lang):
        title = title or (sections[0].title if len(sections) == 1 else i18n.text("report_title"))
    written = write_report(out_dir, sections, meta, title=title, lang=lang)
    tables = {"summary": summary_frame(sections)}
    if any(d is not None for d in diffs):
        tables["differences"] = pd.concat([d for d in diffs if d is not None], ignore_index=True)
        atomic_write(out_dir / "differences.csv", tables["differences"].to_csv(index=False).encode("utf-8"))
        written["differences.csv"] = out_dir / "differences.csv"
    written.update(write_parquet(out_dir, tables))
    return written


def write_parquet(out_dir: Path, tables: dict[str, pd.DataFrame]) -> dict[str, Path]:
    """``<name>.parquet`` for each table, when pyarrow (the ``parquet`` extra) is installed; nothing otherwise."""
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        return {}
    written = {}
    for name, frame in tables.items():
        path = out_dir / f"{name}.parquet"
        atomic_write(path, frame.to_parquet(index=False))
        written[path.name] = path
    return written


def run_suite(out_dir: Path, *, quick: bool, jobs: int, progress, lang: str = "en",
              suite_file: Path = SUITE_FILE) -> tuple[list[list[Outcome]], dict[str, Path]]:
    """Run a suite (default ``configs/suite.toml``; its experiment files are read from its folder) and write its
    report into ``out_dir``.

    Each experiment's run folder is ``out_dir/runs/<name>``; a finished run found there with the same identity is
    reused (resumed), so re-running the report only computes what is missing.
    """
    experiments = []
    try:
        Path(out_dir).mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CardoddsError(f"{out_dir}: cannot create the report folder ({exc.strerror or exc})") from None
    with folder_lock(out_dir):
        entries, asked = read_suite(suite_file), read_findings(suite_file)
        suite = [(load_arms(config, quick=quick), headline) for config, headline in entries]
        findings = [asked.get(config.name, []) for config, _ in entries]
        if jobs != 1:  # the kernels compiled once, a different one on each core, not by every worker in turn
            warm_kernels({arm.task.name.split(".")[0] for arms, _ in suite for arm in arms} & set(kernel_games()),
                         processes=jobs if jobs > 0 else 2)
        for arms, headline in suite:
            folder = out_dir / "runs" / arms[0].name
            experiments.append(run_arms(arms, folder, jobs=jobs, resume=True, progress=progress, headline=headline))
        named = "" if Path(suite_file) == SUITE_FILE else f" --suite {suite_file}"
        meta = {"jobs": jobs, "command": "cardodds report" + (" --quick" if quick else "") + named}
        with i18n.using(lang):
            meta.update(timing_meta([o for arms in experiments for o in arms]))
        with i18n.using(lang):
            title = i18n.text("report_title") + (i18n.text("quick") if quick else "")
        paths = write_outcomes(out_dir, experiments, meta, title=title, lang=lang, findings=findings)
    return experiments, paths
