"""Sâm games played to their end in compiled code, action for action as ``cardodds.sim.sam.batch`` plays them.

A game's state: its row of the integer slots ``S`` (below), its seats' rows of ``therm`` (hands as thermometer
masks, see ``batch``), ``ncards``, ``played`` and ``pay``, and its Sâm plan (``plans``).  The moves come as the
table ``mv`` (rows below, one column per move and a last one for the free lead) with the batch engine's mask tables
(``win``, ``pos14``, ``high``, ``str2``, the straights' position masks ``smask``) and ``next_seat``.  Each seat's
player (``sp``: its kind, ``danger`` and offsets into the concatenated decision tables ``best``, ``lead1``, ``inv``,
``inv_pass`` and ``odd_keys``) chooses by the batch engine's own table lookups (``batch._fast_player``), so every
choice is the numpy engine's; a declarer leading its Sâm follows its plan, else its strongest legal play, as
``StrategyBase.choose`` does.
"""

from __future__ import annotations

from numba import njit

# the integer slots of a game (``S`` columns): its state, then what the result records
(ACTOR, CUR, LAST, PASSED, CT, CL, CHOPPER, CHOPPED, DBY, DTO, DCAP, DECL, SAMON, SAMFAILED, PTR, OUTCOME, WINNER,
 DONE, FIRST, CHOPS, PLAYS, DEN, STEPS) = range(23)
N_SLOTS = 23
# rows of the move table ``mv``
KIND, TOP, LEN, HAS2, SAMSC, CHOPV, S4, SHM, CLS, SHC, COLR, COLS, LENC = range(13)
N_MV = 13
# the rules vector
(R_P, R_M, R_NF2, R_DEN, R_PLAYON, R_THOIHANG, R_CARD, R_TWO, R_CONG, R_SAM, R_SAMFAIL, R_QUAD,
 R_HASFIRST) = range(13)
N_RV = 13
# a seat's player (``sp`` columns)
SP_KIND, SP_DANGER, SP_BEST, SP_LEAD1, SP_INV, SP_ODD, SP_NSIT = range(7)
N_SP = 7
GREEDY, CONTROL = 0, 1

NORMAL, TOI_TRANG, SAM_SUCCESS, SAM_FAIL, VOID = range(5)
STUCK = 99  # a game that went on past MAX_STEPS (cannot happen in a game of legal moves)
SINGLE, PAIR, QUAD = 0, 1, 3
N_RANKS, HAND_SIZE, N_CLS = 13, 10, 12
LANE = 0x1FFF
TWO_BIT = 1 << 12
TWOS = TWO_BIT * 0x0001000100010001  # the 2s, in every lane
QUAD_BITS = (LANE & ~TWO_BIT) << 48
N_RANK_MOVES = 4 * N_RANKS
MAX_STEPS = 4000


@njit(cache=True, inline="always")
def _popcount(x):
    """Set bits of a non-negative int (a hand has at most 10)."""
    c = 0
    while x:
        x &= x - 1
        c += 1
    return c


@njit(cache=True, inline="always")
def _key(h, cur, sit, lead, nf2, spr, mv, best, lead1, win, pos14, str2, odd_hands, odd_keys):
    """``batch._table_keys`` of one hand: the key of the best legal move (0: none)."""
    m1 = h & LANE
    if nf2 and (m1 == TWO_BIT or (((h >> 16) & LANE) == 0 and str2[m1])):
        n_cur = mv.shape[1]
        for i in range(odd_hands.shape[0]):
            if odd_hands[i] == h:
                return int(odd_keys[spr[SP_ODD] + (i * n_cur + cur) * spr[SP_NSIT] + sit])
        return -1
    base = spr[SP_BEST] + sit * (N_CLS << 14)
    if lead:
        k = int(lead1[spr[SP_LEAD1] + (sit << N_RANKS) + m1])
        k = max(k, int(best[base + (1 << 14) + ((h >> 16) & LANE)]))
        k = max(k, int(best[base + (2 << 14) + ((h >> 32) & LANE)]))
        return max(k, int(best[base + (3 << 14) + (h >> 48)]))
    col = ((h >> mv[SHC, cur]) & mv[COLR, cur]) | (win[(mv[LENC, cur] << 14) + pos14[m1]] & mv[COLS, cur])
    return int(best[base + (mv[CLS, cur] << 14) + col])


