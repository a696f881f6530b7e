"""The summary rows of 40 games of every arm of every shipped experiment, computed once per test process: the unit
test (``test_units.py``) and the label test (``test_labels.py``) read the same rows (the expert arms take seconds)."""

import functools
from pathlib import Path

from cardodds.analysis.estimate import summarize
from cardodds.analysis.suite import SUITE_FILE
from cardodds.sim.experiment import load_arms
from cardodds.sim.streams import chunk_seed

CONFIGS = sorted(p for p in Path(SUITE_FILE).parent.glob("*.toml") if p != SUITE_FILE)
"""Every shipped experiment but the suite file."""


@functools.cache
def arm_rows(config: Path, games: int = 40) -> list[tuple[object, list[dict]]]:
    """``(arm, rows)`` for every arm of ``config``: the summary of its first chunk of ``games`` games (seed 1)."""
    return [(exp, summarize(exp.task, exp.task.run_chunk(exp.params, chunk_seed(1, 0), games), exp.params))
            for exp in load_arms(config)]
