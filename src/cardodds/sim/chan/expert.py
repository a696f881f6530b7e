"""The Chắn ``expert``: determinized Monte Carlo rollouts on the batch engine, for expected points.

At each decision with more than one legal move the expert deals the cards it cannot see anew ``worlds`` times
(:func:`determinize`: the unseen cards are what its own hand, every mat and the face-up cards leave of the deck; each
other hand and the nọc keep their sizes), applies every legal move in every such world, plays all of them to the end
at once on the batch engine from those states (:func:`cardodds.sim.chan.batch.play_from_games`) with the ``rollout`` player at
every seat, and scores each move by the net points of its seat — a win takes its points from each of the three others, a
loss pays the winner's, a draw nothing (the ``chan.play`` task's ``points.game``).  Every move sees the same worlds (common
random numbers).

The guard: taking the best of many noisy means picks lucky moves, so the expert keeps the move of its ``base`` player
(default ``tuned``) unless the move with the best mean beats the base move's by more than ``z`` paired standard errors
of the per-world difference (default 2); ``z = inf`` plays the base player exactly, without rollouts.

It reads only what its seat may see: the worlds are built from the visible cards and the hand sizes, and its random
stream is the game's PLAY stream, so two games that look alike to the seat give the same decision for the same seed
(``tests/chan/test_chan_expert.py``).  It plays on the reference engine only (the ``chan.play`` task falls back to it).
"""

from __future__ import annotations

from collections import Counter
from copy import copy
from dataclasses import dataclass

import numpy as np

from cardodds.sim.chan.batch import play_from_games
from cardodds.sim.chan.cards import COPIES, N_KINDS
from cardodds.sim.chan.strategies import Basic, CuocSeeker, Heuristic, Tuned, seen_counts
from cardodds.sim.errors import CardoddsError
from cardodds.sim.knobs import Choice, Range
from cardodds.sim.players import Player

PLAYERS = 4
ROLLOUT = {"basic": Basic, "heuristic": Heuristic, "cuoc": CuocSeeker, "tuned": Tuned}
"""The players an expert may roll out with, or keep as its base, by name (each with its default knobs)."""


def unseen_cards(game, seat: int) -> list[int]:
    """The kinds ``seat`` cannot see, one entry a card: the deck less its hand, every mat and the face-up cards."""
    seen = seen_counts(game, seat)
    return [k for k in range(N_KINDS) for _ in range(COPIES - seen[k])]


def clone(game):
    """A copy of a reference game that can be played on without touching the original (cheaper than deepcopy)."""
    other = copy(game)
    other.seats = [p.copy() for p in game.seats]
    other.noc = list(game.noc)
    other.table = list(game.table)
    other.moves = list(game.moves)
    other.missed_wins = list(game.missed_wins)
    other.fouls_avoided = Counter(game.fouls_avoided)
    other._cache = None
    return other


def determinize(game, seat: int, rng: np.random.Generator):
    """A copy of ``game`` with the cards ``seat`` cannot see dealt anew (same hand sizes, same nọc size)."""
    world = clone(game)
    hidden = [int(k) for k in rng.permutation(unseen_cards(game, seat))]
    for s, p in enumerate(world.seats):
        if s == seat:
            continue
        size = sum(p.hand)
        p.hand = [0] * N_KINDS
        for k in hidden[:size]:
            p.hand[k] += 1
        hidden = hidden[size:]
    world.noc[world.noc_pos:] = hidden
    return world


def _net(seat: int, winner, points):
    """The seat's net points: +3 p for its win, -p for another's, 0 for a draw (arrays or scalars)."""
    return np.where(winner == seat, (PLAYERS - 1) * points, np.where(winner >= 0, -points, 0))