@njit(cache=True, inline="always")
def _declarer_lead(h, n_own, pn, nf2, mv, pos14, smask):
    """A declarer's lead in its Sâm: its plan's next move ``pn`` when legal, else its strongest legal play (the
    first of equals); -1 when it has none."""
    M = mv.shape[1] - 1
    p14 = pos14[h & LANE]
    best_m, best_s = -1, -1
    for m in range(M):
        if m < N_RANK_MOVES:
            ok = (h >> (16 * (m // N_RANKS) + m % N_RANKS)) & 1
        else:
            s = smask[m - N_RANK_MOVES]
            ok = (p14 & s) == s
        if not ok or (nf2 and mv[HAS2, m] and mv[LEN, m] == n_own):
            continue
        if m == pn:
            return m
        if mv[SAMSC, m] > best_s:
            best_m, best_s = m, mv[SAMSC, m]
    return best_m


@njit(cache=True, inline="always")
def _pay_sam_fail(g, S, pay, rv):
    P = rv[R_P]
    for s in range(P):
        pay[g, s] += rv[R_SAMFAIL]
    pay[g, S[g, DECL]] -= rv[R_SAMFAIL] * P


@njit(cache=True, inline="always")
def _settle_chain(g, S, pay):
    if S[g, CL] > 0:
        pay[g, S[g, CHOPPED]] -= S[g, CT]
        pay[g, S[g, CHOPPER]] += S[g, CT]
        S[g, CT] = 0
        S[g, CL] = 0


@njit(cache=True, inline="always")
def _settle_won(g, w, den_won, S, therm, ncards, played, pay, cong, thoi2, owed, rv):
    """``batch.SamBatch._settle_won`` of one game won by ``w``."""
    P = rv[R_P]
    if S[g, SAMON]:
        S[g, OUTCOME] = SAM_SUCCESS
        for s in range(P):
            pay[g, s] -= rv[R_SAM]
        pay[g, w] += rv[R_SAM] * P
        return
    _settle_chain(g, S, pay)
    total = 0
    for s in range(P):
        owed[s] = 0
        cong[g, s] = False
        thoi2[g, s] = 0
        if s == w:
            continue
        h = therm[g, s]
        n2 = _popcount(h & TWOS)
        if not played[g, s]:
            cong[g, s] = True
            owed[s] = rv[R_CONG]
        else:
            thoi2[g, s] = n2
            owed[s] = rv[R_CARD] * (ncards[g, s] - n2) + rv[R_TWO] * n2
            if rv[R_THOIHANG]:
                owed[s] += _popcount(h & QUAD_BITS) * rv[R_QUAD]
        total += owed[s]
    if den_won >= 0:
        S[g, DEN] = den_won
        pay[g, den_won] -= total
    else:
        for s in range(P):
            pay[g, s] -= owed[s]
    pay[g, w] += total
    if S[g, SAMFAILED]:
        _pay_sam_fail(g, S, pay, rv)


@njit(cache=True)
def play_game(g, S, therm, ncards, played, pay, plans, cong, thoi2, owed, rv, mv, win, pos14, high, str2, smask,
              next_seat, sp, best, lead1, inv, inv_pass, odd_hands, odd_keys):
    """Play game ``g`` on to its end (``batch.SamBatch.step`` for one game, then its payments)."""
    P, M, nf2 = rv[R_P], rv[R_M], rv[R_NF2] != 0
    LEAD = M
    min_all = ncards[g, 0]
    for s in range(1, P):
        min_all = min(min_all, ncards[g, s])
    skips, den_won, steps, won = 0, -1, 0, False
    while not S[g, DONE]:
        steps += 1
        if steps > MAX_STEPS:
            S[g, OUTCOME] = STUCK
            break
        a, cur = S[g, ACTOR], S[g, CUR]
        h, n_own = therm[g, a], ncards[g, a]
        is_lead = cur == LEAD
        sam_on, decl = S[g, SAMON] != 0, S[g, DECL]
        # the choice
        if is_lead and sam_on and a == decl:
            ptr = S[g, PTR]
            pn = plans[g, min(ptr, HAND_SIZE - 1)] if ptr < HAND_SIZE else -1
            choice = _declarer_lead(h, n_own, pn, nf2, mv, pos14, smask)
            has = choice >= 0
        else:
            spr = sp[a]
            nxt = a + 1 if a + 1 < P else 0
            sit = 1 if is_lead else 0
            if spr[SP_KIND] == CONTROL:
                sit += 2 * (min_all <= spr[SP_DANGER]) + 4 * (ncards[g, nxt] == 1) + 8 * (n_own <= 3)
            k = _key(h, cur, sit, is_lead, nf2, spr, mv, best, lead1, win, pos14, str2, odd_hands, odd_keys)
            idx = spr[SP_INV] + sit * (M + 1) + k
            choice = inv[idx] if is_lead or (sam_on and a != decl) else inv_pass[idx]
            has = k > 0
        if steps == 1 and rv[R_HASFIRST]:
            choice = S[g, FIRST]
            has = has or choice >= 0
        # a leader with no legal lead passes the lead on
        if is_lead and not has:
            fail = sam_on and a == decl
            ended = False
            if rv[R_PLAYON]:
                if fail:
                    S[g, SAMON], S[g, SAMFAILED] = 0, 1
            elif fail:
                _pay_sam_fail(g, S, pay, rv)
                S[g, OUTCOME], S[g, DONE] = SAM_FAIL, 1
                ended = True
            if not ended:
                S[g, ACTOR] = a + 1 if a + 1 < P else 0
                skips += 1
                if skips >= P:
                    S[g, OUTCOME], S[g, DONE] = VOID, 1
        pend_by, pend_to, pend_cap = S[g, DBY], S[g, DTO], S[g, DCAP]
        S[g, DBY] = -1
        passes = not is_lead and choice < 0
        if passes:
            S[g, PASSED] |= 1 << a
        plays = choice >= 0
        if plays:
            m = choice
            if rv[R_DEN] and min_all == 1:  # đền (min_all is still before this play)
                if pend_by >= 0 and pend_to == a and mv[TOP, m] <= pend_cap:
                    den_won = pend_by
                nx = a + 1 if a + 1 < P else 0
                if mv[KIND, m] == SINGLE and ncards[g, nx] == 1:
                    hi = high[h & LANE]
                    if mv[TOP, m] < hi:
                        S[g, DBY], S[g, DTO], S[g, DCAP] = a, nx, hi
            ck = mv[KIND, cur]
            chop = mv[KIND, m] == QUAD and (ck == QUAD or ck == SINGLE or ck == PAIR)
            s4, shm = mv[S4, m], mv[SHM, m]
            # (a tứ quý shifts by 64: numpy's shift gives 0 there, LLVM's is undefined)
            therm[g, a] = (h & ~s4) | (((h >> shm) & s4) if shm < 64 else 0)
            left = n_own - mv[LEN, m]
            ncards[g, a] = left
            min_all = min(min_all, left)
            played[g, a] = True
            S[g, PLAYS] += 1
            if chop:
                S[g, CHOPS] += 1
                S[g, CL] += 1
                S[g, CT] += mv[CHOPV, cur]
                S[g, CHOPPER], S[g, CHOPPED] = a, S[g, LAST]
            empty = left == 0
            go = not empty
            if S[g, SAMON]:
                if a == S[g, DECL]:
                    S[g, PTR] += 1
                elif rv[R_PLAYON]:
                    S[g, SAMON], S[g, SAMFAILED] = 0, 1
                else:
                    _pay_sam_fail(g, S, pay, rv)
                    S[g, OUTCOME], S[g, DONE] = SAM_FAIL, 1
                    empty, go = False, False
            if empty:
                S[g, WINNER], S[g, DONE] = a, 1
                won = True
            if go:
                S[g, CUR], S[g, LAST] = m, a
                skips = 0
        if (passes or plays) and not S[g, DONE]:  # the next seat not out of the round
            la = S[g, LAST]
            q = next_seat[((S[g, ACTOR] << P) + S[g, PASSED]) * P + la]
            S[g, ACTOR] = q
            if q == la:
                _settle_chain(g, S, pay)
                S[g, CUR], S[g, PASSED] = LEAD, 0
                skips = 0
    if won:
        _settle_won(g, S[g, WINNER], den_won, S, therm, ncards, played, pay, cong, thoi2, owed, rv)
    if S[g, OUTCOME] == VOID and S[g, SAMFAILED]:  # the penalty of a Sâm beaten earlier stands
        _pay_sam_fail(g, S, pay, rv)
    S[g, STEPS] = steps


@njit(cache=True)
def play_range(lo, hi, S, therm, ncards, played, pay, plans, cong, thoi2, owed, rv, mv, win, pos14, high, str2,
               smask, next_seat, sp, best, lead1, inv, inv_pass, odd_hands, odd_keys):
    """Games ``lo`` to ``hi`` played to their end, one after the other."""
    for g in range(lo, hi):
        play_game(g, S, therm, ncards, played, pay, plans, cong, thoi2, owed, rv, mv, win, pos14, high, str2, smask,
                  next_seat, sp, best, lead1, inv, inv_pass, odd_hands, odd_keys)
