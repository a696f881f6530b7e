"""One Chắn holding in compiled code: kind counts ``(25,)`` int64 and 25-bit kind sets as int64, the single-row forms
of ``cardodds.sim.chan.arrays`` (``hand_shape``, ``wait_masks``, ``other_suits``) and of ``cardodds.sim.chan.batch``
(``win_types``, ``thien_u_types``, ``score``), each computing what its numpy form computes for one row."""

from __future__ import annotations

import numpy as np
from numba import njit

from cardodds.sim.chan.arrays import HI1, HI2, LOW, LOW2, NUM, OTHER_Y
from cardodds.sim.chan.batch import BAT_VAN, BACH_THU, BACH_THU_CHI, CI, HOW_CHIU_U, HOW_THIEN_U, NGU_SACH, NGU_VAN
from cardodds.sim.chan.batch import NHI_VAN, NONE, TU_VAN, U_RONG
from cardodds.sim.chan.cards import CHI_CHI, LEO_KINDS, RED_KINDS, TOM_KINDS

K = 25
CC = CHI_CHI
NUMS = NUM.astype(np.int64)
OTHER = OTHER_Y.astype(np.int64)
IS_RED = np.zeros(K, dtype=np.int64)
IS_RED[list(RED_KINDS)] = 1
LEO3 = np.array(LEO_KINDS, dtype=np.int64)
TOM3 = np.array(TOM_KINDS, dtype=np.int64)
NUMBIT = np.array([1 << int(n) if n < 8 else 0 for n in NUM], dtype=np.int64)
POP3 = np.array([bin(m).count("1") for m in range(8)], dtype=np.int64)
LOW3 = np.array([(m & -m).bit_length() - 1 if m else 0 for m in range(8)], dtype=np.int64)
"""Set bits and the lowest set bit of a number's 3-bit kind set."""
_LOW, _LOW2, _HI1, _HI2 = int(LOW), int(LOW2), int(HI1), int(HI2)
N_CUOC = len(CI)
(C_XUONG, C_CHI, C_THIEN_U, C_DIA_U, C_CO_CHIU, C_CHIU_U, C_CO_BON, C_U_BON, C_THIEN_KHAI, C_BACH_THU, C_BACH_THU_CHI,
 C_THAP_THANH, C_BACH_DINH, C_TAM_DO, C_KINH_TU_CHI, C_LEO, C_TOM, C_HOA, C_NHA, C_CA_LOI, C_NGU_ONG, C_GA) = (
    CI[k] for k in ("xuong", "chi", "thien_u", "dia_u", "co_chiu", "chiu_u", "co_bon", "u_bon", "thien_khai",
                    "bach_thu", "bach_thu_chi", "thap_thanh", "bach_dinh", "tam_do", "kinh_tu_chi", "leo", "tom",
                    "hoa_roi_cua_phat", "nha_lau_xe_hoi", "ca_loi_san_dinh", "ngu_ong_bat_ca", "ga"))


@njit(cache=True, inline="always", _nrt=False)
def popcount(x):
    """Set bits of a non-negative int64 (Kernighan's loop: kind sets have at most 25)."""
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


@njit(cache=True, inline="always", _nrt=False)
def held_bits(hand):
    """The kinds held at least once, as a set."""
    b = 0
    for k in range(K):
        if hand[k] > 0:
            b |= 1 << k
    return b


@njit(cache=True, inline="always", _nrt=False)
def other_suits(bits):
    """``arrays.other_suits``: the kinds with another kind of their number in the set."""
    r1 = ((bits << 1) & _HI2) | ((bits >> 2) & _LOW)
    r2 = ((bits << 2) & _HI1) | ((bits >> 1) & _LOW2)
    return r1 | r2


@njit(cache=True, inline="always", _nrt=False)
def num_kinds(nums):
    """``arrays.NUM_KINDS[nums & 0xFF]``: the kinds of a set of numbers."""
    out = 0
    for n in range(8):
        if (nums >> n) & 1:
            out |= 7 << (3 * n)
    return out


@njit(cache=True, inline="always", _nrt=False)
def odd_of(hand, n):
    """How many of number ``n``'s three kinds the hand holds an odd number of times."""
    return (hand[3 * n] & 1) + (hand[3 * n + 1] & 1) + (hand[3 * n + 2] & 1)


@njit(cache=True, inline="always", _nrt=False)
def shape(hand):
    """``arrays.hand_shape`` without the oddness: chắn, cạ, ba đầu, què."""
    chan, ca, ba, que = 0, 0, 0, hand[CC] & 1
    for k in range(K):
        chan += hand[k] >> 1
    for n in range(8):
        o = odd_of(hand, n)
        if o == 2:
            ca += 1
        elif o == 3:
            ba += 1
        elif o == 1:
            que += 1
    return chan, ca, ba, que


