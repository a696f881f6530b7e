"""One Chắn game played to its end in compiled code, move for move as ``cardodds.sim.chan.batch`` plays it
(``play_game``; ``play_range`` the loop over deals, ``play_states`` the loop over resumed states).

A game's state: ``hand`` and ``mat`` ``(4, 25)`` kind counts, ``mat_all`` and ``table`` ``(25,)``, the per-seat
slots ``ss`` ``(4, N_SEAT)`` (``S_*``: the mat's chắn and cạ, the foul-history kind and number sets, counters, waits),
the game's slots ``gs`` (``G_*``: phase, the card in play and whose decision it is, result), the nọc, and the
``fouls`` and ``cuoc`` counters.  The engine's passes (windows, act, discards) become one handler per phase.  The
rules come as the integer vector ``rv`` (``R_*``, see ``cardodds.sim.chan.compiled.rules_vector``) and the points
of each cước; the players as knob rows (``kernel.decide``).  ``fz`` (``FZ_*``) may force one decision: the first
one of its kind that its seat makes is its answer instead of the player's (the search players' rollouts of each
candidate move, ``cardodds.sim.chan.expert_batch``).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from cardodds.sim.chan.arrays import ACT_CA, ACT_CHAN, ACT_CHIU
from cardodds.sim.chan.batch import CARD, DANH, FI, HOW_CHIU_U, HOW_THIEN_U, HOW_U, OVER, START, TRA
from cardodds.sim.chan.kernel import decide
from cardodds.sim.chan.kernel.holding import (C_XUONG, CC, N_CUOC, NUMBIT, NUMS, OTHER, K, held_bits, num_kinds,
                                             other_suits, popcount, score, thien_u_type, wait_mask, win_type)

P = 4
NOC = 23
R_CAI, R_MIN_MODE, R_MIN_POINTS, R_GA, R_HOA_NEEDS, R_DIA_FIRST = range(6)
N_RULES = 6
MIN_FREE, MIN_NO_XUONG, MIN_POINTS = 0, 1, 2
(S_MAT_CHAN, S_MAT_CA, S_DISC, S_TAKEN, S_BON_OPEN, S_DEC_ANY, S_DEC_CHAN, S_DEC_CA_WITH, S_DISC_NUM, S_CA_NUM,
 S_PASSED, S_CHIU_COUNT, S_BON_COUNT, S_WAITS) = range(14)
N_SEAT = 14
(G_PHASE, G_CARD, G_SLOT_DRAW, G_DRAWN, G_OWNER, G_DECIDER, G_U_OPEN, G_CHIU_OPEN, G_TURN, G_MOVES, G_WINNER,
 G_DRAW, G_HOW, G_WTYPE, G_POINTS, G_POS) = range(16)
N_GAME = 16
F1, F3, F4, F5, F6, F7, F8, F9, F10, F11, F12, F13, F14, F15, F16, F17, F18 = (
    FI[n] for n in (1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18))
MAX_MOVES = 10_000
"""More moves than any game can make (each card of the nọc is drawn once; every other move follows one): a game
past it stopped, reported as ``STUCK``."""
STUCK = -3

FZ_METHOD, FZ_SEAT, FZ_ANSWER = range(3)
NO_FORCE, FORCE_CHIU, FORCE_ACT, FORCE_DISCARD = -1, 0, 1, 2
"""``fz[FZ_METHOD]``: no forced decision (or it was made), or the kind of the forced one (a chíu chance out of turn,
an act decision, a discard or trả cửa)."""

OUT_COLUMNS = ("winner", "draw", "how", "win_type", "points", "noc_left", "moves")


@njit(cache=True, _nrt=False)
def legal_discards(ss, fouls, s, held, taken, ca_num, count):
    """``_State.legal_discards``: the discards among ``held`` that are no foul (10, 14, 15, 17, 18)."""
    disc = ss[s, S_DISC]
    m10 = ss[s, S_DEC_ANY] & held
    m14 = disc & held
    m15 = taken & held
    m17 = (other_suits(disc) if ca_num != 0 else 0) & held
    m18 = num_kinds(ca_num & 0xFF) & held
    if count:
        fouls[F10] += popcount(m10)
        fouls[F14] += popcount(m14)
        fouls[F15] += popcount(m15)
        fouls[F17] += popcount(m17)
        fouls[F18] += popcount(m18)
    return held & ~(m10 | m14 | m15 | m17 | m18)


@njit(cache=True, _nrt=False)
def take_options(hand, ss, gs, fouls, count):
    """``_State.take_options`` of the decider on the card in play: (chíu, chắn, cạ with each other suit)."""
    s, c = gs[G_DECIDER], gs[G_CARD]
    h = hand[s]
    held = held_bits(h)
    hc = h[c]
    cbit = 1 << c
    ca_num, taken = ss[s, S_CA_NUM], ss[s, S_TAKEN]
    f16 = (ca_num & NUMBIT[c]) != 0
    f13 = (ss[s, S_DISC] & cbit) != 0
    own_discard = gs[G_OWNER] == s and not gs[G_SLOT_DRAW]
    chiu_cand = hc == 3 and not own_discard
    if count and chiu_cand and f16:
        fouls[F16] += 1
    chiu = chiu_cand and not f16
    if chiu:
        chiu = legal_discards(ss, fouls, s, held & ~cbit, taken, ca_num, False) != 0
    chan = hc >= 1
    if chan:
        f7 = (ss[s, S_DEC_CHAN] & cbit) != 0
        if count:
            fouls[F3] += hc == 3
            fouls[F7] += f7
            fouls[F13] += f13
            fouls[F16] += f16
        chan = not (hc == 3 or f7 or f13 or f16)
        if chan:
            after = held & ~cbit if hc == 1 else held
            chan = legal_discards(ss, fouls, s, after, taken | cbit, ca_num, False) != 0
    ca0, ca1 = False, False
    if c != CC:
        waiting = ss[s, S_WAITS] != 0
        disc = ss[s, S_DISC]
        disc_ca = (disc & other_suits(disc) & ((1 << 24) - 1)) != 0
        cn = NUMS[c]
        odd_c = (h[3 * cn] & 1) + (h[3 * cn + 1] & 1) + (h[3 * cn + 2] & 1)
        ca_after_num = ca_num | NUMBIT[c]
        for j in range(2):
            y = OTHER[c, j]
            ybit = 1 << y
            hy = h[y]
            if hy < 1:
                continue
            b1 = hc >= 2 and hy % 2 == 1 and odd_c == 1  # a chắn of the card, a què to eat with
            b4 = hy % 2 == 1 and odd_c >= 2
            b6 = hy >= 2 and hy % 2 == 0
            b8 = (ss[s, S_DEC_CHAN] & ybit) != 0
            b9 = (ss[s, S_DEC_CA_WITH] & ybit) != 0
            b12 = (ss[s, S_DISC_NUM] & NUMBIT[y]) != 0
            if count:
                fouls[F1] += b1
                fouls[F4] += b4
                fouls[F5] += waiting
                fouls[F6] += b6
                fouls[F8] += b8
                fouls[F9] += b9
                fouls[F11] += disc_ca
                fouls[F12] += b12
                fouls[F13] += f13
                fouls[F16] += f16
            ok = not (b1 or b4 or waiting or b6 or b8 or b9 or disc_ca or b12 or f13 or f16)
            if ok:
                after = held & ~ybit if hy == 1 else held
                ok = legal_discards(ss, fouls, s, after, taken | cbit, ca_after_num, False) != 0
            if j == 0:
                ca0 = ok
            else:
                ca1 = ok
    return chiu, chan, ca0, ca1


@njit(cache=True, inline="always", _nrt=False)
def forced(fz, method, s):
    """Whether this ``method`` decision of ``s`` is the forced one (``fz[FZ_ANSWER]`` its answer); it is no longer
    pending once made."""
    if fz[FZ_METHOD] == method and fz[FZ_SEAT] == s:
        fz[FZ_METHOD] = NO_FORCE
        return True
    return False


@njit(cache=True, _nrt=False)
def put(gs, card, slot_draw, owner, decider, from_noc, fresh):
    """``_State.put``: a card comes into play."""
    gs[G_PHASE] = CARD
    gs[G_CARD] = card
    gs[G_SLOT_DRAW] = slot_draw
    gs[G_OWNER] = owner
    gs[G_DECIDER] = decider
    gs[G_U_OPEN] = fresh and from_noc
    gs[G_CHIU_OPEN] = fresh
    if fresh:
        gs[G_DRAWN] = from_noc


@njit(cache=True, _nrt=False)
def discard(hand, mat, table, ss, gs, s, x):
    """``_State.discard``."""
    hand[s, x] -= 1
    ss[s, S_DISC] |= 1 << x
    ss[s, S_DISC_NUM] |= NUMBIT[x]
    table[x] += 1
    gs[G_MOVES] += 1
    ss[s, S_WAITS] = wait_mask(hand[s], mat[s], ss[s, S_MAT_CHAN])


@njit(cache=True, _nrt=False)
def record(hand, mat, ss, gs, rv, weights, s, card, cuoc):
    """``_State.record``: how ``s`` would win on ``card`` (-1: Thiên ù); the cước into ``cuoc``; (how, type, points)."""
    thien = card < 0
    c = 0 if thien else card
    h = hand[s]
    hc = h[c]
    how = HOW_THIEN_U if thien else (HOW_CHIU_U if hc == 3 else HOW_U)
    if thien:
        wt = thien_u_type(h)
    else:
        wt = win_type(h, ss[s, S_MAT_CHAN], ss[s, S_MAT_CA], hc + mat[s, c], c)
    chi = not thien and gs[G_SLOT_DRAW] != 0 and gs[G_DECIDER] == s
    dia = not thien and s != rv[R_CAI] and not ss[s, S_PASSED]
    if rv[R_DIA_FIRST]:
        dia = dia and gs[G_DRAWN] != 0 and gs[G_POS] == 1
    u_bon = not thien and ((ss[s, S_BON_OPEN] >> c) & 1) != 0 and hc == 1
    chiu_count = 0 if thien else ss[s, S_CHIU_COUNT]
    bon_count = 0 if thien else ss[s, S_BON_COUNT]
    pts = score(h, mat[s], ss[s, S_MAT_CHAN], card, how, chi, dia, chiu_count, bon_count, u_bon, wt,
                rv[R_HOA_NEEDS], rv[R_GA], weights, cuoc)
    return how, wt, pts


@njit(cache=True, _nrt=False)
def points_ok(hand, mat, ss, gs, rv, weights, s, card, cuoc):
    """``_State.points_ok``: whether this win meets ``min_points_to_win``."""
    mode = rv[R_MIN_MODE]
    if mode == MIN_FREE:
        return True
    _, _, pts = record(hand, mat, ss, gs, rv, weights, s, card, cuoc)
    return cuoc[C_XUONG] == 0 if mode == MIN_NO_XUONG else pts >= rv[R_MIN_POINTS]


@njit(cache=True, _nrt=False)
def win(hand, mat, ss, gs, rv, weights, s, card, cuoc):
    """``_State.win``: the game is won by ``s`` on ``card``."""
    how, wt, pts = record(hand, mat, ss, gs, rv, weights, s, card, cuoc)
    gs[G_WINNER] = s
    gs[G_HOW] = how
    gs[G_WTYPE] = wt
    gs[G_POINTS] = pts
    gs[G_PHASE] = OVER
    gs[G_MOVES] += 1


@njit(cache=True, _nrt=False)
def seen_of(hand, mat_all, table, s, seen):
    for k in range(K):
        seen[k] = hand[s, k] + mat_all[k] + table[k]


@njit(cache=True, _nrt=False)
def discard_choice(hand, mat, mat_all, table, ss, fouls, kn, ww, s, scr, fz):
    """``_State._discard_choice``: the legal discards (their fouls counted) and the seat's choice among them."""
    legal = legal_discards(ss, fouls, s, held_bits(hand[s]), ss[s, S_TAKEN], ss[s, S_CA_NUM], True)
    if forced(fz, FORCE_DISCARD, s):
        return fz[FZ_ANSWER]
    seen = scr[0]
    seen_of(hand, mat_all, table, s, seen)
    return decide.discard(kn, ww, s, hand[s], mat[s], ss[s, S_MAT_CHAN], seen, legal, scr[1], scr[2], scr[3],
                          scr[4, :8])


