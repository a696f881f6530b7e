"""Every cước of seeds 000 / 001 (RULES §1.6) on hand-built winning hands, the replacements, points and gà."""

import numpy as np

from cardodds.sim.chan.cards import CHI_CHI, kind_code, kind_of, parse_cards, parse_hand
from cardodds.sim.chan.hand import is_winning
from cardodds.sim.chan.holding import win_type
from cardodds.sim.chan.movelog import complete_deal, parse_log, worked_log
from cardodds.sim.chan.replay import score_log
from cardodds.sim.chan.rules import CUOC_NAMES, ChanRules
from cardodds.sim.chan.scorer import (
    WinRecord,
    allowed_calls,
    cuoc_of,
    describe,
    min_points_ok,
    paid_call,
    penalty_8_do_2_leo,
    points,
    thien_u_record,
)

K = lambda code: parse_cards(code)[0]  # noqa: E731
NGU_VAN = kind_of(5, 1)
BASE6 = "2W 2W 4V 4V 4S 4S 5W 5W 6V 6V 6S 6S 2V 2S 5V 5S 7W 7V 8W"  # 6 chắn, 3 cạ, què 8W; 1 red with 8V
WAITING_9V = "3V 3V 4S 4S 5W 5W 6V 6V 7S 7S 2V 2S 3W 3S 7W 7V 8W 8S 9V"


def record(hand: str, card: str | None, melds=(), **kw) -> WinRecord:
    counts = tuple(int(c) for c in parse_hand(hand))
    card_k = None if card is None else K(card)
    melds = tuple((t, K(a), K(b)) for t, a, b in melds)
    mat = [0] * 25
    for t, a, b in melds:
        if t == "chiu":
            mat[a] += 4
        else:
            mat[a] += 1
            mat[b] += 1
    mat_chan = sum(2 if t == "chiu" else int(t == "chan") for t, _, _ in melds)
    mat_ca = sum(t == "ca" for t, _, _ in melds)
    if card_k is None:
        wt = kw.pop("win_type", "u_rong")
    else:
        wt = win_type(list(counts), mat_chan, mat_ca, counts[card_k] + mat[card_k], card_k)
        assert wt is not None, "the test hand must win"
    how = kw.pop("how", "chiu_u" if card_k is not None and counts[card_k] == 3 else "u")
    args = dict(seat=1, hand=counts, melds=melds, card=card_k, how=how, chi=False, dia_u=False, chiu_count=0,
                bon_count=0, u_bon=False, win_type=wt)
    args.update(kw)
    return WinRecord(**args)


def test_xuong_only_when_nothing_else():
    assert cuoc_of(record(BASE6, "8V")) == {"xuong": 1}
    assert points({"xuong": 1}) == 1
    assert "xuong" not in cuoc_of(record(BASE6, "8V", chi=True))


def test_chi():
    assert cuoc_of(record(BASE6, "8V", chi=True)) == {"chi": 1}


def test_thong_only_in_series_play():
    assert cuoc_of(record(BASE6, "8V", thong=True)) == {"thong": 1}


def test_thien_u_and_thien_u_bach_thu():
    thien = "2W 2W 3V 3V 4S 4S 5W 5W 6V 6V 2V 2S 3W 3S 7W 7V 8W 8S 9V 9V"
    got = cuoc_of(record(thien, None, how="thien_u", win_type="bach_thu"))
    assert got == {"thien_u": 1, "bach_thu": 1, "tom": 1}
    seven = "2W 2W 3V 3V 4S 4S 5W 5W 6V 6V 7S 7S 8S 8S 2V 2S 3W 3S 9W 9V"
    assert "bach_thu" not in cuoc_of(record(seven, None, how="thien_u", win_type="u_rong"))


def test_dia_u():
    assert cuoc_of(record(BASE6, "8V", dia_u=True, chi=True)) == {"chi": 1, "dia_u": 1}


