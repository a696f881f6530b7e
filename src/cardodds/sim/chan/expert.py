"""The Chắn ``expert``: determinized Monte Carlo rollouts on the batch engine, for expected points.

At each decision with more than one legal move the expert deals the cards it cannot see anew ``worlds`` times
(:func:`deal_world`: the unseen cards are what its own hand, every mat and the face-up cards leave of the deck; each
other hand, in turn order from the seat, and the nọc keep their sizes), applies every legal move in every such world,
plays all of them to the end at once on the batch engine with the ``rollout`` player at every seat, and scores each
move by the net points of its seat — a win takes its points from each of the three others, a loss pays the winner's,
a draw nothing (the ``chan.play`` task's ``points.game``).  Every move sees the same worlds (common random numbers).

The guard: taking the best of many noisy means picks lucky moves, so the expert keeps the move of its ``base`` player
(default ``tuned``) unless the move with the best mean beats the base move's by more than ``z`` paired standard errors
of the per-world difference (default 2; :func:`pick`, in whole numbers); ``z = inf`` plays the base player exactly,
without rollouts.

Its worlds are a function of what its seat sees: the sort keys of the unseen cards come from a hash of the seat's
view (:func:`view_vector`: the nọc's position, its hand, the face-up cards, every seat's mat, discard set and first
turn, seats counted from its own), so it reads no hidden card, needs no random stream, and a decision is the same
wherever it is computed.  A world knows of the other seats only what the seat sees: no declined cards (fouls 7–10
depend on their hidden hands), and a bòn chance where a mat holds one chắn of a kind and the world's hand that kind.

Two engines play it and make the same decisions (``tests/chan/test_chan_expert_batch.py``):

- the reference engine (:meth:`Expert.choose`): each world a reference game (:func:`world_values`), played out by
  :func:`cardodds.sim.chan.compiled.play_state_auto` (the compiled engine when it is chosen, else the numpy one);
- the batch engine (the ``*_batch`` methods, :mod:`cardodds.sim.chan.expert_batch`): the decisions of all the games
  the engine asks at once, played out as one batch of rows × moves × worlds.  ``chan.play`` uses this one.
"""

from __future__ import annotations

import math
from collections import Counter
from copy import copy
from dataclasses import dataclass

import numpy as np

from cardodds.sim.chan.batch import state_from_games
from cardodds.sim.chan.cards import COPIES, N_KINDS
from cardodds.sim.chan.compiled import play_state_auto
from cardodds.sim.chan.expert_rule import (MAX_UNSEEN, PLAYERS, ROLLOUT, VIEW_SIZE, _net, pick, view_keys,  # noqa: F401
                                           world_uniforms)
from cardodds.sim.chan.movelog import CHAN
from cardodds.sim.chan.strategies import seen_counts
from cardodds.sim.knobs import Choice, Range
from cardodds.sim.players import Player




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


def turn_order(seat: int) -> list[int]:
    """The other seats in turn order from ``seat``: the order a world deals their hands in, before the nọc."""
    return [(seat + i) % PLAYERS for i in range(1, PLAYERS)]


def deal_world(game, seat: int, hidden):
    """A copy of ``game`` with the cards ``seat`` cannot see replaced by ``hidden`` (kinds, in deal order): the other
    hands in :func:`turn_order`, each its size, then the nọc.  What the seat cannot know about the others is read
    from what it sees: their declined cards (fouls 7–10) are none, and a bòn chance is open where a seat's mat holds
    one chắn of a kind and its new hand that kind (``bon_open``)."""
    world = clone(game)
    hidden = [int(k) for k in hidden]
    for s in turn_order(seat):
        p = world.seats[s]
        size = sum(p.hand)
        p.hand = [0] * N_KINDS
        for k in hidden[:size]:
            p.hand[k] += 1
        hidden = hidden[size:]
        p.declined_any, p.declined_chan, p.declined_ca_with = set(), set(), set()
        chan = [m[2] for m in p.melds if m[0] == CHAN]
        p.bon_open = {k for k in set(chan) if chan.count(k) == 1 and p.hand[k] >= 1}
    world.noc[world.noc_pos:] = hidden
    return world


def determinize(game, seat: int, rng: np.random.Generator):
    """A copy of ``game`` with the cards ``seat`` cannot see dealt anew from ``rng`` (same hand sizes, same nọc size;
    see :func:`deal_world`): a twin game that looks the same to the seat."""
    return deal_world(game, seat, rng.permutation(unseen_cards(game, seat)))


