"""The ``bayes`` declarer's plan search, vectorised over hands (:mod:`cardodds.sim.sam.declare`).

A *split* of a hand takes its cards in plays, always a play holding the lowest rank still held, and marks one play
the last; it stands on the deals on which all its other plays stand.  :func:`reaches` tells which hands have a split
standing on at least ``bar`` deals, :func:`best_plans` finds each hand's split standing on the most deals (the first
such split in depth-first order: moves by id, a move tried as the last play before as a standing one).

Both walk all the hands' partial splits at once, one play at a time: a state is (hand, counts left as a
:data:`GUARD` code, deals still standing as uint64 words, last play still to choose).  A state is kept only while its
deals still reach the bar (so the walk is exact for either question); a state tries only the moves its hand can
form that take its lowest rank.  Equal states met along different paths have the same futures: once there are many
(:data:`MERGE_FROM`) they are kept once, with the smallest depth-first key for :func:`best_plans`.  The depth-first
search these replace is kept in the tests (``tests/sam/plan_oracle.py``), which compare the two.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from cardodds.sim.sam.cards import HAND_SIZE, N_RANKS
from cardodds.sim.sam.hand import MoveTable

GUARD = sum(8 << (4 * r) for r in range(N_RANKS))
"""Rank counts as one integer, four bits a rank: the 8 bit of every field guards against a borrow."""


@lru_cache(maxsize=None)
def _by_low(table: MoveTable) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(start (14,), move, need, two): the moves grouped by their lowest rank, by id within a group (rank r's are
    ``start[r]:start[r + 1]``); ``need``: the move's counts as a :data:`GUARD` code; ``two``: it holds a 2."""
    held = table.need > 0
    low = held.argmax(1)
    move = np.lexsort((np.arange(table.n), low))
    start = np.searchsorted(low[move], np.arange(N_RANKS + 1))
    need = (table.need[move].astype(np.int64) << (4 * np.arange(N_RANKS))).sum(1)
    out = (start, move, need, table.has_two[move].copy())
    for a in out:
        a.setflags(write=False)
    return out


def _key_bits(table: MoveTable) -> int:
    """Bits a depth takes in a depth-first key: a choice is 2 i + (0: as the last play, 1: standing), i the move's
    place in its lowest rank's group."""
    start = _by_low(table)[0]
    return int(2 * np.diff(start).max() - 1).bit_length()


def _lowest_rank(c: np.ndarray) -> np.ndarray:
    """The lowest rank held in each :data:`GUARD` code (none may be 0): its lowest set bit, exact in float64."""
    return np.log2((c & -c).astype(np.float64)).astype(np.int64) >> 2


def _fits(c: np.ndarray, need: np.ndarray) -> np.ndarray:
    """Whether counts ``c`` (:data:`GUARD` codes) hold a move's ``need``: no rank's field borrows."""
    return ((c | GUARD) - need) & GUARD == GUARD


def _hand_moves(codes: np.ndarray, table: MoveTable) -> tuple[np.ndarray, np.ndarray]:
    """(first (13 n + 1,), slots): the moves each hand can form, as :func:`_by_low` slots in group order (a partial
    split takes only these): hand h's of lowest rank r are ``slots[first[13 h + r]:first[13 h + r + 1]]``."""
    start, _, need, _ = _by_low(table)
    rows, slots = np.nonzero(_fits(codes[:, None], need))  # by hand, then slot
    group = np.searchsorted(start, slots, side="right") - 1
    first = np.zeros(len(codes) * N_RANKS + 1, np.int64)
    first[1:] = np.cumsum(np.bincount(rows * N_RANKS + group, minlength=len(codes) * N_RANKS))
    return first, slots