def test_co_chiu_counts_and_chiu_u_is_not_co_chiu():
    hand = "4W 4W 5W 5W 2V 2S 6W 6V 7W 7V 8W"
    got = cuoc_of(record(hand, "8V", melds=[("chiu", "2W", "2W"), ("chiu", "3W", "3W")], chiu_count=2))
    assert got == {"co_chiu": 2}
    chiu_u = "3V 3V 4S 4S 5W 5W 6V 6V 2V 2S 3W 3S 7W 7V 8W 8S 9V 9V 9V"
    got = cuoc_of(record(chiu_u, "9V"))
    assert got["chiu_u"] == 1 and "co_chiu" not in got and got["bach_thu"] == 1


def test_co_bon_counts_and_u_bon():
    assert cuoc_of(record(BASE6, "8V", bon_count=2)) == {"co_bon": 2}
    assert cuoc_of(record(BASE6, "8V", u_bon=True)) == {"u_bon": 1}


def test_thien_khai_counts_kinds_held_four_times_in_the_hand():
    hand = "2W 2W 2W 2W 3W 3W 4W 4W 5W 5W 2V 2S 6W 6V 7W 7V 8W 8V 9W"
    got = cuoc_of(record(hand, "9W"))
    assert got["thien_khai"] == 1 and got["bach_thu"] == 1
    # A chíu on the mat is not thiên khai.
    chiu = cuoc_of(record("4W 4W 5W 5W 2V 2S 6W 6V 7W 7V 8W", "8V", melds=[("chiu", "2W", "2W"), ("chiu", "3W", "3W")]))
    assert "thien_khai" not in chiu


def test_bach_thu_and_bach_thu_chi():
    got = cuoc_of(record(WAITING_9V, "9V"))
    assert got["bach_thu"] == 1 and "bach_thu_chi" not in got
    five_cc = "2W 2W 3V 3V 4S 4S 5W 5W 6V 6V 2V 2S 3W 3S 7W 7V 8W 8S CC"
    got = cuoc_of(record(five_cc, "CC"))
    assert got["bach_thu_chi"] == 1 and "bach_thu" not in got  # Bạch thủ chi is not also Bạch thủ


def test_thap_thanh_and_bach_dinh():
    ten = "2W 2W 3W 3W 4W 4W 5W 5W 6W 6W 7W 7W 2V 2V 3V 3V 4V 4V 5V"
    assert cuoc_of(record(ten, "5V")) == {"thap_thanh": 1, "bach_dinh": 1}
    assert cuoc_of(record(BASE6, "8W")) == {"bach_dinh": 1}


def test_tam_do():
    hand = "8V 8V 8S 8S 9V 9V 9S 2W 2W 3W 3W 4W 4W 5W 5W 6W 6W 7W 7V"
    assert cuoc_of(record(hand, "9S")) == {"tam_do": 1}


def test_kinh_tu_chi():
    hand = "CC CC CC CC 2W 2W 3W 3W 4W 4W 5W 5W 6W 6W 2V 2S 7W 7V 5V"
    assert cuoc_of(record(hand, "5S")) == {"thien_khai": 1, "kinh_tu_chi": 1}


def test_leo_counts():
    hand = "9V 9V 8S 8S CC CC 2W 2W 3W 3W 4W 4W 5W 5W 2V 2S 6W 6V 7W"
    assert cuoc_of(record(hand, "7V")) == {"leo": 2}
    assert points({"leo": 2}) == 2 * ChanRules().point_table()["leo"]


def test_tom_counts():
    hand = "3V 3V 3S 3S 7W 7W 2W 2W 4W 4W 5W 5W 6W 6W 2V 2S 5V 5S 6V"
    assert cuoc_of(record(hand, "6S")) == {"bach_dinh": 1, "tom": 2}  # and all black


HOA = "3W 3W 4W 4W 6W 6W 7W 7W 3V 3S 4V 4S 6V 6S 8W 8S 2V"  # 4 chắn, 4 cạ, què 2V (+ a chắn on the mat)


