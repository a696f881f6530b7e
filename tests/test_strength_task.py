"""The strength tasks (``tan/sam/chan.strength``): scores checked against the reference match code and against each
game's ``play`` task on the same deals; the report's ratings and time split; one-line errors."""

import numpy as np
import pytest

from cardodds.analysis import strength
from cardodds.analysis.strength_report import matches, rung_seconds, strength_parts
from cardodds.sim import strength_task as st
from cardodds.sim.errors import CardoddsError
from cardodds.sim.registry import get_task
from cardodds.sim.streams import chunk_seed
from cardodds.sim.tan.players import make_strategy

TAN_2P36 = {"players": 2, "deck": 36, "hand_size": 6, "trump_exchange": "none",
            "max_attack_cards": "defender_hand", "throw_in_after_take": False,
            "refill_order": "attacker_others_defender"}


def _params(task, rules, rungs, **more):
    t = get_task(task)
    return t, t.parse({"rules": rules, "strategies": {"rungs": rungs, **more}}, "test")


def test_game_scores_by_hand():
    a = np.array([True, False, True, False])  # A at seats 0 and 2
    decider = np.array([0, 1, 2, 3, -1])
    assert st.game_scores(decider, a, by_loser=True).tolist() == [0, 1, 0, 1, 0.5]
    assert st.game_scores(decider, a, by_loser=False).tolist() == [1, 0, 1, 0, 0.5]


def test_tan_score_equals_the_reference_match_on_the_same_deals():
    """``analysis.strength.match`` (numpy engine, its own loop) and the task's chunk (compiled where it can) play the
    same deals: the same score, interval and draws."""
    task, params = _params("tan.strength", TAN_2P36, ["basic", "heuristic", "tuned"])
    counts = task.run_chunk(params, chunk_seed(7, 0), 300)
    rows = {m.metric: m for m in task.measures(counts, params)}
    for a, b in [("basic", "heuristic"), ("basic", "tuned"), ("heuristic", "tuned")]:
        ref = strength.match(make_strategy(a), make_strategy(b), strength.TABLES["2p36"], 300, 7)
        mean = rows[f"score.{a}.{b}"]
        assert mean.total / mean.n == pytest.approx(ref.score, abs=1e-12)
        sd = np.sqrt((mean.total_sq - mean.total ** 2 / mean.n) / (mean.n - 1))
        assert 1.959963984540054 * sd / np.sqrt(mean.n) == pytest.approx((ref.high - ref.low) / 2, rel=1e-9)
        assert rows[f"draw.{a}.{b}"].k / rows[f"draw.{a}.{b}"].n == pytest.approx(ref.draws)


def test_a_player_against_its_copy_scores_one_half_on_every_deal_pair():
    task, params = _params("tan.strength", {"players": 4}, ["tuned", {"name": "tuned", "label": "again"}])
    counts = task.run_chunk(params, chunk_seed(3, 0), 200)
    assert counts["score"][0] == 100 and counts["score_sq"][0] == 50  # every pair exactly ½


@pytest.mark.parametrize("game,rungs", [("sam", ["greedy", "control"]), ("chan", ["basic", "heuristic"])])
def test_score_and_value_equal_the_play_task_on_the_same_deals(game, rungs):
    """Each seating played by ``<game>.play`` on the chunk's deals: A's wins (a Chắn draw ½) and its seats' payoff
    over both seatings give the strength task's score and value."""
    task, params = _params(f"{game}.strength", {}, rungs)
    n, seq = 120, chunk_seed(11, 0)
    counts = task.run_chunk(params, seq, n)
    play = get_task(f"{game}.play")
    score = value = 0.0
    for a_seats in st.seat_sides(4):
        seats = [rungs[0] if s else rungs[1] for s in a_seats]
        c = play.run_chunk(play.parse({"strategies": {"seats": seats}}, "test"), seq, n)
        score += c["win"][a_seats].sum() + 0.5 * int(c.get("draw", 0))
        value += (c["cuoc_sum"] if game == "sam" else c["net"])[a_seats].sum() / 2
    assert counts["score"][0] == pytest.approx(score / 2)
    assert counts["value"][0] == pytest.approx(value / 2)
    assert 0 < counts["score"][0] / n < 1


