"""The run report: ``summary.csv``, chart PNGs, ``report.md`` and one self-contained ``report.html``.

A report is a list of sections (one per experiment of a run).  Numbers are shown with 4 significant digits
everywhere (``0.001234``, ``0.5000``, ``12.35``, ``1.234e-07``); counts with thousands separators; both in the
report's language (:mod:`cardodds.analysis.numbers`: ``0,001234`` and ``1.290`` in Vietnamese).
"""

from __future__ import annotations

import base64
import datetime as _dt
import html
import io
import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from cardodds.analysis import i18n
from cardodds.analysis.answers import ONE_IN_BELOW, answer
from cardodds.analysis.estimate import COLUMNS, row_z
from cardodds.analysis.charts import chart_texts
from cardodds.analysis.findings import choose_findings, word
from cardodds.analysis.i18n import text
from cardodds.analysis.numbers import fmt_ci, fmt_count, fmt_fixed, fmt_num, fmt_one_in, is_rate, local
from cardodds.sim.run_folder import atomic_write

DPI = 110
_SLUG = re.compile(r"^[a-z0-9][a-z0-9_.-]*$")

RULES_DOC = "docs/rules.md"
"""The project's rules document (every rule, option, default and reading), relative to the repository."""


def rules_doc_sections() -> dict[str, str]:
    """The heading of each game's section in the rules document (``GameSpec.rules_section``), by the game's name (the
    prefix of its tasks' names); a game the document does not describe has none."""
    from cardodds.sim.games import games

    return {spec.name: spec.rules_section for spec in games() if spec.rules_section}


@dataclass
class ReportSection:
    """One experiment of a run, as the report shows it.

    Attributes
    ----------
    key : str
        Slug (lower-case ASCII letters, digits, ``_ . -``): names chart files and the HTML anchor ``section-<key>``.
    title, description : str
        Heading and an introductory paragraph (markdown in ``report.md``, escaped text in ``report.html``).
    rows : DataFrame
        The section's result table as ``cardodds.analysis.estimate.rows_frame`` makes it.
    figures : dict of str to Figure
        Charts by name (a slug); saved as ``charts/<key>-<name>.png``.
    headline : list of (metric, seat)
        Rows to repeat in the report's headline table (every arm with that metric and seat is shown).
    rules, strategies : dict
        The rules and strategies used (nested dicts are flattened to dotted keys); ``strategies`` may be None.
    games, seed : int
        Games played and the run's seed.
    seconds : float
        Wall-clock run time of the section.
    extra_md : str, optional
        More markdown appended after the results (shown as plain paragraphs in HTML).
    tables : list of (title, head, cells)
        Further tables shown after the results (e.g. paired differences between arms), cells already formatted.
    game : str, optional
        ``"chan"``, ``"sam"`` or ``"tan"``: the Rules table then names that game's section of the rules document.
    seating : list of (arm, text)
        Who sits at the table in each arm (full-game tasks; see :func:`seating_text`), shown under the games line.
    label_of : callable, optional
        ``label_of(metric, lang)``: a metric in words (the task's :meth:`~cardodds.sim.registry.Task.label_of`).  Without it
        the tables show the metrics' codes.
    answers : list of (metric, seat)
        The section's questions: the rows answered in words at its top (every arm), e.g. "Thiên ù … : 1 in 880
        (exact); simulated 1 in 882 [861, 899]".
    findings : list of Ask
        What the report's findings ask of this section (:class:`cardodds.analysis.findings.Ask`); when no section
        is asked anything, the findings are the sections' headline rows.
    """

    key: str
    title: str
    description: str
    rows: pd.DataFrame
    figures: dict[str, Figure] = field(default_factory=dict)
    headline: list[tuple[str, int | None]] = field(default_factory=list)
    rules: dict[str, Any] = field(default_factory=dict)
    strategies: dict[str, Any] | None = None
    games: int = 0
    seed: int = 0
    seconds: float = 0.0
    extra_md: str | None = None
    tables: list[tuple[str, list[str], list[list[str]]]] = field(default_factory=list)
    game: str | None = None
    seating: list[tuple[str, str]] = field(default_factory=list)
    label_of: Callable[[str, str], str] | None = None
    answers: list[tuple[str, int | None]] = field(default_factory=list)
    findings: list = field(default_factory=list)

    def label(self, metric: str) -> str:
        """``metric`` in words in the report's language (its code without ``label_of``)."""
        return metric if self.label_of is None else self.label_of(metric, i18n.language())


