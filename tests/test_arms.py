"""Arms on common random numbers: config parsing, paired differences, sweeps and the best value."""

import pandas as pd
import pytest

from analysis.arms import best_arm, paired_differences
from analysis.suite import differences, run_arms, section_of
from sim.errors import CardoddsError
from sim.experiment import load_arms

HEAD = """
[experiment]
name = "coins"
task = "demo.coin"
games = 100000
chunk_size = 5000
seed = 11
[rules]
p = 0.5
"""


def write(tmp_path, text):
    path = tmp_path / "exp.toml"
    path.write_text(HEAD + text)
    return path


def test_arms_overlay_their_tables_on_the_shared_ones(tmp_path):
    arms = load_arms(write(tmp_path, '[[arms]]\nname = "fair"\n[[arms]]\nname = "biased"\nbaseline = true\n[arms.rules]\np = 0.6\n'))
    assert [a.arm for a in arms] == ["biased", "fair"]
    assert [a.params.p for a in arms] == [0.6, 0.5]
    assert {a.baseline for a in arms} == {"biased"} and len({a.identity_hash() for a in arms}) == 2
    assert {a.seed for a in arms} == {11}


@pytest.mark.parametrize(
    "text, message",
    [
        ('[[arms]]\nname = "a"\n[[arms]]\nname = "a"\n', "two arms are named 'a'"),
        ('[[arms]]\nname = "a"\n[arms.rulez]\np = 1\n', "unknown key 'rulez'"),
        ('[[arms]]\nname = "a b"\n', "each arm needs a 'name'"),
        ('[[arms]]\nname = "a"\n[arms.rules]\np = 2.0\n', "arm 'a'"),
        ('[sweep]\nparameter = "p"\nvalues = [0.1, 0.2]\n', "dotted key inside one of rules"),
        ('[sweep]\nparameter = "rules.p"\nvalues = [0.1]\n', "at least two"),
        ('[sweep]\nparameter = "rules.p"\nvalues = [0.1, 0.2]\nbaseline = 0.3\n', "not one of the values"),
        ('[sweep]\nparameter = "rules.p"\nvalues = [0.1, 0.2]\nobjective = "heads:x"\n', "'objective' must be"),
        ('[sweep]\nparameter = "rules.p"\nvalues = [0.1, 0.2]\ngoal = "best"\nobjective = "heads"\n', "'goal' must be"),
        ('[sweep]\nparameter = "rules.p"\nvalues = [0.1, 0.2]\n[[arms]]\nname = "a"\n', "not both"),
    ],
)
def test_bad_arms_are_one_line_errors(tmp_path, text, message):
    with pytest.raises(CardoddsError, match=message) as err:
        load_arms(write(tmp_path, text))
    assert "\n" not in str(err.value)


@pytest.fixture(scope="module")
def sweep_outcomes(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("sweep")
    path = tmp / "sweep.toml"
    path.write_text(HEAD + '[sweep]\nparameter = "rules.p"\nvalues = [0.4, 0.5, 0.55]\nbaseline = 0.5\nobjective = "heads"\n')
    arms = load_arms(path)
    return run_arms(arms, tmp / "out", jobs=1, resume=False, progress=False)


def test_paired_difference_is_right_and_narrower_than_independent(sweep_outcomes):
    base, low, high = sweep_outcomes
    assert [o.result.experiment.arm for o in sweep_outcomes] == ["p=0.5", "p=0.4", "p=0.55"]
    diff = paired_differences(base, high).iloc[0]
    assert diff.ci_low < 0.05 < diff.ci_high  # the true difference
    assert diff.difference == pytest.approx(high.rows.estimate[0] - base.rows.estimate[0])
    # Same coins: a flip differs between arms only when its uniform lies between 0.5 and 0.55.
    assert diff.independent_half_width > 2 * (diff.ci_high - diff.ci_low) / 2
    assert diff.p_value < 1e-6 and diff.chunks == 20


def test_best_value_and_report_section(sweep_outcomes):
    diffs = differences(sweep_outcomes)
    best = best_arm(sweep_outcomes, diffs, ("heads", None, "max"))
    assert best["best"] == "p=0.55" and best["runner_up"] == "p=0.5"
    assert best["margin_ci"][0] < 0.05 < best["margin_ci"][1]
    section = section_of(sweep_outcomes)
    assert "sweep" in section.figures and len(section.tables) == 1
    assert set(section.rows.arm) == {"p=0.5", "p=0.4", "p=0.55"}
    assert "Best max of heads: arm p=0.55" in section.extra_md
    assert isinstance(diffs, pd.DataFrame) and len(diffs) == 2