def test_bad_rungs_are_one_line_errors():
    for strategies, says in [({"rungs": ["basic"]}, "at least 2"),
                             ({"rungs": ["basic", "basic"]}, "listed twice"),
                             ({"rungs": ["basic", "tuned"], "anchor": "expert"}, "anchor 'expert' is not a rung"),
                             ({"rungs": ["basic", "tuned"], "field": "x"}, "unknown key 'field'"),
                             ({"rungs": ["basic", "nosuch"]}, "nosuch")]:
        with pytest.raises(CardoddsError, match=says) as exc:
            get_task("tan.strength").parse({"rules": {}, "strategies": strategies}, "x.toml")
        assert "\n" not in str(exc.value)


def test_rung_seconds_recover_additive_times():
    _, params = _params("tan.strength", {}, ["basic", "heuristic", "tuned", "classic"])
    t = np.array([1.0, 2.0, 3.0, 5.0])
    cpu = np.array([(t[i] + t[j]) * 2 * 10 for i, j in st.pairs(params)])
    assert rung_seconds(params, cpu, 10) == pytest.approx(t)


def test_the_report_rates_the_rungs_from_the_rows(tmp_path):
    from cardodds.analysis.suite import run_one
    from cardodds.sim.experiment import load_arms

    config = tmp_path / "s.toml"
    config.write_text('[experiment]\nname = "s"\ntask = "tan.strength"\ngames = 400\nchunk_size = 200\n'
                      '[rules]\nplayers = 2\n[strategies]\nrungs = ["basic", "heuristic", "tuned"]\n'
                      'anchor = "tuned"\n', encoding="utf-8")
    outcome = run_one(load_arms(config)[0], tmp_path / "run", jobs=1, resume=False, progress=None)
    found = matches(outcome.rows, outcome.result.experiment.params)
    rated = {r.name: r for r in strength.bradley_terry(found, anchor="tuned")}
    assert rated["tuned"].elo == 0 and rated["basic"].elo < rated["heuristic"].elo < 0
    tables, figures, notes = strength_parts(outcome, "Tấn")
    scores, ratings = tables[0], tables[-1]
    assert scores[2][0] == ["`basic`", "", scores[2][0][2], scores[2][0][3]]
    assert [c[0] for c in ratings[2]] == ["`basic`", "`heuristic`", "`tuned`"]
    assert ratings[2][2][1] == "0" and "ratings" in figures and "`tuned`" in notes[0]


@pytest.mark.parametrize("task, lang, value", [("sam.strength", "vi", "Cược"), ("sam.strength", "en", "cược"),
                                               ("chan.strength", "en", "net points")])
def test_the_values_table_names_the_value_the_game_declares(tmp_path, task, lang, value):
    """The strength section's values table says what the value is as the game's strength task declares it
    (``Game.value_name``: Sâm's cược, Chắn's net points), in the report's language."""
    from cardodds.analysis import i18n
    from cardodds.analysis.suite import run_one
    from cardodds.sim.experiment import load_arms

    rungs = '["random", "control"]' if task.startswith("sam") else '["basic", "heuristic"]'
    config = tmp_path / "s.toml"
    config.write_text(f'[experiment]\nname = "s"\ntask = "{task}"\ngames = 40\nchunk_size = 40\n'
                      f'[strategies]\nrungs = {rungs}\n', encoding="utf-8")
    outcome = run_one(load_arms(config)[0], tmp_path / "run", jobs=1, resume=False, progress=None)
    with i18n.using(lang):
        tables, _, _ = strength_parts(outcome, task)
    assert tables[1][0].startswith(value) or f" {value} " in tables[1][0], tables[1][0]