def _expand(h: np.ndarray, c: np.ndarray, moves: tuple, table: MoveTable) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(state, slot, place): every (state, move) pair with a move of the state's hand (``moves``:
    :func:`_hand_moves`) taking the state's lowest rank that its counts ``c`` can form; ``slot`` indexes
    :func:`_by_low`'s arrays, ``place`` is the move's place in its group."""
    start, _, need, _ = _by_low(table)
    first, slots = moves
    r = _lowest_rank(c)
    lo = first[h * N_RANKS + r]
    count = first[h * N_RANKS + r + 1] - lo
    state = np.repeat(np.arange(len(c)), count)
    slot = slots[np.arange(len(state)) + np.repeat(lo - (np.cumsum(count) - count), count)]
    fits = _fits(c[state], need[slot])
    state, slot = state[fits], slot[fits]
    return state, slot, slot - start[r[state]]


MERGE_FROM = 4
"""Equal states are merged once there are more than this many a hand (merging changes no answer; few states meet)."""


def _dedup(cols: list[np.ndarray], key: np.ndarray | None = None) -> np.ndarray:
    """Indices of the first of each group of equal rows of ``cols`` (1-d or 2-d int arrays of one length), the one of
    smallest ``key`` when given."""
    flat = []
    for a in cols:
        flat.extend([a] if a.ndim == 1 else list(a.T))
    order = np.lexsort(([key] if key is not None else []) + flat[::-1])
    if len(order) == 0:
        return order
    new = np.zeros(len(order), bool)
    new[0] = True
    for a in flat:
        s = a[order]
        new[1:] |= s[1:] != s[:-1]
    return order[new]


def _popcount(words: np.ndarray) -> np.ndarray:
    """Set bits of each row of uint64 words (S, W)."""
    return np.bitwise_count(words).sum(1, dtype=np.int64)


def reaches(codes, masks: np.ndarray, n_deals: int, bar: int, table: MoveTable, nf2: bool) -> np.ndarray:
    """Bool (n,): which hands have a split standing on ``bar`` deals or more.

    Parameters
    ----------
    codes : (n,) the hands as :data:`GUARD` codes.
    masks : uint64 (n, M, W): bit i of word w of ``masks[h, m]``: move m stands on deal ``64 w + i`` of hand h.
    n_deals : deals in the masks.  bar : deals needed.
    table : the move table.  nf2 : the last play may not hold a 2.
    """
    codes = np.asarray(codes, np.int64)
    n, _, words = masks.shape
    ok = np.zeros(n, bool)
    if n_deals < bar:
        return ok
    _, move, _, two = _by_low(table)
    h, c, free = np.arange(n), codes.copy(), np.ones(n, bool)
    acc = _full(n_deals, words, n)
    need_bar = max(bar, 1)
    moves = _hand_moves(codes, table)
    while len(h):
        s, slot, _ = _expand(h, c, moves, table)
        rest = c[s] - _by_low(table)[2][slot]
        last = free[s] & ~(nf2 & two[slot])
        mask = acc[s] & masks[h[s], move[slot]]
        stands = _popcount(mask) >= need_bar
        ok[h[s[(rest == 0) & (last | (stands & ~free[s]))]]] = True  # a split with its last play
        # the next states: a move taken as the last play (deals unchanged), or as a standing play
        h2 = np.concatenate([h[s[last]], h[s[stands]]])
        c2 = np.concatenate([rest[last], rest[stands]])
        f2 = np.concatenate([np.zeros(int(last.sum()), bool), free[s[stands]]])
        a2 = np.concatenate([acc[s[last]], mask[stands]])
        keep = (c2 != 0) & ~ok[h2]
        h, c, free, acc = h2[keep], c2[keep], f2[keep], a2[keep]
        if len(h) > MERGE_FROM * n:
            u = _dedup([h, c, free.astype(np.int64), acc.view(np.int64)])
            h, c, free, acc = h[u], c[u], free[u], acc[u]
    return ok


def _full(n_deals: int, words: int, n: int) -> np.ndarray:
    """(n, words) uint64: every one of ``n_deals`` deals standing."""
    bits = np.zeros(64 * words, np.uint8)
    bits[:n_deals] = 1
    row = np.packbits(bits, bitorder="little").view("<u8")
    return np.repeat(row[None], n, axis=0)


def best_plans(codes, masks: np.ndarray, n_deals: int, at_least: int, table: MoveTable,
               nf2: bool) -> tuple[np.ndarray, np.ndarray]:
    """(successes (n,), plans (n, 10) padded with -1): each hand's split standing on the most deals, among those
    standing on ``at_least`` deals or more (successes ``at_least - 1`` and no plan when none does); the plan is the
    split's standing plays in the order taken, then its last play.
    Arguments as for :func:`reaches`."""
    codes = np.asarray(codes, np.int64)
    n, _, words = masks.shape
    best = np.full(n, at_least - 1, np.int64)
    best_key = np.zeros(n, np.int64)
    if n_deals < at_least:
        return best, np.full((n, HAND_SIZE), -1, np.int64)
    _, move, need, two = _by_low(table)
    bits = _key_bits(table)
    h, c, free = np.arange(n), codes.copy(), np.ones(n, bool)
    acc, key = _full(n_deals, words, n), np.zeros(n, np.int64)
    bar = max(at_least, 1)
    moves = _hand_moves(codes, table)
    for depth in range(HAND_SIZE):
        if not len(h):
            break
        s, slot, place = _expand(h, c, moves, table)
        rest = c[s] - need[slot]
        last = free[s] & ~(nf2 & two[slot])
        mask = acc[s] & masks[h[s], move[slot]]
        stands = _popcount(mask) >= bar
        shift = bits * (HAND_SIZE - 1 - depth)
        h2 = np.concatenate([h[s[last]], h[s[stands]]])
        c2 = np.concatenate([rest[last], rest[stands]])
        f2 = np.concatenate([np.zeros(int(last.sum()), bool), free[s[stands]]])
        a2 = np.concatenate([acc[s[last]], mask[stands]])
        k2 = np.concatenate([key[s[last]] | (2 * place[last]) << shift,
                             key[s[stands]] | (2 * place[stands] + 1) << shift])
        done = (c2 == 0) & ~f2  # a whole split, its last play chosen
        _keep_best(best, best_key, h2[done], _popcount(a2[done]), k2[done])
        keep = c2 != 0
        h, c, free, acc, key = h2[keep], c2[keep], f2[keep], a2[keep], k2[keep]
        if len(h) > MERGE_FROM * n:
            u = _dedup([h, c, free.astype(np.int64), acc.view(np.int64)], key)
            h, c, free, acc, key = h[u], c[u], free[u], acc[u], key[u]
    found = best >= bar
    return best, _decode(codes, best_key, found, bits, table)


def _keep_best(best: np.ndarray, best_key: np.ndarray, h: np.ndarray, count: np.ndarray, key: np.ndarray) -> None:
    """Fold splits (hand h, deals standing, key) into each hand's best: more deals, then the smaller key."""
    # the winner per hand among these: most deals, then smallest key (sort by hand, -count, key)
    order = np.lexsort((key, -count, h))
    h, count, key = h[order], count[order], key[order]
    first = np.ones(len(h), bool)
    first[1:] = h[1:] != h[:-1]
    h, count, key = h[first], count[first], key[first]
    better = (count > best[h]) | ((count == best[h]) & (key < best_key[h]))
    best[h[better]], best_key[h[better]] = count[better], key[better]


def _decode(codes: np.ndarray, key: np.ndarray, found: np.ndarray, bits: int, table: MoveTable) -> np.ndarray:
    """Plans (n, 10) padded with -1 from depth-first keys (:func:`best_plans`); none where not ``found``."""
    start, move, need, _ = _by_low(table)
    n = len(codes)
    plans = np.full((n, HAND_SIZE), -1, np.int64)
    last = np.full(n, -1, np.int64)
    length = np.zeros(n, np.int64)
    c = np.where(found, codes, 0)
    for depth in range(HAND_SIZE):
        on = np.flatnonzero(c != 0)
        if not len(on):
            break
        choice = (key[on] >> bits * (HAND_SIZE - 1 - depth)) & ((1 << bits) - 1)
        slot = start[_lowest_rank(c[on])] + (choice >> 1)
        c[on] -= need[slot]
        m = move[slot]
        stand = (choice & 1) == 1
        plans[on[stand], length[on[stand]]] = m[stand]
        length[on[stand]] += 1
        last[on[~stand]] = m[~stand]
    plans[np.flatnonzero(found), length[found]] = last[found]
    return plans