def world_values(game, seat: int, moves, worlds: int, rollout: str, rng) -> dict:
    """The seat's ``win``, ``draw`` and net ``points`` after each of ``moves`` (rows) in each of ``worlds`` worlds
    (columns): the unseen cards dealt anew by :func:`determinize` from ``rng`` for each world, every move applied in
    it, the games played to their end on the batch engine with the ``rollout`` player at every seat."""
    win, draw, points = (np.zeros((len(moves), worlds)) for _ in range(3))
    live, where = [], []
    for i in range(worlds):
        world = determinize(game, seat, rng)
        for j, move in enumerate(moves):
            after = clone(world)
            after.apply(move)
            if after.over:
                winner = -1 if after.winner is None else after.winner
                win[j, i], draw[j, i], points[j, i] = winner == seat, after.draw, _net(seat, winner, after.points)
            else:
                live.append(after)
                where.append((j, i))
    if live:
        res = play_from_games(game.rules, live, (ROLLOUT[rollout](),) * PLAYERS)
        rows, cols = np.array(where).T
        win[rows, cols] = res.winner == seat
        draw[rows, cols] = res.winner < 0
        points[rows, cols] = _net(seat, res.winner, res.points.astype(np.int64))
    return {"win": win, "draw": draw, "points": points}


@dataclass(frozen=True)
class Expert(Player):
    """Determinized rollouts for expected points (see the module docstring).

    Knobs: ``worlds`` (deals of the unseen cards per decision), ``rollout`` (the player at every seat in the rollouts: ``basic``,
    ``heuristic``, ``cuoc`` or ``tuned``), ``base`` (the player whose move the expert keeps unless the rollouts separate
    another: same choices, default ``tuned``) and ``z`` (how many paired standard errors, over the worlds, the best
    move's mean must beat the base move's by; ``z = inf`` plays the base player exactly).
    """

    name = "expert"
    deterministic = False
    renamed_knobs = {"samples": "worlds"}  # one name in every game's expert (Sâm's ``samples`` are its Sâm deals)
    worlds: int = 16
    rollout: str = "basic"
    base: str = "tuned"
    z: float = 2.0

    knobs = {"worlds": Range(4, 128), "rollout": Choice(tuple(ROLLOUT)), "base": Choice(tuple(ROLLOUT)),
             "z": Range(0.0, 4.0, integer=False, points=5)}
    """Tunable knobs (:mod:`cardodds.sim.knobs`): ``worlds`` a whole-number range, ``rollout`` and ``base`` one of
    the listed players, ``z`` a real number (any ``z >= 0``, ``inf`` included, is accepted in a config)."""

    def __post_init__(self):
        if isinstance(self.worlds, bool) or not isinstance(self.worlds, int) or not 1 <= self.worlds <= 1024:
            raise CardoddsError(f"expert worlds must be a whole number 1..1024, not {self.worlds!r}")
        if not self.knobs["rollout"].allows(self.rollout):
            raise CardoddsError(f"expert rollout must be one of {', '.join(self.knobs['rollout'].options)}, "
                                f"not {self.rollout!r}")
        if not self.knobs["base"].allows(self.base):
            raise CardoddsError(f"expert base must be one of {', '.join(self.knobs['base'].options)}, "
                                f"not {self.base!r}")
        if isinstance(self.z, bool) or not isinstance(self.z, (int, float)) or not self.z >= 0:
            raise CardoddsError(f"expert z must be a number >= 0 (inf allowed), not {self.z!r}")

    def choose(self, game, dec, rng):
        if dec.kind == "thien_u":
            return dec.moves[0]
        base = ROLLOUT[self.base]().choose(game, dec, None)
        if self.z == float("inf"):
            return base
        net = self.move_nets(game, dec, rng)
        b = dec.moves.index(base)
        diff = net - net[:, [b]]
        mean = diff.mean(axis=0)
        best = int(np.argmax(mean))
        if best == b or mean[best] <= 0:
            return base
        se = diff[:, best].std(ddof=1) / np.sqrt(len(diff)) if len(diff) > 1 else np.inf
        return dec.moves[best] if mean[best] > self.z * se else base

    def move_values(self, game, dec, rng) -> np.ndarray:
        """Mean net points of the seat after each legal move, over ``worlds`` worlds."""
        return self.move_nets(game, dec, rng).mean(axis=0)

    def move_nets(self, game, dec, rng) -> np.ndarray:
        """Net points of the seat after each legal move (columns) in each of ``worlds`` worlds (rows)."""
        return world_values(game, dec.seat, dec.moves, self.worlds, self.rollout, rng)["points"].T
