"""Named, parameterised Sâm players (vectorised: every decision is made for a batch of games at once).

Both engines call the same decision functions — the reference engine with a batch of one — so a deterministic
strategy gives the same move in both, and the differential tests check the game mechanics.  Deterministic
strategies are functions of the visible state only (own hand, cards left per seat, the current play, who declared
Sâm); the ``oracle`` declare rule alone looks at the other hands (it is an upper bound, not a player).

Strategies (``{name = "...", ...}`` in a config's ``[strategies]``):

- ``random``: a uniformly random legal move (pass included when allowed).
- ``greedy``: leads its longest combination, lowest first, and beats with the lowest legal beat whenever it can.
- ``control``: keeps 2s and tứ quý for control (uses them only when an opponent or itself is down to ``danger``
  cards), blocks a báo-1 player (highest single; prefers leading non-singles), and sheds its 2s early when
  ``no_finish_on_two`` could leave it stuck.
- ``expert`` (:mod:`cardodds.sim.sam.expert`): searches its candidate moves by rollouts on the batch engine; it
  reads the public state (:class:`Public`) as well as its hand.  The names are registered in
  :mod:`cardodds.sim.sam.players`.

Every strategy takes ``declare`` = ``"never"`` | ``"threshold"`` (declare Sâm when :func:`sam_score` >=
``threshold``; the naive baseline: it plays its Sâm strongest plays first, with no plan) | ``"bayes"`` (estimates
from its own hand the chance its best plan succeeds, and declares when the Sâm's expected payment beats the hand's
expected normal game by more than ``margin`` cược: :mod:`cardodds.sim.sam.declare`; it plays that plan) | ``"oracle"``
(declare exactly when a Sâm plan exists against the actual hands: an upper bound, not a player).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import cached_property, lru_cache
from typing import Literal

import numpy as np

from cardodds.sim.errors import CardoddsError
from cardodds.sim.players import Player
from cardodds.sim.sam.cards import N_RANKS
from cardodds.sim.sam.hand import QUAD, SINGLE, MoveTable
from cardodds.sim.sam.rules import SamRules

PASS = -1


@dataclass
class Public:
    """What every player at the table sees besides its own hand, for a batch of N games: the engines fill it in for a
    strategy with ``needs_public`` (the ``expert``).

    Attributes
    ----------
    played : (N, P) the seat has played a card this game.  gone : (N, 13) rank counts of the cards played so far.
    last : (N,) who made the current play (the actor itself on a lead).  passed : (N,) bit mask of the seats out of
    the round.  chain : (N, 4) the round's chặt chain: total value, length, last chopper and the seat it chopped
    (-1, -1 when there is no chain).  den : (N, 3) đền pending on this action: the seat that would owe it, the báo-1
    seat and the rank cap (-1, -1, 0 when none).
    """

    played: np.ndarray
    gone: np.ndarray
    last: np.ndarray
    passed: np.ndarray
    chain: np.ndarray
    den: np.ndarray

    def take(self, rows: np.ndarray) -> Public:
        """The public state of games ``rows`` only."""
        return Public(**{f.name: getattr(self, f.name)[rows] for f in fields(self)})


@dataclass
class View:
    """What a deciding player sees, for a batch of N games (read-only by convention).

    Attributes
    ----------
    hand : (N, 13) rank counts of the player to act.
    n_cards : (N, P) cards left per seat.
    actor : (N,) seat acting.  current : (N,) current play (``table.LEAD`` for a free lead).
    sam_on : (N,) a Sâm is being played (declared and not yet beaten).  declarer : (N,) seat or -1.
    plan_next : (N,) the next move of the declarer's Sâm plan (oracle), -1 when none, or None.
    public : the rest of the public state (:class:`Public`), given to strategies with ``needs_public`` only.
    hand_cards : (N, 10) the card ids of the actor's hand, -1 in the other slots; with ``played_cards`` (N, P, 10),
        the card ids each seat has played this game, -1 in the other slots: given to strategies with ``needs_cards``
        only (a user's player, whose view names the cards).
    """

    hand: np.ndarray
    n_cards: np.ndarray
    actor: np.ndarray
    current: np.ndarray
    sam_on: np.ndarray
    declarer: np.ndarray
    table: MoveTable
    rules: SamRules
    plan_next: np.ndarray | None = None
    public: Public | None = None
    hand_cards: np.ndarray | None = None
    played_cards: np.ndarray | None = None

    @cached_property
    def next_one(self) -> np.ndarray:
        """The next seat has báo 1 (one card left)."""
        p = self.n_cards.shape[1]
        nxt = (self.actor + 1) % p
        return self.n_cards[np.arange(len(nxt)), nxt] == 1

    @cached_property
    def min_opp(self) -> np.ndarray:
        """Fewest cards held by an opponent."""
        n = self.n_cards.copy()
        n[np.arange(len(n)), self.actor] = 99
        return n.min(1)

    @cached_property
    def n_own(self) -> np.ndarray:
        """Cards left to the player to act."""
        return self.n_cards[np.arange(len(self.actor)), self.actor]

    @cached_property
    def min_all(self) -> np.ndarray:
        """Fewest cards held by anyone at the table (the actor included)."""
        return self.n_cards.min(1)


def sam_score(counts: np.ndarray) -> np.ndarray:
    """A hand-strength score in [0, 1] for declaring Sâm: mean rank strength (3 = 0, 2 = 1) of the cards."""
    counts = np.asarray(counts)
    return (counts * np.arange(N_RANKS)).sum(-1) / (12.0 * np.maximum(counts.sum(-1), 1))


@dataclass(frozen=True)
class StrategyBase(Player):
    """Declaring: ``declare`` (see the module docstring); ``threshold`` for ``"threshold"``; ``samples`` (deals the
    estimate draws) and ``margin`` (cược a Sâm must gain over the normal game) for ``"bayes"``."""

    declare: Literal["never", "threshold", "bayes", "oracle"] = "never"
    threshold: float = 0.75
    samples: int = 256
    margin: float = 0.0

    def __post_init__(self):
        # Types and choices are checked by ``from_table`` from the annotations, NaN by ``Player``; here only ranges.
        super().__post_init__()
        if not 0.0 <= self.threshold <= 1.0:
            raise CardoddsError(f"threshold must be in [0, 1], not {self.threshold}")
        if not 16 <= self.samples <= 4096 or self.samples % 16:
            raise CardoddsError(f"samples must be a multiple of 16 in 16..4096, not {self.samples!r}")

    deterministic = True
    needs_public = False  # the engines fill in ``View.public`` only for strategies that need it
    needs_cards = False  # ... and ``View.hand_cards``/``played_cards``; and ask ``declares``, not ``wants_sam``

    def wants_sam(self, hand: np.ndarray, plan_ok: np.ndarray | None) -> np.ndarray:
        """Whether to declare Sâm, per game; ``plan_ok`` (oracle, bayes) is the decision made with the plan."""
        if self.declare == "never":
            return np.zeros(len(hand), bool)
        if self.declare in ("oracle", "bayes"):
            return np.asarray(plan_ok, bool)
        return sam_score(hand) >= self.threshold

    # Scores: higher is preferred; the engine plays the argmax over legal moves (the first on ties).  A deterministic
    # strategy's scores depend on a small "situation" of the visible state, so they are precomputed per situation.
    def score_table(self, table: MoveTable, rules: SamRules) -> np.ndarray:  # pragma: no cover - abstract
        """(S, M) scores of every move in each situation."""
        raise NotImplementedError

    def situation(self, view: View) -> np.ndarray:
        """(N,) situation index of each game."""
        return self.situation_of(view.current == view.table.LEAD, view.n_own, view.min_all, view.next_one)

    def situation_of(self, lead: np.ndarray, n_own: np.ndarray, min_all: np.ndarray, next_one: np.ndarray):
        """(N,) situation index from summary features: a free lead, own cards, fewest cards at the table, next
        player báo 1.  The batch engine's fast path calls this directly, so both engines share it."""
        raise NotImplementedError  # pragma: no cover - abstract

    def pass_table(self, table: MoveTable, rules: SamRules) -> np.ndarray | None:
        """(S, M) bool: ``pass_instead`` as a table of (situation, best move), or None when it is not one."""
        if type(self).pass_instead is StrategyBase.pass_instead:
            return np.zeros(_cached_scores(self, table, rules)[0].shape, bool)
        return None

    def scores(self, view: View) -> np.ndarray:
        """(N, M) scores of every move."""
        return _cached_scores(self, view.table, view.rules)[0][self.situation(view)]

    def pass_instead(self, view: View, best: np.ndarray) -> np.ndarray:
        """Whether to pass rather than play ``best`` when passing is allowed (responding, not leading)."""
        return np.zeros(len(best), bool)

    def choose(self, view: View, legal: np.ndarray, may_pass: np.ndarray, rng: np.random.Generator | None = None):
        """A move id per game, or ``PASS`` (-1).  Games with no legal move pass."""
        t = view.table
        # argmax of the scores over legal moves, first on ties: done as the max of uint8 keys that order the moves
        # the same way (a max is much faster than an argmax), mapped back to the move
        _, keys, inv, _ = _cached_scores(self, t, view.rules)
        sit = self.situation(view)
        best = inv[sit, np.multiply(keys[sit], legal, dtype=np.uint8).max(1)]
        # a declarer in a Sâm: its plan if it has one, else strongest plays first (2s first, so as not to end on one)
        is_decl = view.sam_on & (view.actor == view.declarer)
        if is_decl.any():
            rows = np.flatnonzero(is_decl)
            sam_sc = np.broadcast_to(t.has_two * 1000.0 + t.length * 20.0 + t.top, (len(rows), t.n))
            if view.plan_next is not None:  # the oracle's plan, played in order
                pn = view.plan_next[rows]
                follow = (pn >= 0)[:, None] & (np.arange(t.n)[None, :] == pn[:, None])
                sam_sc = sam_sc + np.where(follow, 1e5, 0.0)
            best[rows] = np.argmax(np.where(legal[rows], sam_sc, -np.inf), axis=1)
        anyl = legal.any(1)
        out = np.where(anyl, best, PASS)
        opp_in_sam = view.sam_on & (view.actor != view.declarer)
        free_pass = may_pass & ~opp_in_sam  # opponents of a Sâm always beat when they can
        out = np.where(free_pass & anyl & self.pass_instead(view, best), PASS, out)
        return out

    def choose_sparse(self, view: View, cand: np.ndarray, legal: np.ndarray, may_pass: np.ndarray,
                      rng: np.random.Generator | None = None):
        """``choose`` for responses, given only the candidate moves ``cand`` (N, W) (every move that could beat the
        current play; ``table.n`` pads) and their legality (N, W).  Gives the same move as ``choose`` would."""
        t = view.table
        _, _, inv, keys_ext = _cached_scores(self, t, view.rules)
        sit = self.situation(view)
        k = np.multiply(keys_ext[sit[:, None], cand], legal, dtype=np.uint8).max(1)
        best = inv[sit, k]
        anyl = legal.any(1)
        out = np.where(anyl, best, PASS)
        opp_in_sam = view.sam_on & (view.actor != view.declarer)
        free_pass = may_pass & ~opp_in_sam
        out = np.where(free_pass & anyl & self.pass_instead(view, best), PASS, out)
        return out


@lru_cache(maxsize=64)
def _cached_scores(strategy: StrategyBase, table: MoveTable, rules: SamRules):
    """(scores (S, M), keys (S, M) uint8, inverse (S, M + 1), keys padded with a 0 column (S, M + 1)): keys 1..M
    rank the moves by score, the lower id first on ties; ``inverse[s, key]`` is the move of that key (key 0, no
    legal move, maps to move 0)."""
    sc = np.asarray(strategy.score_table(table, rules), np.float64)
    assert sc.shape[1] < 255
    keys = np.empty(sc.shape, np.uint8)
    inv = np.zeros((sc.shape[0], sc.shape[1] + 1), np.int64)
    m = np.arange(sc.shape[1])
    for i, row in enumerate(sc):
        order = np.lexsort((-m, row))  # ascending score; among equals the higher id first
        keys[i, order] = np.arange(1, len(m) + 1)
        inv[i, keys[i]] = m
    keys_ext = np.concatenate([keys, np.zeros((len(keys), 1), np.uint8)], axis=1)
    for a in (sc, keys, inv, keys_ext):
        a.setflags(write=False)
    return sc, keys, inv, keys_ext


@dataclass(frozen=True)
class Greedy(StrategyBase):
    """Shed low cards and long straights first; beat with the lowest legal beat whenever possible.

    Parameters
    ----------
    chop_first : beat with a tứ quý whenever one can (chặt) rather than keeping it.
    """

    name = "greedy"
    compiled_form = True  # the compiled engine plays it (kernel/game.py)

    chop_first: bool = False

    def score_table(self, table, rules):
        t = table
        lead = t.length * 20.0 - t.top - np.where(t.has_two | (t.kind == QUAD), 500.0, 0.0)
        resp = -t.top + np.where(t.kind == QUAD, 50.0 if self.chop_first else -50.0, 0.0)
        return np.stack([resp, lead])

    def situation_of(self, lead, n_own, min_all, next_one):
        return lead.astype(np.int64)


@dataclass(frozen=True)
class Control(StrategyBase):
    """Keeps 2s and tứ quý for control, blocks báo 1, plans around ``no_finish_on_two``.

    Parameters
    ----------
    danger : use a 2 or a tứ quý to beat only when someone (an opponent or oneself) has at most this many cards.
    block_bao1 : when the next player has one card, prefer non-single leads and play the highest single.
    """

    name = "control"
    compiled_form = True  # the compiled engine plays it (kernel/game.py)

    danger: int = 4
    block_bao1: bool = True

    def __post_init__(self):
        super().__post_init__()
        if not 0 <= self.danger <= 10:
            raise CardoddsError(f"danger must be 0..10, not {self.danger}")

    def score_table(self, table, rules):
        t = table
        precious = t.has_two | (t.kind == QUAD)
        single = t.kind == SINGLE
        out = []
        for idx in range(16):  # bits: lead, hot, next player báo 1, few cards left (<= 3)
            is_lead, hot, nb, few = idx & 1, idx >> 1 & 1, idx >> 2 & 1, idx >> 3 & 1
            if is_lead:
                sc = t.length * 20.0 - t.top - np.where(precious & ~bool(hot), 500.0, 0.0)
                if rules.no_finish_on_two and few:
                    sc = sc + np.where(t.has_two, 800.0, 0.0)  # shed 2s while another card can still end the hand
                if self.block_bao1 and nb:
                    sc = np.where(single, -200.0 + 2.0 * t.top, sc)
            else:
                sc = -t.top - np.where(t.kind == QUAD, 50.0, 0.0) - np.where(precious & ~bool(hot), 500.0, 0.0)
                if self.block_bao1 and nb:
                    sc = np.where(single, 2.0 * t.top, sc)
            out.append(sc)
        return np.stack(out)

    def situation_of(self, lead, n_own, min_all, next_one):
        # hot: an opponent or oneself is down to ``danger`` cards, i.e. the fewest cards at the table
        hot = min_all <= self.danger
        return (lead * 1 + hot * 2 + next_one * 4 + (n_own <= 3) * 8).astype(np.int64)

    def pass_instead(self, view: View, best: np.ndarray) -> np.ndarray:
        t = view.table
        hot = view.min_all <= self.danger
        precious = t.has_two[best] | (t.kind[best] == QUAD)
        return precious & ~hot & ~(view.next_one & self.block_bao1)

    def pass_table(self, table, rules):
        # read off the situation bits of ``situation_of``: hot = bit 1, next player báo 1 = bit 2
        if type(self).pass_instead is not Control.pass_instead or type(self).situation_of is not Control.situation_of:
            return None
        sit = np.arange(16)
        hot, nb = (sit >> 1 & 1).astype(bool), (sit >> 2 & 1).astype(bool)
        precious = table.has_two | (table.kind == QUAD)
        return precious[None, :] & ~hot[:, None] & ~(nb & self.block_bao1)[:, None]


@dataclass(frozen=True)
class RandomLegal(StrategyBase):
    """A uniformly random legal move (pass counted as one option when allowed)."""

    name = "random"

    deterministic = False

    def score_table(self, table, rules):  # not used
        return np.zeros((1, table.n))

    def situation(self, view):
        return np.zeros(len(view.actor), np.int64)

    def choose(self, view: View, legal: np.ndarray, may_pass: np.ndarray, rng: np.random.Generator | None = None):
        opp_in_sam = view.sam_on & (view.actor != view.declarer)
        is_decl = view.sam_on & (view.actor == view.declarer)
        if is_decl.any():  # a declarer still follows the Sâm rule of StrategyBase
            base = StrategyBase.choose(Greedy(), view, legal, may_pass, rng)
        else:
            base = None
        free_pass = may_pass & ~opp_in_sam & legal.any(1)
        u = rng.random(legal.shape)
        u = np.where(legal, u, -1.0)
        pick = np.argmax(u, axis=1)
        n_opts = legal.sum(1) + free_pass
        pass_now = free_pass & (rng.random(len(pick)) * np.maximum(n_opts, 1) < 1.0)
        out = np.where(legal.any(1), pick, PASS)
        out = np.where(pass_now, PASS, out)
        if base is not None:
            out = np.where(is_decl, base, out)
        return out


    def choose_sparse(self, view, cand, legal, may_pass, rng=None):
        M = view.table.n
        if (view.sam_on & (view.actor == view.declarer)).any():  # rare: through the full move set
            full = np.zeros((len(cand), M + 1), bool)
            full[np.arange(len(cand))[:, None], cand] = legal
            return self.choose(view, full[:, :-1], may_pass, rng)
        # ``choose`` on the candidate columns only, from the same random numbers: the candidates ascend in move id,
        # so the first maximum is the same move
        opp_in_sam = view.sam_on & (view.actor != view.declarer)
        anyl = legal.any(1)
        free_pass = may_pass & ~opp_in_sam & anyl
        u = rng.random((len(cand), M))
        rows = np.arange(len(cand))
        uc = np.where(legal, u[rows[:, None], np.minimum(cand, M - 1)], -1.0)
        pick = cand[rows, np.argmax(uc, axis=1)]
        n_opts = legal.sum(1) + free_pass
        pass_now = free_pass & (rng.random(len(pick)) * np.maximum(n_opts, 1) < 1.0)
        out = np.where(anyl, pick, PASS)
        return np.where(pass_now, PASS, out)


# --------------------------------------------------------------------------------------------------- Sâm plans
def unbeatable(table: MoveTable, opp_counts: np.ndarray, no_finish_on_two: bool) -> np.ndarray:
    """Bool (..., M): moves that no opponent (``opp_counts`` (..., K, 13)) can legally beat."""
    opp_counts = np.asarray(opp_counts)
    form = _formable(table, opp_counts)  # (..., K, M)
    if no_finish_on_two:
        ncards = opp_counts.sum(-1)[..., None]
        form = form & ~(table.has_two & (table.length == ncards))
    # counts of beating moves as a float32 product (BLAS; exact: at most M ones)
    beaten = (form.astype(np.float32) @ table.beats[:-1].T.astype(np.float32)) > 0  # (..., K, M_current)
    return ~beaten.any(-2)


def _formable(table: MoveTable, counts: np.ndarray) -> np.ndarray:
    """``table.formable`` without a (..., M, 13) temporary: rank plays (ids ``k * 13 + r``) compare the counts with
    1..4; a straight (at most one card of a rank) is formable when every rank it needs is held."""
    n_rank = 4 * N_RANKS
    rank = (counts[..., None, :] >= np.arange(1, 5)[:, None]).reshape(counts.shape[:-1] + (n_rank,))
    pow2 = 1 << np.arange(N_RANKS)
    held = ((counts > 0) * pow2).sum(-1)[..., None]
    smask = ((table.need[n_rank:] > 0) * pow2).sum(-1)
    return np.concatenate([rank, (held & smask) == smask], axis=-1)


def sam_plan(counts, safe: np.ndarray, table: MoveTable, no_finish_on_two: bool) -> list[int] | None:
    """A Sâm plan: moves that partition the hand, in play order, or ``None`` when there is none.

    Every move but the last must be in ``safe`` (no opponent can beat it); the last one ends the game at once, so it
    only has to be legal (no 2 in it under ``no_finish_on_two``).  Exact depth-first search over the lowest rank
    still held, memoised on the remaining counts.
    """
    safe_ids = tuple(int(m) for m in np.flatnonzero(safe))
    return _plan(tuple(int(c) for c in counts), frozenset(safe_ids), no_finish_on_two, table)


@lru_cache(maxsize=None)
def _moves_by_low(table: MoveTable) -> tuple:
    """Per rank r: (move, ((rank, cards taken), ...), has a 2) of the moves that take a card of rank r, by id."""
    return tuple(tuple((m, tuple((int(q), int(table.need[m, q])) for q in np.flatnonzero(table.need[m])),
                        bool(table.has_two[m]))
                       for m in range(table.n) if table.need[m, r] > 0)
                 for r in range(N_RANKS))


def _plan(counts, safe, nf2, table):
    by_low = _moves_by_low(table)
    memo: dict = {}

    def rec(c, have_last):
        if sum(c) == 0:
            return [] if have_last else None
        key = (c, have_last)
        if key in memo:
            return memo[key]
        low = next(r for r in range(N_RANKS) if c[r])
        res = None
        for m, items, two in by_low[low]:  # the moves that take a card of the lowest rank, by id
            if any(c[q] < k for q, k in items):
                continue
            rest = list(c)
            for q, k in items:
                rest[q] -= k
            rest = tuple(rest)
            if m in safe:
                sub = rec(rest, have_last)
                if sub is not None:
                    res = [(m, False)] + sub
                    break
            if not have_last and not (nf2 and two):
                sub = rec(rest, True)
                if sub is not None:
                    res = [(m, True)] + sub
                    break
        memo[key] = res
        return res

    plan = rec(counts, False)
    if plan is None:
        return None
    return [m for m, last in plan if not last] + [m for m, last in plan if last]
