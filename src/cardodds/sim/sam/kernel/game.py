"""Sâm games played to their end in compiled code, action for action as ``cardodds.sim.sam.batch`` plays them.

A game's state: its row of the integer slots ``S`` (below), its seats' rows of ``therm`` (hands as thermometer
masks, see ``batch``), ``ncards``, ``played`` and ``pay``, and its Sâm plan (``plans``).  The moves come as the
table ``mv`` (rows below, one column per move and a last one for the free lead) with the batch engine's mask tables
(``pos14``, ``high``, ``str2``, the straights' position masks ``smask``) and ``next_seat``.  Each seat's
player (``sp``: its kind, ``danger`` and offsets into the concatenated tables ``kc``, ``inv``, ``inv_pass`` and
``odd_keys``) chooses as the batch engine's table player does (``batch._fast_player``): the largest key of its legal
moves, each move's key read from ``kc`` (situation, class, column: a few kB) where the batch engine looks up the max
of every mask in ``best`` (MB), so every choice is the numpy engine's; a declarer leading its Sâm follows its plan,
else its strongest legal play, as ``StrategyBase.choose`` does.
"""

from __future__ import annotations

from numba import njit
from numba.cpython.unsafe.numbers import trailing_zeros

# the integer slots of a game (``S`` columns): its state, then what the result records
(ACTOR, CUR, LAST, PASSED, CT, CL, CHOPPER, CHOPPED, DBY, DTO, DCAP, DECL, SAMON, SAMFAILED, PTR, OUTCOME, WINNER,
 DONE, FIRST, CHOPS, PLAYS, DEN, STEPS) = range(23)
N_SLOTS = 23
# rows of the move table ``mv``
KIND, TOP, LEN, HAS2, SAMSC, CHOPV, S4, SHM, CLS, SHC, COLR, COLS, LENC = range(13)
N_MV = 13
# the rules vector
(R_P, R_M, R_NF2, R_DEN, R_PLAYON, R_THOIHANG, R_CARD, R_TWO, R_CONG, R_SAM, R_SAMFAIL, R_QUAD,
 R_HASFIRST, R_POSMASK, R_DENPASS) = range(15)
N_RV = 15
# a seat's player (``sp`` columns)
SP_KIND, SP_DANGER, SP_KC, SP_INV, SP_ODD, SP_NSIT = range(6)
N_SP = 6
GREEDY, CONTROL = 0, 1

NORMAL, TOI_TRANG, SAM_SUCCESS, SAM_FAIL, VOID = range(5)
STUCK = 99  # a game that went on past MAX_STEPS (cannot happen in a game of legal moves)
SINGLE, PAIR, QUAD = 0, 1, 3
N_RANKS, HAND_SIZE, N_CLS = 13, 10, 12
LANE = 0x1FFF
TWO_RANK = 12
TWO_BIT = 1 << TWO_RANK
TWOS = TWO_BIT * 0x0001000100010001  # the 2s, in every lane
QUAD_BITS = (LANE & ~TWO_BIT) << 48
N_RANK_MOVES = 4 * N_RANKS
MAX_STEPS = 4000


@njit(cache=True, inline="always", _nrt=False)
def _popcount(x):
    """Set bits of a non-negative int (a hand has at most 10)."""
    c = 0
    while x:
        x &= x - 1
        c += 1
    return c


@njit(cache=True, inline="always", _nrt=False)
def _max_key(kc, base, col):
    """The largest key ``kc[base + b]`` over the set bits ``b`` of ``col`` (0 when none): the batch engine's
    ``best`` table of the moves one mask stands for, computed instead of looked up (it stays in the cache)."""
    k = 0
    while col:
        k = max(k, int(kc[base + trailing_zeros(col)]))
        col &= col - 1
    return k


@njit(cache=True, inline="always", _nrt=False)
def _key(h, cur, sit, lead, nf2, posmask, sp, a, mv, kc, pos14, str2, odd_hands, odd_keys):
    """``batch._table_keys`` of one hand: the key of the best legal move (0: none)."""
    m1 = h & LANE
    if nf2 and (m1 == TWO_BIT or (((h >> 16) & LANE) == 0 and str2[m1])):
        n_cur = mv.shape[1]
        for i in range(odd_hands.shape[0]):
            if odd_hands[i] == h:
                return int(odd_keys[sp[a, SP_ODD] + (i * n_cur + cur) * sp[a, SP_NSIT] + sit])
        return -1
    base = sp[a, SP_KC] + sit * (N_CLS * 14)
    p14 = pos14[m1] & posmask  # straight positions held (the table's straights start at min_pos)
    if lead:
        k = 0
        for lane in range(4):  # singles, pairs, triples, tứ quý
            k = max(k, _max_key(kc, base + lane * 14, (h >> (16 * lane)) & LANE))
        run = p14 & (p14 >> 1)
        for L in range(3, HAND_SIZE + 1):  # run: the first positions of the L-long runs held
            run &= p14 >> (L - 1)
            if run == 0:
                break
            k = max(k, _max_key(kc, base + (4 + L - 3) * 14, run << (L - 1)))
        return k
    L = mv[LENC, cur]
    if L == 0:
        col = (h >> mv[SHC, cur]) & mv[COLR, cur]
    else:
        run = p14
        for i in range(1, L):
            run &= p14 >> i
        col = (run << (L - 1)) & mv[COLS, cur]
    return _max_key(kc, base + mv[CLS, cur] * 14, col)


