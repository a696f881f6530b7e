"""Series play and Thông (RULES.md §1.6, seeds 000 and 001): hand-built series and a simulated one."""

import numpy as np
import pytest

from cardodds.analysis.estimate import summarize
from cardodds.sim.chan.deal import deal_orders
from cardodds.sim.chan.fouls import BAT_BAO, NGHI_AN_TIEN, Foul
from cardodds.sim.chan.movelog import Move
from cardodds.sim.chan.play_task import CUOC, TASK, parse, run_chunk
from cardodds.sim.chan.reference import ChanGame
from cardodds.sim.chan.rules import ChanRules
from cardodds.sim.chan.scorer import cuoc_of, points
from cardodds.sim.chan.series import next_cai, play_series, thong_seat_after
from cardodds.sim.chan.players import seat_strategies
from cardodds.sim.errors import CardoddsError
from cardodds.sim.options import from_table

BASIC = seat_strategies("basic", 4, "test")

# The cái (seat 0) holds ten chắn: Thiên ù.  The other seats and the nọc share the rest.
THIEN_U = [k for k in range(10) for _ in range(2)]
_REST = [k for k in range(10) for _ in range(2)] + [k for k in range(10, 25) for _ in range(4)]
THIEN_U_DEAL = ([THIEN_U, _REST[:19], _REST[19:38], _REST[38:57]], _REST[57:])
# The cái holds twenty different kinds and the nọc is empty: seat 1 chíu, seat 2 eats, seat 3 must draw — hòa.
_REST2 = [k for k in range(20) for _ in range(3)] + [k for k in range(20, 25) for _ in range(4)]
DRAW_DEAL = ([list(range(20)), _REST2[:19], _REST2[19:38], _REST2[38:57]], [])


def test_hand_built_deals_play_as_described():
    rules = ChanRules()
    win = play_series(rules, [THIEN_U_DEAL], BASIC)[0]
    assert win.winner == 0 and win.win.how == "thien_u"
    draw = play_series(rules, [DRAW_DEAL], BASIC)[0]
    assert draw.winner is None and draw.draw


def test_winner_wins_again_calls_thong():
    rules = ChanRules()
    first, second = play_series(rules, [THIEN_U_DEAL, THIEN_U_DEAL], BASIC, check_fouls=True)
    assert "thong" not in first.cuoc
    assert second.cuoc == {"thong": 1, **first.cuoc}
    assert first.cuoc == {"thien_u": 1, "thap_thanh": 1, "bach_dinh": 1} and first.points == 3 + 4 + 4
    assert second.points == first.points + rules.point_table()["thong"] == 12
    assert second.cuoc == cuoc_of(second.win, rules) and second.points == points(second.cuoc, rules)


def test_draw_in_between_breaks_thong():
    games = play_series(ChanRules(), [THIEN_U_DEAL, DRAW_DEAL, THIEN_U_DEAL], BASIC, check_fouls=True)
    assert [g.cai for g in games] == [0, 0, 0]  # the cái keeps dealing after a draw
    assert games[1].draw and "thong" not in games[2].cuoc and games[2].winner == 0


def test_u_lao_leaves_no_thong_and_keeps_the_cai():
    game = ChanGame.from_hands(ChanRules(), *THIEN_U_DEAL)
    game.apply(Move("u", 1, None))  # seat 1 is not the cái: ù láo
    assert game.u_lao is not None and thong_seat_after(game, ChanRules()) is None
    assert next_cai(game, 0) == 0


def test_wrong_declaration_loses_thong():
    rules = ChanRules()
    right = ChanGame.from_hands(rules, *THIEN_U_DEAL)
    right.apply(Move("u", 0, None))
    declared = tuple(right.cuoc.items())
    ok = ChanGame.from_hands(rules, *THIEN_U_DEAL)
    ok.apply(Move("u", 0, None, cuoc=declared))
    assert thong_seat_after(ok, rules) == 0
    wrong = ChanGame.from_hands(rules, *THIEN_U_DEAL)
    wrong.apply(Move("u", 0, None, cuoc=(("xuong", 1),)))  # xướng sai
    assert thong_seat_after(wrong, rules) is None


def _foul(seat, code, penalty, number=1):
    return Foul(3, seat, number, code, code, penalty)


def test_fouls_and_treo_tranh_option():
    loose = ChanRules(thong_after_treo_tranh=True)
    game = ChanGame.from_hands(ChanRules(), *THIEN_U_DEAL)
    game.apply(Move("u", 0, None))
    treo = [_foul(0, "an_treo_tranh", NGHI_AN_TIEN)]
    assert thong_seat_after(game, ChanRules(), treo) is None  # seed 000: nghỉ ăn tiền, no Thông
    assert thong_seat_after(game, loose, treo) == 0  # seed 001: also after treo tranh
    # "Treo tranh" names the class "treo tranh trái vỉ nghỉ ăn tiền": ăn trái vỉ and chíu được nhưng lại ăn thường too.
    for nghi in ([_foul(0, "an_trai_vi", NGHI_AN_TIEN, 2)], [_foul(0, "chiu_an_thuong", NGHI_AN_TIEN, 3)], treo):
        assert thong_seat_after(game, loose, nghi) == 0 and thong_seat_after(game, ChanRules(), nghi) is None
    assert thong_seat_after(game, loose, [_foul(0, "bo_chan_an_chan", BAT_BAO, 7)]) is None
    assert thong_seat_after(game, ChanRules(), [_foul(2, "bo_chan_an_chan", BAT_BAO, 7)]) == 0  # another's foul
    assert thong_seat_after(game, ChanRules(), ()) == 0