@njit(cache=True, _nrt=False)
def danh(hand, mat, mat_all, table, ss, gs, fouls, kn, ww, s, scr, fz):
    """``_State.danh``: seat ``s`` discards, the next seat decides on it."""
    x = discard_choice(hand, mat, mat_all, table, ss, fouls, kn, ww, s, scr, fz)
    discard(hand, mat, table, ss, gs, s, x)
    ss[s, S_PASSED] = 1
    put(gs, x, False, s, (s + 1) % P, False, True)


@njit(cache=True, _nrt=False)
def chiu(hand, mat, mat_all, table, ss, gs, s, c):
    """``_State.chiu``."""
    hand[s, c] -= 3
    mat[s, c] += 4
    mat_all[c] += 4
    ss[s, S_MAT_CHAN] += 2
    ss[s, S_CHIU_COUNT] += 1
    table[c] -= 1
    gs[G_MOVES] += 1


@njit(cache=True, _nrt=False)
def eat(hand, mat, mat_all, table, ss, gs, s, c, y):
    """``_State.eat``: ``c`` eaten with ``y`` (a chắn when ``y == c``)."""
    before = hand[s, c]
    hand[s, y] -= 1
    mat[s, c] += 1
    mat[s, y] += 1
    mat_all[c] += 1
    mat_all[y] += 1
    ss[s, S_TAKEN] |= 1 << c
    if y == c:
        ss[s, S_MAT_CHAN] += 1
        done = ((ss[s, S_BON_OPEN] >> c) & 1) != 0 and before == 1
        if done:
            ss[s, S_BON_COUNT] += 1
            ss[s, S_BON_OPEN] &= ~(1 << c)
        elif before == 2:
            ss[s, S_BON_OPEN] |= 1 << c
    else:
        ss[s, S_MAT_CA] += 1
        ss[s, S_CA_NUM] |= NUMBIT[c]
    table[c] -= 1
    ss[s, S_PASSED] = 1
    gs[G_MOVES] += 1


