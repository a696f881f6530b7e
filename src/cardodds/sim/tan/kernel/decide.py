"""The players' decisions in compiled code: ``beginner``, ``basic`` and ``heuristic`` (``tuned`` is a heuristic),
each the same function of the same view as its ``*_batch`` form in ``cardodds.sim.tan.strategies``.

A seat's player is a kind (``BEGINNER``, ``BASIC``, ``HEURISTIC``) and a row of integer knobs (``KNOBS`` names the
columns; ranks as rank indices, booleans as 0 / 1).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from cardodds.sim.tan.kernel.masks import BELOW, RANK_MASK, highest, lowest, lowest_nontrump_first, popcount

BEGINNER, BASIC, HEURISTIC = 0, 1, 2

KNOBS = ("throw_max", "save_trumps", "hold_rank", "take_trump_rank", "take_max_table", "overload", "overload_cards",
         "endgame", "save_stock", "overload_stock", "trump_throw_max", "endgame_lead_high", "pair_bonus")
"""The columns of a seat's knob row (``throw_max`` is ``basic``'s, the others ``heuristic``'s)."""

(THROW_MAX, SAVE_TRUMPS, HOLD_RANK, TAKE_TRUMP_RANK, TAKE_MAX_TABLE, OVERLOAD, OVERLOAD_CARDS, ENDGAME, SAVE_STOCK,
 OVERLOAD_STOCK, TRUMP_THROW_MAX, ENDGAME_LEAD_HIGH, PAIR_BONUS) = range(len(KNOBS))


@njit(cache=True, inline="always", _nrt=False)
def exchange(options):
    """Every kind swaps the lowest allowed trump (-1: no swap)."""
    return lowest(options) if options != 0 else np.int64(-1)


@njit(cache=True, inline="always", _nrt=False)
def _rank_pick(pool, bonus, by_count):
    """The lowest card of a rank of ``pool``: by ``pair_lead_batch`` (``by_count`` false), else the rank held most
    often (lowest first); 64 when ``pool`` is empty."""
    best, best_key = 0, np.int64(99) if not by_count else np.int64(-1)
    for r in range(13):
        n = popcount(pool & RANK_MASK[r])
        if by_count:
            if n > best_key:
                best, best_key = r, n
        elif n > 0:
            key = r - bonus * (n >= 2)
            if key < best_key:
                best, best_key = r, key
    return lowest(pool & RANK_MASK[best])


@njit(cache=True, inline="always", _nrt=False)
def _heuristic_attack(kn, seat, legal, is_lead, tmask, stock_left, defender_cards):
    plain = legal & ~tmask
    if is_lead:
        pool = plain if plain != 0 else legal
        if kn[seat, ENDGAME_LEAD_HIGH] and stock_left == 0:
            return highest(pool)
        if kn[seat, ENDGAME] and stock_left == 0:
            return _rank_pick(pool, 0, True)
        return _rank_pick(pool, kn[seat, PAIR_BONUS], False) if kn[seat, PAIR_BONUS] else lowest(pool)
    cand = plain
    if kn[seat, SAVE_TRUMPS] and stock_left > kn[seat, SAVE_STOCK]:
        cand &= BELOW[kn[seat, HOLD_RANK]]
    if kn[seat, OVERLOAD] and (stock_left <= kn[seat, OVERLOAD_STOCK] or defender_cards <= kn[seat, OVERLOAD_CARDS]):
        cand = legal & ~(tmask & ~BELOW[kn[seat, TRUMP_THROW_MAX] + 1])
    return lowest_nontrump_first(cand, tmask)


@njit(cache=True, inline="always", _nrt=False)
def attack(kind, kn, seat, legal, is_lead, tmask, stock_left, defender_cards):
    """The card to lead or add (-1: pass); ``kn[seat]`` is the seat's knob row."""
    if kind == BEGINNER:
        pool = legal if is_lead or stock_left == 0 else legal & ~tmask
        return lowest_nontrump_first(pool, tmask)
    if kind == BASIC:
        plain = legal & ~tmask
        if is_lead:
            x = plain if plain != 0 else legal
        else:
            x = plain & BELOW[kn[seat, THROW_MAX] + 1]
        return lowest(x) if x != 0 else np.int64(-1)
    return _heuristic_attack(kn, seat, legal, is_lead, tmask, stock_left, defender_cards)


@njit(cache=True, inline="always", _nrt=False)
def defend(kind, kn, seat, legal, card, trump, tmask, stock_left, n_attack):
    """The card covering ``card`` (-1: take)."""
    best = lowest_nontrump_first(legal, tmask)
    if kind != HEURISTIC or not kn[seat, SAVE_TRUMPS] or best < 0:
        return best
    if ((best & 3) == trump and (card & 3) != trump and (best >> 2) >= kn[seat, TAKE_TRUMP_RANK]
            and stock_left > kn[seat, SAVE_STOCK] and n_attack <= kn[seat, TAKE_MAX_TABLE]):
        return np.int64(-1)
    return best

