"""The independent log checkers of played games (``cardodds.sim.tan.log_check``, ``cardodds.sim.sam.log_check``),
each its own reading of the rules, not the engine's, tested here (hypothesis).

- Tấn: every card is in exactly one place after every event; every lead is the attacker's, every added card (tấn
  cùng) has a rank already on the table, a bout never holds more attack cards than the cap, every cover beats the
  card it covers, draws come off the top of the stock in order; each game ends exactly one way (loss, draw or
  truncated).  Random-legal games under many rule variants pass it.
- Sâm: every play is formed from the player's own cards and either leads a round or beats the play on the table
  (same kind and length, higher top; or a chặt allowed by the rules).

``cardodds.sim.conformance.check_legal_play`` runs these checkers over every registered player of every game; the
tests here check that the checkers themselves catch broken logs.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardodds.sim.sam.log_check import beats as _sam_beats
from cardodds.sim.sam.log_check import combination as _sam_play
from cardodds.sim.tan.log_check import check_tan_log

PROPS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SEEDS = st.integers(0, 2**32 - 1)


# --- Tấn ------------------------------------------------------------------------------------------------------------

TAN_VARIANTS = [
    {}, dict(players=2), dict(players=3), dict(players=6), dict(trump_exchange="two_only"),
    dict(trump_exchange="none"), dict(deck=36, hand_size=6), dict(deck=36, hand_size=6, players=5, max_attack_cards=4),
    dict(refill_order="attacker_others_defender", players=3), dict(first_attacker="seat0", players=5),
    dict(max_bouts=6), dict(max_attack_cards=2, players=2), dict(defender_runs_out="others_may_continue"),
    dict(defender_runs_out="others_may_continue", players=2),
    dict(defender_runs_out="others_may_continue", max_attack_cards=5, players=3, deck=36, hand_size=6),
]


@settings(PROPS, max_examples=100)
@given(st.sampled_from(range(len(TAN_VARIANTS))), SEEDS)
def test_tan_random_legal_games_are_legal_and_conserve_cards(variant, seed):
    from cardodds.sim.tan.deal import deal_orders
    from cardodds.sim.tan.reference import TanGame
    from cardodds.sim.tan.rules import TanRules
    from cardodds.sim.tan.strategies import RandomLegal

    rules = TanRules(**TAN_VARIANTS[variant])
    orders, first = deal_orders(rules, np.random.default_rng(seed), 3)
    rng = np.random.default_rng(seed + 1)
    for order, f in zip(orders, first):
        game = TanGame(rules, order, int(f), [RandomLegal()] * rules.players, rng=rng, check=True)
        outcome = game.play()
        check_tan_log(rules, order, int(f), game.log, outcome)


def test_the_tan_checker_catches_broken_logs():
    """The log checker is not vacuous: a wrong cover, a lost card, a card played twice, a bout ended early and the
    wrong attacker are each caught."""
    from cardodds.sim.tan.deal import deal_orders
    from cardodds.sim.tan.reference import TanGame
    from cardodds.sim.tan.rules import TanRules
    from cardodds.sim.tan.strategies import Basic

    rules = TanRules(players=3)
    orders, first = deal_orders(rules, np.random.default_rng(5), 20)
    games = []
    for order, f in zip(orders, first):
        g = TanGame(rules, order, int(f), [Basic()] * 3)
        games.append((order, int(f), g, g.play()))
    order, f, game, out = next(x for x in games if any(e[0] == "attack" for e in x[2].log))
    check_tan_log(rules, order, f, game.log, out)
    log = list(game.log)
    i = next(k for k, e in enumerate(log) if e[0] == "cover")
    s, att, cov = log[i][1:]
    log[i] = ("cover", s, att, att)  # a card covering itself
    with pytest.raises(AssertionError):
        check_tan_log(rules, order, f, log, out)
    log = list(game.log)
    i = next(k for k, e in enumerate(log) if e[0] == "discard")
    log[i] = ("discard", log[i][1][:-1])  # a card gone missing
    with pytest.raises(AssertionError):
        check_tan_log(rules, order, f, log, out)
    log = list(game.log)
    i = next(k for k, e in enumerate(log) if e[0] == "attack")
    log.insert(i + 1, log[i])  # the same card played twice
    with pytest.raises(AssertionError):
        check_tan_log(rules, order, f, log, out)
    log = list(game.log)
    i = next(k for k, e in enumerate(log) if e[0] == "pass" and log[k + 1][0] == "discard")
    del log[i]  # the bout ends before every adder has passed
    with pytest.raises(AssertionError, match="passed|turn"):
        check_tan_log(rules, order, f, log, out)
    log = list(game.log)
    i = next(k for k, e in enumerate(log) if e[0] == "bout" and e[1] == 2)
    log[i] = ("bout", 2, log[i][3], log[i][2])  # the wrong seat attacks
    with pytest.raises(AssertionError):
        check_tan_log(rules, order, f, log, out)


# --- Sâm ------------------------------------------------------------------------------------------------------------


def test_the_sam_checker_knows_the_beat_relation():
    from cardodds.sim.sam.cards import ACE, TWO
    from cardodds.sim.sam.rules import SamRules

    r = SamRules(quad_beats=["single_two"])
    assert _sam_play([ACE, TWO, 0], r) == ("straight", 3, 2)  # A-2-3
    assert _sam_play([9, 10, ACE], r) == ("straight", 3, 13)  # Q-K-A
    assert _sam_beats(("quad", 4, 3), ("single", 1, TWO), r) and not _sam_beats(("quad", 4, 5), ("quad", 4, 3), r)
    assert not _sam_beats(("pair", 2, 5), ("single", 1, 3), r) and not _sam_beats(("straight", 4, 9), ("straight", 3, 8), r)
    with pytest.raises(AssertionError):
        _sam_play([10, ACE, TWO], r)  # K-A-2 is no straight
