"""The vectorised Sâm engine: N games held in arrays, played one action per step.

The state of every game lives in arrays with a leading batch axis; each step, every game still running takes one
action — a lead, a beat, a pass, or a leader passing the lead on because only a 2 would end their hand — computed
with array operations only (the loops are over steps, strategies and seats, never over games).  It follows
:mod:`cardodds.sim.sam.reference` rule for rule; the differential tests check that both engines give the same game, payment
for payment, with deterministic strategies.

Speed: a hand is one int64 of bit masks (see "hands as bit masks" below), so a play is a few bit operations on the
acting rows only, and a deterministic table strategy (``greedy``, ``control``) chooses by looking its best legal move
up in tables built once per strategy; other strategies (``random``) and a declarer leading its Sâm take the general
path (legal-move arrays and the strategy's ``choose``), with the same random numbers as ever.  Payments of won games
are made once, after the last step.

The one exception is the ``oracle`` declare rule: after a vectorised necessary-condition filter, the exact Sâm plan
search runs per remaining hand (a few per thousand deals).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from cardodds.sim.errors import CardoddsError
from cardodds.sim.sam.cards import HAND_SIZE, N_RANKS, TWO
from cardodds.sim.sam.declare import bayes_declare
from cardodds.sim.sam.hand import (
    PAIR,
    POS_RANK,
    POW2,
    QUAD,
    SINGLE,
    STRAIGHT,
    MoveTable,
    chop_value,
    fast_formable,
    move_table,
    straight_masks,
    toi_trang_flags,
    toi_trang_kind_of_flags,
)
from cardodds.sim.sam.rules import OUTCOMES, SamRules
from cardodds.sim.sam.strategies import PASS, Public, StrategyBase, View, _cached_scores, sam_plan, unbeatable

NORMAL, TOI_TRANG, SAM_SUCCESS, SAM_FAIL, VOID = range(5)
assert OUTCOMES == ("normal", "toi_trang", "sam_success", "sam_fail", "void")





@lru_cache(maxsize=None)
def _class_tables(table: MoveTable):
    """Per current play (rows, padded with a dummy ``M``), what can beat it, over 14 columns.

    Every set of beats in ``table.beats`` is one class: rank plays of one size from some rank up (columns = ranks),
    or straights of one length from some top position up (columns = top positions).  Tables: is_straight (M+1,),
    size (M+1, 1), column allowed (M+1, 14), straight bit mask (M+1, 14), holds a 2 (M+1, 14), length (M+1, 1),
    candidate move id (M+1, 14; ``M`` where none).
    """
    M = table.n
    is_str = np.zeros(M + 1, bool)
    size = np.zeros((M + 1, 1), np.int8)
    col_ok = np.zeros((M + 1, 14), bool)
    win = np.zeros((M + 1, 14), np.uint16)
    has2 = np.zeros((M + 1, 14), bool)
    length = np.zeros((M + 1, 1), np.int64)
    cand = np.full((M + 1, 14), M, np.int64)
    for c in range(M):
        b = np.flatnonzero(table.beats[c])
        if len(b) == 0:
            continue
        k = table.kind[b]
        assert np.all(k == k[0]) and np.all(table.length[b] == table.length[b[0]])
        cols = table.top[b]
        cand[c, cols] = b
        col_ok[c, cols] = True
        has2[c, cols] = table.has_two[b]
        length[c] = table.length[b[0]]
        if k[0] == STRAIGHT:
            is_str[c] = True
            win[c, cols] = straight_masks(table)[b - 4 * N_RANKS]
        else:
            size[c] = table.length[b[0]]
    return is_str, size, col_ok, win, has2, length, cand


def sparse_legal(table: MoveTable, hand: np.ndarray, n_own: np.ndarray, current: np.ndarray, nf2: bool):
    """(cand (n, 14), legal (n, 14)): the moves that could beat ``current`` and whether each hand may play them.

    Columns are ranks (rank plays) or top positions (straights); row lookups and (n, 14) elementwise work only.
    """
    is_str, size, col_ok, win, has2, length, cand = _class_tables(table)
    n = len(hand)
    ok = np.zeros((n, 14), bool)
    np.greater_equal(hand, size[current], out=ok[:, :N_RANKS])
    s = np.flatnonzero(is_str[current])
    if len(s):
        bits = ((hand[s][:, POS_RANK] > 0) * POW2).sum(1, dtype=np.uint16)[:, None]
        w = win[current[s]]
        ok[s] = (bits & w) == w
    ok &= col_ok[current]
    if nf2:
        ok &= ~(has2[current] & (length[current] == n_own[:, None]))
    return cand[current], ok


@lru_cache(maxsize=None)
def _beats_nf2(table: MoveTable, nf2: bool) -> np.ndarray:
    """(M + 1, 11, M): ``beats[current]`` and, under ``no_finish_on_two``, not emptying a hand of n cards with a 2."""
    out = np.repeat(table.beats[:, None, :], HAND_SIZE + 1, axis=1)
    if nf2:
        for n in range(HAND_SIZE + 1):
            out[:, n, table.has_two & (table.length == n)] = False
    out.setflags(write=False)  # cached: shared by every call
    return out


@dataclass
class BatchResult:
    """Outcomes of N games (arrays with a leading batch axis).  ``pay`` rows sum to zero."""

    outcome: np.ndarray  # (N,) index into OUTCOMES
    winner: np.ndarray  # (N,) seat or -1
    pay: np.ndarray  # (N, P)
    toi_trang: np.ndarray  # (N, P) credited kind of each dealt hand or -1
    declarer: np.ndarray  # (N,)
    sam_success: np.ndarray  # (N,)
    cong: np.ndarray  # (N, P)
    thoi_2: np.ndarray  # (N, P)
    chops: np.ndarray  # (N,)
    plays: np.ndarray  # (N,)
    den: np.ndarray  # (N,)
    steps: int = 0


def _oracle_plans(t: MoveTable, counts: np.ndarray, seat: int, games: np.ndarray, nf2: bool):
    """(ok (n,), plans (n, 10)) for seat ``seat`` of ``games``: an exact Sâm plan where one exists."""
    P = counts.shape[1]
    hand = counts[games, seat].astype(np.int64)
    opp = counts[games][:, [o for o in range(P) if o != seat]].astype(np.int64)
    safe = unbeatable(t, opp, nf2)  # (n, M)
    form = fast_formable(t, hand)
    # necessary: the ranks no safe move covers must all fit in one (last) move
    cover = ((safe & form).astype(np.int16) @ (t.need > 0).astype(np.int16)) > 0  # (n, 13)
    unc = (hand > 0) & ~cover
    last_ok = form & ~(t.has_two & nf2)
    fits = np.all(~unc[:, None, :] | (t.need[None] > 0), axis=2) & last_ok  # (n, M)
    cand = np.flatnonzero(fits.any(1) | ~unc.any(1))
    ok = np.zeros(len(games), bool)
    plans = np.full((len(games), HAND_SIZE), -1, np.int64)
    for i in cand:  # few hands pass the filter
        plan = sam_plan(hand[i], safe[i], t, nf2)
        if plan is not None:
            ok[i] = True
            plans[i, : len(plan)] = plan
    return ok, plans


# ------------------------------------------------------------------------------------------ hands as bit masks
# The batch engine holds a hand as one int64 "thermometer": lane k (bits 16k..16k+12) has bit r set when the hand
# holds at least k + 1 cards of rank r.  Lane 0 is the set of ranks held, a play is a few bit operations, the cards
# held are the set bits, and the best legal move of a deterministic strategy is a lookup in tables of the 13- or
# 14-bit masks of the moves it could play (built once per strategy, move table and rules).
LANE = 0x1FFF
TWO_BIT = 1 << TWO
LANES4 = 0x0001000100010001
QUAD_BITS = (LANE & ~TWO_BIT) << 48  # lane 3: the ranks held four times, 2s left out
N_CLS = 12  # classes of moves that can answer a play: rank plays of size 1..4, straights of length 3..10


_THERM_OF_COUNT = np.array([sum(1 << 16 * k for k in range(min(c, 4))) for c in range(8)], np.int64)  # a deck has 4
_RED_SHIFT = 3 * N_RANKS + 1
_CARD_FIELDS = np.array([(1 << 3 * (c // 4)) + ((c % 4 >= 2) << _RED_SHIFT) for c in range(4 * N_RANKS)], np.int64)
"""Per card id: 1 in its rank's 3-bit field and 1 in the red-card field (a hand's fields never overflow)."""


_BITS13 = ((np.arange(1 << N_RANKS)[:, None] >> np.arange(N_RANKS)[None, :]) & 1).astype(np.int8)


def counts_of_therm(h: np.ndarray) -> np.ndarray:
    """Rank counts (n, 13) int8 of thermometer masks (n,)."""
    out = _BITS13[h & LANE]
    for lane in range(1, 4):
        out += _BITS13[(h >> 16 * lane) & LANE]
    return out


def therm_of_counts(counts: np.ndarray) -> np.ndarray:
    """Thermometer masks (int64) of rank counts (..., 13): the inverse of :func:`counts_of_therm`."""
    out = np.zeros(counts.shape[:-1], np.int64)
    for r in range(N_RANKS):
        out |= _THERM_OF_COUNT[counts[..., r]] << r
    return out


@dataclass(frozen=True, eq=False)
class _MaskTables:
    """Move and beat tables of one ``MoveTable`` in mask form (see :func:`_mask_tables`)."""

    s4: np.ndarray  # (M,) the move's ranks, in every lane
    shm: np.ndarray  # (M,) lane shift of the move (16 × cards taken per rank)
    cls: np.ndarray  # (M + 1,) class of the moves that can answer the current play
    shc: np.ndarray  # (M + 1,) lane of a rank class (16 × (size - 1))
    colr: np.ndarray  # (M + 1,) ranks that may answer (rank classes)
    cols: np.ndarray  # (M + 1,) top positions that may answer (straight classes)
    lenc: np.ndarray  # (M + 1,) straight length of the class (0 for rank classes)
    win: np.ndarray  # (11 * 2**14,) [length, positions held] -> tops of the formable straights of that length
    pos14: np.ndarray  # (2**13,) ranks held -> straight positions held
    high: np.ndarray  # (2**13,) highest rank held
    str2: np.ndarray  # (2**13,) the ranks are exactly those of a straight with a 2
    xtop: np.ndarray  # (2**13,) that straight's top position as a bit (0 if none)
    xlen: np.ndarray  # (2**13,) and its length
    cand: np.ndarray  # (N_CLS, 14) move of (class, column), -1 where none


@lru_cache(maxsize=None)
def _mask_tables(t: MoveTable) -> _MaskTables:
    M = t.n
    n_rank = 4 * N_RANKS
    rankbits = ((t.need > 0) * (1 << np.arange(N_RANKS))).sum(1).astype(np.int64)
    s4 = rankbits * LANES4
    shm = 16 * t.need.max(1).astype(np.int64)
    is_str, size, col_ok, _, _, length, cand_t = _class_tables(t)
    colw = (col_ok * (1 << np.arange(14))).sum(1).astype(np.int64)
    cls = np.zeros(M + 1, np.int64)
    shc = np.zeros(M + 1, np.int64)
    colr = np.zeros(M + 1, np.int64)
    cols = np.zeros(M + 1, np.int64)
    lenc = np.zeros(M + 1, np.int64)
    cand = np.full((N_CLS, 14), -1, np.int64)
    for k in range(4):
        cand[k, :N_RANKS] = k * N_RANKS + np.arange(N_RANKS)
    for m in range(n_rank, M):
        cand[4 + t.length[m] - 3, t.top[m]] = m
    for c in range(M):
        if not col_ok[c].any():
            continue
        if is_str[c]:
            cls[c], cols[c], lenc[c] = 4 + length[c, 0] - 3, colw[c], length[c, 0]
        else:
            cls[c], shc[c], colr[c] = size[c, 0] - 1, 16 * (size[c, 0] - 1), colw[c]
        ok = np.flatnonzero(col_ok[c])
        assert np.array_equal(cand[cls[c], ok], cand_t[c, ok])
    pos = np.arange(1 << 14, dtype=np.int64)
    win = np.zeros((HAND_SIZE + 1, 1 << 14), np.int64)
    smask = straight_masks(t).astype(np.int64)
    for j, m in enumerate(range(n_rank, M)):
        win[t.length[m]] |= ((pos & smask[j]) == smask[j]) << t.top[m]
    m1 = np.arange(1 << N_RANKS, dtype=np.int64)
    pos14 = np.zeros(1 << N_RANKS, np.int64)
    for p, r in enumerate(POS_RANK):
        pos14 |= ((m1 >> r) & 1) << p
    high = np.zeros(1 << N_RANKS, np.int64)
    for r in range(N_RANKS):
        high[(m1 >> r) > 0] = r
    str2 = np.zeros(1 << N_RANKS, bool)
    xtop = np.zeros(1 << N_RANKS, np.int64)
    xlen = np.zeros(1 << N_RANKS, np.int64)
    for m in range(n_rank, M):
        if t.has_two[m]:
            assert not str2[rankbits[m]]
            str2[rankbits[m]] = True
            xtop[rankbits[m]] = 1 << int(t.top[m])
            xlen[rankbits[m]] = t.length[m]
    return _MaskTables(s4, shm, cls, shc, colr, cols, lenc, win.ravel(), pos14, high, str2, xtop, xlen, cand)


@dataclass(frozen=True, eq=False)
class _FastPlayer:
    """Decision tables of a deterministic strategy: best key by (situation, class, mask of the moves formable)."""

    best: np.ndarray  # (S * N_CLS * 2**14,) uint8
    lead1: np.ndarray  # (S * 2**13,) uint8: best single or straight lead by (situation, ranks held)
    inv: np.ndarray  # (S * (M + 1),) move of (situation, key); PASS for key 0
    inv_pass: np.ndarray  # same, with the strategy's free passes


@lru_cache(maxsize=16)  # about 3 MB each
def _fast_player(strategy: StrategyBase, t: MoveTable, rules: SamRules):
    """The tables of ``strategy``, or None when its decisions are not table lookups."""
    typ = type(strategy)
    if (typ.choose is not StrategyBase.choose or typ.choose_sparse is not StrategyBase.choose_sparse
            or typ.situation is not StrategyBase.situation):
        return None
    ptab = strategy.pass_table(t, rules)
    if ptab is None:
        return None
    mt = _mask_tables(t)
    _, keys, inv, _ = _cached_scores(strategy, t, rules)
    S = len(keys)
    keys_ext = np.concatenate([keys, np.zeros((S, 1), np.uint8)], axis=1)
    kc = keys_ext[:, mt.cand]  # (S, N_CLS, 14); move -1 -> the 0 column
    best = np.zeros((S, N_CLS, 1 << 14), np.uint8)
    for b in range(14):  # best[mask] = max(best[mask without its top bit], key of the top bit)
        best[:, :, 1 << b:2 << b] = np.maximum(best[:, :, :1 << b], kc[:, :, b:b + 1])
    m1 = np.arange(1 << N_RANKS)
    lead1 = best[:, 0, m1]
    p14 = mt.pos14[m1]
    for L in range(3, HAND_SIZE + 1):
        lead1 = np.maximum(lead1, best[:, 4 + L - 3, mt.win[L * (1 << 14) + p14]])
    invc = inv.copy()
    invc[:, 0] = PASS
    moves = inv[:, 1:]
    inv_pass = invc.copy()
    inv_pass[:, 1:] = np.where(np.take_along_axis(ptab, moves, axis=1), PASS, moves)
    return _FastPlayer(best.ravel(), np.ascontiguousarray(lead1).ravel(), invc.ravel(), inv_pass.ravel())


def _table_keys(fp: _FastPlayer, mt: _MaskTables, h, cur, sit, lead, nf2: bool) -> np.ndarray:
    """The key of the best legal move of each row (0: no legal move), from hands ``h``, current plays, situations."""
    m1 = h & LANE
    base = sit * (N_CLS << 14)
    k = fp.best[base + (mt.cls[cur] << 14) + (((h >> mt.shc[cur]) & mt.colr[cur])
                                             | (mt.win[(mt.lenc[cur] << 14) + mt.pos14[m1]] & mt.cols[cur]))]
    li = np.flatnonzero(lead)
    if len(li):
        hl, bl = h[li], base[li]
        kl = np.maximum(fp.lead1[(sit[li] << N_RANKS) + m1[li]], fp.best[bl + (1 << 14) + ((hl >> 16) & LANE)])
        kl = np.maximum(kl, fp.best[bl + (2 << 14) + ((hl >> 32) & LANE)])
        k[li] = np.maximum(kl, fp.best[bl + (3 << 14) + (hl >> 48)])
    if nf2:  # a hand that is one move with a 2 in it may not play that move (it would end on a 2)
        odd = np.flatnonzero((m1 == TWO_BIT) | ((((h >> 16) & LANE) == 0) & mt.str2[m1]))
        if len(odd):
            hands, keys = _odd_table(fp, mt)
            k[odd] = keys[np.searchsorted(hands, h[odd]), cur[odd], sit[odd]]
    return k


@lru_cache(maxsize=16)
def _odd_table(fp: _FastPlayer, mt: _MaskTables) -> tuple[np.ndarray, np.ndarray]:
    """(hands, keys): the few hands ``_odd_keys`` is for (only 2s, or exactly a straight with a 2), ascending, and
    their keys by (hand, current play, situation), worked out once by ``_odd_keys`` (a free lead is ``current = M``)."""
    twos = [int(sum(TWO_BIT << 16 * j for j in range(c))) for c in range(1, 5)]
    hands = np.array(sorted(twos + [int(m) for m in np.flatnonzero(mt.str2)]), np.int64)
    n_cur, n_sit = len(mt.cls), len(fp.best) // (N_CLS << 14)
    h, cur, sit = (a.ravel() for a in np.meshgrid(hands, np.arange(n_cur), np.arange(n_sit), indexing="ij"))
    keys = _odd_keys(fp, mt, h, cur, sit, cur == n_cur - 1).reshape(len(hands), n_cur, n_sit)
    for a in (hands, keys):
        a.setflags(write=False)  # cached: shared by every call
    return hands, keys


def _odd_keys(fp, mt, h, cur, sit, lead):
    """``_table_keys`` for hands that are only 2s or exactly a straight with a 2, under ``no_finish_on_two``."""
    m1 = h & LANE
    two_only = m1 == TWO_BIT
    n2 = np.bitwise_count(h).astype(np.int64)
    h = np.where(two_only, h & ~(TWO_BIT << np.where(two_only, 16 * (n2 - 1), 0)), h)  # drop the play of all 2s
    xt = np.where(two_only, 0, mt.xtop[m1])  # the straight that is the whole hand: its top and length
    xl = mt.xlen[m1]
    m1 = h & LANE
    p14 = mt.pos14[m1]
    base = sit * (N_CLS << 14)
    s_cand = mt.win[(mt.lenc[cur] << 14) + p14] & mt.cols[cur] & ~np.where(mt.lenc[cur] == xl, xt, 0)
    k_resp = fp.best[base + (mt.cls[cur] << 14) + (((h >> mt.shc[cur]) & mt.colr[cur]) | s_cand)]
    k_lead = fp.best[base + m1]
    for lane in range(1, 4):
        k_lead = np.maximum(k_lead, fp.best[base + (lane << 14) + ((h >> 16 * lane) & LANE)])
    for L in range(3, HAND_SIZE + 1):
        cand = mt.win[(L << 14) + p14] & ~np.where(xl == L, xt, 0)
        k_lead = np.maximum(k_lead, fp.best[base + ((4 + L - 3) << 14) + cand])
    return np.where(lead, k_lead, k_resp)


@lru_cache(maxsize=None)
def _chop_values(t: MoveTable, pay) -> np.ndarray:
    """(M + 1,) what chopping each current play is worth (0 for a free lead)."""
    out = np.array([chop_value(t, c, pay) for c in range(t.n)] + [0], np.int64)
    out.setflags(write=False)  # cached: shared by every call
    return out


@lru_cache(maxsize=None)
def _next_seat_table(P: int) -> np.ndarray:
    """[(actor * 2**P + passed mask) * P + last] -> the next seat to act (the seat after the actor not out of the
    round, stopping at the last player)."""
    out = np.zeros(P * (1 << P) * P, np.int64)
    for a in range(P):
        for mask in range(1 << P):
            for last in range(P):
                q = (a + 1) % P
                for _ in range(P):
                    if mask >> q & 1 and q != last:
                        q = (q + 1) % P
                out[(a * (1 << P) + mask) * P + last] = q
    out.setflags(write=False)  # cached: shared by every call
    return out


@dataclass
class SamState:
    """The running state of N games: per-game arrays (N,) and per-(game, seat) arrays, flat at ``game * P + seat``.

    :func:`play_batch` makes one from deals (tới trắng and Sâm declarations settled), :func:`play_from_state` plays
    one on from any point of play (the ``expert`` starts its rollouts from the states it deals).  ``pay`` holds what
    was paid so far; a chặt chain is paid when its round ends.
    """

    therm: np.ndarray  # (N * P,) hands as thermometer masks
    ncards: np.ndarray  # (N * P,) cards left
    played: np.ndarray  # (N * P,) has played a card (a loser who has not pays cóng)
    dealt: np.ndarray  # (N, 13) rank counts of all cards dealt (what is gone = dealt - what is held)
    actor: np.ndarray  # (N,) seat to act
    current: np.ndarray  # (N,) the play to beat (``LEAD``: a free lead)
    last: np.ndarray  # (N,) who made the current play
    passed: np.ndarray  # (N,) bit mask of the seats out of the round
    chain_total: np.ndarray  # (N,) value of the round's chặt chain
    chain_len: np.ndarray
    chain_chopper: np.ndarray  # last chopper and the seat it chopped
    chain_chopped: np.ndarray
    den_by: np.ndarray  # (N,) đền pending on the next action: the seat that owes it (-1: none), for whom, the rank cap
    den_to: np.ndarray
    den_cap: np.ndarray
    declarer: np.ndarray  # (N,) Sâm declarer or -1
    plans: np.ndarray  # (N, 10) its plan (-1 padded)
    sam_on: np.ndarray  # (N,) a Sâm is being played
    sam_failed: np.ndarray  # (N,) a Sâm was beaten (``play_on_after_failed_sam``)
    ptr: np.ndarray  # (N,) the declarer's next plan step
    pay: np.ndarray  # (N, P)
    outcome: np.ndarray  # (N,)
    winner: np.ndarray  # (N,)
    done: np.ndarray  # (N,)
    kinds: np.ndarray  # (N, P) tới trắng kind of each dealt hand or -1
    cards: np.ndarray | None = None
    """(N, P, 10) each seat's dealt card ids, for players with ``needs_cards`` (None: not known).  Within a rank,
    a hand plays its cards in the order listed (a deal's hands are sorted: the lowest first, as the reference engine
    plays them)."""

    @property
    def n(self) -> int:
        return len(self.actor)


def public_of(st: SamState, games: np.ndarray, P: int) -> Public:
    """The public part of the state of ``games``: every hand is left out; only their sum enters, through what is
    gone (dealt minus held, which is what has been played)."""
    fr = (games * P)[:, None] + np.arange(P)
    held = counts_of_therm(st.therm[fr].ravel()).reshape(len(games), P, N_RANKS).sum(1, dtype=np.int8)
    on = st.chain_len[games] > 0
    d = st.den_by[games] >= 0
    chain = np.stack([st.chain_total[games], st.chain_len[games], np.where(on, st.chain_chopper[games], -1),
                      np.where(on, st.chain_chopped[games], -1)], 1)
    den = np.stack([np.where(d, st.den_by[games], -1), np.where(d, st.den_to[games], -1),
                    np.where(d, st.den_cap[games], 0)], 1)
    return Public(played=st.played[fr], gone=st.dealt[games] - held, last=st.last[games].copy(),
                  passed=st.passed[games].copy(), chain=chain, den=den)


def seen_cards(st: SamState, games: np.ndarray, actor: np.ndarray, P: int) -> tuple[np.ndarray, np.ndarray]:
    """(hand_cards (n, 10), played_cards (n, P, 10)) of ``View``: the actors' hands and every seat's played cards
    as card ids (-1 in the other slots), from the dealt cards (``st.cards``) and the hands' rank counts."""
    if st.cards is None:
        raise CardoddsError("sam: a player that reads the cards was seated in games dealt without them")
    cards = np.asarray(st.cards[games], np.int64)  # (n, P, 10)
    rank = cards // 4
    held = counts_of_therm(st.therm[((games * P)[:, None] + np.arange(P)).ravel()]).reshape(len(games), P, N_RANKS)
    same = rank[..., :, None] == rank[..., None, :]  # (n, P, 10, 10)
    before = (same & np.tri(HAND_SIZE, k=-1, dtype=bool)).sum(-1)  # cards of the rank listed earlier
    dealt = same.sum(-1)
    # a hand plays the cards of a rank in their listed order: the last ``held`` of them are still in it
    in_hand = before >= dealt - np.take_along_axis(held, rank, axis=-1)
    own = in_hand[np.arange(len(games)), actor]
    return (np.where(own, cards[np.arange(len(games)), actor], -1), np.where(in_hand, -1, cards))


