"""Test-wide set-up: the test-only ``demo.coin`` task is registered as a new game's task would be."""

import coin_task

from cardodds.sim.registry import register_task

register_task(coin_task.TASK)
