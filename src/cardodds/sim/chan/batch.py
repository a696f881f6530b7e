"""The vectorised Chắn engine: N whole games in arrays, played in lock step (``basic`` / ``heuristic`` / ``cuoc``).

Every game's state lives in arrays with a leading game axis (hands and mats as ``(N, 4, 25)`` count arrays, the foul
history as boolean kind / number masks, the card in play and whose decision it is as ``(N,)`` vectors).  Each pass of
the main loop takes every unfinished game one decision further — Thiên ù or the first discard, the ù / chíu windows
of a card that just appeared, the player's ăn / chíu / bốc / dưới / hòa, a discard, a trả cửa — with array operations
on the games at that point (no Python loop over games).  Legal moves are boolean masks built from the same fouls as
:mod:`cardodds.sim.chan.fouls`, and the moves chosen are exactly those of :class:`cardodds.sim.chan.strategies.Basic`,
:class:`~cardodds.sim.chan.strategies.Heuristic` and :class:`~cardodds.sim.chan.strategies.CuocSeeker`, so that the reference engine
and this one agree game for game (``tests/chan/test_batch_game.py``).

Supported: ``basic``, ``heuristic`` and ``cuoc`` players (without ``eat_ca_to_wait``; all always take a Thiên ù, so
``allow_skip_thien_u`` changes nothing), every rules option; other players raise, and the ``chan.play`` task then
uses the reference engine.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from cardodds.sim.chan.cards import CHI_CHI, DECK_SIZE, LEO_KINDS, RED_KINDS, TOM_KINDS, kind_of
from cardodds.sim.chan.deal import NOC_SLICE, seat_slices
from cardodds.sim.chan.fouls import RULES as FOUL_RULES
from cardodds.sim.chan.rules import CUOC_NAMES, ChanRules
from cardodds.sim.chan.strategies import Basic, CuocSeeker, Heuristic
from cardodds.sim.errors import CardoddsError

P, K = 4, 25
START, CARD, DANH, TRA, OVER = 0, 1, 2, 3, 4
NONE, U_RONG, BACH_THU, BACH_THU_CHI = 0, 1, 2, 3
WIN_TYPES = ("u_rong", "bach_thu", "bach_thu_chi")
HOW_THIEN_U, HOW_U, HOW_CHIU_U = 0, 1, 2
CUOC = tuple(CUOC_NAMES)
CI = {name: i for i, name in enumerate(CUOC)}
FOUL_CODES = tuple(r.code for r in FOUL_RULES)
FI = {r.number: i for i, r in enumerate(FOUL_RULES)}

NUM = np.array([k // 3 for k in range(24)] + [8], dtype=np.int64)
"""Number index of each kind (0..7), 8 for Chi Chi (which has no number)."""
SAME_NUM = (NUM[:, None] == NUM[None, :]) & (NUM[:, None] < 8)
"""``SAME_NUM[x, k]``: k is of x's number (Chi Chi: none)."""
OTHER_SUIT = SAME_NUM & ~np.eye(K, dtype=bool)
NUM_ONEHOT = np.zeros((K, 9), dtype=bool)
NUM_ONEHOT[np.arange(K), NUM] = True
NUM_ONEHOT[CHI_CHI, 8] = False
OTHER_Y = np.array([[3 * (k // 3) + j for j in range(3) if 3 * (k // 3) + j != k] if k < 24 else [0, 0]
                    for k in range(K)], dtype=np.int64)
"""The two other suits of a kind's number (ascending), for its cạ."""
RED = np.array(RED_KINDS)
IS_RED_K = np.isin(np.arange(K), RED)
LEO = np.array(LEO_KINDS)
TOM = np.array(TOM_KINDS)
NGU_VAN, TU_VAN, NHI_VAN, BAT_VAN, NGU_SACH = kind_of(5, 1), kind_of(4, 1), kind_of(2, 1), kind_of(8, 1), kind_of(5, 2)


def _odd_numbers(hand):
    """Per number (0..7), how many of its three kinds the hand holds an odd number of times: ``(..., 8)``."""
    odd = hand[..., :24] & 1
    return odd[..., 0::3] + odd[..., 1::3] + odd[..., 2::3]


def hand_shape(hand):
    """Vectorised ``shape``: chắn, cạ, ba đầu count, què count, and the oddness per number, for ``(..., 25)``."""
    chan = (hand >> 1).sum(axis=-1, dtype=np.int16)
    odd_n = _odd_numbers(hand)
    ca = (odd_n == 2).sum(axis=-1)
    ba = (odd_n == 3).sum(axis=-1)
    que = (odd_n == 1).sum(axis=-1) + (hand[..., CHI_CHI] & 1)
    return chan, ca, ba, que, odd_n


def win_types(hand, mat_chan, mat_ca, held, card):
    """Vectorised :func:`cardodds.sim.chan.holding.win_type`: 0 none, 1 ù rộng, 2 bạch thủ, 3 bạch thủ chi.

    ``hand`` ``(M, 25)``; ``mat_chan``, ``mat_ca``, ``held`` (copies of ``card`` held, hand and mat) and ``card``
    ``(M,)``.
    """
    hand = hand.astype(np.int16)
    chan, ca, ba, que, odd_n = hand_shape(hand)
    chan = chan + mat_chan
    ca = ca + mat_ca
    rows = np.arange(hand.shape[0])
    cn = NUM[card]
    is_cc = card == CHI_CHI
    odd_card_num = np.where(is_cc, 0, odd_n[rows, np.minimum(cn, 7)])
    odd_card = hand[rows, card] & 1
    out = np.zeros(hand.shape[0], dtype=np.int8)
    ok = held < 4
    # A ba đầu and no què: a card of its number makes a chắn and a cạ.
    out[ok & (ba == 1) & (que == 0) & ~is_cc & (odd_card_num == 3) & (chan + 1 >= 6)] = U_RONG
    single = ok & (ba == 0) & (que == 1)
    cc_que = (hand[:, CHI_CHI] & 1) == 1
    pairs_que = np.where(is_cc, cc_que, ~cc_que & (odd_card_num == 1) & (odd_card == 1))
    bach = single & pairs_que & (chan == 5) & (ca == 4)
    out[bach] = np.where(is_cc[bach], BACH_THU_CHI, BACH_THU)
    out[single & pairs_que & ~is_cc & (chan >= 6)] = U_RONG
    out[single & ~cc_que & ~is_cc & (odd_card_num == 1) & (odd_card == 0) & (chan >= 6)] = U_RONG
    return out


def thien_u_types(hand20):
    """0 none, 1 ù rộng, 2 bạch thủ (exactly 6 chắn) for the cái's dealt 20 cards ``(M, 25)``."""
    chan, ca, ba, que, _ = hand_shape(hand20)
    win = (ba == 0) & (que == 0) & (chan >= 6)
    return np.where(win, np.where(chan == 6, BACH_THU, U_RONG), NONE).astype(np.int8)


def score(hand, mat, mat_chan, card, how, chi, dia_u, chiu_count, bon_count, u_bon, wtype, rules: ChanRules):
    """Vectorised :func:`cardodds.sim.chan.scorer.cuoc_of` and points: ``(cước counts (M, 23), points (M,))``.

    ``hand`` is the winner's hand before the winning card, ``mat`` their mat's kind counts, ``card`` -1 for Thiên ù.
    """
    M = hand.shape[0]
    rows = np.arange(M)
    hand = hand.astype(np.int16)
    plus = hand.copy()
    has_card = card >= 0
    plus[rows[has_card], card[has_card]] += 1
    cards = plus + mat
    red = cards[:, RED].sum(axis=1)
    c = np.zeros((M, len(CUOC)), dtype=np.int16)
    thien = how == HOW_THIEN_U
    c[:, CI["thien_u"]] = thien
    c[:, CI["chi"]] = chi & ~thien
    c[:, CI["dia_u"]] = dia_u & ~thien
    c[:, CI["co_chiu"]] = chiu_count
    c[:, CI["chiu_u"]] = how == HOW_CHIU_U
    c[:, CI["co_bon"]] = bon_count
    c[:, CI["u_bon"]] = u_bon
    c[:, CI["thien_khai"]] = (hand == 4).sum(axis=1)
    c[:, CI["bach_thu_chi"]] = wtype == BACH_THU_CHI
    c[:, CI["bach_thu"]] = wtype == BACH_THU
    c[:, CI["thap_thanh"]] = mat_chan + (plus >> 1).sum(axis=1) == 10
    c[:, CI["bach_dinh"]] = red == 0
    c[:, CI["tam_do"]] = red == 8
    c[:, CI["kinh_tu_chi"]] = (red == 4) & (cards[:, CHI_CHI] == 4)
    c[:, CI["leo"]] = cards[:, LEO].min(axis=1)
    c[:, CI["tom"]] = cards[:, TOM].min(axis=1)
    chi_bt = chi & ~thien & ((wtype == BACH_THU) | (wtype == BACH_THU_CHI))
    bt = chi_bt & (wtype == BACH_THU)
    # With hoa_needs_chan_ngu_van a chắn or chíu of ngũ vạn: two on the mat are one, since no foul-free mat holds two
    # cạ of one number (foul 16), nor a cạ of it before a chắn of it.
    mat_nv = mat[:, NGU_VAN] >= (2 if rules.hoa_needs_chan_ngu_van else 1)
    nha = bt & (card == NHI_VAN) & (hand[:, NGU_VAN] >= 2) & (hand[:, TU_VAN] >= 2)
    c[:, CI["nha_lau_xe_hoi"]] = nha
    c[:, CI["hoa_roi_cua_phat"]] = bt & (card == NHI_VAN) & ~nha & mat_nv
    c[:, CI["ca_loi_san_dinh"]] = bt & (card == BAT_VAN) & mat_nv
    c[:, CI["ngu_ong_bat_ca"]] = bt & (card == BAT_VAN) & (hand[:, CHI_CHI] >= 2) & (hand[:, NGU_SACH] >= 2)
    special = c[:, [CI[k] for k in ("hoa_roi_cua_phat", "nha_lau_xe_hoi", "ca_loi_san_dinh", "ngu_ong_bat_ca")]]
    special = special.any(axis=1)
    c[special, CI["chi"]] = 0
    c[special, CI["bach_thu"]] = 0
    if rules.ga:
        ga = sum(c[:, CI[k]] > 0 for k in ("bach_dinh", "tam_do", "kinh_tu_chi", "thap_thanh")) + chi_bt
        c[:, CI["ga"]] = ga
    c[:, CI["xuong"]] = (c > 0).sum(axis=1) == 0
    table = rules.point_table()
    weights = np.array([table[k] if (k != "ga" or rules.ga) else 0 for k in CUOC], dtype=np.int64)
    return c, c.astype(np.int64) @ weights


@dataclass
class BatchResult:
    """Per-game outcomes of :func:`play_batch` (arrays over games).

    ``winner`` (-1 for a draw), ``draw``, ``how`` (0 Thiên ù, 1 ù on a drawn card, 2 chíu ù; -1 none), ``win_type``
    (1..3, 0 none), ``cuoc`` ``(N, 23)`` counts in ``CUOC_NAMES`` order, ``points``, ``noc_left``, ``moves`` (moves of
    the move log), ``fouls_avoided`` ``(N, 18)`` (moves the legal-move filter removed, per foul of docs/rules.md §1.8).
    """

    winner: np.ndarray
    draw: np.ndarray
    how: np.ndarray
    win_type: np.ndarray
    cuoc: np.ndarray
    points: np.ndarray
    noc_left: np.ndarray
    moves: np.ndarray
    fouls_avoided: np.ndarray


U32 = np.uint32
BIT = (U32(1) << np.arange(K, dtype=U32)).astype(U32)
"""``BIT[k]``: the bit of kind k in a 25-bit kind set."""
LOW = U32(sum(1 << (3 * n) for n in range(8)))
HI2 = U32(sum(6 << (3 * n) for n in range(8)))
HI1 = U32(sum(4 << (3 * n) for n in range(8)))
LOW2 = U32(sum(3 << (3 * n) for n in range(8)))
NUM_KINDS = np.array([sum(7 << (3 * n) for n in range(8) if m >> n & 1) for m in range(512)], dtype=U32)
"""``NUM_KINDS[number set]``: the kinds of those numbers (bit 8, Chi Chi's pseudo-number, has no kinds)."""
RANK_OF_ODD = np.array([3, 0, 2, 1])
"""Basic's shedding rank by how many kinds of the number are held oddly: 1 què (0), 3 ba đầu (1), 2 cạ (2)."""
NUM_BIT = np.array([1 << n if n < 8 else 0 for n in NUM], dtype=np.uint16)


def other_suits(bits):
    """For each kind, whether another kind of its number is in the set (rotations within each number's 3 bits)."""
    r1 = ((bits << U32(1)) & HI2) | ((bits >> U32(2)) & LOW)
    r2 = ((bits << U32(2)) & HI1) | ((bits >> U32(1)) & LOW2)
    return r1 | r2


def kind_bits(mask):
    """A boolean ``(M, 25)`` mask as 25-bit sets ``(M,)`` (packbits pads 25 bits to 4 bytes)."""
    return np.packbits(mask, axis=1, bitorder="little").view("<u4")[:, 0]


def has(bits, kind):
    """Whether ``kind`` is in each set."""
    return ((bits >> kind.astype(U32)) & U32(1)).astype(bool)


def wait_masks(hand, mat, mat_chan):
    """The set of kinds that complete each 19-card holding (``wait_kinds``, vectorised): ``(M,)`` 25-bit sets."""
    M = hand.shape[0]
    rows = np.arange(M)
    free = hand + mat < 4
    chan, _, ba, que, odd_n = hand_shape(hand)
    chan = chan + mat_chan
    free_bits = kind_bits(free)
    ba_num = (odd_n == 3).argmax(axis=1)
    by_ba = (ba == 1) & (que == 0) & (chan >= 5)
    out = np.where(by_ba, free_bits & (U32(7) << (3 * ba_num).astype(U32)), U32(0))
    single = (ba == 0) & (que == 1)
    cc = (hand[:, CHI_CHI] & 1) == 1
    qn = (odd_n == 1).argmax(axis=1)
    q = np.where(cc, CHI_CHI, 3 * qn + (hand[rows[:, None], 3 * qn[:, None] + np.arange(3)] & 1).argmax(axis=1))
    q_ok = single & ((chan == 5) | ((chan >= 6) & ~cc))
    out |= np.where(q_ok, free_bits & BIT[q], U32(0))
    same = single & (chan >= 6) & ~cc
    out |= np.where(same, free_bits & (U32(7) << (3 * qn).astype(U32)), U32(0))
    return out.astype(U32)


class _State:
    """All the arrays of N games (see the module docstring).  Kind sets are 25-bit masks, number sets 9-bit."""

    def __init__(self, rules: ChanRules, orders: np.ndarray, knobs: dict):
        self.knobs = knobs
        N = orders.shape[0]
        kinds = (orders // 4).astype(np.int64)
        self.N = N
        self.cai = rules.cai_seat
        self.rules = rules
        seat_of = np.full(orders.shape[1], P, dtype=np.int64)  # the nọc counts as a fifth "seat", dropped
        for s, sl in enumerate(seat_slices(rules.cai_seat)):
            seat_of[sl] = s
        flat = ((np.arange(N)[:, None] * (P + 1) + seat_of[None, :]) * K + kinds).ravel()
        counts = np.bincount(flat, minlength=N * (P + 1) * K).reshape(N, P + 1, K)
        self.hand = counts[:, :P].astype(np.int8)
        self.noc = kinds[:, NOC_SLICE]
        self.pos = np.zeros(N, dtype=np.int64)
        self.mat = np.zeros((N, P, K), dtype=np.int8)
        self.mat_all = np.zeros((N, K), dtype=np.int8)
        self.mat_chan = np.zeros((N, P), dtype=np.int16)
        self.mat_ca = np.zeros((N, P), dtype=np.int16)
        u = lambda: np.zeros((N, P), dtype=U32)  # noqa: E731
        self.disc, self.taken, self.bon_open = u(), u(), u()
        self.dec_any, self.dec_chan, self.dec_ca_with = u(), u(), u()
        self.disc_num = np.zeros((N, P), dtype=np.uint16)
        self.ca_num = np.zeros((N, P), dtype=np.uint16)
        z = lambda *shape: np.zeros((N,) + shape, dtype=bool)  # noqa: E731
        self.passed = z(P)
        self.chiu_count = np.zeros((N, P), dtype=np.int16)
        self.bon_count = np.zeros((N, P), dtype=np.int16)
        self.table = np.zeros((N, K), dtype=np.int8)
        self.waits = np.zeros((N, P), dtype=U32)
        for seat in range(P):
            if seat != self.cai:
                self.waits[:, seat] = wait_masks(self.hand[:, seat], self.mat[:, seat], self.mat_chan[:, seat])
        self.phase = np.full(N, START, dtype=np.int8)
        self.card = np.zeros(N, dtype=np.int64)
        self.slot_draw = z()
        self.drawn = z()  # the card in play was drawn from the nọc (a dưới passes it on as it is)
        self.owner = np.zeros(N, dtype=np.int64)
        self.decider = np.zeros(N, dtype=np.int64)
        self.u_open, self.chiu_open = z(), z()
        self.turn = np.zeros(N, dtype=np.int64)
        self.moves = np.zeros(N, dtype=np.int64)
        self.fouls = np.zeros((N, len(FOUL_CODES)), dtype=np.int32)
        self.winner = np.full(N, -1, dtype=np.int64)
        self.draw = z()
        self.how = np.full(N, -1, dtype=np.int8)
        self.wtype = np.zeros(N, dtype=np.int8)
        self.cuoc = np.zeros((N, len(CUOC)), dtype=np.int16)
        self.points = np.zeros(N, dtype=np.int64)

    # -- masks --------------------------------------------------------------------------------------------------------
    def legal_discards(self, g, s, held, taken, ca_num, count: bool):
        """The discards that are no foul (10, 14, 15, 17, 18) among the ``held`` kinds: a 25-bit set per game."""
        disc = self.disc[g, s]
        bad = {
            10: self.dec_any[g, s],
            14: disc,
            15: taken,
            17: np.where(ca_num != 0, other_suits(disc), U32(0)),
            18: NUM_KINDS[ca_num & 0xFF],
        }
        any_bad = np.zeros(g.size, dtype=U32)
        for num, mask in bad.items():
            m = mask & held
            if count:
                self.fouls[g, FI[num]] += np.bitwise_count(m)
            any_bad |= m
        return held & ~any_bad

    def take_options(self, g, count: bool):
        """The decider's ăn / chíu options on the card in play: masks ``chiu (M,)``, ``chan (M,)``, ``ca (M, 2)``."""
        s, c = self.decider[g], self.card[g]
        M = g.size
        rows = np.arange(M)
        hand = self.hand[g, s]
        held = kind_bits(hand > 0)
        hc = hand[rows, c]
        cn = NUM[c]
        cbit = BIT[c]
        ca_num = self.ca_num[g, s]
        taken = self.taken[g, s]
        f16 = (ca_num & NUM_BIT[c]) != 0
        f13 = (self.disc[g, s] & cbit) != 0
        own_discard = (self.owner[g] == s) & ~self.slot_draw[g]
        # chíu
        chiu_cand = (hc == 3) & ~own_discard
        if count:
            self.fouls[g[chiu_cand & f16], FI[16]] += 1
        chiu = chiu_cand & ~f16
        if chiu.any():
            chiu &= self.legal_discards(g, s, held & ~cbit, taken, ca_num, False) != 0
        # chắn
        chan_cand = hc >= 1
        chan_bad = {3: hc == 3, 7: (self.dec_chan[g, s] & cbit) != 0, 13: f13, 16: f16}
        chan = chan_cand.copy()
        for num, m in chan_bad.items():
            m = m & chan_cand
            if count:
                self.fouls[g[m], FI[num]] += 1
            chan &= ~m
        if chan.any():
            after = np.where(hc == 1, held & ~cbit, held)
            chan &= self.legal_discards(g, s, after, taken | cbit, ca_num, False) != 0
        # cạ with each other suit of the number
        ca = np.zeros((M, 2), dtype=bool)
        not_cc = c != CHI_CHI
        if not_cc.any():
            odd_n = _odd_numbers(hand)
            waiting = self.waits[g, s] != 0
            disc = self.disc[g, s]
            disc_ca = (disc & other_suits(disc) & U32((1 << 24) - 1)) != 0
            odd_c = odd_n[rows, np.minimum(cn, 7)]
            ca_after_num = ca_num | NUM_BIT[c]
            for j in range(2):
                y = OTHER_Y[c, j]
                ybit = BIT[y]
                hy = hand[rows, y]
                cand = not_cc & (hy >= 1)
                bad = {
                    1: hc >= 1,
                    4: (hy % 2 == 1) & (odd_c >= 2),
                    5: waiting,
                    6: (hy >= 2) & (hy % 2 == 0),
                    8: (self.dec_chan[g, s] & ybit) != 0,
                    9: (self.dec_ca_with[g, s] & ybit) != 0,
                    11: disc_ca,
                    12: (self.disc_num[g, s] & NUM_BIT[y]) != 0,
                    13: f13,
                    16: f16,
                }
                ok = cand.copy()
                for num, m in bad.items():
                    m = m & cand
                    if count:
                        self.fouls[g[m], FI[num]] += 1
                    ok &= ~m
                if ok.any():
                    after = np.where(hy == 1, held & ~ybit, held)
                    ok &= self.legal_discards(g, s, after, taken | cbit, ca_after_num, False) != 0
                ca[:, j] = ok
        return chiu, chan, ca

    # -- basic's choices ---------------------------------------------------------------------------------------------
    def basic_discard(self, g, s, legal):
        """Basic's discard (què, ba đầu, cạ, chắn; most seen; lowest kind); the heuristic's wait-first override."""
        hand = self.hand[g, s]
        odd_n = _odd_numbers(hand)
        odd_ext = np.ones((g.size, 9), dtype=odd_n.dtype)  # Chi Chi, alone in its "number": a lone one is què
        odd_ext[:, :8] = odd_n
        rank = np.where(hand % 2 == 0, 3, RANK_OF_ODD[odd_ext[:, NUM]])
        seen = (hand + self.mat_all[g] + self.table[g]).astype(np.int16)
        key = rank * 1000 + (10 - seen) * 30 + np.arange(K)[None, :]
        keep_red = self.knobs["keep_red"][s]
        if keep_red.any():
            # the cước-seeker: within a rank, shed black first while holding at most 8 red cards, red first above
            red = (hand + self.mat[g, s])[:, RED].sum(axis=1)
            red_order = IS_RED_K[None, :] != (red > 8)[:, None]
            key = key + np.where(keep_red[:, None] & red_order, 500, 0)
        legal_mask = ((legal[:, None] >> np.arange(K, dtype=U32)[None, :]) & U32(1)).astype(bool)
        key = np.where(legal_mask, key, 1 << 30)
        choice = key.argmin(axis=1)
        wf = self.knobs["wait_first"][s]
        if wf.any():
            rows = np.flatnonzero(wf)
            choice[rows] = self._wait_first(g[rows], s[rows], hand[rows], seen[rows], key[rows], legal_mask[rows],
                                            choice[rows])
        return choice

    def _wait_first(self, g, s, hand, seen, key, legal_mask, basic):
        """The heuristic's discard: the legal one leaving the most live winning cards (ties: basic's order)."""
        M = g.size
        mat, mat_chan = self.mat[g, s], self.mat_chan[g, s]
        live_per_kind = (4 - seen).astype(np.float64)
        w_wide = self.knobs["w_wide"][s]
        red0 = (hand + mat)[:, RED].sum(axis=1, dtype=np.int64)
        best_outs = np.zeros(M)
        best_key = np.full(M, 1 << 30)
        choice = basic.copy()
        for x in range(K):
            rows = np.flatnonzero(legal_mask[:, x])
            if not rows.size:
                continue
            after = hand[rows].copy()
            after[:, x] -= 1
            wm = wait_masks(after, mat[rows], mat_chan[rows])
            kinds = ((wm[:, None] >> np.arange(K, dtype=U32)[None, :]) & U32(1)).astype(bool)
            live = (kinds * live_per_kind[rows]).sum(axis=1)
            weighted = live
            seek = self.knobs["seek"][s[rows]] & (wm != 0)
            if seek.any():
                value = self._win_values(after[seek], mat[rows[seek]], mat_chan[rows[seek]], s[rows[seek]],
                                         red0[rows[seek]] - IS_RED_K[x])
                weighted = live.copy()
                weighted[seek] = (kinds[seek] * live_per_kind[rows[seek]] * value).sum(axis=1)
            outs = np.where(live > 0, weighted + w_wide[rows] * kinds.sum(axis=1), 0.0)
            kx = key[rows, x]
            better = (outs > best_outs[rows]) | ((outs == best_outs[rows]) & (outs > 0) & (kx < best_key[rows]))
            r = rows[better]
            best_outs[r], best_key[r], choice[r] = outs[better], kx[better], x
        return choice

    def _win_values(self, after, mat, mat_chan, s, red):
        """The cước-seeker's points weight of winning on each kind, ``(M, 25)``
        (:meth:`cardodds.sim.chan.strategies.CuocSeeker.win_value`, vectorised), for waiting holdings ``after`` with ``red``
        red cards in hand and mat."""
        kn = self.knobs
        chan = (after >> 1).sum(axis=1, dtype=np.int16) + mat_chan
        cards = (after + mat).astype(np.int64)
        # a waiting holding with 5 chắn and no ba đầu has one què and waits on it alone: bạch thủ (chi on Chi Chi)
        bach = (chan == 5) & ~(_odd_numbers(after) == 3).any(axis=1)
        bt = np.where(bach[:, None], np.where(np.arange(K) == CHI_CHI, kn["bach_thu_chi"][s][:, None],
                                              kn["bach_thu"][s][:, None]), 0)
        red = red[:, None] + IS_RED_K[None, :]
        value = 1 + bt + kn["tam_do"][s][:, None] * (red == 8) + kn["bach_dinh"][s][:, None] * (red == 0)
        for sets, w in ((LEO, kn["leo"][s]), (TOM, kn["tom"][s])):
            base = cards[:, sets]
            count = np.repeat(base.min(axis=1)[:, None], K, axis=1)
            for j, k in enumerate(sets):
                others = np.minimum(base[:, (j + 1) % 3], base[:, (j + 2) % 3])
                count[:, k] = np.minimum(base[:, j] + 1, others)
            value = value + w[:, None] * count
        return value + (kn["thien_khai"][s] * (after == 4).sum(axis=1))[:, None]

    # -- applying moves -----------------------------------------------------------------------------------------------
    def put(self, g, card, slot_draw, owner, decider, from_noc, fresh):
        self.phase[g] = CARD
        self.card[g] = card
        self.slot_draw[g] = slot_draw
        self.owner[g] = owner
        self.decider[g] = decider
        self.u_open[g] = fresh & from_noc
        self.chiu_open[g] = fresh
        if fresh:  # a passed (dưới) card, the only one not fresh, stays the drawn card it was
            self.drawn[g] = from_noc

    def discard(self, g, s, x):
        self.hand[g, s, x] -= 1
        self.disc[g, s] |= BIT[x]
        self.disc_num[g, s] |= NUM_BIT[x]
        self.table[g, x] += 1
        self.moves[g] += 1
        self.waits[g, s] = wait_masks(self.hand[g, s], self.mat[g, s], self.mat_chan[g, s])

    def record(self, g, s, card):
        """How ``s`` would win game ``g`` on ``card`` (-1: Thiên ù): ``(how, win type, cước, points)``."""
        rows = np.arange(g.size)
        hand = self.hand[g, s]
        thien = card < 0
        c = np.where(thien, 0, card)
        hc = hand[rows, c]
        how = np.where(thien, HOW_THIEN_U, np.where(hc == 3, HOW_CHIU_U, HOW_U)).astype(np.int8)
        mat = self.mat[g, s]
        wt = np.where(thien, thien_u_types(hand),
                      win_types(hand, self.mat_chan[g, s], self.mat_ca[g, s], hc + mat[rows, c], c))
        chi = ~thien & self.slot_draw[g] & (self.decider[g] == s)
        dia = ~thien & (s != self.cai) & ~self.passed[g, s]
        if self.rules.dia_u_first_noc_card:
            dia &= self.drawn[g] & (self.pos[g] == 1)
        u_bon = ~thien & has(self.bon_open[g, s], c) & (hc == 1)
        chiu_count = np.where(thien, 0, self.chiu_count[g, s])
        bon_count = np.where(thien, 0, self.bon_count[g, s])
        cuoc, pts = score(hand, mat, self.mat_chan[g, s], card, how, chi, dia, chiu_count, bon_count, u_bon, wt,
                          self.rules)
        return how, wt, cuoc, pts

    def points_ok(self, g, s, card):
        """Whether each win meets ``min_points_to_win`` (all True for ù tự do)."""
        need = self.rules.min_points_to_win
        if need == 0 or not g.size:
            return np.ones(g.size, dtype=bool)
        _, _, cuoc, pts = self.record(g, s, card)
        return cuoc[:, CI["xuong"]] == 0 if need == "no_xuong" else pts >= need

    def win(self, g, s, card):
        """Game ``g`` is won by ``s`` on ``card`` (-1: Thiên ù)."""
        how, wt, cuoc, pts = self.record(g, s, card)
        self.winner[g] = s
        self.how[g] = how
        self.wtype[g] = wt
        self.cuoc[g] = cuoc
        self.points[g] = pts
        self.phase[g] = OVER
        self.moves[g] += 1

    # -- one pass ------------------------------------------------------------------------------------------------------
    def step_start(self):
        g = np.flatnonzero(self.phase == START)
        if not g.size:
            return
        cai = np.full(g.size, self.cai)
        wt = thien_u_types(self.hand[g, self.cai])
        won = wt > 0
        if won.any():
            won[won] = self.points_ok(g[won], cai[won], np.full(int(won.sum()), -1))
        if won.any():
            self.win(g[won], cai[won], np.full(int(won.sum()), -1))
        g, cai = g[~won], cai[~won]
        if g.size:
            self.danh(g, cai)

    def _discard_choice(self, g, s):
        held = kind_bits(self.hand[g, s] > 0)
        legal = self.legal_discards(g, s, held, self.taken[g, s], self.ca_num[g, s], count=True)
        return self.basic_discard(g, s, legal)

    def danh(self, g, s):
        x = self._discard_choice(g, s)
        self.discard(g, s, x)
        self.passed[g, s] = True
        self.put(g, x, False, s, (s + 1) % P, False, True)

    def step_windows(self):
        # Every card point: a fresh card opens the ù / chíu windows; a passed card can still be chíu ù'd by the
        # player it is offered to.
        g = np.flatnonzero(self.phase == CARD)
        if not g.size:
            return
        M = g.size
        c = self.card[g]
        dec = self.decider[g]
        owner = self.owner[g]
        u_open, chiu_open, slot_draw = self.u_open[g], self.chiu_open[g], self.slot_draw[g]
        first = np.full(M, -1)
        for i in range(P):
            s = (dec + i) % P
            three = self.hand[g, s, c] == 3
            ok3 = (u_open | chiu_open | (s == dec)) & ~((s == owner) & ~(slot_draw & (s == dec)))
            may = np.where(three, ok3, u_open)
            wins = may & has(self.waits[g, s], c) & (first < 0)
            if self.rules.min_points_to_win != 0 and wins.any():
                wins[wins] = self.points_ok(g[wins], s[wins], c[wins])
            first = np.where((first < 0) & wins, s, first)
        won = first >= 0
        if won.any():
            self.win(g[won], first[won], c[won])
        keep = ~won & chiu_open
        g, c, dec, owner = g[keep], c[keep], dec[keep], owner[keep]
        if not g.size:
            return
        # chíu out of turn (basic always chíu when it is legal)
        cand = np.full(g.size, -1)
        for s in range(P):
            three = self.hand[g, s, c] == 3
            cand = np.where((cand < 0) & three & (s != dec) & (s != owner), s, cand)
        hit = cand >= 0
        if hit.any():
            gi, qi, ci = g[hit], cand[hit], c[hit]
            f16 = (self.ca_num[gi, qi] & NUM_BIT[ci]) != 0
            self.fouls[gi[f16], FI[16]] += 1
            ok = ~f16 & self.knobs["chiu"][qi]
            if ok.any():
                held = kind_bits(self.hand[gi, qi] > 0) & ~BIT[ci]
                ok &= self.legal_discards(gi, qi, held, self.taken[gi, qi], self.ca_num[gi, qi], False) != 0
            if ok.any():
                gq, qq, cq = gi[ok], qi[ok], ci[ok]
                self.chiu(gq, qq, cq)
                self.phase[gq] = TRA
                self.turn[gq] = qq
                self.u_open[gq] = False
                self.chiu_open[gq] = False

    def chiu(self, g, s, c):
        self.hand[g, s, c] -= 3
        self.mat[g, s, c] += 4
        self.mat_all[g, c] += 4
        self.mat_chan[g, s] += 2
        self.chiu_count[g, s] += 1
        self.table[g, c] -= 1
        self.moves[g] += 1

    def eat(self, g, s, c, y):
        before = self.hand[g, s, c]
        self.hand[g, s, y] -= 1
        self.mat[g, s, c] += 1
        self.mat[g, s, y] += 1
        self.mat_all[g, c] += 1
        self.mat_all[g, y] += 1
        self.taken[g, s] |= BIT[c]
        chan = y == c
        gc, sc, cc = g[chan], s[chan], c[chan]
        self.mat_chan[gc, sc] += 1
        b = before[chan]
        done = has(self.bon_open[gc, sc], cc) & (b == 1)
        self.bon_count[gc[done], sc[done]] += 1
        self.bon_open[gc[done], sc[done]] &= ~BIT[cc[done]]
        opened = ~done & (b == 2)
        self.bon_open[gc[opened], sc[opened]] |= BIT[cc[opened]]
        ca = ~chan
        self.mat_ca[g[ca], s[ca]] += 1
        self.ca_num[g[ca], s[ca]] |= NUM_BIT[c[ca]]
        self.table[g, c] -= 1
        self.passed[g, s] = True
        self.moves[g] += 1

    def step_act(self):
        g = np.flatnonzero(self.phase == CARD)
        if not g.size:
            return
        self.u_open[g] = False
        self.chiu_open[g] = False
        M = g.size
        rows = np.arange(M)
        s, c = self.decider[g], self.card[g]
        chiu, chan, ca = self.take_options(g, count=True)
        # basic: chíu, else chắn, else the first cạ that keeps laid + held cạ within 4
        pick_ca = np.full(M, -1)
        if ca.any():
            hand = self.hand[g, s]
            odd_n = _odd_numbers(hand)
            ca_now = (odd_n == 2).sum(axis=1)
            for j in (1, 0):
                y = OTHER_Y[c, j]
                n = np.minimum(NUM[y], 7)
                old = odd_n[rows, n]
                new = old + np.where(hand[rows, y] % 2 == 1, -1, 1)
                ca_after = ca_now - (old == 2) + (new == 2)
                ok = ca[:, j] & (self.mat_ca[g, s] + 1 + ca_after <= self.knobs["max_ca"][s])
                pick_ca = np.where(ok, j, pick_ca)
        do_chiu = chiu & self.knobs["chiu"][s]
        do_chan = ~do_chiu & chan
        do_ca = ~do_chiu & ~do_chan & (pick_ca >= 0)
        rest = ~(do_chiu | do_chan | do_ca)
        if do_chiu.any():
            self.chiu(g[do_chiu], s[do_chiu], c[do_chiu])
            self.phase[g[do_chiu]] = DANH
            self.turn[g[do_chiu]] = s[do_chiu]
        eat = do_chan | do_ca
        if eat.any():
            y = np.where(do_chan, c, OTHER_Y[c, np.maximum(pick_ca, 0)])
            self.eat(g[eat], s[eat], c[eat], y[eat])
            self.phase[g[eat]] = DANH
            self.turn[g[eat]] = s[eat]
        if rest.any():
            gr, sr, cr = g[rest], s[rest], c[rest]
            # declines: a legal ăn let go
            any_an = chan[rest] | ca[rest].any(axis=1)
            self.dec_any[gr[any_an], sr[any_an]] |= BIT[cr[any_an]]
            ch = chan[rest]
            self.dec_chan[gr[ch], sr[ch]] |= BIT[cr[ch]]
            for j in range(2):
                m = ca[rest, j]
                self.dec_ca_with[gr[m], sr[m]] |= BIT[OTHER_Y[cr[m], j]]
            draw_slot = self.slot_draw[gr]
            # dưới
            d = draw_slot
            if d.any():
                gd, sd = gr[d], sr[d]
                self.passed[gd, sd] = True
                self.moves[gd] += 1
                self.put(gd, cr[d], False, sd, (sd + 1) % P, False, False)
            # bốc, or hòa on an empty nọc
            b = ~draw_slot
            if b.any():
                gb, sb = gr[b], sr[b]
                empty = self.pos[gb] >= self.noc.shape[1]
                if empty.any():
                    self.draw[gb[empty]] = True
                    self.phase[gb[empty]] = OVER
                    self.moves[gb[empty]] += 1
                gb, sb = gb[~empty], sb[~empty]
                if gb.size:
                    top = self.noc[gb, self.pos[gb]]
                    self.pos[gb] += 1
                    self.table[gb, top] += 1
                    self.moves[gb] += 1
                    self.put(gb, top, True, sb, sb, True, True)

    def step_discards(self):
        g = np.flatnonzero(self.phase == DANH)
        if g.size:
            self.danh(g, self.turn[g])
        g = np.flatnonzero(self.phase == TRA)
        if g.size:
            q = self.turn[g]
            x = self._discard_choice(g, q)
            self.discard(g, q, x)
            self.put(g, x, self.slot_draw[g], q, self.decider[g], False, True)


def seat_knobs(strategies) -> dict:
    """Per-seat knob arrays for ``basic`` / ``heuristic`` / ``cuoc`` players (one strategy per seat; None: ``basic``).

    Names and tables are made into players by :func:`cardodds.sim.chan.strategy_registry.seat_strategies`, which sits above
    this engine (it names the expert, whose rollouts run here).
    """
    if strategies is None:
        players = (Basic(),) * P
    elif isinstance(strategies, (str, dict)):
        raise CardoddsError("the batch engine plays 'basic', 'heuristic' and 'cuoc' players, one per seat "
                            f"(cardodds.sim.chan.strategy_registry.seat_strategies), not the spec {strategies!r}")
    else:
        players = tuple(strategies)
    knobs = {"wait_first": [], "w_wide": [], "max_ca": [], "chiu": [], "seek": [], "keep_red": []}
    knobs.update({w: [] for w in CuocSeeker.WEIGHTS})
    for p in players:
        if isinstance(p, Heuristic) and not p.eat_ca_to_wait:
            seek = isinstance(p, CuocSeeker)
            values = (p.wait_first, p.w_wide, p.max_ca, p.chiu, seek, seek and p.keep_red)
            values += tuple(getattr(p, w) if seek else 0 for w in CuocSeeker.WEIGHTS)
        elif isinstance(p, Basic):
            values = (False, 0.0, 4, True, False, False) + (0,) * len(CuocSeeker.WEIGHTS)
        else:
            raise CardoddsError("the batch engine plays 'basic', 'heuristic' and 'cuoc' (without eat_ca_to_wait), "
                                f"not {p!r}")
        for name, v in zip(knobs, values):
            knobs[name].append(v)
    return {name: np.array(v) for name, v in knobs.items()}


def batch_supports(strategies, rules: ChanRules) -> bool:
    """Whether :func:`play_batch` can play these players under these rules."""
    try:
        seat_knobs(strategies)
    except CardoddsError:
        return False
    return True


def play_batch(rules: ChanRules, orders: np.ndarray, strategies=None) -> BatchResult:
    """Play the dealt tables ``orders`` (``(N, 100)`` card ids, :func:`cardodds.sim.chan.deal.deal_orders`) to the end.

    ``strategies``: None (``basic`` at every seat), or one :class:`Basic` / :class:`Heuristic` / :class:`CuocSeeker` per seat.
    """
    return _play(_State(rules, np.asarray(orders), seat_knobs(strategies)))


def play_from_games(rules: ChanRules, games, strategies=None) -> BatchResult:
    """Play reference games (:class:`cardodds.sim.chan.reference.ChanGame`, each at any point of its play) on to the end.

    Each game's whole state — hands, mats, nọc, the card in play and whose decision it is, and the history the fouls
    and cước look at — is copied into the arrays, so a game continues exactly as the reference engine would play it
    with the same players (``tests/chan/test_batch_game.py``); ``moves`` and ``fouls_avoided`` count from the deal.
    A game must stand between two moves (as :meth:`ChanGame.apply` leaves it), not over, and not be part of a
    series (no Thông).  The base of rollouts: several games with the same visible state and different hidden cards.
    """
    games = list(games)
    for game in games:
        if game.over or game.thong_seat is not None:
            raise CardoddsError("play_from_games continues unfinished single games only")
    N = len(games)
    st = _State(rules, np.tile(np.arange(DECK_SIZE, dtype=np.int64), (N, 1)), seat_knobs(strategies))
    bits = lambda kinds: int(sum(1 << int(k) for k in set(kinds)))  # noqa: E731
    phases = {"start": START, "card": CARD, "danh": DANH, "tra_cua": TRA}
    for g, game in enumerate(games):
        st.noc[g] = game.noc
        st.pos[g] = game.noc_pos
        st.table[g] = game.table
        for s, p in enumerate(game.seats):
            st.hand[g, s] = p.hand
            st.mat[g, s] = p.mat
            st.mat_chan[g, s], st.mat_ca[g, s] = p.mat_chan, p.mat_ca
            st.disc[g, s], st.taken[g, s], st.bon_open[g, s] = bits(p.discard_set), bits(p.taken), bits(p.bon_open)
            st.dec_any[g, s], st.dec_chan[g, s] = bits(p.declined_any), bits(p.declined_chan)
            st.dec_ca_with[g, s] = bits(p.declined_ca_with)
            st.disc_num[g, s], st.ca_num[g, s] = bits(p.discard_numbers), bits(p.ca_numbers)
            st.passed[g, s] = p.passed_first
            st.chiu_count[g, s], st.bon_count[g, s] = p.chiu_count, p.bon_count
        st.phase[g] = phases[game.phase]
        st.card[g] = game.card if game.card is not None else 0
        st.slot_draw[g] = game.slot == "draw"
        st.drawn[g] = game.drawn
        st.owner[g] = game.owner if game.owner is not None else 0
        st.decider[g] = game.decider if game.decider is not None else 0
        st.u_open[g], st.chiu_open[g] = game.u_open, game.chiu_open
        st.turn[g] = game.tra_seat if game.phase == "tra_cua" else game.turn
        st.moves[g] = len(game.moves)
        st.fouls[g] = [game.fouls_avoided.get(code, 0) for code in FOUL_CODES]
    st.mat_all[:] = st.mat.sum(axis=1)
    for s in range(P):
        # a 19-card holding's waits, as the engine keeps them (the 20-card holder's are recomputed at its discard)
        held = st.hand[:, s].sum(axis=1) + 2 * st.mat_chan[:, s] + 2 * st.mat_ca[:, s]
        st.waits[:, s] = np.where(held == 19, wait_masks(st.hand[:, s], st.mat[:, s], st.mat_chan[:, s]), U32(0))
    return _play(st)


def _play(st: _State) -> BatchResult:
    st.step_start()
    while True:
        active = st.phase != OVER
        if not active.any():
            break
        st.step_windows()
        st.step_act()
        st.step_discards()
    won = st.winner >= 0
    return BatchResult(
        winner=st.winner, draw=st.draw, how=np.where(won, st.how, -1), win_type=st.wtype, cuoc=st.cuoc,
        points=st.points, noc_left=st.noc.shape[1] - st.pos, moves=st.moves, fouls_avoided=st.fouls,
    )
