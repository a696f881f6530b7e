"""The Chắn expert's decisions on the batch engine: every decision the engine asks it, searched in one batched play-out.

When the batch engine (:mod:`cardodds.sim.chan.batch`) asks the expert for a decision kind on ``M`` rows, the rows
with more than one legal move are searched together: each row's ``worlds`` worlds are dealt from the key of what
its seat sees (:func:`cardodds.sim.chan.expert.view_keys`, the keys the reference expert uses), each (row, move,
world) becomes one row of a new engine state copied from the asking one (:func:`_take`) with the hidden cards dealt
in, and all of them are played to the end at once by the rollout player, the seat's first decision forced to the
move.  The play-outs run on the compiled engine (:func:`cardodds.sim.chan.compiled.play_state`, the forced
decision passed to its kernel) when it is chosen for the rollout player, else on the numpy engine (:class:`_Forced`
wraps the rollout player); the two play the same games.  The expert's rule (:func:`cardodds.sim.chan.expert.pick`)
then chooses per row.  Python loops run over decision kinds, seats and chunks of rows, never over worlds or games.

The copies start where the engine asks, so the windows already passed stay passed: at an act decision the engine
has closed them; at a chíu chance out of turn the ù window is closed in the copies (as the reference applies the
seat's move at once in a world).  A world reads of the other seats only what the seat sees, as
:func:`cardodds.sim.chan.expert.deal_world` does: no declined cards, bòn chances from the mat and the new hand.
The worlds, the moves (in the reference's order) and the rule are the reference expert's, so the two engines make
the same decisions and play the same games (``tests/chan/test_chan_expert_batch.py``).
"""

from __future__ import annotations

import numpy as np

from cardodds.sim.chan import compiled
from cardodds.sim.chan.arrays import ACT_CA, ACT_CHAN, ACT_CHIU, ACT_NONE, U32, K, P, kind_bits, kind_masks
from cardodds.sim.chan.batch import play_state
from cardodds.sim.chan.expert_rule import MAX_UNSEEN, ROLLOUT, VIEW_SIZE, _net, pick, view_keys, world_uniforms

CHUNK_ROWS = 1 << 16
"""At most this many (move, world) rows in one play-out: bounds memory whatever the number of games."""
ACT_CODES = np.array([ACT_CHIU, ACT_CHAN, ACT_CA, ACT_CA + 1, ACT_NONE])
"""An act decision's candidates in the reference's order: chíu, chắn, cạ with each other suit (ascending), let go."""


def view_vectors(st, g, s) -> np.ndarray:
    """:func:`cardodds.sim.chan.expert.view_vector` for rows ``g`` of an engine state, seat ``s`` of each."""
    out = np.empty((g.size, VIEW_SIZE), dtype=np.int64)
    out[:, 0] = st.pos[g]
    out[:, 1:26] = st.hand[g, s]
    out[:, 26:51] = st.table[g]
    seats = (s[:, None] + np.arange(P)[None, :]) % P
    out[:, 51:151] = st.mat[g[:, None], seats].reshape(g.size, -1)
    out[:, 151:155] = st.disc[g[:, None], seats]
    out[:, 155:159] = st.passed[g[:, None], seats]
    return out


def candidates(method: str, rows):
    """The decision's candidate answers ``(M, C)`` (the reference's move order) and which are legal ``(M, C)``."""
    M = rows.g.size
    if method == "discard_batch":
        return np.broadcast_to(np.arange(K), (M, K)), kind_masks(rows.legal)
    if method == "act_batch":
        valid = np.column_stack([rows.chiu, rows.chan, rows.ca[:, 0], rows.ca[:, 1], np.ones(M, dtype=bool)])
        return np.broadcast_to(ACT_CODES, (M, len(ACT_CODES))), valid
    return np.broadcast_to(np.array([True, False]), (M, 2)), np.ones((M, 2), dtype=bool)