def _deal_state(rules: SamRules, cards: np.ndarray, leader: np.ndarray, strategies) -> SamState:
    """The state of N fresh deals ``cards`` (N, P, 10) after tới trắng and the Sâm declarations."""
    P = rules.players
    t = move_table(rules)
    N = len(cards)
    leader = np.asarray(leader, np.int64)
    cards = np.asarray(cards)
    counts, therm, kinds = _deal_hands(cards, rules)
    pay = np.zeros((N, P), np.int64)
    outcome = np.full(N, NORMAL, np.int64)
    winner = np.full(N, -1, np.int64)
    done = np.zeros(N, bool)
    _settle_toi_trang(counts, kinds, leader, rules, pay, outcome, winner, done)
    declarer, plans = _declarations(counts, leader, done, rules, strategies, cards)
    sam_on = declarer >= 0
    actor = np.where(sam_on, declarer, leader)
    none = np.full(N, -1, np.int64)
    return SamState(
        therm=therm.ravel(), ncards=np.full(N * P, cards.shape[-1], np.int64), played=np.zeros(N * P, bool),
        dealt=counts.sum(1, dtype=np.int8), actor=actor, current=np.full(N, t.LEAD, np.int64), last=actor.copy(),
        passed=np.zeros(N, np.int64), chain_total=np.zeros(N, np.int64), chain_len=np.zeros(N, np.int64),
        chain_chopper=np.zeros(N, np.int64), chain_chopped=np.zeros(N, np.int64), den_by=none, den_to=none.copy(),
        den_cap=np.zeros(N, np.int64), declarer=declarer, plans=plans, sam_on=sam_on,
        sam_failed=np.zeros(N, bool), ptr=np.zeros(N, np.int64), pay=pay, outcome=outcome,
        winner=winner, done=done, kinds=kinds, cards=cards)


