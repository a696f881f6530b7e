"""Seed 000 section B applied to a recorded game's result: who sits out, whose win is paid, who pays whom."""

from cardodds.sim.chan.movelog import worked_log
from cardodds.sim.chan.penalties import settle
from cardodds.sim.chan.replay import check_game_log
from cardodds.sim.chan.scorer import penalty_8_do_2_leo

FINE = penalty_8_do_2_leo()  # 8 đỏ 2 lèo: 4 + 2 × 1 with the default points
FIVE_CHAN_THREE_CA = "2W 2W 3V 3V 4S 4S 5W 5W 6V 6V 2V 2S 3W 3S 7W 7V"


def settled(log):
    fouls, game = check_game_log(log)
    return settle(game, fouls), {(f.index, f.seat, f.code) for f in fouls}, game


def test_treo_tranh_then_a_win_pays_nothing():
    # Seed 000's example: "Trên tay có 1 chắn Cửu Vạn và 1 quân Cửu Văn, ăn Cửu Vạn nhưng lại hạ Cửu Văn xuống chiếu
    # thành cạ".  Seat 1 then wins bạch thủ on 6V drawn by seat 2: Bạch thủ, Tôm, 2 points — but "Treo tranh trái vỉ
    # nghỉ ăn tiền": "khi ù không được tính tiền".
    seat1 = "9V 9V 9W 2W 2W 3V 3V 4S 4S 5W 5W 3W 3S 7W 7V 8W 8S 6V CC"
    moves = [{"seat": 0, "action": "danh", "card": "9V"},
             {"seat": 1, "action": "an", "card": "9V", "with": "9W", "as": "ca"},
             {"seat": 1, "action": "danh", "card": "CC"},
             {"seat": 2, "action": "boc", "card": "6V"},
             {"seat": 1, "action": "u", "card": "6V"}]
    result, fouls, game = settled(worked_log(["9V", seat1, "", ""], "6V", moves))
    assert fouls == {(1, 1, "an_treo_tranh")}
    assert game.cuoc == {"bach_thu": 1, "tom": 1} and game.points == 2
    assert result.winner == 1 and result.points == 0 and result.net == [0, 0, 0, 0]
    assert "nghỉ ăn tiền" in result.describe()


def test_bat_bao_sits_out_its_win_is_void():
    # Foul 18 "ăn cạ đánh quân cùng hàng" (bắt báo: "ngồi im không được ăn hay đánh gì nữa"): seat 1 eats 9V with
    # 9W, discards 9S, and later "wins" on the other 9S: the ù of a player who sits out counts for nothing.
    seat1 = "9W 9S 9S " + FIVE_CHAN_THREE_CA
    moves = [{"seat": 0, "action": "danh", "card": "9V"},
             {"seat": 1, "action": "an", "card": "9V", "with": "9W", "as": "ca"},
             {"seat": 1, "action": "danh", "card": "9S"},
             {"seat": 2, "action": "boc", "card": "9S"},
             {"seat": 1, "action": "u", "card": "9S"}]
    result, fouls, game = settled(worked_log(["9V", seat1, "", ""], "9S", moves))
    # (Seat 1 was waiting when it ate the cạ: foul 5 too, whose đền làng needs a win that counts.)
    assert fouls == {(1, 1, "an_ca_chuyen_cho"), (2, 1, "an_ca_danh_cung_hang")} and game.winner == 1
    assert result.sits_out == {1: 2} and result.winner is None and result.net == [0, 0, 0, 0]
    assert "sits out" in result.describe() and "1 move(s) of theirs after it (from move 4)" in result.describe()


def test_bat_bao_pays_the_winner_for_the_whole_table():
    # "chờ người Ù rồi thay làng trả tiền": seat 1 commits foul 18, seat 2 then wins Chì, Địa ù, Bạch thủ, Tôm (6).
    waiting = "3V 3V 4S 4S 5W 5W 6V 6V 7S 7S 2V 2S 3W 3S 7W 7V 8W 8S 9V"
    moves = [{"seat": 0, "action": "danh", "card": "9V"},
             {"seat": 1, "action": "an", "card": "9V", "with": "9W", "as": "ca"},
             {"seat": 1, "action": "danh", "card": "9S"},
             {"seat": 2, "action": "boc", "card": "9V"},
             {"seat": 2, "action": "u"}]
    result, fouls, game = settled(worked_log(["9V", "9W 9S 9S", waiting, ""], "9V", moves))
    assert fouls == {(2, 1, "an_ca_danh_cung_hang")}
    assert game.cuoc == {"chi": 1, "dia_u": 1, "bach_thu": 1, "tom": 1} and game.points == 6
    assert result.winner == 2 and result.points == 6 and result.net == [0, -18, 18, 0]


