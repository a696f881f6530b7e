"""The Tấn ``expert``: determinized Monte Carlo search on the batch engine.

At each attack, add (tấn cùng) or defence decision with more than one candidate move, the expert

1. lists candidates: the rollout policy's own choice first, then pass / take where allowed, then the legal cards,
   non-trumps before trumps and low before high, at most ``max_candidates`` in all;
2. draws ``worlds`` determinizations: the cards it cannot see (not in its hand, the discard pile, on the table, known
   to be held by an opponent, or the stock's face-up bottom card) dealt uniformly at random to the opponents' unknown
   hand slots and to the stock above its bottom card — consistent with every hand size and every card it has seen;
3. plays every candidate in every determinization (common random numbers: the same determinizations for all
   candidates) to the end with the rollout policy at every seat, all of them as one batch
   (``compiled.play_from_state_auto``: the compiled engine where it plays the policy, else the batch engine);
4. takes the candidate that loses least often (``objective = "lose"``; ``"lose_or_draw"`` counts a draw as a loss;
   ``"score"`` counts a loss twice and a draw or a game cut short once: the match score, win 1, draw ½),
   ties broken by the fewer bouts in all, then by the candidate order (the policy's choice first).

At a 2-player decision with the stock empty and at most ``solve_cards`` cards in the hands and on the table it
deals no worlds: the other hand is public then, and it plays the exact solver's best move as the ``endgame`` player
does (``cardodds.sim.tan.endgame_player``; ties: the rollout policy's move).  The default instance plays the
settings of ``TABLE_SETTINGS`` at those kinds of table (as ``tuned`` reads its knobs by table); ``pimc`` is the
expert as it was before the solver, at every table.

It reads only the public information the engines add to its views (``needs_public``): hand sizes, cards known to be
in a hand (picked up in a take, the turned card taken in the exchange or drawn last), the discard pile, the table,
the stock's size and bottom card, who attacks and defends, passes so far and the attack cap.  Its randomness: the
game's seed, which both engines draw from their random stream (PLAY) when the game starts, hashed with the decision's
place in the game — so a game draws the same numbers in both engines, whatever other games run beside it, and
``cardodds replay`` shows the game a run plays.  In the batch engine the decisions of all games waiting on the expert
at a step are searched together in one rollout batch (``selective``: the engine says which rows are its own).  The
trump exchange uses the ``basic`` rule (swap the lowest allowed trump).
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Literal

import numpy as np

from cardodds.sim.errors import CardoddsError
from cardodds.sim.hashing import GOLDEN, mix64
from cardodds.sim.knobs import Choice, Range
from cardodds.sim.players import Player
from cardodds.sim.tan import bits
from cardodds.sim.tan.batch import TanState
from cardodds.sim.tan.bits import U64, ZERO
from cardodds.sim.tan.cards import deck_mask, to_mask
from cardodds.sim.tan.classic import Classic
from cardodds.sim.tan.compiled import play_from_state_auto
from cardodds.sim.tan.endgame_player import Endgame, batch_node
from cardodds.sim.tan.solver import solver_for
from cardodds.sim.tan.strategies import Basic, Heuristic, Tuned

INVALID = -3  # a padding candidate
MAX_ROLLOUTS = 1 << 16  # rollout games played in one batch at most
OBJECTIVES = ("lose", "lose_or_draw", "score")
ROLLOUTS = {"heuristic": Heuristic, "basic": Basic, "tuned": Tuned, "classic": Classic}
"""The rollout policies, by name."""

TABLE_SETTINGS = {(2, 36): {"worlds": 256, "rollout": "tuned", "objective": "score", "halvings": 2}}
"""Knobs the default ``expert`` plays at kinds of table, by ``(players, deck)`` (picked from matches against
``pimc``: ``benchmarks/match_tan_players.py``); elsewhere it plays its field defaults."""


class DecidesByRows:
    """Attack and defence on both engines through ``decide(rows, kind, rules)`` of the player ``at_table(rules)``
    returns: the reference engine's view is one row, the batch engine's the rows its player must decide."""

    def at_table(self, rules):
        """The player that decides at ``rules``' table (itself, unless the class reads its settings by table)."""
        return self

    def attack(self, v, rng=None) -> int | None:
        c = int(self.at_table(v.rules).decide(_reference_rows(v, "attack"), "attack", v.rules)[0])
        return None if c < 0 else c

    def defend(self, v, rng=None) -> int | None:
        c = int(self.at_table(v.rules).decide(_reference_rows(v, "defend"), "defend", v.rules)[0])
        return None if c < 0 else c

    def attack_batch(self, v, rng=None):
        return self._batch(v, "attack")

    def defend_batch(self, v, rng=None):
        return self._batch(v, "defend")

    def _batch(self, v, kind):
        out = np.full(v.legal.shape[0], -1, dtype=np.int16)
        idx = np.nonzero(v.decide & v.live & (v.legal != 0))[0]
        if idx.shape[0]:
            out[idx] = self.at_table(v.rules).decide(_batch_rows(v, idx, kind), kind, v.rules)
        return out


