"""The Tấn rules dataclass: defaults and validation."""

import pytest

from cardodds.sim.errors import CardoddsError
from cardodds.sim.tan.rules import TanRules


def test_defaults_follow_rules_md():
    r = TanRules()
    assert (r.players, r.hand_size, r.deck) == (4, 8, 52)
    assert r.trump_exchange == "any_lower" and r.first_attacker == "random"
    assert r.max_attack_cards == "defender_hand" and r.refill_order == "attacker_defender_others"
    assert r.defender_runs_out == "bout_ends" and r.max_bouts == 1000 and not r.throw_in_after_take
    assert not r.series and not r.trump_no_three_in_a_row
    assert r.stock_size == 52 - 32


def test_from_table():
    r = TanRules.from_table({"players": 2, "deck": 36, "hand_size": 6, "max_attack_cards": 6,
                             "trump_exchange": "two_only", "refill_order": "attacker_others_defender"})
    assert (r.players, r.deck, r.hand_size, r.attack_cap, r.stock_size) == (2, 36, 6, 6, 24)
    assert TanRules.from_table({"players": 6}).players == 6


@pytest.mark.parametrize("table,match", [
    ({"players": 7}, "players must be 2..6"),
    ({"players": 1}, "players must be 2..6"),
    ({"players": 6, "hand_size": 9}, "more than the 52-card deck"),
    ({"players": 5, "deck": 36, "hand_size": 8}, "more than the 36-card deck"),
    ({"deck": 40}, "deck"),
    ({"hand_size": 0}, "hand_size"),
    ({"trump_exchange": "all"}, "trump_exchange"),
    ({"max_attack_cards": 0}, "max_attack_cards"),
    ({"max_attack_cards": "six"}, "max_attack_cards"),
    ({"max_bouts": 0}, "max_bouts"),
    ({"defender_runs_out": "sometimes"}, "defender_runs_out"),
    ({"first_attacker": "dealer"}, "first_attacker.*lowest_trump"),
    ({"first_attacker": "count", "players": 5, "deck": 36, "hand_size": 7}, "draws a stock card"),
    ({"throw_in_after_take": "yes"}, "throw_in_after_take"),
    ({"throw_in_after_take": 1}, "throw_in_after_take"),
    ({"series": True}, "not implemented"),
    ({"trump_no_three_in_a_row": True}, "series"),
    ({"player": 3}, "did you mean 'players'"),
    ({"players": "4"}, "players"),
])
def test_bad_rules_are_one_line_errors(table, match):
    with pytest.raises(CardoddsError, match=match) as e:
        TanRules.from_table(table, "cfg [rules]")
    assert "\n" not in str(e.value)
