"""`cardodds replay GAME --seed S` shows the first game `cardodds run` plays with seed S (issue 13, item 12).

The run side is the chunk-0 code path of each task with a chunk of many games; the replay side is the replay
function itself.  Single games of every player are in ``tests/test_conformance.py``; here the series and the deals.
"""

import contextlib

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


# -- a random seat: the game depends on the run's chunk size --------------------------------------------------------
RANDOM_TABLE = """[experiment]
name = "random_replay"
task = "{game}.play"
games = 500
chunk_size = 40
[strategies]
{seats}
"""


def _cli_replay(game, seats, seed, tmp_path):
    from cardodds.cli import main
    from cardodds.sim.experiment import load_arms

    config = tmp_path / f"{game}.toml"
    config.write_text(RANDOM_TABLE.format(game=game, seats=seats))
    out = tmp_path / "out.txt"
    with out.open("w") as f, contextlib.redirect_stdout(f):
        assert main(["replay", game, "--seed", str(seed), "--config", str(config)]) == 0
    return load_arms(config)[0].params, out.read_text().rstrip()


def test_tan_random_seat_replay_is_the_first_game_of_the_runs_first_chunk(tmp_path):
    from cardodds.sim.tan.play_task import _result_line, play_chunk, replay_games

    other = 0
    for seed in range(1, 7):
        params, text = _cli_replay("tan", 'seats = ["random", "basic", "random", "heuristic"]', seed, tmp_path)
        res = play_chunk(params, chunk_seed(seed, 0), 40)[0]  # the run's chunk 0: chunk_size games
        (_, out), = replay_games(seed, params.rules, params.strategies, chunk=40)
        assert ((-1 if out.loser is None else out.loser), out.bouts, out.pickups) == (
            res.loser[0], res.bouts[0], res.pickups[0]), seed
        assert text.splitlines()[-1] == _result_line(out), seed
        (_, alone), = replay_games(seed, params.rules, params.strategies, chunk=1)
        other += (alone.bouts, alone.pickups, alone.loser) != (out.bouts, out.pickups, out.loser)
    assert other >= 3  # a chunk of one game is another game: the chunk size matters


def test_sam_random_seat_replay_is_the_first_game_of_the_runs_first_chunk(tmp_path):
    from cardodds.sim.sam.batch import play_batch
    from cardodds.sim.sam.reference import deal_games
    from cardodds.sim.streams import FIRST, PLAY

    for seed in range(1, 7):
        params, text = _cli_replay("sam", 'default = "random"\nseat1 = "control"', seed, tmp_path)
        ss = chunk_seed(seed, 0)
        cards, leader = deal_games(stream(ss, DEAL), 40, params.rules, stream(ss, FIRST))  # as run_chunk deals
        b = play_batch(params.rules, cards, leader, list(params.strategies), rng=stream(ss, PLAY))
        pays = "payments: " + ", ".join(f"seat {s} {int(v):+d}" for s, v in enumerate(b.pay[0]))
        assert text.splitlines()[-1] == pays, seed
