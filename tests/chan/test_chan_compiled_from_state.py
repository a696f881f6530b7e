"""The compiled Chắn engine resumed from a numpy engine state (``compiled.play_state``, ``play_from_games``): the same
outcomes as ``batch.play_state`` on the states the search players and the adviser build."""

import copy

import numpy as np
import pytest

pytest.importorskip("numba")

from cardodds.sim.chan import batch, compiled, position_play  # noqa: E402
from cardodds.sim.chan.deal import deal_orders  # noqa: E402
from cardodds.sim.chan.players import seat_strategies  # noqa: E402
from cardodds.sim.chan.position import cut, legal_moves  # noqa: E402
from cardodds.sim.chan.rules import ChanRules  # noqa: E402
from cardodds.sim.errors import CardoddsError  # noqa: E402
from test_chan_batch_game import _played_to  # noqa: E402
from cardodds.sim.chan.conformance_parts import COMPILED_FIELDS as FIELDS  # noqa: E402


def same(a, b):
    for f in FIELDS:
        x, y = getattr(a, f), getattr(b, f)
        assert x.dtype == y.dtype and np.array_equal(x, y), f


@pytest.mark.parametrize("rules, spec", [
    (ChanRules(), "basic"),
    (ChanRules(cai_seat=1, ga=True), ["cuoc", "basic", "heuristic", {"name": "cuoc", "bach_thu": 6}]),
    (ChanRules(min_points_to_win=2, dia_u_first_noc_card=True), ["heuristic", "tuned", "basic", "basic"]),
])
def test_reference_games_continued_the_same(rules, spec):
    players = seat_strategies(spec)
    rng = np.random.default_rng(31)
    starts = []
    for order in deal_orders(np.random.default_rng(32), 200):
        game = _played_to(rules, order, players, int(rng.integers(0, 70)))
        if game is not None:
            starts.append(game)
    assert len(starts) > 60 and {g.phase for g in starts} >= {"start", "card", "danh"}
    st = batch.state_from_games(rules, copy.deepcopy(starts), players)
    got = compiled.play_state(st)
    same(batch.play_state(st), got)  # the compiled engine left the state as it was
    same(got, compiled.play_from_games(rules, starts, players))
    assert (got.winner >= 0).sum() > 30 and got.draw.any()


def test_the_advisers_world_states_play_the_same(monkeypatch):
    """The states ``position_play`` builds (hidden cards dealt into repeated rows) give the same outcomes on both
    engines, at every kind of decision."""
    seen = []

    def both(st):
        got = compiled.play_state(st)
        ref = batch.play_state(st)
        same(ref, got)
        seen.append(len(got.winner))
        return ref

    monkeypatch.setattr(position_play, "play_state_auto", both)
    for seed, k in ((3, 12), (2, 17), (3, 8), (3, 9), (3, 10), (0, 8)):
        pos = cut(seed, None, "tuned", k)
        position_play.play_out(pos, legal_moves(pos), "tuned", 20, 11)
        position_play.play_out(pos, None, "basic", 20, 12)
    assert len(seen) == 12 and sum(seen) > 250


def test_play_state_auto_and_errors(monkeypatch):
    rules = ChanRules()
    games = [_played_to(rules, o, seat_strategies("basic"), 9) for o in deal_orders(np.random.default_rng(4), 30)]
    games = [g for g in games if g is not None]
    monkeypatch.delenv("CARDODDS_COMPILED", raising=False)
    want = batch.play_from_games(rules, copy.deepcopy(games), seat_strategies("basic"))
    same(compiled.play_state_auto(batch.state_from_games(rules, copy.deepcopy(games), seat_strategies("basic"))), want)
    monkeypatch.setenv("CARDODDS_COMPILED", "0")
    same(compiled.play_state_auto(batch.state_from_games(rules, copy.deepcopy(games), seat_strategies("basic"))), want)
    eat = seat_strategies({"name": "heuristic", "eat_ca_to_wait": True})
    st = batch.state_from_games(rules, copy.deepcopy(games), seat_strategies("basic"))
    st.players = eat
    with pytest.raises(CardoddsError, match="eat_ca_to_wait") as e:
        compiled.play_state(st)
    assert "\n" not in str(e.value)
