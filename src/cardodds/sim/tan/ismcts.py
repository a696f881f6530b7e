"""The Tấn ``ismcts`` player: information-set Monte Carlo search with UCT at the seat's own information set.

At each attack, add (tấn cùng) or defence decision with more than one candidate move, the player

1. lists the candidates as the ``expert`` does (the rollout policy's choice, pass / take, cheap cards first; at most
   ``max_candidates``);
2. runs ``iterations`` search iterations, ``wave`` of them at a time: each iteration picks a candidate by UCB1 (mean
   score plus ``exploration`` × √(ln N / n); an untried candidate first) and plays it out to the end with the rollout
   policy at every seat, in one determinization of the cards the seat cannot see (consistent with every hand size,
   the cards it saw picked up, the discard pile and the stock's bottom card: the expert's ``_determinize``).  A
   candidate's j-th visit plays determinization j, the same for every candidate (common random numbers: candidates
   are compared on the same deals, as the expert compares them).  A wave's rollouts run as one batch
   (``compiled.play_from_state_auto``: the compiled engine where it plays the policy, else the batch engine); inside
   a wave an earlier pick counts as a visit scoring the candidate's mean so far (½ untried), so that one wave spreads
   over the candidates;
3. plays the candidate visited most (ties: the higher mean score, then the candidate order).

A rollout scores 1 when another seat loses, ½ for a draw or a game cut short, 0 when the seat loses.  The tree is the
root information set and its children: the nodes below a move are not kept, because the rollouts run as a batch on
the batch engine, which cannot stop at each opponent's information set.  At a 2-player decision with the stock empty
and at most ``solve_cards`` cards in the hands and on the table the exact solver decides, as in the ``expert``.

``time_ms`` caps the CPU time a decision may take: the search stops after the wave that passes it (in the batch
engine the decisions searched together share ``time_ms`` each).  A time cap makes decisions depend on the machine
and its load, so games are reproducible only with ``time_ms = 0`` (no cap: the iteration budget alone; tests use
that).  The random numbers are the expert's: the game's seed hashed with the decision's place, so the same
information gives the same decision in both engines, whatever other games run beside it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Literal

import numpy as np

from cardodds.sim.knobs import Choice, Range
from cardodds.sim.players import Player
from cardodds.sim.tan import bits
from cardodds.sim.tan.batch import TanState
from cardodds.sim.tan.compiled import play_from_state_auto
from cardodds.sim.tan.expert import (INVALID, MAX_ROLLOUTS, ROLLOUTS, DecidesByRows, Expert, _before_move, _candidates,
                                     _determinize, _keys, _take_rows)

_clock = time.process_time  # the CPU clock of the time cap (a name tests may replace)


@dataclass(frozen=True)
class Ismcts(DecidesByRows, Player):
    """Information-set search with UCT at the root (see the module docstring).

    Parameters
    ----------
    iterations : int
        Search iterations (one determinization and one rollout each) per decision.
    wave : int
        Iterations picked and played out together as one batch.
    exploration : float
        The UCB1 constant (scores are in [0, 1]).
    rollout : {"heuristic", "basic", "tuned", "classic"}
        The policy every seat plays in the rollouts.
    max_candidates : int
        At most this many candidate moves are searched (the policy's choice is always one).
    solve_cards : int
        2 players, the stock empty: the exact solver decides when at most this many cards are left (0: never).
    time_ms : int
        CPU time cap per decision in ms (0: none); a cap makes decisions machine-dependent.
    """

    iterations: int = 2560
    wave: int = 64
    exploration: float = 0.5
    rollout: Literal["heuristic", "basic", "tuned", "classic"] = "tuned"
    max_candidates: int = 4
    solve_cards: int = 12
    time_ms: int = 0
    name = "ismcts"
    searches = True
    deterministic = False
    selective = True
    needs_public = True
    knobs = {"iterations": Range(16, 4096, limits=(1, 8192)), "wave": Range(4, 64, limits=(1, 1024)),
             "exploration": Range(0.1, 1.5, integer=False, limits=(0.0, 10.0)), "rollout": Choice(tuple(ROLLOUTS)),
             "max_candidates": Range(2, 12, limits=(2, 54)), "solve_cards": Range(0, 12, limits=(0, 20)),
             "time_ms": Range(0, 200, limits=(0, 10_000))}
    """Tunable knobs (:mod:`cardodds.sim.knobs`): the values the tuner tries, and (``limits``) what a config may
    set: ``iterations`` up to 8192, ``max_candidates`` up to 54, ``time_ms`` up to 10000."""

    # -- exchange: the basic rule ----------------------------------------------------------------------------------
    def exchange(self, v, rng=None):
        return min(v.options) if v.options else None

    def exchange_batch(self, v, rng=None):
        return np.where(v.options != 0, bits.lowest(v.options), -1).astype(np.int16)

    # -- the search ------------------------------------------------------------------------------------------------
    def decide(self, d, kind: str, rules) -> np.ndarray:
        """The chosen card (-1 = pass / take) for each decision row of ``d`` (the expert's decision rows)."""
        policy = ROLLOUTS[self.rollout]()
        d.rules = rules
        first = (policy.attack_batch if kind == "attack" else policy.defend_batch)(d, None).astype(np.intp)
        cand = _candidates(d, first, kind, self.max_candidates)
        n_cand = (cand != INVALID).sum(axis=1)
        choice = cand[:, 0].copy()
        solved = Expert(solve_cards=self.solve_cards)._solve(d, kind, rules, n_cand > 1, choice)
        search = np.nonzero((n_cand > 1) & ~solved)[0]
        block = max(1, MAX_ROLLOUTS // max(self.iterations, self.wave))  # bounds the keys' and a batch's memory
        for start in range(0, search.shape[0], block):
            rows = search[start:start + block]
            keys = _keys(d, kind, rows, self.iterations)
            deadline = _clock() + 1e-3 * self.time_ms * rows.shape[0] if self.time_ms else None
            choice[rows] = self._search(_take_rows(d, rows), cand[rows], kind, rules, keys, policy, deadline)
        return choice.astype(np.int16)

    def _search(self, d, cand, kind, rules, keys, policy, deadline) -> np.ndarray:
        R, K = cand.shape
        rows = np.arange(R)[:, None]
        visits, total = np.zeros((R, K)), np.zeros((R, K))
        pre = _before_move(d, kind)
        done = 0
        while done < self.iterations:
            B = min(self.wave, self.iterations - done)
            picks = self._picks(visits, total, cand != INVALID, B)
            hands, stock = _determinize(pre, rules, keys[rows, _visit_numbers(visits, picks)])
            score = _rollouts(pre, d, kind, rules, hands, stock, cand[rows, picks], policy)
            np.add.at(visits, (np.broadcast_to(rows, picks.shape), picks), 1.0)
            np.add.at(total, (np.broadcast_to(rows, picks.shape), picks), score)
            done += B
            if deadline is not None and _clock() > deadline:
                break
        mean = total / np.maximum(visits, 1)
        rank = np.where(cand == INVALID, -np.inf, visits + 0.5 * mean)  # mean < 1: breaks ties of visits only
        return cand[np.arange(R), np.argmax(rank, axis=1)]  # first maximum: the earlier candidate on a tie

    def _picks(self, visits, total, valid, B) -> np.ndarray:
        """``(R, B)`` candidate columns for one wave by UCB1; a pick already made in the wave counts as a visit with
        the candidate's mean score so far (½ when untried), so the wave spreads its picks."""
        R = visits.shape[0]
        pending = np.zeros_like(visits)
        picks = np.empty((R, B), dtype=np.intp)
        for b in range(B):
            n = visits + pending
            mean = np.where(visits > 0, total / np.maximum(visits, 1), 0.5)
            log_n = np.log(np.maximum(n.sum(axis=1, keepdims=True), 1.0))
            ucb = np.where(n > 0, mean + self.exploration * np.sqrt(log_n / np.maximum(n, 1)), np.inf)
            picks[:, b] = np.argmax(np.where(valid, ucb, -np.inf), axis=1)
            pending[np.arange(R), picks[:, b]] += 1.0
        return picks


def _visit_numbers(visits, picks) -> np.ndarray:
    """``(R, B)``: which visit of its candidate each pick is (0 for a candidate's first), counting from ``visits``
    and the wave's earlier picks."""
    R, B = picks.shape
    same = picks[:, :, None] == picks[:, None, :]
    earlier = np.tril(np.ones((B, B), dtype=bool), -1)
    return (visits[np.arange(R)[:, None], picks] + (same & earlier[None]).sum(axis=2)).astype(np.intp)


def _rollouts(pre, d, kind, rules, hands, stock, moves, policy) -> np.ndarray:
    """The seat's score ``(R, B)`` in rollout games from determinizations ``hands`` ``(P, R, B)`` and ``stock``
    ``(R, B, S)``, each starting with ``moves`` ``(R, B)`` (the move searched) and played out by ``policy``."""
    P = rules.players
    R, B = moves.shape
    rep = lambda x: np.repeat(x, B, axis=-1)  # noqa: E731  (a row's value for each of its B games)
    state = TanState(
        hands=np.ascontiguousarray(hands.reshape(P, R * B)), stock=stock.reshape(R * B, -1),
        top=rep(rules.stock_size - pre.stock_left), trump=rep(pre.trump), disc=rep(pre.disc), att=rep(pre.att),
        cov=rep(pre.cov), attacker=rep(pre.attacker), defender=rep(pre.defender), cur=rep(pre.cur),
        passes=rep(pre.passes), cap=rep(pre.cap), out=rep(pre.out), bouts=rep(pre.bouts),
        pickups=rep(pre.pickups), first_attacker=rep(pre.first_attacker))
    flat = moves.reshape(-1)
    fa, fd = (flat, None) if kind == "attack" else (rep(d.card), flat)
    res = play_from_state_auto(rules, state, [policy] * P, force_attack=fa, force_defend=fd)
    loser = res.loser.astype(np.intp)
    score = np.where(loser == rep(d.seat), 0.0, np.where(loser < 0, 0.5, 1.0))
    return score.reshape(R, B)
