"""The shipped screen table (:mod:`cardodds.sim.sam.screen_table`) is the screen itself, hand for hand."""

import numpy as np
import pytest

from cardodds.sim.sam import screen_table
from cardodds.sim.sam.declare import screen
from cardodds.sim.sam.rules import SamRules


def test_hands_are_every_ten_card_hand_in_index_order():
    hands = screen_table.all_hands()
    assert hands.shape == (screen_table.N_HANDS, 13) and screen_table.N_HANDS == 566_280
    assert np.all(hands.sum(1) == 10) and hands.min() == 0 and hands.max() == 4
    assert np.array_equal(screen_table.hand_index(hands), np.arange(len(hands)))  # so no hand twice
    shuffled = np.random.default_rng(3).permutation(len(hands))[:1000]
    assert np.array_equal(screen_table.hand_index(hands[shuffled]), shuffled)


@pytest.mark.slow
@pytest.mark.parametrize("opponents", screen_table.OPPONENTS)
def test_table_is_the_screen_of_every_hand(opponents):
    """Every hand's answer in the table = the screen computed (rebuild the table with ``python -m
    cardodds.sim.sam.make_screen_table`` when the screen changes)."""
    hands = screen_table.all_hands()
    got = screen_table.lookup(hands, opponents, SamRules(), screen_table.FLOOR)
    assert got is not None and 0.05 < got.mean() < 0.5
    assert np.array_equal(got, screen(hands, opponents, SamRules(), table=False))


def test_the_table_answers_only_what_it_holds():
    hands = screen_table.all_hands()[::997]
    rules = SamRules()
    assert screen_table.lookup(hands, 3, rules, 0.2) is None
    assert screen_table.lookup(hands, 5, rules, screen_table.FLOOR) is None
    for options in (dict(straights="3_to_a"), dict(no_finish_on_two=False), dict(quad_beats=["single_two"])):
        other = SamRules(**options)
        assert screen_table.lookup(hands, 3, other, screen_table.FLOOR) is None
        assert np.array_equal(screen(hands, 3, other), screen(hands, 3, other, table=False))
    short = hands.copy()
    short[:, 0] = 0  # not ten cards
    assert screen_table.lookup(short, 3, rules, screen_table.FLOOR) is None
    assert np.array_equal(screen(hands, 3, rules), screen(hands, 3, rules, table=False))
