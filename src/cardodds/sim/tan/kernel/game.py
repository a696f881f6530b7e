"""One Tấn game played to its end in compiled code, move for move as ``cardodds.sim.tan.batch`` plays it: from its
deal (``play_game``, the loops over games ``play_range`` and ``play_blocks``) or from a state (``play_states``, as
``batch.play_from_state`` resumes games).

A game's state: ``hands`` (P,) masks, ``inn`` (P,) seats still in, the stock as the prefix-OR ``cum`` (S + 1,) of
its drawing order ``seq`` with a pointer, and the integer slots of ``st`` (below; the attack and cover cards of the
table among them).  The rules come as the integer vector ``rv`` (slots ``R_*``, see
``cardodds.sim.tan.compiled.rules_vector``) and ``offsets``, the refill order as seat offsets from the attacker.
Every game is played to its end or to ``max_bouts`` (the numpy engine hands its longest games to the reference engine
instead, with the same outcome).
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from cardodds.sim.tan.kernel import decide
from cardodds.sim.tan.kernel.masks import BEAT, BELOW, SUIT_MASK, bit, popcount, rank_spread

# the rules vector
R_P, R_H, R_S, R_EXCHANGE, R_LOW_RANK, R_CAP, R_THROW_IN, R_RUNS_ON, R_MAX_BOUTS = range(9)
EX_NONE, EX_ANY_LOWER, EX_TWO_ONLY = 0, 1, 2

# the state vector: seats, counters, the stock pointer, the table's masks (stored as int64 bit patterns)
A, D, CUR, PASSES, NTHROW, CAP, NT, TOP, TAKING, BOUTS, PICKUPS, TRUMP, MOVES, ATT, COV = range(15)
N_SLOTS = 15
BLOCK = 1024  # games a thread plays in a row (play_blocks)


@njit(cache=True, inline="always", _nrt=False)
def _wrap(seat, P):
    """``seat % P`` for 0 <= seat < 2 P, without a division (the hot loops take it often)."""
    return seat - P if seat >= P else seat


@njit(cache=True, inline="always", _nrt=False)
def _next_in(seat, inn, include_self):
    """First seat after (or at) ``seat`` still in the game (``seat`` itself if none)."""
    P = inn.shape[0]
    for k in range(0 if include_self else 1, P):
        t = _wrap(seat + k, P)
        if inn[t]:
            return t
    return seat


@njit(cache=True, inline="always", _nrt=False)
def _next_adder(seat, d, inn):
    """The adder after ``seat`` in this bout: the next seat still in, the defender ``d`` skipped (``seat`` if none)."""
    P = inn.shape[0]
    for k in range(1, P):
        t = _wrap(seat + k, P)
        if inn[t] and t != d:
            return t
    return seat


@njit(cache=True, inline="always", _nrt=False)
def _start_bout(st, hands, inn, a, n_in, cap_rule):
    """A bout with ``a`` attacking: the defender and the cap on attack cards."""
    d = _next_in(a, inn, False)
    st[A], st[D], st[CUR], st[PASSES], st[NTHROW] = a, d, a, 0, n_in - 1
    st[CAP] = min(popcount(hands[d]), cap_rule)


@njit(cache=True, inline="always", _nrt=False)
def _deal(order, rv, hands, seq, cum):
    """Hands, stock (the turned card last) and its prefix-OR from one shuffled deck; returns the turned card."""
    P, H, S = rv[R_P], rv[R_H], rv[R_S]
    for s in range(P):
        h = np.uint64(0)
        for j in range(H):
            h |= bit(order[s * H + j])
        hands[s] = h
    turned = np.int64(order[P * H])
    for j in range(S - 1):
        seq[j] = order[P * H + 1 + j]
    seq[S - 1] = turned
    cum[0] = 0
    for j in range(S):
        cum[j + 1] = cum[j] | bit(seq[j])
    return turned


@njit(cache=True, inline="always", _nrt=False)
def _exchange(rv, turned, fa, hands, seq, cum):
    """The trump exchange in turn order from ``fa`` (every compiled player swaps its lowest allowed trump); returns
    the first attacker (changed by a "two_only" swap)."""
    mode, P, S = rv[R_EXCHANGE], rv[R_P], rv[R_S]
    if mode == EX_NONE:
        return fa
    trump = turned & 3
    low = bit(4 * rv[R_LOW_RANK] + trump)
    fa0 = fa
    for k in range(P):
        s = _wrap(fa0 + k, P)
        h = hands[s]
        options = h & SUIT_MASK[trump] & BELOW[turned >> 2] if mode == EX_ANY_LOWER else h & low
        choice = decide.exchange(options)
        if choice >= 0:
            give = bit(choice)
            hands[s] = h ^ (give | bit(turned))
            cum[S] = cum[S - 1] | give
            seq[S - 1] = choice
            if mode == EX_TWO_ONLY:
                fa = s
            break  # one swap per game: nobody after it has options
    return fa


@njit(cache=True, inline="always", _nrt=False)
def _others(hands, seat):
    """Every card in the other seats' hands: with the stock empty, what ``seat`` has not seen."""
    x = np.uint64(0)
    for s in range(hands.shape[0]):
        if s != seat:
            x |= hands[s]
    return x


