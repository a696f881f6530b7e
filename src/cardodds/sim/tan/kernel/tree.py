"""The ``ismcts_tree`` player's search in compiled code (``cardodds.sim.tan.ismcts_tree``): single-observer
information-set MCTS over one game, move by move.

A move is one seat's action: the adder's card or pass (``PASS``), the defender's cover or take (lên, also
``PASS``).  The game's state is the compiled engine's (``kernel.game``: ``hands``, ``inn``, ``cum``, the slots of
``st``) with one more slot, ``PEND``: the attack card the defender must answer (-1: the adder moves).  The bouts end
and the next ones start with ``game._end_bout``, so play follows the rules as the engines play them.  Every move is
a tree move, the forced ones too (the only card, a pass with no card to add, a take with no card that covers).

The tree: node 0 is the decision; a node's children are indexed by move (card id, 52 for ``PASS``), and hold the
visits, the score summed for the seat that moved into them (win 1, draw or a cut game ½, loss 0) and the
availability count: the times the walk selected at their parent (every move there tried) in a determinization where
their move was legal, 1 from their expansion on (as the SO-ISMCTS reference code counts them).  numba
caches this file's functions against this file only: after editing ``game``, ``decide`` or ``masks`` delete
``kernel/__pycache__``.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from cardodds.sim.tan.kernel import decide
from cardodds.sim.tan.kernel.game import (ATT, CAP, COV, CUR, D, N_SLOTS, NT, NTHROW, PASSES, R_CAP, R_H, R_RUNS_ON,
                                          R_S, R_THROW_IN, TAKING, TOP, TRUMP, _end_bout, _next_adder)
from cardodds.sim.tan.kernel.masks import BEAT, SUIT_MASK, bit, lowest, popcount, rank_spread

PEND = N_SLOTS  # the card the defender must answer (-1: none)
SLOTS = N_SLOTS + 1
PASS = 52  # a move's column for pass / take
GOING = -2  # what a move returns while the game goes on (else the loser, -1 for a draw or a cut game)
RANDOM, POLICY = 0, 1  # the rollouts: uniform over the legal moves, or the compiled player of ``kinds``


@njit(cache=True, inline="always", _nrt=False)
def _next(rng):
    """One splitmix64 step of the generator ``rng`` (a one-element uint64 array)."""
    rng[0] += np.uint64(0x9E3779B97F4A7C15)
    z = rng[0]
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@njit(cache=True, inline="always", _nrt=False)
def _below(rng, k):
    """A uniform whole number 0..k-1."""
    return np.int64((_next(rng) >> np.uint64(11)) % np.uint64(k))


@njit(cache=True, inline="always", _nrt=False)
def _options(st, hands):
    """The seat to move, its legal cards and whether it may pass / take."""
    trump, pend = st[TRUMP], st[PEND]
    if pend >= 0:
        d = st[D]
        return d, BEAT[trump, pend] & hands[d], True
    cur = st[CUR]
    att, cov = np.uint64(st[ATT]), np.uint64(st[COV])
    if att == 0:
        return cur, hands[cur], False
    legal = hands[cur] & rank_spread(att | cov) if st[NT] < st[CAP] else np.uint64(0)
    return cur, legal, True


@njit(cache=True, _nrt=False)
def play(st, rv, offsets, hands, inn, cum, move):
    """Make ``move`` (a card, or -1 / ``PASS``: pass or take) for the seat to move; returns ``GOING`` or the loser."""
    S = rv[R_S]
    c = np.int64(-1) if move == PASS else np.int64(move)
    if st[PEND] >= 0:  # the defender answers
        d = st[D]
        st[PEND] = -1
        if c < 0:
            if rv[R_THROW_IN]:  # lên announced: the adding goes on, uncovered
                st[TAKING] = 1
                return GOING
            return _end_bout(st, rv, offsets, hands, inn, cum, True)
        hd = hands[d] ^ bit(c)
        st[COV] = np.int64(np.uint64(st[COV]) | bit(c))
        top = st[TOP]
        if rv[R_RUNS_ON] and hd == 0 and top < S:
            k = min(rv[R_H], S - top)
            hd |= cum[top + k] & ~cum[top]
            st[TOP] = top + k
            st[CAP] = min(st[NT] + k, rv[R_CAP])
        hands[d] = hd
        if hd == 0:
            return _end_bout(st, rv, offsets, hands, inn, cum, False)
        return GOING
    cur = st[CUR]
    if c < 0:  # a pass
        st[PASSES] += 1
        if st[PASSES] >= st[NTHROW]:
            return _end_bout(st, rv, offsets, hands, inn, cum, st[TAKING] != 0)
        st[CUR] = _next_adder(cur, st[D], inn)
        return GOING
    hands[cur] ^= bit(c)
    st[ATT] = np.int64(np.uint64(st[ATT]) | bit(c))
    st[NT] += 1
    st[PASSES] = 0
    if st[TAKING] == 0:
        st[PEND] = c
    return GOING


@njit(cache=True, _nrt=False)
def _rollout_move(st, rv, hands, kinds, knobs, mode, rng):
    """The rollout's move for the seat to move: uniform over its legal moves, or the compiled player's."""
    seat, legal, may_pass = _options(st, hands)
    n = popcount(legal)
    if mode == RANDOM or n == 0:
        j = _below(rng, n + may_pass)
        if j == n:
            return np.int64(PASS)
        for _ in range(j):
            legal &= legal - np.uint64(1)
        return lowest(legal)
    trump = st[TRUMP]
    tmask = SUIT_MASK[trump]
    stock_left = rv[R_S] - st[TOP]
    unseen = np.uint64(0)
    if stock_left == 0:
        for s in range(hands.shape[0]):
            if s != seat:
                unseen |= hands[s]
    if st[PEND] >= 0:
        ch = decide.defend(kinds[seat], knobs, seat, legal, st[PEND], trump, tmask, stock_left, st[NT], unseen)
    else:
        ch = decide.attack(kinds[seat], knobs, seat, legal, np.uint64(st[ATT]) == 0, tmask, stock_left,
                           popcount(hands[st[D]]), hands[seat], unseen, trump)
    return np.int64(PASS) if ch < 0 else ch


@njit(cache=True, _nrt=False)
def _score(seat, loser):
    """The seat's score in a finished game: 0 a loss, ½ a draw or a cut game, 1 a win."""
    return 0.5 if loser < 0 else (0.0 if loser == seat else 1.0)


