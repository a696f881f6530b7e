"""The one replay recorder (``cardodds.sim.replay_recorder``) both batch engines call with keywords."""

from types import SimpleNamespace

import numpy as np

from cardodds.sim.replay_recorder import Recorder, draws_for_the_batch
from cardodds.sim.sam.strategies import Greedy
from cardodds.sim.tan.batch import play_batch
from cardodds.sim.tan.deal import deal_orders
from cardodds.sim.tan.rules import TanRules
from cardodds.sim.tan.strategies import Basic, RandomLegal


def test_a_seat_that_reads_public_information_draws_from_its_own_seed_only_where_the_game_gives_one():
    seeded = SimpleNamespace(deterministic=False, needs_public=True)
    fixed = SimpleNamespace(deterministic=True, needs_public=False)
    assert draws_for_the_batch([fixed, seeded]) and not draws_for_the_batch([fixed, seeded], own_seed=True)
    assert not draws_for_the_batch([Greedy()] * 4) and draws_for_the_batch([Basic(), RandomLegal()], own_seed=True)


def test_the_recorder_keeps_the_asked_decisions_of_its_game_in_order():
    recorder = Recorder(game=1)
    recorder(kind="attack", game=np.array([0, 1, 2]), seat=3, asked=np.array([True, True, False]),
             choice=np.array([5, 7, 9]))
    recorder(kind="defend", game=np.array([1, 2]), seat=np.array([0, 1]), asked=np.array([False, True]),
             choice=np.array([4, 4]))
    assert recorder.moves == [("attack", 3, 7)]


def test_the_tan_batch_engine_reports_every_decision_of_a_game():
    rules = TanRules(players=3)
    orders, first = deal_orders(rules, np.random.default_rng(2), 4)
    recorder = Recorder(game=2)
    play_batch(rules, orders, first, [Basic()] * 3, observer=recorder)
    kinds = {k for k, _, _ in recorder.moves}
    assert {"attack", "defend"} <= kinds and all(0 <= s < 3 for _, s, _ in recorder.moves)