@njit(cache=True, inline="always", _nrt=False)
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


@njit(cache=True, inline="always", _nrt=False)
def _pay_sam_fail_of(g, decl, pay, P, amount):
    """A failed Sâm: the declarer pays every opponent."""
    for s in range(P):
        pay[g, s] += amount
    pay[g, decl] -= amount * P


@njit(cache=True, inline="always", _nrt=False)
def _pay_sam_fail(g, S, pay, rv):
    _pay_sam_fail_of(g, S[g, DECL], pay, rv[R_P], rv[R_SAMFAIL])


@njit(cache=True, inline="always", _nrt=False)
def _settle_chain(g, S, pay):
    if S[g, CL] > 0:
        pay[g, S[g, CHOPPED]] -= S[g, CT]
        pay[g, S[g, CHOPPER]] += S[g, CT]
        S[g, CT] = 0
        S[g, CL] = 0


@njit(cache=True, inline="always", _nrt=False)
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


@njit(cache=True, inline="always", _nrt=False)
def _choose(g, a, nxt, h, n_own, cur, is_lead, sam_on, decl, ptr, min_all, plans, ncards, nf2, posmask, sp, mv, kc,
            pos14, str2, smask, odd_hands, odd_keys, inv, inv_pass, M):
    """Seat ``a``'s choice in game ``g`` and whether it has a legal play: the declarer's plan while it leads its Sâm,
    else its player's table (``batch.SamBatch.step``'s choice)."""
    if is_lead and sam_on and a == decl:
        pn = plans[g, min(ptr, HAND_SIZE - 1)] if ptr < HAND_SIZE else -1
        choice = _declarer_lead(h, n_own, pn, nf2, mv, pos14, smask)
        return choice, choice >= 0
    sit = 1 if is_lead else 0
    if sp[a, SP_KIND] == CONTROL:
        sit += 2 * (min_all <= sp[a, SP_DANGER]) + 4 * (ncards[g, nxt] == 1) + 8 * (n_own <= 3)
    k = _key(h, cur, sit, is_lead, nf2, posmask, sp, a, mv, kc, pos14, str2, odd_hands, odd_keys)
    idx = sp[a, SP_INV] + sit * (M + 1) + k
    choice = inv[idx] if is_lead or (sam_on and a != decl) else inv_pass[idx]
    return choice, k > 0


@njit(cache=True, inline="always", _nrt=False)
def _fewest(ncards, g, P):
    """The fewest cards any seat of game ``g`` holds."""
    fewest = ncards[g, 0]
    for s in range(1, P):
        fewest = min(fewest, ncards[g, s])
    return fewest


@njit(cache=True, inline="always", _nrt=False)
def _den_of_pass(g, a, nxt, h, n_own, cur, passed, ncards, mv, high, nf2, dby, dto, dcap):
    """``den_on_pass``: seat ``a`` passes on a single its highest card beats while ``nxt``, still in the round, holds
    one card: đền is pending on ``a`` (``(by, to, cap)``); else the pending đền as it was."""
    if mv[KIND, cur] == SINGLE and ncards[g, nxt] == 1 and not (passed >> nxt) & 1:
        hi = high[h & LANE]
        if hi > mv[TOP, cur] and not (nf2 and hi == TWO_RANK and n_own == 1):
            return a, nxt, hi
    return dby, dto, dcap


@njit(cache=True, inline="always", _nrt=False)
def _no_lead(g, a, nxt, decl, sam_on, sam_failed, outcome, done, actor, skips, playon, pay, P, sam_fail_pay):
    """A leader with no legal lead passes the lead on (a declarer's Sâm fails there); all the seats in turn: a void
    game.  Returns the changed slots ``sam_on, sam_failed, outcome, done, actor, skips``."""
    fail = sam_on and a == decl
    if playon:
        if fail:
            sam_on, sam_failed = False, True
    elif fail:
        _pay_sam_fail_of(g, decl, pay, P, sam_fail_pay)
        return sam_on, sam_failed, SAM_FAIL, True, actor, skips
    skips += 1
    if skips >= P:
        outcome, done = VOID, True
    return sam_on, sam_failed, outcome, done, nxt, skips