@njit(cache=True, _nrt=False)
def wait_mask(hand, mat, mat_chan):
    """``arrays.wait_masks`` of one 19-card holding: the set of kinds that complete it (one pass over the kinds, then
    the numbers' oddness from the set of kinds held oddly)."""
    free, odd, chan = 0, 0, mat_chan
    for k in range(K):
        h = hand[k]
        if h + mat[k] < 4:
            free |= 1 << k
        chan += h >> 1
        odd |= (h & 1) << k
    cc = ((odd >> CC) & 1) == 1
    ba, que, ba_num, qn = 0, int(cc), -1, -1
    for n in range(8):
        ba, que, ba_num, qn = _tally(POP3[(odd >> (3 * n)) & 7], n, ba, que, ba_num, qn)
    q = -1
    if ba == 0 and que == 1:
        q = CC if cc else 3 * qn + LOW3[(odd >> (3 * qn)) & 7]
    return _waits(ba, que, ba_num, qn, q, cc, chan, free)


@njit(cache=True, inline="always", _nrt=False)
def _tally(o, n, ba, que, ba_num, qn):
    """Number ``n``'s ``o`` kinds held oddly, counted into the holding's ba đầu and què (and the first number of
    each): the new ``(ba, que, ba_num, qn)``."""
    if o == 3:
        ba += 1
        if ba_num < 0:
            ba_num = n
    elif o == 1:
        que += 1
        if qn < 0:
            qn = n
    return ba, que, ba_num, qn


@njit(cache=True, inline="always", _nrt=False)
def _waits(ba, que, ba_num, qn, q, cc, chan, free):
    """The kinds that complete a 19-card holding of ``ba`` ba đầu, ``que`` què (``q`` the lone odd kind, ``cc``
    whether it is the chi chi), ``chan`` chắn, ``free`` the kinds not all four held: with a ba đầu and no què any
    card of its number, with one què and no ba đầu the què's own card (from 5 chắn, or 6 when not the chi chi) and
    from 6 chắn any card of its number."""
    out = 0
    if ba == 1 and que == 0 and chan >= 5:
        out = free & (7 << (3 * ba_num))
    if ba == 0 and que == 1:
        if chan == 5 or (chan >= 6 and not cc):
            out |= free & (1 << q)
        if chan >= 6 and not cc:
            out |= free & (7 << (3 * qn))
    return out


@njit(cache=True, _nrt=False)
def win_type(hand, mat_chan, mat_ca, held, card):
    """``batch.win_types`` of one holding on ``card`` (``held``: copies of it in hand and mat)."""
    chan, ca, ba, que = shape(hand)
    chan += mat_chan
    ca += mat_ca
    is_cc = card == CC
    odd_card_num = 0 if is_cc else odd_of(hand, min(NUMS[card], 7))
    odd_card = hand[card] & 1
    out = NONE
    if held >= 4:
        return out
    if ba == 1 and que == 0 and not is_cc and odd_card_num == 3 and chan + 1 >= 6:
        out = U_RONG
    if ba == 0 and que == 1:
        cc_que = (hand[CC] & 1) == 1
        pairs_que = cc_que if is_cc else (not cc_que and odd_card_num == 1 and odd_card == 1)
        if pairs_que and chan == 5 and ca == 4:
            out = BACH_THU_CHI if is_cc else BACH_THU
        if pairs_que and not is_cc and chan >= 6:
            out = U_RONG
        if not cc_que and not is_cc and odd_card_num == 1 and odd_card == 0 and chan >= 6:
            out = U_RONG
    return out


@njit(cache=True, _nrt=False)
def thien_u_type(hand):
    """``batch.thien_u_types`` of the cái's 20 dealt cards."""
    chan, _, ba, que = shape(hand)
    if ba == 0 and que == 0 and chan >= 6:
        return BACH_THU if chan == 6 else U_RONG
    return NONE


@njit(cache=True, inline="always", _nrt=False)
def _all(hand, mat, card, k):
    """Copies of ``k`` in the winning cards: the hand, the winning ``card`` (-1: none) and the mat."""
    return hand[k] + (k == card) + mat[k]