def _deal_hands(cards: np.ndarray, rules: SamRules):
    """(counts (N, P, 13) int8, thermometer masks (N, P), tới trắng kinds (N, P)) of deals ``cards``, from one sum
    of packed per-card fields (rank counts and red cards)."""
    N, P = cards.shape[:2]
    per_card = _CARD_FIELDS[cards]
    packed = per_card[..., 0].copy()
    for i in range(1, cards.shape[-1]):
        packed += per_card[..., i]
    counts = np.empty((N, P, N_RANKS), np.int8)
    therm = np.zeros((N, P), np.int64)
    for r in range(N_RANKS):
        c = (packed >> 3 * r) & 7
        counts[..., r] = c
        therm |= _THERM_OF_COUNT[c] << r
    n_red = packed >> _RED_SHIFT
    return counts, therm, toi_trang_kind_of_flags(toi_trang_flags(counts, n_red, rules))


def _settle_toi_trang(counts, kinds, leader, rules: SamRules, pay, outcome, winner, done) -> None:
    """A tới trắng wins at once (the first in turn order, or by kind): every other seat pays it and its heo hàng."""
    P, pay_t = rules.players, rules.pay
    rel = (np.arange(P)[None, :] - leader[:, None]) % P
    has_tt = kinds >= 0
    key = np.where(has_tt, rel + (kinds * P if rules.toi_trang_tie == "by_kind" else 0), 10**6)
    tt = has_tt.any(1)
    w = np.argmin(key, axis=1)
    heo = counts[..., TWO].astype(np.int64) * pay_t.heo_hang_two
    if rules.heo_hang_includes_quads:
        heo += (counts[..., :TWO] == 4).sum(-1) * pay_t.heo_hang_quad
    owe = np.where(np.arange(P)[None, :] == w[:, None], 0, pay_t.toi_trang + heo)
    pay[tt] -= owe[tt]
    pay[np.flatnonzero(tt), w[tt]] += owe[tt].sum(1)
    outcome[tt], winner[tt], done[tt] = TOI_TRANG, w[tt], True