def test_hoa_roi_cua_phat_replaces_chi_and_bach_thu():
    rec = record(HOA, "2V", melds=[("chan", "5V", "5V")], chi=True)
    assert cuoc_of(rec) == {"tom": 1, "hoa_roi_cua_phat": 1}
    # A cạ with one ngũ vạn on the mat is enough (seed 000).
    rec = record("3W 3W 4W 4W 6W 6W 7W 7W 8W 8W 3V 3S 4V 4S 6V 6S 2V", "2V", melds=[("ca", "5W", "5V")], chi=True)
    assert cuoc_of(rec) == {"bach_dinh": 1, "tom": 1, "hoa_roi_cua_phat": 1}
    # Not chì: a plain bạch thủ.  No ngũ vạn on the mat: chì bạch thủ.
    assert cuoc_of(record(HOA, "2V", melds=[("chan", "5V", "5V")])) == {"bach_thu": 1, "tom": 1}
    assert cuoc_of(record(HOA, "2V", melds=[("chan", "5W", "5W")], chi=True)) == {"chi": 1, "bach_thu": 1, "tom": 1}


def test_nha_lau_xe_hoi():
    hand = "5V 5V 4V 4V 3W 3W 6W 6W 7W 7W 3V 3S 4W 4S 6V 6S 8W 8S 2V"
    assert cuoc_of(record(hand, "2V", chi=True)) == {"tom": 1, "nha_lau_xe_hoi": 1}
    # Nhà lầu replaces Hoa rơi cửa phật when both hold.
    rec = record("5V 5V 4V 4V 3W 3W 6W 6W 7W 7W 3V 3S 4W 4S 6V 6S 2V", "2V", melds=[("ca", "5W", "5V")], chi=True)
    got = cuoc_of(rec)
    assert got["nha_lau_xe_hoi"] == 1 and "hoa_roi_cua_phat" not in got


def test_ca_loi_san_dinh():
    hand = "3W 3W 4W 4W 6W 6W 7W 7W 3V 3S 4V 4S 6V 6S 2W 2S 8V"
    assert cuoc_of(record(hand, "8V", melds=[("chan", "5V", "5V")], chi=True)) == {"tom": 1, "ca_loi_san_dinh": 1}


def test_ngu_ong_bat_ca():
    hand = "CC CC 5S 5S 3W 3W 6W 6W 7W 7W 3V 3S 4W 4S 6V 6S 2W 2S 8V"
    assert cuoc_of(record(hand, "8V", chi=True)) == {"tom": 1, "ngu_ong_bat_ca": 1}


def test_ga_is_off_by_default_and_counts_when_on():
    rules = ChanRules(ga=True)
    assert cuoc_of(record(BASE6, "8W")) == {"bach_dinh": 1}
    assert cuoc_of(record(BASE6, "8W"), rules) == {"bach_dinh": 1, "ga": 1}
    got = cuoc_of(record(WAITING_9V, "9V", chi=True), rules)  # chì bạch thủ: one gà
    assert got["ga"] == 1
    assert points({"bach_dinh": 1, "ga": 1}, rules) == 4 + 5
    assert points({"bach_dinh": 1, "ga": 1}) == 4  # gà not counted without the option


def test_every_cuoc_of_the_table_has_a_test_here():
    import inspect
    import sys

    text = inspect.getsource(sys.modules[__name__])
    assert all(f'"{name}"' in text or f"test_{name}" in text for name in CUOC_NAMES)


def test_points_penalty_and_minimum():
    rules = ChanRules(points={"leo": 3})
    assert points({"leo": 2, "chi": 1}, rules) == 7
    assert penalty_8_do_2_leo() == 4 + 2 * 1
    assert min_points_ok({"xuong": 1}, ChanRules())
    assert not min_points_ok({"xuong": 1}, ChanRules(min_points_to_win="no_xuong"))
    assert not min_points_ok({"chi": 1}, ChanRules(min_points_to_win=2))
    assert describe({"chi": 1, "leo": 2}) == "Chì, 2 Lèo"


