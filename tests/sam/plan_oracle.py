"""The ``bayes`` declarer's plan search as it was first written: depth-first, one hand at a time, on Python integers
(kept as the oracle :mod:`cardodds.sim.sam.plan_search` is tested against)."""

from functools import lru_cache

from cardodds.sim.sam.cards import N_RANKS
from cardodds.sim.sam.strategies import _moves_by_low

GUARD = sum(8 << (4 * r) for r in range(N_RANKS))
"""Rank counts as one integer, four bits a rank: the 8 bit of every field guards against a borrow."""


def code_of(counts) -> int:
    return sum(int(c) << (4 * r) for r, c in enumerate(counts))


@lru_cache(maxsize=None)
def moves_by_low(table) -> tuple:
    """Per rank: (move, its counts as a :data:`GUARD` code, holds a 2) of the moves taking a card of it, by id."""
    return tuple(tuple((m, code_of(table.need[m]), bool(two)) for m, _items, two in moves)
                 for moves in _moves_by_low(table))


def best_plan(counts, masks, n_deals: int, table, nf2: bool, at_least: int = 0):
    """(successes, plan) of the split whose non-last plays all stand on the most deals (bit ``i`` of ``masks[m]``:
    move m stands on deal i), among splits standing on ``at_least`` deals or more ((at_least - 1, ()) when none
    does).  Depth-first over the moves taking the lowest rank held, pruned by the best so far."""
    by_low = moves_by_low(table)
    best = [at_least - 1, None]

    def rec(c, acc, plays, last):
        if acc.bit_count() <= best[0]:
            return
        if not c:
            if last is not None:
                best[0], best[1] = acc.bit_count(), plays + [last]
            return
        for m, need, two in by_low[((c & -c).bit_length() - 1) >> 2]:
            if ((c | GUARD) - need) & GUARD != GUARD:
                continue  # some rank short
            rest = c - need
            if last is None and not (nf2 and two):
                rec(rest, acc, plays, m)
            mask = acc & masks[m]
            if mask:
                rec(rest, mask, plays + [m], last)

    rec(code_of(counts), (1 << n_deals) - 1, [], None)
    return best[0], tuple(best[1] or ())


def reaches(counts, masks, n_deals: int, table, nf2: bool, at_least: int) -> bool:
    """Whether some split stands on ``at_least`` deals or more: the search of :func:`best_plan` with the bar fixed,
    stopped at the first split that reaches it, remembering the states already shown to lead nowhere."""
    by_low = moves_by_low(table)
    bar = max(at_least, 1)
    failed = set()

    def rec(c, acc, free):
        if not c:
            return not free
        key = (c, acc, free)
        if key in failed:
            return False
        for m, need, two in by_low[((c & -c).bit_length() - 1) >> 2]:
            if ((c | GUARD) - need) & GUARD != GUARD:
                continue
            rest = c - need
            if free and not (nf2 and two) and rec(rest, acc, False):
                return True
            mask = acc & masks[m]
            if mask.bit_count() >= bar and rec(rest, mask, free):
                return True
        failed.add(key)
        return False

    return n_deals >= at_least and rec(code_of(counts), (1 << n_deals) - 1, True)


def move_masks(stand) -> dict:
    """{move: bit mask of the deals it stands on} from a hand's bool (deals, moves)."""
    return {m: sum(1 << int(i) for i in stand[:, m].nonzero()[0]) for m in range(stand.shape[1])}
