"""How likely a declared Sâm succeeds, from the declarer's own hand alone (the ``bayes`` declarer's estimate).

The declarer knows its ten cards and the number of opponents, nothing else.  The estimate deals the opponents'
hands at random from the 42 unseen cards many times (by rank: suits matter only for đồng hoa, which the estimate
leaves out for the opponents) and, on each deal, marks which of the hand's plays some opponent could beat.  A
*plan* splits the hand into plays and keeps one for last (the play that empties the hand ends the game at once, so
only the others must stand); it succeeds on a deal when no opponent holds a tới trắng and none can beat any of its
other plays — opponents always beat a Sâm when they can, and until one does none of them has played a card, so a
deal decides the plan.  The best plan is chosen on half of the deals and its success measured on the other half,
so the choice does not flatter the estimate (the way ``cardodds odds sam`` measures it).

Everything here is a function of (the hand's rank counts, opponents, rules, samples): a hand's deals are consecutive
rows of a fixed table of random orders of the unseen cards, from a row its hash picks (:func:`deals_of`), so the
estimate, and a decision made from it, is the same in every engine and every run, and the deals of many hands are
made at once.

Speed (the declarer runs at every deal): a cheap analytic :func:`screen` first (read from a table of every hand
shipped with the package, :mod:`~cardodds.sim.sam.screen_table`, for the usual options); then, for a declarer that
needs a chance of at least ``at_least``, an early look at the first :data:`PRE_DEALS` deals (does some split reach
the bar on them?); only hands passing both get the rest of the deals that choose the plan (the early look's are
reused) and the full search, and only hands with a plan get the held-out deals.  A deal is judged on bit masks
(:func:`deal_masks`: each opponent's ranks held 1..4 times, from popcounts of its dealt places in each rank's run of
the hand's unseen cards and two table look-ups; the highest beating play per class and the tới trắng follow from
them), and the plan search walks all hands' partial splits at once (:mod:`~cardodds.sim.sam.plan_search`).  Decisions
on hands passing the screen are kept per process (:data:`DECISIONS_MAX`), so a long run mostly looks them up: with
``bayes`` at four seats, about 29% of screened hands are met again within the first 20,000 games of a process and
89% in its tenth 20,000 (see docs/speed.md).  The batch engine decides all its bayes seats in one call.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, replace
from functools import lru_cache

import numpy as np

from cardodds.sim.hashing import mix64
from cardodds.sim.sam import screen_table
from cardodds.sim.sam.cards import HAND_SIZE, N_RANKS, TWO
from cardodds.sim.sam.hand import (
    N_POS,
    STRAIGHT,
    MoveTable,
    _sanh_rong_windows,
    fast_formable,
    move_table,
    pos_rank,
    toi_trang_any,
)
from cardodds.sim.sam.plan_search import best_plans, reaches
from cardodds.sim.sam.rules import SamRules


@dataclass(frozen=True)
class SamEstimate:
    """The estimate for one hand.

    Attributes
    ----------
    success : chance the best plan succeeds (measured on the deals not used to choose it).
    wins : successes among ``n`` held-out deals.  n : held-out deals.
    plan : the plan's move ids in play order (the last one ends the game), empty when no split exists.
    """

    success: float
    wins: int
    n: int
    plan: tuple[int, ...]


def hand_keys(hands: np.ndarray, opponents: int, salt: int) -> np.ndarray:
    """(n,) uint64: a hash of each hand's rank counts (a base-5 number), the opponents and a salt; seeds what the
    estimate deals for that hand, so the deals are a function of the hand."""
    code = (np.asarray(hands, np.uint64) * (np.uint64(5) ** np.arange(N_RANKS, dtype=np.uint64))).sum(-1)
    with np.errstate(over="ignore"):
        return mix64(code * np.uint64(31) + np.uint64(opponents) + (np.uint64(salt) << np.uint64(40)))


N_PERMS = 4096
"""Rows of the fixed table of random orders of the 42 unseen cards; a hand's deals are consecutive rows from a
start its key chooses (so ``samples`` <= N_PERMS)."""


@lru_cache(maxsize=None)
def _perms() -> np.ndarray:
    rng = np.random.default_rng(0x5A3_11)
    return rng.permuted(np.broadcast_to(np.arange(42, dtype=np.int8), (N_PERMS, 42)), axis=1)


def deals_of(hands: np.ndarray, opponents: int, samples: int, first: int = 0, salt: int = 0) -> np.ndarray:
    """Rank counts (n, samples, opponents, 13) int8: deals ``first .. first + samples - 1`` of each hand's own
    sequence of random deals of the opponents from the 42 unseen cards (a function of the hand)."""
    hands = np.asarray(hands, np.int64)
    n = len(hands)
    unseen = _unseen(hands)
    rows = _deal_rows(hands, opponents, samples, first, salt)
    # the rank of each dealt card (one flat take from the hands' unseen cards), then its counter: (hand, deal,
    # opponent) * 13 + rank
    ranks = np.take(unseen, (np.arange(n) * 42)[:, None, None] + _perms()[rows, : opponents * HAND_SIZE])
    ranks = ranks.reshape(n, samples, opponents, HAND_SIZE)
    ranks += np.arange(n * samples * opponents).reshape(n, samples, opponents, 1) * N_RANKS
    flat = np.bincount(ranks.ravel(), minlength=n * samples * opponents * N_RANKS)
    return flat.reshape(n, samples, opponents, N_RANKS).astype(np.int8)


def _unseen(hands: np.ndarray) -> np.ndarray:
    """(n, 42): the ranks of each hand's unseen cards, ascending."""
    copies = np.arange(4) < (4 - hands)[..., None]  # (n, 13, 4): the unseen copies of each rank
    return (np.nonzero(copies.reshape(len(hands), -1))[1] // 4).reshape(len(hands), 42)


def _deal_rows(hands: np.ndarray, opponents: int, samples: int, first: int, salt: int) -> np.ndarray:
    """(n, samples): the rows of :func:`_perms` that deal ``first ..`` of each hand's deals."""
    start = (hand_keys(hands, opponents, salt) % np.uint64(N_PERMS)).astype(np.int64)
    return (start[:, None] + first + np.arange(samples)) % N_PERMS


@lru_cache(maxsize=None)
def _dealt_places(opponents: int) -> np.ndarray:
    """(N_PERMS, opponents) uint64: per row of :func:`_perms`, the places (bits 0..41) of the unseen cards each
    opponent is dealt."""
    cols = _perms()[:, : opponents * HAND_SIZE].reshape(N_PERMS, opponents, HAND_SIZE).astype(np.uint64)
    out = np.zeros((N_PERMS, opponents), np.uint64)
    for t in range(HAND_SIZE):
        out |= np.uint64(1) << cols[..., t]
    out.setflags(write=False)
    return out


_CODE_SHIFT = 17
"""A dealt hand's two base-5 numbers (:func:`_mask_tables`) are summed in one int32, the second this many bits up:
the first is below 5 ** 7 < 2 ** 17, the second below 5 ** 6, so the sum is below 2 ** 31."""


@lru_cache(maxsize=None)
def _card_weights() -> np.ndarray:
    """(13,) int32: what a card of each rank adds to a hand's :data:`_CODE_SHIFT` code."""
    w = _mask_tables()[0].astype(np.int64)
    return (w[:, 0] + (w[:, 1] << _CODE_SHIFT)).astype(np.int32)


def deal_masks(hands: np.ndarray, opponents: int, samples: int, first: int = 0) -> np.ndarray:
    """(n, samples, opponents) int64: :func:`_rank_masks` of :func:`deals_of` (salt 0), made without the rank counts:
    a hand's unseen cards are in rank order (:func:`_unseen`), so the cards of rank r an opponent is dealt are the
    set bits of its dealt places (:func:`_dealt_places`) in rank r's run of places; each adds its rank's weight to the
    two base-5 numbers the tables read."""
    hands = np.asarray(hands, np.int64)
    _, low, high = _mask_tables()
    weight = _card_weights()
    unseen = (4 - hands).astype(np.uint64)
    runs = ((np.uint64(1) << unseen) - np.uint64(1)) << (np.cumsum(unseen, axis=1) - unseen)  # (n, 13)
    dealt = _dealt_places(opponents)[_deal_rows(hands, opponents, samples, first, 0)]  # (n, samples, K)
    code = np.zeros(dealt.shape, np.int32)
    for r in range(N_RANKS):
        code += np.bitwise_count(dealt & runs[:, r, None, None]).astype(np.int32) * weight[r]
    return low[code & ((1 << _CODE_SHIFT) - 1)] | high[code >> _CODE_SHIFT]


@lru_cache(maxsize=None)
def _beat_classes(table: MoveTable) -> tuple[np.ndarray, np.ndarray]:
    """Per move: the class of the plays that beat it (0..3: rank plays of 1..4 cards, 4 + L - 3: straights of L
    cards) and the lowest top among them (``N_POS``: nothing beats it).  Every move's beaters are all the plays of
    one class from some top up (same kind and length and higher, or the tứ quý of a chặt)."""
    cls = np.zeros(table.n, np.int64)
    low = np.full(table.n, N_POS, np.int64)
    for m in range(table.n):
        b = np.flatnonzero(table.beats[m])
        if len(b) == 0:
            continue
        k, ln = table.kind[b[0]], table.length[b[0]]
        cls[m] = k if k != STRAIGHT else 4 + ln - 3
        low[m] = table.top[b].min()
        same = (table.kind == k) & (table.length == ln) & (table.top >= low[m])
        assert np.array_equal(np.flatnonzero(same), b)
    return cls, low


@lru_cache(maxsize=None)
def _bit_tables(min_pos: int) -> tuple[np.ndarray, np.ndarray]:
    """(highest set bit of every 14-bit number (-1 for 0), the straight positions held for every 13-bit mask of
    ranks held: positions below ``min_pos`` are not straight positions)."""
    high = np.full(1 << N_POS, -1, np.int8)
    for b in range(N_POS):
        high[1 << b: 2 << b] = b
    masks = np.arange(1 << N_RANKS)
    pos = np.zeros(1 << N_RANKS, np.int64)
    for p in range(min_pos, N_POS):
        pos |= ((masks >> pos_rank(p)) & 1) << p
    return high, pos


_LOW = 7
"""Ranks 0..6 and 7..12 are read as two base-5 numbers (:func:`_mask_tables`)."""


@lru_cache(maxsize=None)
def _mask_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(weights (13, 2) float32, low table, high table): ``counts @ weights`` is the base-5 number of ranks 0..6 and of
    ranks 7..12 (whole numbers below 2**24: exact in float32), and the tables map each to the four 13-bit masks of the
    ranks held at least s = 1..4 times, bits ``13 (s - 1) + rank``, so ``low[a] | high[b]`` has all four."""
    weights = np.zeros((N_RANKS, 2), np.float32)
    weights[:_LOW, 0] = 5.0 ** np.arange(_LOW)
    weights[_LOW:, 1] = 5.0 ** np.arange(N_RANKS - _LOW)
    tables = []
    for first, width in ((0, _LOW), (_LOW, N_RANKS - _LOW)):
        code = np.arange(5 ** width, dtype=np.int64)
        digits = code[:, None] // 5 ** np.arange(width) % 5  # (5**width, width)
        packed = np.zeros(len(code), np.int64)
        for s in range(1, 5):
            packed |= ((digits >= s) << np.arange(first, first + width)).sum(1) << (N_RANKS * (s - 1))
        tables.append(packed)
    return weights, tables[0], tables[1]


def _rank_masks(opp: np.ndarray) -> np.ndarray:
    """(...,) int64: each hand's four 13-bit masks of the ranks it holds at least s = 1..4 copies of (bits
    ``13 (s - 1) + rank``), from its rank counts ``opp`` (..., 13) (two table look-ups)."""
    weights, low, high = _mask_tables()
    code = (np.asarray(opp).reshape(-1, N_RANKS).astype(np.float32) @ weights).astype(np.int64)
    return (low[code[:, 0]] | high[code[:, 1]]).reshape(opp.shape[:-1])


def highest_tops(opp: np.ndarray, table: MoveTable, masks: np.ndarray | None = None) -> np.ndarray:
    """(..., 12) int8: per class of plays (see :func:`_beat_classes`), the highest top of such a play that one of the
    opponents ``opp`` (..., opponents, 13) can form (-1: none).  Done on bit masks: the ranks each opponent holds at
    least s copies of (s = 1..4, :func:`_rank_masks`), OR-ed over the opponents; the straight positions where each
    opponent holds a run of length L ends.  (The OR over the opponents is taken one slice at a time: numpy's
    reductions are slow over short axes.)  ``masks``: :func:`_rank_masks` of ``opp`` when already made."""
    m = _rank_masks(opp) if masks is None else masks
    return np.moveaxis(_class_tops(m, table), 0, -1)


def _class_tops(m: np.ndarray, table: MoveTable) -> np.ndarray:
    """(12, ...) int8: :func:`highest_tops`, the class first, from the opponents' :func:`_rank_masks` ``m`` (..., K)."""
    high, pos_of = _bit_tables(table.min_pos)
    out = np.empty((12,) + m.shape[:-1], np.int8)
    any_m = _or_over(m)
    low13 = (1 << N_RANKS) - 1
    for s in range(1, 5):
        out[s - 1] = high[(any_m >> (N_RANKS * (s - 1))) & low13]
    held = pos_of[m & low13]  # (..., K) straight positions held
    run = held & (held << 1)
    full = (1 << N_POS) - 1
    for length in range(3, HAND_SIZE + 1):
        run = run & (held << (length - 1)) & full  # bit p: positions p - length + 1 .. p all held
        out[4 + length - 3] = high[_or_over(run)]
    return out