def test_score_a_recorded_game():
    hands, noc = complete_deal(["4W", WAITING_9V, "", ""], "9V")
    code = lambda k: "CC" if k == 24 else f"{k // 3 + 2}{'WVS'[k % 3]}"  # noqa: E731
    log = parse_log({"deal": {"hands": [[code(k) for k in h] for h in hands], "noc": [code(k) for k in noc]},
                     "moves": [{"seat": 0, "action": "danh", "card": "4W"}, {"seat": 1, "action": "boc"},
                               {"seat": 1, "action": "u"}]})
    cuoc, pts = score_log(log)
    assert cuoc == {"chi": 1, "dia_u": 1, "bach_thu": 1, "tom": 1}
    assert pts == 1 + 3 + 1 + 1


HOA_CA = "3W 3W 4W 4W 6W 6W 7W 7W 9W 9W 3V 3S 4V 4S 6V 6S 2V"  # 5 chắn, 3 cạ, què 2V (+ a cạ on the mat)


def test_hoa_roi_cua_phat_ngu_van_in_a_ca_counts_unless_the_option_needs_a_chan():
    # Seed 000: "Bài của mình dưới chiếu có tối thiểu 1 lá Ngũ Vạn ... nghĩa là mình đã ăn chắn Ngũ Vạn, hoặc cạ Ngũ
    # có Ngũ Vạn, hoặc chíu Ngũ Vạn" (the default); seed 001: "Bài của mình ăn chắn ngũ vạn hoặc chíu ngũ vạn",
    # "dưới chiếu 2 hoặc 4 quân ngũ vạn" (hoa_needs_chan_ngu_van).  A cạ ngũ vạn + ngũ văn on the mat, chì bạch thủ
    # on nhị vạn, all black:
    rec = record(HOA_CA, "2V", melds=[("ca", "5V", "5W")], chi=True)
    strict = ChanRules(hoa_needs_chan_ngu_van=True)
    assert cuoc_of(rec) == {"bach_dinh": 1, "tom": 1, "hoa_roi_cua_phat": 1}
    assert points(cuoc_of(rec)) == 4 + 1 + 4
    assert cuoc_of(rec, strict) == {"chi": 1, "bach_thu": 1, "bach_dinh": 1, "tom": 1}
    assert points(cuoc_of(rec, strict), strict) == 1 + 1 + 4 + 1
    # Cá lội sân đình's ngũ vạn is Hoa's ("Giống Hoa rơi cửa Phật"): the same reading.
    ca = record(HOA_CA.replace("2V", "8V"), "8V", melds=[("ca", "5V", "5W")], chi=True)
    assert "ca_loi_san_dinh" in cuoc_of(ca) and "ca_loi_san_dinh" not in cuoc_of(ca, strict)
    # A chắn or a chíu of ngũ vạn is Hoa under both readings.
    hoa = record(HOA, "2V", melds=[("chan", "5V", "5V")], chi=True)
    assert cuoc_of(hoa, strict) == cuoc_of(hoa) == {"tom": 1, "hoa_roi_cua_phat": 1}
    chiu = record("3W 3W 4W 4W 6W 6W 3V 3S 4V 4S 6V 6S 7W 7V 2V", "2V", melds=[("chiu", "5V", "5V")], chi=True)
    assert cuoc_of(chiu, strict) == cuoc_of(chiu) == {"bach_dinh": 1, "tom": 1, "hoa_roi_cua_phat": 1}