@njit(cache=True, _nrt=False)
def windows(hand, mat, mat_all, table, ss, gs, rv, weights, fouls, kn, cuoc, fz):
    """``_State.step_windows`` of one game at a card: the first winner in ù đè order, else a chíu out of turn."""
    c, dec, owner = gs[G_CARD], gs[G_DECIDER], gs[G_OWNER]
    u_open, chiu_open, slot_draw = gs[G_U_OPEN] != 0, gs[G_CHIU_OPEN] != 0, gs[G_SLOT_DRAW] != 0
    first = -1
    for i in range(P):
        s = (dec + i) % P
        if hand[s, c] == 3:
            may = (u_open or chiu_open or s == dec) and not (s == owner and not (slot_draw and s == dec))
        else:
            may = u_open
        if may and ((ss[s, S_WAITS] >> c) & 1) != 0:
            if rv[R_MIN_MODE] == MIN_FREE or points_ok(hand, mat, ss, gs, rv, weights, s, c, cuoc):
                first = s
                break
    if first >= 0:
        win(hand, mat, ss, gs, rv, weights, first, c, cuoc)
        return
    if not chiu_open:
        return
    q = -1
    for s in range(P):
        if hand[s, c] == 3 and s != dec and s != owner:
            q = s
            break
    if q < 0:
        return
    if (ss[q, S_CA_NUM] & NUMBIT[c]) != 0:
        fouls[F16] += 1
        return
    if legal_discards(ss, fouls, q, held_bits(hand[q]) & ~(1 << c), ss[q, S_TAKEN], ss[q, S_CA_NUM], False) == 0:
        return
    if not (fz[FZ_ANSWER] != 0 if forced(fz, FORCE_CHIU, q) else decide.chiu(kn, q)):
        return
    chiu(hand, mat, mat_all, table, ss, gs, q, c)
    gs[G_PHASE] = TRA
    gs[G_TURN] = q
    gs[G_U_OPEN] = 0
    gs[G_CHIU_OPEN] = 0


