"""The players' decisions in compiled code, each the same function of the same view as its ``*_batch`` form in
``cardodds.sim.chan.strategies``.

Every compiled player is one parameterised form of the cước-seeker: ``basic`` is it with ``wait_first`` off,
``max_ca`` 4, chíu on and ``keep_red`` off; ``heuristic`` weighs every wait by 1 (``VALUED`` off).  A seat's player
is a row of integer knobs (``KNOBS`` names the columns, booleans as 0 / 1) and its real ``w_wide``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from cardodds.sim.chan.arrays import ACT_CA, ACT_CHAN, ACT_CHIU, ACT_NONE
from cardodds.sim.chan.kernel.holding import (CC, IS_RED, LEO3, NUMS, OTHER, POP3, TOM3, K, holding_base, odd_of,
                                             wait_after)

KNOBS = ("wait_first", "max_ca", "chiu", "valued", "keep_red", "bach_thu", "bach_thu_chi", "tam_do", "bach_dinh",
         "leo", "tom", "thien_khai")
"""The columns of a seat's knob row (``valued``: weigh waits by points, the cước-seeker's ``_win_values_batch``)."""
(WAIT_FIRST, MAX_CA, CHIU, VALUED, KEEP_RED, W_BACH_THU, W_BACH_THU_CHI, W_TAM_DO, W_BACH_DINH, W_LEO, W_TOM,
 W_THIEN_KHAI) = range(len(KNOBS))
RANK_OF_ODD = np.array([3, 0, 2, 1], dtype=np.int64)
FAR = 1 << 30


@njit(cache=True, inline="always", _nrt=False)
def chiu(kn, seat):
    """Take a legal chíu chance out of turn?"""
    return kn[seat, CHIU] != 0


@njit(cache=True, _nrt=False)
def act(kn, seat, hand, mat_ca, card, can_chiu, can_chan, can_ca0, can_ca1):
    """``strategies._act_batch``: an ``ACT_*`` code."""
    if can_chiu and kn[seat, CHIU]:
        return ACT_CHIU
    if can_chan:
        return ACT_CHAN
    pick = -1
    if can_ca0 or can_ca1:
        ca_now = 0
        for n in range(8):
            ca_now += odd_of(hand, n) == 2
        for j in (1, 0):
            if not (can_ca1 if j == 1 else can_ca0):
                continue
            y = OTHER[card, j]
            old = odd_of(hand, min(NUMS[y], 7))
            new = old - 1 if hand[y] % 2 == 1 else old + 1
            ca_after = ca_now - (old == 2) + (new == 2)
            if mat_ca + 1 + ca_after <= kn[seat, MAX_CA]:
                pick = j
    return ACT_CA + pick if pick >= 0 else ACT_NONE


@njit(cache=True, inline="always", _nrt=False)
def _shed_key(kn, seat, hand, seen, red_high, odd, k):
    """``strategies._shed_keys_batch`` (with the cước-seeker's ``keep_red`` term) of kind ``k``; ``odd`` is the set
    of kinds held an odd number of times."""
    if hand[k] % 2 == 0:
        rank = 3
    elif k == CC:
        rank = 0
    else:
        rank = RANK_OF_ODD[POP3[(odd >> (3 * NUMS[k])) & 7]]
    key = rank * 1000 + (10 - seen[k]) * 30 + k
    if kn[seat, KEEP_RED] and (IS_RED[k] != 0) != red_high:
        key += 500
    return key


@njit(cache=True, _nrt=False)
def _win_values(kn, seat, after, mat, mat_chan, red, value):
    """``CuocSeeker._win_values_batch`` of one waiting holding ``after`` into ``value`` (25,)."""
    chan = mat_chan
    ba = False
    for k in range(K):
        chan += after[k] >> 1
    for n in range(8):
        if odd_of(after, n) == 3:
            ba = True
    bach = chan == 5 and not ba
    tk = 0
    for k in range(K):
        tk += after[k] == 4
    for k in range(K):
        bt = 0
        if bach:
            bt = kn[seat, W_BACH_THU_CHI] if k == CC else kn[seat, W_BACH_THU]
        rk = red + IS_RED[k]
        value[k] = 1 + bt + kn[seat, W_TAM_DO] * (rk == 8) + kn[seat, W_BACH_DINH] * (rk == 0) \
            + kn[seat, W_THIEN_KHAI] * tk
    for t in range(2):
        sets = LEO3 if t == 0 else TOM3
        w = kn[seat, W_LEO] if t == 0 else kn[seat, W_TOM]
        b0, b1, b2 = after[sets[0]] + mat[sets[0]], after[sets[1]] + mat[sets[1]], after[sets[2]] + mat[sets[2]]
        base = min(b0, min(b1, b2))
        for k in range(K):
            count = base
            if k == sets[0]:
                count = min(b0 + 1, min(b1, b2))
            elif k == sets[1]:
                count = min(b1 + 1, min(b2, b0))
            elif k == sets[2]:
                count = min(b2 + 1, min(b0, b1))
            value[k] += w * count


@njit(cache=True, _nrt=False)
def discard(kn, ww, seat, hand, mat, mat_chan, seen, legal, after, value, keys, odd):
    """``Heuristic.discard_batch`` (``basic``'s with ``wait_first`` off): the kind to discard among ``legal``.

    ``after``, ``value``, ``keys`` (25,) and ``odd`` (8,) are scratch arrays."""
    red0, oddk = 0, 0
    for k in range(K):
        if IS_RED[k]:
            red0 += hand[k] + mat[k]
        oddk |= (hand[k] & 1) << k
    red_high = red0 > 8
    choice, best = 0, FAR
    for k in range(K):
        if (legal >> k) & 1:
            key = _shed_key(kn, seat, hand, seen, red_high, oddk, k)
            keys[k] = key
            if key < best:
                choice, best = k, key
    if not kn[seat, WAIT_FIRST]:
        return choice
    best_outs, best_key = 0.0, FAR
    chan0, free0 = holding_base(hand, mat, odd)
    if chan0 + mat_chan < 5:  # every wait needs five chắn: no discard leaves a waiting hand
        return choice
    for x in range(K):
        if not (legal >> x) & 1:
            continue
        wm = wait_after(hand, mat_chan, x, odd, chan0, free0)
        if wm == 0:  # no outs: never better than the best so far
            continue
        live, nk = 0.0, 0
        for k in range(K):
            if (wm >> k) & 1:
                live += 4 - seen[k]
                nk += 1
        weighted = live
        if kn[seat, VALUED]:
            for k in range(K):  # a copy by hand: a slice copy would need numba's runtime
                after[k] = hand[k] - (k == x)
            _win_values(kn, seat, after, mat, mat_chan, red0 - IS_RED[x], value)
            weighted = 0.0
            for k in range(K):
                if (wm >> k) & 1:
                    weighted += (4 - seen[k]) * value[k]
        outs = weighted + ww[seat] * nk if live > 0 else 0.0
        kx = keys[x]
        if outs > best_outs or (outs == best_outs and outs > 0 and kx < best_key):
            best_outs, best_key, choice = outs, kx, x
    return choice
