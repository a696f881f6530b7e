"""The one position cutter (``cardodds.sim.position_cut``): every game's decisions walked the same way, one error
wording for a bad decision number, one past the end and a bad seat."""

import pytest

from cardodds.advise import replay_table
from cardodds.sim import position_cut
from cardodds.sim.errors import CardoddsError
from cardodds.sim.games import game as game_spec

GAMES = ["chan", "sam", "tan"]


@pytest.mark.parametrize("game", GAMES)
def test_the_games_cut_is_the_shared_walk(game):
    rules, strategies = replay_table(game)
    positions = game_spec(game).hook("position")
    walked = list(position_cut.walk(game, 2, rules, strategies))
    assert [k for k, _, _ in walked] == list(range(1, len(walked) + 1)) and len(walked) > 10
    k, position, move = walked[len(walked) // 2]
    assert positions.cut(2, rules, strategies, k) == position and move in positions.legal_moves(position)
    mine = positions.decisions(2, rules, strategies, position.seat)
    assert [(k, m) for k, p, m in mine] == [(k, m) for k, p, m in walked if p.seat == position.seat]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("k", [0, -1, 1.5, True, "2"])
def test_a_bad_decision_number_is_one_line(game, k):
    rules, strategies = replay_table(game)
    with pytest.raises(CardoddsError, match=rf"^{game} position: the decision number must be a whole number >= 1, "
                                            rf"not {k!r}$"):
        game_spec(game).hook("position").cut(2, rules, strategies, k)


@pytest.mark.parametrize("game", GAMES)
def test_past_the_end_and_a_bad_seat_are_one_line(game):
    rules, strategies = replay_table(game)
    n = len(list(position_cut.walk(game, 2, rules, strategies)))
    with pytest.raises(CardoddsError, match=rf"^{game} position: decision {n + 1} asked; K must be 1\.\.{n} for the "
                                            "game of seed 2 "):
        position_cut.cut(game, 2, rules, strategies, n + 1)
    with pytest.raises(CardoddsError, match=rf"^{game} position: seat must be 0\.\.{rules.players - 1}, not 9$"):
        position_cut.decisions(game, 2, rules, strategies, 9)
