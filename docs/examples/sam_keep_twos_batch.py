"""Sâm keep-the-2s (sam_keep_twos.py's rule) in the batch form: numpy over every game where the seat decides."""

import numpy as np

from cardodds import Range, UserPlayer
from cardodds.sim.sam.env_form import batch_moves, batch_slices


class KeepTwosBatch(UserPlayer):
    """Play a 2 only once the hand is down to ``until`` cards (or has nothing else); the longest play, lowest first."""

    knobs = {"until": Range(0, 10)}
    until: int = 3

    def decide_batch(self, observations, masks, rng):
        move = batch_moves(masks)  # per action: its length, whether it holds a 2 … ("pass", the last: no cards)
        left = np.rint(observations[:, batch_slices(observations)["counts"].start] * 10)  # the seat's cards left
        plays = (masks == 1) & (move["length"] > 0)
        keep = plays & ~move["two"]
        early = left > self.until  # still early: keep the 2s
        passing = early & ~keep.any(axis=1) & (masks[:, -1] == 1)
        plays = np.where((early & keep.any(axis=1))[:, None], keep, plays)
        longest = np.where(plays, move["length"], -1).argmax(axis=1)  # the first of the longest: the lowest
        return np.where(passing, masks.shape[1] - 1, longest)