def search(expert, method: str, rows) -> np.ndarray:
    """The expert's answers to one decision kind (``chiu_batch``, ``act_batch``, ``discard_batch``) on ``rows``."""
    base = np.asarray(getattr(ROLLOUT[expert.base](), method)(rows))
    if expert.z == float("inf") or not rows.g.size:
        return base
    codes, valid = candidates(method, rows)
    out = base.copy()
    todo = np.flatnonzero(valid.sum(axis=1) > 1)
    if not todo.size:
        return out
    base_i = (codes[todo] == base[todo, None]).argmax(axis=1)
    per_row = valid[todo].sum(axis=1) * expert.worlds
    start = 0
    while start < todo.size:  # chunks of rows, each one play-out of at most CHUNK_ROWS rows (at least one row)
        stop = start + max(1, int(np.searchsorted(np.cumsum(per_row[start:]), CHUNK_ROWS, side="right")))
        part = todo[start:stop]
        net = _play_out(expert, method, rows.subset(part), codes[part], valid[part])
        chosen = pick(net, valid[part], base_i[start:stop], expert.z)
        out[part] = codes[part][np.arange(part.size), chosen]
        start = stop
    return out


def _play_out(expert, method, rows, codes, valid) -> np.ndarray:
    """Net points ``(M, C, W)`` of each row's seat after each legal candidate (zero elsewhere) in each world."""
    st, W = rows.state, expert.worlds
    M, C = valid.shape
    hands, noc = _deal(st, rows, W)
    r, c = np.nonzero(valid)  # the (row, candidate) pairs, row-major
    pr = np.repeat(r, W)  # one inner row per (pair, world)
    w = np.tile(np.arange(W), r.size)
    inner = _take(st, rows.g[pr])
    seat = rows.seat[pr]
    t = np.arange(pr.size)
    others = (seat[:, None] + np.arange(1, P)[None, :]) % P
    inner.hand[t[:, None], others] = hands[pr, w][:, 1:]
    pos = inner.pos
    j = np.arange(noc.shape[2])
    inner.noc = np.where(j[None, :] >= pos[:, None], noc[pr, w], inner.noc)
    for i in range(P - 1):
        s = others[:, i]
        inner.dec_any[t, s] = inner.dec_chan[t, s] = inner.dec_ca_with[t, s] = U32(0)
        mat, hand = inner.mat[t, s], inner.hand[t, s]
        inner.bon_open[t, s] = kind_bits((mat >= 2) & (mat <= 3) & (hand >= 1))  # one chắn of the kind on the mat
        held = hand.sum(axis=1) + 2 * inner.mat_chan[t, s] + 2 * inner.mat_ca[t, s]
        inner.waits[t, s] = np.where(held == 19, compiled.wait_masks(hand, mat, inner.mat_chan[t, s]), U32(0))
    if method == "chiu_batch":
        inner.u_open[:] = False
    res = _play(inner, ROLLOUT[expert.rollout](), method, codes[pr, np.repeat(c, W)], seat)
    net = np.zeros((M, C, W), dtype=np.int64)
    net[pr, np.repeat(c, W), w] = _net(seat, res.winner, res.points.astype(np.int64))
    return net


def _play(inner, rollout, method, answer, seat):
    """The rows of ``inner`` played to the end by ``rollout`` at every seat, each row's first ``method`` decision of
    its ``seat`` forced to its ``answer``: on the compiled engine when it is chosen, else on the numpy engine."""
    inner.players, inner.uniq, inner.sid = (rollout,) * P, [rollout], np.zeros(P, dtype=np.int64)
    if compiled.chosen(inner.rules, inner.players):
        return compiled.play_state(inner, (method, answer, seat))
    forced = _Forced(rollout, method, answer, seat)
    inner.players, inner.uniq = (forced,) * P, [forced]
    return play_state(inner)


