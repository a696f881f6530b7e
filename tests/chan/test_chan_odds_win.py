"""``cardodds odds chan --hand H --seat S``: the simulated chance of a fixed hand to win the game."""

import json

import numpy as np
import pytest

from cardodds.cli import main
from cardodds.sim.chan.batch import play_batch
from cardodds.sim.chan.cards import parse_hand
from cardodds.sim.chan.deal import deal_orders, seat_slices
from cardodds.sim.chan.hand_odds import cli_seat, fixed_hand_orders, odds_chan, win_chance
from cardodds.sim.chan.rules import ChanRules
from cardodds.sim.errors import CardoddsError

WAITING = "2W 2W 3V 3V 4S 4S 5W 5W 6V 6V 2V 2S 3W 3S 7W 7V 8W 8S 9V"  # 5 chắn, 4 cạ, waits on 9V
WEAK = "2W 2V 2S 3W 3V 3S 4W 4V 4S 5W 5V 5S 6W 6V 6S 7W 7V 7S CC"  # no chắn at all
THIEN_U = " ".join(["2W 2W 3W 3W 4W 4W 5W 5W 6W 6W 7W 7W 8W 8W 9W 9W 2V 2V 3V 3V"])  # ten chắn


@pytest.mark.parametrize("seat, cai", [(0, 0), (1, 0), (3, 0), (2, 1)])
def test_fixed_hand_orders_keep_the_hand_and_deal_the_rest(seat, cai):
    counts = parse_hand(THIEN_U if seat == cai else WAITING)
    orders = fixed_hand_orders(counts, seat, cai, np.random.default_rng(4), 50)
    assert (np.sort(orders, axis=1) == np.arange(100)).all()  # every card once
    for row in orders:
        assert (np.bincount(row[seat_slices(cai)[seat]] // 4, minlength=25) == counts).all()
    assert len({tuple(r) for r in orders}) == 50  # the others are shuffled


def test_a_waiting_hand_wins_far_more_than_an_average_or_weak_one():
    w = win_chance(WAITING, 1, 3000, seed=3)
    weak = win_chance(WEAK, 1, 3000, seed=3)
    res = play_batch(ChanRules(), deal_orders(np.random.default_rng(3), 3000))
    average = float((res.winner == 1).mean())  # seat 1 over random deals: about 0.26
    assert w["p_win"] > average + 0.15 > weak["p_win"] + 0.25
    assert w["ci_low"] < w["p_win"] < w["ci_high"] and w["ci_high"] - w["ci_low"] < 0.04
    assert w["wins"] == round(w["p_win"] * 3000) and w["games"] == 3000 and w["seat"] == 1


def test_the_cai_with_thien_u_always_wins():
    w = win_chance(THIEN_U, 0, 200)
    assert w["wins"] == 200 and w["p_draw"] == 0 and w["ci_high"] == pytest.approx(1.0)


def test_same_seed_same_answer():
    assert win_chance(WAITING, 2, 500, seed=9) == win_chance(WAITING, 2, 500, seed=9)


@pytest.mark.parametrize("hand, seat, message", [
    (WAITING, 0, "a hand at the cái's seat has 20 cards, this one has 19"),
    (THIEN_U, 2, "a hand at seat 2 .* has 19 cards, this one has 20"),
    (WAITING, 4, "--seat must be 0..3 for Chắn, not 4"),
    (WAITING, -1, "--seat must be 0..3 for Chắn, not -1"),
    ("9V 9V CC", 1, "has 19 or 20 cards, this one has 3"),
])
def test_bad_input(hand, seat, message):
    with pytest.raises(CardoddsError, match=message):
        win_chance(hand, seat, 10)


def test_odds_chan_includes_win_chance_only_with_a_seat():
    plain = odds_chan(WAITING)
    assert "win_chance" not in plain
    with_seat = odds_chan(WAITING, seat=3, games=300, seed=2)
    assert with_seat["win_chance"] == win_chance(WAITING, 3, 300, 2)
    assert {k: v for k, v in with_seat.items() if k != "win_chance"} == plain


def test_cli_seat_reading():
    # No --seat: the cái's seat for 20 cards, the next seat for 19; a given seat is kept.
    assert cli_seat(WAITING, None) == 1 and cli_seat(THIEN_U, None) == 0
    assert cli_seat(WAITING, 2) == 2 and cli_seat(THIEN_U, 0) == 0


def test_cli(capsys):
    code = main(["odds", "chan", "--hand", WAITING, "--seat", "1", "--games", "400", "--seed", "5", "--json"])
    d = json.loads(capsys.readouterr().out)
    assert code == 0 and d["win_chance"] == win_chance(WAITING, 1, 400, 5)
    code = main(["odds", "chan", "--hand", WAITING, "--seat", "1", "--games", "400"])
    out = capsys.readouterr().out
    assert code == 0 and "chance to win this game at seat 1" in out and "95% CI" in out
    code = main(["odds", "chan", "--hand", THIEN_U, "--seat", "2", "--games", "10"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "has 19 cards, this one has 20" in err


def test_a_thien_u_hand_is_worth_three_times_its_points_every_game():
    d = odds_chan(THIEN_U, seat=0, games=100)
    w = d["win_chance"]
    assert d["points"] == 11  # Thiên ù 3, Thập thành 4, Bạch định 4
    assert w["points_game"] == 3 * d["points"] and w["points_win"] == d["points"]
    assert w["points_ci_low"] == w["points_ci_high"] == 33


def test_expected_points_are_the_net_points_the_play_task_counts():
    from cardodds.sim.chan.hand_odds import table_players
    from cardodds.sim.chan.play_task import add_batch, empty_counts
    from cardodds.sim.odds_batches import batches
    from cardodds.sim.streams import DEAL, stream

    w = win_chance(WAITING, 2, 1000, seed=4, strategy="cuoc")
    counts = empty_counts()
    players = table_players("cuoc", 2)
    for seq, n in batches(1000, 4, desc="t", progress=False):
        orders = fixed_hand_orders(parse_hand(WAITING), 2, 0, stream(seq, DEAL), n)
        add_batch(counts, play_batch(ChanRules(), orders, players))
    assert w["points_game"] == pytest.approx(counts["net"][2] / 1000)
    assert w["points_win"] == pytest.approx(counts["points_win"][2] / counts["win"][2])
    assert w["wins"] == counts["win"][2] and w["strategy"] == "cuoc"
    assert w["points_ci_low"] < w["points_game"] < w["points_ci_high"]


def test_the_strategy_at_the_seat_changes_the_answer_and_unplayable_ones_are_refused():
    basic = win_chance(WEAK, 1, 2000, seed=6)
    seeker = win_chance(WEAK, 1, 2000, seed=6, strategy={"name": "cuoc", "bach_thu": 8})
    assert basic["strategy"] == "basic" and (basic["wins"], basic["points_game"]) != (seeker["wins"], seeker["points_game"])
    with pytest.raises(CardoddsError, match="--strategy: odds chan simulates basic, heuristic, cuoc or tuned players, not 'random'"):
        win_chance(WAITING, 1, 10, strategy="random")
    with pytest.raises(CardoddsError, match="--strategy: odds chan simulates basic, heuristic, cuoc or tuned players, not 'expert'"):
        win_chance(WAITING, 1, 10, strategy="expert")
    with pytest.raises(CardoddsError, match="--strategy: unknown Chắn strategy 'oracle'"):
        win_chance(WAITING, 1, 10, strategy="oracle")


def test_cli_strategy_and_points(capsys):
    code = main(["odds", "chan", "--hand", WAITING, "--seat", "1", "--games", "300", "--strategy", "cuoc", "--json"])
    d = json.loads(capsys.readouterr().out)
    assert code == 0 and d["win_chance"] == win_chance(WAITING, 1, 300, 1, strategy="cuoc")
    code = main(["odds", "chan", "--hand", WAITING, "--seat", "1", "--games", "300", "--strategy", "heuristic"])
    out = capsys.readouterr().out
    assert code == 0 and "seat 1 plays heuristic, the others basic" in out and "expected points this game" in out
    code = main(["odds", "chan", "--hand", WAITING, "--games", "10", "--strategy", "random"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "cardodds: error: --strategy" in err


def test_the_compiled_and_the_numpy_engine_count_the_same_hand_odds(monkeypatch):
    """``play_fixed_hand`` on the compiled engine (the default, when numba imports) and with ``CARDODDS_COMPILED=0``:
    the same counts, for several players and rules; and the default did play on the compiled engine."""
    pytest.importorskip("numba")
    import cardodds.sim.chan.compiled as compiled
    from cardodds.sim.chan.hand_odds import play_fixed_hand, table_players

    real, calls = compiled.play_batch, []
    monkeypatch.setattr(compiled, "play_batch", lambda *a: calls.append(len(a[1])) or real(*a))
    cases = (("basic", 1, ChanRules()), ({"name": "cuoc", "bach_thu": 8}, 2, ChanRules(cai_seat=1, ga=True)),
             ("heuristic", 0, ChanRules(cai_seat=2, min_points_to_win=2)), ("cuoc", 3, ChanRules()))
    for strategy, seat, rules in cases:
        players = table_players(strategy, seat)
        monkeypatch.delenv("CARDODDS_COMPILED", raising=False)
        fast = play_fixed_hand(rules, parse_hand(WAITING), seat, players, np.random.SeedSequence(5), 800)
        monkeypatch.setenv("CARDODDS_COMPILED", "0")
        slow = play_fixed_hand(rules, parse_hand(WAITING), seat, players, np.random.SeedSequence(5), 800)
        assert fast == slow and 0 < fast["wins"] < 800 and fast["draws"] > 0, (strategy, fast)
    assert calls == [800] * len(cases)
    monkeypatch.delenv("CARDODDS_COMPILED")
    fast = win_chance(WAITING, 2, 700, seed=9, strategy="cuoc")
    monkeypatch.setenv("CARDODDS_COMPILED", "0")
    assert win_chance(WAITING, 2, 700, seed=9, strategy="cuoc") == fast
