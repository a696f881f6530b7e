"""The Tấn ``endgame`` player: the exact solver once a 2-player stock is empty, a fast rung before.

At a 2-player decision with the stock empty and at most ``max_cards`` cards left in the hands and on the table it
plays a move of the best exact value (``cardodds.sim.tan.solver``): a win before a draw before a loss; among equal
moves the one the fallback rung would play, else the lowest card, pass / take last.  Everywhere else (more players,
cards in the stock, a bigger endgame, or a game that could still reach ``max_bouts``) it plays as ``fallback``.

It decides from what its seat may see (``needs_public``): with 2 players and the stock empty the other hand is
every card of the deck not in its own hand, on the table or in the discard pile.  Solved positions stay in the
solver's transposition table from one decision to the next; the table changes only how fast a value is found,
never the value, so a decision does not depend on the decisions before it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from cardodds.sim.knobs import Choice, Range
from cardodds.sim.players import Player
from cardodds.sim.tan.cards import to_mask, unseen_mask
from cardodds.sim.tan.solver import PASS, Node, bout_bound, solver_for
from cardodds.sim.tan.strategies import Basic, Heuristic, Tuned

FALLBACKS = {"heuristic": Heuristic, "tuned": Tuned, "basic": Basic}


def view_node(v, kind: str) -> Node:
    """The solver's position at a reference-engine decision (``kind`` "attack" or "defend"), from public fields."""
    hand, att, cov = to_mask(v.hand), to_mask(v.attack), to_mask(v.cover)
    other = unseen_mask(v.rules.deck, hand, to_mask(v.discard), att, cov)
    if kind == "attack":
        return Node(v.trump, hand, other, att, cov, v.cap, -1, bool(v.taking), v.bouts)
    return Node(v.trump, other, hand, att, cov, v.cap, v.card, False, v.bouts)


def batch_node(v, i: int, kind: str) -> Node:
    """The solver's position at row ``i`` of a batch-engine decision view, from public fields."""
    hand, att, cov = int(v.hand[i]), int(v.att[i]), int(v.cov[i])
    other = unseen_mask(v.rules.deck, hand, int(v.disc[i]), att, cov)
    trump, cap, bouts = int(v.trump[i]), int(v.cap[i]), int(v.bouts[i])
    if kind == "attack":
        return Node(trump, hand, other, att, cov, cap, -1, bool(v.taking[i]), bouts)
    return Node(trump, other, hand, att, cov, cap, int(v.card[i]), False, bouts)


@dataclass(frozen=True)
class Endgame(Player):
    """The exact solver in 2-player endgames, ``fallback`` elsewhere (see the module docstring).

    Parameters
    ----------
    fallback : {"tuned", "heuristic", "basic"}
        The rung that plays while the solver does not, and breaks ties between moves of equal value.
    max_cards : int
        The solver plays only when at most this many cards are left in both hands and on the table.
    """

    fallback: str = "tuned"
    max_cards: int = 12
    name = "endgame"
    searches = True
    deterministic = True
    needs_public = True
    knobs = {"fallback": Choice(tuple(FALLBACKS)), "max_cards": Range(2, 20, limits=(2, math.inf))}
    """Tunable knobs (:mod:`cardodds.sim.knobs`); a config may set ``max_cards`` to any whole number from 2."""

    def policy(self):
        return FALLBACKS[self.fallback]()

    def solves(self, rules, stock_left: int, position: Node | None = None) -> bool:
        """Whether the solver plays this decision (``position`` given: its size and bouts are checked too)."""
        if rules.players != 2 or rules.series_length != 1 or stock_left != 0:
            return False
        if position is None:
            return True
        p = position
        cards = (p.attacker | p.defender | p.attack | p.cover).bit_count()
        return cards <= self.max_cards and p.bouts + bout_bound(cards) <= rules.max_bouts

    def best(self, position: Node, rules, preferred: int) -> int:
        """The move of the best value; ties: ``preferred`` (the fallback's move), else the lowest card, else pass."""
        values = solver_for(rules, position.trump).move_values(position)
        top = max(values.values())
        if values.get(preferred) == top:
            return preferred
        return min(values, key=lambda m: (values[m] != top, m == PASS, m))

    # -- exchange: the fallback's ----------------------------------------------------------------------------------
    def exchange(self, v, rng=None):
        return self.policy().exchange(v, rng)

    def exchange_batch(self, v, rng=None):
        return self.policy().exchange_batch(v, rng)

    # -- reference forms -------------------------------------------------------------------------------------------
    def attack(self, v, rng=None) -> int | None:
        return self._reference(v, "attack", self.policy().attack(v, rng))

    def defend(self, v, rng=None) -> int | None:
        return self._reference(v, "defend", self.policy().defend(v, rng))

    def _reference(self, v, kind, fallback_move):
        if not self.solves(v.rules, v.stock_left):
            return fallback_move
        position = view_node(v, kind)
        if not self.solves(v.rules, v.stock_left, position):
            return fallback_move
        m = self.best(position, v.rules, PASS if fallback_move is None else fallback_move)
        return None if m == PASS else m

    # -- batch forms -----------------------------------------------------------------------------------------------
    def attack_batch(self, v, rng=None):
        return self._batch(v, "attack", self.policy().attack_batch(v, rng))

    def defend_batch(self, v, rng=None):
        return self._batch(v, "defend", self.policy().defend_batch(v, rng))

    def _batch(self, v, kind, out):
        if not self.solves(v.rules, 0):
            return out
        out = np.array(out, dtype=np.int16)
        rows = np.nonzero(v.decide & v.live & (v.legal != 0) & (np.asarray(v.stock_left) == 0))[0]
        for i in rows:  # the solver is plain Python: one decision row at a time
            position = batch_node(v, int(i), kind)
            if self.solves(v.rules, 0, position):
                out[i] = self.best(position, v.rules, int(out[i]))
        return out