@dataclass(frozen=True)
class Expert(DecidesByRows, Player):
    """Determinized Monte Carlo search (see the module docstring).

    Parameters
    ----------
    worlds : int
        Determinizations per decision (each candidate is played out once in each).
    rollout : {"heuristic", "basic", "tuned", "classic"}
        The policy every seat plays in the rollouts.
    max_candidates : int
        At most this many candidate moves are searched (the policy's choice is always one).
    objective : {"lose", "lose_or_draw", "score"}
        What a rollout counts as bad for the expert (``score``: a loss 2, a draw or a cut game 1); ties are broken
        by fewer bouts.
    solve_cards : int
        2 players, the stock empty: the exact solver decides when at most this many cards are left in the hands and
        on the table (0: never).
    halvings : int
        Rounds after the first (successive halving): each keeps the better half of the candidates (at least 2) and
        plays them in twice as many new determinizations as the round before (0: one round of ``worlds``).
    margin : float
        Another candidate replaces the rollout policy's choice only when its lead over it, summed over their common
        determinizations, is at least ``margin`` times the root of the summed squared differences (a paired
        z-score; 0: the best candidate wins outright).
    """

    worlds: int = 16
    rollout: Literal["heuristic", "basic", "tuned", "classic"] = "heuristic"
    max_candidates: int = 4
    objective: Literal["lose", "lose_or_draw", "score"] = "lose"
    solve_cards: int = 12
    halvings: int = 0
    margin: float = 0.0
    name = "expert"
    searches = True
    deterministic = False
    selective = True
    needs_public = True
    table_settings = TABLE_SETTINGS
    renamed_knobs = {"samples": "worlds"}  # one name in every game's expert (Sâm's ``samples`` are its Sâm deals)
    knobs = {"worlds": Range(1, 64, limits=(1, 1024)), "rollout": Choice(tuple(ROLLOUTS)),
             "max_candidates": Range(2, 12, limits=(2, 54)), "objective": Choice(OBJECTIVES),
             "solve_cards": Range(0, 12, limits=(0, 20)), "halvings": Range(0, 3, limits=(0, 6)),
             "margin": Range(0.0, 3.0, integer=False, limits=(0.0, 10.0))}
    """Tunable knobs (:mod:`cardodds.sim.knobs`): the values the tuner tries, and (``limits``) what a config may
    set: ``worlds`` up to 1024, ``max_candidates`` up to 54 (a pass, the policy's card and every other card of the
    deck)."""

    def __post_init__(self):
        super().__post_init__()
        if self.rollouts_per_row() > MAX_ROLLOUTS:
            raise CardoddsError(f"{self.name}: worlds × max_candidates × 2^halvings must be at most {MAX_ROLLOUTS}, "
                                f"not {self.rollouts_per_row()}")

    def policy(self):
        return ROLLOUTS[self.rollout]()

    def at_table(self, rules) -> "Expert":
        """The expert this instance is at a table with ``rules``: the table kind's settings for the default
        instance, else itself."""
        kind = (rules.players, rules.deck)
        if kind in self.table_settings and self == type(self)():
            return _table_expert(type(self), kind)
        return self

    # -- exchange: the basic rule ----------------------------------------------------------------------------------
    def exchange(self, v, rng=None):
        return min(v.options) if v.options else None

    def exchange_batch(self, v, rng=None):
        return np.where(v.options != 0, bits.lowest(v.options), -1).astype(np.int16)

    # -- reference forms -------------------------------------------------------------------------------------------

    # -- the search ------------------------------------------------------------------------------------------------
    def decide(self, d, kind: str, rules) -> np.ndarray:
        """The chosen card (-1 = pass / take) for each decision row of ``d`` (see ``_batch_rows``)."""
        policy = self.policy()
        d.rules = rules
        first = (policy.attack_batch if kind == "attack" else policy.defend_batch)(d, None).astype(np.intp)
        cand = _candidates(d, first, kind, self.max_candidates)
        n_cand = (cand != INVALID).sum(axis=1)
        choice = cand[:, 0].copy()
        solved = self._solve(d, kind, rules, n_cand > 1, choice)
        search = np.nonzero((n_cand > 1) & ~solved)[0]
        block = max(1, MAX_ROLLOUTS // self.rollouts_per_row())  # bounds the memory of one batch
        for start in range(0, search.shape[0], block):
            rows = search[start:start + block]
            choice[rows] = self._search(_take_rows(d, rows), cand[rows], kind, rules, policy)
        return choice.astype(np.int16)

    def _solve(self, d, kind, rules, rows, choice) -> np.ndarray:
        """Let the exact solver decide the 2-player stock-empty endgames among ``rows`` (a mask) that are small
        enough: their moves written to ``choice`` (which holds the policy's, the tie-break), the mask of them
        returned."""
        solved = np.zeros(rows.shape[0], dtype=bool)
        if self.solve_cards < 2:
            return solved
        endgame = Endgame(max_cards=self.solve_cards)
        if not endgame.solves(rules, 0):
            return solved
        for i in np.nonzero(rows & (d.stock_left == 0))[0]:  # the solver is plain Python: one row at a time
            position = batch_node(d, int(i), kind)
            if endgame.solves(rules, 0, position):
                choice[i] = solver_for(rules, position.trump).best_move(position, int(choice[i]))
                solved[i] = True
        return solved

    def _search(self, d, cand, kind, rules, policy) -> np.ndarray:
        """The chosen candidate of each row of ``cand`` ``(R, K)``: ``worlds`` determinizations for every candidate,
        then ``halvings`` rounds, each keeping the better half of the candidates still in (at least 2) and playing
        them in twice as many new determinizations as the round before; the survivors are compared on all the
        determinizations they played (the same for all of them: common random numbers).  With a ``margin`` the
        policy's choice (column 0) stays in every round and is replaced only by a candidate whose paired lead over it
        is at least ``margin`` standard errors."""
        R, K = cand.shape
        pre = _before_move(d, kind)
        alive = cand != INVALID
        bad = np.zeros((R, K), dtype=np.int64)
        bouts = np.zeros((R, K), dtype=np.int64)
        lead = np.zeros((R, K))  # sum over worlds of (policy's choice's badness - the candidate's)
        lead_sq = np.zeros((R, K))
        done = 0
        for r in range(self.halvings + 1):
            m = self.worlds << r
            if r:
                score = np.where(alive, bad * (rules.max_bouts * done + 1) + bouts, np.iinfo(np.int64).max)
                if self.margin:
                    score[:, 0] = -1
                n_keep = np.maximum(2, (alive.sum(axis=1) + 1) // 2)
                rank = np.argsort(np.argsort(score, axis=1, kind="stable"), axis=1)
                alive &= rank < n_keep[:, None]
            keys = _keys(d, kind, np.arange(R), m, start=done)
            hands, stock = _determinize(pre, rules, keys)  # (P, R, m), (R, m, S)
            rr, kk = np.nonzero(alive)
            b, n = _playouts(pre, d, kind, rules, hands, stock, rr, cand[rr, kk], policy, self.objective)
            bad[rr, kk] += b.sum(axis=1)
            bouts[rr, kk] += n
            if self.margin:
                first = np.zeros((R, m), dtype=np.int64)
                first[rr[kk == 0]] = b[kk == 0]
                gap = first[rr] - b
                lead[rr, kk] += gap.sum(axis=1)
                lead_sq[rr, kk] += (gap * gap).sum(axis=1)
            done += m
        score = bad * (rules.max_bouts * done + 1) + bouts
        score = np.where(alive, score, np.iinfo(np.int64).max)
        best = np.argmin(score, axis=1)  # first minimum: the earlier candidate on a tie
        if self.margin:
            i = np.arange(R)
            sure = lead[i, best] >= self.margin * np.sqrt(lead_sq[i, best])
            best = np.where(sure, best, 0)
        return cand[np.arange(R), best]

    def rollouts_per_row(self) -> int:
        """The most rollout games one decision row plays in one batch (its biggest round)."""
        k = self.max_candidates
        most = 0
        for r in range(self.halvings + 1):
            most = max(most, k * (self.worlds << r))
            k = max(2, (k + 1) // 2)
        return most


def _playouts(pre, d, kind, rules, hands, stock, rr, moves, policy, objective):
    """Rollouts of the (row ``rr[i]``, candidate move ``moves[i]``) pairs, each in every determinization of its row
    (``hands`` ``(P, R, m)``, ``stock`` ``(R, m, S)``), played to the end by ``policy`` at every seat: per pair, the
    how badly each game went for the seat (``objective``) ``(n, m)``, and the bouts played, summed over the ``m``
    determinizations."""
    P = rules.players
    m = hands.shape[2]
    n = rr.shape[0]
    rep = lambda x: np.repeat(x[rr], m)  # noqa: E731  (a row's value for each game of its pairs)
    state = TanState(
        hands=np.ascontiguousarray(hands[:, rr, :].reshape(P, n * m)), stock=stock[rr].reshape(n * m, -1),
        top=rep(rules.stock_size - pre.stock_left), trump=rep(pre.trump), disc=rep(pre.disc), att=rep(pre.att),
        cov=rep(pre.cov), attacker=rep(pre.attacker), defender=rep(pre.defender), cur=rep(pre.cur),
        passes=rep(pre.passes), cap=rep(pre.cap), out=np.stack([rep(pre.out[p]) for p in range(P)]),
        bouts=rep(pre.bouts), pickups=rep(pre.pickups), first_attacker=rep(pre.first_attacker))
    flat = np.repeat(moves, m)
    fa, fd = (flat, None) if kind == "attack" else (rep(d.card), flat)
    res = play_from_state_auto(rules, state, [policy] * P, force_attack=fa, force_defend=fd)
    loser = res.loser.astype(np.intp)
    bad = (loser == rep(d.seat)).astype(np.int64)
    if objective == "lose_or_draw":
        bad |= res.draw
    elif objective == "score":
        bad = 2 * bad + (loser < 0)
    return bad.reshape(n, m), res.bouts.reshape(n, m).astype(np.int64).sum(axis=1)


@dataclass(frozen=True)
class Pimc(Expert):
    """The expert before the endgame solver: determinized Monte Carlo search everywhere, with the same settings at
    every table (the knobs of ``expert``; ``solve_cards`` 0)."""

    solve_cards: int = 0
    name = "pimc"
    table_settings = {}


@functools.cache
def _table_expert(cls, kind: tuple) -> Expert:
    return dataclasses.replace(cls(), **cls.table_settings[kind])


def _mix(z: np.ndarray) -> np.ndarray:
    """One splitmix64 step: a well-mixed 64-bit hash of each ``uint64``."""
    with np.errstate(over="ignore"):
        return mix64(z + GOLDEN)


def _keys(d, kind, rows, M, start=0) -> np.ndarray:
    """Uniform sort keys ``(len(rows), M, 52)`` for determinizations ``start .. start + M - 1`` of decision rows
    ``rows``: a hash of the game's seed and the decision's place in the game (bout, cards on the table, passes,
    kind), the same in both engines and whatever other games run beside it."""
    place = (((d.bouts[rows].astype(U64) * U64(64) + bits.popcount(d.att[rows]).astype(U64)) * U64(64)
              + bits.popcount(d.cov[rows]).astype(U64)) * U64(64)
             + (d.passes[rows].astype(U64) if kind == "attack" else U64(0))) * U64(2) + U64(kind == "defend")
    base = _mix(d.game_seed[rows].astype(U64) ^ _mix(place))
    count = (np.arange(start, start + M, dtype=U64)[:, None] * U64(52) + np.arange(52, dtype=U64)[None, :])[None]
    return (_mix(base[:, None, None] + count) >> U64(11)).astype(np.float64) * 2.0 ** -53


def _candidates(d, first, kind, k) -> np.ndarray:
    """``(R, k)`` candidate moves: the policy's choice, pass / take, then cards non-trumps first, low first."""
    R = first.shape[0]
    cols = [first]
    may_skip = ~d.is_lead if kind == "attack" else np.ones(R, dtype=bool)
    cols.append(np.where(may_skip & (first != -1), -1, INVALID))
    pool = d.legal & ~bits.bit(first)
    for _ in range(k):
        plain = pool & ~d.tmask
        pick = np.where(pool != 0, bits.lowest(np.where(plain != 0, plain, pool)), INVALID).astype(np.intp)
        cols.append(pick)
        pool = pool & ~bits.bit(np.maximum(pick, -1))
    cand = np.stack(cols, axis=1)
    order = np.argsort(cand == INVALID, axis=1, kind="stable")
    return np.take_along_axis(cand, order, axis=1)[:, :k]


def _before_move(d, kind):
    """The public state just before the move searched: for a defence, the attack card back in its thrower's hand
    (a card known to be there), so that the rollout replays it and forces each candidate answer."""
    pre = SimpleNamespace(**vars(d))
    if kind == "attack":
        pre.cur = d.seat
        return pre
    c = bits.bit(d.card)
    R = d.card.shape[0]
    pre.att = d.att & ~c
    pre.cur = d.thrower
    pre.passes = np.zeros(R, dtype=np.intp)
    pre.known = d.known.copy()
    pre.hand_sizes = d.hand_sizes.astype(np.intp)
    pre.known[d.thrower, np.arange(R)] |= c
    pre.hand_sizes[d.thrower, np.arange(R)] += 1
    return pre


def _determinize(pre, rules, keys):
    """Deals of the unseen cards, one per row of uniform ``keys`` ``(R, M, 52)``: opponents' hands ``(P, R, M)`` and
    stocks ``(R, M, stock_size)``."""
    P, S = rules.players, rules.stock_size
    M = keys.shape[1]
    R = pre.seat.shape[0]
    seat_is = np.arange(P)[:, None] == pre.seat[None, :]
    others_known = np.bitwise_or.reduce(np.where(seat_is, ZERO, pre.known), axis=0)
    in_stock = pre.stock_left > 0
    deck = U64(deck_mask(rules.deck))
    unseen = deck & ~pre.hand & ~pre.disc & ~pre.att & ~pre.cov & ~others_known
    unseen &= ~np.where(in_stock, bits.bit(pre.bottom), ZERO)
    slots = np.where(seat_is | pre.out, 0, pre.hand_sizes - bits.popcount(pre.known)).astype(np.intp)  # (P, R)
    stock_slots = np.maximum(pre.stock_left - 1, 0)
    assert (slots.sum(axis=0) + stock_slots == bits.popcount(unseen)).all(), "public information is inconsistent"
    keys = keys.copy()
    is_unseen = ((unseen[:, None] >> np.arange(52, dtype=U64)) & U64(1)).astype(bool)
    keys[~np.broadcast_to(is_unseen[:, None, :], keys.shape)] = 2.0
    order = np.argsort(keys, axis=2)  # the unseen cards first, in random order
    card_bits = bits.BIT_LUT[order + 1]
    pos = np.arange(52)[None, None, :]
    stop = np.cumsum(slots, axis=0)
    hands = np.empty((P, R, M), dtype=U64)
    for p in range(P):
        sel = (pos >= (stop[p] - slots[p])[:, None, None]) & (pos < stop[p][:, None, None])
        drawn = np.bitwise_or.reduce(np.where(sel, card_bits, ZERO), axis=2)
        hands[p] = np.where(seat_is[p][:, None], pre.hand[:, None], pre.known[p][:, None] | drawn)
    top = S - pre.stock_left
    j = np.arange(S)[None, :]
    idx = np.clip(stop[-1][:, None] + j - top[:, None], 0, 51)  # stock position j holds unseen card number idx
    stock = np.take_along_axis(order, np.broadcast_to(idx[:, None, :], (R, M, S)), axis=2).astype(np.int16)
    stock = np.where(((j >= top[:, None]) & (j < S - 1))[:, None, :], stock, -1)
    stock[:, :, S - 1] = np.where(in_stock, pre.bottom, -1)[:, None]
    return hands, stock


def _take_rows(d, idx):
    """The decision rows ``idx`` of ``d`` (seat arrays ``(P, R)`` keep their seat axis)."""
    out = SimpleNamespace()
    for k, x in vars(d).items():
        if isinstance(x, np.ndarray) and x.ndim == 2:
            setattr(out, k, x[:, idx])
        elif isinstance(x, np.ndarray):
            setattr(out, k, x[idx])
        else:
            setattr(out, k, x)
    return out


_ROW_FIELDS = ("seat", "hand", "legal", "trump", "tmask", "stock_left", "disc", "att", "cov", "bottom", "attacker",
               "defender", "passes", "cap", "bouts", "pickups", "first_attacker", "game_seed")
_SEAT_FIELDS = ("hand_sizes", "known", "out")


def _batch_rows(v, idx, kind):
    """The decision rows ``idx`` of a batch-engine view, as the search reads them."""
    d = SimpleNamespace(**{k: np.asarray(getattr(v, k))[idx] for k in _ROW_FIELDS})
    for k in _SEAT_FIELDS:
        setattr(d, k, getattr(v, k)[:, idx])
    d.seat, d.attacker, d.defender = (x.astype(np.intp) for x in (d.seat, d.attacker, d.defender))
    d.n_attack = bits.popcount(d.att).astype(np.intp)
    d.defender_cards = d.hand_sizes[d.defender, np.arange(idx.shape[0])]
    if kind == "attack":
        d.is_lead, d.taking = v.is_lead[idx], v.taking[idx]
    else:
        d.card, d.thrower = v.card[idx].astype(np.intp), v.thrower[idx].astype(np.intp)
    return d


def _reference_rows(v, kind):
    """A reference-engine view as one decision row."""
    a = lambda x, dt=np.intp: np.array([x], dtype=dt)  # noqa: E731
    m = lambda cards: a(to_mask(cards), U64)  # noqa: E731
    d = SimpleNamespace(seat=a(v.seat), hand=m(v.hand), legal=m(v.legal), trump=a(v.trump),
                        tmask=bits.SUIT_MASK[a(v.trump)], stock_left=a(v.stock_left), disc=m(v.discard),
                        att=m(v.attack), cov=m(v.cover), bottom=a(-1 if v.bottom is None else v.bottom),
                        attacker=a(v.attacker), defender=a(v.defender), passes=a(v.passes), cap=a(v.cap),
                        bouts=a(v.bouts), pickups=a(v.pickups), first_attacker=a(v.first_attacker),
                        game_seed=a(v.game_seed, np.int64),
                        hand_sizes=np.array(v.hand_sizes, dtype=np.intp)[:, None],
                        known=np.array([to_mask(k) for k in v.known], dtype=U64)[:, None],
                        out=np.array(v.out, dtype=bool)[:, None])
    d.n_attack = a(len(v.attack))
    d.defender_cards = a(v.hand_sizes[v.defender])
    if kind == "attack":
        d.is_lead, d.taking = a(v.is_lead, bool), a(v.taking, bool)
    else:
        d.card, d.thrower = a(v.card), a(v.thrower)
    return d
