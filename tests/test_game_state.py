"""The game-state protocol (``cardodds.sim.game_state``): every game's adapter over its reference engine."""

import numpy as np
import pytest

from cardodds.sim.errors import CardoddsError
from cardodds.sim.game_state import play_out, start
from cardodds.sim.games import game as game_spec
from cardodds.sim.turns import default_player, game_rules

GAMES = ["chan", "sam", "tan"]


@pytest.mark.parametrize("game", GAMES)
def test_every_decision_is_the_seats_position_with_its_legal_moves(game):
    positions, rules = game_spec(game).hook("position"), game_rules(game)
    rng, decisions = np.random.default_rng(4), 0
    state = start(game, 4, rules, [None] * rules.players)
    while not state.over:
        position, legal = state.position(), state.legal_moves()
        assert position.seat == state.seat and legal == positions.legal_moves(position) and legal
        assert positions.from_json(positions.to_json(position)) == position
        state.apply(legal[int(rng.integers(len(legal)))])
        decisions += 1
    assert state.seat is None and decisions > 10 and abs(sum(state.payoffs())) < 1e-9


@pytest.mark.parametrize("game", GAMES)
def test_named_players_play_the_replayed_game(game):
    """Played out by its named players, the game makes the moves the replay's positions record, in order."""
    positions, rules = game_spec(game).hook("position"), game_rules(game)
    seats = [default_player(game)] * rules.players
    made = sorted(d for seat in range(rules.players) for d in positions.decisions(6, rules, seats, seat))
    state = start(game, 6, rules, seats)
    for k, position, move in made:
        assert positions.to_json(state.position()) == positions.to_json(position), f"decision {k}"
        assert state.play_seat() == move
    assert state.over and play_out(start(game, 6, rules, seats)) == state.payoffs()


@pytest.mark.parametrize("game", GAMES)
def test_an_illegal_move_is_one_line(game):
    rules = game_rules(game)
    state = start(game, 1, rules, [None] * rules.players)
    with pytest.raises(CardoddsError, match=rf"^{game}: 'zz' is not a legal move here \(legal: "):
        state.apply("zz")


def test_a_game_without_the_protocol_is_one_line(monkeypatch):
    import dataclasses

    import cardodds.sim.game_state as module

    without = dataclasses.replace(game_spec("demo"), game_state=None, package=None)
    monkeypatch.setattr(module, "game_spec", lambda name: without)
    with pytest.raises(CardoddsError, match="^demo: this game cannot be played move by move$"):
        start("demo", 1, game_rules("demo"), [None, None])


def test_the_demo_game_is_cut_by_the_shared_cutter():
    """The test game declares only its state (``demo_game/game_state.py``): the shared cutter numbers seat 0's three
    calls, each position holding the calls and tosses before it, and the move made is its player's face."""
    from cardodds.sim.position_cut import cut, decisions

    rules = game_rules("demo", {"p": 0.3})
    calls = decisions("demo", 5, rules, "tails", 0)
    assert [k for k, _, _ in calls] == [1, 2, 3] and all(move == "T" for _, _, move in calls)
    assert [len(p.calls) for _, p, _ in calls] == [0, 1, 2] and calls[2][1].calls == (0, 0)
    assert cut("demo", 5, rules, "tails", 2) == calls[1][1] and decisions("demo", 5, rules, "tails", 1) == []
    with pytest.raises(CardoddsError, match=r"^demo position: decision 4 asked; K must be 1..3 for the game of seed 5"):
        cut("demo", 5, rules, "tails", 4)
