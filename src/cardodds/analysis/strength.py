"""Tấn strength: one player against another over paired deals, with seats swapped.

Every deal is played twice on the batch engine: player A in the even seats and B in the odd ones, then the other way
round (with 2 players: A at seat 0, then at seat 1), both games with the same random stream.  A game scores 1 for A's
side when a B seat loses, 0 when an A seat loses and ½ for a draw (or a game cut short at ``max_bouts``).  A deal
pair's score is the mean of its two games; the match score is the mean over deal pairs, with a 95 % normal interval
from the pair means' standard error — pairs are independent, the two games of one deal are not, so the pair is the
unit.  Swapping the seats cancels what the deal and the seat order give either side; two copies of a deterministic
player score exactly ½ on every pair (each game's loser sits, in the other game, at a seat of the other side).

Tables (``TABLES``): ``"2p36"`` (2 players, 36 cards, 6-card hands, no trump exchange, the Russian refill order, no
adding after a take, the attack cap the defender's hand — the rules the public Durak players are compared on),
``"2p52"`` and ``"4p52"`` (the seed's Tấn, 2 and 4 players).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from cardodds.sim.errors import CardoddsError
from cardodds.sim.streams import PLAY, chunk_seed, stream
from cardodds.sim.tan.batch import play_batch
from cardodds.sim.tan.deal import deal_chunk
from cardodds.sim.tan.rules import TanRules

TABLES = {
    "2p36": TanRules(players=2, deck=36, hand_size=6, trump_exchange="none", max_attack_cards="defender_hand",
                     throw_in_after_take=False, refill_order="attacker_others_defender"),
    "2p52": TanRules(players=2),
    "4p52": TanRules(players=4),
}
"""The tables strength is measured on, by name (module docstring)."""

Z95 = 1.959963984540054


@dataclass
class Match:
    """A's result against B: ``score`` (A's mean over deal pairs) in ``[low, high]`` (95 %), ``draws`` (share of
    games drawn or cut short), ``pairs`` deal pairs played (two games each), ``games_per_s`` (CPU), and each side's
    CPU time per decision in µs (``a_us``, ``b_us``; see ``Timed``) and its decisions (``a_decisions``,
    ``b_decisions``; one player at both sides counts its decisions once, in ``a_decisions``)."""

    a: str
    b: str
    pairs: int
    score: float
    low: float
    high: float
    draws: float
    games_per_s: float
    a_us: float
    b_us: float
    a_decisions: int = 0
    b_decisions: int = 0


def game_scores(loser: np.ndarray, a_seats: np.ndarray) -> np.ndarray:
    """A's score in each game: 1 when the loser is a B seat, 0 when an A seat, ½ for no loser (-1).

    ``a_seats`` is a boolean mask over the table's seats, True where A sits.
    """
    loser = np.asarray(loser)
    lost = a_seats[np.maximum(loser, 0)]
    return np.where(loser < 0, 0.5, np.where(lost, 0.0, 1.0))


def interval(pair_scores: np.ndarray) -> tuple[float, float, float]:
    """``(mean, low, high)``: the mean of the deal pairs' scores and its 95 % normal interval."""
    x = np.asarray(pair_scores, dtype=float)
    if x.shape[0] < 2:
        raise CardoddsError("a strength interval needs at least 2 deal pairs")
    m = float(x.mean())
    half = Z95 * float(x.std(ddof=1)) / np.sqrt(x.shape[0])
    return m, m - half, m + half


class Timed:
    """A strategy that counts its batch decisions and the CPU time they take (everything else is the strategy's).

    A decision is a row the engine asks this strategy about that has a legal move; a vectorised strategy computes
    every row of the call, so its time per decision is the call's time over its own rows.
    """

    def __init__(self, inner):
        self.inner, self.seconds, self.decisions = inner, 0.0, 0

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def _timed(self, method, v, rng):
        t = time.process_time()
        out = getattr(self.inner, method)(v, rng)
        self.seconds += time.process_time() - t
        mine = getattr(v, "decide", True) & (v.legal != 0) & getattr(v, "live", True)
        self.decisions += int(np.count_nonzero(mine))
        return out

    def attack_batch(self, v, rng=None):
        return self._timed("attack_batch", v, rng)

    def defend_batch(self, v, rng=None):
        return self._timed("defend_batch", v, rng)

    @property
    def us_per_decision(self) -> float:
        return 1e6 * self.seconds / max(self.decisions, 1)


def seatings(players: int) -> tuple[np.ndarray, np.ndarray]:
    """A's seats in the two games of a deal: the even seats, then the odd ones."""
    even = np.arange(players) % 2 == 0
    return even, ~even


