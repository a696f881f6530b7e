import numpy as np
import pytest

from cardodds.sim.chan.cards import (
    CHI_CHI,
    DECK_SIZE,
    IS_RED,
    N_KINDS,
    format_hand,
    kind_code,
    kind_name,
    kind_of,
    parse_cards,
    parse_hand,
)
from cardodds.sim.errors import CardoddsError


def test_deck_has_100_cards_20_of_them_red():
    assert DECK_SIZE == 100 and N_KINDS == 25
    assert int(IS_RED.sum()) * 4 == 20
    assert {kind_name(k) for k in np.flatnonzero(IS_RED)} == {"Bát Vạn", "Bát Sách", "Cửu Vạn", "Cửu Sách", "Chi Chi"}


def test_every_kind_round_trips_through_code_and_name():
    for kind in range(N_KINDS):
        assert parse_cards(kind_code(kind)) == [kind]
        assert parse_cards(kind_name(kind)) == [kind]


def test_names_codes_and_spellings_agree():
    assert parse_cards("Cửu Vạn, cửu văn, CỬU SÁCH, chi chi") == [kind_of(9, 1), kind_of(9, 0), kind_of(9, 2), CHI_CHI]
    assert parse_cards("9V 9W 9S CC") == parse_cards("cuu vanj, 9 vawn, cuu sach, chi")
    assert parse_cards("nhị vạn tam sách") == [kind_of(2, 1), kind_of(3, 2)]


def test_format_hand_lists_cards_in_kind_order():
    counts = parse_hand("CC 9V 2W 9V")
    assert format_hand(counts) == "2W 9V 9V CC"
    assert format_hand(counts, names=True) == "Nhị Văn, Cửu Vạn, Cửu Vạn, Chi Chi"


@pytest.mark.parametrize(
    "text, message",
    [
        ("cuu van", "could be văn or vạn"),
        ("9X", "unknown card '9X'"),
        ("9V 9V 9V 9V 9V", "appears 5 times"),
        ("chín vạn", "unknown card"),
        ("cửu", "has no suit"),
        ("cửu xyz", "unknown suit"),
        ("", "empty"),
    ],
)
def test_bad_cards_give_one_line_errors(text, message):
    with pytest.raises(CardoddsError, match=message) as err:
        parse_hand(text)
    assert "\n" not in str(err.value)


def test_hand_size_is_checked():
    with pytest.raises(CardoddsError, match="has 19 or 20 cards, this one has 2"):
        parse_hand("9V 9V", sizes=(19, 20))


def test_decomposed_unicode_reads_as_composed():
    import unicodedata

    text = "Cửu Vạn, cửu văn, Bát Sách, Nhị Văn, Chi Chi"
    nfd = unicodedata.normalize("NFD", text)
    assert nfd != text and parse_cards(nfd) == parse_cards(text) == [kind_of(9, 1), kind_of(9, 0), kind_of(8, 2),
                                                                      kind_of(2, 0), CHI_CHI]
    with pytest.raises(CardoddsError, match="could be văn or vạn"):  # the hint survives decomposition
        parse_cards(unicodedata.normalize("NFD", "cửu van"))


@pytest.mark.parametrize(
    "text, cards",
    [
        ("chi, chi, chi", 3),  # a comma separates cards; a lone "chi" is Chi Chi ("bạch thủ chi")
        ("chi chi, chi", 2),
        ("chi chi, chi chi", 2),
        ("chi; chi", 2),
        ("chi chi chi chi", 2),  # without commas, "chi chi" pairs up
        ("CC, chi", 2),
    ],
)
def test_a_comma_separates_cards(text, cards):
    assert parse_cards(text) == [CHI_CHI] * cards


def test_a_name_never_spans_a_comma():
    with pytest.raises(CardoddsError, match="card 'cửu' has no suit"):
        parse_cards("cửu, vạn")
    with pytest.raises(CardoddsError, match="unknown card 'vạn'"):
        parse_cards("9V, vạn")
