"""The registry of experiment tasks: what the runner can play, by name.

A task is one kind of experiment (``chan.deal``: deal Chắn tables and measure the hands).  It knows how to turn the
config's ``[rules]`` / ``[strategies]`` tables into validated parameters, how to play one chunk of games into
additive counts, and which measures (``cardodds.sim.measures``) and charts (``cardodds.sim.chart_specs``) merged counts make; it
declares them as data and the analysis layer alone turns them into rows, intervals, charts and report sections.  The
tasks are found through the games' specs (``GameSpec.tasks``, :mod:`cardodds.sim.games`): a new game lists its task
modules in its spec; a lone task can also be registered at run time (:func:`register_task`).
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping

import numpy as np

from cardodds.sim.errors import CardoddsError
from cardodds.sim.game_spec import read_words

Counts = dict[str, np.ndarray]
"""Sufficient statistics of a chunk: named integer/float arrays that merge by addition.  Always holds ``games``."""

@dataclass(frozen=True)
class Task:
    """One kind of experiment.

    Attributes
    ----------
    name : str
        ``"<game>.<what>"``, the value of ``task`` in a config's ``[experiment]`` table.
    parse : callable
        ``parse(sections, where) -> params``: validate the config sections (``{"rules": {...}, "strategies": {...}}``)
        into a picklable parameters object; raise ``CardoddsError`` on anything unknown or impossible.
    run_chunk : callable
        ``run_chunk(params, seed_seq, n) -> Counts``: play ``n`` games with the chunk's SeedSequence.
    measures : callable
        ``measures(counts, params) -> list[Measure]``: every metric's sufficient statistics (``cardodds.sim.measures``), with
        exact values where known; ``cardodds.analysis.estimate.summarize`` makes the rows with intervals.
    sections : tuple of str
        Config sections the task reads besides ``[experiment]``.
    charts : callable, optional
        ``charts(outcomes) -> dict[str, ChartSpec]``, given every arm's finished outcome (each with ``rows``,
        ``result.counts``, ``result.chunk_counts`` and ``result.experiment``; the baseline first): what to draw, as
        data (``cardodds.sim.chart_specs``); every chart shows every arm.
    units : dict of str to str
        What each metric is counted per (``"per game"``, ``"per hand"``, ``"points per win"`` …), keyed by metric name
        or by a family prefix (``"cuoc"`` covers ``cuoc.tom``); see :meth:`unit_of`.
    labels : dict of str to dict
        Each metric in words, per language (``{"en": {...}, "vi": {...}}``), keyed by metric name or by a pattern
        whose ``<name>`` parts stand for one dotted part (``"lose.by_trumps.<k>": "loses, dealt {k} trumps"``); a
        key ``"<name>"`` holding a dict names the part's values in words (``"<cuoc>": {"tom": "Tôm"}``); see
        :meth:`label_of`.  A game's tasks read theirs from data files, a file a language (:func:`read_labels`).
    words : dict of str to dict
        The task's chart texts (titles, axis labels) in other languages, keyed by the English text
        (``{"vi": {"Coins: how often heads": "…"}}``); the report uses them before its own table of chart words.
    seating : callable, optional
        ``seating(params) -> list[str]``: who sits at each seat, for full games.
    key_metrics : list or callable
        ``[(metric, seat), ...]`` the report compares the arms on, or a function of the arms' parameters giving that
        list.
    notes : callable, optional
        ``notes(params) -> str``: a line the report adds under an arm (empty for none).
    tune_objective : tuple, optional
        ``(metric, "max" | "min")``: what ``cardodds tune`` optimises at the tuned seat.
    gain_share : dict, optional
        A row derived from several arms: ``metric``, ``seat``, ``name`` of the row and ``upper(params)`` telling the
        arm that bounds the gain (``cardodds.analysis.gain_share``).
    """

    name: str
    parse: Callable[[dict, str], Any]
    run_chunk: Callable[[Any, np.random.SeedSequence, int], Counts]
    measures: Callable[[Counts, Any], list]
    sections: tuple[str, ...] = ("rules",)
    charts: Callable[..., dict] | None = None
    seating: Callable[[Any], list[str]] | None = None
    key_metrics: list[tuple[str, int | None]] | Callable[..., list] = ()
    notes: Callable[[Any], str] | None = None
    tune_objective: tuple[str, str] | None = None
    gain_share: dict[str, Any] | None = None
    units: dict[str, str] = field(default_factory=dict)
    labels: dict[str, dict[str, Any]] = field(default_factory=dict)
    words: dict[str, dict[str, str]] = field(default_factory=dict)

    def unit_of(self, metric: str) -> str:
        """The declared unit of ``metric``: its own entry, else that of its longest dotted prefix (``lose.by_trumps``
        for ``lose.by_trumps.3``).  A metric the task did not declare is a programming error (``KeyError``)."""
        name = metric
        while name not in self.units:
            if "." not in name:
                raise KeyError(f"task {self.name}: no unit declared for metric {metric!r}")
            name = name.rsplit(".", 1)[0]
        return self.units[name]

    def label_of(self, metric: str, lang: str = "en") -> str:
        """``metric`` in words in language ``lang``, from the task's ``labels``: its own entry, else the first pattern
        that matches it.  A metric or language the task did not label is a programming error (``KeyError`` naming
        both): add the metric to the task's labels (a game's: its folder's ``labels.<lang>.toml``)."""
        table = self.labels.get(lang)
        if table is None:
            raise KeyError(f"task {self.name}: no labels in language {lang!r} "
                           f"(add the game's labels.{lang}.toml, or labels[{lang!r}] to a task of one's own)")
        text = table.get(metric)
        if isinstance(text, str):
            return text
        for pattern, text in table.items():
            match = _pattern(pattern).fullmatch(metric) if "<" in pattern and isinstance(text, str) else None
            if match:
                return text.format(**{k: _part_words(table, k, v, self.name, metric)
                                      for k, v in match.groupdict().items()})
        raise KeyError(f"task {self.name}: no {lang!r} label for metric {metric!r} (add it to the task's labels)")


