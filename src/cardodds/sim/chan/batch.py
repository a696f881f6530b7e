"""The vectorised Chắn engine: N whole games in arrays, played in lock step; the players decide through a seam.

Every game's state lives in arrays with a leading game axis (hands and mats as ``(N, 4, 25)`` count arrays, the foul
history as boolean kind / number masks, the card in play and whose decision it is as ``(N,)`` vectors).  Each pass of
the main loop takes every unfinished game one decision further — Thiên ù or the first discard, the ù / chíu windows
of a card that just appeared, the player's ăn / chíu / bốc / dưới / hòa, a discard, a trả cửa — with array operations
on the games at that point (no Python loop over games).  Legal moves are boolean masks built from the same fouls as
:mod:`cardodds.sim.chan.fouls`; the engine takes every win and asks each seat's player for the rest of its
decisions, for all the rows at once that this player decides (:class:`Rows`):

- ``chiu_batch(rows)``: a legal chíu chance out of turn (the card is ``rows.card``): take it? ``(M,)`` bool.
- ``act_batch(rows)``: the decider's legal ``rows.chiu``, ``rows.chan`` ``(M,)`` and ``rows.ca`` ``(M, 2)`` on
  ``rows.card``: one of the ``ACT_*`` codes of :mod:`cardodds.sim.chan.arrays` per row.
- ``discard_batch(rows)``: a discard or trả cửa among the legal kinds ``rows.legal`` (a 25-bit set): a kind per row.

A player that plays here has these and ``batch_supported()``; the ones of :mod:`cardodds.sim.chan.strategies` make
the moves their reference forms make, so that the two engines agree game for game (``tests/chan/test_chan_batch_game.py``).
Thiên ù is always taken, so ``allow_skip_thien_u`` changes nothing; other players raise, and the ``chan.play`` task
then uses the reference engine.  A user's player is seated by the state of :mod:`cardodds.sim.chan.user_rows`, which
keeps the history a position needs and asks it row by row.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from cardodds.sim.chan.arrays import (ACT_CA, ACT_CHAN, ACT_CHIU, ACT_NONE, BIT, CHI_CHI, LEO, NUM, NUM_BIT, NUM_KINDS,
                                     OTHER_Y, RED, TOM, U32, K, P, has, hand_shape, kind_bits, odd_numbers,
                                     other_suits, wait_masks)
from cardodds.sim.chan.cards import DECK_SIZE, kind_of
from cardodds.sim.chan.deal import NOC_SLICE, seat_slices
from cardodds.sim.chan.fouls import RULES as FOUL_RULES
from cardodds.sim.chan.rules import CUOC_NAMES, ChanRules
from cardodds.sim.chan.strategies import Basic
from cardodds.sim.errors import CardoddsError

START, CARD, DANH, TRA, OVER = 0, 1, 2, 3, 4
NONE, U_RONG, BACH_THU, BACH_THU_CHI = 0, 1, 2, 3
WIN_TYPES = ("u_rong", "bach_thu", "bach_thu_chi")
HOW_THIEN_U, HOW_U, HOW_CHIU_U = 0, 1, 2
CUOC = tuple(CUOC_NAMES)
CI = {name: i for i, name in enumerate(CUOC)}
FOUL_CODES = tuple(r.code for r in FOUL_RULES)
FI = {r.number: i for i, r in enumerate(FOUL_RULES)}
NGU_VAN, TU_VAN, NHI_VAN, BAT_VAN, NGU_SACH = kind_of(5, 1), kind_of(4, 1), kind_of(2, 1), kind_of(8, 1), kind_of(5, 2)


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




class Rows:
    """The rows of one decision that one player decides, as the engine asks it (see the module docstring).

    ``g`` the games (rows of the engine's arrays), ``seat`` the deciding seat of each, ``state`` the engine; what the
    seat sees as properties; the decision's options (``card``, ``legal``, ``chiu``, ``chan``, ``ca``) as attributes.
    """

    def __init__(self, state, g, seat, options: dict):
        self.state, self.g, self.seat = state, g, seat
        self.options = options
        self.__dict__.update(options)

    def subset(self, r):
        """These rows at the positions ``r``."""
        return Rows(self.state, self.g[r], self.seat[r], {k: v[r] for k, v in self.options.items()})

    @functools.cached_property
    def hand(self):
        """The seat's hand ``(M, 25)``."""
        return self.state.hand[self.g, self.seat]

    @functools.cached_property
    def mat(self):
        """The seat's mat ``(M, 25)``."""
        return self.state.mat[self.g, self.seat]

    @property
    def mat_chan(self):
        return self.state.mat_chan[self.g, self.seat]

    @property
    def mat_ca(self):
        return self.state.mat_ca[self.g, self.seat]

    @functools.cached_property
    def seen(self):
        """Copies of each kind the seat sees (hand, every mat, the face-up cards) ``(M, 25)`` int16."""
        st = self.state
        return (self.hand + st.mat_all[self.g] + st.table[self.g]).astype(np.int16)


class _State:
    """All the arrays of N games (see the module docstring).  Kind sets are 25-bit masks, number sets 9-bit."""

    def __init__(self, rules: ChanRules, orders: np.ndarray, players: tuple):
        self.players = players
        self.uniq = list(dict.fromkeys(players))
        self.sid = np.array([self.uniq.index(p) for p in players], dtype=np.int64)
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
            odd_n = odd_numbers(hand)
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
                    1: (hc >= 2) & (hy % 2 == 1) & (odd_c == 1),  # a chắn of the card, a què to eat with
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

    def ask(self, method: str, g, s, dtype=np.int64, **options):
        """Each seat's player's answer to one decision kind for the rows ``g`` where seat ``s`` decides."""
        if len(self.uniq) == 1:
            return getattr(self.uniq[0], method)(Rows(self, g, s, options)).astype(dtype, copy=False)
        out = np.zeros(g.size, dtype=dtype)
        who = self.sid[s]
        for j, player in enumerate(self.uniq):
            m = who == j
            if m.any():
                out[m] = getattr(player, method)(Rows(self, g[m], s[m], {k: v[m] for k, v in options.items()}))
        return out

    def _discard_choice(self, g, s):
        held = kind_bits(self.hand[g, s] > 0)
        legal = self.legal_discards(g, s, held, self.taken[g, s], self.ca_num[g, s], count=True)
        return self.ask("discard_batch", g, s, legal=legal)

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
        # chíu out of turn: the first other seat holding three of the card may (foul 16 counted, legal ones asked)
        cand = np.full(g.size, -1)
        for s in range(P):
            three = self.hand[g, s, c] == 3
            cand = np.where((cand < 0) & three & (s != dec) & (s != owner), s, cand)
        hit = cand >= 0
        if hit.any():
            gi, qi, ci = g[hit], cand[hit], c[hit]
            f16 = (self.ca_num[gi, qi] & NUM_BIT[ci]) != 0
            self.fouls[gi[f16], FI[16]] += 1
            ok = ~f16
            if ok.any():
                held = kind_bits(self.hand[gi, qi] > 0) & ~BIT[ci]
                ok &= self.legal_discards(gi, qi, held, self.taken[gi, qi], self.ca_num[gi, qi], False) != 0
            if ok.any():
                ok[ok] = self.ask("chiu_batch", gi[ok], qi[ok], bool, card=ci[ok])
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
        s, c = self.decider[g], self.card[g]
        chiu, chan, ca = self.take_options(g, count=True)
        act = self.ask("act_batch", g, s, card=c, chiu=chiu, chan=chan, ca=ca)
        do_chiu, do_chan, do_ca, rest = act == ACT_CHIU, act == ACT_CHAN, act >= ACT_CA, act == ACT_NONE
        if do_chiu.any():
            self.chiu(g[do_chiu], s[do_chiu], c[do_chiu])
            self.phase[g[do_chiu]] = DANH
            self.turn[g[do_chiu]] = s[do_chiu]
        eat = do_chan | do_ca
        if eat.any():
            y = np.where(do_chan, c, OTHER_Y[c, np.maximum(act - ACT_CA, 0)])
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


def seat_players(strategies) -> tuple:
    """One batch player per seat (None: ``basic`` at every seat); a player the batch engine cannot play raises.

    Names and tables are made into players by :func:`cardodds.sim.chan.players.seat_strategies`, which sits
    above this engine (it names the expert, whose rollouts run here).
    """
    if strategies is None:
        return (Basic(),) * P
    if isinstance(strategies, (str, dict)):
        raise CardoddsError("the batch engine plays one player object per seat "
                            f"(cardodds.sim.chan.players.seat_strategies), not the spec {strategies!r}")
    players = tuple(strategies)
    if len(players) != P:
        raise CardoddsError(f"the batch engine needs {P} players, one per seat, not {len(players)}")
    for p in players:
        supported = getattr(p, "batch_supported", None)
        if supported is None or not supported():
            raise CardoddsError(f"the batch engine cannot play {p!r} (no batch forms, or a knob they do not cover)")
    return players


def batch_supports(strategies, rules: ChanRules) -> bool:
    """Whether :func:`play_batch` can play these players under these rules."""
    try:
        seat_players(strategies)
    except CardoddsError:
        return False
    return True


def play_batch(rules: ChanRules, orders: np.ndarray, strategies=None) -> BatchResult:
    """Play the dealt tables ``orders`` (``(N, 100)`` card ids, :func:`cardodds.sim.chan.deal.deal_orders`) to the end.

    ``strategies``: None (``basic`` at every seat), or one player per seat that plays here (see the module docstring).
    """
    return _play(_State(rules, np.asarray(orders), seat_players(strategies)))


def play_from_games(rules: ChanRules, games, strategies=None) -> BatchResult:
    """Play reference games (:class:`cardodds.sim.chan.reference.ChanGame`, each at any point of its play) on to the end.

    Each game's whole state — hands, mats, nọc, the card in play and whose decision it is, and the history the fouls
    and cước look at — is copied into the arrays, so a game continues exactly as the reference engine would play it
    with the same players (``tests/chan/test_chan_batch_game.py``); ``moves`` and ``fouls_avoided`` count from the deal.
    A game must stand between two moves (as :meth:`ChanGame.apply` leaves it), not over, and not be part of a
    series (no Thông).  The base of rollouts: several games with the same visible state and different hidden cards.
    """
    return _play(state_from_games(rules, games, strategies))


def state_from_games(rules: ChanRules, games, strategies=None) -> "_State":
    """The engine's arrays holding reference games (see :func:`play_from_games`), one row a game, not yet played.

    A caller may change the rows (deal hidden cards anew, repeat a row) before playing them with :func:`play_state`.
    """
    games = list(games)
    for game in games:
        if game.over or game.thong_seat is not None:
            raise CardoddsError("play_from_games continues unfinished single games only")
    N = len(games)
    st = _State(rules, np.tile(np.arange(DECK_SIZE, dtype=np.int64), (N, 1)), seat_players(strategies))
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
    return st


def play_state(st: "_State") -> BatchResult:
    """Play the games of a state built by :func:`state_from_games` to the end (the state is used up)."""
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