@njit(cache=True, inline="always", _nrt=False)
def _step(st, rv, hands, inn, cum, kinds, knobs, force_a, force_d):
    """One move: the current adder plays or passes, the defender covers or takes; then the forced passes.  Returns
    -1 while the bout goes on, else 1 if the defender picks up the table, 0 if it is discarded.

    ``force_a`` / ``force_d`` >= -1 replace the adder's / the defender's choice (a card, or -1: pass / take) as
    ``batch.play_from_state`` forces a resumed game's first move; -2 leaves them to the players."""
    P, H, S, cap_rule = rv[R_P], rv[R_H], rv[R_S], rv[R_CAP]
    st[MOVES] += 1
    cur, d, trump, nt, cap, top = st[CUR], st[D], st[TRUMP], st[NT], st[CAP], st[TOP]
    att, cov, taking = np.uint64(st[ATT]), np.uint64(st[COV]), st[TAKING] != 0
    tmask = SUIT_MASK[trump]
    hc, hd = hands[cur], hands[d]
    lead = att == 0
    legal = hc if lead else (hc & rank_spread(att | cov) if nt < cap else np.uint64(0))
    stock_left = S - top
    choice = np.int64(-1)
    if legal != 0:
        unseen = _others(hands, cur) if stock_left == 0 else np.uint64(0)
        choice = decide.attack(kinds[cur], knobs, cur, legal, lead, tmask, stock_left, popcount(hd), hc, unseen,
                               trump)
    if force_a >= -1:
        choice = force_a
    play = choice >= 0 and legal != 0
    b = bit(choice) if play else np.uint64(0)
    hands[cur] = hc ^ b
    att |= b
    nt += play
    dlegal = BEAT[trump, choice] & hd if play and not taking else np.uint64(0)
    dch = np.int64(-1)
    if dlegal != 0:
        unseen = _others(hands, d) if stock_left == 0 else np.uint64(0)
        dch = decide.defend(kinds[d], knobs, d, dlegal, choice, trump, tmask, stock_left, nt, unseen)
    if force_d >= -1:
        dch = force_d
    covered = dch >= 0 and dlegal != 0
    cb = bit(dch) if covered else np.uint64(0)
    take = play and not covered and not taking
    if rv[R_THROW_IN]:  # lên announced: the adding goes on, the bout ends when all pass
        taking = taking or take
        take = False
    hd ^= cb
    if rv[R_RUNS_ON] and covered and hd == 0 and top < S:
        k = min(H, S - top)
        hd |= cum[top + k] & ~cum[top]
        top += k
        cap = min(nt + k, cap_rule)
    hands[d] = hd
    cov |= cb
    passes = 0 if play else st[PASSES] + 1
    if not play:
        cur = _next_adder(cur, d, inn)
    going = not take and hd != 0
    spread = rank_spread(att | cov) if nt < cap else np.uint64(0)
    for _ in range(P - 1):  # an adder with no legal card passes without deciding
        if not (going and passes < st[NTHROW] and (hands[cur] & spread) == 0):
            break
        passes += 1
        cur = _next_adder(cur, d, inn)
    st[CUR], st[NT], st[CAP], st[TOP], st[PASSES], st[TAKING] = cur, nt, cap, top, passes, taking
    st[ATT], st[COV] = np.int64(att), np.int64(cov)
    if (going and passes >= st[NTHROW]) or (covered and hd == 0) or take:
        return 1 if take or taking else 0
    return -1


