"""Every foul of seed 000 section A (RULES §1.7), with the seed's own examples, and the checker over move logs."""

import numpy as np
import pytest

from cardodds.sim.chan.cards import kind_of, parse_hand
from cardodds.sim.chan.deal import deal_orders
from cardodds.sim.chan.fouls import BAT_BAO, BY_NUMBER, DEN_LANG, NGHI_AN_TIEN, RULES, fouls_of
from cardodds.sim.chan.movelog import CA, CHAN, Move, complete_deal, game_log, worked_log
from cardodds.sim.chan.reference import ChanGame, SeatState, play_game
from cardodds.sim.chan.replay import check_game_log, check_log
from cardodds.sim.chan.rules import ChanRules
from cardodds.sim.chan.players import seat_strategies

K = lambda code: parse_hand(code).argmax()  # noqa: E731  one card code -> kind
V9, W9, S9 = kind_of(9, 1), kind_of(9, 0), kind_of(9, 2)
FIVE_CHAN_FOUR_CA = "2W 2W 3V 3V 4S 4S 5W 5W 6V 6V 2V 2S 3W 3S 7W 7V 8W 8S"


def player(hand: str, **history) -> SeatState:
    p = SeatState(parse_hand(hand))
    for name, value in history.items():
        setattr(p, name, set(value) if isinstance(value, (set, list, tuple)) else value)
    if "discard_set" in history:
        p.discard_numbers = {k // 3 for k in p.discard_set if k != 24}
    return p


def eat(card, with_, on_top="hand"):
    card, with_ = K(card), K(with_)
    return Move("an", 1, card, with_, CHAN if card == with_ else CA, on_top)


def numbers(p, move) -> set[int]:
    return {r.number for r in fouls_of(p, move)}


def test_every_foul_has_its_number_name_and_penalty_class():
    assert sorted(r.number for r in RULES) == list(range(1, 19))
    assert BY_NUMBER[1].name == "ăn treo tranh" and BY_NUMBER[10].name == "bỏ chắn đánh chắn"
    # Seed 000 B2: treo tranh, trái vỉ, chíu được nhưng lại ăn thường -> nghỉ ăn tiền.
    assert {BY_NUMBER[n].penalty for n in (1, 2, 3)} == {NGHI_AN_TIEN}
    # B4: ăn chọn cạ, ăn cạ chuyển chờ, có chắn cấu cạ -> đền làng.
    assert {BY_NUMBER[n].penalty for n in (4, 5, 6)} == {DEN_LANG}
    # B3 lists 7-13; 14-18 get bắt báo too (RULES' choice).
    assert {BY_NUMBER[n].penalty for n in range(7, 19)} == {BAT_BAO}


def test_1_an_treo_tranh():
    # "Trên tay có 1 chắn Cửu Vạn và 1 quân Cửu Văn, ăn Cửu Vạn nhưng lại hạ Cửu Văn xuống chiếu thành cạ".
    p = player("9V 9V 9W 2S")
    assert numbers(p, eat("9V", "9W")) == {1}
    assert numbers(p, eat("9V", "9V")) == set()
    # Three cửu văn: a chắn and a què cửu văn; eating with the què is treo tranh.
    assert numbers(player("9V 9V 9W 9W 9W 2S"), eat("9V", "9W")) == {1}


def test_1_an_treo_tranh_needs_the_que():
    # "Trên bài có một chắn và một quân què cùng hàng, ta lấy quân què để ăn cặp cạ với quân có chắn đó": the card
    # eaten with is a què.  Taken out of a cạ it is ăn chọn cạ, out of a chắn có chắn cấu cạ — not treo tranh.
    assert numbers(player("9V 9V 9W 9S 2S"), eat("9V", "9W")) == {4}
    assert numbers(player("9V 9V 9W 9W 2S"), eat("9V", "9W")) == {6}
    # No chắn of the card: one cửu vạn and one cửu văn in hand are a cạ, and using the cửu văn is ăn chọn cạ.
    assert numbers(player("9V 9W 2S"), eat("9V", "9W")) == {4}


def test_2_an_trai_vi():
    # "Trên tay có 1 lá Bát Văn ... ăn Bát Sách thì phải để Bát Văn chồng lên trên Bát Sách".
    p = player("8W 2S")
    assert numbers(p, eat("8S", "8W", on_top="taken")) == {2}
    assert numbers(p, eat("8S", "8W")) == set()


def test_3_chiu_duoc_nhung_lai_an_thuong():
    # "Có 3 quân cửu vạn, bốc được cửu vạn, đáng nhẽ phải chíu thì lại chỉ hạ 1 quân cửu vạn".
    p = player("9V 9V 9V 2S")
    assert numbers(p, eat("9V", "9V")) == {3}
    assert numbers(p, Move("chiu", 1, V9)) == set()


def test_4_an_chon_ca():
    # "Có cạ [cửu vạn, cửu văn], lấy cửu vạn ăn cửu sách, hoặc lấy cửu vạn ăn cửu văn."
    p = player("9V 9W 2S")
    assert 4 in numbers(p, eat("9S", "9V"))
    assert 4 in numbers(p, eat("9W", "9V"))
    # Out of a ba đầu.
    assert 4 in numbers(player("9V 9W 9S 2S"), eat("9W", "9V"))
    # "Trường hợp có 1 cửu vạn và 2, hoặc 4 cửu văn không gọi là có cạ ... vẫn được lấy cửu vạn ăn cửu sách."
    assert numbers(player("9V 9W 9W 2S"), eat("9S", "9V")) == set()
    assert numbers(player("9V 9W 9W 9W 9W 2S"), eat("9S", "9V")) == set()


def test_5_an_ca_chuyen_cho():
    # "Có 5 chắn, 4 cạ, què Cửu Vạn. Lấy Cửu Vạn ăn Cửu Văn."
    assert numbers(player(FIVE_CHAN_FOUR_CA + " 9V"), eat("9W", "9V")) == {5}
    # "Có 5 chắn, 3 cạ, ba đầu Cửu. Lấy Cửu Vạn ăn Cửu Văn." (also ăn chọn cạ and treo tranh)
    ba_dau = "2W 2W 3V 3V 4S 4S 5W 5W 6V 6V 2V 2S 3W 3S 7W 7V 9V 9W 9S"
    assert 5 in numbers(player(ba_dau), eat("9W", "9V"))
    # "Có 5 chắn, 4 cạ, què 1 quân. Trong các cạ có cạ Tam Vạn & Tam Văn. Lấy Tam Vạn ăn Tam Văn."
    tam = "2W 2W 4V 4V 4S 4S 5W 5W 6V 6V 2V 2S 3W 3V 7W 7V 8W 8S 9V"
    assert {4, 5} <= numbers(player(tam), eat("3W", "3V"))
    # "Nếu lấy Tam Vạn ăn Tam Sách thì có thể bắt lỗi ăn chọn cạ hoặc lỗi ăn cạ chuyển chờ."
    assert numbers(player(tam), eat("3S", "3V")) == {4, 5}
    # Not waiting: eating the cạ is fine.
    assert numbers(player("9V 2W 3S 4V 5S"), eat("9W", "9V")) == set()


def test_6_co_chan_cau_ca():
    # "Có chắn cửu vạn, không có cửu văn, lấy cửu vạn ăn cửu văn."
    assert numbers(player("9V 9V 2S"), eat("9W", "9V")) == {6}
    # Three cửu vạn: the odd one is a què, eating with it splits no chắn.
    assert 6 not in numbers(player("9V 9V 9V 2S"), eat("9W", "9V"))


def test_7_bo_chan_an_chan():
    # "có 1 lá bài Cửu Vạn trên tay, nhà trên đánh Cửu Vạn không ăn, sau đó bốc lên Cửu Vạn lại ăn thành chắn".
    p = player("9V 2S", declined_any={V9}, declined_chan={V9})
    assert numbers(p, eat("9V", "9V")) == {7}


def test_8_bo_chan_an_ca():
    # "... nhà trên đánh Cửu Vạn không ăn, sau đó bốc lên Cửu Sách hoặc Cửu Văn lại ăn thành cạ Cửu."
    p = player("9V 2S", declined_any={V9}, declined_chan={V9})
    assert numbers(p, eat("9S", "9V")) == {8}
    assert numbers(p, eat("9W", "9V")) == {8}


def test_9_bo_ca_an_ca():
    # "có 1 lá Cửu Vạn trên tay, nhà trên đánh Cửu Văn không ăn, sau đó bốc lên Cửu Sách hoặc Cửu Văn lại ăn thành cạ".
    p = player("9V 2S", declined_any={W9}, declined_ca_with={V9})
    assert numbers(p, eat("9S", "9V")) == {9}
    assert numbers(p, eat("9W", "9V")) == {9}


def test_10_bo_chan_danh_chan():
    # "Trước đã bỏ không ăn cửu vạn, ... Đánh cửu vạn đi => lỗi 10."
    p = player("9V 2S", declined_any={V9}, declined_chan={V9})
    assert numbers(p, Move("danh", 1, V9)) == {10}
    assert numbers(p, Move("tra_cua", 1, V9)) == {10}
    assert numbers(p, Move("danh", 1, K("2S"))) == set()


def test_11_danh_ca_an_ca():
    # "Nếu đã đánh cạ [Cửu Vạn, Cửu Văn], sau lại ăn cạ [Tam Văn, Tam Sách]."
    p = player("3W 2S", discard_set={V9, W9})
    assert numbers(p, eat("3S", "3W")) == {11}
    assert numbers(player("3W 2S", discard_set={V9}), eat("3S", "3W")) == set()


def test_12_danh_roi_an_ca_cung_hang():
    # Xé cạ: "Có cạ [Cửu Văn, Cửu Vạn]. Đánh Cửu Vạn. Sau lại lấy Cửu Văn ăn Cửu Sách."
    assert numbers(player("9W 2S", discard_set={V9}), eat("9S", "9W")) == {12}
    # Xé chắn: "Có chắn Cửu Vạn. Đánh Cửu Vạn. Sau lại lấy Cửu Vạn ăn Cửu Sách."
    assert numbers(player("9V 2S", discard_set={V9}), eat("9S", "9V")) == {12}


def test_13_danh_roi_an_dung_quan_do():
    p = player("9V 2S", discard_set={V9})
    assert numbers(p, eat("9V", "9V")) == {13}
    assert 13 in numbers(player("9W 2S", discard_set={V9}), eat("9V", "9W"))


def test_14_danh_mot_chan_di():
    # "đánh Cửu Vạn, sau lại đánh tiếp 1 quân Cửu Vạn nữa."
    assert numbers(player("9V 2S", discard_set={V9}), Move("danh", 1, V9)) == {14}


def test_15_an_roi_danh_dung_quan_do():
    assert numbers(player("9V 2S", taken={V9}), Move("danh", 1, V9)) == {15}


def test_16_an_ca_roi_an_hoac_chiu_cung_hang():
    # "đã lấy Cửu Văn ăn Cửu Vạn, sau lại ăn cạ hoặc chắn Cửu (bất kỳ Cửu gì), hoặc chíu Cửu Sách."
    p = player("9S 9S 9S 9W 2S", ca_numbers={7}, taken={V9})
    assert numbers(p, Move("chiu", 1, S9)) == {16}
    assert 16 in numbers(p, eat("9W", "9W"))
    assert 16 in numbers(p, eat("9V", "9W"))


def test_17_danh_ca_khi_da_an_ca():
    # RULES: discarding a cạ (Tam Văn then Tam Sách) after having eaten a cạ.
    p = player("3S 2S", ca_numbers={7}, discard_set={K("3W")})
    assert 17 in numbers(p, Move("danh", 1, K("3S")))
    assert numbers(player("3S 2S", discard_set={K("3W")}), Move("danh", 1, K("3S"))) == set()


def test_18_an_ca_danh_quan_cung_hang():
    # "đã lấy Cửu Vạn, ăn Cửu Văn, sau lại đánh Cửu Sách đi."
    assert numbers(player("9S 2S", ca_numbers={7}), Move("danh", 1, S9)) == {18}


# -- the checker over whole logs --------------------------------------------------------------------------------------

WAITING = "3V 3V 4S 4S 5W 5W 6V 6V 7S 7S 2V 2S 3W 3S 7W 7V 8W 8S 9V"  # 5 chắn, 4 cạ, què 9V: bạch thủ on 9V


def log_of(hands, noc_top, moves, rules=None, previous=None):
    return worked_log(hands, noc_top, moves, rules, previous)


def found(log):
    return {(f.index, f.seat, f.code) for f in check_log(log)}


def _round(first_draw_seat_moves):
    # Seat 0 discards 9V; seats 1-3 and 0 each draw and pass.
    return [
        {"seat": 0, "action": "danh", "card": "9V"},
        {"seat": 1, "action": "boc"}, {"seat": 1, "action": "duoi"},
        {"seat": 2, "action": "boc"}, {"seat": 2, "action": "duoi"},
        {"seat": 3, "action": "boc"}, {"seat": 3, "action": "duoi"},
        {"seat": 0, "action": "boc"}, {"seat": 0, "action": "duoi"},
    ] + first_draw_seat_moves


HANDS = ["9V 2W", "9V 5S", "4W", "6W"]
NOC = "2V 3W 4V 6S 9V 5S"


def test_log_declining_a_chan_then_eating_it_is_foul_7():
    moves = _round([{"seat": 1, "action": "boc", "card": "9V"},
                    {"seat": 1, "action": "an", "card": "9V", "with": "9V", "as": "chan"}])
    assert (10, 1, "bo_chan_an_chan") in found(log_of(HANDS, NOC, moves))
    # Seat 1 drew at move 1 instead of eating the 9V it could have eaten: nothing before is a foul.
    assert not {f for f in found(log_of(HANDS, NOC, moves)) if f[1] == 1 and f[0] < 10}


def test_log_declining_then_discarding_it_is_foul_10():
    hands = ["9V 2W", "9V 5S 5S", "4W", "6W"]
    moves = _round([{"seat": 1, "action": "boc", "card": "9V"}, {"seat": 1, "action": "duoi"},
                    {"seat": 2, "action": "boc"}, {"seat": 2, "action": "duoi"},
                    {"seat": 3, "action": "boc"}, {"seat": 3, "action": "duoi"},
                    {"seat": 0, "action": "boc"}, {"seat": 0, "action": "duoi"},
                    {"seat": 1, "action": "boc", "card": "5S"},
                    {"seat": 1, "action": "an", "card": "5S", "with": "5S", "as": "chan"},
                    {"seat": 1, "action": "danh", "card": "9V"}])
    log = log_of(hands, "2V 3W 4V 6S 9V 7S 8W 8V 5S", moves)
    assert (19, 1, "bo_chan_danh_chan") in found(log)


def test_log_trai_vi_and_treo_tranh_are_reported_with_their_move():
    hands = ["9V 2W", "9V 9V 9W", "4W", "6W"]
    moves = [{"seat": 0, "action": "danh", "card": "9V"},
             {"seat": 1, "action": "an", "card": "9V", "with": "9W", "as": "ca", "on_top": "taken"}]
    fouls = check_log(log_of(hands, "", moves))
    mine = [(f.index, f.number, f.penalty) for f in fouls if f.seat == 1]
    assert (1, 1, NGHI_AN_TIEN) in mine and (1, 2, NGHI_AN_TIEN) in mine


def test_log_u_lao_bo_u_xuong_sai_and_u_thieu_diem():
    opening = [{"seat": 0, "action": "danh", "card": "4W"}, {"seat": 1, "action": "boc", "card": "9V"}]
    hands = ["4W", WAITING, "", ""]
    # ù láo: winning on a discard without a chíu.
    assert (1, 2, "u_lao") in found(log_of(hands, "9V", opening[:1] + [{"seat": 2, "action": "u", "card": "4W"}]))
    # Seat 1 draws its bạch thủ card and passes it, and never wins: no bỏ ù (test_bo_u_is_a_win_let_go_then_won).
    assert found(log_of(hands, "9V", opening + [{"seat": 1, "action": "duoi"}])) == set()
    # The true call: Chì, Địa ù, Bạch thủ and a Tôm (tam vạn, tam sách, thất văn).
    right = {"chi": 1, "dia_u": 1, "bach_thu": 1, "tom": 1}
    fouls, game = check_game_log(log_of(hands, "9V", opening + [{"seat": 1, "action": "u", "cuoc": right}]))
    assert fouls == [] and game.winner == 1 and game.cuoc == right
    # Xướng sai: a compulsory cước (Bạch thủ) left out, or a cước the hand lacks (Lèo) called.
    for wrong in ({"chi": 1, "dia_u": 1, "tom": 1}, {**right, "leo": 1}):
        assert (2, 1, "xuong_sai") in found(log_of(hands, "9V", opening + [{"seat": 1, "action": "u", "cuoc": wrong}]))
    # Leaving out the Tôm only forfeits it (test_an_omitted_cuoc_that_is_not_compulsory_is_only_not_paid).
    short = {"chi": 1, "dia_u": 1, "bach_thu": 1}
    assert found(log_of(hands, "9V", opening + [{"seat": 1, "action": "u", "cuoc": short}])) == set()
    log = log_of(hands, "9V", opening + [{"seat": 1, "action": "u"}], rules={"min_points_to_win": 20})
    assert (2, 1, "u_thieu_diem") in found(log)


def test_u_on_a_passed_card_that_wins_is_refused_not_called_u_lao():
    from cardodds.sim.errors import CardoddsError

    # Seat 2 waits bạch thủ on 9V.  Seat 1 draws 9V and passes it on (dưới); seat 2 then calls ù on it.  The hand
    # does win on that card, so it is no ù láo ("Chưa ù mà đã hô ù"): the chance was at the draw ("quân vừa bốc từ
    # Nọc (bất kỳ ai bốc)"), and the texts name no foul for a late call — the log line is refused.
    moves = [{"seat": 0, "action": "danh", "card": "4W"}, {"seat": 1, "action": "boc", "card": "9V"},
             {"seat": 1, "action": "duoi"}, {"seat": 2, "action": "u", "card": "9V"}]
    with pytest.raises(CardoddsError, match=r"^move 3 .*seat 2 cannot ù on 9V now: seat 1 passed it on \(dưới\)"):
        check_log(log_of(["4W", "", WAITING, ""], "9V", moves))
    # Called at the draw, it is a win (Bạch thủ, Tôm; Địa ù: seat 2 had not yet acted).
    fouls, game = check_game_log(log_of(["4W", "", WAITING, ""], "9V", moves[:2] + [moves[3]]))
    assert fouls == [] and game.winner == 2 and game.cuoc == {"dia_u": 1, "bach_thu": 1, "tom": 1}
    # A hand that does not win on the passed card is still ù láo.
    late = moves[:3] + [{"seat": 3, "action": "u", "card": "9V"}]
    assert found(log_of(["4W", "", WAITING, ""], "9V", late)) == {(3, 3, "u_lao")}


def test_xuong_called_on_a_hand_with_cuoc_is_xuong_sai():
    from cardodds.sim.chan.penalties import settle

    # "Xuông: Là khi bài ù không có gì đặc biệt (không có cước nào)"; "Xướng sai là xướng thiếu cước hoặc thừa cước mà
    # bài không có".  Seat 1's win has Chì and Địa ù: "Xuông" claims a cước it has not, and leaves out every one it
    # has — xướng sai, fined 8 đỏ 2 lèo (6 points to each other player), under every reading of calls.
    for rules in (None, {"strict_calls": True}):
        fouls, game = check_game_log(log_of(["8W", TAM_SEAT1, "", ""], "3W 9V 9W 8V 3S",
                                            TAM_MOVES[:2] + [{"seat": 1, "action": "u", "cuoc": {"xuong": 1}}], rules))
        assert [f.code for f in fouls] == ["xuong_sai"] and settle(game, fouls).net == [6, -18, 6, 6]


def test_engine_games_never_foul_and_the_filter_works():
    rng = np.random.default_rng(3)
    rules = ChanRules()
    avoided = 0
    for name in ("random", "basic"):
        for order in deal_orders(rng, 15):
            game = play_game(ChanGame.from_order(rules, order), seat_strategies(name), rng)
            assert check_log(game_log(game)) == []
            avoided += sum(game.fouls_avoided.values())
    assert avoided > 0


@pytest.mark.parametrize("rule", RULES, ids=lambda r: f"{r.number}_{r.code}")
def test_each_rule_reads_only_its_own_kind_of_move(rule):
    # A foul about eating never fires on a discard and the other way round.
    p = player("9V 9V 9V 9W 2S", declined_any={V9}, declined_chan={V9}, declined_ca_with={V9},
               discard_set={V9, W9}, taken={V9}, ca_numbers={7})
    assert not rule.test(p, Move("boc", 1)) and not rule.test(p, Move("duoi", 1, V9))


def test_check_text_reports_fouls_with_exit_code_1(tmp_path):
    import json

    from cardodds.sim.chan.play_task import check_text

    hands = ["9V 2W", "9V 9V 9W", "4W", "6W"]
    moves = [{"seat": 0, "action": "danh", "card": "9V"},
             {"seat": 1, "action": "an", "card": "9V", "with": "9W", "as": "ca"}]
    path = tmp_path / "treo.json"
    path.write_text(json.dumps(log_of(hands, "", moves).to_json(), ensure_ascii=False), encoding="utf-8")
    report, code = check_text(path)
    assert code == 1
    assert "move 1: seat 1 — foul 1 ăn treo tranh (an_treo_tranh), penalty nghi_an_tien" in report
    assert "result: unfinished" in report


def test_skipping_thien_u_is_no_foul_where_custom_allows_it():
    # "Có một số nơi chơi Thiên ù được phép bỏ": the cái lets a Thiên ù go, then wins on the 8V seat 1 draws.
    cai = "2W 2W 3V 3V 4S 4S 5W 5W 6V 6V 2V 2S 3W 3S 7W 7V 8W 8S 9V 9V"
    moves = [{"seat": 0, "action": "danh", "card": "8W"}, {"seat": 1, "action": "boc", "card": "8V"},
             {"seat": 0, "action": "u"}]
    assert found(log_of([cai, "", "", ""], "8V", moves)) == {(0, 0, "bo_u")}
    assert found(log_of([cai, "", "", ""], "8V", moves, rules={"allow_skip_thien_u": True})) == set()
    # Letting the Thiên ù go and never winning is no bỏ ù ("rồi về sau mới ù").
    assert found(log_of([cai, "", "", ""], "8V", moves[:2])) == set()


# Seed 000's bỏ ù example: "Đang lẻ Tam Vạn (chờ ù). Nọc nảy Tam Văn lại không ù. Về sau nọc nảy Tam Sách mới ù (để có
# cước Tôm) thì là bỏ ù."  Seat 1 holds six chắn, three cạ and a lone tam vạn (ù rộng on any tam) and a thất văn.
TAM_SEAT1 = "2W 2W 4S 4S 5W 5W 6V 6V 7W 7W 9S 9S 2V 2S 4V 4W 6W 6S 3V"
TAM_MOVES = [{"seat": 0, "action": "danh", "card": "8W"},
             {"seat": 1, "action": "boc", "card": "3W"}, {"seat": 1, "action": "duoi"},
             {"seat": 2, "action": "boc", "card": "9V"}, {"seat": 2, "action": "duoi"},
             {"seat": 3, "action": "boc", "card": "9W"}, {"seat": 3, "action": "duoi"},
             {"seat": 0, "action": "boc", "card": "8V"}, {"seat": 0, "action": "duoi"},
             {"seat": 1, "action": "boc", "card": "3S"}]


def test_bo_u_is_a_win_let_go_then_won_later():
    from cardodds.sim.chan.penalties import settle

    # "ù được mà không ù rồi về sau mới ù": seat 1 lets the tam văn go (move 2) and wins on the tam sách for Tôm.
    log = log_of(["8W", TAM_SEAT1, "", ""], "3W 9V 9W 8V 3S", TAM_MOVES + [{"seat": 1, "action": "u"}])
    fouls, game = check_game_log(log)
    assert [(f.index, f.seat, f.code) for f in fouls] == [(2, 1, "bo_u")]
    assert game.winner == 1 and game.cuoc == {"chi": 1, "tom": 1}
    # "Bỏ ù bị đền tiền bằng 8 đỏ 2 lèo": the win pays nothing, seat 1 pays 6 points to each other player.
    assert settle(game, fouls).net == [6, -18, 6, 6]
    # The same game without the win (seat 1 passes the tam sách too, the log stops): no bỏ ù, nobody pays.
    log = log_of(["8W", TAM_SEAT1, "", ""], "3W 9V 9W 8V 3S", TAM_MOVES + [{"seat": 1, "action": "duoi"}])
    fouls, game = check_game_log(log)
    assert fouls == [] and game.missed_wins == [(2, 1), (10, 1)] and settle(game, fouls).net == [0, 0, 0, 0]


def test_16_a_chiu_u_is_a_chiu():
    # "Ăn cạ rồi lại ăn hoặc chíu quân cùng hàng": seat 1 eats 9S with 9W (a cạ of 9), then wins by chíu ù on the
    # 9V seat 2 draws: the chíu of the chíu ù is foul 16 as a plain chíu is.
    seat1 = "9V 9V 9V 9W 2W 2W 3W 3W 4W 4W 5W 5W 6W 6V 7W 7V 8W 8V CC"
    moves = [{"seat": 0, "action": "danh", "card": "9S"},
             {"seat": 1, "action": "an", "card": "9S", "with": "9W", "as": "ca"},
             {"seat": 1, "action": "danh", "card": "CC"},
             {"seat": 2, "action": "boc", "card": "9V"},
             {"seat": 1, "action": "u", "card": "9V"}]
    fouls, game = check_game_log(log_of(["9S", seat1, "", ""], "9V", moves))
    assert game.winner == 1 and game.win.how == "chiu_u"
    assert (4, 16) in {(f.index, f.number) for f in fouls if f.seat == 1}
    # The engine does not offer such a chíu ù (nor is letting it go a bỏ ù).
    game = ChanGame.from_hands(ChanRules(), *complete_deal(["9S", seat1, "", ""], "9V"))
    for i, m in enumerate(log_of(["9S", seat1, "", ""], "9V", moves).moves[:4]):
        game.apply(m, index=i)
    assert game.possible_winners() == [] and not game.can_win(1, V9) and game.can_win(1, V9, allowed=False)


HOA_SEAT1 = "5V 3W 3W 4W 4W 6W 6W 7W 7W 3V 3S 4V 4S 6V 6S 8W 8S 2V CC"
"""Eats chắn ngũ vạn, then waits bạch thủ on nhị vạn (4 chắn in hand + 1 on the mat, 4 cạ)."""


def _hoa_log(call, previous=None, rules=None):
    moves = [{"seat": 0, "action": "danh", "card": "5V"},
             {"seat": 1, "action": "an", "card": "5V", "with": "5V", "as": "chan"},
             {"seat": 1, "action": "danh", "card": "CC"},
             {"seat": 2, "action": "boc", "card": "9S"}, {"seat": 2, "action": "duoi"},
             {"seat": 3, "action": "boc", "card": "9W"}, {"seat": 3, "action": "duoi"},
             {"seat": 0, "action": "boc", "card": "2W"}, {"seat": 0, "action": "duoi"},
             {"seat": 1, "action": "boc", "card": "2V"}, {"seat": 1, "action": "u", "cuoc": call}]
    return log_of(["5V", HOA_SEAT1, "", ""], "9S 9W 2W 2V", moves, rules=rules, previous=previous)


def test_hoa_called_as_bach_thu_is_no_xuong_sai_and_pays_as_bach_thu():
    from cardodds.sim.chan.penalties import settle

    # "Đúng là ù Hoa. Xướng Hoa thì được ăn Hoa. Không xướng Hoa mà xướng Bạch thủ thì được ăn Bạch thủ."
    fouls, game = check_game_log(_hoa_log({"hoa_roi_cua_phat": 1, "tom": 1}))
    assert fouls == [] and game.cuoc == {"tom": 1, "hoa_roi_cua_phat": 1} and settle(game, fouls).points == 5
    # "Các cước Hoa, Nhà, Cá: Có thể không xướng, nhưng khi đó phải xướng Bạch thủ (sẽ chỉ được tính tiền là Bạch
    # thủ)": called "Chì, Bạch thủ" (and Tôm) it is no xướng sai and is paid Bạch thủ and Tôm — not the Chì too.
    fouls, game = check_game_log(_hoa_log({"chi": 1, "bach_thu": 1, "tom": 1}))
    result = settle(game, fouls)
    assert fouls == [] and result.cuoc == {"bach_thu": 1, "tom": 1} and result.net == [-2, 6, -2, -2]
    # The other reading (hoa_as_bach_thu_pays_chi): the Chì called is paid as well.
    pays_chi = {"hoa_as_bach_thu_pays_chi": True}
    fouls, game = check_game_log(_hoa_log({"chi": 1, "bach_thu": 1, "tom": 1}, rules=pays_chi))
    result = settle(game, fouls)
    assert fouls == [] and result.cuoc == {"chi": 1, "bach_thu": 1, "tom": 1} and result.net == [-3, 9, -3, -3]
    # "Không xướng cả Hoa lẫn Bạch thủ thì là xướng thiếu cước."
    fouls, _ = check_game_log(_hoa_log({"chi": 1, "tom": 1}))
    assert [f.code for f in fouls] == ["xuong_sai"]


def test_hoa_called_as_bach_thu_alone_pays_bach_thu_not_the_fine():
    from cardodds.sim.chan.penalties import settle

    # Seed 000: "Những cước buộc phải xướng là: Thiên ù, Chíu ù, Ù bòn, Bạch thủ, Bạch thủ Chi" — "Không xướng Hoa mà
    # xướng Bạch thủ thì được ăn Bạch thủ".  Seat 1's Hoa rơi cửa phật (won on its own draw, with a Tôm) called
    # "Bạch thủ" alone: no xướng sai; Chì and Tôm left out are not paid, so each other player pays 1 point.
    fouls, game = check_game_log(_hoa_log({"bach_thu": 1}))
    result = settle(game, fouls)
    assert fouls == [] and result.cuoc == {"bach_thu": 1} and result.net == [-1, 3, -1, -1]
    # Under strict_calls (any cước left out is xướng sai) it is fined 8 đỏ 2 lèo: 6 points to each other player.
    fouls, game = check_game_log(_hoa_log({"bach_thu": 1}, rules={"strict_calls": True}))
    assert [f.code for f in fouls] == ["xuong_sai"] and settle(game, fouls).net == [6, -18, 6, 6]


def test_an_omitted_cuoc_that_is_not_compulsory_is_only_not_paid():
    from cardodds.sim.chan.penalties import settle

    # Hoa rơi cửa phật called without its Tôm: paid 4 (Hoa) instead of 5; calling 2 Tôm (one more than the hand has)
    # is xướng thừa, "xướng ... thừa cước mà bài không có".
    fouls, game = check_game_log(_hoa_log({"hoa_roi_cua_phat": 1}))
    assert fouls == [] and settle(game, fouls).net == [-4, 12, -4, -4]
    assert [f.code for f in check_game_log(_hoa_log({"hoa_roi_cua_phat": 1, "tom": 2}))[0]] == ["xuong_sai"]
    # Naming no cước at all (or Xuông alone) is paid as Xuông; Xuông beside a cước is xướng thừa.
    opening = [{"seat": 0, "action": "danh", "card": "4W"}, {"seat": 1, "action": "boc"}]
    for call in ({"xuong": 1}, {}):  # on a bạch thủ win, whose Bạch thủ is compulsory: xướng sai
        log = log_of(["4W", WAITING, "", ""], "9V", opening + [{"seat": 1, "action": "u", "cuoc": call}])
        assert found(log) == {(2, 1, "xuong_sai")}
    fouls, game = check_game_log(_tam_win({}))
    assert fouls == [] and settle(game, fouls).net == [-1, 3, -1, -1]
    assert [f.code for f in check_game_log(_tam_win({"xuong": 1, "tom": 1}))[0]] == ["xuong_sai"]


def _tam_win(call):
    """Seat 1 takes the tam văn of TAM_MOVES at once: ù rộng, Chì (its own draw), Địa ù, no Tôm, called ``call``."""
    moves = TAM_MOVES[:2] + [{"seat": 1, "action": "u", "cuoc": call}]
    return log_of(["8W", TAM_SEAT1, "", ""], "3W 9V 9W 8V 3S", moves)


def test_hoa_roi_cua_phat_chi_bach_thu_call():
    from cardodds.sim.chan.penalties import settle

    # Seed 001: "Khi xướng cước 'Hoa rơi cửa phật' không được xướng thêm cước 'chì bạch thủ'" (the default: xướng
    # sai); seed 000: "Chỉ hô: Hoa rơi cửa phật hoặc Hoa rơi cửa phật Chì Bạch thủ" (hoa_call_chi_bach_thu: the words
    # are the cước's name, paid as Hoa and Tôm, 5 points, not 7).
    call = {"hoa_roi_cua_phat": 1, "chi": 1, "bach_thu": 1, "tom": 1}
    assert [f.code for f in check_game_log(_hoa_log(call))[0]] == ["xuong_sai"]
    fouls, game = check_game_log(_hoa_log(call, rules={"hoa_call_chi_bach_thu": True}))
    result = settle(game, fouls)
    assert fouls == [] and result.cuoc == {"tom": 1, "hoa_roi_cua_phat": 1} and result.net == [-5, 15, -5, -5]
    # Chì alone beside Hoa is not the text's call: still xướng thừa.
    fouls, _ = check_game_log(_hoa_log({"hoa_roi_cua_phat": 1, "chi": 1}, rules={"hoa_call_chi_bach_thu": True}))
    assert [f.code for f in fouls] == ["xuong_sai"]


def test_thien_u_bach_thu_called_without_bach_thu_is_no_xuong_sai():
    from cardodds.sim.chan.penalties import settle

    # "Thiên ù Bạch thủ thì cho phép xướng thiếu cước Bạch thủ."
    cai = "2W 2W 3V 3V 4S 4S 5W 5W 6V 6V 7S 7S 2V 2S 3W 3S 7W 7V 8W 8S"
    for call, pts in (({"thien_u": 1, "tom": 1}, 4), ({"thien_u": 1, "bach_thu": 1, "tom": 1}, 5)):
        fouls, game = check_game_log(log_of([cai, "", "", ""], "", [{"seat": 0, "action": "u", "cuoc": call}]))
        assert fouls == [] and settle(game, fouls).points == pts
    # Leaving out the Tôm as well only forfeits the Tôm; only under strict_calls is it xướng sai.
    bare = [{"seat": 0, "action": "u", "cuoc": {"thien_u": 1}}]
    fouls, game = check_game_log(log_of([cai, "", "", ""], "", bare))
    assert fouls == [] and settle(game, fouls).points == 3
    fouls, _ = check_game_log(log_of([cai, "", "", ""], "", bare, rules={"strict_calls": True}))
    assert [f.code for f in fouls] == ["xuong_sai"]
    # The compulsory Thiên ù left out is xướng sai.
    fouls, _ = check_game_log(log_of([cai, "", "", ""], "", [{"seat": 0, "action": "u", "cuoc": {"tom": 1}}]))
    assert [f.code for f in fouls] == ["xuong_sai"]


def test_thong_needs_a_clean_previous_win_in_the_log():
    # Seed 000: "Nếu ván trước ù và xướng đúng, ván sau cũng ù thì ván sau được hô cước Thông" — "Chỉ được hô Thông
    # nếu ván trước ù và không bị phạt".
    call = {"thong": 1, "hoa_roi_cua_phat": 1, "tom": 1}
    fouls, game = check_game_log(_hoa_log(call, previous={"winner": 1, "fouls": []}))
    assert fouls == [] and game.cuoc == call
    # Without a previous game, or after another's win, a draw, or a penalised win, Thông is xướng sai.
    for previous in (None, {"winner": 2}, {"winner": None}, {"winner": 1, "fouls": ["xuong_sai"]},
                     {"winner": 1, "fouls": ["an_treo_tranh"]}):
        assert [f.code for f in check_game_log(_hoa_log(call, previous=previous))[0]] == ["xuong_sai"], previous
    # Seed 001: "hoặc ván trước treo tranh" (option thong_after_treo_tranh).
    loose = _hoa_log(call, previous={"winner": 1, "fouls": ["an_treo_tranh"]}, rules={"thong_after_treo_tranh": True})
    assert check_game_log(loose)[0] == []


def test_thong_after_any_nghi_an_tien_foul_with_the_option():
    # Seed 001's "hoặc ván trước treo tranh" names seed 000's class "treo tranh trái vỉ nghỉ ăn tiền" (ăn treo tranh,
    # ăn trái vỉ, chíu được nhưng lại ăn thường): with thong_after_treo_tranh a previous win with any of them carries
    # Thông, and the Thông is paid (Thông, Hoa rơi cửa phật, Tôm: 6 points from each other player).
    from cardodds.sim.chan.penalties import settle

    call = {"thong": 1, "hoa_roi_cua_phat": 1, "tom": 1}
    loose = {"thong_after_treo_tranh": True}
    for nghi in (["an_trai_vi"], ["chiu_an_thuong"], ["an_treo_tranh", "an_trai_vi", "chiu_an_thuong"]):
        fouls, game = check_game_log(_hoa_log(call, previous={"winner": 1, "fouls": nghi}, rules=loose))
        assert fouls == [] and settle(game, fouls).net == [-6, 18, -6, -6], nghi
        # Seed 000 (the default): "nghỉ ăn tiền không được hô thông".
        fouls, _ = check_game_log(_hoa_log(call, previous={"winner": 1, "fouls": nghi}))
        assert [f.code for f in fouls] == ["xuong_sai"], nghi
    # Any other foul of that win still loses the Thông.
    fouls, _ = check_game_log(_hoa_log(call, previous={"winner": 1, "fouls": ["an_trai_vi", "bo_u"]}, rules=loose))
    assert [f.code for f in fouls] == ["xuong_sai"]


def test_check_says_a_thong_after_a_nghi_an_tien_win_came_after_an_unpaid_win(tmp_path):
    import json

    from cardodds.sim.chan.play_task import check_text

    # Seed 000: "Chỉ được hô Thông nếu ván trước ù và không bị phạt ... (nghỉ ăn tiền không được hô thông)"; seed 001
    # also "hoặc ván trước treo tranh" (thong_after_treo_tranh).  Such a previous win was not paid ("khi ù không được
    # tính tiền"): the check must not call it a clean win.
    call = {"thong": 1, "hoa_roi_cua_phat": 1, "tom": 1}
    cases = (({"winner": 1, "fouls": []}, None, "previous game: won cleanly by seat 1, who may call Thông"),
             ({"winner": 1, "fouls": ["an_treo_tranh", "an_trai_vi"]}, {"thong_after_treo_tranh": True},
              "previous game: won by seat 1 with nghỉ ăn tiền fouls only (ăn treo tranh, ăn trái vỉ; the win was not "
              "paid), who may call Thông under thong_after_treo_tranh"))
    for previous, rules, line in cases:
        path = tmp_path / "thong.json"
        log = _hoa_log(call, previous=previous, rules=rules)
        path.write_text(json.dumps(log.to_json(), ensure_ascii=False), encoding="utf-8")
        report, code = check_text(path)
        assert code == 0 and line in report.splitlines()
        assert ("cleanly" in report) == (not previous["fouls"])


def test_dia_u_first_noc_card_or_before_ones_cua_chi_has_passed():
    from cardodds.sim.chan.penalties import settle

    # Seed 001: "Địa ù: Ù khi chưa qua cửa chì ... cũng có thể ù khi nọc chưa được bốc phát nào (địa chíu ù)" (the
    # default); seed 000: "Ù lá bốc nọc đầu tiên khi mình chưa ăn hoặc đánh gì" (dia_u_first_noc_card).
    first = {"dia_u_first_noc_card": True}
    opening = [{"seat": 0, "action": "danh", "card": "4W"}]
    # Seat 2 (bạch thủ on 9V, with a Tôm) wins on the second nọc card, its own first draw.
    second = opening + [{"seat": 1, "action": "boc", "card": "9W"}, {"seat": 1, "action": "duoi"},
                        {"seat": 2, "action": "boc", "card": "9V"}, {"seat": 2, "action": "u"}]
    fouls, game = check_game_log(log_of(["4W", "", WAITING, ""], "9W 9V", second))
    assert fouls == [] and game.cuoc == {"chi": 1, "dia_u": 1, "bach_thu": 1, "tom": 1}
    assert settle(game, fouls).net == [-6, -6, 18, -6]
    fouls, game = check_game_log(log_of(["4W", "", WAITING, ""], "9W 9V", second, rules=first))
    assert fouls == [] and game.cuoc == {"chi": 1, "bach_thu": 1, "tom": 1}
    assert settle(game, fouls).net == [-3, -3, 9, -3]
    # On the first nọc card (drawn by seat 1) it is Địa ù under both readings.
    on_first = opening + [{"seat": 1, "action": "boc", "card": "9V"}, {"seat": 2, "action": "u"}]
    for rules in (None, first):
        game = check_game_log(log_of(["4W", "", WAITING, ""], "9V", on_first, rules=rules))[1]
        assert game.cuoc == {"dia_u": 1, "bach_thu": 1, "tom": 1}
    # A chíu ù on the cái's discard before any draw ("địa chíu ù") is Địa ù only under seed 001's reading.
    three = "9V 9V 9V 2W 2W 3V 3V 4S 4S 5W 5W 2V 2S 3W 3S 7W 7V 8W 8S"
    chiu_u = [{"seat": 0, "action": "danh", "card": "9V"}, {"seat": 2, "action": "u"}]
    assert check_game_log(log_of(["9V", "", three, ""], "", chiu_u))[1].cuoc == {
        "dia_u": 1, "chiu_u": 1, "bach_thu": 1, "tom": 1}
    assert check_game_log(log_of(["9V", "", three, ""], "", chiu_u, rules=first))[1].cuoc == {
        "chiu_u": 1, "bach_thu": 1, "tom": 1}
