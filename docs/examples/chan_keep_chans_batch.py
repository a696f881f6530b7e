"""Chắn: never break a chắn (chan_keep_chans.py's rule) in the batch form: numpy over the games where it decides."""

import numpy as np

from cardodds import Range, UserPlayer
from cardodds.sim.chan.env_form import observation_slices

PART = observation_slices()
CA, CHAN, CHIU = 25, 50, 52  # actions: the 25 cards, "ca <card>" for each, "chan", "u", "chiu", "draw", "pass", …


class KeepChansBatch(UserPlayer):
    """Chíu, chắn; a cạ with an odd card while fewer than ``max_ca`` cạ; discard the first odd card; else the last."""

    knobs = {"max_ca": Range(0, 6)}
    max_ca: int = 2

    def decide_batch(self, observations, masks, rng):
        odd = np.rint(observations[:, PART["hand"]] * 4).astype(int) % 2 == 1
        own_mat = np.rint(observations[:, PART["mats"]][:, :25] * 4).astype(int)  # seat 0 of the mats is its own
        few_ca = (own_mat % 2).sum(axis=1) // 2 < self.max_ca  # a cạ lays two cards of a number, at most one a number
        rank = np.zeros(masks.shape)  # the highest-ranked legal action of each row, the first of equals
        rank[:, :CA] = 1 + odd  # a card to discard: an odd one first
        rank[:, CA:CHAN] = 2 * (odd & few_ca[:, None])  # a cạ with an odd card; any other cạ ranks below bốc
        rank[:, [CHAN, CHIU]] = 3, 4
        rank[:, CHIU + 1:CHIU + 4] = 0.5  # draw (bốc), pass (dưới), hoa
        return np.where(masks == 1, rank, -1).argmax(axis=1)