def view_vector(game, seat: int) -> np.ndarray:
    """What ``seat`` sees of a reference game, as the ``(1, VIEW_SIZE)`` numbers :func:`view_keys` hashes (the
    batch engine builds the same from its arrays: :func:`cardodds.sim.chan.expert_batch.view_vectors`)."""
    seats = [seat] + turn_order(seat)
    bits = [sum(1 << k for k in game.seats[s].discard_set) for s in seats]
    row = ([game.noc_pos] + list(game.seats[seat].hand) + list(game.table)
           + [n for s in seats for n in game.seats[s].mat] + bits + [int(game.seats[s].passed_first) for s in seats])
    return np.array([row], dtype=np.int64)


def world_values(game, seat: int, moves, worlds: int, rollout: str, rng=None) -> dict:
    """The seat's ``win``, ``draw`` and net ``points`` after each of ``moves`` (rows) in each of ``worlds`` worlds
    (columns): world w deals the unseen cards (in kind order) in the order of its :func:`world_uniforms` row of this
    view's key (:func:`deal_world`), every move is applied in it, and the games are played to their end on the batch
    engine with the ``rollout`` player at every seat.  The worlds are a function of what the seat sees only, so
    ``rng`` is not read (kept for callers that pass the game's stream)."""
    win, draw, points = (np.zeros((len(moves), worlds)) for _ in range(3))
    points = points.astype(np.int64)
    hidden = np.array(unseen_cards(game, seat), dtype=np.int64)
    u = world_uniforms(view_keys(view_vector(game, seat)), worlds)[0, :, :hidden.size]
    orders = hidden[np.argsort(u, axis=1, kind="stable")]
    live, where = [], []
    for i in range(worlds):
        world = deal_world(game, seat, orders[i])
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
        res = play_state_auto(state_from_games(game.rules, live, (ROLLOUT[rollout](),) * PLAYERS))
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
    searches = True
    renamed_knobs = {"samples": "worlds"}  # one name in every game's expert (Sâm's ``samples`` are its Sâm deals)
    worlds: int = 16
    rollout: str = "basic"
    base: str = "tuned"
    z: float = 2.0

    knobs = {"worlds": Range(4, 128, limits=(1, 1024)), "rollout": Choice(tuple(ROLLOUT)),
             "base": Choice(tuple(ROLLOUT)), "z": Range(0.0, 4.0, integer=False, points=5, limits=(0.0, math.inf))}
    """Tunable knobs (:mod:`cardodds.sim.knobs`): ``worlds`` a whole-number range (a config may set 1..1024),
    ``rollout`` and ``base`` one of the listed players, ``z`` a real number (any ``z >= 0``, ``inf`` included, is
    accepted in a config)."""

    def choose(self, game, dec, rng=None):
        if dec.kind == "thien_u":
            return dec.moves[0]
        base = ROLLOUT[self.base]().choose(game, dec, None)
        if self.z == float("inf"):
            return base
        net = self.move_nets(game, dec, rng).T[None]
        b = np.array([dec.moves.index(base)])
        return dec.moves[int(pick(net, np.ones(net.shape[:2], dtype=bool), b, self.z)[0])]

    def batch_supported(self) -> bool:
        """The batch engine plays the expert (:mod:`cardodds.sim.chan.expert_batch`)."""
        return True

    def chiu_batch(self, rows):
        from cardodds.sim.chan.expert_batch import search

        return search(self, "chiu_batch", rows)

    def act_batch(self, rows):
        from cardodds.sim.chan.expert_batch import search

        return search(self, "act_batch", rows)

    def discard_batch(self, rows):
        from cardodds.sim.chan.expert_batch import search

        return search(self, "discard_batch", rows)

    def move_values(self, game, dec, rng=None) -> np.ndarray:
        """Mean net points of the seat after each legal move, over ``worlds`` worlds."""
        return self.move_nets(game, dec, rng).mean(axis=0)

    def move_nets(self, game, dec, rng=None) -> np.ndarray:
        """Net points of the seat after each legal move (columns) in each of ``worlds`` worlds (rows)."""
        return world_values(game, dec.seat, dec.moves, self.worlds, self.rollout, rng)["points"].T
