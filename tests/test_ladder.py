"""``[ladder]``: each rung at table seat 0 against a field, as arms on the same deals, with the ladder's charts."""

import numpy as np
import pytest

from cardodds.analysis.suite import read_suite, run_arms, section_of
from cardodds.sim.errors import CardoddsError
from cardodds.sim.experiment import load_arms
from cardodds.sim.tan.deal import deal_orders
from cardodds.sim.tan.players import make_strategy
from cardodds.sim.tan.reference import TanGame
from cardodds.sim.tan.rules import TanRules

HEAD = """[experiment]
name = "lad"
task = "tan.play"
games = 600
chunk_size = 200
[rules]
players = {players}
"""


def write(tmp_path, ladder, players=3, extra=""):
    path = tmp_path / "lad.toml"
    path.write_text(HEAD.format(players=players) + extra + "[ladder]\n" + ladder)
    return path


def test_field_puts_each_rung_at_seat_0_against_the_field_and_the_mirror_first(tmp_path):
    arms = load_arms(write(tmp_path, 'rungs = ["basic", "heuristic", "beginner"]\nfield = "heuristic"\n'))
    assert [a.arm for a in arms] == ["heuristic_vs_heuristic", "basic_vs_heuristic", "beginner_vs_heuristic"]
    assert [s.name for s in arms[1].params.strategies] == ["basic", "heuristic", "heuristic"]
    assert all(a.baseline == "heuristic_vs_heuristic" and a.seed == arms[0].seed for a in arms)
    assert arms[2].ladder == ("beginner", "heuristic", 2) and arms[0].ladder == ("heuristic", "heuristic", 1)


def test_round_robin_and_self(tmp_path):
    arms = load_arms(write(tmp_path, 'rungs = ["random", "basic", {name = "heuristic", overload = false}]\n'))
    assert len(arms) == 9 and arms[0].arm == "random_vs_random"
    assert [s.name for s in arms[5].params.strategies] == ["basic", "heuristic", "heuristic"]
    assert arms[5].params.strategies[1].overload is False
    mirror = load_arms(write(tmp_path, 'rungs = ["basic", "tuned"]\nfield = "self"\n', players=2))
    assert [a.arm for a in mirror] == ["basic_vs_basic", "tuned_vs_tuned"]
    assert [s.name for s in mirror[1].params.strategies] == ["tuned", "tuned"]


def test_mixed_table_rotates_the_rungs_round_one_table(tmp_path):
    arms = load_arms(write(tmp_path, 'rungs = ["basic", "heuristic", "tuned"]\nfield = "mixed"\n'))
    assert [a.arm for a in arms] == ["mixed_0", "mixed_1", "mixed_2"]
    assert [[s.name for s in a.params.strategies] for a in arms] == [
        ["basic", "heuristic", "tuned"], ["tuned", "basic", "heuristic"], ["heuristic", "tuned", "basic"]]
    assert arms[1].ladder == ("mixed", ("tuned", "basic", "heuristic"), 1)
    outcomes = run_arms(arms, tmp_path / "run", jobs=1, resume=False, progress=False)
    heat = section_of(outcomes).figures["ladder_lose"].axes[0]
    assert [t.get_text() for t in heat.get_yticklabels()] == ["basic", "heuristic", "tuned"]
    with pytest.raises(CardoddsError, match="give 3 rungs for 3 players, not 2"):
        load_arms(write(tmp_path, 'rungs = ["basic", "heuristic"]\nfield = "mixed"\n'))


@pytest.mark.parametrize("ladder,extra,match", [
    ('rungs = ["basic"]\n', "", "at least two"),
    ('rungs = ["basic", "basic"]\n', "", "twice"),
    ('rungs = ["basic", "nobody"]\n', "", "unknown Tấn strategy 'nobody'"),
    ('rungs = ["basic", "heuristic"]\nseat = 1\n', "", "unknown key 'seat'"),
    ('rungs = ["basic", "heuristic"]\n', '[strategies]\nname = "basic"\n', "leave out \\[strategies\\]"),
    ('rungs = ["basic", "heuristic"]\n', '[sweep]\nparameter = "rules.players"\nvalues = [2, 3]\n', "not both \\[sweep\\] and \\[ladder\\]"),
])
def test_bad_ladders_are_one_line(tmp_path, ladder, extra, match):
    with pytest.raises(CardoddsError, match=match):
        load_arms(write(tmp_path, ladder, extra=extra))


def test_ladder_runs_with_its_charts_and_is_in_the_suite(tmp_path):
    arms = load_arms(write(tmp_path, 'rungs = ["random", "heuristic"]\nfield = "heuristic"\n'))
    outcomes = run_arms(arms, tmp_path / "run", jobs=1, resume=False, progress=False)
    section = section_of(outcomes)
    assert {"ladder_lose", "ladder_draw"} <= set(section.figures)
    heat = section.figures["ladder_lose"].axes[0]
    assert [t.get_text() for t in heat.get_yticklabels()] == ["random", "heuristic"]  # the file's order
    rows = outcomes[1].rows
    by_seat = rows[rows.metric == "lose.seat0_at"]
    assert len(by_seat) == 3 and (by_seat.n.sum() == 600)
    # random at seat 0 loses more than a heuristic does at the same seat on the same deals
    lose = [float(o.rows[(o.rows.metric == "lose.at_table_seat") & (o.rows.seat == 0)].estimate.iloc[0])
            for o in outcomes]
    assert lose[1] > lose[0]
    configs = [path.name for path, _ in read_suite()]
    assert "tan_ladder.toml" in configs and "tan_mirror.toml" in configs
    for name in ("tan_ladder.toml", "tan_mirror.toml"):
        suite_arms = load_arms(next(p for p, _ in read_suite() if p.name == name), quick=True)
        assert "tuned" in [a.ladder[0] for a in suite_arms]


@pytest.mark.parametrize("rung", ["basic", "heuristic"])
def test_two_player_mirror_draws_come_from_endgames_without_a_take(rung):
    """What configs/tan_mirror.toml says: for the rungs that do not count cards nearly every draw has no take (lên)
    after the last refill, because with the stock empty a defended bout costs both players the same number of cards."""
    rules, s = TanRules(players=2), make_strategy(rung)
    orders, first = deal_orders(rules, np.random.default_rng(3), 3000 if rung == "basic" else 1500)
    draws = without_take = 0
    for order, fa in zip(orders, first):
        game = TanGame(rules, order, int(fa), [s, s])
        if not game.play().draw:
            continue
        last_refill = max((k for k, e in enumerate(game.log) if e[0] == "draw"), default=-1)
        draws += 1
        without_take += not any(e[0] == "take" for e in game.log[last_refill + 1:])
    assert draws > (500 if rung == "basic" else 60)
    assert without_take >= 0.95 * draws
