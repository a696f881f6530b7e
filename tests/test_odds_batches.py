"""The odds commands play any number of games in batches: bounded memory, numbers fixed by the seed and --games."""

import tracemalloc

import numpy as np
import pytest

import cardodds.sim.chan.hand_odds
import cardodds.sim.odds_batches
import cardodds.sim.sam.hand_odds
import cardodds.sim.tan.hand_odds
from cardodds.sim.chan.hand_odds import win_chance
from cardodds.sim.odds_batches import BATCH, batch_sizes, batches
from cardodds.sim.sam.hand_odds import odds_sam
from cardodds.sim.tan.hand_odds import odds_tan

CHAN = "2W 2W 3V 3V 4S 4S 5W 5W 6V 6V 2V 2S 3W 3S 7W 7V 8W 8S 9V"
SAM = "3s 4s 5h 6d 7c 8s 9s 10h Jd Kd"
TAN = "As Ac Ad Kh 2s 3c 4d 5s"


def test_a_huge_number_of_games_is_planned_lazily_in_fixed_batches():
    sizes = batch_sizes(10**18)
    assert [next(sizes) for _ in range(3)] == [BATCH] * 3
    assert list(batch_sizes(2 * BATCH + 5)) == [BATCH, BATCH, 5]
    seeds = [(seq.entropy, seq.spawn_key, n) for seq, n in batches(2 * BATCH + 5, 7, desc="x", progress=False)]
    assert seeds == [(7, (0,), BATCH), (7, (1,), BATCH), (7, (2,), 5)]  # the runner's chunk seeds


def _spy(monkeypatch, owner, name):
    """Record every batch the engine ``owner.name`` is given (its first array argument of games)."""
    real, calls = getattr(owner, name), []

    def spy(*args, **kwargs):
        arrays = [a for a in args if isinstance(a, np.ndarray)]
        calls.append(arrays[0].copy())
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, spy)
    return calls


GAMES = {
    "chan": (cardodds.sim.chan.hand_odds, "play_batch_auto", lambda games: win_chance(CHAN, 1, games, seed=3)),
    "sam": (cardodds.sim.sam.hand_odds, "play_batch_auto", lambda games: odds_sam(SAM, 3, games, 3)),
    "tan": (cardodds.sim.tan.hand_odds, "play_batch", lambda games: odds_tan(TAN, "h", 4, 0, games, 3)),
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_games_are_played_in_batches_each_seeded_on_its_own(monkeypatch, game):
    owner, name, odds = GAMES[game]
    monkeypatch.setattr(cardodds.sim.odds_batches, "BATCH", 40)
    calls = _spy(monkeypatch, owner, name)
    first = odds(100)
    assert [len(c) for c in calls] == [40, 40, 20]  # never more than a batch at once
    assert odds(100) == first  # the seed and --games fix the numbers
    two = calls[3:5]
    calls.clear()
    odds(80)
    # A batch's games depend on the seed and its index only, not on how many games follow.
    assert all((a == b).all() for a, b in zip(calls, two)) and len(calls) == 2


def test_memory_does_not_grow_with_the_number_of_games(monkeypatch):
    monkeypatch.setattr(cardodds.sim.odds_batches, "BATCH", 500)
    monkeypatch.setattr(cardodds.sim.sam.hand_odds, "PLAN_DEALS", 500)

    def peak(games):
        tracemalloc.start()
        odds_sam(SAM, 3, games, 1, progress=False)
        size = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        return size

    small, large = peak(1000), peak(8000)
    assert large < 1.3 * small, (small, large)


def test_one_game_is_enough():
    d = odds_sam(SAM, 3, 1, 1)
    assert d["sam"]["n"] == d["win"]["n"] == 1 and d["sam"]["plan"] is not None
