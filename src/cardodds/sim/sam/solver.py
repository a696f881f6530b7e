"""A perfect-information Sâm solver: the value of a position when every hand is known (docs/rules.md §2.12).

A position (:class:`Node`) is one state of play with every hand in view — a determinization of what a seat knows.
The solver plays every line out under the rules of :mod:`cardodds.sim.sam.reference` (combinations, beating and
chặt, passing out of a round, stuck leaders and void games under ``no_finish_on_two``, báo 1 and đền, a standing
Sâm and its failure, the chặt chain paid when its round ends, cóng, thối 2 and thối hàng at a win) and returns the
payments still to come, per seat: the same quantity the ``expert`` measures in its rollouts (the round's chặt chain
included).  What "exact" means:

- ``"maxn"`` (max-n): every seat to move plays the move worth the most cược to itself, ties going to the first
  move in the canonical order (move ids ascending, then the pass); the value is the vector of every seat's cược
  along that line.  With 2 players it is the exact minimax value of the zero-sum game.
- ``"paranoid"``: the ``root`` seat maximises its own cược and every other seat plays to minimise it (the others as
  one coalition): the exact value of that 2-sided zero-sum game, a guarantee for the root seat whatever the others
  do.  With 2 players it is the same game as ``"maxn"`` and the root's values agree.

Max-n searches every line (a transposition table of exact vectors only); paranoid is an alpha-beta search with a
transposition table of value bounds and the best move, tried first, then the plays of the most cards first and the
pass last.  Either table is cleared when it reaches ``max_entries`` (memory bounded; the values stay exact).  Plain
Python: it is meant for endgames (the expert solves its worlds once few cards are left: ``solve_cards``).

A move is a move id of the rules' move table (:func:`cardodds.sim.sam.hand.move_table`) or ``PASS``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from cardodds.sim.errors import CardoddsError
from cardodds.sim.sam.cards import N_RANKS, TWO
from cardodds.sim.sam.hand import PAIR, QUAD, SINGLE, move_table
from cardodds.sim.sam.rules import SamRules
from cardodds.sim.sam.strategies import PASS

MAX_ENTRIES = 1 << 18
"""Default transposition-table size (entries) before it is cleared."""

MODES = ("maxn", "paranoid")
_INF = 1 << 30


@dataclass(frozen=True)
class Node:
    """A Sâm position with every hand known (the fields of the batch engine's state for one game).

    Parameters
    ----------
    hands : tuple of tuple of int
        Rank counts (13) of every seat's hand.
    actor : int
        The seat to move.
    current : int
        The play to beat (a move id), or the move table's ``LEAD`` on a free lead.
    last : int
        Who made the current play (the actor on a lead).
    passed : int
        Bit mask of the seats out of this round.
    played : int
        Bit mask of the seats that have played a card this game (a loser who has not pays cóng).
    chain : tuple of (int, int, int)
        The round's chặt chain: its total value, the last chopper and the seat it chopped; ``(0, -1, -1)``: none.
    den : tuple of (int, int, int)
        A pending đền: the seat that would owe it, the báo-1 seat, the rank cap; ``(-1, -1, 0)``: none.
    declarer : int
        The Sâm declarer, or -1.
    sam_on : bool
        The declared Sâm stands.
    sam_failed : bool
        A Sâm was beaten and play went on (``play_on_after_failed_sam``): its penalty is paid at the end.
    """

    hands: tuple
    actor: int
    current: int
    last: int
    passed: int = 0
    played: int = 0
    chain: tuple = (0, -1, -1)
    den: tuple = (-1, -1, 0)
    declarer: int = -1
    sam_on: bool = False
    sam_failed: bool = False

    @property
    def cards_left(self) -> int:
        """Cards in all the hands."""
        return sum(sum(h) for h in self.hands)


def node_of_game(game) -> Node:
    """The :class:`Node` of a reference engine's game (:class:`cardodds.sim.sam.reference.SamGame`), not over."""
    P = game.P
    chain = game.chain
    ch = (sum(v for _, _, v in chain), chain[-1][0], chain[-1][1]) if chain else (0, -1, -1)
    return Node(hands=tuple(tuple(int(x) for x in c) for c in game.counts), actor=game.actor, current=game.current,
                last=game.last, passed=sum(1 << q for q in range(P) if game.passed[q]),
                played=sum(1 << q for q in range(P) if game.played[q]), chain=ch,
                den=game.den_pending if game.den_pending is not None else (-1, -1, 0), declarer=game.declarer,
                sam_on=bool(game.sam_on), sam_failed=bool(game.sam_failed))


def nodes_of_state(state, counts: np.ndarray, games) -> list[Node]:
    """The nodes of games ``games`` of a batch engine's :class:`~cardodds.sim.sam.batch.SamState` whose hands are
    ``counts`` (N, P, 13) (the rank counts of ``state.therm``)."""
    out = []
    for g in games:
        g = int(g)
        P = counts.shape[1]
        on = state.chain_len[g] > 0
        out.append(Node(
            hands=tuple(tuple(int(x) for x in counts[g, s]) for s in range(P)), actor=int(state.actor[g]),
            current=int(state.current[g]), last=int(state.last[g]), passed=int(state.passed[g]),
            played=sum(1 << s for s in range(P) if state.played[g * P + s]),
            chain=(int(state.chain_total[g]), int(state.chain_chopper[g]), int(state.chain_chopped[g])) if on
            else (0, -1, -1),
            den=(int(state.den_by[g]), int(state.den_to[g]), int(state.den_cap[g])) if state.den_by[g] >= 0
            else (-1, -1, 0),
            declarer=int(state.declarer[g]), sam_on=bool(state.sam_on[g]), sam_failed=bool(state.sam_failed[g])))
    return out


# -------------------------------------------------------------------------------------------- hands as packed ints
# A hand is one int: 4 bits per rank (counts 0..4).  Adding 8 to every field before subtracting a move's counts
# leaves each field's top bit set exactly when the hand holds the move (no borrow crosses a field).
_HIGH = sum(8 << 4 * r for r in range(N_RANKS))


def _pack(counts) -> int:
    return sum(int(c) << 4 * r for r, c in enumerate(counts))


def _unpack(h: int) -> tuple:
    return tuple((h >> 4 * r) & 15 for r in range(N_RANKS))


class _Rules:
    """The move table and payments of one rules set, in the solver's plain-int form."""

    def __init__(self, rules: SamRules):
        t = move_table(rules)
        self.LEAD = t.LEAD
        self.P = rules.players
        self.nf2 = rules.no_finish_on_two
        self.den_bai = rules.den_bai
        self.den_on_pass = rules.den_bai and rules.den_on_pass
        self.play_on = rules.play_on_after_failed_sam
        self.pay = rules.pay
        self.thoi_hang = rules.thoi_hang
        self.need = [_pack(t.need[m]) for m in range(t.n)]
        self.kind = [int(k) for k in t.kind]
        self.length = [int(x) for x in t.length]
        self.top = [int(x) for x in t.top]
        self.two = [bool(x) for x in t.has_two]
        # a move's answers, most cards first, then the lower first (the search order; ids break ties)
        order = sorted(range(t.n), key=lambda m: (-self.length[m], self.top[m], m))
        self.answers = [tuple(m for m in order if t.beats[c, m]) for c in range(t.n + 1)]
        self.chop_value = [0] * (t.n + 1)
        for c in range(t.n):
            if self.kind[c] == QUAD:
                self.chop_value[c] = self.pay.chat_quad
            elif self.kind[c] in (SINGLE, PAIR):
                self.chop_value[c] = self.pay.chat_two * self.length[c]
        self.moves = lru_cache(maxsize=1 << 16)(self._moves)

    def _moves(self, h: int, size: int, current: int) -> tuple:
        """The moves a hand ``h`` of ``size`` cards may play on ``current``, in search order."""
        out = []
        for m in self.answers[current]:
            if ((h | _HIGH) - self.need[m]) & _HIGH == _HIGH and not (self.nf2 and self.two[m]
                                                                      and self.length[m] == size):
                out.append(m)
        return tuple(out)

    def can_lead(self, h: int, size: int) -> bool:
        """A hand may lead unless ``no_finish_on_two`` leaves it one 2 (its only play would end on a 2)."""
        return size > 0 and not (self.nf2 and size == 1 and h == 1 << 4 * TWO)

    def owed(self, h: int, size: int, played: bool) -> int:
        """What a loser holding ``h`` pays a normal game's winner: cóng, or its cards, 2s and tứ quý."""
        pay = self.pay
        if not played:
            return pay.cong
        n2 = (h >> 4 * TWO) & 15
        out = pay.card * (size - n2) + pay.two * n2
        if self.thoi_hang:
            out += pay.heo_hang_quad * sum(((h >> 4 * r) & 15) == 4 for r in range(TWO))
        return out


# the solver's state: (hands, sizes, actor, current, last, passed, played, chain, den, sam_on, sam_failed), tuples
# and ints only (hashable)


class Solver:
    """Exact values of Sâm positions under one rules set (see the module docstring).

    Parameters
    ----------
    rules : SamRules
    mode : {"maxn", "paranoid"}
        What the other seats play for (the module docstring).
    max_entries : int
        Transposition-table size before it is cleared.

    Attributes
    ----------
    nodes : int
        Positions searched so far (a transposition hit counts).
    """

    def __init__(self, rules: SamRules, mode: str = "maxn", max_entries: int = MAX_ENTRIES):
        if not isinstance(rules, SamRules):
            raise CardoddsError(f"sam solver: rules must be SamRules, not {type(rules).__name__}")
        if mode not in MODES:
            raise CardoddsError(f"sam solver: mode must be one of {', '.join(MODES)}, not {mode!r}")
        if isinstance(max_entries, bool) or not isinstance(max_entries, int) or max_entries < 1:
            raise CardoddsError(f"sam solver: max_entries must be a whole number >= 1, not {max_entries!r}")
        self.rules = rules
        self.mode = mode
        self.max_entries = max_entries
        self.r = _Rules(rules)
        self.nodes = 0
        self._tt: dict = {}
        self._declarer = None

    # -- the public calls -----------------------------------------------------------------------------------------
    def moves(self, node: Node) -> list[int]:
        """The actor's moves at ``node`` in canonical order: move ids ascending, then ``PASS`` on an answer."""
        s = self._state(node)
        return sorted(self._legal(s), key=lambda m: (m == PASS, m))

    def values(self, node: Node, root: int | None = None) -> dict:
        """Every move of the actor at ``node`` → its value: the payments still to come for every seat (``"maxn"``,
        a tuple of P ints), or the ``root`` seat's cược (``"paranoid"``, an int; root defaults to the actor)."""
        s = self._state(node)
        root = self._root(node, root)
        out = {}
        for m in sorted(self._legal(s), key=lambda m: (m == PASS, m)):
            reward, child = self._step(s, m)
            if self.mode == "maxn":
                out[m] = tuple(a + b for a, b in zip(reward, self._maxn(child))) if child else reward
            else:
                out[m] = reward[root] + (self._ab(child, root, -_INF, _INF) if child else 0)
        return out

    def solve(self, node: Node, root: int | None = None):
        """The value of ``node`` (as :meth:`values` gives a move's) and the actor's best move (the first of the
        canonical order among equals: under ``"paranoid"`` best for ``root`` when the actor is ``root``, worst
        otherwise)."""
        vals = self.values(node, root)
        root = self._root(node, root)
        if self.mode == "maxn":
            best = max(vals, key=lambda m: (vals[m][node.actor], -list(vals).index(m)))
        elif node.actor == root:
            best = max(vals, key=lambda m: (vals[m], -list(vals).index(m)))
        else:
            best = min(vals, key=lambda m: (vals[m], list(vals).index(m)))
        return vals[best], best

    # -- the state and its moves ----------------------------------------------------------------------------------
    def _root(self, node, root):
        root = node.actor if root is None else root
        if not isinstance(root, (int, np.integer)) or not 0 <= root < self.r.P:
            raise CardoddsError(f"sam solver: root must be a seat 0..{self.r.P - 1}, not {root!r}")
        return int(root)

    def _state(self, node: Node) -> tuple:
        r, P = self.r, self.r.P
        if not isinstance(node, Node) or len(node.hands) != P or any(len(h) != N_RANKS for h in node.hands):
            raise CardoddsError(f"sam solver: a position of {P} hands of {N_RANKS} rank counts is needed")
        if any(not 0 <= c <= 4 for h in node.hands for c in h) or any(sum(h) == 0 for h in node.hands):
            raise CardoddsError("sam solver: every hand holds 1..10 cards, at most 4 of a rank")
        if not 0 <= node.actor < P or not 0 <= node.last < P or not 0 <= node.current <= r.LEAD:
            raise CardoddsError("sam solver: actor, last or current out of range")
        if self._declarer is None:
            self._declarer = node.declarer
        elif self._declarer != node.declarer:  # the table's values assume one declarer
            self._tt.clear()
            self._declarer = node.declarer
        hands = tuple(_pack(h) for h in node.hands)
        sizes = tuple(sum(h) for h in node.hands)
        s = (hands, sizes, node.actor, node.current, node.last, node.passed, node.played, tuple(node.chain),
             tuple(node.den), bool(node.sam_on), bool(node.sam_failed))
        if node.current == r.LEAD and not r.moves(hands[node.actor], sizes[node.actor], r.LEAD):
            raise CardoddsError("sam solver: the actor has no legal lead (the lead would have passed on)")
        return s

    def _legal(self, s: tuple) -> tuple:
        hands, sizes, a, cur = s[0], s[1], s[2], s[3]
        ms = self.r.moves(hands[a], sizes[a], cur)
        return ms + (PASS,) if cur != self.r.LEAD else ms

    def _zero(self):
        return (0,) * self.r.P

    def _step(self, s: tuple, m: int):
        """(reward, child): the payments made by move ``m`` at ``s`` (a P-tuple) and the next state (None when the
        game is over)."""
        r, P = self.r, self.r.P
        hands, sizes, a, cur, last, passed, played, chain, den, sam_on, sam_failed = s
        pay = [0] * P
        if m == PASS:
            passed |= 1 << a
            den = self._den_on_pass(hands[a], sizes, passed, a, cur)
        else:
            h = hands[a]
            before_max = max(k for k in range(N_RANKS) if (h >> 4 * k) & 15)
            den_by = den[0] if den[0] >= 0 and den[1] == a and r.top[m] <= den[2] else -1
            den = (-1, -1, 0)
            nxt = (a + 1) % P
            if r.den_bai and r.kind[m] == SINGLE and sizes[nxt] == 1 and r.top[m] < before_max:
                den = (a, nxt, before_max)
            if cur != r.LEAD and r.kind[m] == QUAD and r.kind[cur] in (QUAD, SINGLE, PAIR):
                chain = (chain[0] + r.chop_value[cur], a, last)
            hands = hands[:a] + (h - r.need[m],) + hands[a + 1:]
            sizes = sizes[:a] + (sizes[a] - r.length[m],) + sizes[a + 1:]
            played |= 1 << a
            if sam_on and a != self._declarer:
                if not r.play_on:
                    self._pay_failed_sam(pay)
                    return tuple(pay), None
                sam_on, sam_failed = False, True
            if sizes[a] == 0:
                self._win(pay, a, den_by, hands, sizes, played, chain, sam_on, sam_failed)
                return tuple(pay), None
            cur, last = m, a
        q = (a + 1) % P
        while passed >> q & 1 and q != last:
            q = (q + 1) % P
        if q != last:
            return self._zero(), (hands, sizes, q, cur, last, passed, played, chain, den, sam_on, sam_failed)
        # the round is over: its chặt chain is paid, the last player (or the next who can) leads
        if chain[1] >= 0:
            pay[chain[2]] -= chain[0]
            pay[chain[1]] += chain[0]
        for i in range(P):
            L = (last + i) % P
            if r.can_lead(hands[L], sizes[L]):
                break
        else:  # void
            if sam_failed:
                self._pay_failed_sam(pay)
            return tuple(pay), None
        if sam_on and L != self._declarer:
            if not r.play_on:
                self._pay_failed_sam(pay)  # (no chặt chain can stand during a Sâm: only the penalty is paid)
                return tuple(pay), None
            sam_on, sam_failed = False, True
        den = den if L == last else (-1, -1, 0)  # left by the pass that ended the round (den_on_pass)
        return tuple(pay), (hands, sizes, L, r.LEAD, L, 0, played, (0, -1, -1), den, sam_on, sam_failed)

    def _den_on_pass(self, h: int, sizes: tuple, passed: int, a: int, cur: int) -> tuple:
        """The đền pending after seat ``a`` (hand ``h``) passes on ``cur`` (``reference.SamGame._den_on_pass``)."""
        r = self.r
        nxt = (a + 1) % r.P
        if not r.den_on_pass or r.kind[cur] != SINGLE or sizes[nxt] != 1 or passed >> nxt & 1:
            return -1, -1, 0
        high = max(k for k in range(N_RANKS) if (h >> 4 * k) & 15)
        if high <= r.top[cur] or (r.nf2 and high == TWO and sizes[a] == 1):
            return -1, -1, 0
        return a, nxt, high

    def _pay_failed_sam(self, pay: list) -> None:
        d, amt = self._declarer, self.rules.pay.sam_fail
        for o in range(self.r.P):
            if o != d:
                pay[d] -= amt
                pay[o] += amt

    def _win(self, pay, w, den_by, hands, sizes, played, chain, sam_on, sam_failed) -> None:
        r, P = self.r, self.r.P
        if sam_on:
            for o in range(P):
                if o != w:
                    pay[o] -= self.rules.pay.sam
                    pay[w] += self.rules.pay.sam
            return
        if chain[1] >= 0:
            pay[chain[2]] -= chain[0]
            pay[chain[1]] += chain[0]
        for o in range(P):
            if o != w:
                amt = r.owed(hands[o], sizes[o], bool(played >> o & 1))
                pay[den_by if den_by >= 0 else o] -= amt
                pay[w] += amt
        if sam_failed:
            self._pay_failed_sam(pay)

    # -- the searches ---------------------------------------------------------------------------------------------
    def _store(self, key, value) -> None:
        if len(self._tt) >= self.max_entries:
            self._tt.clear()
        self._tt[key] = value

    def _maxn(self, s: tuple) -> tuple:
        """The max-n value (a P-tuple) of state ``s``: the mover keeps the first best move in canonical order."""
        self.nodes += 1
        hit = self._tt.get(s)
        if hit is not None:
            return hit
        a = s[2]
        best = None
        for m in sorted(self._legal(s), key=lambda m: (m == PASS, m)):
            reward, child = self._step(s, m)
            v = tuple(x + y for x, y in zip(reward, self._maxn(child))) if child else reward
            if best is None or v[a] > best[a]:
                best = v
        self._store(s, best)
        return best

    def _ab(self, s: tuple, root: int, alpha: int, beta: int) -> int:
        """Fail-soft alpha-beta on the root seat's cược (the root maximises, the others minimise)."""
        self.nodes += 1
        key = (s, root)
        hit = self._tt.get(key)
        first = None
        if hit is not None:
            lo, hi, first = hit
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
            alpha, beta = max(alpha, lo), min(beta, hi)
        else:
            lo, hi = -_INF, _INF
        a0, b0 = alpha, beta
        moves = self._legal(s)
        if first is not None:
            moves = (first,) + tuple(m for m in moves if m != first)
        top = s[2] == root
        v, best = (-_INF if top else _INF), None
        for m in moves:
            reward, child = self._step(s, m)
            x = reward[root] + (self._ab(child, root, alpha - reward[root], beta - reward[root]) if child else 0)
            if top:
                if x > v:
                    v, best = x, m
                    alpha = max(alpha, v)
            elif x < v:
                v, best = x, m
                beta = min(beta, v)
            if alpha >= beta:
                break
        if v <= a0:
            hi = min(hi, v)
        elif v >= b0:
            lo = max(lo, v)
        else:
            lo = hi = v
        self._store(key, (lo, hi, best))
        return v


def solve(rules: SamRules, node: Node, mode: str = "maxn", root: int | None = None):
    """The value and best move of one position (a fresh :class:`Solver`; see :meth:`Solver.solve`)."""
    return Solver(rules, mode).solve(node, root)

