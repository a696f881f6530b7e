"""What ``cardodds serve`` shows of the ``bayes`` declarer is the declarer's own decision and numbers."""

import numpy as np
import pytest

from cardodds.sim.sam.advice import bayes_advice
from cardodds.sim.sam.batch import play_batch
from cardodds.sim.sam.cards import parse_hand, rank_counts
from cardodds.sim.sam.declare import bayes_declare, estimate, normal_value, sam_value
from cardodds.sim.sam.rules import SamRules
from cardodds.sim.sam.strategies import Control

HANDS = [
    "3s 4s 5h 6d 7c 8s 9s 10h Jd Kd",  # a straight 3…J and a K: declared
    "3s 3h 5d 7c 9s Jd Kh 2s 4c 6h",  # nothing: not declared
    "2s 2h Ad Ac Kd Ks Qs Qh Jd Jc",
]


@pytest.mark.parametrize("hand", HANDS)
@pytest.mark.parametrize("opponents", [1, 3])
def test_advice_is_the_declarers_decision_with_its_numbers(hand, opponents):
    rules, player = SamRules(players=opponents + 1), Control(declare="bayes")
    counts = rank_counts(parse_hand(hand))
    advice = bayes_advice(counts, opponents, rules, player)
    want, _ = bayes_declare(counts[None], opponents, rules, player, play_batch)
    assert advice["declare"] == bool(want[0])
    est = estimate(counts, opponents, rules, player.samples)
    assert (advice["p_success"], advice["wins"], advice["n"]) == (est.success, est.wins, est.n)
    assert advice["sam_value"] == pytest.approx(opponents * (20 * est.success - 20 * (1 - est.success)))
    never = Control(declare="never")
    assert advice["normal_value"] == normal_value(counts[None], opponents, rules, never, play_batch)[0]
    if advice["declare"]:
        assert advice["sam_value"] - advice["normal_value"] > advice["margin"]


def test_the_straight_is_declared_and_nothing_is_not():
    rules, player = SamRules(players=4), Control(declare="bayes")
    yes = bayes_advice(rank_counts(parse_hand(HANDS[0])), 3, rules, player)
    no = bayes_advice(rank_counts(parse_hand(HANDS[1])), 3, rules, player)
    assert yes["declare"] and yes["plan"] and yes["p_success"] > 0.9
    assert not no["declare"] and no["p_success"] < 0.5


def test_sam_value_pays_each_opponent():
    pay = SamRules(players=3).pay
    assert sam_value(1.0, 2, pay) == 2 * pay.sam and sam_value(0.0, 2, pay) == -2 * pay.sam_fail
    assert np.allclose(sam_value(np.array([0.5]), 4, pay), 4 * (pay.sam - pay.sam_fail) / 2)
