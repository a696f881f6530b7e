"""Arms on common random numbers: config parsing, paired differences, sweeps and the best value."""

import pandas as pd
import pytest

from cardodds.analysis.charts import MIN_CASES

from cardodds.analysis.arms import best_arm, paired_differences
from cardodds.analysis.suite import differences, run_arms, section_of
from cardodds.sim.errors import CardoddsError
from cardodds.sim.experiment import load_arms

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
    assert "Highest “the coin lands heads”: arm p=0.55" in section.extra_md
    assert isinstance(diffs, pd.DataFrame) and len(diffs) == 2


# ------------------------------------------------------------------------------- every chart shows every arm (issue 13)

def _section(tmp_path, task, games, chunk, text):
    """The report section of a small experiment with arms, run for real."""
    path = tmp_path / "arms.toml"
    path.write_text(f'[experiment]\nname = "x"\ntask = "{task}"\ngames = {games}\nchunk_size = {chunk}\nseed = 3\n'
                    + text, encoding="utf-8")
    return section_of(run_arms(load_arms(path), tmp_path / "out", jobs=1, resume=False, progress=False))


def _legend(fig):
    """The entries of a chart's legend (beside a panel or under them all)."""
    legend = next(lg for lg in [*fig.legends, *(ax.get_legend() for ax in fig.axes)] if lg is not None)
    return [t.get_text() for t in legend.get_texts()]


TAN_ARMS = ('[rules]\nplayers = 4\n[[arms]]\nname = "tan_52_8"\n[[arms]]\nname = "podkidnoy_36_6"\n[arms.rules]\n'
            'deck = 36\nhand_size = 6\nrefill_order = "attacker_others_defender"\n')


def test_tan_charts_show_both_arms_and_their_different_numbers(tmp_path):
    section = _section(tmp_path, "tan.play", 2000, 500, TAN_ARMS)
    rows = section.rows
    for name, metrics in (("lose_by_seat", ["lose", "draw", "truncated"]), ("lose_by_trumps", None)):
        fig = section.figures[name]
        assert _legend(fig) == ["Tấn: 52 cards, 8 each", "podkidnoy: 36 cards, 6 each"]  # the arms in words
        heights = {}
        for container in [c for c in fig.axes[0].containers if type(c).__name__ == "BarContainer"]:
            heights[container.get_label()] = [p.get_width() for p in container]
        # the bars are each arm's own estimates, in the chart's order
        for arm, drawn in zip(["tan_52_8", "podkidnoy_36_6"], heights.values()):
            mine = rows[rows.arm == arm]
            mine = mine[mine.metric.isin(metrics)] if metrics else mine[mine.metric.str.startswith("lose.by_trumps.")]
            cases = rows.groupby(["metric", rows.seat.astype("string").fillna("")]).n.max()
            seats = mine.seat.astype("string").fillna("")
            mine = mine[[cases[(m, s)] >= MIN_CASES for m, s in zip(mine.metric, seats)]]
            assert sorted(drawn) == pytest.approx(sorted(mine.estimate.tolist() + [0.0] * (len(drawn) - len(mine))))
        assert list(heights.values())[0] != list(heights.values())[1]
    assert "4 players" in section.figures["lose_by_seat"].axes[0].get_title()
    # the section says how each arm differs from the baseline (the Rules table shows the shared rules only)
    assert section.description.endswith("Arms: Tấn: 52 cards, 8 each (baseline); podkidnoy: 36 cards, 6 each "
                                        "(`rules.deck = 36`, `rules.hand_size = 6`, "
                                        "`rules.refill_order = attacker_others_defender`).")


