"""The summary rows of 40 games of every arm of every shipped experiment (2 deals of a strength table), computed once
per test process: the unit test (``test_units.py``) and the label test (``test_labels.py``) read the same rows (the
expert arms take seconds)."""

import functools
from pathlib import Path

from cardodds.analysis.estimate import summarize
from cardodds.analysis.suite import SUITE_FILE
from cardodds.sim.experiment import load_arms
from cardodds.sim.streams import chunk_seed

CONFIGS = sorted(p for p in Path(SUITE_FILE).parent.glob("*.toml") if p != SUITE_FILE)
"""Every shipped experiment but the suite file."""


GAMES, STRENGTH_DEALS = 40, 2
"""Games of the chunk summed up; deals of a strength table's chunk (``*.strength`` tasks), whose rows are the same
metrics whatever the number of deals (score, draw and value of every match, ``sim.strength_task.measures``), while
each deal is a game of every match both ways round, of search rungs at milliseconds a decision (the Tấn expert table
took 400 s at 40 deals)."""


@functools.cache
def arm_rows(config: Path) -> list[tuple[object, list[dict]]]:
    """``(arm, rows)`` for every arm of ``config``: the summary of its first chunk (seed 1) of :data:`GAMES` games, or
    :data:`STRENGTH_DEALS` deals of a strength table."""
    out = []
    for exp in load_arms(config):
        n = STRENGTH_DEALS if exp.task.name.endswith(".strength") else GAMES
        out.append((exp, summarize(exp.task, exp.task.run_chunk(exp.params, chunk_seed(1, 0), n), exp.params)))
    return out