# ---------------------------------------------------------------------------------------------------------- formatting

def fmt_z(z) -> str:
    """A z value with 2 decimals."""
    if z is None or (isinstance(z, float) and math.isnan(z)):
        return "—"
    if math.isinf(z):
        return "∞" if z > 0 else "−∞"
    return local(f"{z:+.2f}")


def fmt_estimate(x, metric: str, unit: str) -> str:
    """A value with 4 significant digits, and ``· 1 in N`` after a small probability."""
    shown = fmt_num(x)
    if is_rate(metric, unit) and not pd.isna(x) and 0 < x < ONE_IN_BELOW:
        shown += " · " + fmt_one_in(x)
    return shown


def _seat_range(seats: list[int]) -> str:
    """``0``, ``1–3``, ``0, 2`` or ``0–1, 3``: runs of consecutive seats joined by a dash."""
    runs: list[list[int]] = []
    for seat in seats:
        if runs and seat == runs[-1][-1] + 1:
            runs[-1].append(seat)
        else:
            runs.append([seat])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}–{r[-1]}" for r in runs)


def seating_text(labels: list[str]) -> str:
    """Who sits at the table, from each seat's strategy label: ``4 basic players``, ``4 players, each: control,
    declares Sâm …`` or ``seat 0: heuristic; seats 1–3: basic``."""
    labels = [i18n.seating(label) for label in labels]
    groups: dict[str, list[int]] = {}
    for seat, label in enumerate(labels):
        groups.setdefault(label, []).append(seat)
    if len(groups) == 1:
        label = labels[0]
        return text("players_all" if label.isidentifier() else "players_each", n=len(labels), label=label)
    return "; ".join(text("seat_many" if len(seats) > 1 else "seat_one", seats=_seat_range(seats)) + f": {label}"
                     for label, seats in groups.items())


def _seating_md(seating: list[tuple[str, str]]) -> str:
    if len(seating) == 1:
        return f"{text('at_table')}: {seating[0][1]}."
    return f"{text('at_table')}:\n\n" + "\n".join(f"- {arm}: {who}" for arm, who in seating)


def _fmt_seconds(s: float) -> str:
    s = float(s)
    if s < 120:
        return f"{fmt_fixed(s)} s"
    m, sec = divmod(int(round(s)), 60)
    h, m = divmod(m, 60)
    return f"{h} h {m:02d} min {sec:02d} s" if h else f"{m} min {sec:02d} s"


def _fmt_setting(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_fmt_setting(x) for x in v) + "]"
    return str(v)


def flatten_settings(d: dict | None, prefix: str = "") -> list[tuple[str, str]]:
    """Nested settings as ``(dotted.key, formatted value)`` pairs, in order."""
    out: list[tuple[str, str]] = []
    for k, v in (d or {}).items():
        name = f"{prefix}{k}"
        if isinstance(v, dict):
            out.extend(flatten_settings(v, name + "."))
        else:
            out.append((name, _fmt_setting(v)))
    return out


# ---------------------------------------------------------------------------------------------------------- tables

_TABLE_KEYS = ["arm", "what", "seat", "unit", "estimate", "ci", "exact", "z", "n"]


def _head(experiment: bool = False, codes: bool = False) -> list[str]:
    """The header of a result table in the report's language (``codes``: the metric's code instead of its label)."""
    keys = ["experiment"] * experiment + _TABLE_KEYS
    return [text("metric" if codes and k == "what" else k) for k in keys]


