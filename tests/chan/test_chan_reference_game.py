"""The reference game (RULES §1.3–1.6): turns, priorities, special wins, the end, and the strategies."""

import numpy as np
import pytest

from cardodds.analysis.estimate import summarize
from cardodds.sim.chan.cards import kind_of, parse_cards, parse_hand
from cardodds.sim.chan.deal import deal_orders
from cardodds.sim.chan.hand import thien_u_type, waits
from cardodds.sim.chan.holding import win_type
from cardodds.sim.chan.movelog import Move, complete_deal
from cardodds.sim.chan.reference import ChanGame, play_game
from cardodds.sim.chan.rules import ChanRules
from cardodds.sim.chan.strategies import Basic, Heuristic, _discard_rank
from cardodds.sim.chan.players import make_strategy, seat_strategies
from cardodds.sim.errors import CardoddsError

K = lambda code: parse_cards(code)[0]  # noqa: E731
V9 = kind_of(9, 1)
WAITING_9V = "3V 3V 4S 4S 5W 5W 6V 6V 7S 7S 2V 2S 3W 3S 7W 7V 8W 8S 9V"  # bạch thủ on 9V
THIEN_U = "2W 2W 3V 3V 4S 4S 5W 5W 6V 6V 2V 2S 3W 3S 7W 7V 8W 8S 9V 9V"  # 6 chắn, 4 cạ


def game_of(hands, noc_top="", **rules):
    hands, noc = complete_deal(hands, noc_top)
    return ChanGame.from_hands(ChanRules(**rules), hands, noc)


def run(game, *moves):
    for m in moves:
        game.apply(m)
    return game


class NeverEat:
    """Draws and passes, never eats or chíu (to reach the end of the nọc)."""

    name = "never"

    def choose(self, game, dec, rng):
        if dec.kind == "chiu":
            return None
        if dec.kind == "act":
            return dec.moves[-1]
        return dec.moves[0]