@njit(cache=True, _nrt=False)
def act(hand, mat, mat_all, table, ss, gs, fouls, kn, noc, fz):
    """``_State.step_act`` of one game: the decider's ăn / chíu, else dưới, bốc or hòa."""
    gs[G_U_OPEN] = 0
    gs[G_CHIU_OPEN] = 0
    s, c = gs[G_DECIDER], gs[G_CARD]
    can_chiu, can_chan, ca0, ca1 = take_options(hand, ss, gs, fouls, True)
    if forced(fz, FORCE_ACT, s):
        a = fz[FZ_ANSWER]
    else:
        a = decide.act(kn, s, hand[s], ss[s, S_MAT_CA], c, can_chiu, can_chan, ca0, ca1)
    if a == ACT_CHIU:
        chiu(hand, mat, mat_all, table, ss, gs, s, c)
        gs[G_PHASE] = DANH
        gs[G_TURN] = s
    elif a == ACT_CHAN or a >= ACT_CA:
        y = c if a == ACT_CHAN else OTHER[c, a - ACT_CA]
        eat(hand, mat, mat_all, table, ss, gs, s, c, y)
        gs[G_PHASE] = DANH
        gs[G_TURN] = s
    else:
        if can_chan or ca0 or ca1:
            ss[s, S_DEC_ANY] |= 1 << c
        if can_chan:
            ss[s, S_DEC_CHAN] |= 1 << c
        if ca0:
            ss[s, S_DEC_CA_WITH] |= 1 << OTHER[c, 0]
        if ca1:
            ss[s, S_DEC_CA_WITH] |= 1 << OTHER[c, 1]
        if gs[G_SLOT_DRAW]:
            ss[s, S_PASSED] = 1
            gs[G_MOVES] += 1
            put(gs, c, False, s, (s + 1) % P, False, False)
        elif gs[G_POS] >= NOC:
            gs[G_DRAW] = 1
            gs[G_PHASE] = OVER
            gs[G_MOVES] += 1
        else:
            top = noc[gs[G_POS]]
            gs[G_POS] += 1
            table[top] += 1
            gs[G_MOVES] += 1
            put(gs, top, True, s, s, True, True)