def _table(rows: pd.DataFrame, section: ReportSection | None = None, experiment: bool = False,
           codes: bool = False) -> list[list[str]]:
    """Display cells of a result table (header: :func:`_head`): each metric in words (``section.label``) with small
    probabilities also as ``1 in N``, or with ``codes`` as the CSV has it."""
    cells = []
    for r in rows[list(COLUMNS)].itertuples(index=False):
        z = row_z(r.metric, r.estimate, r.ci_low, r.ci_high, r.n, r.exact)
        what = str(r.metric) if codes or section is None else section.label(str(r.metric))
        value = fmt_num if codes else (lambda x: fmt_estimate(x, str(r.metric), str(r.unit)))
        cells.append([str(r.experiment)] * experiment + [
            str(r.arm) if codes else i18n.arm(r.arm), what, "—" if pd.isna(r.seat) else str(int(r.seat)),
            i18n.unit(str(r.unit)),
            value(r.estimate), fmt_ci(r.ci_low, r.ci_high), value(r.exact), fmt_z(z), fmt_count(r.n),
        ])
    return cells


def section_answers(section: ReportSection) -> list[tuple[str, str]]:
    """The section's questions answered in words: ``(label, answer)`` per asked row (every arm in the answer).

    ``("Thiên ù: the cái's 20 dealt cards are already a win", "seat 0, per hand: 1 in 880 (exact), simulated 1 in 882
    [861, 899]")``; a row without a seat (the table's, or every hand's) names no seat.  A question whose metric the
    section lacks is left out.
    """
    said = [(section.label(metric), answer(section.rows, metric, [seat])) for metric, seat in section.answers]
    return [(label, words) for label, words in said if words is not None]


def _headline_rows(section: ReportSection) -> pd.DataFrame:
    parts = []
    for metric, seat in section.headline:
        sel = section.rows["metric"] == metric
        sel &= section.rows["seat"].isna() if seat is None else (section.rows["seat"] == seat).fillna(False)
        part = section.rows[sel]
        if part.empty:
            raise ValueError(f"headline row ({metric!r}, seat {seat}) not in section '{section.key}'")
        parts.append(part)
    return pd.concat(parts, ignore_index=True) if parts else section.rows.iloc[0:0]


def _headline_table(section: ReportSection) -> list[list[str]]:
    """The headline rows of ``section`` as the report's short table: experiment (and arm), the metric in words with its
    seat and unit, estimate, 95 % interval (header: :func:`_headline_head`)."""
    rows = _headline_rows(section)
    several = rows["arm"].nunique() > 1
    cells = []
    for r in rows.itertuples(index=False):
        who = "" if pd.isna(r.seat) else ", " + text("answer_seat", seat=int(r.seat))
        cells.append([f"`{r.experiment}` · {i18n.arm(r.arm)}" if several else f"`{r.experiment}`",
                      f"{section.label(str(r.metric))}{who}, {i18n.unit(str(r.unit))}",
                      fmt_estimate(r.estimate, str(r.metric), str(r.unit)), fmt_ci(r.ci_low, r.ci_high)])
    return cells


def _headline_head() -> list[str]:
    return [text("experiment"), text("what"), text("estimate"), text("ci")]


def _key_rows(rows: pd.DataFrame) -> pd.DataFrame:
    """The rows worth a first look: everything but the bins of distributions (``metric.<k>``)."""
    return rows[~rows["metric"].astype(str).str.contains(r"\.\d+$")]


def _rules_note(section: ReportSection) -> str:
    """Where the section's rules are stated: the rules document, and the game's section of it when known."""
    heading = rules_doc_sections().get(section.game)
    where = text("rules_where", section=heading) if heading else ""
    return text("rules_note", doc=RULES_DOC, where=where)


def _md_cell(s: str) -> str:
    return s.replace("|", "\\|").replace("\n", " ")


def _md_table(head: list[str], cells: list[list[str]]) -> str:
    lines = ["| " + " | ".join(head) + " |", "|" + "|".join("---" for _ in head) + "|"]
    lines += ["| " + " | ".join(_md_cell(c) for c in row) + " |" for row in cells]
    return "\n".join(lines)


def _html_table(head: list[str], cells: list[list[str]], numeric_from: int = 3, words: int | None = None,
                code: tuple[int, ...] = ()) -> str:
    """An HTML table: columns from ``numeric_from`` on right-aligned, column ``words`` (a label) kept wide, the columns
    in ``code`` (names and codes as the config and the CSV have them) set as code, and a `quoted` part of a cell."""
    th = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    body = []
    for row in cells:
        tds = "".join(
            f"<td><code>{html.escape(c)}</code></td>" if i in code else
            f'<td class="num">{_escape(c)}</td>' if i >= numeric_from else
            f'<td class="words">{_escape(c)}</td>' if i == words else f"<td>{_escape(c)}</td>"
            for i, c in enumerate(row)
        )
        body.append(f"<tr>{tds}</tr>")
    return f"<table><thead><tr>{th}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def _escape(md: str) -> str:
    """Markdown-ish text as escaped HTML, a `quoted` code as ``<code>``."""
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", html.escape(md))


