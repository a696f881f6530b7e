"""The players' decisions in compiled code: ``beginner``, ``basic`` and ``heuristic`` (``tuned`` is a heuristic),
each the same function of the same view as its ``*_batch`` form in ``cardodds.sim.tan.strategies``.

A seat's player is a kind (``BEGINNER``, ``BASIC``, ``HEURISTIC``) and a row of integer knobs (``KNOBS`` names the
columns; ranks as rank indices, ``"off"`` as 13, booleans as 0 / 1, ``safe_lead`` as its index in
``strategies.SAFE_LEADS``).  The card-counting knobs read ``unseen``, the cards the decider has not seen (the other
hands once the stock is empty), which the game passes only with the stock empty (0 otherwise: those knobs act in the
endgame only).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from cardodds.sim.tan.kernel.masks import (BELOW, RANK_MASK, SUIT_MASK, highest, lowest, lowest_nontrump_first,
                                           popcount, rank_spread)

BEGINNER, BASIC, HEURISTIC = 0, 1, 2

KNOBS = ("throw_max", "save_trumps", "hold_rank", "take_trump_rank", "take_max_table", "overload", "overload_cards",
         "endgame", "save_stock", "overload_stock", "trump_throw_max", "endgame_lead_high", "pair_bonus",
         "trump_take_rank", "safe_add", "safe_lead", "quiet_cover")
"""The columns of a seat's knob row (``throw_max`` is ``basic``'s, the others ``heuristic``'s)."""

(THROW_MAX, SAVE_TRUMPS, HOLD_RANK, TAKE_TRUMP_RANK, TAKE_MAX_TABLE, OVERLOAD, OVERLOAD_CARDS, ENDGAME, SAVE_STOCK,
 OVERLOAD_STOCK, TRUMP_THROW_MAX, ENDGAME_LEAD_HIGH, PAIR_BONUS, TRUMP_TAKE_RANK, SAFE_ADD, SAFE_LEAD,
 QUIET_COVER) = range(len(KNOBS))
LEAD_OFF, LEAD_FINISH, LEAD_ALWAYS = 0, 1, 2  # the safe_lead settings


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
def unbeatable(unseen, trump):
    """Cards no card of ``unseen`` beats (``bits.unbeatable``)."""
    no_trump = (unseen & SUIT_MASK[trump]) == 0
    out = np.uint64(0)
    for s in range(4):
        if s == trump or no_trump:
            top = highest(unseen & SUIT_MASK[s])  # -1: none unseen, the whole suit is safe
            out |= SUIT_MASK[s] & ~BELOW[(top >> 2) + 1]
    return out


@njit(cache=True, inline="always", _nrt=False)
def _heuristic_attack(kn, seat, legal, is_lead, tmask, stock_left, defender_cards, hand, unseen, trump):
    plain = legal & ~tmask
    counting = stock_left == 0 and (kn[seat, SAFE_ADD] or kn[seat, SAFE_LEAD] != LEAD_OFF)
    safe = legal & hand & unbeatable(unseen, trump) if counting else np.uint64(0)
    if safe != 0:
        if is_lead and (kn[seat, SAFE_LEAD] == LEAD_ALWAYS or (
                kn[seat, SAFE_LEAD] == LEAD_FINISH and popcount(hand & ~safe) <= 1)):
            return lowest_nontrump_first(safe, tmask)
        if not is_lead and kn[seat, SAFE_ADD]:
            return lowest_nontrump_first(safe, tmask)
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
def attack(kind, kn, seat, legal, is_lead, tmask, stock_left, defender_cards, hand, unseen, trump):
    """The card to lead or add (-1: pass); ``kn[seat]`` is the seat's knob row, ``hand`` the decider's."""
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
    return _heuristic_attack(kn, seat, legal, is_lead, tmask, stock_left, defender_cards, hand, unseen, trump)


@njit(cache=True, inline="always", _nrt=False)
def defend(kind, kn, seat, legal, card, trump, tmask, stock_left, n_attack, unseen):
    """The card covering ``card`` (-1: take)."""
    best = lowest_nontrump_first(legal, tmask)
    if kind != HEURISTIC or best < 0:
        return best
    if kn[seat, QUIET_COVER] and stock_left == 0:
        plain = legal & ~tmask
        quiet = (plain if plain != 0 else legal) & ~rank_spread(unseen)
        if quiet != 0:
            best = lowest(quiet)
    if ((best & 3) == trump and (card & 3) == trump and stock_left > kn[seat, SAVE_STOCK]
            and (best >> 2) >= kn[seat, TRUMP_TAKE_RANK]):
        return np.int64(-1)
    if not kn[seat, SAVE_TRUMPS]:
        return best
    if ((best & 3) == trump and (card & 3) != trump and (best >> 2) >= kn[seat, TAKE_TRUMP_RANK]
            and stock_left > kn[seat, SAVE_STOCK] and n_attack <= kn[seat, TAKE_MAX_TABLE]):
        return np.int64(-1)
    return best