def _deal(st, rows, W):
    """Each row's worlds: the other hands in turn order ``(M, W, 4, 25)`` (index 0, the seat's own, empty) and the
    unseen part of the nọc, top first, at its places ``(M, W, 23)`` (other places unspecified)."""
    M = rows.g.size
    g, s = rows.g, rows.seat
    unseen = np.maximum(4 - rows.seen, 0)
    n = unseen.sum(axis=1)
    pool = np.full((M, MAX_UNSEEN), K, dtype=np.int64)  # K pads (it sorts last, and is never dealt)
    flat = np.repeat(np.tile(np.arange(K), M), unseen.ravel())
    row = np.repeat(np.arange(M), n)
    pool[row, np.arange(flat.size) - np.repeat(np.cumsum(n) - n, n)] = flat
    u = world_uniforms(view_keys(view_vectors(st, g, s)), W)
    u = np.where(np.arange(MAX_UNSEEN)[None, None, :] < n[:, None, None], u, 2.0)
    dealt = np.take_along_axis(np.broadcast_to(pool[:, None, :], u.shape), np.argsort(u, axis=2, kind="stable"),
                               axis=2)
    seats = (s[:, None] + np.arange(1, P)[None, :]) % P
    sizes = st.hand[g[:, None], seats].sum(axis=2).astype(np.int64)  # (M, 3)
    bounds = np.cumsum(sizes, axis=1)
    slot = np.arange(MAX_UNSEEN)[None, :]
    owner = (slot[:, :, None] >= bounds[:, None, :]).sum(axis=2) + 1  # 1..3 the others in turn order, 4 the nọc
    owner = np.where(slot < n[:, None], owner, P + 1)
    flat_i = ((np.arange(M)[:, None, None] * W + np.arange(W)[None, :, None]) * (P + 2) + owner[:, None, :]) * (K + 1)
    counts = np.bincount((flat_i + dealt).ravel(), minlength=M * W * (P + 2) * (K + 1))
    hands = counts.reshape(M, W, P + 2, K + 1)[:, :, :P, :K].astype(np.int8)
    noc_len = st.noc.shape[1]
    j = np.arange(noc_len)[None, :] - st.pos[g][:, None] + bounds[:, -1][:, None]  # nọc place j holds dealt[...]
    noc = np.take_along_axis(dealt, np.broadcast_to(np.clip(j, 0, MAX_UNSEEN - 1)[:, None, :], (M, W, noc_len)),
                             axis=2)
    return hands, noc


def _take(st, idx):
    """A new engine state holding rows ``idx`` of ``st`` (copies), players to be set by the caller."""
    inner = object.__new__(type(st))
    for name, value in vars(st).items():
        if isinstance(value, np.ndarray) and value.ndim and value.shape[0] == st.N and name != "sid":
            value = value[idx]
        setattr(inner, name, value)
    inner.N = idx.size
    return inner


class _Forced:
    """The rollout player, except that each inner row's first ``method`` decision of its deciding seat is forced."""

    def __init__(self, rollout, method: str, answer, seat):
        self.rollout, self.method, self.answer, self.seat = rollout, method, answer, seat
        self.pending = np.ones(answer.size, dtype=bool)

    def batch_supported(self) -> bool:
        return True

    def _answer(self, method, rows):
        mine = self.pending[rows.g] & (rows.seat == self.seat[rows.g])
        if not mine.any():
            return getattr(self.rollout, method)(rows)
        if method != self.method:
            raise RuntimeError(f"expert play-out: the forced {self.method} came as a {method}")
        out = np.empty(rows.g.size, dtype=self.answer.dtype)
        out[mine] = self.answer[rows.g[mine]]
        if not mine.all():
            rest = ~mine
            out[rest] = getattr(self.rollout, method)(rows.subset(rest))
        self.pending[rows.g[mine]] = False
        return out

    def chiu_batch(self, rows):
        return self._answer("chiu_batch", rows)

    def act_batch(self, rows):
        return self._answer("act_batch", rows)

    def discard_batch(self, rows):
        return self._answer("discard_batch", rows)