@njit(cache=True, inline="always")
def _listed_moves(st, hands, moves):
    """Write the legal moves of the decision ``st`` into ``moves`` (the cards lowest first, then ``PASS`` where one
    may pass or take); ``(the seat to move, how many)``."""
    seat, legal, may_pass = _options(st, hands)
    k = 0
    while legal != 0:
        moves[k] = lowest(legal)
        legal &= legal - np.uint64(1)
        k += 1
    if may_pass:
        moves[k] = PASS
        k += 1
    return seat, k


@njit(cache=True, inline="always")
def _untried_move(rng, children, moves, k, untried):
    """One of the ``untried`` moves among ``moves[:k]`` without a child in ``children``, drawn uniformly."""
    pick, m = _below(rng, untried), np.int64(PASS)
    for j in range(k):
        if children[moves[j]] < 0:
            if pick == 0:
                m = moves[j]
                break
            pick -= 1
    return m


@njit(cache=True, inline="always")
def _ucb1_move(children, moves, k, avail, w, n, exploration):
    """The move of ``moves[:k]`` whose child has the highest UCB1 (its availability counted first: every move legal
    here was available, so its count grows before UCB1 reads it)."""
    best, best_v = -1, -1.0
    for j in range(k):
        c = children[moves[j]]
        avail[c] += 1.0
        v = w[c] / n[c] + exploration * math.sqrt(math.log(avail[c]) / n[c])
        if v > best_v:
            best, best_v = moves[j], v
    return best


@njit(cache=True)
def search(hands0, stock, st0, inn0, rv, offsets, kinds, knobs, mode, seed, exploration, first_move, visits_out):
    """SO-ISMCTS from the decision ``st0`` / ``inn0``, determinization ``i`` (``hands0[:, i]``, ``stock[i]``) in
    iteration ``i``; ``first_move`` (>= 0) is made before the decision in every determinization (the card a defence
    answers, put back in its thrower's hand by the determinization).  Writes the root's visits by move to
    ``visits_out`` (53,) and returns the most visited move (-1: pass / take; ties: the lowest column)."""
    P, M = hands0.shape
    S = stock.shape[1]
    cap_nodes = M + 1
    child = np.full((cap_nodes, 53), -1, dtype=np.int32)
    n = np.zeros(cap_nodes)
    w = np.zeros(cap_nodes)
    avail = np.zeros(cap_nodes)
    mover = np.zeros(cap_nodes, dtype=np.int64)
    path = np.empty(cap_nodes, dtype=np.int64)
    moves = np.empty(53, dtype=np.int64)
    hands = np.empty(P, dtype=np.uint64)
    inn = np.empty(P, dtype=np.bool_)
    cum = np.empty(S + 1, dtype=np.uint64)
    st = np.empty(SLOTS, dtype=np.int64)
    rng = np.array([np.uint64(seed)], dtype=np.uint64)
    used = 1
    for i in range(M):
        for s in range(P):
            hands[s] = hands0[s, i]
            inn[s] = inn0[s]
        cum[0] = 0
        for j in range(S):
            cum[j + 1] = cum[j] | bit(stock[i, j])
        st[:] = st0
        if first_move >= 0:
            play(st, rv, offsets, hands, inn, cum, first_move)
        loser, node, depth = GOING, 0, 0
        while loser == GOING:  # selection, then one expansion
            seat, k = _listed_moves(st, hands, moves)
            untried = 0
            for j in range(k):
                untried += child[node, moves[j]] < 0
            if untried:
                m = _untried_move(rng, child[node], moves, k, untried)
                new = used
                used += 1
                child[node, m] = new
                mover[new], avail[new] = seat, 1.0
                path[depth] = new
                depth += 1
                loser = play(st, rv, offsets, hands, inn, cum, m)
                break
            best = _ucb1_move(child[node], moves, k, avail, w, n, exploration)
            node = child[node, best]
            path[depth] = node
            depth += 1
            loser = play(st, rv, offsets, hands, inn, cum, best)
        while loser == GOING:  # the rollout
            loser = play(st, rv, offsets, hands, inn, cum, _rollout_move(st, rv, hands, kinds, knobs, mode, rng))
        for j in range(depth):
            c = path[j]
            n[c] += 1.0
            w[c] += _score(mover[c], loser)
    best, best_n = -1, -1.0
    for m in range(53):
        c = child[0, m]
        visits_out[m] = 0.0 if c < 0 else n[c]
        if c >= 0 and n[c] > best_n:
            best, best_n = m, n[c]
    return np.int64(-1) if best == PASS else np.int64(best)