def _or_over(x: np.ndarray) -> np.ndarray:
    """Bitwise OR over the last (short) axis of ``x``, one slice at a time."""
    acc = x[..., 0].copy()
    for k in range(1, x.shape[-1]):
        acc |= x[..., k]
    return acc


def unbeaten_by(table: MoveTable, opp: np.ndarray, rules: SamRules) -> np.ndarray:
    """Bool (..., samples, M): on each deal (``opp`` (..., samples, opponents, 13)), the moves no opponent can beat; all
    False where an opponent has a tới trắng (it ends the game before any play).

    (A beating play never empties an opponent's ten cards, so ``no_finish_on_two`` does not matter here.)
    """
    cls, low = _beat_classes(table)
    ok = highest_tops(opp, table)[..., cls] < low
    return ok & ~toi_trang_any(opp, rules)[..., None]


@lru_cache(maxsize=None)
def _sanh_rong_masks(straights: str) -> tuple[int, ...]:
    """The rank masks of the 10-card straights (each rank of one held once)."""
    return tuple(int(((w == 1) << np.arange(N_RANKS)).sum()) for w in _sanh_rong_windows(straights))


def _toi_trang_any_masks(masks: np.ndarray, rules: SamRules) -> np.ndarray:
    """:func:`~cardodds.sim.sam.hand.toi_trang_any` from the opponents' :func:`_rank_masks` (..., K) (the same kinds:
    sảnh rồng, tứ quý 2, 3 sám, 5 đôi with the rules' counting of a tứ quý; no đồng hoa)."""
    low13 = (1 << N_RANKS) - 1
    m1, m2, m3, m4 = ((masks >> (N_RANKS * s)) & low13 for s in range(4))
    quads = np.bitwise_count(m4)
    triples = np.bitwise_count(m3 & ~m4) + (quads if rules.quad_counts_as_triple else 0)
    pairs = np.bitwise_count(m2 & ~m3) + (2 * quads if rules.quad_counts_as_two_pairs else 0)
    toi = ((m4 >> TWO) & 1).astype(bool) | (triples >= 3) | (pairs >= 5)
    straight = m2 == 0
    for w in _sanh_rong_masks(rules.straights):
        toi |= straight & (m1 == w)
    return _or_over(toi)