def _html_text(md: str) -> str:
    """Plain paragraphs from markdown-ish text: escaped, blank lines split paragraphs, ``- `` lines become a list,
    `quoted` codes become ``<code>``."""
    out = []
    for block in re.split(r"\n\s*\n", md.strip()):
        lines = block.strip().splitlines()
        if lines and all(l.lstrip().startswith(("- ", "* ")) for l in lines):
            items = "".join(f"<li>{_escape(l.lstrip()[2:])}</li>" for l in lines)
            out.append(f"<ul>{items}</ul>")
        elif lines:
            out.append("<p>" + "<br>".join(_escape(l) for l in lines) + "</p>")
    return "\n".join(out)


# ---------------------------------------------------------------------------------------------------------- metadata

def _version() -> str:
    try:
        from importlib.metadata import version
        return version("cardodds")
    except Exception:  # not installed (running from a checkout)
        return "unknown"


def _bit_generator() -> str:
    try:
        from cardodds.sim.streams import BIT_GENERATOR
        return BIT_GENERATOR
    except Exception:
        return "unknown"


_META_KEYS = ("date", "version", "numpy", "seeds", "bit_generator", "jobs", "games", "seconds")


_META_CODES = ("version", "numpy", "bit_generator", "command", "config")
"""Metadata whose values are names and codes (set as code in the page)."""


def _meta_value(label: str, value: str) -> str:
    """A metadata value as HTML: a version, a command or a file as code, anything else as text."""
    codes = {text("meta").get(key, key) for key in _META_CODES}
    return f"<code>{html.escape(value)}</code>" if label in codes else html.escape(value)


def _meta_items(meta: dict[str, Any], sections: list[ReportSection]) -> list[tuple[str, str]]:
    m = dict(meta)
    m.setdefault("date", _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%d %H:%M:%S"))
    m.setdefault("version", _version())
    m.setdefault("numpy", np.__version__)
    if "seeds" not in m:
        m["seeds"] = m.pop("seed", None)
        if m["seeds"] is None:
            m["seeds"] = sorted({s.seed for s in sections})
    m.setdefault("bit_generator", _bit_generator())
    m.setdefault("jobs", "—")
    m.setdefault("games", sum(int(s.games) for s in sections))
    m.setdefault("seconds", sum(float(s.seconds) for s in sections))
    items = []
    labels = text("meta")
    for key in list(_META_KEYS) + [k for k in m if k not in _META_KEYS]:
        v = m[key]
        if key == "games":
            shown = fmt_count(v)
        elif key == "seconds":
            shown = _fmt_seconds(v)
        elif isinstance(v, (list, tuple, set)):
            shown = ", ".join(str(x) for x in v)
        else:
            shown = _fmt_setting(v)
        items.append((labels.get(key, str(key)), shown))
    return items


# ---------------------------------------------------------------------------------------------------------- writers

def _png(fig: Figure) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=DPI)
    return buf.getvalue()


def _check(sections: list[ReportSection]) -> None:
    seen = set()
    for s in sections:
        if not _SLUG.match(s.key):
            raise ValueError(f"section key {s.key!r} is not a slug (a-z, 0-9, '_', '.', '-')")
        if s.key in seen:
            raise ValueError(f"duplicate section key {s.key!r}")
        seen.add(s.key)
        missing = [c for c in COLUMNS if c not in s.rows.columns]
        if missing:
            raise ValueError(f"section '{s.key}' rows lack columns {missing}")
        for name in s.figures:
            if not _SLUG.match(name):
                raise ValueError(f"chart name {name!r} of section '{s.key}' is not a slug")


def summary_frame(sections: list[ReportSection]) -> pd.DataFrame:
    """Every section's rows in one table, the columns of ``summary.csv``."""
    frames = [s.rows[list(COLUMNS)] for s in sections if len(s.rows)]
    if not frames:
        return pd.DataFrame({c: [] for c in COLUMNS})
    df = pd.concat(frames, ignore_index=True)
    df["seat"] = df["seat"].astype("Int64")
    return df