def test_hoa_nha_ca_may_be_called_as_bach_thu_and_pay_so():
    # Seed 000: "Các cước Hoa, Nhà, Cá: Có thể không xướng, nhưng khi đó phải xướng Bạch thủ (sẽ chỉ được tính tiền là
    # Bạch thủ)" — "Không xướng Hoa mà xướng Bạch thủ thì được ăn Bạch thủ".
    hoa = record(HOA, "2V", melds=[("chan", "5V", "5V")], chi=True)
    assert allowed_calls(hoa) == [{"tom": 1, "hoa_roi_cua_phat": 1}, {"chi": 1, "bach_thu": 1, "tom": 1}]
    assert points({"chi": 1, "bach_thu": 1, "tom": 1}) == 3 < points({"tom": 1, "hoa_roi_cua_phat": 1}) == 5
    nha = record("5V 5V 4V 4V 3W 3W 6W 6W 7W 7W 3V 3S 4W 4S 6V 6S 8W 8S 2V", "2V", chi=True)
    assert {"chi": 1, "bach_thu": 1, "tom": 1} in allowed_calls(nha)
    ca = record("3W 3W 4W 4W 6W 6W 7W 7W 3V 3S 4V 4S 6V 6S 2W 2S 8V", "8V", melds=[("chan", "5V", "5V")], chi=True)
    assert {"chi": 1, "bach_thu": 1, "tom": 1} in allowed_calls(ca)
    # "Không xướng cả Hoa lẫn Bạch thủ thì là xướng thiếu cước"; Ngư ông bắt cá is not among the three the seed names.
    assert {"chi": 1, "tom": 1} not in allowed_calls(hoa)
    ngu = record("CC CC 5S 5S 3W 3W 6W 6W 7W 7W 3V 3S 4W 4S 6V 6S 2W 2S 8V", "8V", chi=True)
    assert allowed_calls(ngu) == [{"tom": 1, "ngu_ong_bat_ca": 1}]


HOA_NHA_CA = (
    record(HOA, "2V", melds=[("chan", "5V", "5V")], chi=True),
    record("5V 5V 4V 4V 3W 3W 6W 6W 7W 7W 3V 3S 4W 4S 6V 6S 8W 8S 2V", "2V", chi=True),
    record("3W 3W 4W 4W 6W 6W 7W 7W 3V 3S 4V 4S 6V 6S 2W 2S 8V", "8V", melds=[("chan", "5V", "5V")], chi=True),
)
NGU_ONG = record("CC CC 5S 5S 3W 3W 6W 6W 7W 7W 3V 3S 4W 4S 6V 6S 2W 2S 8V", "8V", chi=True)
CHI_BACH_THU_TOM = {"chi": 1, "bach_thu": 1, "tom": 1}


def test_hoa_nha_ca_called_chi_bach_thu_are_paid_bach_thu_only():
    # Seed 000: "Các cước Hoa, Nhà, Cá: Có thể không xướng, nhưng khi đó phải xướng Bạch thủ (sẽ chỉ được tính tiền là
    # Bạch thủ)".  Called "Chì, Bạch thủ" (and the Tôm), each is paid Bạch thủ and Tôm; the Chì called is no xướng
    # thừa (the win did come from the cửa chì) but is not paid.  hoa_as_bach_thu_pays_chi pays it too.
    pays_chi = ChanRules(hoa_as_bach_thu_pays_chi=True)
    assert [cuoc_of(rec) for rec in HOA_NHA_CA] == [{"tom": 1, "hoa_roi_cua_phat": 1}, {"tom": 1, "nha_lau_xe_hoi": 1},
                                                    {"tom": 1, "ca_loi_san_dinh": 1}]
    for rec in HOA_NHA_CA:
        assert paid_call(rec, CHI_BACH_THU_TOM) == {"bach_thu": 1, "tom": 1}
        assert points(paid_call(rec, CHI_BACH_THU_TOM)) == 2
        assert paid_call(rec, CHI_BACH_THU_TOM, pays_chi) == CHI_BACH_THU_TOM
        assert paid_call(rec, {"bach_thu": 1, "tom": 1}) == {"bach_thu": 1, "tom": 1}
    # A chì bạch thủ that is no Hoa (no ngũ vạn on the mat) is paid its Chì as ever.
    assert paid_call(record(HOA, "2V", melds=[("chan", "5S", "5S")], chi=True), CHI_BACH_THU_TOM) == CHI_BACH_THU_TOM