def guard_codes(hands: np.ndarray) -> np.ndarray:
    """(n,) int64: every hand (n, 13) as a :data:`~cardodds.sim.sam.plan_search.GUARD` code (four bits a rank)."""
    return (np.asarray(hands, np.int64) << (4 * np.arange(N_RANKS))).sum(1)


_CACHE: dict = {}
"""Estimates made in this process: {(opponents, rules, samples, at_least): {hand code: SamEstimate}}, at most 2**17
hands in all (a dict per setting: its key, with the rules in it, is hashed once a call)."""
CACHE_MAX = 1 << 17

BLOCK = 512
"""Hands estimated together: their deals' masks and standing moves (BLOCK × samples × their moves) are in memory at
once."""

PRE_DEALS = 32
"""Deals of the early look: when ``at_least`` > 0, a hand is first judged on its first ``PRE_DEALS`` deals only ..."""
PRE_SHARE = 0.4
"""... and dropped when its best split on them stands on fewer than ``PRE_SHARE * at_least`` of them.  Statistical, not
exact: a hand whose plan stands on half the deals passes it except with chance about 1e-4 (binomial)."""


def _columns(form: np.ndarray, table: MoveTable) -> tuple[np.ndarray, np.ndarray]:
    """(idx (n, F), valid (n, F)): each hand's formable moves, padded (with move 0, not valid) to the most any has."""
    width = max(int(form.sum(1).max()), 1)
    order = np.argsort(~form, axis=1, kind="stable")[:, :width]
    return order, np.take_along_axis(form, order, axis=1)


