"""Hand-worked cases from the rule texts (seeds 000 and 001, RULES.md §1.2, §1.5)."""

import pytest

from cardodds.sim.chan.cards import CHI_CHI, kind_of, parse_hand
from cardodds.sim.chan.hand import (
    best_discards,
    is_winning,
    leo_count,
    red_count,
    split_hand,
    thien_khai_count,
    thien_u_type,
    tom_count,
    waits,
)
from cardodds.sim.chan.scorer import cuoc_of, thien_u_record

CUU_VAN, CUU_VAN_NAME = kind_of(9, 1), "9V"
# 5 chắn and 4 cạ with no nine among them: the base for the seed's waiting examples.
FIVE_CHAN_FOUR_CA = "2W 2W 3V 3V 4S 4S 5W 5W 6V 6V 2V 2S 3W 3S 7W 7V 8W 8S"


def test_split_keeps_every_chan_and_groups_the_rest():
    split = split_hand(parse_hand("9V 9V 9V 9W 9S 8V 8S 7W CC CC CC"))
    assert split.chan == (kind_of(9, 1), CHI_CHI)
    assert split.ba_dau == (9,)  # 9V left over with 9W and 9S
    assert split.ca == ((kind_of(8, 1), kind_of(8, 2)),)
    assert split.que == (kind_of(7, 0), CHI_CHI)


def test_bach_thu_wait_on_the_que_only():
    # Seed 000: "mới có 5 chắn, 4 cạ, què Cửu Vạn thì chỉ khi làng bốc lên lá Cửu Vạn ta mới ù được".
    hand = parse_hand(FIVE_CHAN_FOUR_CA + " 9V")
    assert waits(hand) == {CUU_VAN: "bach_thu"}


def test_u_rong_with_six_chan_waits_on_every_nine():
    # Seed 000: ">= 6 chắn và đang què 1 lá Cửu Vạn ... làng bốc lên lá Cửu gì ta cũng ù được".
    hand = parse_hand("2W 2W 3V 3V 4S 4S 5W 5W 6V 6V 7S 7S 2V 2S 3W 3S 8W 8S 9V")
    assert waits(hand) == {kind_of(9, 0): "u_rong", CUU_VAN: "u_rong", kind_of(9, 2): "u_rong"}


def test_five_chan_with_a_ba_dau_is_u_rong():
    # Seed 000: "Nếu bài có 5 chắn, 4 cạ, nhưng lại có 3 đầu ... cũng là ù rộng".
    hand = parse_hand("2W 2W 3V 3V 4S 4S 5W 5W 6V 6V 2V 2S 3W 3S 7W 7V 9W 9V 9S")
    assert waits(hand) == {kind_of(9, s): "u_rong" for s in range(3)}


def test_lone_chi_chi_wins_only_as_bach_thu_chi():
    five = parse_hand(FIVE_CHAN_FOUR_CA + " CC")
    assert waits(five) == {CHI_CHI: "bach_thu_chi"}
    # Seed 001: "nếu đang có > 5 chắn, lẻ quân chi mà làng bốc lên chi thì cũng không được ù".
    six = parse_hand("2W 2W 3V 3V 4S 4S 5W 5W 6V 6V 7S 7S 2V 2S 3W 3S 8W 8S CC")
    assert waits(six) == {}


def test_no_wait_on_a_kind_whose_four_copies_are_held():
    # 7 chắn (9W and 9S held four times each), què 9V: only the fourth 9V completes it, and with
    # six chắn or more that is still ù rộng, not bạch thủ.
    hand = parse_hand("9V 9V 9V 9W 9W 9W 9W 9S 9S 9S 9S 2W 2W 3V 3V 2V 2S 7W 7V")
    assert waits(hand) == {CUU_VAN: "u_rong"}
    hand_full = parse_hand("9V 9V 9V 9V 9W 9W 9W 9W 9S 9S 9S 9S 2W 2W 3V 3V 2V 2S 7W")
    assert kind_of(7, 0) in waits(hand_full) and thien_khai_count(hand_full) == 3


def test_thien_u_and_its_bach_thu():
    six_four = parse_hand(FIVE_CHAN_FOUR_CA + " 9V 9V")
    assert is_winning(six_four) and thien_u_type(six_four) == "bach_thu"
    seven = parse_hand("2W 2W 3V 3V 4S 4S 5W 5W 6V 6V 7S 7S 8S 8S 2V 2S 3W 3S 9W 9V")
    assert thien_u_type(seven) == "u_rong"
    assert thien_u_type(parse_hand(FIVE_CHAN_FOUR_CA + " 9V 9W")) is None  # 5 chắn, 5 cạ
    assert thien_u_type(parse_hand(FIVE_CHAN_FOUR_CA + " CC 9V")) is None  # two què: Chi Chi forms no cạ


def test_discards_that_leave_a_waiting_hand():
    hand = parse_hand(FIVE_CHAN_FOUR_CA + " 9V CC")
    assert best_discards(hand) == {CHI_CHI: {CUU_VAN: "bach_thu"}, CUU_VAN: {CHI_CHI: "bach_thu_chi"}}


def hand_cuoc(counts20) -> dict:
    """The cước the cards alone decide, as the one scorer calls them (a Thiên ù, less the Thiên ù)."""
    return {k: n for k, n in cuoc_of(thien_u_record(0, counts20)).items() if k != "thien_u"}


def test_counts_of_lèo_tôm_red_and_hand_cuoc():
    # Up to 4 lèo: cửu vạn + bát sách + chi chi.
    hand = parse_hand("9V 9V 9V 9V 8S 8S 8S 8S CC CC CC CC 3V 3V 3S 3S 7W 7W 2W 2W")
    assert leo_count(hand) == 4 and tom_count(hand) == 2 and red_count(hand) == 12
    assert is_winning(hand)
    assert hand_cuoc(hand) == {"thap_thanh": 1, "thien_khai": 3, "leo": 4, "tom": 2}


def test_hand_cuoc_colour_patterns():
    black = parse_hand("2W 2W 3V 3V 4S 4S 5W 5W 6V 6V 7S 7S 2V 2S 4W 4V 7W 7V 9W 9W")
    assert hand_cuoc(black) == {"bach_dinh": 1}
    kinh = parse_hand("CC CC CC CC 2W 2W 3V 3V 4S 4S 5W 5W 6V 6V 2V 2S 4W 4V 7W 7V")
    assert hand_cuoc(kinh) == {"kinh_tu_chi": 1, "thien_khai": 1}
    tam_do = parse_hand("8V 8V 8S 8W 9S 9S 9V 9W CC CC 2W 2W 3V 3V 4S 4S 5W 5W 2V 2S")
    assert is_winning(tam_do) and hand_cuoc(tam_do) == {"tam_do": 1, "leo": 1}


@pytest.mark.parametrize("text", ["9V 9V", FIVE_CHAN_FOUR_CA + " 9V 9V 9V"])
def test_only_twenty_cards_can_win(text):
    assert not is_winning(parse_hand(text))
