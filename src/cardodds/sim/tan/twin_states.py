"""Tấn decision states and their twins for the checks that a player sees only what its seat may see
(:mod:`cardodds.sim.conformance`): the full state at each decision of a reference game, and the same state with the
cards the deciding seat cannot see dealt anew.  They read the hidden cards: check devices, not players."""

from __future__ import annotations

import copy

import numpy as np

from cardodds.sim.tan import bits
from cardodds.sim.tan.batch import TanState
from cardodds.sim.tan.cards import to_mask
from cardodds.sim.tan.deal import deal_orders
from cardodds.sim.tan.reference import TanGame


class Spy:
    """Plays like ``inner``; records, at each of its decisions, the full game state (as a batch ``TanState`` of
    one game, just before the move) with the move made.  A test device: it reads the hidden cards."""

    def __init__(self, inner):
        self.inner, self.game, self.records = inner, None, []

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def exchange(self, v, rng=None):
        return self.inner.exchange(v, rng)

    def attack(self, v, rng=None):
        state = state_of(self.game, v, "attack")
        c = self.inner.attack(v, rng)
        self.records.append(("attack", state, -1 if c is None else c, -2, v))
        return c

    def defend(self, v, rng=None):
        state = state_of(self.game, v, "defend")
        c = self.inner.defend(v, rng)
        self.records.append(("defend", state, v.card, -1 if c is None else c, v))
        return c


def state_of(game: TanGame, v, kind: str) -> TanState:
    """The batch state of a reference game at a decision: for a defence, just before the card to cover was played
    (that card back in its thrower's hand)."""
    rules = game.rules
    hands = [set(h) for h in game.hands]
    attack = list(game.attack)
    if kind == "defend":
        hands[v.thrower].add(v.card)
        attack.remove(v.card)
    S = rules.stock_size
    stock = [-1] * (S - len(game.stock)) + list(game.stock)
    u = lambda x: np.array(x, dtype=np.uint64)  # noqa: E731
    i = lambda x: np.array(x, dtype=np.intp)  # noqa: E731
    known = [set(k) for k in game.known]
    if kind == "defend" and v.card in v.known[v.thrower]:
        known[v.thrower].add(v.card)
    return TanState(
        hands=u([[to_mask(h)] for h in hands]), stock=np.array([stock], dtype=np.int16), top=i([S - len(game.stock)]),
        trump=i([game.trump]), disc=u([to_mask(game.discard)]), att=u([to_mask(attack)]), cov=u([to_mask(game.cover)]),
        attacker=i([v.attacker]), defender=i([v.defender]), cur=i([v.seat if kind == "attack" else v.thrower]),
        passes=i([v.passes if kind == "attack" else 0]), cap=i([v.cap]), out=np.array([[o] for o in game.out]),
        bouts=i([game.bouts]), pickups=i([game.pickups]), first_attacker=i([game.first_attacker]),
        known=u([[to_mask(k)] for k in known]), game_seed=np.array([game.game_seed], dtype=np.int64))


def spied_game(rules, order, first, inner, others, rng=None):
    """A checked reference game whose seat 0 is a :class:`Spy` of ``inner``, ``others`` at the other seats:
    ``(spy, game)``."""
    spy = Spy(inner)
    game = TanGame(rules, order, int(first), [spy] + [others] * (rules.players - 1), rng=rng, check=True)
    spy.game = game
    return spy, game


def decision_states(rules, n_games, seed):
    """Seat 0's decisions in reference games of heuristic players: (kind, state before the move, the card to cover)."""
    from cardodds.sim.tan.strategies import Heuristic

    o, f = deal_orders(rules, np.random.default_rng(seed), n_games)
    out = []
    for order, first in zip(o, f):
        spy, game = spied_game(rules, order, first, Heuristic(), Heuristic())
        game.play()
        out += [(kind, state, fa, v) for kind, state, fa, fd, v in spy.records]
    return out


def hidden_twin(state: TanState, kind, card, rng) -> TanState | None:
    """The same state for seat 0 with the cards it cannot see dealt differently (hand sizes, known cards, the stock's
    bottom card and the card to cover kept)."""
    P = state.hands.shape[0]
    S = state.stock.shape[1]
    top = int(state.top[0])
    keep = bits.bit(np.array([card if kind == "defend" else -1]))[0]
    hidden = [int(state.hands[p, 0] & ~state.known[p, 0] & ~keep) if p else 0 for p in range(P)]
    stock = [int(c) for c in state.stock[0, top:S - 1]]
    pool = [c for h in hidden for c in range(52) if h >> c & 1] + stock
    if len(pool) < 2:
        return None
    pool = list(rng.permutation(pool))
    twin = copy.deepcopy(state)
    for p in range(1, P):
        k = bin(hidden[p]).count("1")
        twin.hands[p, 0] = np.uint64(int(state.hands[p, 0]) & ~hidden[p] | to_mask(pool[:k]))
        pool = pool[k:]
    twin.stock[0, top:S - 1] = pool
    return twin