@njit(cache=True, inline="always", _nrt=False)
def _end_bout(st, rv, offsets, hands, inn, cum, taken):
    """Pick up or discard, refill in the rules' order, outs; returns -2 while the game goes on, else the loser (-1
    for a draw or a truncated game) and starts the next bout."""
    P, H, S = rv[R_P], rv[R_H], rv[R_S]
    a, d = st[A], st[D]
    if taken:
        hands[d] |= np.uint64(st[ATT]) | np.uint64(st[COV])
        st[PICKUPS] += 1
    st[BOUTS] += 1
    st[ATT], st[COV], st[NT], st[TAKING] = 0, 0, 0, 0
    top = st[TOP]
    if top < S:  # nobody is out while the stock lasts: a fixed rotation from the attacker
        avail, cs = S - top, 0
        for j in range(P):
            s = _wrap(a + offsets[j], P)
            start = top + min(cs, avail)
            cs += max(H - popcount(hands[s]), 0)
            hands[s] |= cum[top + min(cs, avail)] & ~cum[start]
        top += min(cs, avail)
        st[TOP] = top
    n_in, last = 0, -1
    for s in range(P):
        if inn[s] and top == S and hands[s] == 0:
            inn[s] = False
        if inn[s]:
            n_in += 1
            last = s if last < 0 else last
    if n_in <= 1:
        return last
    if st[BOUTS] >= rv[R_MAX_BOUTS]:
        return -1
    _start_bout(st, hands, inn, _next_in(_wrap(d + 1 if taken else d, P), inn, True), n_in, rv[R_CAP])
    return -2


STUCK = -3
"""The loser a game reports when one bout ran past ``MAX_BOUT_MOVES`` moves: a state the rules cannot reach (no game
of legal moves does it), reported instead of looping forever."""
MAX_BOUT_MOVES = 4096  # a bout makes at most ~(cap + 1) plays, each after fewer than P passes


@njit(cache=True, _nrt=False)  # not inlined: play_game and play_states share one compiled copy
def play_out(st, rv, offsets, hands, inn, cum, kinds, knobs, force_a, force_d):
    """Play the game in ``st``, ``hands``, ``inn``, ``cum`` from its next move to its end, the first move forced by
    ``force_a`` / ``force_d`` (``_step``); returns the loser (-1: a draw or a truncated game; ``STUCK``)."""
    loser, moves = -2, 0
    while loser == -2:
        end = _step(st, rv, hands, inn, cum, kinds, knobs, force_a, force_d)
        force_a = force_d = -2
        moves += 1
        if end >= 0:
            loser = _end_bout(st, rv, offsets, hands, inn, cum, end == 1)
            moves = 0
        elif moves > MAX_BOUT_MOVES:
            loser = STUCK
    return loser


