"""The share of the oracle's gain an arm captures (a row derived from three arms on the same deals)."""

import numpy as np

from cardodds.analysis.suite import run_arms
from cardodds.sim.experiment import load_arms

CONFIG = """
[experiment]
name = "share"
task = "sam.play"
games = 6000
chunk_size = 500
seed = 3
[rules]
players = 4
[strategies]
default = { name = "control" }
seat0 = { name = "control", declare = "never" }
[[arms]]
name = "never"
[[arms]]
name = "same_as_never"
[arms.strategies]
seat0 = { declare = "threshold", threshold = 1.0 }
[[arms]]
name = "bayes"
[arms.strategies]
seat0 = { declare = "bayes", samples = 64 }
[[arms]]
name = "oracle"
[arms.strategies]
seat0 = { declare = "oracle" }
"""


def _row(o, metric):
    r = o.rows[(o.rows.metric == metric) & (o.rows.seat == 0)]
    return r.iloc[0] if len(r) else None


def test_share_of_the_oracle_gain(tmp_path):
    (tmp_path / "s.toml").write_text(CONFIG)
    never, same, bayes, oracle = run_arms(load_arms(tmp_path / "s.toml"), tmp_path / "out", jobs=1, resume=False,
                                          progress=False)
    assert _row(never, "sam.oracle_share") is None and _row(oracle, "sam.oracle_share") is None
    cuoc = {o.arm: _row(o, "cuoc.mean").estimate for o in (never, bayes, oracle)}
    assert cuoc["oracle"] > cuoc["never"]
    row = _row(bayes, "sam.oracle_share")
    want = (cuoc["bayes"] - cuoc["never"]) / (cuoc["oracle"] - cuoc["never"])
    assert np.isclose(row.estimate, want)
    assert row.ci_low < row.estimate < row.ci_high and row.unit == "share of the oracle's gain in cược per game"
    assert row.ci_high - row.ci_low < 2  # the paired chunks make it a usable interval
    zero = _row(same, "sam.oracle_share")  # an arm that plays exactly as the baseline captures nothing, surely
    assert zero.estimate == 0 and zero.ci_low == zero.ci_high == 0
