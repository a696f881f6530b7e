"""Who attacks first in a single Tấn game: the seed's count of a drawn card, classic podkidnoy's lowest trump."""

from fractions import Fraction
from types import SimpleNamespace

import numpy as np
import pytest
from scipy.stats import chisquare

from cardodds.sim.streams import chunk_seed
from cardodds.sim.tan.cards import deck_ids, parse_card, parse_cards
from cardodds.sim.tan.deal import count_distribution, count_value, deal_chunk, first_attackers
from cardodds.sim.tan.rules import TanRules


def order_of(hands, turned, stock, deck=52):
    head = [c for h in hands for c in parse_cards(h)] + [parse_card(turned)] + parse_cards(stock)
    return np.array(head + [c for c in deck_ids(deck) if c not in head], dtype=np.int8)[None, :]


def fixed(*values):
    """A stand-in generator whose ``integers`` returns ``values``."""
    return SimpleNamespace(integers=lambda lo, hi, size: np.array(values[:size]))


HANDS4 = ["2s 3s 4s 5s 6s 7s 8s 9s", "2c 3c 4c 5c 6c 7c 8c 9c", "2d 3d 4d 5d 6d 7d 8d 9d", "Ts Js Qs Ks As Tc Jc Qc"]


def test_count_values_a_is_1_k_is_13():
    assert count_value(np.array(parse_cards("As 2s 9h Td Jc Qh Kd"))).tolist() == [1, 2, 9, 10, 11, 12, 13]


@pytest.mark.parametrize("drawn,first", [("7h", 2), ("Ah", 0), ("Kh", 0), ("Jh", 2), ("4h", 3), ("Qh", 3)])
def test_count_from_the_drawer(drawn, first):
    # "bốc bất cứ quân nào lên để xác định lượt ... đếm từ người bốc theo chiều ngược kim đồng hồ, đếm đến ai người
    # đó đánh trước": the dealer (seat 0) draws a stock card and counts 1 on themself: a 7 ends on seat 2 at 4 players
    order = order_of(HANDS4, "Th", "5h " + drawn)  # the drawn card is the second stock card
    assert first_attackers(TanRules(first_attacker="count"), order, fixed(1)).tolist() == [first]


def test_count_draws_among_the_stock_cards_the_turned_card_excepted():
    rules = TanRules(first_attacker="count")
    order = order_of(HANDS4, "Th", "")
    bounds = []
    rng = SimpleNamespace(integers=lambda lo, hi, size: bounds.append((lo, hi)) or np.array([0]))
    first_attackers(rules, order, rng)
    assert bounds == [(0, 52 - 32 - 1)]  # 19 stock cards above the turned one
    for k in range(19):  # position k of the stock (order[33 + k]) is drawn for k
        assert first_attackers(rules, order, fixed(k))[0] == (count_value(order[0, 33 + k]) - 1) % 4


@pytest.mark.parametrize("players,deck,hand,expected", [
    (4, 52, 8, [Fraction(4, 13)] + [Fraction(3, 13)] * 3),
    (3, 52, 8, [Fraction(5, 13), Fraction(4, 13), Fraction(4, 13)]),
    (2, 52, 8, [Fraction(7, 13), Fraction(6, 13)]),
    (4, 36, 6, [Fraction(3, 9)] + [Fraction(2, 9)] * 3),  # 6..10, J, Q, K and A = 1
])
def test_count_is_not_uniform_exact_values(players, deck, hand, expected):
    assert count_distribution(TanRules(players=players, deck=deck, hand_size=hand, first_attacker="count")) == expected


@pytest.mark.parametrize("players", [2, 4, 5])
def test_count_draws_follow_the_exact_distribution(players):
    rules = TanRules(players=players, first_attacker="count")
    n = 60_000
    _, first = deal_chunk(rules, chunk_seed(77, players), n)
    observed = np.bincount(first, minlength=players)
    expected = np.array([float(p) * n for p in count_distribution(rules)])
    assert chisquare(observed, expected).pvalue > 1e-3
    assert chisquare(observed).pvalue < 1e-6  # and clearly not the uniform draw
    if players == 4:  # 4/13 = 0.3077 vs 3/13 = 0.2308
        assert abs(observed[0] / n - 4 / 13) < 0.006 and all(abs(observed[1:] / n - 3 / 13) < 0.006)


def test_uniform_draw_is_uniform():
    _, first = deal_chunk(TanRules(), chunk_seed(78, 0), 40_000)
    assert chisquare(np.bincount(first, minlength=4)).pvalue > 1e-3


def test_lowest_trump_leads():
    # classic podkidnoy: "the player with the lowest trump is the first attacker"
    hands = ["6s 7s 8s 9s Ts Js", "6c 7c Kh 9c Tc Jc", "6d 7d 8d 9h Td Jd", "Qs Ks As Qc Kc Ac"]
    order = order_of(hands, "Ah", "", deck=36)
    rules = TanRules(deck=36, hand_size=6, first_attacker="lowest_trump")
    assert first_attackers(rules, order, fixed(3)).tolist() == [2]  # 9♥ is lower than K♥
    no_trump = order_of(hands, "Ad", "", deck=36)  # ♦ trump: seat 2 holds 6♦
    assert first_attackers(rules, no_trump, fixed(3)).tolist() == [2]
    nobody = order_of(["6s 7s 8s 9s Ts Js", "6c 7c 8c 9c Tc Jc", "6h 7h 8h 9h Th Jh", "Qs Ks As Qc Kc Ac"], "6d", "",
                      deck=36)
    assert first_attackers(rules, nobody, fixed(3)).tolist() == [3]  # no trump in any hand: the uniform draw


def test_lowest_trump_over_many_deals():
    rules = TanRules(players=3, deck=36, hand_size=6, first_attacker="lowest_trump")
    orders, first = deal_chunk(rules, chunk_seed(5, 0), 2000)
    for o, f in zip(orders, first):
        trump = int(o[18]) & 3
        held = [(int(c), p) for p in range(3) for c in o[6 * p: 6 * p + 6] if int(c) & 3 == trump]
        if held:
            assert min(held)[1] == f