def _declarations(counts, leader, done, rules: SamRules, strategies, cards=None):
    """(declarer (N,), plans (N, 10)): the Sâm declarations of the games not done, in turn order from the first
    player (the first who wants it declares); ``cards`` (N, P, 10), the deals, for players with ``needs_cards``."""
    N, P = counts.shape[:2]
    t = move_table(rules)
    declarer = np.full(N, -1, np.int64)
    plans = np.full((N, HAND_SIZE), -1, np.int64)
    bayes_ok, bayes_plans = _bayes_decisions(counts, done, rules, strategies)
    for i in range(P):
        seat_i = (leader + i) % P
        for s in range(P):
            g = np.flatnonzero(~done & (declarer < 0) & (seat_i == s))
            if len(g) == 0:
                continue
            plan_ok, plan_s = None, None
            if strategies[s].declare == "oracle":
                plan_ok, plan_s = _oracle_plans(t, counts, s, g, rules.no_finish_on_two)
            elif strategies[s].declare == "bayes":  # from the seat's own hand only
                plan_ok, plan_s = bayes_ok[s][g], bayes_plans[s][g]
            if strategies[s].needs_cards:  # a player that reads its dealt cards (a user's)
                want = strategies[s].declares(rules, s, cards[g, s])
            else:
                want = strategies[s].wants_sam(counts[g, s], plan_ok)
            declarer[g[want]] = s
            if plan_s is not None:
                plans[g[want]] = plan_s[want]
    return declarer, plans