def match(a, b, rules: TanRules, pairs: int, seed: int, chunk: int = 10_000, a_name: str = "A",
          b_name: str = "B") -> Match:
    """Play ``pairs`` deals twice each (seats swapped) between strategies ``a`` and ``b`` on ``rules``.

    Chunk ``k`` deals its games from ``chunk_seed(seed, k)`` (the runner's streams), so a match is the same whatever
    else runs, and two matches with the same seed play the same deals.
    """
    if not isinstance(pairs, int) or pairs < 2:
        raise CardoddsError(f"a match needs at least 2 deal pairs, not {pairs!r}")
    ta = Timed(a)
    tb = ta if (a is b or a == b) else Timed(b)
    first, second = seatings(rules.players)
    scores, draws = [], 0
    t = time.process_time()
    for k, start in enumerate(range(0, pairs, chunk)):
        n = min(chunk, pairs - start)
        seq = chunk_seed(seed, k)
        orders, fa = deal_chunk(rules, seq, n)
        per_game = []
        for a_seats in (first, second):
            seats = [ta if s else tb for s in a_seats]
            res = play_batch(rules, orders, fa, seats, rng=stream(seq, PLAY))
            per_game.append(game_scores(res.loser, a_seats))
            draws += int(np.count_nonzero(res.loser < 0))
        scores.append((per_game[0] + per_game[1]) / 2)
    cpu = time.process_time() - t
    m, lo, hi = interval(np.concatenate(scores))
    return Match(a_name, b_name, pairs, m, lo, hi, draws / (2 * pairs), 2 * pairs / max(cpu, 1e-9),
                 ta.us_per_decision, tb.us_per_decision, ta.decisions, 0 if tb is ta else tb.decisions)


ELO = 400 / np.log(10)
"""Elo points per unit of the Bradley–Terry log-strength."""


@dataclass
class Rating:
    """A player's Bradley–Terry rating in Elo points against the anchor (rated 0), with its 95 % interval."""

    name: str
    elo: float
    low: float
    high: float


def effective_games(m: Match) -> float:
    """How many independent games ``m`` weighs as: ``s(1 - s) / se²`` from its score and its interval (the paired
    deals' variance), or its game count when the score is 0 or 1 or the interval empty."""
    se = (m.high - m.low) / (2 * Z95)
    var = m.score * (1 - m.score)
    return float(var / se ** 2) if var > 0 and se > 0 else 2.0 * m.pairs


def bradley_terry(matches: list[Match], anchor: str | None = None) -> list[Rating]:
    """Bradley–Terry ratings from a table of matches, by maximum likelihood.

    ``P(A beats B) = 1 / (1 + exp(r_B - r_A))``; a match of score ``s`` counts as ``n`` games of which A won ``s n``
    (a draw half a win), ``n`` its effective game count (``effective_games``).  Newton's method fits the ratings with
    the anchor's (default: the first player named) fixed at 0; each interval is ±1.96 standard errors from the
    inverse of the observed information (the log-likelihood's negative Hessian) — a normal interval on the rating
    relative to the anchor.  Ratings are in Elo points (``ELO`` per unit).
    """
    names = list(dict.fromkeys(n for m in matches for n in (m.a, m.b)))
    if len(names) < 2:
        raise CardoddsError("a rating needs matches between at least 2 players")
    anchor = names[0] if anchor is None else anchor
    if anchor not in names:
        raise CardoddsError(f"rating anchor {anchor!r} played no match")
    i = np.array([names.index(m.a) for m in matches])
    j = np.array([names.index(m.b) for m in matches])
    s = np.array([m.score for m in matches], dtype=float)
    n = np.array([effective_games(m) for m in matches])
    free = np.array([k != names.index(anchor) for k in range(len(names))])
    r = np.zeros(len(names))
    for _ in range(100):
        grad, info = _gradient_and_information(r, i, j, s, n)
        step = np.linalg.lstsq(info[np.ix_(free, free)], grad[free], rcond=None)[0]
        r[free] += step
        if np.abs(r).max() > 30:
            raise CardoddsError("ratings diverge: some player's results are all wins or all losses against the rest")
        if np.abs(step).max() < 1e-10:
            break
    _, info = _gradient_and_information(r, i, j, s, n)
    cov = np.zeros((len(names), len(names)))
    cov[np.ix_(free, free)] = np.linalg.inv(info[np.ix_(free, free)])
    half = Z95 * np.sqrt(np.diag(cov))
    return [Rating(name, ELO * r[k], ELO * (r[k] - half[k]), ELO * (r[k] + half[k])) for k, name in enumerate(names)]


def _gradient_and_information(r, i, j, s, n):
    """The log-likelihood's gradient and observed information (negative Hessian) at ratings ``r``."""
    p = 1 / (1 + np.exp(r[j] - r[i]))
    grad = np.zeros_like(r)
    np.add.at(grad, i, n * (s - p))
    np.add.at(grad, j, -n * (s - p))
    w = n * p * (1 - p)
    info = np.zeros((r.shape[0], r.shape[0]))
    np.add.at(info, (i, i), w)
    np.add.at(info, (j, j), w)
    np.add.at(info, (i, j), -w)
    np.add.at(info, (j, i), -w)
    return grad, info