_CSS = """
body{font-family:"DejaVu Sans",system-ui,sans-serif;max-width:1280px;margin:2em auto;padding:0 1em;color:#222;line-height:1.4}
h1{border-bottom:2px solid #444;padding-bottom:.2em}h2{border-bottom:1px solid #bbb;margin-top:1.5em}
table{border-collapse:collapse;margin:.8em 0;font-size:.92em;display:block;max-width:100%;overflow-x:auto}
summary{cursor:pointer;font-weight:bold;margin:.6em 0}
th,td{border:1px solid #ccc;padding:.25em .6em;text-align:left;vertical-align:top}
th{background:#f0f0f0}td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
tbody tr:nth-child(even){background:#fafafa}code{font-size:.9em;overflow-wrap:anywhere}
.charts{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,540px),1fr));gap:1em;align-items:start}
figure{margin:0}figure img{width:100%;height:auto;border:1px solid #eee}
figcaption{font-size:.85em;color:#555}td.words{min-width:16em}.answers{background:#f4f7fc;border-left:4px solid #4a6fa5;padding:.2em 1em}nav ul{columns:3 18em}.meta th{width:12em}
@media print{
body{max-width:none;margin:0;padding:0;font-size:10pt}nav{display:none}a{color:inherit;text-decoration:none}
h2{break-before:page}#findings h2,#run h2,#headline h2{break-before:auto}h2,h3,summary{break-after:avoid}
figure,tr,.answers li{break-inside:avoid}table{display:table;font-size:8pt}summary{list-style:none}
details.codes{display:none}.charts{grid-template-columns:1fr 1fr}
}
"""
_PRINT_SCRIPT = ("<script>window.addEventListener('beforeprint',()=>document.querySelectorAll('details.print')"
                 ".forEach(d=>d.open=true));</script>")
"""Printing (or "print to PDF") opens the headline table: a shareable document of the findings, answers, charts and
headline rows (55 pages for ``cardodds report --quick``, 140 with every results table open); the other folds
print as their one summary line, and the table of codes not at all (``summary.csv`` has every row)."""


def write_report(out_dir, sections: list[ReportSection], meta: dict[str, Any],
                 title: str | None = None, lang: str = "en") -> dict[str, Path]:
    """Write the run's report files into ``out_dir``.

    Parameters
    ----------
    out_dir : path-like
        Created if needed; existing files of the same names are replaced.
    sections : list of ReportSection
        In display order.
    meta : dict
        Run metadata.  Known keys (missing ones are filled in): ``date``, ``version``, ``numpy``, ``seeds`` (or
        ``seed``), ``bit_generator``, ``jobs``, ``games`` (default: sum over sections), ``seconds`` (default: sum).
        Any other key is listed as given (e.g. ``config``, ``command``).
    title : str, optional
        Title of both documents (default: "cardodds report" in ``lang``).
    lang : str
        The report's language (:data:`cardodds.analysis.i18n.LANGUAGES`): headings, answers, labels, units.  The sections'
        charts are drawn already (in the language :func:`cardodds.analysis.i18n.using` set when they were made).

    Returns
    -------
    dict of str to Path
        Every file written, keyed by its path relative to ``out_dir``: ``summary.csv``, ``report.md``,
        ``report.html`` and ``charts/<key>-<name>.png``.
    """
    _check(sections)
    with i18n.using(lang):
        return _write(Path(out_dir), sections, meta, title or text("report_title"))


def _write(out: Path, sections: list[ReportSection], meta: dict[str, Any], title: str) -> dict[str, Path]:
    (out / "charts").mkdir(parents=True, exist_ok=True)
    written: dict[str, Path] = {}

    def save(rel: str, data: bytes) -> None:  # like the run's chunks: the old file or the whole new one, never a part
        atomic_write(out / rel, data)
        written[rel] = out / rel

    save("summary.csv", summary_frame(sections).to_csv(index=False).encode("utf-8"))
    charts: dict[str, list[tuple[str, str, bytes, list[str]]]] = {}  # section key -> [(name, relpath, png, texts)]
    for s in sections:
        charts[s.key] = []
        for name, fig in s.figures.items():
            rel = f"charts/{s.key}-{name}.png"
            png = _png(fig)
            save(rel, png)
            charts[s.key].append((name, rel, png, chart_texts(fig)))

    meta_items = _meta_items(meta, sections)
    headline = [c for s in sections for c in _headline_table(s)]
    found = choose_findings(sections)
    save("report.md", _markdown(title, sections, meta_items, headline, charts, found).encode("utf-8"))
    save("report.html", _html(title, sections, meta_items, headline, charts, found).encode("utf-8"))
    return written