@njit(cache=True, inline="always", _nrt=False)
def _den_of_play(g, a, nxt, h, m, ncards, mv, high, pend_by, pend_to, pend_cap, den_won, dby, dto, dcap):
    """Đền at seat ``a``'s play ``m`` while some seat holds one card: the pending đền on ``a`` is won if ``m`` beats
    no more than its cap; a single led to ``nxt`` holding one card, lower than ``a``'s highest, makes a new one.
    Returns ``den_won, dby, dto, dcap``."""
    if pend_by >= 0 and pend_to == a and mv[TOP, m] <= pend_cap:
        den_won = pend_by
    if mv[KIND, m] == SINGLE and ncards[g, nxt] == 1:
        hi = high[h & LANE]
        if mv[TOP, m] < hi:
            dby, dto, dcap = a, nxt, hi
    return den_won, dby, dto, dcap


@njit(cache=True, inline="always", _nrt=False)
def _sam_after_play(g, a, decl, ptr, playon, pay, P, sam_fail_pay, sam_failed, outcome, done, empty, go):
    """A play while a Sâm stands: the declarer's plan goes on; another seat's play beats the Sâm (the game plays on,
    or it ends and the declarer pays).  Returns ``ptr, sam_on, sam_failed, outcome, done, empty, go``."""
    sam_on = True
    if a == decl:
        ptr += 1
    elif playon:
        sam_on, sam_failed = False, True
    else:
        _pay_sam_fail_of(g, decl, pay, P, sam_fail_pay)
        outcome, done = SAM_FAIL, True
        empty, go = False, False
    return ptr, sam_on, sam_failed, outcome, done, empty, go


@njit(cache=True, inline="always", _nrt=False)
def _next_actor(g, actor, cur, passed, last, skips, ct, cl, chopper, chopped, pay, next_seat, P, LEAD):
    """The next seat not out of the round; back at the round's last player, the round's chặt chain is paid and that
    seat leads.  Returns ``actor, cur, passed, skips, ct, cl``."""
    q = next_seat[((actor << P) + passed) * P + last]
    if q == last:
        if cl > 0:
            pay[g, chopped] -= ct
            pay[g, chopper] += ct
            ct, cl = 0, 0
        cur, passed, skips = LEAD, 0, 0
    return q, cur, passed, skips, ct, cl


@njit(cache=True, inline="always", _nrt=False)
def _store(g, S, actor, cur, last, passed, ct, cl, chopper, chopped, dby, dto, dcap, sam_on, sam_failed, ptr, outcome,
           winner, done, chops, n_plays, steps):
    """Store game ``g``'s slots back (``play_game`` held them in local variables)."""
    S[g, ACTOR], S[g, CUR], S[g, LAST], S[g, PASSED] = actor, cur, last, passed
    S[g, CT], S[g, CL], S[g, CHOPPER], S[g, CHOPPED] = ct, cl, chopper, chopped
    S[g, DBY], S[g, DTO], S[g, DCAP] = dby, dto, dcap
    S[g, SAMON], S[g, SAMFAILED], S[g, PTR] = sam_on, sam_failed, ptr
    S[g, OUTCOME], S[g, WINNER], S[g, DONE] = outcome, winner, done
    S[g, CHOPS], S[g, PLAYS], S[g, STEPS] = chops, n_plays, steps


