"""The game-state protocol (``cardodds.sim.game_state``): every game's adapter over its reference engine, the test
game's coin (``tests/demo_game/game_state.py``) too."""

import re

import numpy as np
import pytest

from cardodds.cli import main
from cardodds.sim.errors import CardoddsError
from cardodds.sim.game_state import play_out, start
from cardodds.sim.games import game as game_spec
from cardodds.sim.turns import Turns, default_player, game_rules
from cardodds.sim.user_player import UserPlayer

GAMES = ["chan", "sam", "tan", "demo"]
DECISIONS = {"demo": 3}
"""The decisions of a game played to its end when fewer than 11 (the coin's are its three calls)."""


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
    assert state.seat is None and decisions >= DECISIONS.get(game, 11) and abs(sum(state.payoffs())) < 1e-9


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


def _replayed_tosses(capsys, seed: int) -> tuple[list[str], str]:
    """The tosses ``cardodds replay demo --seed seed`` shows (its default players: seat 0 calls heads) and its last
    line."""
    assert main(["replay", "demo", "--seed", str(seed)]) == 0
    out = capsys.readouterr().out
    return re.findall(r"toss: (heads|tails)", out), out.splitlines()[-1]


def test_the_demo_coin_played_call_by_call_pays_as_its_tosses_say(capsys):
    """Seed 1 tosses tails, heads, tails (``replay demo`` shows them): played from outside, each call is asked with
    the calls and tosses so far, and seat 0 wins 1 from seat 1 with at least 2 right calls of 3, else pays 1, worked
    out by hand for each line of calls."""
    tosses, _ = _replayed_tosses(capsys, 1)
    assert tosses == ["tails", "heads", "tails"]
    by_hand = {"HHH": [-1.0, 1.0], "THT": [1.0, -1.0], "TTT": [1.0, -1.0], "HTH": [-1.0, 1.0], "THH": [1.0, -1.0]}
    for calls, payoffs in by_hand.items():
        turns = Turns("demo", 1)
        for k, call in enumerate(calls):
            assert (turns.seat, turns.legal) == (0, ["H", "T"])
            assert turns.view == {"rules": {"p": 0.5}, "calls": " ".join(calls[:k]), "tosses": " ".join("THT"[:k])}
            turns.apply(call)
        assert turns.over and turns.seat is None and turns.payoffs == payoffs, calls
    with pytest.raises(CardoddsError, match="^demo: the game of seed 1 is over$"):
        turns.apply("H")


@pytest.mark.parametrize("seed, won", [(1, False), (4, True)])
def test_a_demo_seat_played_by_heads_is_the_replayed_game(capsys, seed, won):
    """Seat 0 played by ``heads`` (seat 1 never calls): nothing is asked, and the game is the one ``replay demo``
    shows (seed 1: one right call, seat 0 pays; seed 4: two, it wins), as the coin's ``env_form.play`` counts it."""
    from demo_game.players import Heads

    tosses, last = _replayed_tosses(capsys, seed)
    assert last == f"{tosses.count('heads')} of 3 calls right: seat 0 {'wins' if won else 'loses'}"
    turns = Turns("demo", seed, players=["heads", None])
    assert turns.over and turns.state.calls == [1, 1, 1]
    assert turns.payoffs == ([1.0, -1.0] if won else [-1.0, 1.0])
    assert game_spec("demo").hook("env_form").play(seed, game_rules("demo"), [Heads(), Heads()]) == turns.payoffs


class CallsTails(UserPlayer):
    """A user's coin player: tails every time (asked through ``demo_game.user_seat``)."""

    def decide(self, view, legal, rng):
        assert legal == ["H", "T"] and set(view) == {"rules", "calls", "tosses"}
        return "T"


def test_a_users_player_calls_the_demo_coin_through_its_user_seat():
    """Seat 0 a player the user wrote: seated by the coin's ``user_strategy`` and asked at each call; on seed 1
    (tails, heads, tails) its three tails are two right calls: it wins."""
    state = start("demo", 1, game_rules("demo"), [CallsTails(), "heads"])
    assert play_out(state) == [1.0, -1.0] and state.calls == [0, 0, 0]