def _md_heading(anchor: str, heading: str) -> list[str]:
    """A section heading with an anchor the same as the HTML page's, so links resolve in both."""
    return [f'<a id="{anchor}"></a>', "", f"## {heading}", ""]


def _markdown(title, sections, meta_items, headline, charts, found) -> str:
    md = [f"# {title}", "", *_md_heading("findings", word("findings"))]
    md += [f"- [{_md_cell(f.label)}](#section-{f.key}): {_md_cell(f.said)}" for f in found] + [""]
    md += [*_md_heading("run", text("run")),
           _md_table([text("item"), text("value")], [[k, v] for k, v in meta_items]), ""]
    md += _md_heading("headline", text("headline"))
    md += [_md_table(_headline_head(), headline) if headline else f"_{text('no_headline')}_", ""]
    md += [f"{word('full_table')} [summary.csv](summary.csv)", "", text("estimates_note"), ""]
    for s in sections:
        md += _md_heading(f"section-{s.key}", s.title)
        if answers := section_answers(s):
            md += [f"**{text('answers')}:**", ""] + [f"- **{_md_cell(q)}** — {a}" for q, a in answers] + [""]
        md += [s.description.strip(), ""]
        md += [text("games_line", games=fmt_count(s.games), seed=s.seed, time=_fmt_seconds(s.seconds)), ""]
        if s.seating:
            md += [_seating_md(s.seating), ""]
        md += [f"### {text('rules')}", "", _rules_note(s), ""]
        md += [_md_table([text("option"), text("value")], [list(i) for i in flatten_settings(s.rules)]) if s.rules
               else f"_{text('defaults')}_", ""]
        if s.strategies is not None:
            md += [f"### {text('strategies')}", "",
                   _md_table([text("strategy"), text("value")], [list(i) for i in flatten_settings(s.strategies)])
                   if s.strategies else f"_{text('none')}_", ""]
        for name, rel, _, texts in charts[s.key]:
            md += [f"![{_md_cell(texts[0] if texts else name)}]({rel})", ""]
        key_rows = _key_rows(s.rows)
        md += [f"### {text('results')}", "",
               _md_table(_head(), _table(key_rows, s)) if len(key_rows) else f"_{text('no_rows')}_", ""]
        for table_title, head, cells in s.tables:
            md += [f"### {table_title}", "", _md_table(head, cells), ""]
        md += [f"### {text('all_rows')}", "", _md_table(_head(codes=True), _table(s.rows, codes=True)), ""]
        if s.extra_md:
            md += [s.extra_md.strip(), ""]
    return "\n".join(md)


SHOWN_CHARTS = 2
"""A section's charts shown open (one row at 1,280 px); the others are folded."""


def _fold(summary: str, inner: str, kind: str = "") -> str:
    """A folded part of a section: its ``summary`` shown, ``inner`` (HTML) on a click; ``kind`` ``"print"`` for a fold
    printing opens (the headline table), ``"codes"`` for the table of codes, which printing leaves out."""
    cls = f' class="{kind}"' if kind else ""
    return f"<details{cls}><summary>{html.escape(summary)}</summary>{inner}</details>"


