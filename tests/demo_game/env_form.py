"""The coin as learning code reads it (:mod:`cardodds.sim.turns`, :mod:`cardodds.envs`): one game's payoffs, the
two calls as actions, and seat 0's view as one vector.

Payoffs: seat 0 wins 1 from seat 1 with at least 2 right calls of 3, else pays 1.
"""

from __future__ import annotations

import numpy as np

from cardodds.sim.env_arrays import joined, one_hot
from demo_game.cards import FACES
from demo_game.game_state import won_payoffs
from demo_game.position import ROUNDS, tosses


def play(seed: int, rules, strategies) -> list[float]:
    """Each seat's payoff in the game ``cardodds replay demo --seed seed`` shows, seat 0 played by the coin player
    ``strategies[0]``: its face against each toss, counted as ``replay.replay_text`` counts them (``check_game``
    proves it the game the protocol plays call by call)."""
    face = strategies[0].face
    return won_payoffs(sum(toss == face for toss in tosses(int(seed), rules.p)))


def actions(rules) -> list[str]:
    """The two calls: ``"T"`` and ``"H"``."""
    return list(FACES)


def observation_size(rules) -> int:
    """The length of :func:`observe`'s vector: ``p``, then each round's call and toss (a face each, one-hot)."""
    return 1 + ROUNDS * 2 * len(FACES)


def observe(position) -> np.ndarray:
    """Seat 0's view as a vector in [0, 1]: the chance of heads, then for each round the call made and the toss that
    fell, each one-hot over (tails, heads), zeros for a round still to come."""
    rounds = [np.concatenate([one_hot(call, len(FACES)), one_hot(toss, len(FACES))])
              for call, toss in zip(_padded(position.calls), _padded(position.tosses))]
    return joined([[position.p], *rounds])


def _padded(faces) -> list:
    """``faces`` and None for each round still to come."""
    return list(faces) + [None] * (ROUNDS - len(faces))