def test_ngu_ong_bat_ca_is_called_as_bach_thu_only_with_the_option():
    # "Các cước Hoa, Nhà, Cá": by default the three named (Cá lội sân đình is the "Cá"), so Ngư ông bắt cá called
    # "Chì, Bạch thủ" leaves out the cước that carries its bạch thủ: xướng sai.  ngu_ong_as_bach_thu reads "Cá" as
    # every bát vạn (cá) cước: the call is then allowed and paid as the others, Bạch thủ only.
    opt = ChanRules(ngu_ong_as_bach_thu=True)
    assert paid_call(NGU_ONG, CHI_BACH_THU_TOM) is None
    assert allowed_calls(NGU_ONG, opt) == [{"tom": 1, "ngu_ong_bat_ca": 1}, CHI_BACH_THU_TOM]
    assert paid_call(NGU_ONG, CHI_BACH_THU_TOM, opt) == {"bach_thu": 1, "tom": 1}
    assert paid_call(NGU_ONG, {"tom": 1, "ngu_ong_bat_ca": 1}, opt) == {"tom": 1, "ngu_ong_bat_ca": 1}


def test_xuong_is_paid_only_on_a_hand_without_cuoc():
    # "Xuông: Là khi bài ù không có gì đặc biệt (không có cước nào)"; "Xướng sai là xướng thiếu cước hoặc thừa cước mà
    # bài không có": on a hand with a cước, Xuông is a cước the hand has not.
    bare = record(BASE6, "8V")
    assert cuoc_of(bare) == {"xuong": 1} and paid_call(bare, {"xuong": 1}) == {"xuong": 1}
    assert paid_call(bare, {}) == {"xuong": 1}
    tom = HOA_NHA_CA[0]
    assert paid_call(tom, {"xuong": 1}) is None and paid_call(tom, {"xuong": 1}, ChanRules(strict_calls=True)) is None


def test_thien_u_bach_thu_may_be_called_without_bach_thu():
    # Seed 000: "Thiên ù Bạch thủ thì cho phép xướng thiếu cước Bạch thủ"; the full call is Thiên ù, Bạch thủ.
    thien = "2W 2W 3V 3V 4S 4S 5W 5W 6V 6V 7S 7S 2V 2S 3W 3S 7W 7V 8W 8S"
    rec = thien_u_record(0, parse_hand(thien))
    assert allowed_calls(rec) == [{"thien_u": 1, "bach_thu": 1, "tom": 1}, {"thien_u": 1, "tom": 1}]
    # Bạch thủ chi called as Bạch thủ stays xướng sai ("Nếu ù Bạch thủ Chi mà xướng 'Bạch thủ' thì vẫn là xướng sai").
    five_cc = record("2W 2W 3V 3V 4S 4S 5W 5W 6V 6V 2V 2S 3W 3S 7W 7V 8W 8S CC", "CC")
    assert allowed_calls(five_cc) == [{"bach_thu_chi": 1, "tom": 1}]


def _random_waiting_hand(rng) -> list[int]:
    """A random 19-card hand one card short of a win (a random winning 20 minus one card)."""
    while True:
        counts = [0] * 25
        for _ in range(int(rng.integers(6, 11))):  # chắn
            k = int(rng.integers(25))
            if counts[k] <= 2:
                counts[k] += 2
        while sum(counts) < 20:  # cạ
            n = int(rng.integers(8))
            a, b = rng.choice(3, size=2, replace=False)
            if counts[3 * n + a] < 4 and counts[3 * n + b] < 4:
                counts[3 * n + a] += 1
                counts[3 * n + b] += 1
        if sum(counts) == 20 and is_winning(counts):
            counts[int(rng.choice([k for k in range(25) if counts[k]]))] -= 1
            return counts