def test_win_type_with_an_empty_mat_matches_hand_waits():
    rng = np.random.default_rng(2)
    for order in deal_orders(rng, 300):
        hand = [0] * 25
        for c in order[20:39]:
            hand[c // 4] += 1
        mine = {k: t for k in range(25) if (t := win_type(hand, 0, 0, hand[k], k))}
        assert mine == waits(hand)


def test_thien_u_ends_the_game_before_the_first_discard():
    game = game_of([THIEN_U, "", "", ""])
    dec = game.decision()
    assert dec.kind == "thien_u" and dec.moves == (Move("u", 0),)
    play_game(game, seat_strategies("basic"))
    assert game.winner == 0 and game.win.how == "thien_u" and len(game.moves) == 1
    # Thiên ù bạch thủ (exactly 6 chắn and 4 cạ), and a tôm: tam vạn, tam sách, thất văn.
    assert game.cuoc == {"thien_u": 1, "bach_thu": 1, "tom": 1}


def test_thien_u_may_be_skipped_only_where_custom_allows():
    game = game_of([THIEN_U, "", "", ""], allow_skip_thien_u=True)
    dec = game.decision()
    assert dec.moves[0] == Move("u", 0) and len(dec.moves) > 1 and dec.moves[1].action == "danh"


def test_thien_u_in_full_games_is_exactly_the_dealt_thien_u():
    rng = np.random.default_rng(8)
    rules, strategies = ChanRules(), seat_strategies("basic")
    for order in deal_orders(rng, 400):
        game = play_game(ChanGame.from_order(rules, order), strategies)
        dealt = [0] * 25
        for c in order[:20]:
            dealt[c // 4] += 1
        assert (game.win is not None and game.win.how == "thien_u") == (thien_u_type(dealt) is not None)


def test_u_de_the_seat_nearest_the_drawer_wins():
    # Seats 2 and 3 both wait on 9V (bạch thủ); seat 1 draws it: seat 2 is nearer in turn order.
    game = game_of(["4W", "", WAITING_9V, WAITING_9V], "9V")
    run(game, Move("danh", 0, K("4W")), Move("boc", 1))
    assert game.possible_winners() == [2, 3]
    dec = game.decision()
    assert dec.kind == "u" and dec.seat == 2


def test_the_drawer_comes_first_in_u_de():
    game = game_of(["4W", WAITING_9V, WAITING_9V, ""], "9V")
    run(game, Move("danh", 0, K("4W")), Move("boc", 1))
    assert game.decision().seat == 1
    run(game, game.decision().moves[0])
    assert game.winner == 1 and game.cuoc["chi"] == 1 and game.cuoc["dia_u"] == 1
    assert game.missed_wins == []  # seat 2 lost to ù đè: not a bỏ ù


def test_no_u_on_a_discard_and_no_u_on_a_passed_card():
    game = game_of(["9V 4W", WAITING_9V, "", ""], "8V")
    run(game, Move("danh", 0, V9))
    # Seat 1 waits on 9V, but 9V was discarded: no ù (and no chíu ù: it holds one).
    assert game.possible_winners() == [] and game.decision().kind == "act" and game.decision().seat == 1
    run(game, Move("boc", 1), Move("duoi", 1))
    assert game.possible_winners() == [] and game.decision().seat == 2
    assert game.possible_winners() == []


def test_chiu_out_of_turn_beats_an_and_is_followed_by_tra_cua():
    game = game_of(["9V 4W", "9W", "", "9V 9V 9V 5S"], "")
    run(game, Move("danh", 0, V9))
    dec = game.decision()
    assert dec.kind == "chiu" and dec.seat == 3 and dec.moves == (Move("chiu", 3, V9), None)
    run(game, dec.moves[0])
    assert game.phase == "tra_cua" and game.seats[3].melds == [("chiu", V9, V9)] and game.seats[3].mat_chan == 2
    run(game, Move("tra_cua", 3, K("5S")))
    # The trả cửa card stands for the taken one: offered to seat 1, and seat 3 cannot take it back.
    assert (game.card, game.decider, game.owner, game.slot) == (K("5S"), 1, 3, "offer")
    assert game.seats[3].size() == 19


def test_letting_a_chiu_go_leaves_the_card_to_the_player():
    game = game_of(["9V 4W", "9W", "9W 9W 9W 9S 9S 9S 9S", "9V 9V 9V 5S"], "")
    run(game, Move("danh", 0, V9), None)
    dec = game.decision()
    assert dec.kind == "act" and dec.seat == 1 and Move("an", 1, V9, K("9W"), "ca") in dec.moves


def test_chiu_u_on_a_discard_and_dia_u():
    # Seat 3: chắn 9V + què 9V... three 9V, 5 chắn and 4 cạ with the 9V pair: the fourth completes it.
    hand = "3V 3V 4S 4S 5W 5W 6V 6V 2V 2S 3W 3S 7W 7V 8W 8S 9V 9V 9V"
    game = game_of(["9V 4W", "", "", hand])
    run(game, Move("danh", 0, V9))
    dec = game.decision()
    assert dec.kind == "u" and dec.seat == 3
    run(game, dec.moves[0])
    assert game.win.how == "chiu_u" and game.cuoc["chiu_u"] == 1 and game.cuoc["dia_u"] == 1
    assert "chi" not in game.cuoc and "co_chiu" not in game.cuoc


def test_a_lone_chi_chi_with_six_chan_does_not_win():
    six = "2W 2W 3V 3V 4S 4S 5W 5W 6V 6V 7S 7S 2V 2S 3W 3S 8W 8S CC"
    game = game_of(["4W", six, "", ""], "CC")
    run(game, Move("danh", 0, K("4W")), Move("boc", 1))
    assert 1 not in game.possible_winners()
    five = "2W 2W 3V 3V 4S 4S 5W 5W 6V 6V 2V 2S 3W 3S 7W 7V 8W 8S CC"
    game = game_of(["4W", five, "", ""], "CC")
    run(game, Move("danh", 0, K("4W")), Move("boc", 1))
    run(game, game.decision().moves[0])
    assert game.winner == 1 and game.win.win_type == "bach_thu_chi" and "bach_thu" not in game.cuoc


def test_min_points_to_win_blocks_small_wins():
    game = game_of(["4W", WAITING_9V, "", ""], "9V", min_points_to_win=20)
    run(game, Move("danh", 0, K("4W")), Move("boc", 1))
    assert game.possible_winners() == []
    game = game_of(["4W", WAITING_9V, "", ""], "9V", min_points_to_win="no_xuong")
    run(game, Move("danh", 0, K("4W")), Move("boc", 1))
    assert game.possible_winners() == [1]


def test_hoa_when_the_noc_runs_out():
    rng = np.random.default_rng(4)
    rules = ChanRules()
    draws = 0
    for order in deal_orders(rng, 10):
        game = play_game(ChanGame.from_order(rules, order), [NeverEat()] * 4)
        if game.draw:
            draws += 1
            assert game.noc_left == 0 and game.moves[-1].action == "hoa"
            assert len(game.moves) == 1 + 2 * 23 + 1  # đánh, 23 × (bốc, dưới), hòa
    assert draws >= 5


def test_every_game_ends_in_exactly_one_win_or_a_draw_and_hands_stay_at_19():
    rng = np.random.default_rng(6)
    rules = ChanRules()
    for name in ("random", "basic", "heuristic"):
        strategies = seat_strategies(name)
        for order in deal_orders(rng, 10):
            game = ChanGame.from_order(rules, order)
            while (dec := game.decision()) is not None:
                if dec.kind == "act":
                    assert [p.size() for p in game.seats] == [19, 19, 19, 19]
                move = dec.moves[0] if len(dec.moves) == 1 else strategies[dec.seat].choose(game, dec, rng)
                assert move in dec.moves
                game.apply(move)
            assert (game.winner is not None) != game.draw
            assert game.u_lao is None and game.missed_wins == []


def test_deterministic_strategies_are_deterministic():
    rng = np.random.default_rng(9)
    rules = ChanRules()
    for order in deal_orders(rng, 5):
        for name in ("basic", "heuristic"):
            a = play_game(ChanGame.from_order(rules, order), seat_strategies(name), np.random.default_rng(1))
            b = play_game(ChanGame.from_order(rules, order), seat_strategies(name), np.random.default_rng(2))
            assert a.moves == b.moves


def test_basic_eats_chan_and_sheds_que_first():
    nines = "9V 9V 9W 9W 9W 9W 9S 9S 9S 9S"
    game = game_of(["9V 4W", "9V 2S 2S 3V 3W", nines, ""], "")
    run(game, Move("danh", 0, V9))
    dec = game.decision()
    move = Basic().choose(game, dec)
    assert move == Move("an", 1, V9, V9, "chan")
    run(game, move)
    hand = game.seats[1].hand
    dec = game.decision()
    discard = Basic().choose(game, dec)
    ranks = {m.card: _discard_rank(hand, m.card) for m in dec.moves}
    assert ranks[discard.card] == min(ranks.values())
    # The shedding order itself: què, then ba đầu, then cạ, then chắn.
    hand = parse_hand("9V 5W 5V 5S 3W 3S 2S 2S")
    assert [_discard_rank(hand, K(c)) for c in ("9V", "5W", "3W", "2S")] == [0, 1, 2, 3]


def test_strategy_tables_are_validated():
    assert make_strategy({"name": "heuristic", "max_ca": 3}) == Heuristic(max_ca=3)
    with pytest.raises(CardoddsError, match="unknown Chắn strategy 'clever'"):
        make_strategy("clever")
    with pytest.raises(CardoddsError, match="max_ca must be 0..4"):
        make_strategy({"name": "heuristic", "max_ca": 7})
    with pytest.raises(CardoddsError, match=r"one strategy per seat \(4 players\), not 2"):
        seat_strategies(["basic", "random"])


def test_wait_kinds_agrees_with_win_type_with_mats():
    from cardodds.sim.chan.holding import wait_kinds

    rng = np.random.default_rng(12)
    for order in deal_orders(rng, 300):
        hand = [0] * 25
        for c in order[20:39]:
            hand[c // 4] += 1
        mat = [0] * 25
        mat_chan = mat_ca = 0
        # Lay the hand's first chắn and cạ on the mat: the waits keep the mat as laid.
        for k in range(25):
            if hand[k] >= 2 and mat_chan == 0:
                hand[k] -= 2
                mat[k] += 2
                mat_chan = 1
        slow = [k for k in range(25) if win_type(hand, mat_chan, mat_ca, hand[k] + mat[k], k)]
        assert wait_kinds(hand, mat_chan, mat) == slow


# -- the chan.play task ------------------------------------------------------------------------------------------------


def test_play_task_counts_add_up_and_repeat():
    from cardodds.sim.chan.play_task import CUOC, TASK
    from cardodds.sim.streams import chunk_seed

    params = TASK.parse({"rules": {}, "strategies": {"seats": ["basic", "heuristic", "random", "basic"]}}, "t")
    counts = TASK.run_chunk(params, chunk_seed(5, 0), 150)
    again = TASK.run_chunk(params, chunk_seed(5, 0), 150)
    assert all(np.array_equal(counts[k], again[k]) for k in counts)
    wins = int(counts["win"].sum())
    assert wins + int(counts["draw"]) == 150 == int(counts["games"]) == int(counts["noc_left"].sum())
    assert counts["games"].shape == ()  # the runner's convention
    assert counts["win_type"].sum() == wins == counts["win_how"].sum()
    assert counts["net"].sum() == 0  # the table is zero-sum
    assert counts["cuoc"][CUOC.index("xuong")] > 0
    rows = {(r["metric"], r["seat"]): r for r in summarize(TASK, counts, params)}
    total = sum(rows[("win", s)]["estimate"] for s in range(4)) + rows[("draw", None)]["estimate"]
    assert total == pytest.approx(1.0)
    assert rows[("thien_u", 0)]["exact"] == pytest.approx(0.0011357997511026252, rel=1e-9)


def test_play_task_rejects_bad_strategies():
    from cardodds.sim.chan.play_task import TASK

    with pytest.raises(CardoddsError, match="unknown Chắn strategy 'smart'"):
        TASK.parse({"strategies": {"name": "smart"}}, "t")
    with pytest.raises(CardoddsError, match="either 'seats' or one strategy"):
        TASK.parse({"strategies": {"seats": ["basic"] * 4, "name": "basic"}}, "t")
    with pytest.raises(CardoddsError, match=r"t \[rules\]: unknown key"):
        TASK.parse({"rules": {"plyers": 4}}, "t")


def test_replay_and_check_texts(tmp_path):
    from cardodds.sim.chan.movelog import game_log
    from cardodds.sim.chan.play_task import check_text, replay_text

    text = replay_text(3)
    assert text.startswith("Chắn replay, seed 3") and "result: " in text and text == replay_text(3)
    # As the CLI calls it: the parsed strategies of an experiment.
    from cardodds.sim.chan.play_task import TASK

    params = TASK.parse({"strategies": {"seats": ["heuristic", "basic", "basic", "basic"]}}, "t")
    text = replay_text(3, params.rules, params.strategies)
    assert "seat 0: heuristic, seat 1: basic" in text and "seat 0 dealt: " in text
    game = play_game(ChanGame.from_order(ChanRules(), deal_orders(np.random.default_rng(1), 1)[0]),
                     seat_strategies("basic"))
    path = tmp_path / "g.json"
    path.write_text(game_log(game).dumps(), encoding="utf-8")
    report, code = check_text(path)
    assert code == 0 and "\nno fouls\n" in report
    net = [3 * game.points if s == game.winner else -game.points for s in range(4)]
    assert report.endswith("payments: " + ", ".join(f"seat {s} {v:+d}" for s, v in enumerate(net)))
    log = game_log(game)
    bad = log.to_json()
    bad["moves"].insert(1, {"seat": 1, "action": "danh", "card": "9V"})
    path.write_text(__import__("json").dumps(bad), encoding="utf-8")
    with pytest.raises(CardoddsError, match=r"^move 1 \(seat 1 đánh 9V\): not this seat's đánh"):
        check_text(path)


def test_every_card_is_somewhere_exactly_once():
    from cardodds.sim.chan.strategies import seen_counts

    rng = np.random.default_rng(13)
    rules = ChanRules()
    for order in deal_orders(rng, 8):
        game = ChanGame.from_order(rules, order)
        strategies = seat_strategies("basic")
        while (dec := game.decision()) is not None:
            hands = sum(np.array(p.hand) for p in game.seats)
            mats = sum(np.array(p.mat) for p in game.seats)
            noc = np.bincount(game.noc[game.noc_pos:], minlength=25)
            assert (hands + mats + noc + np.array(game.table) == 4).all()
            assert max(seen_counts(game, dec.seat)) <= 4
            move = dec.moves[0] if len(dec.moves) == 1 else strategies[dec.seat].choose(game, dec, rng)
            game.apply(move)


def test_heuristic_discards_into_the_widest_wait_where_basic_does_not():
    # 6 chắn, 3 cạ, què 9V and Chi Chi: shedding Chi Chi waits on any nine (ù rộng); shedding 9V waits on nothing
    # (a lone Chi Chi with six chắn cannot win).  Basic sheds the lower kind, 9V; the heuristic sheds Chi Chi.
    cai = "2W 2W 3V 3V 4S 4S 5W 5W 6V 6V 7S 7S 2V 2S 3W 3S 8W 8S 9V CC"
    game = game_of([cai, "", "", ""])
    dec = game.decision()
    assert dec.kind == "danh"
    assert Basic().choose(game, dec).card == V9
    assert Heuristic().choose(game, dec).card == K("CC")
    assert Heuristic(wait_first=False).choose(game, dec).card == V9


def test_play_task_charts():
    from types import SimpleNamespace

    from cardodds.analysis.charts import render
    from cardodds.analysis.estimate import rows_frame, summarize
    from cardodds.sim.chan.play_task import TASK, run_chunk
    from cardodds.sim.streams import chunk_seed

    params = TASK.parse({}, "t")
    chunks = [run_chunk(params, chunk_seed(1, k), 300) for k in range(2)]
    total = {key: chunks[0][key] + chunks[1][key] for key in chunks[0]}
    rows = rows_frame(summarize(TASK, total, params), arm="a", unit_of=TASK.unit_of)
    result = SimpleNamespace(counts=total, chunk_counts=chunks, experiment=SimpleNamespace(params=params, sweep=None))
    figures = {name: render(spec) for name, spec in TASK.charts([SimpleNamespace(arm="a", rows=rows, result=result)]).items()}
    assert set(figures) == {"ladder", "win_by_seat", "cuoc", "noc_left", "thien_u_convergence"}
    assert [t.get_text() for t in figures["win_by_seat"].axes[0].get_legend().get_texts()] == ["estimate (95 % CI)"]


def test_points_of_wins_and_cuoc_by_seat_add_up_with_either_engine():
    from cardodds.sim.chan.play_task import CUOC, TASK, WIN_POINTS_CAP, run_chunk
    from cardodds.sim.streams import chunk_seed

    params = TASK.parse({"strategies": {"seats": ["cuoc", "basic", "heuristic", "basic"]}}, "t")
    a = run_chunk(params, chunk_seed(8, 0), 400, engine="batch")
    b = run_chunk(params, chunk_seed(8, 0), 400, engine="reference")
    for key in ("win_points", "seat_cuoc"):
        assert np.array_equal(a[key], b[key]), key
    assert (a["win_points"].sum(axis=1) == a["win"]).all()
    assert (a["seat_cuoc"].sum(axis=0) == a["cuoc"]).all()
    bins = np.minimum(np.arange(WIN_POINTS_CAP + 1), WIN_POINTS_CAP)
    assert ((a["win_points"] * bins).sum(axis=1) <= a["points_win"]).all()
    rows = {(r["metric"], r["seat"]): r for r in summarize(TASK, a, params)}
    for s in range(4):
        shares = [rows[(f"win_points.{k}", s)]["estimate"] for k in range(WIN_POINTS_CAP)]
        shares.append(rows[(f"win_points.{WIN_POINTS_CAP}+", s)]["estimate"])
        assert sum(shares) == pytest.approx(1.0)
        bt = rows[("seat_cuoc.bach_thu", s)]
        assert bt["n"] == a["win"][s] and bt["estimate"] == a["seat_cuoc"][s, CUOC.index("bach_thu")] / a["win"][s]
    assert TASK.unit_of("win_points.12+") == "per win" and TASK.unit_of("seat_cuoc.tam_do") == "per win"


def test_the_ladder_chart_follows_the_seat_that_changes_between_arms():
    from cardodds.sim.chan.play_task import TASK, ladder_seat

    base = TASK.parse({}, "t")
    other = TASK.parse({"strategies": {"seats": ["basic", "basic", "cuoc", "basic"]}}, "t")
    assert ladder_seat([base, other]) == 2
    assert ladder_seat([base, base]) == 0