@njit(cache=True, _nrt=False)
def score(hand, mat, mat_chan, card, how, chi, dia_u, chiu_count, bon_count, u_bon, wtype, hoa_needs, ga, weights, c):
    """``batch.score`` of one win: the cước counts into ``c`` (23,), returns the points."""
    red, chans, tk = 0, 0, 0
    for k in range(K):
        if IS_RED[k]:
            red += _all(hand, mat, card, k)
        chans += (hand[k] + (k == card)) >> 1
        tk += hand[k] == 4
    c[:] = 0
    thien = how == HOW_THIEN_U
    c[C_THIEN_U] = thien
    c[C_CHI] = chi and not thien
    c[C_DIA_U] = dia_u and not thien
    c[C_CO_CHIU] = chiu_count
    c[C_CHIU_U] = how == HOW_CHIU_U
    c[C_CO_BON] = bon_count
    c[C_U_BON] = u_bon
    c[C_THIEN_KHAI] = tk
    c[C_BACH_THU_CHI] = wtype == BACH_THU_CHI
    c[C_BACH_THU] = wtype == BACH_THU
    c[C_THAP_THANH] = mat_chan + chans == 10
    c[C_BACH_DINH] = red == 0
    c[C_TAM_DO] = red == 8
    c[C_KINH_TU_CHI] = red == 4 and _all(hand, mat, card, CC) == 4
    c[C_LEO] = min(_all(hand, mat, card, LEO3[0]), min(_all(hand, mat, card, LEO3[1]), _all(hand, mat, card, LEO3[2])))
    c[C_TOM] = min(_all(hand, mat, card, TOM3[0]), min(_all(hand, mat, card, TOM3[1]), _all(hand, mat, card, TOM3[2])))
    chi_bt = chi and not thien and (wtype == BACH_THU or wtype == BACH_THU_CHI)
    bt = chi_bt and wtype == BACH_THU
    mat_nv = mat[NGU_VAN] >= (2 if hoa_needs else 1)
    nha = bt and card == NHI_VAN and hand[NGU_VAN] >= 2 and hand[TU_VAN] >= 2
    c[C_NHA] = nha
    c[C_HOA] = bt and card == NHI_VAN and not nha and mat_nv
    c[C_CA_LOI] = bt and card == BAT_VAN and mat_nv
    c[C_NGU_ONG] = bt and card == BAT_VAN and hand[CC] >= 2 and hand[NGU_SACH] >= 2
    if c[C_HOA] or c[C_NHA] or c[C_CA_LOI] or c[C_NGU_ONG]:
        c[C_CHI] = 0
        c[C_BACH_THU] = 0
    if ga:
        c[C_GA] = ((c[C_BACH_DINH] > 0) + (c[C_TAM_DO] > 0) + (c[C_KINH_TU_CHI] > 0) + (c[C_THAP_THANH] > 0)
                   + chi_bt)
    any_c = False
    for i in range(N_CUOC):
        if c[i] > 0:
            any_c = True
    c[C_XUONG] = not any_c
    pts = 0
    for i in range(N_CUOC):
        pts += c[i] * weights[i]
    return pts


@njit(cache=True, _nrt=False)
def holding_base(hand, mat, odd):
    """What :func:`wait_after` reuses for every discard from ``hand``: the oddness per number into ``odd`` (8,),
    and (chắn in hand, the kinds not all four held in hand and mat)."""
    chan, free = 0, 0
    for k in range(K):
        chan += hand[k] >> 1
        if hand[k] + mat[k] < 4:
            free |= 1 << k
    for n in range(8):
        odd[n] = odd_of(hand, n)
    return chan, free


@njit(cache=True, _nrt=False)
def wait_after(hand, mat_chan, x, odd, chan0, free0):
    """:func:`wait_mask` of ``hand`` less one ``x`` (held), from :func:`holding_base`'s ``odd``, ``chan0``, ``free0``
    of ``hand`` and its mat: the same set, without recounting the holding."""
    hx = hand[x]
    chan = chan0 - (hx >> 1) + ((hx - 1) >> 1) + mat_chan
    free = free0 | (1 << x)  # hand + mat of x drops below 4
    nx = NUMS[x] if x != CC else 8
    dx = -1 if hx & 1 else 1
    cc = ((hand[CC] & 1) ^ (1 if x == CC else 0)) == 1
    ba, que, ba_num, qn = 0, int(cc), -1, -1
    for n in range(8):
        ba, que, ba_num, qn = _tally(odd[n] + dx if n == nx else odd[n], n, ba, que, ba_num, qn)
    q = -1
    if ba == 0 and que == 1:
        q = CC if cc else 3 * qn
        for j in range(0 if cc else 3):
            k = 3 * qn + j
            if (hand[k] - (1 if k == x else 0)) & 1:
                q = k
                break
    return _waits(ba, que, ba_num, qn, q, cc, chan, free)


@njit(cache=True)  # allocates its scratch rows
def wait_mask_rows(hand, mat, mat_chan, out):
    """:func:`wait_mask` of each row (``arrays.wait_masks``): ``hand``, ``mat`` ``(M, 25)`` and ``mat_chan``
    ``(M,)`` of any integer type, the sets into ``out`` ``(M,)``."""
    h = np.empty(K, dtype=np.int64)
    m = np.empty(K, dtype=np.int64)
    for i in range(hand.shape[0]):
        for k in range(K):
            h[k] = hand[i, k]
            m[k] = mat[i, k]
        out[i] = wait_mask(h, m, np.int64(mat_chan[i]))