def _bayes_decisions(counts, done, rules: SamRules, strategies):
    """Per ``bayes`` seat, (wants (N,), plans (N, 10)) for the games not done.

    The bayes seats decide from their own hands only (a pure function of the hand): every such seat of every game
    still on is decided in one call per player (fewer, larger batches), also where an earlier seat will declare
    first."""
    N, P = counts.shape[:2]
    bayes_ok, bayes_plans = {}, {}
    on = np.flatnonzero(~done)
    for player in {strategies[s] for s in range(P) if strategies[s].declare == "bayes"}:
        seats = [s for s in range(P) if strategies[s] == player]
        ok, pl = bayes_declare(counts[on][:, seats].reshape(-1, N_RANKS), P - 1, rules, player, play_batch)
        for k, s in enumerate(seats):
            bayes_ok[s], bayes_plans[s] = np.zeros(N, bool), np.full((N, HAND_SIZE), -1, np.int64)
            bayes_ok[s][on] = ok.reshape(len(on), len(seats))[:, k]
            bayes_plans[s][on] = pl.reshape(len(on), len(seats), HAND_SIZE)[:, k]
    return bayes_ok, bayes_plans


def play_batch(rules: SamRules, cards: np.ndarray, leader: np.ndarray, strategies, rng=None,
               observer=None) -> BatchResult:
    """Play N games from deals ``cards`` (N, P, 10) with first players ``leader`` (N,)."""
    _check_rules_first(rules, "play_batch(rules, cards, leader, strategies, rng=None)")
    if isinstance(strategies, StrategyBase):
        strategies = [strategies] * rules.players
    return play_from_state(rules, _deal_state(rules, cards, leader, strategies), strategies, rng, observer=observer)


def play_from_state(rules: SamRules, state: SamState, strategies, rng=None, first: np.ndarray | None = None,
                    observer=None) -> BatchResult:
    """Play the games of ``state`` to their end (``state`` is played on in place).

    ``first`` (N,), optional: the first action of every game, a move id or ``PASS``, made by its actor instead of
    its strategy's choice (the expert's candidate moves); it must be legal.  ``observer(kind="action",
    game=, seat=, asked=, choice=)`` (:mod:`cardodds.sim.replay_recorder`), optional, is called at every step with
    the running games, their actors, whether each was asked (every actor but a leader with no legal lead, as the
    reference engine asks) and the choice (a move id or ``PASS``).
    """
    _check_rules_first(rules, "play_from_state(rules, state, strategies, rng=None, first=None)")
    if isinstance(strategies, StrategyBase):
        strategies = [strategies] * rules.players
    games = SamBatch(rules, state, strategies, rng, first)
    games.observer = observer
    while games.step():
        pass
    return games.result()


