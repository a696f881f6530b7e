"""The games move by move (``cardodds.sim.turns``) and as PettingZoo / Gymnasium environments (``cardodds.envs``)."""

from __future__ import annotations

import numpy as np
import pytest

from cardodds.sim.conformance import replayed_decisions
from cardodds.sim.games import game as game_spec
from cardodds.sim.turns import Turns, default_player, game_rules

pettingzoo_test = pytest.importorskip("pettingzoo.test")
env_checker = pytest.importorskip("gymnasium.utils.env_checker")

from cardodds.envs import card_env, seat_env

GAMES = ["chan", "sam", "tan", "demo"]
"""The built-in games and the test game's coin (``tests/demo_game/``: a game from outside the package)."""
BUILT_IN = {game: default_player(game) for game in GAMES}
"""Each game's default player (deterministic: its replayed game does not depend on the chunk), the players of
``replayed_decisions``."""
RULES = {"chan": {}, "sam": {"players": 3}, "tan": {"players": 3}, "demo": {"p": 0.3}}
SEAT = {"demo": 0}
"""The seat a Gymnasium environment plays when not seat 1 (the coin's seat 1 never decides)."""


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_turns_play_the_replayed_game(game, seed):
    """Every seat played from outside with the moves the replay made: each view is the position JSON the replay cuts
    at that decision, the legal moves are the position's, and the payoffs are those of the game played by the
    engine itself."""
    rules = game_rules(game, RULES[game])
    positions = game_spec(game).hook("position")
    replayed, seats = replayed_decisions(game, seed, rules)
    turns = Turns(game, seed, rules)
    for position, move in replayed:
        if len(positions.legal_moves(position)) == 1:
            continue  # a forced move: played without asking
        assert not turns.over
        assert turns.view == positions.to_json(position)
        assert turns.legal == positions.legal_moves(position)
        turns.apply(move)
    assert turns.over
    assert turns.payoffs == game_spec(game).hook("env_form").play(seed, rules, seats)
    assert sum(turns.payoffs) == pytest.approx(0.0)


@pytest.mark.parametrize("game", GAMES)
def test_named_seats_play_as_in_the_replay(game):
    """Seats given a name play as that player: with one seat from outside repeating the replay's moves, the game
    and its payoffs are the replay's."""
    rules = game_rules(game, RULES[game])
    replayed, seats = replayed_decisions(game, 3, rules)
    turns = Turns(game, 3, rules, [None] + [BUILT_IN[game]] * (rules.players - 1))
    positions = game_spec(game).hook("position")
    for position, move in replayed:
        if position.seat == 0 and len(positions.legal_moves(position)) > 1:
            assert turns.seat == 0
            turns.apply(move)
    assert turns.payoffs == game_spec(game).hook("env_form").play(3, rules, seats)


def test_a_move_that_is_not_legal_is_one_line_and_the_game_goes_on():
    turns = Turns("tan", 1, {"players": 2})
    with pytest.raises(Exception, match=r"^tan: 'zz' is not a legal move here \(legal: "):
        turns.apply("zz")
    turns.apply(turns.legal[0])
    turns.close()


def test_a_game_runs_in_the_callers_thread():
    """No second thread plays the game: each game's engine is driven through the game-state protocol."""
    import threading

    before = threading.enumerate()
    for game in GAMES:
        turns = Turns(game, 1)
        turns.apply(turns.legal[0])
        assert threading.enumerate() == before
        turns.close()


@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")  # a dict with the action mask, as in classic
@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_api(game):
    env = card_env(game, RULES[game])
    pettingzoo_test.api_test(env, num_cycles=200)
    env.close()


@pytest.mark.parametrize("game", GAMES)
def test_gymnasium_env_checker(game):
    env = seat_env(game, seat=SEAT.get(game, 1), opponents=BUILT_IN[game], rules=RULES[game])
    env_checker.check_env(env, skip_render_check=True)
    env.close()


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_episode_pays_the_games_payoffs(game):
    """Seat 0 against built-ins, first legal action every time: the reward at the end is seat 0's payoff in the
    game the reset's seed deals, every observation is in its space and the mask is the legal moves."""
    env = seat_env(game, seat=0, opponents=BUILT_IN[game], rules=RULES[game])
    obs, info = env.reset(seed=5)
    first = obs
    total, done = 0.0, False
    while not done:
        assert env.observation_space.contains(obs)
        assert obs["action_mask"].sum() == len(env._turns.legal)
        obs, reward, done, _, step_info = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        assert "illegal_action" not in step_info
        total += reward
    assert total == env._turns.payoffs[0]
    again, again_info = env.reset(seed=5)  # the same seed, the same deal
    assert again_info == info and again_info["game_seed"] == env._turns.seed
    assert all(np.array_equal(again[k], first[k]) for k in first)
    env.close()


def test_an_action_the_mask_refuses_plays_the_first_legal_move_and_says_so():
    env = seat_env("tan", seat=0, opponents="basic", rules={"players": 2})
    obs, _ = env.reset(seed=2)
    refused = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    first = env._turns.legal[0]
    view = env._turns.view
    _, _, _, _, info = env.step(refused)
    assert info == {"illegal_action": True}
    other = seat_env("tan", seat=0, opponents="basic", rules={"players": 2})
    other.reset(seed=2)
    assert other._turns.view == view
    other.step(other.actions.index(first))
    assert other._turns.view == env._turns.view
    env.close()
    other.close()


@pytest.mark.parametrize("game", GAMES)
def test_a_seat_plays_against_the_games_default_player_unless_told(game):
    """Every game's default player, as an experiment seats it (Sâm has no ``tuned``), fills the other seats."""
    from cardodds.sim.turns import default_player

    env = seat_env(game, render_mode="ansi")
    env.reset(seed=1)
    assert env._players[1:] == [default_player(game)] * (env._form.rules.players - 1)
    assert env.render().startswith("seat 0 to move (")
    env.close()


def test_a_seat_that_never_decides_is_one_line_not_an_endless_reset():
    """The coin's seat 1 makes no call: a reset gives up after ``PASSED_DEALS`` deals over before its first decision
    (a built-in game's seat decides in almost every deal)."""
    from cardodds.envs import PASSED_DEALS
    from cardodds.sim.errors import CardoddsError

    env = seat_env("demo", seat=1)
    with pytest.raises(CardoddsError, match=rf"^demo: seat 1 made no decision in {PASSED_DEALS} deals in a row$"):
        env.reset(seed=1)
    env.close()


def test_the_coins_observation_is_p_then_each_rounds_call_and_toss():
    """The test game's ``env_form``: actions T and H; seat 0 having called H then T, with tails twice fallen, sees
    p, then (tails, heads) one-hot for call 1, toss 1, call 2, toss 2, and zeros for the round to come."""
    form, positions = game_spec("demo").hook("env_form"), game_spec("demo").hook("position")
    rules = game_rules("demo", RULES["demo"])
    assert form.actions(rules) == ["T", "H"] and form.observation_size(rules) == 13
    seen = form.observe(positions.from_json({"rules": {"p": 0.3}, "calls": "H T", "tosses": "T T"}))
    assert seen.dtype == np.float32
    assert seen.tolist() == pytest.approx([0.3, 0, 1, 1, 0, 1, 0, 1, 0, 0, 0, 0, 0])
