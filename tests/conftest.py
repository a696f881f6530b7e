"""Test-wide set-up: the test-only ``demo`` game (``tests/coin_task.py``) is registered as a new game would be."""

import coin_task

from cardodds.sim.games import register_game

register_game(coin_task.SPEC)
