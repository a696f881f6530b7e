"""The Sâm ``expert``: determinized Monte Carlo search on the batch engine, for normal play.

At each decision with more than one option (outside a Sâm, where the rules decide most of it), the expert

1. lists candidates: its rollout policy's own choice first, then a pass where one is allowed, then the other legal
   moves by the policy's preference, at most ``max_candidates`` in all;
2. deals ``worlds`` determinizations: the cards it cannot see (not in its hand, not played yet) dealt at random to
   the opponents' hands, each of its actual size (the cards left over are the ones nobody was dealt);
3. plays every candidate in every world to the end with the rollout policy at every seat, all of them in one batch
   (:func:`cardodds.sim.sam.compiled.play_from_state_auto`: the compiled engine, the results of
   :func:`cardodds.sim.sam.batch.play_from_state`; the same worlds for every candidate);
4. takes the candidate whose mean cược for its seat (the payments still to come) is highest — the policy's choice
   unless another beats it by more than ``z`` standard errors of the paired difference; ties go to the earlier
   candidate.

Once at most ``solve_cards`` cards are left in all the hands, it plays nothing out: in each world (every hand known
there) the perfect-information solver (:mod:`cardodds.sim.sam.solver`, ``solve_mode``: max-n or paranoid) gives the
exact value of every legal move, and the expert takes the move of the highest mean over the worlds (the policy's
choice among equals, else the first in move order).  ``solve_cards = 0`` is the expert before the solver.
Where the best two candidates are close (their paired difference within ``close_z`` standard errors) it plays them
all out in ``close_worlds`` more worlds (96 by default) and decides on all of them; ``close_worlds = 0`` is the
expert of before.

It reads its own hand and :class:`~cardodds.sim.sam.strategies.Public` only (``needs_public``).  Its random numbers
are a hash of what it sees, so a decision is a function of its information: both engines, every batch and every
replay decide alike, and the same information gives the same decision.  Sâm declaration follows the inherited
``declare`` knobs; during a Sâm (declared by anyone) it plays as its rollout policy does.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property
from typing import Literal

import numpy as np

from cardodds.sim.hashing import GOLDEN, mix64
from cardodds.sim.knobs import Choice, Range
from cardodds.sim.sam.batch import NORMAL, SamState, therm_of_counts
from cardodds.sim.sam.cards import HAND_SIZE, N_RANKS
from cardodds.sim.sam.compiled import play_from_state_auto
from cardodds.sim.sam.solver import MODES, Solver, nodes_of_state
from cardodds.sim.sam.strategies import PASS, Control, Greedy, StrategyBase, View, _cached_scores

MAX_ROLLOUTS = 1 << 16  # rollout games played in one batch at most
MAX_SOLVE_CARDS = 16  # beyond this a solve takes seconds (benchmarks/bench_sam_solver.py)


def info_seed(view: View) -> np.ndarray:
    """(N,) uint64: a hash of everything the deciding seat sees (its hand and the public state)."""
    pub = view.public
    n, P = view.n_cards.shape
    cols = [view.hand, view.n_cards, pub.played, pub.gone, view.actor[:, None], view.current[:, None],
            pub.last[:, None], pub.passed[:, None], pub.chain, pub.den, np.full((n, 1), P)]
    feats = np.concatenate([np.asarray(c).astype(np.int64) for c in cols], axis=1).astype(np.uint64)
    h = np.full(n, 0x243F6A8885A308D3, np.uint64)
    for j in range(feats.shape[1]):
        h = mix64(h ^ (feats[:, j] + np.uint64(int(GOLDEN) * (j + 1) % 2**64)))
    return h


def deal_worlds(view: View, worlds: int, first: int = 0, salt: int = 0) -> np.ndarray:
    """(N, worlds, P, 13) rank counts of every seat: the actor's own hand, and the unseen cards dealt at random to
    the opponents (each hand of its size), from :func:`info_seed`.

    ``first`` and ``salt`` (the expert's own worlds: 0 and 0) number the worlds ``first .. first + worlds - 1`` of
    the deals keyed by ``info_seed ^ salt`` (so a position's advice can deal its worlds from a seed, in batches)."""
    return deal_numbered(view, np.arange(first, first + worlds, dtype=np.uint64), salt)


def deal_numbered(view: View, numbers: np.ndarray, salt: int = 0) -> np.ndarray:
    """:func:`deal_worlds` for the worlds ``numbers`` (W,) uint64, in any order: (N, W, P, 13)."""
    pub = view.public
    n, P = view.n_cards.shape
    worlds = len(numbers)
    rows = np.arange(n)
    unseen = 4 - view.hand.astype(np.int64) - pub.gone  # undealt cards and the opponents' hands
    slots = np.arange(4 * N_RANKS)
    rank_of = (slots[None, :, None] >= np.cumsum(unseen, 1)[:, None, :]).sum(2)  # (n, 52), N_RANKS past the end
    numbers = np.asarray(numbers, np.uint64)
    keys = mix64((info_seed(view) ^ np.uint64(salt))[:, None, None]
                 ^ (numbers[:, None] * np.uint64(64) + slots.astype(np.uint64))[None] * GOLDEN)
    keys[np.broadcast_to((rank_of == N_RANKS)[:, None, :], keys.shape)] = np.iinfo(np.uint64).max
    shuffled = np.take_along_axis(rank_of[:, None, :], np.argsort(keys, axis=2), axis=2)  # (n, worlds, 52)
    sizes = view.n_cards.astype(np.int64).copy()
    sizes[rows, view.actor] = 0
    seat_of = (slots[None, :, None] >= np.cumsum(sizes, 1)[:, None, :]).sum(2)  # (n, 52), P past the last hand
    idx = ((np.arange(n * worlds).reshape(n, worlds, 1) * (P + 1) + seat_of[:, None, :]) * (N_RANKS + 1) + shuffled)
    hands = np.bincount(idx.ravel(), minlength=n * worlds * (P + 1) * (N_RANKS + 1))
    hands = hands.reshape(n, worlds, P + 1, N_RANKS + 1)[:, :, :P, :N_RANKS].astype(np.int8)
    hands[rows, :, view.actor] = view.hand[:, None, :]
    return hands


def rollout_state(view: View, hands: np.ndarray, pick: np.ndarray, worlds: int) -> SamState:
    """The state of the rollout games: row ``pick[i]`` of the view in each of its ``worlds`` dealt ``hands``."""
    P = view.n_cards.shape[1]
    pub = view.public
    h = hands[pick]  # (m, worlds, P, 13)
    m = len(pick) * worlds

    def per_game(a, dtype=np.int64):
        """Row ``pick[i]`` of ``a`` once for each of its worlds."""
        return np.repeat(np.asarray(a)[pick], worlds, axis=0).astype(dtype)

    chain_total, chain_len, chopper, chopped = per_game(pub.chain).T
    den_by, den_to, den_cap = per_game(pub.den).T
    none = np.full(m, -1, np.int64)
    return SamState(
        therm=therm_of_counts(h).ravel(), ncards=h.sum(-1, dtype=np.int64).ravel(),
        played=per_game(pub.played, bool).ravel(),
        dealt=per_game(pub.gone, np.int8) + h.sum(2, dtype=np.int8).reshape(m, N_RANKS),
        actor=per_game(view.actor), current=per_game(view.current), last=per_game(pub.last),
        passed=per_game(pub.passed), chain_total=chain_total.copy(), chain_len=chain_len.copy(),
        chain_chopper=chopper.copy(), chain_chopped=chopped.copy(), den_by=den_by.copy(), den_to=den_to.copy(),
        den_cap=den_cap.copy(), declarer=none, plans=np.full((m, HAND_SIZE), -1, np.int64),
        sam_on=np.zeros(m, bool), sam_failed=np.zeros(m, bool), ptr=np.zeros(m, np.int64),
        pay=np.zeros((m, P), np.int64), outcome=np.full(m, NORMAL, np.int64), winner=none.copy(),
        done=np.zeros(m, bool), kinds=np.full((m, P), -1, np.int64))


@dataclass(frozen=True)
class Expert(StrategyBase):
    """Determinized Monte Carlo search over the candidate moves (see the module docstring).

    Parameters
    ----------
    worlds : int
        Determinizations per decision (each candidate is played out once in each).
    max_candidates : int
        At most this many candidates are searched (the rollout policy's choice is always one).
    rollout : {"control", "greedy"}
        The policy every seat plays in the rollouts, and the expert's own choice where it does not search.
    z : float
        Leave the rollout policy's choice only for a candidate better by more than ``z`` standard errors.
    solve_cards : int
        Solve every world exactly (all legal moves) once at most this many cards are left in all the hands; 0: never.
    solve_mode : {"maxn", "paranoid"}
        What the solver takes the other seats to play for (:mod:`cardodds.sim.sam.solver`).
    close_worlds : int
        Extra worlds (numbered after the first ``worlds``) for the decisions whose best two candidates are within
        ``close_z`` standard errors of their paired difference; 0: none.
    close_z : float
        What "close" means for ``close_worlds``.
    """

    name = "expert"
    searches = True

    worlds: int = 32
    max_candidates: int = 6
    rollout: Literal["control", "greedy"] = "control"
    z: float = 0.0
    solve_cards: int = 0
    solve_mode: Literal["maxn", "paranoid"] = "maxn"
    close_worlds: int = 96
    close_z: float = 1.0
    needs_public = True
    knobs = {"worlds": Range(4, 256, limits=(1, 4096)), "max_candidates": Range(2, 16, limits=(2, math.inf)),
             "rollout": Choice(("control", "greedy")),
             "z": Range(0.0, 3.0, integer=False, points=4, limits=(0.0, math.inf)),
             "solve_cards": Range(0, MAX_SOLVE_CARDS), "solve_mode": Choice(MODES),
             "close_worlds": Range(0, 256, limits=(0, 4096)),
             "close_z": Range(0.0, 3.0, integer=False, points=4, limits=(0.0, math.inf))}
    """Tunable knobs (:mod:`cardodds.sim.knobs`): the values the tuner tries, and (``limits``) what a config may
    set."""

    @cached_property
    def policy(self) -> StrategyBase:
        """The rollout policy (it never declares: rollouts start in the middle of a game)."""
        return {"control": Control, "greedy": Greedy}[self.rollout]()

    def choose(self, view: View, legal: np.ndarray, may_pass: np.ndarray, rng=None) -> np.ndarray:
        base = self.policy.choose(view, legal, may_pass, rng)
        moves = np.broadcast_to(np.arange(legal.shape[1]), legal.shape)
        return self._search(view, moves, legal, may_pass, base)

    def choose_sparse(self, view: View, cand: np.ndarray, legal: np.ndarray, may_pass: np.ndarray, rng=None):
        base = self.policy.choose_sparse(view, cand, legal, may_pass, rng)
        return self._search(view, cand, legal, may_pass, base)

    def candidates(self, view: View, moves: np.ndarray, legal: np.ndarray, may_pass: np.ndarray, base: np.ndarray):
        """(N, max_candidates) candidate actions (a move id or ``PASS``; -2 pads): the policy's choice, a pass where
        allowed, then the other legal moves by the policy's preference (its scores, the lower id first on ties)."""
        t = view.table
        n = len(base)
        sc = _cached_scores(self.policy, t, view.rules)[0][self.policy.situation(view)]  # (n, M)
        sc = np.concatenate([sc, np.full((n, 1), -np.inf)], 1)
        rank = np.where(legal & (moves != base[:, None]), sc[np.arange(n)[:, None], np.minimum(moves, t.n)], -np.inf)
        order = np.argsort(-rank, axis=1, kind="stable")[:, : self.max_candidates]
        others = np.where(np.take_along_axis(rank, order, 1) > -np.inf, np.take_along_axis(moves, order, 1), -2)
        can_pass = may_pass & ~(view.sam_on & (view.actor != view.declarer)) & (base != PASS)
        first = np.where(can_pass, PASS, -2)
        out = np.concatenate([base[:, None], first[:, None], others], 1)
        # drop the pads between the real candidates, keeping the order
        keep = np.argsort(out == -2, axis=1, kind="stable")
        return np.take_along_axis(out, keep, 1)[:, : self.max_candidates]

    def _search(self, view, moves, legal, may_pass, base) -> np.ndarray:
        out = base.copy()
        cands = self.candidates(view, moves, legal, may_pass, base)
        rows = np.flatnonzero(~view.sam_on & (cands[:, 1] != -2))
        if len(rows) == 0:
            return out
        if self.solve_cards > 0:
            small = view.n_cards[rows].sum(1) <= self.solve_cards
            solved = rows[small]
            if len(solved):
                out[solved] = self._solve(_take(view, solved), base[solved], moves[solved], legal[solved],
                                          may_pass[solved])
            rows = rows[~small]
            if len(rows) == 0:
                return out
        sub = _take(view, rows)
        cands = cands[rows]
        value = self._play_out(sub, cands, deal_worlds(sub, self.worlds))
        if self.close_worlds > 0:  # more worlds where the best two candidates are within close_z standard errors
            close = np.flatnonzero(_margin_z(value) <= self.close_z)
            if len(close):
                extra = self._play_out(_take(sub, close), cands[close],
                                       deal_worlds(_take(sub, close), self.close_worlds, first=self.worlds))
                grown = np.full(value.shape[:2] + (self.close_worlds,), np.nan)
                grown[close] = extra
                value = np.concatenate([value, grown], 2)
        mean = np.where(cands != -2, np.nanmean(np.where(cands[..., None] != -2, value, 0.0), 2), -np.inf)
        best = np.argmax(mean, axis=1)  # the first of equals
        if self.z > 0:
            d = value[np.arange(len(rows)), best] - value[:, 0]
            k = np.sum(~np.isnan(d), 1)
            se = np.where(k > 1, np.nanstd(d, 1, ddof=1) / np.sqrt(k), 0.0)
            best = np.where(np.nanmean(d, 1) > self.z * se, best, 0)
        out[rows] = cands[np.arange(len(rows)), best]
        return out

    def _play_out(self, sub: View, cands: np.ndarray, hands: np.ndarray) -> np.ndarray:
        """(rows, candidates, worlds) the actor's cược of every candidate (-2: NaN) played out in every world."""
        worlds = hands.shape[1]
        pr, pc = np.nonzero(cands != -2)  # (row, candidate) pairs to play out
        value = np.full(cands.shape + (worlds,), np.nan)
        step = max(1, MAX_ROLLOUTS // worlds)
        for lo in range(0, len(pr), step):
            r, c = pr[lo:lo + step], pc[lo:lo + step]
            st = rollout_state(sub, hands, r, worlds)
            me = st.actor.copy()  # the state is played on in place
            res = play_from_state_auto(sub.rules, st, [self.policy] * sub.n_cards.shape[1],
                                       first=np.repeat(cands[r, c], worlds))
            value[r, c] = res.pay[np.arange(st.n), me].reshape(len(r), worlds)
        return value

    def _solve(self, view: View, base: np.ndarray, moves: np.ndarray, legal: np.ndarray,
               may_pass: np.ndarray) -> np.ndarray:
        """The move of the highest mean exact value over the worlds, for every row of ``view`` (plain Python: one
        world at a time, as the solver is; the rows are the small endgames)."""
        n, P = view.n_cards.shape
        hands = deal_worlds(view, self.worlds)
        st = rollout_state(view, hands, np.arange(n), self.worlds)
        nodes = nodes_of_state(st, hands.reshape(n * self.worlds, P, N_RANKS), range(n * self.worlds))
        solver = Solver(view.rules, self.solve_mode)  # exact values: what its table holds never changes them
        out = base.copy()
        for i in range(n):
            me = int(view.actor[i])
            mine = sorted(int(m) for m in moves[i][legal[i]]) + ([PASS] if may_pass[i] else [])
            total = dict.fromkeys(mine, 0)
            for w in range(self.worlds):
                vals = solver.values(nodes[i * self.worlds + w], me)
                for m in mine:
                    v = vals[m]
                    total[m] += v[me] if self.solve_mode == "maxn" else v
            top = max(total.values())
            out[i] = int(base[i]) if total.get(int(base[i])) == top else next(m for m in mine if total[m] == top)
        return out


def _margin_z(value: np.ndarray) -> np.ndarray:
    """(rows,) the paired mean difference of the best two candidates (by mean) over its standard error (inf where
    one candidate only, or no spread)."""
    mean = np.where(np.isnan(value[..., 0]), -np.inf, np.nanmean(np.nan_to_num(value, nan=0.0), 2))
    order = np.argsort(-mean, axis=1, kind="stable")
    rows = np.arange(len(value))
    a, b = order[:, 0], order[:, 1]
    d = value[rows, a] - value[rows, b]
    se = d.std(1, ddof=1) / np.sqrt(d.shape[1]) if d.shape[1] > 1 else np.zeros(len(d))
    with np.errstate(divide="ignore", invalid="ignore"):
        z = np.where(se > 0, d.mean(1) / se, np.where(d.mean(1) == 0, 0.0, np.inf))
    return np.where(np.isfinite(mean[rows, b]), z, np.inf)


def _take(view: View, rows: np.ndarray) -> View:
    """The view of games ``rows`` only."""
    return View(hand=view.hand[rows], n_cards=view.n_cards[rows], actor=view.actor[rows], current=view.current[rows],
                sam_on=view.sam_on[rows], declarer=view.declarer[rows], table=view.table, rules=view.rules,
                public=view.public.take(rows))
