"""A fixed Tấn opening hand played out: the rest of the deck dealt around it given the trump suit, every game played.

The other hands, the turned card and the stock are dealt at random given the hand and the trump suit: the turned card
is uniform over the trump cards not in the hand (that is the deal conditioned on the trump suit), the rest is
shuffled.  The estimates and the text of ``cardodds odds tan`` are :mod:`cardodds.analysis.odds_tan`.
"""

from __future__ import annotations

import numpy as np

from cardodds.sim.streams import DEAL, PLAY, stream
from cardodds.sim.tan.batch import play_batch
from cardodds.sim.tan.cards import deck_ids
from cardodds.sim.tan.rules import TanRules


def conditioned_orders(cards: list[int], trump: int, seat: int, rules: TanRules, rng, n: int) -> np.ndarray:
    """``n`` deal orders with ``cards`` at ``seat`` and a card of the suit ``trump`` turned."""
    P, H, D = rules.players, rules.hand_size, rules.deck
    rest = np.array(sorted(set(deck_ids(D)) - set(cards)), dtype=np.int8)
    trump_pos = np.nonzero((rest & 3) == trump)[0]
    turned_pos = trump_pos[rng.integers(0, trump_pos.shape[0], size=n)]
    keep = np.ones((n, rest.shape[0]), dtype=bool)
    keep[np.arange(n), turned_pos] = False
    others = rng.permuted(np.tile(rest, (n, 1))[keep].reshape(n, -1), axis=1)
    orders = np.empty((n, D), dtype=np.int8)
    before = seat * H
    orders[:, :before] = others[:, :before]
    orders[:, before: before + H] = np.array(cards, dtype=np.int8)
    orders[:, before + H: P * H] = others[:, before: P * H - H]
    orders[:, P * H] = rest[turned_pos]
    orders[:, P * H + 1:] = others[:, P * H - H:]
    return orders


def play_fixed_hand(rules: TanRules, cards: list[int], trump: int, seat: int, strategies, seed_seq, n: int) -> dict:
    """Deal ``n`` games around ``cards`` at ``seat`` (the DEAL stream of ``seed_seq``) and play them out (its PLAY
    stream), seat 0 attacking first.

    Returns
    -------
    dict
        Counts over the games: ``lose`` (the seat is the tấn), ``draw``, ``truncated`` and ``bouts``.
    """
    orders = conditioned_orders(cards, trump, seat, rules, stream(seed_seq, DEAL), n)
    res = play_batch(rules, orders, np.zeros(n, dtype=np.int8), strategies, rng=stream(seed_seq, PLAY))
    return {"lose": int((res.loser == seat).sum()), "draw": int(res.draw.sum()),
            "truncated": int(res.truncated.sum()), "bouts": int(res.bouts.sum())}