@njit(cache=True, inline="always", _nrt=False)  # into play_range: no call (and no array arguments copied) per game
def play_game(g, S, therm, ncards, played, pay, plans, cong, thoi2, owed, rv, mv, pos14, high, str2, smask,
              next_seat, sp, kc, inv, inv_pass, odd_hands, odd_keys):
    """Play game ``g`` on to its end (``batch.SamBatch.step`` for one game, then its payments).  The slots are held
    in local variables while it plays (the compiler keeps them in registers) and stored back at its end."""
    P, M, nf2 = rv[R_P], rv[R_M], rv[R_NF2] != 0
    playon, den_rule, sam_fail_pay = rv[R_PLAYON] != 0, rv[R_DEN] != 0, rv[R_SAMFAIL]
    den_pass = den_rule and rv[R_DENPASS] != 0
    LEAD, posmask = M, rv[R_POSMASK]
    actor, cur, last, passed = S[g, ACTOR], S[g, CUR], S[g, LAST], S[g, PASSED]
    ct, cl, chopper, chopped = S[g, CT], S[g, CL], S[g, CHOPPER], S[g, CHOPPED]
    dby, dto, dcap, decl = S[g, DBY], S[g, DTO], S[g, DCAP], S[g, DECL]
    sam_on, sam_failed, ptr = S[g, SAMON] != 0, S[g, SAMFAILED] != 0, S[g, PTR]
    outcome, winner, done = S[g, OUTCOME], S[g, WINNER], S[g, DONE] != 0
    min_all = _fewest(ncards, g, P)
    skips, den_won, steps, won, chops, n_plays = 0, -1, 0, False, 0, 0
    while not done:
        steps += 1
        if steps > MAX_STEPS:
            outcome = STUCK
            break
        a = actor
        h, n_own = therm[g, a], ncards[g, a]
        is_lead = cur == LEAD
        nxt = a + 1 if a + 1 < P else 0
        choice, has = _choose(g, a, nxt, h, n_own, cur, is_lead, sam_on, decl, ptr, min_all, plans, ncards, nf2,
                              posmask, sp, mv, kc, pos14, str2, smask, odd_hands, odd_keys, inv, inv_pass, M)
        if steps == 1 and rv[R_HASFIRST]:
            choice = S[g, FIRST]
            has = has or choice >= 0
        # a leader with no legal lead passes the lead on
        if is_lead and not has:
            sam_on, sam_failed, outcome, done, actor, skips = _no_lead(g, a, nxt, decl, sam_on, sam_failed, outcome,
                                                                       done, actor, skips, playon, pay, P, sam_fail_pay)
        pend_by, pend_to, pend_cap = dby, dto, dcap
        dby = -1
        passes = not is_lead and choice < 0
        if passes:
            passed |= 1 << a
            if den_pass:
                dby, dto, dcap = _den_of_pass(g, a, nxt, h, n_own, cur, passed, ncards, mv, high, nf2, dby, dto, dcap)
        plays = choice >= 0
        if plays:
            m = choice
            if den_rule and min_all == 1:  # đền (min_all is still before this play)
                den_won, dby, dto, dcap = _den_of_play(g, a, nxt, h, m, ncards, mv, high, pend_by, pend_to, pend_cap,
                                                       den_won, dby, dto, dcap)
            ck = mv[KIND, cur]
            chop = mv[KIND, m] == QUAD and (ck == QUAD or ck == SINGLE or ck == PAIR)
            s4, shm = mv[S4, m], mv[SHM, m]
            # (a tứ quý shifts by 64: numpy's shift gives 0 there, LLVM's is undefined)
            therm[g, a] = (h & ~s4) | (((h >> shm) & s4) if shm < 64 else 0)
            left = n_own - mv[LEN, m]
            ncards[g, a] = left
            min_all = min(min_all, left)
            played[g, a] = True
            n_plays += 1
            if chop:
                chops += 1
                cl += 1
                ct += mv[CHOPV, cur]
                chopper, chopped = a, last
            empty = left == 0
            go = not empty
            if sam_on:
                ptr, sam_on, sam_failed, outcome, done, empty, go = _sam_after_play(
                    g, a, decl, ptr, playon, pay, P, sam_fail_pay, sam_failed, outcome, done, empty, go)
            if empty:
                winner, done, won = a, True, True
            if go:
                cur, last = m, a
                skips = 0
        if (passes or plays) and not done:
            actor, cur, passed, skips, ct, cl = _next_actor(g, actor, cur, passed, last, skips, ct, cl, chopper,
                                                            chopped, pay, next_seat, P, LEAD)
    _store(g, S, actor, cur, last, passed, ct, cl, chopper, chopped, dby, dto, dcap, sam_on, sam_failed, ptr,
           outcome, winner, done, chops, n_plays, steps)
    if won:
        _settle_won(g, winner, den_won, S, therm, ncards, played, pay, cong, thoi2, owed, rv)
    if S[g, OUTCOME] == VOID and S[g, SAMFAILED]:  # the penalty of a Sâm beaten earlier stands
        _pay_sam_fail(g, S, pay, rv)


@njit(cache=True, _nrt=False)
def play_range(lo, hi, S, therm, ncards, played, pay, plans, cong, thoi2, owed, rv, mv, pos14, high, str2, smask,
               next_seat, sp, kc, inv, inv_pass, odd_hands, odd_keys):
    """Games ``lo`` to ``hi`` played to their end, one after the other."""
    for g in range(lo, hi):
        play_game(g, S, therm, ncards, played, pay, plans, cong, thoi2, owed, rv, mv, pos14, high, str2, smask,
                  next_seat, sp, kc, inv, inv_pass, odd_hands, odd_keys)
