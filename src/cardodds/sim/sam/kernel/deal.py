"""The state of fresh Sâm deals in compiled code, as ``cardodds.sim.sam.batch._deal_state`` makes it: rank counts and
thermometer masks of the hands, tới trắng (kinds, the winner, its payments) and the Sâm declarations of seats that
``never`` declare or declare at a ``threshold`` (``sam_score``); ``compiled`` leaves deals with an ``oracle`` or
``bayes`` seat to the numpy code.

The rules come as the vector ``dv`` (slots ``D_*``), the 10-card straights of sảnh rồng as rank bit masks
``windows``, each seat's declare rule as ``decl_kind`` (``NEVER``, ``THRESHOLD``) and ``thresholds``.
"""

from __future__ import annotations

from numba import njit

D_P, D_BY_KIND, D_QUAD_TRIPLE, D_QUAD_PAIRS, D_HEO_QUADS, D_TOI_TRANG, D_HEO_TWO, D_HEO_QUAD, D_LEAD = range(9)
N_DV = 9
NEVER, THRESHOLD = 0, 1
TOI_TRANG = 1  # batch.TOI_TRANG
N_RANKS, TWO, HAND_SIZE = 13, 12, 10
ALL13 = (1 << N_RANKS) - 1


@njit(cache=True, inline="always", _nrt=False)
def _toi_trang_kind(ones, zeros, windows, twos, red, triples, pairs):
    """The hand's tới trắng kind (index in ``TOI_TRANG_KINDS``, the highest first), -1 for none: a sảnh rồng (the
    rank bits ``ones`` one of the ``windows`` with every other rank missing), four 2s, all one colour, three
    triples, five pairs."""
    for wm in windows:
        if ones == wm and zeros == ALL13 - wm:
            return 0
    if twos == 4:
        return 1
    if red == HAND_SIZE or red == 0:
        return 2
    if triples >= 3:
        return 3
    if pairs >= 5:
        return 4
    return -1


@njit(cache=True, inline="always", _nrt=False)
def _pay_toi_trang(g, w, P, cnt, dv, pay):
    """Seat ``w``'s tới trắng: every other seat pays it the tới trắng and its heo hàng (its 2s, and its tứ quý when
    the rules say so)."""
    total = 0
    for s in range(P):
        if s == w:
            continue
        heo = cnt[s, TWO] * dv[D_HEO_TWO]
        if dv[D_HEO_QUADS]:
            for r in range(TWO):
                if cnt[s, r] == 4:
                    heo += dv[D_HEO_QUAD]
        pay[g, s] -= dv[D_TOI_TRANG] + heo
        total += dv[D_TOI_TRANG] + heo
    pay[g, w] += total


@njit(cache=True, _nrt=False)
def deal_states(cards, leader, dv, windows, decl_kind, thresholds, therm, kinds, dealt, pay, outcome, winner, done,
                declarer, cnt, red):
    """Fill the per-game arrays of ``batch.SamState`` for deals ``cards`` (N, P, 10) (``cnt`` (P, 13) and ``red``
    (P,) are scratch)."""
    N, P = cards.shape[0], cards.shape[1]
    for g in range(N):
        for s in range(P):
            red[s] = 0
            for r in range(N_RANKS):
                cnt[s, r] = 0
            for j in range(cards.shape[2]):
                c = cards[g, s, j]
                cnt[s, c // 4] += 1
                red[s] += 1 if c % 4 >= 2 else 0
        for r in range(N_RANKS):
            dealt[g, r] = 0
        best_key, w = 10**6, -1
        for s in range(P):
            h = 0
            ones, zeros, triples, pairs = 0, 0, 0, 0
            for r in range(N_RANKS):
                c = cnt[s, r]
                dealt[g, r] += c
                for lane in range(min(c, 4)):
                    h |= 1 << (16 * lane + r)
                if c == 1:
                    ones |= 1 << r
                elif c == 0:
                    zeros |= 1 << r
                if c == 3 or (c == 4 and dv[D_QUAD_TRIPLE]):
                    triples += 1
                if c == 2:
                    pairs += 1
                elif c == 4 and dv[D_QUAD_PAIRS]:
                    pairs += 2
            therm[g, s] = h
            kind = _toi_trang_kind(ones, zeros, windows, cnt[s, TWO], red[s], triples, pairs)
            kinds[g, s] = kind
            if kind >= 0:
                rel = s - leader[g] if s >= leader[g] else s - leader[g] + P
                key = rel + (kind * P if dv[D_BY_KIND] else 0)
                if key < best_key:
                    best_key, w = key, s
        declarer[g] = -1
        if w >= 0:  # a tới trắng wins at once: every other seat pays it and its heo hàng
            _pay_toi_trang(g, w, P, cnt, dv, pay)
            outcome[g], winner[g], done[g] = TOI_TRANG, w, True
            continue
        for i in range(P):  # in turn order from the first player, the first who wants it declares
            s = leader[g] + i
            s = s - P if s >= P else s
            if decl_kind[s] == THRESHOLD:
                n, tot = 0, 0
                for r in range(N_RANKS):
                    n += cnt[s, r]
                    tot += cnt[s, r] * r
                if tot / (12.0 * max(n, 1)) >= thresholds[s]:  # strategies.sam_score
                    declarer[g] = s
                    break