@njit(cache=True, _nrt=False)
def play_out(hand, mat, mat_all, table, ss, gs, noc, rv, weights, fouls, cuoc, kn, ww, scr, fz):
    """Play the game from its phase to its end (``batch._play``); False if it ran past ``MAX_MOVES`` steps."""
    if gs[G_PHASE] == START:
        cai = rv[R_CAI]
        won = thien_u_type(hand[cai]) > 0
        if won:
            won = points_ok(hand, mat, ss, gs, rv, weights, cai, -1, cuoc)
        if won:
            win(hand, mat, ss, gs, rv, weights, cai, -1, cuoc)
        else:
            danh(hand, mat, mat_all, table, ss, gs, fouls, kn, ww, cai, scr, fz)
    for _ in range(MAX_MOVES):
        ph = gs[G_PHASE]
        if ph == OVER:
            return True
        if ph == CARD:
            windows(hand, mat, mat_all, table, ss, gs, rv, weights, fouls, kn, cuoc, fz)
            if gs[G_PHASE] == CARD:
                act(hand, mat, mat_all, table, ss, gs, fouls, kn, noc, fz)
        ph = gs[G_PHASE]
        if ph == DANH:
            danh(hand, mat, mat_all, table, ss, gs, fouls, kn, ww, gs[G_TURN], scr, fz)
        elif ph == TRA:
            q = gs[G_TURN]
            x = discard_choice(hand, mat, mat_all, table, ss, fouls, kn, ww, q, scr, fz)
            discard(hand, mat, table, ss, gs, q, x)
            put(gs, x, gs[G_SLOT_DRAW] != 0, q, gs[G_DECIDER], False, True)
    return gs[G_PHASE] == OVER


