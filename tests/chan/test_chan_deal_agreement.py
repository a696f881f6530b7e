"""Simulated deal odds agree with the exact combinatorics: 10^7 tables through the real runner."""

import numpy as np
import pytest

from cardodds.analysis.estimate import rows_frame, summarize
from cardodds.sim.experiment import load_experiment
from cardodds.sim.runner import run_experiment


@pytest.fixture(scope="module")
def ten_million(tmp_path_factory):
    exp = load_experiment("configs/chan_deal.toml", games=10_000_000, seed=7)
    result = run_experiment(exp, tmp_path_factory.mktemp("run"), jobs=2, progress=False)
    return rows_frame(summarize(exp.task, result.counts, exp.params), arm="test")


def test_thien_u_within_four_standard_errors(ten_million):
    row = ten_million[ten_million.metric == "thien_u"].iloc[0]
    se = np.sqrt(row.exact * (1 - row.exact) / row.n)
    assert row.n == 10_000_000
    assert abs(row.estimate - row.exact) < 4 * se


def test_every_exact_value_agrees(ten_million):
    rows = ten_million.dropna(subset=["exact"])
    props = rows[~rows.metric.str.endswith(".mean") & (rows.exact > 0)]
    z = (props.estimate - props.exact) / np.sqrt(props.exact * (1 - props.exact) / props.n)
    assert len(props) > 100
    assert (z.abs() < 5).all(), props.assign(z=z).loc[z.abs() >= 5, ["metric", "seat", "estimate", "exact"]]
    means = rows[rows.metric.str.endswith(".mean")]
    half = (means.ci_high - means.ci_low) / 2
    assert (abs(means.estimate - means.exact) < 2.6 * half).all()
