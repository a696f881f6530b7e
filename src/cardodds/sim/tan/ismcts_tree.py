"""The Tấn ``ismcts_tree`` player: a benchmark opponent modelled on a public information-set MCTS (as ``classic`` is
modelled on a public rule-based player), not a rung we tune to win.

It is single-observer ISMCTS (Cowling, Powley & Whitehouse 2012, "SO-ISMCTS") as public Durak AIs play it: at each
attack, add (tấn cùng) or defence decision with more than one move, ``iterations`` times it

1. draws one determinization of the cards the seat cannot see, consistent with every hand size, the cards it saw
   picked up, the discard pile and the stock's bottom card (the expert's ``_determinize``);
2. walks down a tree whose nodes are the sequences of moves since the decision (both seats' moves: every move is
   public in Tấn), at each node choosing among the moves legal *in that determinization* by UCB1 with availability
   counts — mean score + ``exploration`` × √(ln(times the move was available) / visits) — until it reaches a move
   not tried yet, which it adds to the tree;
3. plays the game out with ``rollout`` at every seat (``random``: uniform over the legal moves, the public AI's;
   ``basic``: the basic player), and adds the outcome to every node on its path, for the seat that moved into it
   (win 1, draw or a game cut short ½, loss 0).

It plays the root move visited most.  No endgame solver, no candidate list: every legal move is searched.  The
search runs one game at a time in compiled code (``kernel.tree``, numba needed), each decision on its own; in the
batch engine the rows waiting on it are decided one after another (a benchmark opponent, not a fast rung).  Its
random numbers — the determinizations and the tree's and the rollouts' choices — are the expert's: the game's seed
hashed with the decision's place, so the same information gives the same decision in both engines.  The trump
exchange uses the ``basic`` rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np

from cardodds.sim.errors import CardoddsError
from cardodds.sim.knobs import Choice, Range
from cardodds.sim.players import Player
from cardodds.sim.tan import bits, compiled
from cardodds.sim.tan.bits import U64
from cardodds.sim.tan.expert import DecidesByRows, _before_move, _determinize, _keys, _take_rows
from cardodds.sim.tan.strategies import Basic

TREE_ROLLOUTS = ("random", "basic")
"""The rollout policies: uniform over the legal moves, or the ``basic`` player."""


def _tree():
    if not compiled.available():
        raise CardoddsError("ismcts_tree needs numba (pip install numba)")
    from cardodds.sim.tan.kernel import game, tree
    return game, tree


@dataclass(frozen=True)
class IsmctsTree(DecidesByRows, Player):
    """Single-observer ISMCTS with a tree of both seats' moves (see the module docstring).

    Parameters
    ----------
    iterations : int
        Determinizations, tree walks and rollouts per decision.
    exploration : float
        The UCB1 constant (scores are in [0, 1]).
    rollout : {"random", "basic"}
        The policy every seat plays in the rollouts.
    """

    iterations: int = 1000
    exploration: float = 0.7
    rollout: Literal["random", "basic"] = "random"
    name = "ismcts_tree"
    searches = True
    deterministic = False
    selective = True
    needs_public = True
    knobs = {"iterations": Range(16, 4096, limits=(1, 20_000)),
             "exploration": Range(0.2, 1.5, integer=False, limits=(0.0, 10.0)), "rollout": Choice(TREE_ROLLOUTS)}
    """Tunable knobs (:mod:`cardodds.sim.knobs`): the values the tuner tries, and (``limits``) what a config may
    set: ``iterations`` 1..20000 (a decision's determinizations are dealt at once: tens of MB at most)."""

    # -- exchange: the basic rule ----------------------------------------------------------------------------------
    def exchange(self, v, rng=None):
        return min(v.options) if v.options else None

    def exchange_batch(self, v, rng=None):
        return np.where(v.options != 0, bits.lowest(v.options), -1).astype(np.int16)

    # -- the search ------------------------------------------------------------------------------------------------
    def decide(self, d, kind: str, rules) -> np.ndarray:
        """The chosen card (-1 = pass / take) for each decision row of ``d`` (the expert's decision rows), one row
        at a time."""
        out = np.empty(d.seat.shape[0], dtype=np.int16)
        for r in range(d.seat.shape[0]):
            out[r] = self.decide_row(_take_rows(d, np.array([r])), kind, rules)[0]
        return out

    def decide_row(self, d, kind: str, rules):
        """The move of one decision row ``d`` and the root's visits by move ``(53,)`` (card ids, then pass / take)."""
        visits = np.zeros(53)
        lone = (d.legal[0] & (d.legal[0] - U64(1))) == 0 and kind == "attack" and bool(d.is_lead[0])
        if lone:  # a lead with one card: nothing to search
            return int(bits.lowest(d.legal)[0]), visits
        game, tree = _tree()
        pre = _before_move(d, kind)
        keys = _keys(d, kind, np.array([0]), self.iterations + 1)
        hands, stock = _determinize(pre, rules, keys[:, :self.iterations])
        seed = int(keys[0, self.iterations, 0] * 2.0 ** 53)
        P = rules.players
        kinds, knobs = compiled.seat_players(rules, [Basic()] * P)  # read by the "basic" rollouts only
        rv, offsets = compiled.rules_vector(rules)
        st = _slots(pre, d, kind, rules, game, tree)
        first = int(d.card[0]) if kind == "defend" else -1
        mode = tree.POLICY if self.rollout == "basic" else tree.RANDOM
        move = tree.search(np.ascontiguousarray(hands[:, 0, :]), np.ascontiguousarray(stock[0]), st,
                           np.ascontiguousarray(~np.asarray(pre.out[:, 0], dtype=bool)), rv, offsets, kinds, knobs,
                           mode, seed, float(self.exploration), first, visits)
        return int(move), visits


def _slots(pre, d, kind, rules, game, tree) -> np.ndarray:
    """The search's state slots (``kernel.tree.SLOTS``) of the one row of ``pre``: the public state before the
    move searched (for a defence, the attack card back in its thrower's hand)."""
    st = np.zeros(tree.SLOTS, dtype=np.int64)
    st[game.A], st[game.D], st[game.CUR] = int(pre.attacker[0]), int(pre.defender[0]), int(pre.cur[0])
    st[game.PASSES], st[game.CAP] = int(pre.passes[0]), int(pre.cap[0])
    st[game.NTHROW] = int((~np.asarray(pre.out[:, 0], dtype=bool)).sum()) - 1
    st[game.NT] = int(bits.popcount(pre.att)[0])
    st[game.TOP] = rules.stock_size - int(pre.stock_left[0])
    st[game.TAKING] = int(bool(d.taking[0])) if kind == "attack" else 0
    st[game.BOUTS], st[game.PICKUPS], st[game.TRUMP] = int(pre.bouts[0]), int(pre.pickups[0]), int(pre.trump[0])
    st[game.ATT] = np.asarray(pre.att, dtype=np.uint64).view(np.int64)[0]
    st[game.COV] = np.asarray(pre.cov, dtype=np.uint64).view(np.int64)[0]
    st[tree.PEND] = -1
    return st
