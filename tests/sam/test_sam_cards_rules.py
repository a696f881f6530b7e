"""Sâm cards notation and rules options."""

import pytest

from cardodds.sim.errors import CardoddsError
from cardodds.sim.options import from_table
from cardodds.sim.sam.cards import (
    TWO,
    card_id,
    format_cards,
    is_red,
    parse_card,
    parse_cards,
    parse_hand,
    rank_counts,
    rank_of,
    suit_of,
)
from cardodds.sim.sam.rules import SamPay, SamRules, rules_from_table


def test_encoding_order_and_colours():
    assert parse_card("3s") == 0 and parse_card("2h") == 51
    assert parse_card("10h") == parse_card("Th") == parse_card("tH") == card_id(7, 3)
    assert rank_of(parse_card("Ac")) == 11 and rank_of(parse_card("2c")) == TWO
    assert [suit_of(parse_card(t)) for t in ("5s", "5c", "5d", "5h")] == [0, 1, 2, 3]
    assert [bool(is_red(parse_card(t))) for t in ("5s", "5c", "5d", "5h")] == [False, False, True, True]


def test_parse_both_notations_and_roundtrip():
    a = parse_cards("3s 10h Qd Ac 2c")
    b = parse_cards("3♠ 10♥ Q♦ A♣ 2♣")
    c = parse_cards("3S, th qD aC 2C")
    assert a == b == c
    assert format_cards(a) == "3s 10h Qd Ac 2c"
    assert format_cards(a, unicode=True) == "3♠ 10♥ Q♦ A♣ 2♣"
    # the seed writes "6♥ 6 ♦ 6 ♣ 6 ♠" with a space before some suits
    assert rank_counts(parse_cards("6♥ 6 ♦ 6 ♣ 6 ♠"))[3] == 4


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("3s 3s 4h 5h 6h 7h 8h 9h 10h Jh", "duplicate card '3s'"),
        ("3s 1h 4h", "unknown card '1h'"),
        ("3s 4x", "unknown card '4x'"),
        ("3s 11h", "unknown card '11h'"),
        ("3s 4h 5h", "expected 10 cards, got 3"),
        ("3s, ♦ 4h", "unknown card '♦'"),  # a card never spans a comma
        ("3s 6, ♦", "unknown card '6'"),
    ],
)
def test_parse_errors_one_line(text, fragment):
    with pytest.raises(CardoddsError) as e:
        parse_hand(text)
    assert fragment in str(e.value) and "\n" not in str(e.value)


def test_rules_defaults():
    r = SamRules()
    assert (r.players, r.straights, r.quad_beats) == (4, "a23_to_qka", ("single_two", "lower_quad"))
    assert r.no_finish_on_two and r.den_bai and not r.play_on_after_failed_sam and not r.heo_hang_includes_quads
    assert r.first_leader == "random" and r.toi_trang_tie == "first_in_turn"
    assert r.quad_counts_as_triple and r.quad_counts_as_two_pairs
    p = r.pay
    assert (p.card, p.two, p.cong, p.sam, p.sam_fail, p.toi_trang, p.heo_hang_two, p.chat_two, p.chat_quad) == (
        1, 5, 15, 20, 20, 20, 5, 15, 15)


def test_rules_from_table():
    r = rules_from_table({"players": 5, "straights": "3_to_a", "quad_beats": ["single_two"], "pay": {"cong": 10}})
    assert r.players == 5 and r.straights == "3_to_a" and r.quad_beats == ("single_two",)
    assert r.pay == SamPay(cong=10) and not r.chop_quad and r.chop_two
    hash(r)


@pytest.mark.parametrize(
    "table, fragment",
    [
        ({"players": 6}, "players must be 2..5"),
        ({"players": 1}, "players must be 2..5"),
        ({"straights": "k_a_2"}, "'straights' must be one of"),
        ({"quad_beats": ["triple_two"]}, "unknown value 'triple_two'"),
        ({"pay": {"cards": 2}}, "unknown key 'cards'"),
        ({"pay": {"cong": -1}}, "pay.cong must be >= 0"),
        ({"players": "4"}, "'players' must be an integer"),
        ({"toi_trang": 1}, "unknown key 'toi_trang'"),
    ],
)
def test_rules_rejects(table, fragment):
    with pytest.raises(CardoddsError) as e:
        from_table(SamRules, table, "cfg [rules]")
    assert fragment in str(e.value) and "\n" not in str(e.value)
