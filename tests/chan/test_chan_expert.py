"""The Chắn expert: determinized rollouts that never read hidden cards."""

from collections import Counter

import numpy as np
import pytest

from cardodds.sim.chan.deal import deal_orders
from cardodds.sim.chan.expert import Expert, determinize, unseen_cards
from cardodds.sim.chan.reference import ChanGame
from cardodds.sim.chan.rules import ChanRules
from cardodds.sim.chan.players import make_strategy, seat_strategies
from cardodds.sim.errors import CardoddsError


def _decisions(n_deals: int, seat: int, stop_every: int = 3):
    """Reference games stopped at some of ``seat``'s decisions with more than one legal move (basic players)."""
    players = seat_strategies("basic")
    for order in deal_orders(np.random.default_rng(31), n_deals):
        game = ChanGame.from_order(ChanRules(), order)
        count = 0
        while (dec := game.decision()) is not None:
            if dec.seat == seat and len(dec.moves) > 1:
                count += 1
                if count % stop_every == 0:
                    yield game, dec
            game.apply(dec.moves[0] if len(dec.moves) == 1 else players[dec.seat].choose(game, dec, None))


def _hidden(game, seat):
    cards = [k for s, p in enumerate(game.seats) if s != seat for k in range(25) for _ in range(p.hand[k])]
    return Counter(cards + list(game.noc[game.noc_pos:]))


def test_the_unseen_cards_are_exactly_the_hidden_ones_and_worlds_keep_what_the_seat_sees():
    rng = np.random.default_rng(2)
    for game, dec in list(_decisions(6, 1))[:12]:
        assert Counter(unseen_cards(game, 1)) == _hidden(game, 1)
        world = determinize(game, 1, rng)
        assert _hidden(world, 1) == _hidden(game, 1)
        assert world.seats[1].hand == game.seats[1].hand and world.table == game.table
        assert [sum(p.hand) for p in world.seats] == [sum(p.hand) for p in game.seats]
        assert [p.mat for p in world.seats] == [p.mat for p in game.seats] and world.noc_pos == game.noc_pos
        assert world.noc[:world.noc_pos] == game.noc[:game.noc_pos]


def test_same_information_and_seed_give_the_same_decision():
    expert = Expert(worlds=6)
    shuffle = np.random.default_rng(9)
    checked = differs = 0
    for game, dec in _decisions(8, 2, stop_every=2):
        twin = determinize(game, 2, shuffle)
        twin_dec = twin.decision()
        if (twin_dec.kind, twin_dec.seat, twin_dec.moves) != (dec.kind, dec.seat, dec.moves):
            continue
        values = expert.move_values(game, dec, np.random.default_rng(4))
        assert np.array_equal(expert.move_values(twin, twin_dec, np.random.default_rng(4)), values)
        assert expert.choose(twin, twin_dec, np.random.default_rng(4)) == expert.choose(game, dec, np.random.default_rng(4))
        differs += _hidden(twin, 2) != _hidden(game, 2) or any(
            a.hand != b.hand for a, b in zip(twin.seats, game.seats))
        checked += 1
        if checked == 15:
            break
    assert checked == 15 and differs >= 10


def test_the_expert_values_each_legal_move_and_takes_the_best():
    expert = Expert(worlds=8, z=0.0)
    game, dec = next(_decisions(3, 0))
    values = expert.move_values(game, dec, np.random.default_rng(1))
    assert values.shape == (len(dec.moves),) and np.isfinite(values).all() and len(set(values)) > 1
    best = dec.moves[int(np.argmax(values))]
    base = make_strategy("tuned").choose(game, dec, None)
    want = best if values.max() > values[dec.moves.index(base)] else base
    assert expert.choose(game, dec, np.random.default_rng(1)) == want


def test_full_games_through_the_task_repeat_with_the_seed():
    from cardodds.sim.chan.play_task import TASK, run_chunk
    from cardodds.sim.streams import chunk_seed

    params = TASK.parse({"strategies": {"seats": [{"name": "expert", "worlds": 4}, "basic", "basic", "basic"]}}, "t")
    a = run_chunk(params, chunk_seed(3, 0), 3)
    b = run_chunk(params, chunk_seed(3, 0), 3)
    assert all(np.array_equal(a[k], b[k]) for k in a) and int(a["games"]) == 3


@pytest.mark.parametrize("table", [{"worlds": 0}, {"worlds": 2.5}, {"rollout": "random"}, {"rollout": "expert"}])
def test_bad_knobs_are_refused(table):
    with pytest.raises(CardoddsError):
        make_strategy({"name": "expert", **table})


def test_the_old_knob_name_gets_a_hint():
    with pytest.raises(CardoddsError, match="'samples' is now called 'worlds'"):
        make_strategy({"name": "expert", "samples": 16})


@pytest.mark.parametrize("table", [{"base": "expert"}, {"base": "random"}, {"z": -1}, {"z": "2"}, {"z": True}])
def test_bad_base_and_z_are_refused(table):
    with pytest.raises(CardoddsError):
        make_strategy({"name": "expert", **table})


def test_new_knobs_are_accepted():
    e = make_strategy({"name": "expert", "rollout": "tuned", "base": "cuoc", "z": 1.5})
    assert (e.rollout, e.base, e.z) == ("tuned", "cuoc", 1.5)
    assert Expert().base == "tuned" and Expert().z == 2.0


@pytest.mark.parametrize("knobs", [{"rollout": "tuned", "base": "tuned", "z": 1.0}, {"base": "heuristic", "z": 0.0}])
def test_same_information_and_seed_give_the_same_guarded_decision(knobs):
    expert = Expert(worlds=6, **knobs)
    shuffle = np.random.default_rng(9)
    checked = 0
    for game, dec in _decisions(8, 2, stop_every=2):
        twin = determinize(game, 2, shuffle)
        twin_dec = twin.decision()
        if (twin_dec.kind, twin_dec.seat, twin_dec.moves) != (dec.kind, dec.seat, dec.moves):
            continue
        assert np.array_equal(expert.move_nets(twin, twin_dec, np.random.default_rng(4)),
                              expert.move_nets(game, dec, np.random.default_rng(4)))
        assert expert.choose(twin, twin_dec, np.random.default_rng(4)) == expert.choose(game, dec, np.random.default_rng(4))
        checked += 1
        if checked == 8:
            break
    assert checked == 8


@pytest.mark.parametrize("z", [1e9, float("inf")])
def test_with_a_huge_z_the_expert_plays_exactly_as_its_base(z):
    from cardodds.sim.chan.play_task import TASK, run_chunk
    from cardodds.sim.streams import chunk_seed

    def play(first):
        params = TASK.parse({"strategies": {"seats": [first, "basic", "basic", "basic"]}}, "t")
        return run_chunk(params, chunk_seed(5, 0), 4)

    for base in ("tuned", "basic"):
        a = play({"name": "expert", "worlds": 4, "base": base, "z": z})
        b = play(base)
        assert all(np.array_equal(a[k], b[k]) for k in a), base


def test_a_zero_z_takes_the_best_mean_when_it_beats_the_base_move():
    expert = Expert(worlds=8, z=0.0, base="basic")
    taken = seen = 0
    for game, dec in _decisions(4, 0):
        values = expert.move_values(game, dec, np.random.default_rng(1))
        move = expert.choose(game, dec, np.random.default_rng(1))
        base = make_strategy("basic").choose(game, dec, None)
        best = dec.moves[int(np.argmax(values))]
        assert move == (best if values.max() > values[dec.moves.index(base)] else base)
        taken += move != base
        seen += 1
        if seen == 6:
            break
    assert taken >= 1
