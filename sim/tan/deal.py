"""Shuffled decks and first attackers for a batch of Tấn games (the DEAL stream's only use)."""

from __future__ import annotations

import numpy as np

from sim.tan.cards import deck_ids
from sim.tan.rules import TanRules


def deal_orders(rules: TanRules, rng: np.random.Generator, n: int) -> tuple[np.ndarray, np.ndarray]:
    """``n`` shuffled decks ``(n, deck)`` int8 and first attackers ``(n,)`` int8.

    Both engines deal a row the same way (see ``sim.tan.reference``).  With ``first_attacker = "random"`` the first
    attacker is uniform over the seats, drawn from the same generator after the shuffle.
    """
    decks = np.tile(np.array(deck_ids(rules.deck), dtype=np.int8), (n, 1))
    orders = rng.permuted(decks, axis=1)
    if rules.first_attacker == "random":
        first = rng.integers(0, rules.players, size=n).astype(np.int8)
    else:
        first = np.zeros(n, dtype=np.int8)
    return orders, first
