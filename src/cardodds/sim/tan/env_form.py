"""Tấn as learning code reads it (:mod:`cardodds.sim.turns`, :mod:`cardodds.envs`): one game's payoffs, every move
as an action, and a seat's view as one vector.

Payoffs: the loser pays 1, shared equally by the others (a draw or a game stopped at ``max_bouts`` pays nothing).
"""

from __future__ import annotations

import numpy as np

from cardodds.sim.env_arrays import by_seat, counts, joined, one_hot, seat_from
from cardodds.sim.tan.cards import deck_ids, format_card
from cardodds.sim.tan.game_state import dealt_game, outcome_payoffs
from cardodds.sim.tan.position_state import DECISIONS


def play(seed: int, rules, strategies) -> list[float]:
    """Each seat's payoff in the game ``cardodds replay tan --seed seed`` deals, played by ``strategies``: the game
    :func:`cardodds.sim.tan.game_state.deal` sets up, played to its end in the engine's own loop (``check_game``
    proves it the game the protocol plays decision by decision)."""
    return outcome_payoffs(dealt_game(seed, rules, list(strategies)).play(), rules.players)


def actions(rules) -> list[str]:
    """Every move a Tấn seat can make: each card of the deck, then ``pass`` and ``take``."""
    return [format_card(c, unicode=False) for c in deck_ids(rules.deck)] + ["pass", "take"]


def observation_size(rules) -> int:
    """The length of :func:`observe`'s vector under ``rules`` (where its last part ends)."""
    return observation_slices(rules.deck, rules.players)[OBSERVATION_PARTS[-1]].stop


OBSERVATION_PARTS = ("hand", "discard", "attack", "cover", "bottom", "known", "trump", "decision", "stock",
                     "hand_sizes", "out", "attacker", "defender", "passes", "taking")
"""The parts of :func:`observe`'s vector in order (:func:`observe_parts` says what each holds)."""


def observation_slices(deck: int, players: int) -> dict[str, slice]:
    """Where each of :data:`OBSERVATION_PARTS` lies in the vector: a card part has one value per card of the deck
    (``actions(rules)``'s order), ``known`` one such run per seat (from the observer's), a seat part one per seat."""
    D, P = deck, players
    widths = (D, D, D, D, D, P * D, 4, 3, 1, P, P, P, P, 1, 1)
    ends = np.cumsum(widths)
    return {name: slice(int(end - w), int(end)) for name, w, end in zip(OBSERVATION_PARTS, widths, ends)}


def batch_slices(observations, masks) -> dict[str, slice]:
    """:func:`observation_slices` for the arrays a player's ``decide_batch`` gets (deck and players read from the
    arrays' widths)."""
    D = masks.shape[1] - 2
    return observation_slices(D, (observations.shape[1] - 5 * D - 10) // (D + 4))


def observe(position) -> np.ndarray:
    """The seat's view as a vector in [0, 1] (:func:`observe_parts` names its parts)."""
    return joined(observe_parts(position, position.rules))


def observe_parts(p, rules) -> list:
    """The parts of the vector: own hand, discard, the bout's attack and cover cards, the bottom card, the cards
    known in each other hand (one card vector per seat), the trump, the decision, the stock, each seat's hand size and
    whether it is out, the attacker and defender (seats counted from the observer), the adders' passes, lên said."""
    deck = deck_ids(rules.deck)
    index = {c: i for i, c in enumerate(deck)}
    P, D, me = rules.players, len(deck), p.seat
    return [counts(p.hand, index), counts(p.discard, index), counts([a for a, _ in p.table], index),
            counts([c for _, c in p.table if c >= 0], index), counts([p.bottom] if p.bottom >= 0 else [], index),
            *[counts(k, index) for k in by_seat(p.known, me)],
            one_hot(p.trump, 4), one_hot(DECISIONS.index(p.decision), 3), [p.stock / D],
            np.array(by_seat(p.hand_sizes, me)) / D, np.array(by_seat(p.out or (False,) * P, me), float),
            one_hot(seat_from(p.attacker, me, P), P), one_hot(seat_from(p.defender, me, P), P),
            [min(p.passes, P) / P, float(p.taking)]]
