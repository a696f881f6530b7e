"""Every registered game keeps the game protocol (``cardodds.sim.conformance.check_game``), the test game too; the
player checks (``check_player``, run part by part over every registered player in ``test_conformance.py``) play
every part a game declares and catch a broken engine or log."""

from __future__ import annotations

import pytest

from cardodds.sim.conformance import check_game
from cardodds.sim.games import game as game_spec
from cardodds.sim.games import game_names


@pytest.mark.parametrize("game", game_names())
def test_check_game(game):
    check_game(game)


def test_check_game_finds_a_broken_observation(monkeypatch):
    """The check fails on a game whose observation is longer than it declares."""
    from cardodds.sim.tan import env_form

    monkeypatch.setattr(env_form, "observation_size", lambda rules: 3)
    with pytest.raises(AssertionError, match=r"tan seed 0: an observation of shape \(\d+,\) \(declared \(3,\)\)"):
        check_game("tan", seeds=[0])


def test_check_game_plays_the_demo_coin_move_by_move(monkeypatch):
    """The test game's ``deal`` is checked too (played move by move against its ``env_form.play``): a coin whose
    game state pays nobody is caught."""
    from demo_game import game_state

    monkeypatch.setattr(game_state, "won_payoffs", lambda right: [0.0, 0.0])
    with pytest.raises(AssertionError, match=r"^demo seed 0: played move by move, the game ends otherwise than the "
                                             r"engine's \(\[0\.0, 0\.0\] against \[-?1\.0, -?1\.0\]\)$"):
        check_game("demo", seeds=[0])


def test_a_game_without_conformance_parts_skips_the_player_checks():
    """The test game declares no ``conformance`` module: it has no checked players and ``check_player`` asks
    nothing of it."""
    from cardodds.sim.conformance import check_player, checked_players

    assert game_spec("demo").conformance is None and checked_players("demo") == []
    check_player("demo", "heads")


def test_check_player_runs_every_part_under_every_rule_table(monkeypatch):
    """``check_player`` plays each part the game declares once per rule table (``same_information`` once)."""
    from cardodds.sim.conformance import check_player
    from cardodds.sim.tan import conformance_parts as parts

    calls = []
    for part in ("legal_games", "replay_is_run", "batch_equals_reference", "compiled_equals_batch", "same_information"):
        real = getattr(parts, part)
        monkeypatch.setattr(parts, part, lambda *a, _real=real, _part=part, **k: (calls.append(_part), _real(*a, **k)))
    check_player("tan", "heuristic")
    per_table = ["legal_games", "replay_is_run", "batch_equals_reference", "compiled_equals_batch"]
    assert sorted(calls) == sorted(per_table * len(parts.VARIANTS) + ["same_information"])


def test_check_batch_equals_reference_finds_an_engine_that_differs(monkeypatch):
    """A reference engine that counts one bout too many is caught game for game."""
    import dataclasses

    from cardodds.sim.conformance import check_batch_equals_reference
    from cardodds.sim.tan.reference import TanGame

    real = TanGame.play
    monkeypatch.setattr(TanGame, "play", lambda self, *a, **k: dataclasses.replace(
        (out := real(self, *a, **k)), bouts=out.bouts + 1))
    with pytest.raises(AssertionError, match=r"seed 5 game 0: reference \(.*\), batch \(.*\)"):
        check_batch_equals_reference("tan", "heuristic")


def test_the_log_checker_finds_a_card_played_twice(monkeypatch):
    """The Tấn log checker of ``check_legal_play`` fails a game whose log repeats a card."""
    from cardodds.sim.conformance import check_legal_play
    from cardodds.sim.tan.reference import TanGame

    real = TanGame.play

    def doubled(self, *a, **k):
        out = real(self, *a, **k)
        at = next(i for i, ev in enumerate(self.log) if ev[0] == "attack")
        self.log.insert(at + 1, self.log[at])
        return out

    monkeypatch.setattr(TanGame, "play", doubled)
    with pytest.raises(AssertionError, match="event"):
        check_legal_play("tan", "heuristic")