def _html(title, sections, meta_items, headline, charts, found) -> str:
    e = html.escape
    toc = [f'<li><a href="#findings">{e(word("findings"))}</a></li>', f'<li><a href="#run">{e(text("run"))}</a></li>',
           f'<li><a href="#headline">{e(text("headline"))}</a></li>']
    toc += [f'<li><a href="#section-{e(s.key)}">{e(s.title)}</a></li>' for s in sections]
    body = [f"<h1>{e(title)}</h1>", f'<section id="findings"><h2>{e(word("findings"))}</h2><ol>'
            + "".join(f'<li><a href="#section-{e(f.key)}">{e(f.label)}</a>: {e(f.said)}</li>' for f in found)
            + "</ol></section>",
            f"<nav><h2>{e(text('contents'))}</h2><ul>" + "".join(toc) + "</ul></nav>"]
    body.append(f'<section id="run"><h2>{e(text("run"))}</h2>')
    body.append(_fold(text("run_details"), '<table class="meta"><tbody>'
                      + "".join(f"<tr><th>{e(k)}</th><td>{_meta_value(k, v)}</td></tr>" for k, v in meta_items)
                      + "</tbody></table>", "print") + "</section>")
    body += [f'<section id="headline"><h2>{e(text("headline"))}</h2>',
             _fold(word("headline_rows", n=len(headline)), _html_table(_headline_head(), headline, 2, words=1), "print")
             if headline else f"<p>{e(text('no_headline'))}</p>",
             f'<p>{e(word("full_table"))} <a href="summary.csv">summary.csv</a></p>',
             f"<p>{e(text('estimates_note'))}</p></section>"]
    for s in sections:
        body.append(f'<section id="section-{e(s.key)}"><h2>{e(s.title)}</h2>')
        if answers := section_answers(s):
            body.append(f'<div class="answers"><h3>{e(text("answers"))}</h3><ul>'
                        + "".join(f"<li><strong>{e(q)}</strong> — {e(a)}</li>" for q, a in answers) + "</ul></div>")
        body.append(_html_text(s.description))
        body.append(f"<p>{e(text('games_line', games=fmt_count(s.games), seed=s.seed, time=_fmt_seconds(s.seconds)))}"
                    "</p>")
        if s.seating:
            body.append(_html_text(_seating_md(s.seating)))
        figures = [f'<figure id="chart-{e(s.key)}-{e(name)}"><img src="data:image/png;base64,'
                   f'{base64.b64encode(png).decode("ascii")}" alt="{e(" · ".join(texts) or name)}">'
                   f"<figcaption>{e(texts[0] if texts else name)}</figcaption></figure>"
                   for name, rel, png, texts in charts[s.key]]
        if figures:  # one row of charts shown, the others a click away (printing opens them)
            body.append('<div class="charts">' + "".join(figures[:SHOWN_CHARTS]) + "</div>")
        if len(figures) > SHOWN_CHARTS:
            body.append(_fold(text("more_charts", n=len(figures) - SHOWN_CHARTS),
                              '<div class="charts">' + "".join(figures[SHOWN_CHARTS:]) + "</div>", "print"))
        key_rows = _key_rows(s.rows)
        body.append(_fold(text("results"), _html_table(_head(), _table(key_rows, s), 4, words=1) if len(key_rows)
                          else f"<p>{e(text('no_rows'))}</p>"))
        for table_title, head, cells in s.tables:
            unit_at = head.index(text("unit")) + 1 if text("unit") in head else 3
            body.append(_fold(table_title, _html_table(head, cells, unit_at)))
        body.append(_fold(text("rules"), f"<p>{_escape(_rules_note(s))}</p>"
                          + (_html_table([text("option"), text("value")],
                                         [list(i) for i in flatten_settings(s.rules)], 9, code=(0, 1))
                             if s.rules else f"<p>{e(text('defaults'))}</p>")))
        if s.strategies is not None:
            body.append(_fold(text("strategies"), _html_table(
                [text("strategy"), text("value")], [list(i) for i in flatten_settings(s.strategies)], 9, code=(0, 1))
                if s.strategies else f"<p>{e(text('none'))}</p>"))
        body.append(_fold(text("all_rows"), _html_table(_head(codes=True), _table(s.rows, codes=True), 4,
                                                        code=(0, 1)), "codes"))
        if s.extra_md:
            body.append(_html_text(s.extra_md))
        body.append("</section>")
    return (f"<!DOCTYPE html>\n<html lang=\"{i18n.language()}\"><head><meta charset=\"utf-8\">"
            f"<title>{e(title)}</title><style>{_CSS}</style></head><body>\n"
            + "\n".join(body) + f"\n{_PRINT_SCRIPT}\n</body></html>\n")