@njit(cache=True, _nrt=False)
def deal(order, cai, hand, mat, mat_all, table, ss, gs, noc, fouls):
    """A fresh game from one deal order (``batch._State``): the cái's 20 cards first, then each seat's 19, the nọc."""
    hand[:] = 0
    mat[:] = 0
    mat_all[:] = 0
    table[:] = 0
    ss[:] = 0
    gs[:] = 0
    fouls[:] = 0
    start = 0
    for i in range(P):
        s = (cai + i) % P
        size = 20 if i == 0 else 19
        for j in range(start, start + size):
            hand[s, order[j] // 4] += 1
        start += size
    for j in range(NOC):
        noc[j] = order[start + j] // 4
    for s in range(P):
        if s != cai:
            ss[s, S_WAITS] = wait_mask(hand[s], mat[s], 0)
    gs[G_PHASE] = START
    gs[G_WINNER] = -1
    gs[G_HOW] = -1


@njit(cache=True, inline="always")  # allocates
def scratch(n_fouls):
    """One game's arrays (see the module docstring), ``decide.discard``'s scratch ``scr`` (seen, after, value, keys,
    odd) and ``fz``, no decision forced."""
    return (np.zeros((P, K), dtype=np.int64), np.zeros((P, K), dtype=np.int64), np.zeros(K, dtype=np.int64),
            np.zeros(K, dtype=np.int64), np.zeros((P, N_SEAT), dtype=np.int64), np.zeros(N_GAME, dtype=np.int64),
            np.zeros(NOC, dtype=np.int64), np.zeros(n_fouls, dtype=np.int64), np.zeros(N_CUOC, dtype=np.int64),
            np.zeros((5, K), dtype=np.int64), np.full(3, NO_FORCE, dtype=np.int64))


@njit(cache=True)  # allocates its scratch arrays
def play_range(lo, hi, orders, rv, weights, kn, ww, out, out_cuoc, out_fouls):
    """Play deals ``lo..hi`` of ``orders``; outcomes into ``out`` (``OUT_COLUMNS``), ``out_cuoc``, ``out_fouls``."""
    hand, mat, mat_all, table, ss, gs, noc, fouls, cuoc, scr, fz = scratch(out_fouls.shape[1])
    for g in range(lo, hi):
        deal(orders[g], rv[R_CAI], hand, mat, mat_all, table, ss, gs, noc, fouls)
        cuoc[:] = 0
        ok = play_out(hand, mat, mat_all, table, ss, gs, noc, rv, weights, fouls, cuoc, kn, ww, scr, fz)
        write_out(g, ok, gs, cuoc, fouls, out, out_cuoc, out_fouls)


@njit(cache=True, inline="always", _nrt=False)
def write_out(g, ok, gs, cuoc, fouls, out, out_cuoc, out_fouls):
    won = gs[G_WINNER] >= 0
    out[g, 0] = gs[G_WINNER] if ok else STUCK
    out[g, 1] = gs[G_DRAW]
    out[g, 2] = gs[G_HOW] if won else -1
    out[g, 3] = gs[G_WTYPE]
    out[g, 4] = gs[G_POINTS]
    out[g, 5] = NOC - gs[G_POS]
    out[g, 6] = gs[G_MOVES]
    for i in range(cuoc.shape[0]):
        out_cuoc[g, i] = cuoc[i] if won else 0
    for i in range(fouls.shape[0]):
        out_fouls[g, i] = fouls[i]


@njit(cache=True)  # allocates its scratch arrays
def play_states(hand0, mat0, table0, ss0, gs0, noc0, fouls0, cuoc0, force0, rv, weights, kn, ww, out, out_cuoc,
                out_fouls):
    """Play games resumed from a batch state (``batch._State`` as arrays: hands and mats ``(n, 4, 25)``, table
    ``(n, 25)``, the per-seat and game slots ``(n, 4, N_SEAT)`` and ``(n, N_GAME)``, nọc, fouls and cước counters) to
    the end, game g with the forced decision ``force0[g]`` (``(n, 3)``, ``FZ_*``); outcomes as :func:`play_range`.
    The inputs are not changed."""
    hand, mat, mat_all, table, ss, gs, noc, fouls, cuoc, scr, fz = scratch(out_fouls.shape[1])
    for g in range(hand0.shape[0]):
        hand[:] = hand0[g]
        mat[:] = mat0[g]
        for k in range(K):
            mat_all[k] = mat[0, k] + mat[1, k] + mat[2, k] + mat[3, k]
        table[:] = table0[g]
        ss[:] = ss0[g]
        gs[:] = gs0[g]
        noc[:] = noc0[g]
        fouls[:] = fouls0[g]
        cuoc[:] = cuoc0[g]
        fz[:] = force0[g]
        ok = play_out(hand, mat, mat_all, table, ss, gs, noc, rv, weights, fouls, cuoc, kn, ww, scr, fz)
        write_out(g, ok, gs, cuoc, fouls, out, out_cuoc, out_fouls)