def test_odds_chan_scores_every_wait_as_the_game_does():
    # One scorer: for many waiting hands, each wait's cước in `odds chan` is what a replayed game where that hand wins
    # on that card scores — won on another player's draw (seat 2 draws it) and on one's own (chì), chíu ù included.
    from cardodds.sim.chan.hand_odds import odds_chan

    rng = np.random.default_rng(14)
    checked = chiu_u = 0
    for _ in range(60):
        counts = _random_waiting_hand(rng)
        hand = " ".join(kind_code(k) for k in range(25) for _ in range(counts[k]))
        for w in odds_chan(hand)["waits"]:
            k = K(w["card"])
            filler = next(x for x in range(25) if counts[x] == 0 and x != k and x != CHI_CHI)
            other = [{"seat": 0, "action": "danh", "card": kind_code(filler)},
                     {"seat": 1, "action": "boc", "card": kind_code(filler)}, {"seat": 1, "action": "duoi"},
                     {"seat": 2, "action": "boc", "card": w["card"]}, {"seat": 1, "action": "u"}]
            log = worked_log([kind_code(filler), hand, "", ""], f"{kind_code(filler)} {w['card']}", other)
            cuoc, pts = score_log(log)
            assert (describe(cuoc), pts) == (w["cuoc"], w["points"]), (hand, w)
            own = [other[0], {"seat": 1, "action": "boc", "card": w["card"]}, {"seat": 1, "action": "u"}]
            cuoc, pts = score_log(worked_log([kind_code(filler), hand, "", ""], w["card"], own))
            cuoc.pop("dia_u")  # the own draw here is seat 1's first: Địa ù, which odds leaves out
            assert (describe(cuoc), pts - points({"dia_u": 1})) == (w["cuoc_chi"], w["points_chi"]), (hand, w)
            checked += 1
            chiu_u += w["how"] == "chiu_u"
    assert checked > 100 and chiu_u > 0


def test_odds_chan_calls_the_games_scorer_on_the_issue_hands():
    from cardodds.sim.chan.hand_odds import odds_chan

    # A Thiên ù bạch thủ: the game scores Thiên ù, Bạch thủ, Tôm (5).
    thien = odds_chan("2W 2W 3V 3V 4S 4S 5W 5W 6V 6V 7S 7S 2V 2S 3W 3S 7W 7V 8W 8S")
    assert (thien["cuoc"], thien["points"]) == ("Thiên ù, Bạch thủ, Tôm", 5)
    # Three of the winning card in hand: the win is a chíu ù (the four go down as a chíu), not Thiên khai.
    three = odds_chan("9V 9V 9V 3W 3W 6S 6S 7S 7S 5W 5W 3V 3S 6W 6V 7W 7V 2W 2S")
    [w] = three["waits"]
    assert (w["card"], w["how"], w["cuoc"], w["points"]) == ("9V", "chiu_u", "Chíu ù, Bạch thủ, Tôm", 3)


READING_OPTIONS = ("strict_calls", "hoa_call_chi_bach_thu", "hoa_needs_chan_ngu_van", "dia_u_first_noc_card",
                   "hoa_as_bach_thu_pays_chi", "ngu_ong_as_bach_thu")


def test_the_reading_options_are_config_rules_keys():
    import pytest

    from cardodds.sim.chan.play_task import parse
    from cardodds.sim.errors import CardoddsError

    rules = parse({"rules": {k: True for k in READING_OPTIONS}}, "chan_play.toml").rules
    assert all(getattr(rules, k) is True for k in READING_OPTIONS)
    assert not any(getattr(ChanRules(), k) for k in READING_OPTIONS)  # defaults: as before these options
    for key in READING_OPTIONS:
        with pytest.raises(CardoddsError, match=f"chan_play.toml \\[rules\\]: '{key}' must be true or false, not 1"):
            parse({"rules": {key: 1}}, "chan_play.toml")
