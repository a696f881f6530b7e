"""`cardodds replay GAME --seed S` shows the first game `cardodds run` plays with seed S (issue 13, item 12).

The run side is the chunk-0 code path of each task with a chunk of many games; the replay side is the replay
function itself.  Single games of every player are in ``tests/test_conformance.py``; here the series and the deals.
"""

import numpy as np

from cardodds.sim.streams import DEAL, chunk_seed, stream

SEEDS = range(1, 121)


# -- Tấn ----------------------------------------------------------------------------------------------------------
def _tan(rules_table, strategies="basic"):
    from cardodds.sim.tan.play_task import parse

    return parse({"rules": rules_table, "strategies": {"name": strategies}}, "test")


def test_tan_series_replay_is_the_runs_first_series():
    from cardodds.sim.tan.play_task import play_chunk, replay_games

    params = _tan({"series_length": 3, "trump_exchange": "two_only"})
    for seed in SEEDS:
        res = play_chunk(params, chunk_seed(seed, 0), 7)[0]  # two series of 3 and one of 1
        games = replay_games(seed, params.rules, params.strategies)
        assert len(games) == 3
        for k, (_, out) in enumerate(games):
            got = ((-1 if out.loser is None else out.loser), out.first_attacker, out.bouts, out.pickups)
            assert got == (res.loser[k], res.first_attacker[k], res.bouts[k], res.pickups[k]), (seed, k)


def test_tan_chunk_deal_is_game_by_game():
    from cardodds.sim.tan.deal import deal_chunk
    from cardodds.sim.tan.rules import TanRules

    for rules in (TanRules(), TanRules(first_attacker="count"), TanRules(first_attacker="lowest_trump")):
        big = deal_chunk(rules, chunk_seed(9, 0), 500, xa_keys=True)
        for m in (1, 2, 37):
            small = deal_chunk(rules, chunk_seed(9, 0), m, xa_keys=True)
            for a, b in zip(big, small):
                np.testing.assert_array_equal(a[:m], b)


# -- Chắn ---------------------------------------------------------------------------------------------------------
def test_chan_series_replay_is_the_runs_first_game():
    from cardodds.sim.chan.deal import deal_orders
    from cardodds.sim.chan.play_task import parse, replay_game
    from cardodds.sim.chan.series import play_series_batch

    params = parse({"rules": {"series_length": 3}}, "test")
    for seed in list(SEEDS)[:100]:
        orders = deal_orders(stream(chunk_seed(seed, 0), DEAL), 6)  # as run_chunk deals
        res = play_series_batch(params.rules, orders.reshape(2, 3, -1), params.strategies)[0]
        game, _ = replay_game(seed, params.rules, params.strategies)
        assert (-1 if game.winner is None else game.winner) == res.winner[0], seed
        assert len(game.moves) == res.moves[0], seed


def test_chan_tied_deal_row_does_not_depend_on_the_table_count():
    """A row whose random keys tie is redrawn from its own keys, not from the generator after the other rows."""
    from cardodds.sim.chan.deal import _sorted_keys, _tied_rows, deal_orders

    seed = next(s for s in range(100000) if _tied_rows(_sorted_keys(np.random.default_rng(s), 1)).size)
    one = deal_orders(np.random.default_rng(seed), 1)
    many = deal_orders(np.random.default_rng(seed), 5)
    np.testing.assert_array_equal(one[0], many[0])
    assert sorted(one[0].tolist()) == list(range(100))