def _standing(table: MoveTable, masks: np.ndarray, idx: np.ndarray, valid: np.ndarray, rules: SamRules) -> np.ndarray:
    """Bool (n, F, S): on each of a hand's deals, which of its moves ``idx`` (n, F) no opponent can beat
    (:func:`unbeaten_by` restricted to the hand's own moves), from the deals' :func:`deal_masks` ``masks`` (n, S, K).
    A move's row of deals is its class's row of tops (:func:`_class_tops`, one row taken per move) below its
    lowest beater."""
    cls, low = _beat_classes(table)
    n, deals = masks.shape[:2]
    tops = _class_tops(masks, table).reshape(12 * n, deals)  # row c * n + hand
    ok = np.take(tops, cls[idx] * n + np.arange(n)[:, None], axis=0) < low.astype(np.int8)[idx][..., None]
    ok &= valid[..., None]
    ok &= ~_toi_trang_any_masks(masks, rules)[:, None, :]
    return ok


def mask_words(idx: np.ndarray, stand: np.ndarray, n_moves: int) -> np.ndarray:
    """uint64 (n, n_moves, W): per hand and move id, the deals (bit i of word w: deal 64 w + i) on which the move
    stands, from the hands' columns ``idx`` (n, F) and ``stand`` (n, F, S) (0 for a move not among the columns)."""
    n, width, deals = stand.shape
    words = -(-deals // 64)
    buf = np.zeros((n, width, 8 * words), np.uint8)
    buf[..., : -(-deals // 8)] = np.packbits(stand, axis=-1, bitorder="little")
    full = np.zeros((n, n_moves, words), np.uint64)
    full[np.arange(n)[:, None], idx] = buf.view("<u8")  # a hand's columns are distinct moves
    return full


def estimate_many(hands: np.ndarray, opponents: int, rules: SamRules, samples: int = 256,
                  at_least: float = 0.0) -> list[SamEstimate]:
    """:func:`estimate` of every hand of ``hands`` (n, 13) (the deals of all hands are judged in one pass)."""
    hands = np.asarray(hands, np.int64)
    codes = (hands * 5 ** np.arange(N_RANKS)).sum(1)
    if sum(map(len, _CACHE.values())) > CACHE_MAX:  # bounded memory (before looking: every hand asked for must be
        _CACHE.clear()                               # in it afterwards)
    cache = _CACHE.setdefault((opponents, rules, samples, at_least), {})
    uniq, first = np.unique(codes, return_index=True)
    todo = [i for c, i in zip(uniq.tolist(), first.tolist()) if c not in cache]
    for b in range(0, len(todo), BLOCK):  # bounded memory: a block's deals at a time
        part = todo[b:b + BLOCK]
        _estimate_new(hands[part], codes[part].tolist(), opponents, rules, samples, at_least, cache)
    return [cache[c] for c in codes.tolist()]


def _estimate_new(hands, codes, opponents, rules, samples, at_least, cache):
    """Estimate hands ``hands`` (n, 13) of codes ``codes`` into ``cache``."""
    table = move_table(rules)
    nf2 = rules.no_finish_on_two
    half = samples // 2
    need = int(np.ceil(at_least * half))
    none = SamEstimate(0.0, 0, samples - half, ())

    idx, valid = _columns(fast_formable(table, hands), table)
    codes = np.asarray(codes, np.int64)
    live = np.arange(len(hands))
    pre = 0
    if need > 0:  # the early look, on deals 0 .. pre - 1 (the first of the deals that choose the plan)
        pre = min(PRE_DEALS, half)
        early = _standing(table, deal_masks(hands, opponents, pre), idx, valid, rules)  # (n, F, pre)
        enough = int(np.ceil(PRE_SHARE * at_least * pre))
        live = np.flatnonzero(reaches(guard_codes(hands), mask_words(idx, early, table.n), pre, enough, table, nf2))
        early = early[live]
    cache.update(dict.fromkeys(np.delete(codes, live).tolist(), none))
    if len(live) == 0:
        return
    hands, idx, valid = hands[live], idx[live], valid[live]
    codes = codes[live]
    stand = _standing(table, deal_masks(hands, opponents, half - pre, first=pre), idx, valid, rules)  # (n, F, S)
    if pre:
        stand = np.concatenate([early, stand], axis=2)  # the deals that choose: the early look's first
    plans = best_plans(guard_codes(hands), mask_words(idx, stand, table.n), half, need, table, nf2)[1]
    with_plan = np.flatnonzero(plans[:, 0] >= 0)  # a plan has two plays or more (ten cards in one play: a tới trắng)
    plans = plans[with_plan]
    cache.update(dict.fromkeys(np.delete(codes, with_plan).tolist(), none))
    if not len(with_plan):
        return
    held = _standing(table, deal_masks(hands[with_plan], opponents, samples - half, first=half), idx[with_plan],
                     valid[with_plan], rules)  # (n, F, samples - half): the held-out deals, of hands with a plan
    wins = _plan_wins(held, idx[with_plan], plans, table.n).tolist()
    for code, w, plan in zip(codes[with_plan].tolist(), wins, plans.tolist()):
        cache[code] = SamEstimate(w / (samples - half), w, samples - half, tuple(m for m in plan if m >= 0))


def _plan_wins(stand: np.ndarray, idx: np.ndarray, plans: np.ndarray, n_moves: int) -> np.ndarray:
    """(n,): the deals of ``stand`` (n, F, S) on which every play of each plan (n, 10), padded with -1, but its last
    stands (``idx`` (n, F): the hands' columns)."""
    n, width = idx.shape
    col = np.zeros((n, n_moves + 1), np.int64)  # per hand, move -> its column; move -1 (padding) -> column width
    col[:, -1] = width
    col[np.arange(n)[:, None], idx] = np.arange(width)
    length = (plans >= 0).sum(1)
    plays = np.where(np.arange(HAND_SIZE) < (length - 1)[:, None], plans, -1)
    padded = np.concatenate([stand, np.ones((n, 1, stand.shape[2]), bool)], axis=1)
    return np.take_along_axis(padded, col[np.arange(n)[:, None], plays][..., None], axis=1).all(1).sum(1)


def estimate(counts, opponents: int, rules: SamRules, samples: int = 256, at_least: float = 0.0) -> SamEstimate:
    """P(a declared Sâm succeeds) for a hand of rank ``counts`` against ``opponents`` (see the module docstring).

    Plans that stand on fewer than ``at_least`` of the deals used to choose are not searched (the hand is then
    reported with no plan and success 0): a declarer that never declares below some chance can skip them.
    """
    return estimate_many(np.asarray(counts)[None], opponents, rules, samples, at_least)[0]


@lru_cache(maxsize=None)
def _tails(opponents: int) -> np.ndarray:
    """(5, 5): chance that at least one of ``opponents`` holds >= s of the u unseen copies of a rank (each holds 10
    of the 42 unseen cards; the opponents taken as independent)."""
    from math import comb

    out = np.zeros((5, 5))
    for u in range(5):
        for s in range(1, 5):
            one = sum(comb(u, x) * comb(42 - u, HAND_SIZE - x) for x in range(s, u + 1)) / comb(42, HAND_SIZE)
            out[u, s] = 1 - (1 - one) ** opponents
    return out


SCREEN_BLOCK = 4096
"""Hands screened together."""


def screen(hands: np.ndarray, opponents: int, rules: SamRules, floor: float = 0.1, table: bool = True) -> np.ndarray:
    """Bool (n,): the hands whose Sâm could succeed with a chance of about ``floor`` or more (a cheap, generous
    filter before :func:`estimate`).

    Each play's chance to stand is approximated from the unseen copies of each rank (opponents and beating plays
    taken as independent); a plan needs every play but its last to stand, so a hand passes when the ranks that no
    play standing with chance >= ``floor`` covers all fit in one play (the last).  ``table``: read the answer from
    :mod:`~cardodds.sim.sam.screen_table` when it holds it (the same answers, made by this function).
    """
    if table:  # the answers shipped for the usual options (screen_table), when it holds them
        got = screen_table.lookup(hands, opponents, rules, floor)
        if got is not None:
            return got
    hands = np.asarray(hands, np.int64)
    if len(hands) > SCREEN_BLOCK:  # (n, moves) floats a block at a time: large temporaries are slow
        return np.concatenate([screen(hands[b:b + SCREEN_BLOCK], opponents, rules, floor, False)
                               for b in range(0, len(hands), SCREEN_BLOCK)])
    table = move_table(rules)
    unseen = 4 - hands
    tails = _tails(opponents)
    n_rank = 4 * N_RANKS
    # chance some opponent can form each move: rank plays by their size, straights from every rank they need
    form = np.empty((len(hands), table.n))
    for s in range(1, 5):
        form[:, (s - 1) * N_RANKS:s * N_RANKS] = tails[unseen, s]
    if table.n > n_rank:  # one opponent must hold every rank of the straight
        one = np.log(np.maximum(_tails(1)[unseen, 1], 1e-12))
        form[:, n_rank:] = 1 - (1 - np.exp(one @ (table.need[n_rank:] > 0).T.astype(np.float64))) ** opponents
    log_stand = np.log(np.maximum(1 - form, 1e-12)) @ table.beats[:-1].T.astype(np.float64)  # (n, M)

    mine = fast_formable(table, hands)
    safe = mine & (log_stand >= np.log(floor))
    # counts of covering moves as float32 products (BLAS; exact: small whole numbers)
    cover = (safe.astype(np.float32) @ (table.need > 0).astype(np.float32)) > 0  # (n, 13)
    loose = (hands > 0) & ~cover
    last_ok = mine & ~(table.has_two & rules.no_finish_on_two)
    fits = (loose.astype(np.float32) @ (table.need == 0).T.astype(np.float32) == 0) & last_ok
    return fits.any(1) | ~loose.any(1)


def cards_of(seat_counts: np.ndarray, keys: np.ndarray) -> np.ndarray:
    """Card ids (G, P, 10) for rank counts ``seat_counts`` (G, P, 13) (every rank's copies over the seats add up to 4
    at most); in game g each rank's copies take its four suits from a start chosen by the hash ``keys[g]`` (suits matter
    only for đồng hoa)."""
    games, seats = seat_counts.shape[:2]
    counts = seat_counts.astype(np.int8)
    offset = (mix64(keys[:, None] + np.arange(N_RANKS, dtype=np.uint64)) % np.uint64(4)).astype(np.int8)  # (G, 13)
    # copy j of rank r (suit (offset + j) % 4) goes to the last seat whose first copy index is <= j (seats
    # without the rank share the next one's first index); copies past the last seat's are nobody's (owner P)
    copy = (np.arange(4, dtype=np.int8) - offset[..., None]) & 3  # (G, 13, 4): the copy that has each suit
    by_card = np.full(copy.shape, -1, np.int8)  # owner of each card id 4 r + suit
    first = np.zeros((games, N_RANKS), np.int8)  # each seat's first copy index of each rank, seat by seat
    for p in range(seats):
        by_card += (first[..., None] <= copy).view(np.int8)
        first += counts[:, p]
    by_card = np.where(copy < first[..., None], by_card, np.int8(seats))
    # each seat's cards in ascending order: a stable sort of the card ids by owner
    order = np.argsort(by_card.reshape(games, 4 * N_RANKS), axis=1, kind="stable")
    return order[:, : seats * HAND_SIZE].reshape(games, seats, HAND_SIZE)


def normal_value(hands: np.ndarray, opponents: int, rules: SamRules, player, play, games: int = 32) -> np.ndarray:
    """(n,): a hand's mean cược in a normal game (nobody declares), estimated from ``games`` deals of its own played
    out by ``play`` (the batch engine's ``play_batch``, passed in: the engines ask this module for decisions) with
    the hand at seat 0 played by ``player`` and ``control`` opponents, first player at random.  Seeded by the hand,
    so it is a function of the hand like :func:`estimate`."""
    from cardodds.sim.sam.strategies import Control

    hands = np.asarray(hands, np.int64)
    n = len(hands)
    if n > BLOCK:  # bounded memory
        return np.concatenate([normal_value(hands[b:b + BLOCK], opponents, rules, player, play, games)
                               for b in range(0, n, BLOCK)])
    if n == 0:
        return np.zeros(0)
    opp = deals_of(hands, opponents, games, salt=1).reshape(n * games, opponents, N_RANKS)
    seat_counts = np.concatenate([np.repeat(hands, games, axis=0)[:, None], opp.astype(np.int64)], axis=1)
    keys = mix64(np.repeat(hand_keys(hands, opponents, 2), games) + np.tile(np.arange(games, dtype=np.uint64), n))
    leaders = (keys % np.uint64(opponents + 1)).astype(np.int64)
    strategies = [player] + [Control()] * opponents
    b = play(rules, cards_of(seat_counts, keys >> np.uint64(8)), leaders, strategies)
    return b.pay[:, 0].reshape(n, games).mean(1)


DECISIONS_MAX = 1 << 17
"""Decisions on hands passing the screen the ``bayes`` declarer keeps per process and setting (least recently used
dropped first; 0: none)."""
_DECISIONS: dict = {}
"""(opponents, rules, player, play) -> OrderedDict {hand code: (declare, plan)}."""
_DECISION_COUNTS = {"hits": 0, "misses": 0}
_NO = (False, ())


def decision_cache_info() -> dict:
    """{hits, misses, size} of this process's cache of ``bayes`` decisions (hands looked up, not calls)."""
    return {**_DECISION_COUNTS, "size": sum(len(d) for d in _DECISIONS.values())}


def bayes_declare(hands: np.ndarray, opponents: int, rules: SamRules, player, play) -> tuple[np.ndarray, np.ndarray]:
    """(declare (n,), plans (n, 10) padded with -1) of the ``bayes`` declarer ``player`` for hands (n, 13); ``play``
    is the batch engine's ``play_batch`` (for :func:`normal_value`).

    A Sâm pays ``sam`` from each opponent with chance P and ``sam_fail`` to each otherwise; the hand's normal game is
    worth V (:func:`normal_value`).  Declare when ``opponents * (sam * P - sam_fail * (1 - P)) - V > margin``.  A
    hand whose Sâm is at best even (P < 1/2 with the default payments) is never worth it against a hand that strong
    in a normal game, so only hands passing :func:`screen` are estimated and only plans standing on half the
    deals are searched.

    A decision is a function of (the hand's rank counts, opponents, rules, player, play), so each process keeps the
    last :data:`DECISIONS_MAX` decisions on hands passing the screen (:func:`decision_cache_info`): a hand met again,
    or twice in one call, is estimated once.
    """
    hands = np.asarray(hands, np.int64)
    n = len(hands)
    want = np.zeros(n, bool)
    plans = np.full((n, HAND_SIZE), -1, np.int64)
    cand = np.flatnonzero(screen(hands, opponents, rules))
    if len(cand) == 0:
        return want, plans
    tag = (opponents, rules, player, play)
    if tag not in _DECISIONS and len(_DECISIONS) >= 16:  # bounded: a few settings per process
        _DECISIONS.clear()
    kept = _DECISIONS.setdefault(tag, OrderedDict())
    keys = guard_codes(hands[cand]).tolist()
    new: dict = {}  # hand code: the first of its hands (in cand), for codes not kept
    made = {}
    for j, key in enumerate(keys):
        got = kept.get(key)
        if got is None:
            new.setdefault(key, j)
        else:
            kept.move_to_end(key)
            made[key] = got
    _DECISION_COUNTS["hits"] += len(cand) - len(new)
    _DECISION_COUNTS["misses"] += len(new)
    if new:
        first = cand[np.fromiter(new.values(), np.int64, len(new))]
        w, pl = _decide(hands[first], opponents, rules, player, play)
        for j, key in enumerate(new):
            made[key] = (True, tuple(pl[j][pl[j] >= 0].tolist())) if w[j] else _NO
        if DECISIONS_MAX > 0:
            for key in new:
                kept[key] = made[key]
            while len(kept) > DECISIONS_MAX:
                kept.popitem(last=False)
    for j, key in enumerate(keys):
        got = made[key]
        if got[0]:
            want[cand[j]] = True
            plans[cand[j], : len(got[1])] = got[1]
    return want, plans


def _decide(hands: np.ndarray, opponents: int, rules: SamRules, player, play) -> tuple[np.ndarray, np.ndarray]:
    """:func:`bayes_declare` of hands that pass the screen, without the cache."""
    n = len(hands)
    want = np.zeros(n, bool)
    plans = np.full((n, HAND_SIZE), -1, np.int64)
    pay = rules.pay
    p_even = pay.sam_fail / (pay.sam + pay.sam_fail)  # the chance at which a Sâm breaks even
    est = estimate_many(hands, opponents, rules, player.samples, at_least=p_even)
    gain = sam_value(np.array([e.success for e in est]), opponents, pay)
    look = np.flatnonzero(gain > player.margin)  # V first needed here (V >= 0 is not assumed)
    if len(look):
        normal = replace(player, declare="never")
        v = normal_value(hands[look], opponents, rules, normal, play)
        yes = look[gain[look] - v > player.margin]
        want[yes] = True
        for i in yes:
            plans[i, : len(est[i].plan)] = est[i].plan
    return want, plans


def sam_value(p, opponents: int, pay):
    """Expected cược of declaring a Sâm that succeeds with chance ``p``: ``sam`` from each opponent on a success,
    ``sam_fail`` to each on a failure."""
    return opponents * (pay.sam * p - pay.sam_fail * (1 - p))