def _pattern(key: str) -> re.Pattern:
    """``lose.by_trumps.<k>`` as a regular expression: each ``<name>`` matches one dotted part."""
    parts = re.split(r"<(\w+)>", key)
    return re.compile("".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>[^.]+)" for i, p in enumerate(parts)))


def _part_words(table: dict, name: str, value: str, task: str, metric: str) -> str:
    """A matched part in words: through the table's ``"<name>"`` dict when it has one, else as it is."""
    words = table.get(f"<{name}>")
    if words is None:
        return value
    if value not in words:
        raise KeyError(f"task {task}: no words for {value!r} in <{name}> (metric {metric!r}); "
                       "add it to the task's labels")
    return words[value]


def read_labels(folder: str | Path, table: str, **parts: Mapping[str, str]) -> dict[str, dict[str, Any]]:
    """A task's labels (:attr:`Task.labels`) read from table ``table`` of the TOML files ``labels.<lang>.toml`` in
    ``folder``, one a language (:func:`~cardodds.sim.game_spec.read_words`: a translator adds a language by adding
    files); ``parts`` names a pattern part's values the same in every language, the game's own terms
    (``cuoc=CUOC_NAMES`` gives the ``"<cuoc>"`` words)."""
    own = {f"<{name}>": dict(words) for name, words in parts.items()}
    return {lang: {**tables.get(table, {}), **own} for lang, tables in read_words(folder, "labels").items()}


_REGISTERED: dict[str, Task] = {}
"""Lone tasks registered at run time (:func:`register_task`), by name."""


def _game_tasks() -> dict[str, Any]:
    """Every game's tasks (``GameSpec.tasks``): name to the module exporting its ``TASK``, or the ``Task``."""
    from cardodds.sim.games import games

    return {name: where for spec in games() for name, where in spec.tasks.items()}


def register_task(task: Task) -> None:
    """Make ``task`` runnable by its name (``task = "<game>.<what>"`` in a config), beside the games' tasks.

    Its functions must be importable by module and name (defined at the top level of a module), so that pool
    workers can play its chunks.  Registering a name again replaces the earlier task; a game's task name cannot be
    taken.  A whole new game registers its spec instead (``cardodds.sim.games.register_game``).
    """
    if task.name in _game_tasks():
        raise CardoddsError(f"task '{task.name}' is a game's own; register a new task under another name")
    _REGISTERED[task.name] = task


def task_names() -> list[str]:
    """Names of all known tasks: the games' and those registered at run time."""
    return sorted({*_game_tasks(), *_REGISTERED})


def get_task(name: str) -> Task:
    """The task known as ``name``."""
    if name in _REGISTERED:
        return _REGISTERED[name]
    where = _game_tasks().get(name)
    if where is None:
        raise CardoddsError(f"unknown task '{name}' (known: {', '.join(task_names())})")
    return importlib.import_module(where).TASK if isinstance(where, str) else where
