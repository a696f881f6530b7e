"""Shuffled decks and first attackers for a batch of Tấn games.

A chunk's games take their randomness game by game from three of its streams (``cardodds.sim.streams``): the decks from
``DEAL`` (row ``k`` is the ``k``-th shuffle), the first-attacker draws from ``FIRST`` and the xả reshuffle keys of
series play from ``RESHUFFLE``.  So the first ``m`` games that ``deal_chunk(rules, seq, n)`` deals are exactly
``deal_chunk(rules, seq, m)``: ``cardodds replay tan --seed S`` deals ``m = 1`` game (or one series) from chunk 0 of
seed ``S`` and shows the first game(s) ``cardodds run`` plays with that seed.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from cardodds.sim.streams import DEAL, FIRST, RESHUFFLE, stream
from cardodds.sim.tan.cards import deck_ids, rank_of
from cardodds.sim.tan.rules import TanRules


def count_value(card: np.ndarray) -> np.ndarray:
    """The count of a drawn card (``first_attacker = "count"``): A = 1, 2..10 their number, J = 11, Q = 12, K = 13."""
    r = rank_of(np.asarray(card))
    return np.where(r == 12, 1, r + 2)


def count_distribution(rules: TanRules) -> list[Fraction]:
    """Exact chance that each seat attacks first with ``first_attacker = "count"``.

    The drawn card is, over all deals, a uniform card of the deck, so each rank of the deck is equally likely; seat 0
    (the dealer, who draws) counts 1.  With 52 cards and 4 players: seat 0 4/13, the others 3/13 each.
    """
    ranks = sorted({rank_of(c) for c in deck_ids(rules.deck)})
    out = [Fraction(0)] * rules.players
    for v in count_value(np.array([4 * r for r in ranks])):
        out[(int(v) - 1) % rules.players] += Fraction(1, len(ranks))
    return out


def first_attackers(rules: TanRules, orders: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The first attacker of each dealt deck ``(n,)`` int8, by the ``first_attacker`` rule (docs/rules.md §3.4).

    ``rng`` is the chunk's FIRST stream; each rule draws from it game by game (one value per game, whatever the
    deal), so the first games do not depend on ``n``.

    - ``"random"``: uniform over the seats.
    - ``"seat0"``: seat 0 (the dealer).
    - ``"count"`` (the seed's draw): after the trump is turned the dealer (seat 0) draws any card of the stock — a
      uniformly random one of the undealt cards, the face-up trump card excepted — and counts its value
      (``count_value``) round the table from themself (= 1) in the direction of play; the seat the count ends on
      attacks first.  The card goes back and the stock is reshuffled, so drawing it at a random position of the
      (already random) stock leaves the stock's order uniform.
    - ``"lowest_trump"`` (classic podkidnoy): the seat holding the lowest trump; if no hand holds a trump, a uniform
      seat.
    """
    n, P, H = orders.shape[0], rules.players, rules.hand_size
    if rules.first_attacker == "seat0":
        return np.zeros(n, dtype=np.int8)
    if rules.first_attacker == "count":
        pos = P * H + 1 + rng.integers(0, rules.deck - P * H - 1, size=n)
        drawn = orders[np.arange(n), pos]
        return ((count_value(drawn) - 1) % P).astype(np.int8)
    uniform = rng.integers(0, P, size=n).astype(np.int8)
    if rules.first_attacker == "random":
        return uniform
    hands = orders[:, : P * H].astype(np.int16)
    trump = (orders[:, P * H].astype(np.int16) & 3)[:, None]
    key = np.where((hands & 3) == trump, hands, 99)  # the lowest trump id is its lowest rank
    low = key.argmin(axis=1)
    return np.where(key.min(axis=1) < 99, low // H, uniform).astype(np.int8)


def deal_orders(rules: TanRules, rng: np.random.Generator, n: int,
                first_rng: np.random.Generator | None = None) -> tuple[np.ndarray, np.ndarray]:
    """``n`` shuffled decks ``(n, deck)`` int8 and first attackers ``(n,)`` int8.

    Both engines deal a row the same way (see ``cardodds.sim.tan.reference``).  The first attackers are drawn from
    ``first_rng`` (default: ``rng`` after all the shuffles — then row ``k`` depends on ``n``; runs use ``deal_chunk``).
    """
    decks = np.tile(np.array(deck_ids(rules.deck), dtype=np.int8), (n, 1))
    orders = rng.permuted(decks, axis=1)
    return orders, first_attackers(rules, orders, rng if first_rng is None else first_rng)


def deal_chunk(rules: TanRules, seed_seq: np.random.SeedSequence, n: int, xa_keys: bool = False):
    """The deal of a chunk's ``n`` games, game by game from its streams (module docstring).

    Returns ``(orders, first)``, and with ``xa_keys`` also the ``(n, 2, 52)`` sort keys of the xả reshuffles of
    series play (``cardodds.sim.tan.series``).
    """
    orders, first = deal_orders(rules, stream(seed_seq, DEAL), n, stream(seed_seq, FIRST))
    if not xa_keys:
        return orders, first
    return orders, first, stream(seed_seq, RESHUFFLE).random((n, 2, 52))
