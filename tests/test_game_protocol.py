"""Every registered game keeps the game protocol (``cardodds.sim.conformance.check_game``), the test game too."""

from __future__ import annotations

import pytest

from cardodds.sim.conformance import check_game
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