@njit(cache=True, inline="always", _nrt=False)
def write_out(g, out, loser, inn, st, fa):
    """Row ``g`` of ``out``: loser, draw, truncated, bouts, pick-ups, the first attacker ``fa`` and the moves made."""
    n_in = 0
    for s in range(inn.shape[0]):
        n_in += inn[s]
    out[g, 0], out[g, 1], out[g, 2] = loser, n_in == 0 and loser != STUCK, n_in > 1 and loser != STUCK
    out[g, 3], out[g, 4], out[g, 5], out[g, 6] = st[BOUTS], st[PICKUPS], fa, st[MOVES]


@njit(cache=True, _nrt=False)
def play_game(g, orders, first, rv, offsets, kinds, knobs, out, hands, inn, seq, cum, st):
    """Deal ``orders[g]`` and play it to its end; ``out[g]`` receives loser, draw, truncated, bouts, pick-ups, the
    first attacker and the moves made (batch steps).  ``hands`` (P,), ``inn`` (P,), ``seq`` (S,), ``cum`` (S + 1,)
    and ``st`` (``N_SLOTS``,) are scratch arrays (compiled without reference counting, which would cost more than
    the play: nothing here allocates)."""
    P = rv[R_P]
    inn[:] = True
    st[:] = 0
    turned = _deal(orders[g], rv, hands, seq, cum)
    st[TRUMP] = turned & 3
    fa = _exchange(rv, turned, np.int64(first[g]), hands, seq, cum)
    _start_bout(st, hands, inn, fa, P, rv[R_CAP])
    write_out(g, out, play_out(st, rv, offsets, hands, inn, cum, kinds, knobs, np.int64(-2), np.int64(-2)), inn,
              st, fa)


@njit(cache=True, _nrt=False)
def play_states(hands0, inn0, stock, slots, first, force_a, force_d, rv, offsets, kinds, knobs, out, hands, inn, cum,
                st):
    """Play game ``g`` of the states to its end for every ``g``; ``out[g]`` as ``play_game`` writes it.

    ``hands0`` (P, n) masks and ``inn0`` (P, n) seats still in; ``stock`` (n, S) in drawing order, -1 before the
    game's stock pointer (its slot ``TOP``); ``slots`` (n, ``N_SLOTS``) the integer state (the slots above, the
    table's masks as int64 bit patterns); ``first`` (n,) the first attackers; ``force_a`` / ``force_d`` (n,) each
    game's forced first move (-2: none).  ``hands`` (P,), ``inn`` (P,), ``cum`` (S + 1,) and ``st`` (``N_SLOTS``,)
    are one game's scratch arrays.
    """
    P, S = rv[R_P], rv[R_S]
    for g in range(slots.shape[0]):
        for s in range(P):
            hands[s] = hands0[s, g]
            inn[s] = inn0[s, g]
        cum[0] = 0
        for j in range(S):
            cum[j + 1] = cum[j] | bit(stock[g, j])
        for k in range(N_SLOTS):
            st[k] = slots[g, k]
        loser = play_out(st, rv, offsets, hands, inn, cum, kinds, knobs, np.int64(force_a[g]), np.int64(force_d[g]))
        write_out(g, out, loser, inn, st, first[g])


@njit(cache=True, _nrt=False)
def play_range(lo, hi, orders, first, rv, offsets, kinds, knobs, out, hands, inn, seq, cum, st):
    """Play games ``lo..hi-1`` with one set of scratch arrays."""
    for g in range(lo, hi):
        play_game(g, orders, first, rv, offsets, kinds, knobs, out, hands, inn, seq, cum, st)


@njit(cache=True, parallel=True)
def play_blocks(orders, first, rv, offsets, kinds, knobs, out, hands, inn, seq, cum, st):
    """Play blocks of ``BLOCK`` games over numba's threads, block ``b`` with row ``b`` of the scratch arrays."""
    n = orders.shape[0]
    for b in prange(hands.shape[0]):
        play_range(b * BLOCK, min(n, (b + 1) * BLOCK), orders, first, rv, offsets, kinds, knobs, out, hands[b],
                   inn[b], seq[b], cum[b], st[b])
