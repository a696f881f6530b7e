"""Tấn take-early (tan_take_early.py's rule) in the batch form: numpy over every game where the seat decides."""

import numpy as np

from cardodds import Range, UserPlayer
from cardodds.sim.tan.env_form import batch_slices


def first(choices, otherwise):  # the lowest legal card of each row (action order is card order), else otherwise
    return np.where(choices.any(axis=1), choices.argmax(axis=1), otherwise)


class TakeEarlyBatch(UserPlayer):
    """Lowest card, non-trumps first; add non-trumps below 10; take, not trump, while ``take_above`` cards are left."""

    knobs = {"take_above": Range(0, 40)}
    take_above: int = 8

    def decide_batch(self, observations, masks, rng):
        part, D = batch_slices(observations, masks), masks.shape[1] - 2
        card = np.arange(52 - D, 52)  # the card of each card action: 4 * rank + suit
        trump = observations[:, part["trump"]].argmax(axis=1)
        decision = observations[:, part["decision"]].argmax(axis=1)  # 0 attack, 1 add, 2 defend
        stock = np.rint(observations[:, part["stock"].start] * D)
        cards = masks[:, :D] == 1
        plain = cards & (card % 4 != trump[:, None])
        lowest = first(plain, first(cards, masks.argmax(axis=1)))
        take = (decision == 2) & ~plain.any(axis=1) & (stock >= self.take_above)
        small = first(plain & (card // 4 < 8), D)  # below 10 (rank index 8), else "pass" (action D)
        return np.where(take, D + 1, np.where(decision == 1, small, lowest))