def test_den_lang_on_winning_pays_8_do_2_leo_to_each_player():
    # Foul 6 "có chắn cấu cạ" ("Có chắn cửu vạn, không có cửu văn, lấy cửu vạn ăn cửu văn"), then a win: "khi ù sẽ
    # bị phạt 8 đỏ 2 lèo".
    seat1 = "9V 9V CC " + FIVE_CHAN_THREE_CA
    moves = [{"seat": 0, "action": "danh", "card": "9W"},
             {"seat": 1, "action": "an", "card": "9W", "with": "9V", "as": "ca"},
             {"seat": 1, "action": "danh", "card": "CC"},
             {"seat": 2, "action": "boc", "card": "9V"},
             {"seat": 1, "action": "u", "card": "9V"}]
    result, fouls, game = settled(worked_log(["9W", seat1, "", ""], "9V", moves))
    assert fouls == {(1, 1, "co_chan_cau_ca")} and game.winner == 1
    assert result.points == 0 and result.net == [FINE, -3 * FINE, FINE, FINE]
    # Without winning, đền làng costs nothing: the same foul, then seat 2 draws another card and passes.
    later = moves[:3] + [{"seat": 2, "action": "boc", "card": "5S"}, {"seat": 2, "action": "duoi"}]
    result, fouls, _ = settled(worked_log(["9W", seat1, "", ""], "5S 9V", later))
    assert fouls == {(1, 1, "co_chan_cau_ca")} and result.net == [0, 0, 0, 0] and result.winner is None


def test_xuong_sai_is_fined_and_its_win_not_paid():
    # "Xướng sai: bị phạt bằng 8 đỏ 2 lèo" — a call missing the compulsory Bạch thủ.
    waiting = "3V 3V 4S 4S 5W 5W 6V 6V 7S 7S 2V 2S 3W 3S 7W 7V 8W 8S 9V"
    moves = [{"seat": 0, "action": "danh", "card": "4W"}, {"seat": 1, "action": "boc", "card": "9V"},
             {"seat": 1, "action": "u", "cuoc": {"chi": 1, "dia_u": 1, "tom": 1}}]
    result, fouls, _ = settled(worked_log(["4W", waiting, "", ""], "9V", moves))
    assert fouls == {(2, 1, "xuong_sai")}
    assert result.points == 0 and result.net == [FINE, -3 * FINE, FINE, FINE]
    # One fine however many section-B fouls: "ù thiếu điểm mà xướng sai để đủ điểm thì cũng vẫn bị phạt 8 đỏ 2 lèo".
    log = worked_log(["4W", waiting, "", ""], "9V", moves, rules={"min_points_to_win": 20})
    result, fouls, _ = settled(log)
    assert {f[2] for f in fouls} == {"xuong_sai", "u_thieu_diem"} and result.net == [FINE, -3 * FINE, FINE, FINE]


def test_a_clean_win_is_paid_by_every_other_player():
    waiting = "3V 3V 4S 4S 5W 5W 6V 6V 7S 7S 2V 2S 3W 3S 7W 7V 8W 8S 9V"
    moves = [{"seat": 0, "action": "danh", "card": "4W"}, {"seat": 1, "action": "boc", "card": "9V"},
             {"seat": 1, "action": "u"}]
    result, fouls, _ = settled(worked_log(["4W", waiting, "", ""], "9V", moves))
    assert fouls == set() and result.points == 6 and result.net == [-6, 18, -6, -6] and result.notes == []


def test_u_lao_and_bo_u_pay_8_do_2_leo_to_each_player():
    waiting = "3V 3V 4S 4S 5W 5W 6V 6V 7S 7S 2V 2S 3W 3S 7W 7V 8W 8S 9V"
    # "Ù láo: Chưa ù mà đã hô ù": seat 2 calls ù on a discard.
    lao = [{"seat": 0, "action": "danh", "card": "4W"}, {"seat": 2, "action": "u", "card": "4W"}]
    result, fouls, _ = settled(worked_log(["4W", waiting, "", ""], "9V", lao))
    assert fouls == {(1, 2, "u_lao")} and result.winner is None and result.net == [FINE, FINE, -3 * FINE, FINE]
    # "Bỏ ù: Nếu ù được mà không ù rồi về sau mới ù": seat 1 passes its bạch thủ card and wins on the next 9V it
    # draws; the win pays nothing and seat 1 pays the fine to each other player.
    bo = [{"seat": 0, "action": "danh", "card": "4W"}, {"seat": 1, "action": "boc", "card": "9V"},
          {"seat": 1, "action": "duoi"}]
    for seat in (2, 3, 0):
        bo += [{"seat": seat, "action": "boc"}, {"seat": seat, "action": "duoi"}]
    later = bo + [{"seat": 1, "action": "boc", "card": "9V"}, {"seat": 1, "action": "u"}]
    result, fouls, game = settled(worked_log(["4W", waiting, "", ""], "9V 2W 5S 8V 9V", later))
    assert fouls == {(2, 1, "bo_u")} and game.winner == 1
    assert result.points == 0 and result.net == [FINE, -3 * FINE, FINE, FINE]
    # Passing it and never winning costs nothing.
    result, fouls, _ = settled(worked_log(["4W", waiting, "", ""], "9V 2W 5S 8V 9V", bo))
    assert fouls == set() and result.net == [0, 0, 0, 0]