def test_simulated_series_rotates_the_cai_and_carries_thong():
    orders = deal_orders(np.random.default_rng(5), 12)
    games = play_series(ChanRules(), orders, BASIC, np.random.default_rng(6))
    assert games[0].cai == 0 and "thong" not in (games[0].cuoc or {})
    for i, (prev, game) in enumerate(zip(games, games[1:]), start=1):
        assert game.cai == (prev.cai if prev.winner is None else prev.winner)
        again = prev.winner is not None and game.winner == prev.winner
        assert ("thong" in game.cuoc) == again
        if game.winner is not None:
            assert game.points == points(cuoc_of(game.win, game.rules), game.rules)
            assert sorted(game.dealt[game.cai]) == sorted(
                int(c) // 4 for c in orders[i][:20])  # the cái takes the first 20 cards dealt


@pytest.mark.parametrize("value, message", [
    (0, "series_length must be a whole number >= 1"),
    (-3, "series_length must be a whole number >= 1"),
    (True, "series_length must be a whole number >= 1"),
])
def test_series_length_validation(value, message):
    with pytest.raises(CardoddsError, match=message):
        ChanRules(series_length=value)


def test_series_length_from_config():
    assert from_table(ChanRules, {"series_length": 10}, "[rules]").series_length == 10
    with pytest.raises(CardoddsError, match="series_length"):
        from_table(ChanRules, {"series_length": "10"}, "[rules]")


def test_play_task_counts_thong_in_series():
    params = parse({"rules": {"series_length": 10}}, "test")
    counts = run_chunk(params, np.random.SeedSequence(11), 45)
    assert int(counts["games"]) == 45 and int(counts["series"]) == 5  # 4 series of 10 and one of 5
    rows = {r["metric"]: r for r in summarize(TASK, counts, params)}
    assert rows["series.games"]["estimate"] == pytest.approx(9.0)
    wins = int(counts["win"].sum())
    thong = int(counts["cuoc"][CUOC.index("thong")])
    assert 0 < thong < wins
    single = run_chunk(parse({}, "test"), np.random.SeedSequence(11), 45)
    assert int(single["series"]) == 45 and int(single["cuoc"][CUOC.index("thong")]) == 0  # no Thông in single games


def _as_arrays(game):
    from cardodds.sim.chan.scorer import ORDER

    return (-1 if game.winner is None else game.winner, [game.cuoc.get(k, 0) for k in ORDER], game.points,
            game.noc_left, len(game.moves))


@pytest.mark.parametrize("spec, rules", [
    ("basic", ChanRules()),
    ({"name": "heuristic"}, ChanRules(cai_seat=2, ga=True)),
])
def test_batch_series_agree_with_reference_game_for_game(spec, rules):
    from cardodds.sim.chan.series import play_series_batch

    players = seat_strategies(spec, 4, "test")
    orders = deal_orders(np.random.default_rng(42), 8 * 6).reshape(8, 6, 100)
    results = play_series_batch(rules, orders, players)
    thong = 0
    for s in range(8):
        for j, game in enumerate(play_series(rules, orders[s], players, np.random.default_rng(0))):
            r = results[j]
            assert _as_arrays(game) == (r.winner[s], list(r.cuoc[s]), r.points[s], r.noc_left[s], r.moves[s])
            thong += "thong" in game.cuoc
    assert thong >= 5  # the comparison covers Thông wins


def test_run_chunk_series_same_counts_on_both_engines():
    params = parse({"rules": {"series_length": 4}}, "test")
    seq = np.random.SeedSequence(8)
    batch, ref = run_chunk(params, seq, 30, engine="batch"), run_chunk(params, seq, 30, engine="reference")
    assert batch.keys() == ref.keys() and all(np.array_equal(batch[k], ref[k]) for k in batch)
    assert int(batch["series"]) == 8 and int(batch["cuoc"][CUOC.index("thong")]) > 0


def test_series_with_mixed_players_use_the_reference_engine():
    from cardodds.sim.chan.play_task import batch_ok

    mixed = parse({"rules": {"series_length": 3}, "strategies": {"seats": ["basic", "heuristic", "basic", "basic"]}},
                  "test")
    assert not batch_ok(mixed) and batch_ok(parse({"rules": {"series_length": 3}}, "test"))
    assert not batch_ok(parse({"rules": {"series_length": 3, "min_points_to_win": 2}}, "test"))
    with pytest.raises(CardoddsError, match="the batch engine plays series only"):
        run_chunk(mixed, np.random.SeedSequence(1), 6, engine="batch")
    assert int(run_chunk(mixed, np.random.SeedSequence(1), 6)["games"]) == 6
