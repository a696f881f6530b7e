"""Tấn card ids, parsing and names."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardodds.sim.errors import CardoddsError
from cardodds.sim.tan.cards import (
    card,
    deck_ids,
    format_card,
    format_cards,
    from_mask,
    parse_card,
    parse_cards,
    parse_rank,
    parse_suit,
    rank_of,
    suit_of,
    to_mask,
)


def test_ids_order_by_rank_then_suit():
    assert card(0, 0) == 0 and card(12, 3) == 51
    assert rank_of(card(8, 2)) == 8 and suit_of(card(8, 2)) == 2
    assert len(deck_ids(52)) == 52 and len(set(deck_ids(52))) == 52
    d36 = deck_ids(36)
    assert len(d36) == 36 and min(rank_of(c) for c in d36) == 4  # 6..A


@pytest.mark.parametrize("text,rank,suit", [
    ("10h", 8, 3), ("T♥", 8, 3), ("Qd", 10, 2), ("qD", 10, 2), ("2s", 0, 0), ("A♣", 12, 1), ("ac", 12, 1),
    ("9♠", 7, 0), ("J♦", 9, 2), ("kH", 11, 3),
])
def test_parse_card(text, rank, suit):
    assert parse_card(text) == card(rank, suit)


def test_format_round_trip():
    for c in deck_ids(52):
        assert parse_card(format_card(c)) == c
        assert parse_card(format_card(c, unicode=False)) == c
    assert format_card(card(8, 3)) == "10♥" and format_card(card(8, 3), unicode=False) == "10h"
    assert format_cards([card(12, 0), card(0, 1)]) == "2♣ A♠"


def test_parse_cards_separators_and_masks():
    cs = parse_cards("10h, Qd 2♠")
    assert cs == [card(8, 3), card(10, 2), card(0, 0)]
    assert parse_cards("10hQd2s") == cs
    assert from_mask(to_mask(cs)) == sorted(cs)


@pytest.mark.parametrize("text", ["1h", "10x", "Zd", "h10", "10h 10h", "Q", "5h 5♥"])
def test_bad_cards_are_one_line_errors(text):
    with pytest.raises(CardoddsError) as e:
        parse_cards(text)
    assert "\n" not in str(e.value)


def test_card_not_in_short_deck():
    with pytest.raises(CardoddsError, match="not in the 36-card deck"):
        parse_cards("5h", deck=36)
    assert parse_cards("6h", deck=36) == [card(4, 3)]


def test_suits_and_ranks():
    assert [parse_suit(s) for s in ("s", "C", "♦", "♥", "cơ", "rô", "chuồn", "bích", "hearts")] == [0, 1, 2, 3, 3, 2,
                                                                                                   1, 0, 3]
    assert parse_rank("10") == parse_rank("t") == 8
    import unicodedata

    for name in ("cơ", "Cơ", "rô", "chuồn", "bích", "nhép"):  # typed with combining marks (NFD), as some keyboards do
        assert parse_suit(unicodedata.normalize("NFD", name)) == parse_suit(name)
    for bad in ("x", "", "1", "♥♥"):
        with pytest.raises(CardoddsError):
            parse_suit(bad)
    with pytest.raises(CardoddsError):
        parse_rank("11")


@given(st.lists(st.integers(0, 51), unique=True, max_size=20), st.booleans(), st.sampled_from([" ", ", ", "", ";"]),
       st.booleans())
def test_format_parse_round_trip_property(cards, unicode, sep, upper):
    text = sep.join(format_card(c, unicode) for c in cards)
    if upper:
        text = text.upper()
    assert parse_cards(text) == cards
