"""How likely a declared Sâm succeeds, from the declarer's own hand alone (the ``bayes`` declarer's estimate).

The declarer knows its ten cards and the number of opponents, nothing else.  The estimate deals the opponents'
hands at random from the 42 unseen cards many times (by rank: suits matter only for đồng hoa, which the estimate
leaves out for the opponents) and, on each deal, marks which of the hand's plays some opponent could beat.  A
*plan* splits the hand into plays and keeps one for last (the play that empties the hand ends the game at once, so
only the others must stand); it succeeds on a deal when no opponent holds a tới trắng and none can beat any of its
other plays — opponents always beat a Sâm when they can, and until one does none of them has played a card, so a
deal decides the plan.  The best plan is chosen on half of the deals and its success measured on the other half,
so the choice does not flatter the estimate (the way ``cardodds odds sam`` measures it).

Everything here is a function of (the hand's rank counts, opponents, rules, samples): the random deals are seeded
from the hand itself, so the estimate, and a decision made from it, is the same in every engine and every run.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from functools import lru_cache

import numpy as np

from sim.sam.cards import HAND_SIZE, N_RANKS
from sim.sam.hand import N_POS, STRAIGHT, MoveTable, move_table, pos_rank, toi_trang_flags, toi_trang_kind_of_flags
from sim.sam.rules import SamRules


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


def _seed_of(counts: tuple[int, ...], opponents: int, samples: int) -> int:
    key = bytes(counts) + bytes([opponents]) + samples.to_bytes(4, "little")
    return int.from_bytes(hashlib.blake2b(key, digest_size=8).digest(), "little")


def deal_unseen(counts: np.ndarray, opponents: int, samples: int, rng: np.random.Generator) -> np.ndarray:
    """Rank counts (samples, opponents, 13) of opponents dealt at random from the cards a hand does not hold."""
    unseen = np.repeat(np.arange(N_RANKS), 4 - np.asarray(counts, np.int64))  # 42 ranks
    shuffled = rng.permuted(np.broadcast_to(unseen, (samples, len(unseen))), axis=1)
    dealt = shuffled[:, : opponents * HAND_SIZE].reshape(samples, opponents, HAND_SIZE)
    rows = np.arange(samples * opponents)[:, None] * N_RANKS
    flat = np.bincount((rows + dealt.reshape(-1, HAND_SIZE)).ravel(), minlength=samples * opponents * N_RANKS)
    return flat.reshape(samples, opponents, N_RANKS)


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


def _highest_tops(opp: np.ndarray, table: MoveTable) -> np.ndarray:
    """(..., 12): per class, the highest top of a play each hand can form (-1: none)."""
    out = np.empty(opp.shape[:-1] + (12,), np.int8)
    ranks = np.arange(1, N_RANKS + 1, dtype=np.int8)
    for s in range(1, 5):
        out[..., s - 1] = ((opp >= s) * ranks).max(-1) - 1
    held = opp[..., [pos_rank(p) for p in range(N_POS)]] > 0
    held[..., : table.min_pos] = False
    runs = np.empty(held.shape, np.int8)  # length of the run of held positions ending at each position
    run = np.zeros(opp.shape[:-1], np.int8)
    for p in range(N_POS):
        run = (run + 1) * held[..., p]
        runs[..., p] = run
    pos = np.arange(1, N_POS + 1, dtype=np.int8)
    for length in range(3, HAND_SIZE + 1):
        out[..., 4 + length - 3] = ((runs >= length) * pos).max(-1) - 1
    return out


def unbeaten_by(table: MoveTable, opp: np.ndarray, rules: SamRules) -> np.ndarray:
    """Bool (..., samples, M): on each deal (``opp`` (..., samples, opponents, 13)), the moves no opponent can beat; all
    False where an opponent has a tới trắng (it ends the game before any play).

    (A beating play never empties an opponent's ten cards, so ``no_finish_on_two`` does not matter here.)
    """
    cls, low = _beat_classes(table)
    tops = _highest_tops(opp, table).max(-2)  # best over the opponents, (..., samples, 12)
    ok = tops[..., cls] < low
    mixed = np.full(opp.shape[:-1], HAND_SIZE // 2)  # red cards: never đồng hoa (suits are not dealt)
    tt = (toi_trang_kind_of_flags(toi_trang_flags(opp, mixed, rules)) >= 0).any(-1)
    return ok & ~tt[..., None]


def _best_plan(counts: tuple[int, ...], masks: dict[int, int], n_deals: int, table: MoveTable, nf2: bool,
               at_least: int = 0):
    """(successes, plan) of the split whose non-last plays all stand on the most deals (bit ``i`` of ``masks[m]``:
    move m stands on deal i; ``masks`` has every move the hand can form), among splits standing on ``at_least``
    deals or more ((-1, ()) when none does).  Depth-first over the moves taking the lowest rank held, pruned by the
    best so far."""
    from sim.sam.strategies import _moves_by_low

    by_low = [[mv for mv in moves if mv[0] in masks] for moves in _moves_by_low(table)]
    best = [at_least - 1, None]

    def rec(c, acc, plays, last):
        if acc.bit_count() <= best[0]:
            return
        if not any(c):
            if last is not None:
                best[0], best[1] = acc.bit_count(), plays + [last]
            return
        low = next(r for r in range(N_RANKS) if c[r])
        for m, items, two in by_low[low]:
            if any(c[q] < k for q, k in items):
                continue
            rest = list(c)
            for q, k in items:
                rest[q] -= k
            if last is None and not (nf2 and two):
                rec(rest, acc, plays, m)
            mask = acc & masks[m]
            if mask:
                rec(rest, mask, plays + [m], last)

    rec(list(counts), (1 << n_deals) - 1, [], None)
    return best[0], tuple(best[1] or ())


def _deals(counts: tuple[int, ...], opponents: int, samples: int) -> np.ndarray:
    """The estimate's deals for a hand: rank counts (samples, opponents, 13), seeded by the hand itself."""
    rng = np.random.default_rng(_seed_of(counts, opponents, samples))
    return deal_unseen(np.array(counts), opponents, samples, rng)


_CACHE: dict = {}


def estimate_many(hands: np.ndarray, opponents: int, rules: SamRules, samples: int = 256,
                  at_least: float = 0.0) -> list[SamEstimate]:
    """:func:`estimate` of every hand of ``hands`` (n, 13) (the deals of all hands are judged in one pass)."""
    keys = [tuple(int(x) for x in h) for h in np.asarray(hands)]
    tag = (opponents, rules, samples, at_least)
    todo = sorted({k for k in keys if (k, tag) not in _CACHE})
    if todo:
        table = move_table(rules)
        ok = unbeaten_by(table, np.stack([_deals(k, opponents, samples) for k in todo]), rules)  # (n, S, M)
        half = samples // 2
        bits = np.packbits(ok[:, :half], axis=1, bitorder="little")  # deal i is bit i of a move's mask
        form = table.formable(np.array(todo))
        need = int(np.ceil(at_least * half))
        if len(_CACHE) > 1 << 17:
            _CACHE.clear()
        for i, k in enumerate(todo):
            masks = {int(m): int.from_bytes(bits[i, :, m].tobytes(), "little") for m in np.flatnonzero(form[i])}
            _, plan = _best_plan(k, masks, half, table, rules.no_finish_on_two, need)
            if plan:  # a plan has two plays or more (ten cards in one play: a tới trắng)
                wins = int(ok[i, half:][:, list(plan[:-1])].all(1).sum())
            else:
                wins = 0
            _CACHE[(k, tag)] = SamEstimate(wins / (samples - half), wins, samples - half, plan)
    return [_CACHE[(k, tag)] for k in keys]


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


def screen(hands: np.ndarray, opponents: int, rules: SamRules, floor: float = 0.1) -> np.ndarray:
    """Bool (n,): the hands whose Sâm could succeed with a chance of about ``floor`` or more (a cheap, generous
    filter before :func:`estimate`).

    Each play's chance to stand is approximated from the unseen copies of each rank (opponents and beating plays
    taken as independent); a plan needs every play but its last to stand, so a hand passes when the ranks that no
    play standing with chance >= ``floor`` covers all fit in one play (the last).
    """
    table = move_table(rules)
    hands = np.asarray(hands, np.int64)
    unseen = 4 - hands
    tails = _tails(opponents)
    n_rank = 4 * N_RANKS
    # chance some opponent can form each move: rank plays by their size, straights from every rank they need
    form = np.empty((len(hands), table.n))
    for s in range(1, 5):
        form[:, (s - 1) * N_RANKS:s * N_RANKS] = tails[unseen, s]
    if table.n > n_rank:  # one opponent must hold every rank of the straight
        one = np.log(np.maximum(_tails(1)[unseen, 1], 1e-12))
        form[:, n_rank:] = 1 - (1 - np.exp(one @ (table.need[n_rank:] > 0).T)) ** opponents
    log_stand = np.log(np.maximum(1 - form, 1e-12)) @ table.beats[:-1].T.astype(np.float64)  # (n, M)
    from sim.sam.batch import fast_formable

    mine = fast_formable(table, hands)
    safe = mine & (log_stand >= np.log(floor))
    cover = (safe.astype(np.int16) @ (table.need > 0).astype(np.int16)) > 0  # (n, 13)
    loose = (hands > 0) & ~cover
    last_ok = mine & ~(table.has_two & rules.no_finish_on_two)
    fits = (loose.astype(np.int16) @ (table.need == 0).T.astype(np.int16) == 0) & last_ok
    return fits.any(1) | ~loose.any(1)


def _cards_of(counts: tuple[int, ...], opp: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Card ids (games, 1 + opponents, 10) for rank counts: the hand at seat 0, ``opp`` (games, opponents, 13) after
    it; each rank's copies take its four suits in a random order (suits matter only for đồng hoa)."""
    games = len(opp)
    seat_counts = np.concatenate([np.broadcast_to(np.array(counts), (games, 1, N_RANKS)), opp], axis=1)
    first = np.cumsum(seat_counts, axis=1) - seat_counts  # each seat's first copy index of each rank
    offset = rng.integers(0, 4, size=(games, 1, N_RANKS))
    cards = np.empty(seat_counts.shape[:2] + (HAND_SIZE,), np.int64)
    for g in range(games):
        for p in range(seat_counts.shape[1]):
            c = seat_counts[g, p]
            ranks = np.repeat(np.arange(N_RANKS), c)
            copy = first[g, p][ranks] + np.arange(HAND_SIZE) - np.repeat(np.cumsum(c) - c, c)
            cards[g, p] = np.sort(4 * ranks + (offset[g, 0, ranks] + copy) % 4)
    return cards


def normal_value(hands: np.ndarray, opponents: int, rules: SamRules, player, games: int = 32) -> np.ndarray:
    """(n,): a hand's mean cược in a normal game (nobody declares), estimated from ``games`` of the estimate's own
    deals played out with the hand at seat 0 played by ``player`` and ``control`` opponents, first player at random.
    Seeded by the hand, so it is a function of the hand like :func:`estimate`."""
    from sim.sam.batch import play_batch
    from sim.sam.strategies import Control

    keys = [tuple(int(x) for x in h) for h in np.asarray(hands)]
    if not keys:
        return np.zeros(0)
    cards, leaders = [], []
    for k in keys:
        rng = np.random.default_rng(_seed_of(k, opponents, games) ^ 0x5A5A)
        cards.append(_cards_of(k, _deals(k, opponents, games), rng))
        leaders.append(rng.integers(0, opponents + 1, size=games))
    strategies = [player] + [Control()] * opponents
    b = play_batch(np.concatenate(cards), np.concatenate(leaders), rules, strategies)
    return b.pay[:, 0].reshape(len(keys), games).mean(1)


def bayes_declare(hands: np.ndarray, opponents: int, rules: SamRules, player) -> tuple[np.ndarray, np.ndarray]:
    """(declare (n,), plans (n, 10) padded with -1) of the ``bayes`` declarer ``player`` for hands (n, 13).

    A Sâm pays ``sam`` from each opponent with chance P and ``sam_fail`` to each otherwise; the hand's normal game is
    worth V (:func:`normal_value`).  Declare when ``opponents * (sam * P - sam_fail * (1 - P)) - V > margin``.  A
    hand whose Sâm is at best even (P < 1/2 with the default payments) is never worth it against a hand that strong
    in a normal game, so only hands passing :func:`screen` are estimated and only plans standing on half the
    deals are searched.
    """
    hands = np.asarray(hands, np.int64)
    n = len(hands)
    want = np.zeros(n, bool)
    plans = np.full((n, HAND_SIZE), -1, np.int64)
    pay = rules.pay
    p_even = pay.sam_fail / (pay.sam + pay.sam_fail)  # the chance at which a Sâm breaks even
    cand = np.flatnonzero(screen(hands, opponents, rules))
    if len(cand) == 0:
        return want, plans
    est = estimate_many(hands[cand], opponents, rules, player.samples, at_least=p_even)
    gain = sam_value(np.array([e.success for e in est]), opponents, pay)
    look = np.flatnonzero(gain > player.margin)  # V first needed here (V >= 0 is not assumed)
    if len(look):
        normal = replace(player, declare="never")
        v = normal_value(hands[cand[look]], opponents, rules, normal)
        yes = look[gain[look] - v > player.margin]
        want[cand[yes]] = True
        for i in yes:
            plans[cand[i], : len(est[i].plan)] = est[i].plan
    return want, plans


def sam_value(p, opponents: int, pay):
    """Expected cược of declaring a Sâm that succeeds with chance ``p``: ``sam`` from each opponent on a success,
    ``sam_fail`` to each on a failure."""
    return opponents * (pay.sam * p - pay.sam_fail * (1 - p))


def bayes_advice(counts, opponents: int, rules: SamRules, player) -> dict:
    """The ``bayes`` declarer ``player``'s decision for one hand of rank ``counts`` (13,), with what it weighs.

    ``declare`` is :func:`bayes_declare`'s own decision; beside it the estimate (:func:`estimate`, every plan
    searched), the Sâm's expected cược (:func:`sam_value`), the normal game's (:func:`normal_value`) and the margin.
    ``screened`` says whether the hand passed :func:`screen` (a hand that does not is never declared).
    """
    counts = np.asarray(counts, np.int64)
    est = estimate(counts, opponents, rules, player.samples)
    want, _ = bayes_declare(counts[None], opponents, rules, player)
    table = move_table(rules)
    return {
        "declare": bool(want[0]),
        "p_success": est.success,
        "wins": est.wins,
        "n": est.n,
        "plan": [table.name(m) for m in est.plan],
        "sam_value": float(sam_value(est.success, opponents, rules.pay)),
        "normal_value": float(normal_value(counts[None], opponents, rules, replace(player, declare="never"))[0]),
        "margin": float(player.margin),
        "screened": bool(screen(counts[None], opponents, rules)[0]),
    }