def _check_rules_first(rules, signature: str) -> None:
    """The rules come first, as in every game's engine (the Sâm engines took them third before)."""
    if not isinstance(rules, SamRules):
        raise TypeError(f"{signature}: the rules come first, not a {type(rules).__name__}")


@dataclass
class _Turn:
    """The rows of one step: the games still on, their actors and what each actor holds, answers and chooses."""

    g: np.ndarray  # games
    a: np.ndarray  # actors
    cur: np.ndarray  # current plays
    rows: np.ndarray  # flat (game, actor) rows
    h: np.ndarray  # actors' hands (thermometer masks)
    n_own: np.ndarray  # their cards left
    is_lead: np.ndarray
    any_sam: bool  # some game plays a Sâm
    has: np.ndarray  # the actor has a legal move
    choice: np.ndarray  # move id or PASS


class SamBatch:
    """The running games of one :func:`play_from_state` call: the state, the tables its steps read, and what the
    result records besides the state (cóng, thối 2, chặt and plays counts, đền).

    Each :meth:`step` is one action of every game still on: the actors choose (:meth:`_choose`), a leader with no
    legal lead passes the lead on, then the passes, the plays (đền, chặt, Sâm progress, a win) and the move to the
    next seat (a round's end pays its chặt chain).  Payments of won games are made once, by :meth:`result`.
    """

    def __init__(self, rules: SamRules, state: SamState, strategies, rng=None, first: np.ndarray | None = None):
        P = self.P = rules.players
        self.st, self.rules, self.rng, self.first = state, rules, rng, first
        self.pay_t = rules.pay
        t = self.t = move_table(rules)
        self.mt = _mask_tables(t)
        self.nf2 = rules.no_finish_on_two
        N = self.N = state.n
        self.kind_ext = np.append(t.kind, -1)  # kind of the current play; LEAD -> -1
        self.chop_ext = _chop_values(t, self.pay_t)  # value of chopping the current play
        self.bn = _beats_nf2(t, self.nf2)
        self._group_players(strategies)
        self.den_won = np.full(N, -1, np.int64)  # đền owed in a won game (set when the winning play is made)
        self.cong = np.zeros((N, P), bool)
        self.thoi_2 = np.zeros((N, P), np.int64)
        self.chops = np.zeros(N, np.int64)
        self.plays = np.zeros(N, np.int64)
        self.den = np.full(N, -1, np.int64)
        self.skips = np.zeros(N, np.int64)
        self.seats = np.arange(P)
        self.min_all = state.ncards.reshape(N, P).min(1)  # fewest cards at the table
        self.next_seat = _next_seat_table(P)
        self.seat_after = (self.seats + 1) % P
        self.fin_g, self.fin_w = [], []  # won games and their winners, paid by ``result``
        self.live = np.flatnonzero(~state.done)
        self.steps = 0
        self.observer = None  # see play_from_state

    def _group_players(self, strategies) -> None:
        """Seats with equal deterministic players are asked together (one pass over the rows instead of one a
        seat); a randomised player stays one per object, so the random numbers are drawn as ever."""
        same = [(0, x) if x.deterministic else (1, id(x)) for x in strategies]
        keys = list(dict.fromkeys(same))
        self.uniq = [strategies[same.index(k)] for k in keys]
        self.strat_of_seat = np.array([keys.index(k) for k in same])
        self.fast = [_fast_player(u, self.t, self.rules) for u in self.uniq]

    # -- one step --------------------------------------------------------------------------------------------------
    def step(self) -> bool:
        """One action of every game still on; False when none is."""
        st = self.st
        g = self.live = self.live[~st.done[self.live]]
        if len(g) == 0:
            return False
        self.steps += 1
        a, cur = st.actor[g], st.current[g]
        rows = g * self.P + a
        turn = _Turn(g, a, cur, rows, st.therm[rows], st.ncards[rows], cur == self.t.LEAD, bool(st.sam_on[g].any()),
                     np.zeros(len(g), bool), np.full(len(g), PASS, np.int64))
        self._choose(turn)
        if self.first is not None and self.steps == 1:  # the given first actions
            f = self.first[g]
            turn.choice[:] = f
            turn.has |= f >= 0
        if self.observer is not None:
            self.observer(kind="action", game=g, seat=a, asked=~turn.is_lead | turn.has, choice=turn.choice)
        self._pass_lead_on(turn)
        pending = st.den_by[g], st.den_to[g], st.den_cap[g]  # only the very next action can owe it
        st.den_by[g] = -1
        passes = self._passes(turn)
        plays = self._plays(turn, pending)
        self._move_on(g[(passes | plays) & ~st.done[g]])
        return True

    # -- the choices -----------------------------------------------------------------------------------------------
    def _choose(self, turn: _Turn) -> None:
        """Every actor's choice: table lookups for deterministic table players, else the general path (so is a
        declarer leading its Sâm: it may follow a plan)."""
        st, g, a, is_lead = self.st, turn.g, turn.a, turn.is_lead
        sa = self.strat_of_seat[a] if len(self.uniq) > 1 else None
        for j, strat in enumerate(self.uniq):
            mine = None if sa is None else sa == j
            fp = self.fast[j]
            if fp is None:
                self._ask_general(turn, np.flatnonzero(is_lead if mine is None else mine & is_lead), True, strat)
                self._ask_general(turn, np.flatnonzero(~is_lead if mine is None else mine & ~is_lead), False, strat)
                continue
            if turn.any_sam:
                dl = is_lead & st.sam_on[g] & (a == st.declarer[g])
                if mine is not None:
                    dl &= mine
                if dl.any():
                    self._ask_general(turn, np.flatnonzero(dl), True, strat)
                    mine = ~dl if mine is None else mine & ~dl
            r = None if mine is None else np.flatnonzero(mine)
            if r is None or len(r):
                self._ask_tables(turn, r, strat, fp)

    def _ask_tables(self, turn: _Turn, r: np.ndarray | None, strat: StrategyBase, fp: _FastPlayer) -> None:
        """The choices of rows ``r`` (None: all) by ``strat``'s tables."""
        st, P, mt = self.st, self.P, self.mt
        if r is None:
            gr, ar, hr, cr, lr, nr = turn.g, turn.a, turn.h, turn.cur, turn.is_lead, turn.n_own
        else:
            gr, ar, hr, cr, lr, nr = turn.g[r], turn.a[r], turn.h[r], turn.cur[r], turn.is_lead[r], turn.n_own[r]
        sit = strat.situation_of(lr, nr, self.min_all[gr], st.ncards[gr * P + self.seat_after[ar]] == 1)
        k = _table_keys(fp, mt, hr, cr, sit, lr, self.nf2)
        idx = sit * (self.t.n + 1) + k
        ch = np.where(lr, fp.inv[idx], fp.inv_pass[idx])  # a lead is never a pass
        if turn.any_sam:  # opponents of a Sâm always beat when they can
            ch = np.where(st.sam_on[gr] & (ar != st.declarer[gr]), fp.inv[idx], ch)
        if r is None:
            turn.has[:] = k > 0
            turn.choice[:] = ch
        else:
            turn.has[r] = k > 0
            turn.choice[r] = ch

    def _ask_general(self, turn: _Turn, r: np.ndarray, lead: bool, strat: StrategyBase) -> None:
        """The general path for rows ``r``: legal moves as arrays, then the strategy's ``choose``."""
        t, st = self.t, self.st
        hand = counts_of_therm(turn.h[r])
        no = turn.n_own[r]
        if lead:
            legal = fast_formable(t, hand) & self.bn[t.LEAD, no]
        else:
            cand, legal = sparse_legal(t, hand, no, turn.cur[r], self.nf2)
        hs = legal.any(1)
        turn.has[r] = hs
        sub = np.flatnonzero(hs)
        if len(sub) == 0:
            return
        r, hand = r[sub], hand[sub]
        gs = turn.g[r]
        pn = None
        if lead and st.sam_on[gs].any():
            pn = st.plans[gs, np.minimum(st.ptr[gs], HAND_SIZE - 1)]
            pn = np.where((turn.a[r] == st.declarer[gs]) & (st.ptr[gs] < HAND_SIZE), pn, -1)
        view = View(hand=hand, n_cards=st.ncards.reshape(self.N, self.P)[gs], actor=turn.a[r], current=turn.cur[r],
                    sam_on=st.sam_on[gs], declarer=st.declarer[gs], table=t, rules=self.rules, plan_next=pn,
                    public=public_of(st, gs, self.P) if strat.needs_public else None)
        if strat.needs_cards:
            view.hand_cards, view.played_cards = seen_cards(st, gs, turn.a[r], self.P)
        if lead:
            turn.choice[r] = strat.choose(view, legal[sub], np.zeros(len(r), bool), self.rng)
        else:
            turn.choice[r] = strat.choose_sparse(view, cand[sub], legal[sub], np.ones(len(r), bool), self.rng)

    # -- the actions -----------------------------------------------------------------------------------------------
    def _pass_lead_on(self, turn: _Turn) -> None:
        """A leader with no legal lead passes the lead on (a stuck declarer has failed the Sâm); when every seat
        has in a row, the game is void."""
        st, P = self.st, self.P
        stuck = turn.is_lead & ~turn.has
        if not stuck.any():
            return
        gs = turn.g[stuck]
        fail = st.sam_on[gs] & (st.actor[gs] == st.declarer[gs])
        if self.rules.play_on_after_failed_sam:
            st.sam_on[gs[fail]] = False
            st.sam_failed[gs[fail]] = True
        elif fail.any():
            self._sam_fail_end(gs[fail])
            gs = gs[~fail]
        st.actor[gs] = (st.actor[gs] + 1) % P
        self.skips[gs] += 1
        v = gs[self.skips[gs] >= P]
        st.outcome[v], st.done[v] = VOID, True

    def _passes(self, turn: _Turn) -> np.ndarray:
        """The answers that pass: their seats are out of the round.  Returns which rows passed."""
        ps = ~turn.is_lead & (turn.choice == PASS)
        ip = np.flatnonzero(ps)
        self.st.passed[turn.g[ip]] |= 1 << turn.a[ip]
        if self.rules.den_bai and self.rules.den_on_pass and len(ip):
            self._den_on_pass(turn, ip)
        return ps

    def _den_on_pass(self, turn: _Turn, ip: np.ndarray) -> None:
        """``den_on_pass``: a pass (rows ``ip``) on a single by the seat before a báo-1 player, who could beat it with
        its highest card, leaves a đền pending on the next action (``reference.SamGame._den_on_pass``)."""
        st, t = self.st, self.t
        g, a, cur = turn.g[ip], turn.a[ip], turn.cur[ip]
        nxt = self.seat_after[a]
        high = self.mt.high[turn.h[ip] & LANE]
        single = self.kind_ext[cur] == SINGLE
        ok = single & (st.ncards[g * self.P + nxt] == 1) & (high > t.top[np.where(single, cur, 0)])
        ok &= (st.passed[g] >> nxt & 1) == 0  # the báo-1 player is still in the round
        if self.nf2:  # a last card that is a 2 may not be played
            ok &= (high != TWO) | (turn.n_own[ip] != 1)
        st.den_by[g[ok]], st.den_to[g[ok]], st.den_cap[g[ok]] = a[ok], nxt[ok], high[ok]

    def _plays(self, turn: _Turn, pending) -> np.ndarray:
        """The plays: đền, chặt, the cards leave the hands, the Sâm goes on or fails, an empty hand wins.  Returns
        which rows played."""
        st, t = self.st, self.t
        pl = turn.choice >= 0
        ip = np.flatnonzero(pl)
        gm, m, s = turn.g[ip], turn.choice[ip], turn.a[ip]
        if len(gm) == 0:
            return pl
        if self.rules.den_bai and (self.min_all[gm] == 1).any():
            # (min_all is still before this play: the next seat's cards are in it)
            self._den(gm, m, s, turn.h[ip], [p[ip] for p in pending])
        cm = st.current[gm]
        ck = self.kind_ext[cm]
        chop = (t.kind[m] == QUAD) & ((ck == QUAD) | (ck == SINGLE) | (ck == PAIR))
        left = self._take(turn.rows[ip], turn.h[ip], turn.n_own[ip], gm, m)
        if chop.any():
            gc = gm[chop]
            self.chops[gc] += 1
            st.chain_len[gc] += 1
            st.chain_total[gc] += self.chop_ext[cm[chop]]
            st.chain_chopper[gc] = s[chop]
            st.chain_chopped[gc] = st.last[gc]
        go = self._ends(gm, s, left == 0, turn.any_sam)
        gm, m, s = gm[go], m[go], s[go]
        st.current[gm], st.last[gm] = m, s
        self.skips[gm] = 0
        return pl

    def _den(self, gm, m, s, hm, pending) -> None:
        """đền: a play that wins a pending đền records it (paid only if the play wins); a single under báo 1 lower
        than the player's highest card leaves one pending on the next action."""
        st, t = self.st, self.t
        pend_by, pend_to, pend_cap = pending
        owed = (pend_by >= 0) & (pend_to == s) & (t.top[m] <= pend_cap)
        self.den_won[gm[owed]] = pend_by[owed]  # used only if this play wins
        nxt = self.seat_after[s]
        cand = np.flatnonzero((t.kind[m] == SINGLE) & (st.ncards[gm * self.P + nxt] == 1))
        high = self.mt.high[hm[cand] & LANE]
        viol = t.top[m[cand]] < high
        gv = gm[cand[viol]]
        st.den_by[gv], st.den_to[gv], st.den_cap[gv] = s[cand[viol]], nxt[cand[viol]], high[viol]

    def _take(self, rm, hm, n_own, gm, m) -> np.ndarray:
        """Moves ``m`` leave the hands of rows ``rm``; returns the cards left."""
        st, mt = self.st, self.mt
        s4 = mt.s4[m]
        st.therm[rm] = (hm & ~s4) | ((hm >> mt.shm[m]) & s4)
        left = n_own - self.t.length[m]
        st.ncards[rm] = left
        self.min_all[gm] = np.minimum(self.min_all[gm], left)
        st.played[rm] = True
        self.plays[gm] += 1
        return left

    def _ends(self, gm, s, empty, any_sam: bool) -> np.ndarray:
        """The Sâm goes on (the declarer played) or fails (an opponent beat it); an empty hand wins.  Returns which
        games go on."""
        st = self.st
        go = ~empty
        if any_sam:
            sam_g = st.sam_on[gm]
            by_decl = sam_g & (s == st.declarer[gm])
            st.ptr[gm[by_decl]] += 1
            beaten = sam_g & ~by_decl
            if self.rules.play_on_after_failed_sam:
                st.sam_on[gm[beaten]] = False
                st.sam_failed[gm[beaten]] = True
            else:
                self._sam_fail_end(gm[beaten])
                empty = empty & ~beaten
                go = ~beaten & ~empty
        self._finish(gm[empty], s[empty])
        return go

    def _move_on(self, adv: np.ndarray) -> None:
        """Games ``adv`` go to the next seat not out of the round; back at the last player, the round ends (its
        chặt chain is paid, the last player leads)."""
        st, P = self.st, self.P
        la = st.last[adv]
        q = self.next_seat[((st.actor[adv] << P) + st.passed[adv]) * P + la]
        over = q == la
        st.actor[adv] = q
        ro = adv[over]
        self._settle_chain(ro)
        st.current[ro] = self.t.LEAD
        st.passed[ro] = 0
        self.skips[ro] = 0

    # -- payments --------------------------------------------------------------------------------------------------
    def _sam_fail_end(self, g) -> None:
        """A failed Sâm ends games ``g``: the declarer pays every opponent."""
        st = self.st
        self._pay_sam_fail(g)
        st.outcome[g], st.done[g] = SAM_FAIL, True

    def _pay_sam_fail(self, g) -> None:
        pay = self.st.pay
        pay[g] += self.pay_t.sam_fail
        pay[g, self.st.declarer[g]] -= self.pay_t.sam_fail * self.P

    def _settle_chain(self, g) -> None:
        """The chặt chains of games ``g`` are paid: the last one chopped pays the last chopper the chain's value."""
        st = self.st
        g = g[st.chain_len[g] > 0]
        if len(g) == 0:
            return
        st.pay[g, st.chain_chopped[g]] -= st.chain_total[g]
        st.pay[g, st.chain_chopper[g]] += st.chain_total[g]
        st.chain_total[g] = st.chain_len[g] = 0

    def _finish(self, g, w) -> None:
        """Games ``g`` are won by ``w``: marked; their payments are made by ``result`` (a finished game's state no
        longer changes, and payments are sums)."""
        self.st.winner[g] = w
        self.st.done[g] = True
        self.fin_g.append(g)
        self.fin_w.append(w)

    def _settle_won(self, g, w) -> None:
        """Payments of the won games ``g`` (winners ``w``): a successful Sâm, or the losers' cards (or đền)."""
        st, pay_t, P = self.st, self.pay_t, self.P
        s_ok = st.sam_on[g]
        if s_ok.any():
            gs, ws = g[s_ok], w[s_ok]
            st.outcome[gs] = SAM_SUCCESS
            st.pay[gs] -= pay_t.sam
            st.pay[gs, ws] += pay_t.sam * P
            g, w = g[~s_ok], w[~s_ok]
        self._settle_chain(g)
        owed = self._owed(g, w)
        v = self.den_won[g]
        has_den = v >= 0
        self.den[g[has_den]] = v[has_den]
        total = owed.sum(1)
        st.pay[g[~has_den]] -= owed[~has_den]
        st.pay[g[has_den], v[has_den]] -= total[has_den]
        st.pay[g, w] += total
        self._pay_sam_fail(g[st.sam_failed[g]])

    def _owed(self, g, w) -> np.ndarray:
        """(n, P) what each loser of won games ``g`` owes: cóng, or its cards, 2s (thối 2) and tứ quý
        (``thoi_hang``); records cóng and thối 2."""
        st, pay_t, seats = self.st, self.pay_t, self.seats
        fr = (g * self.P)[:, None] + seats[None, :]
        n2 = np.bitwise_count(st.therm[fr] & (TWO_BIT * LANES4)).astype(np.int64)
        loser = seats[None, :] != w[:, None]
        is_cong = loser & ~st.played[fr]
        left = pay_t.card * (st.ncards[fr] - n2) + pay_t.two * n2
        if self.rules.thoi_hang:  # a tứ quý other than of 2s: the top bit of its rank's lane
            left += np.bitwise_count(st.therm[fr] & QUAD_BITS).astype(np.int64) * pay_t.heo_hang_quad
        self.cong[g] = is_cong
        self.thoi_2[g] = np.where(loser & ~is_cong, n2, 0)
        return np.where(is_cong, pay_t.cong, left) * loser

    def result(self) -> BatchResult:
        """The outcomes, once every game has ended: the won games are paid."""
        st = self.st
        if self.fin_g:
            self._settle_won(np.concatenate(self.fin_g), np.concatenate(self.fin_w))
        v = np.flatnonzero((st.outcome == VOID) & st.sam_failed)  # the penalty of a Sâm beaten earlier stands
        self._pay_sam_fail(v)
        assert np.all(st.pay.sum(1) == 0)
        return BatchResult(st.outcome, st.winner, st.pay, st.kinds, st.declarer, st.outcome == SAM_SUCCESS,
                           self.cong, self.thoi_2, self.chops, self.plays, self.den, self.steps)