def test_chan_play_charts_show_every_arm_and_who_sits_at_the_table(tmp_path):
    section = _section(tmp_path, "chan.play", 600, 300, '[[arms]]\nname = "basic"\n[[arms]]\nname = "heuristic_seat0"\n'
                       '[arms.strategies]\nseats = ["heuristic", "basic", "basic", "basic"]\n')
    figs = section.figures
    assert set(figs) == {"ladder", "win_by_seat", "cuoc", "noc_left", "thien_u_convergence"}
    for name in ("ladder", "win_by_seat", "cuoc"):
        assert _legend(figs[name])[:2] == ["basic", "heuristic at seat 0"]
    ladder = {}  # one panel per quantity: the win rate, then the points
    for ax in figs["ladder"].axes:
        for c in ax.containers:
            if type(c).__name__ == "BarContainer":
                ladder.setdefault({"basic": "basic"}.get(c.get_label(), "heuristic_seat0"), []).extend(
                    p.get_width() for p in c)
    assert len(figs["ladder"].axes) == 2 and ladder["basic"] != ladder["heuristic_seat0"]
    seat0 = section.rows[section.rows.seat == 0]
    for arm, (win, points) in ladder.items():  # seat 0's win rate and points a game, the seat whose player changes
        mine = seat0[seat0.arm == arm]
        assert [win, points] == pytest.approx([mine[mine.metric == m].estimate.item() for m in ("win", "points.game")])
    wins = {c.get_label(): [p.get_width() for p in c] for c in figs["win_by_seat"].axes[0].containers
            if type(c).__name__ == "BarContainer"}
    assert set(wins) == {"basic", "heuristic at seat 0"} and wins["basic"] != wins["heuristic at seat 0"]
    assert wins["basic"][:4] == pytest.approx(section.rows[(section.rows.arm == "basic")
                                                           & (section.rows.metric == "win")].estimate.tolist())
    assert _legend(figs["noc_left"]) == ["basic", "heuristic at seat 0"]
    # Thiên ù is decided by the deal: both arms' curves are the same one, drawn once under both names
    lines = figs["thien_u_convergence"].axes[0].get_lines()
    assert [l.get_label() for l in lines] == ["basic = heuristic at seat 0", "exact"]
    assert section.seating == [("basic (baseline)", "4 basic players"),
                               ("heuristic at seat 0", "seat 0: heuristic; seats 1–3: basic")]


def test_chan_deal_charts_show_every_arm(tmp_path):
    section = _section(tmp_path, "chan.deal", 2000, 1000,
                       '[[arms]]\nname = "cai0"\n[[arms]]\nname = "cai1"\n[arms.rules]\ncai_seat = 1\n')
    labels = _legend(section.figures["chan_count"])
    assert {"cai0, seat 0", "cai1, seat 0", "cai0, seat 1", "cai1, seat 1"} <= set(labels)
    lines = section.figures["thien_u_convergence"].axes[0].get_lines()
    assert [l.get_label() for l in lines] == ["cai0 = cai1", "exact"]  # the cái's 20 cards are dealt alike
    assert section.seating == []  # deals only: nobody plays


def test_sam_play_section_says_who_sits_at_the_table(tmp_path):
    section = _section(tmp_path, "sam.play", 400, 200,
                       '[strategies]\ndefault = { name = "control" }\n[[arms]]\nname = "never"\n[[arms]]\n'
                       'name = "t"\n[arms.strategies]\nseat0 = { name = "control", declare = "threshold", '
                       'threshold = 0.7, danger = 3 }\n')
    assert section.seating == [
        ("never declares (baseline)", "4 players, each: control, never declares Sâm"),  # the arm in words
        ("t", "seat 0: control (danger=3), declares Sâm at hand strength ≥ 0.7 (the naive baseline); "
              "seats 1–3: control, never declares Sâm"),
    ]


def test_tan_strategy_arms_chart_the_loss_by_table_seat(tmp_path):
    section = _section(tmp_path, "tan.play", 2000, 500, '[rules]\nplayers = 4\n[[arms]]\nname = "all_basic"\n[[arms]]\n'
                       'name = "h0"\n[arms.strategies]\nseats = ["heuristic", "basic", "basic", "basic"]\n')
    fig = section.figures["lose_by_table_seat"]
    assert _legend(fig) == ["all basic", "h0"]
    drawn = {c.get_label(): [p.get_width() for p in c] for c in fig.axes[0].containers
             if type(c).__name__ == "BarContainer"}
    rows = section.rows[section.rows.metric == "lose.at_table_seat"]
    for arm, label in (("all_basic", "all basic"), ("h0", "h0")):
        assert drawn[label] == pytest.approx(rows[rows.arm == arm].estimate.tolist())
    assert section.seating[1] == ("h0", "seat 0: heuristic; seats 1–3: basic")


def test_a_section_answers_its_headline_then_the_task_key_metrics():
    from cardodds.analysis.suite import questions

    key = [("lose", 0), ("lose", 1), ("draw", None), ("bouts.mean", None)]
    assert questions([("lose.at_table_seat", 0)], key) == [("lose.at_table_seat", 0), ("lose", 0), ("lose", 1),
                                                          ("draw", None)]
    assert questions([("draw", None), ("lose", 0)], key) == [("draw", None), ("lose", 0), ("lose", 1),
                                                             ("bouts.mean", None)]
    five = [("thien_u", 0), ("thien_u.bach_thu", 0), ("waiting", 1), ("waiting", 0), ("chan_count.mean", 1)]
    assert questions(five, key) == five
