"""The exact Tấn endgame solver: 2 players, the stock empty (docs/rules.md §3.10).

Once the stock is empty a 2-player game is of perfect information: every card not in one's hand, on the table or
discarded is in the other hand.  The solver plays every line out under the rules of ``cardodds.sim.tan.reference``
(the attack cap of the bout, tấn cùng of ranks on the table, covering, lên, ``throw_in_after_take``, the next
attacker after a defence or a take) with a negamax alpha-beta search on the game's value — +1 a win, 0 a draw (both
hands emptied by the same bout), −1 a loss — from the point of view of **the player to move**.  A transposition table
keyed on the whole position (both hands, the table, the bout's cap, the card to answer, a lên announced) holds value
bounds and the best move, which is tried first; then the cheapest cards (non-trumps low first, then trumps low
first), then pass / take.  The table is cleared when it reaches ``max_entries`` (memory bounded; values stay exact).

Options that do not matter once the stock is empty (``deck``, ``hand_size``, ``trump_exchange``,
``first_attacker``, ``refill_order`` — it only orders players finishing in the same bout, and with 2 that is a
draw either way — and ``defender_runs_out``, whose two readings agree without a stock) are accepted; more than 2
players and series play are refused.  ``max_bouts`` is honoured by refusing a position whose game could still reach
it (then a truncated game would be possible, which the solver does not score).

A move is a card id, or ``PASS`` (-1): the attacker's pass when adding, the defender's take (lên).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from cardodds.sim.errors import CardoddsError
from cardodds.sim.tan.cards import N_CARDS
from cardodds.sim.tan.rules import TanRules

PASS = -1
"""The move that plays no card: pass (the attacker, adding) or take (lên, the defender)."""

MAX_ENTRIES = 1 << 17
"""Default transposition-table size: cleared when full (about 260 bytes an entry: some 35 MB)."""

_LOW_NIBBLES = sum(1 << (4 * r) for r in range(13))
_SUIT = [sum(1 << (4 * r + s) for r in range(13)) for s in range(4)]


def _beat_masks(trump: int) -> tuple[int, ...]:
    """For each card, the mask of the cards that cover it (``cardodds.sim.tan.reference.beats``)."""
    out = []
    for c in range(N_CARDS):
        r, s = c >> 2, c & 3
        m = _SUIT[s] & ~((1 << (4 * r + 4)) - 1)
        if s != trump:
            m |= _SUIT[trump]
        out.append(m)
    return tuple(out)


def _spread(t: int) -> int:
    """Every card whose rank occurs in mask ``t``."""
    return ((t | t >> 1 | t >> 2 | t >> 3) & _LOW_NIBBLES) * 15


@dataclass(frozen=True)
class Node:
    """A 2-player decision with the stock empty.

    Parameters
    ----------
    trump : int
        The trump suit (0..3).
    attacker, defender : int
        The two hands as card bit masks (bit ``id``).
    attack, cover : int
        The table: attack cards and the cards covering them.
    cap : int
        The bout's cap on attack cards (``min(max_attack_cards, defender's hand at the bout's start)``).
    card : int
        The uncovered attack card the defender must answer (the defender moves), or -1 (the attacker moves: a lead
        when the table is empty, else add or pass).
    taking : bool
        The defender has announced lên (``throw_in_after_take``): the attacker may still add, uncovered.
    bouts : int
        Bouts finished so far (only to check that ``max_bouts`` cannot be reached; not part of the position's value).
    """

    trump: int
    attacker: int
    defender: int
    attack: int = 0
    cover: int = 0
    cap: int = 0
    card: int = -1
    taking: bool = False
    bouts: int = field(default=0, compare=False)

    @classmethod
    def bout_start(cls, trump: int, attacker: int, defender: int, rules: TanRules, bouts: int = 0) -> "Node":
        """The attacker to lead, the cap set from the defender's hand as at a bout's start."""
        return cls(trump, attacker, defender, cap=min(rules.attack_cap, defender.bit_count()), bouts=bouts)

    @classmethod
    def from_key(cls, trump: int, key: tuple, bouts: int = 0) -> "Node":
        """The position of a solver key ``(attacker, defender, attack, cover, card, cap, taking)``."""
        a, d, att, cov, card, cap, taking = key
        return cls(trump, a, d, att, cov, cap, card, taking, bouts)

    @property
    def defender_to_move(self) -> bool:
        return self.card >= 0

    def key(self) -> tuple:
        return (self.attacker, self.defender, self.attack, self.cover, self.card, self.cap, self.taking)

    def check(self) -> None:
        """Raise ``CardoddsError`` unless this is a decision the reference engine could ask."""
        parts = (self.attacker, self.defender, self.attack, self.cover)
        if self.trump not in range(4) or any(not isinstance(m, int) or m < 0 or m >> N_CARDS for m in parts):
            raise CardoddsError("solver: a position needs a trump suit 0..3 and card masks of ids 0..51")
        if sum(m.bit_count() for m in parts) != (self.attacker | self.defender | self.attack | self.cover).bit_count():
            raise CardoddsError("solver: a card is in two places of the position")
        n_att, n_cov = self.attack.bit_count(), self.cover.bit_count()
        if self.card >= 0:
            ok = (self.attack >> self.card & 1 and n_cov == n_att - 1 and not self.taking
                  and self.defender & _beat_masks(self.trump)[self.card])
        elif not self.attack:
            ok = self.attacker and not self.cover and not self.taking
        else:
            ok = (n_cov == n_att or self.taking and n_cov < n_att) and n_att < self.cap
            ok = ok and self.attacker & _spread(self.attack | self.cover)
        if not ok or not self.defender or self.cap < 1:
            raise CardoddsError("solver: the position is not a decision (nothing to answer, no card to play, "
                                "or the table does not fit the cap)")


def check_rules(rules: TanRules) -> None:
    """Raise ``CardoddsError`` for the rules the solver does not model."""
    if rules.players != 2:
        raise CardoddsError(f"solver: only 2-player endgames are solved exactly, not {rules.players} players")
    if rules.series_length != 1:
        raise CardoddsError("solver: series play (series_length > 1) is not solved: a game's finish order carries over")


def bout_bound(cards: int) -> int:
    """Bouts that can still start, the current one included, with ``cards`` cards in the hands and on the table:
    a defended bout discards at least 2 cards and swaps the roles, a taken one keeps the attacker, whose hand
    shrinks by at least one card."""
    return (cards // 2 + 1) * (cards + 1)


def check_bouts(position: Node, rules: TanRules) -> None:
    """Raise ``CardoddsError`` when the game could reach ``max_bouts`` (a truncation the solver does not score)."""
    p = position
    cards = (p.attacker | p.defender | p.attack | p.cover).bit_count()
    if p.bouts + bout_bound(cards) > rules.max_bouts:
        raise CardoddsError(f"solver: {cards} cards left after {p.bouts} bouts could reach max_bouts = "
                            f"{rules.max_bouts}")


class Solver:
    """Negamax alpha-beta with a transposition table, for one trump suit and one set of rules.

    Parameters
    ----------
    rules : TanRules
    trump : int
    max_entries : int
        Transposition-table entries kept at most (the table is cleared when full).
    """

    def __init__(self, rules: TanRules, trump: int, max_entries: int = MAX_ENTRIES):
        check_rules(rules)
        self.rules, self.trump, self.max_entries = rules, trump, max_entries
        self.cap_rule = min(rules.attack_cap, N_CARDS)
        self.throw_in = rules.throw_in_after_take
        self.beat = _beat_masks(trump)
        self.tmask = _SUIT[trump]
        self.table: dict = {}
        self.nodes = 0

    # -- the public calls ------------------------------------------------------------------------------------------
    def solve(self, position: Node) -> int:
        """+1 / 0 / -1: the value of ``position`` for the player to move."""
        self._accept(position)
        return self._search(position.key(), -1, 1)

    def move_values(self, position: Node) -> dict[int, int]:
        """The exact value, for the player to move, of each legal move (a card id, or ``PASS``)."""
        self._accept(position)
        key = position.key()
        return {m: self._child(key, m, -1, 1) for m in self._moves(key, None)}

    def best_move(self, position: Node, preferred: int) -> int:
        """A move of the best exact value: ``preferred`` when it is one, else the lowest card of that value, pass /
        take last (the choice ``Endgame.best`` makes from ``move_values``).  Cheaper than ``move_values``: after the
        preferred move's value each other move is only searched in the window above the best value so far."""
        self._accept(position)
        key = position.key()
        legal = list(self._moves(key, None))
        best, top = None, -2
        if preferred in legal:
            best, top = preferred, self._child(key, preferred, -1, 1)
        for m in sorted(legal, key=lambda m: (m == PASS, m)):
            if top >= 1:
                break
            if m != best:
                v = self._child(key, m, max(top, -1), 1)
                if v > top:
                    best, top = m, v
        return best

    def _accept(self, position: Node):
        if position.trump != self.trump:
            raise CardoddsError(f"solver: the position's trump {position.trump} is not the solver's {self.trump}")
        position.check()
        check_bouts(position, self.rules)

    # -- moves -----------------------------------------------------------------------------------------------------
    def _moves(self, key, first):
        """Legal moves, ``first`` (the table's best move) first, then cheap cards (non-trumps low first, then
        trumps low first), then pass / take; generated lazily, as a cut-off often comes at the first move."""
        a, d, att, cov, card, cap, taking = key
        if card >= 0:
            pool, skip = d & self.beat[card], True
        elif not att:
            pool, skip = a, False
        else:
            pool, skip = a & _spread(att | cov), True
        if first is not None:
            yield first
        for part in (pool & ~self.tmask, pool & self.tmask):
            while part:
                low = part & -part
                part ^= low
                m = low.bit_length() - 1
                if m != first:
                    yield m
        if skip and first != PASS:
            yield PASS

    def _play(self, key, m):
        """Play move ``m``: ``(value, None, _)`` when the game ends (value for the bout's attacker), else
        ``(None, next key, whether the bout's attacker moves next)``; forced moves (a take with no cover, a pass
        with no card to add) are played at once, as the engine does without asking."""
        a, d, att, cov, card, cap, taking = key
        if card >= 0:
            if m == PASS:
                if self.throw_in:
                    return self._adder(a, d, att, cov, cap, True)
                return self._taken(a, d | att | cov)
            d ^= 1 << m
            cov |= 1 << m
            if not d:
                return self._defended(a, d)
            return self._adder(a, d, att, cov, cap, False)
        if m == PASS:
            return self._taken(a, d | att | cov) if taking else self._defended(a, d)
        b = 1 << m
        a ^= b
        att |= b
        if taking:
            return self._adder(a, d, att, cov, cap, True)
        if d & self.beat[m]:
            return None, (a, d, att, cov, m, cap, False), False
        if self.throw_in:
            return self._adder(a, d, att, cov, cap, True)
        return self._taken(a, d | att | cov)

    def _adder(self, a, d, att, cov, cap, taking):
        """The attacker's turn to add: a decision, or a forced pass when no card may be added."""
        if att.bit_count() < cap and a & _spread(att | cov):
            return None, (a, d, att, cov, -1, cap, taking), True
        return self._taken(a, d | att | cov) if taking else self._defended(a, d)

    def _defended(self, a, d):
        """The table discarded: who is out, else the defender attacks."""
        if not a or not d:
            return (0 if not a and not d else 1 if not a else -1), None, None
        return None, (d, a, 0, 0, -1, min(self.cap_rule, a.bit_count()), False), False

    def _taken(self, a, d):
        """The defender picked the table up: the attacker wins when out of cards, else attacks again."""
        if not a:
            return 1, None, None
        return None, (a, d, 0, 0, -1, min(self.cap_rule, d.bit_count()), False), True

    # -- the search ------------------------------------------------------------------------------------------------
    def _child(self, key, m, alpha, beta) -> int:
        """The value of move ``m`` at ``key`` for its mover, searched in the window (alpha, beta)."""
        attacker_moves = key[4] < 0
        value, nxt, attacker_next = self._play(key, m)
        if nxt is None:
            return value if attacker_moves else -value
        if attacker_next == attacker_moves:
            return self._search(nxt, alpha, beta)
        return -self._search(nxt, -beta, -alpha)

    def _search(self, key, alpha, beta) -> int:
        self.nodes += 1
        entry = self.table.get(key)
        first = None
        if entry is not None:
            lo, hi, first = entry
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
            alpha, beta = max(alpha, lo), min(beta, hi)
        a0 = alpha
        best, best_move = -2, None
        attacker_moves = key[4] < 0
        for m in self._moves(key, first):
            value, nxt, attacker_next = self._play(key, m)  # _child, inlined: the search's inner loop
            if nxt is None:
                v = value if attacker_moves else -value
            elif attacker_next == attacker_moves:
                v = self._search(nxt, alpha, beta)
            else:
                v = -self._search(nxt, -beta, -alpha)
            if v > best:
                best, best_move = v, m
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        if len(self.table) >= self.max_entries:
            self.table.clear()
        lo, hi = (-1, best) if best <= a0 else (best, 1) if best >= beta else (best, best)
        if entry is not None:
            lo, hi = max(lo, entry[0]), min(hi, entry[1])
        self.table[key] = (lo, hi, best_move)
        return best


@lru_cache(maxsize=4)
def solver_for(rules: TanRules, trump: int) -> Solver:
    """A shared solver (and its transposition table) for ``rules`` and ``trump`` (the four trumps of one set of
    rules are kept: at most four tables of ``MAX_ENTRIES``)."""
    return Solver(rules, trump)


def solve(position: Node, rules: TanRules) -> int:
    """+1 (win), 0 (draw) or -1 (loss): the exact value of ``position`` for the player to move."""
    check_rules(rules)
    return solver_for(rules, position.trump).solve(position)


def move_values(position: Node, rules: TanRules) -> dict[int, int]:
    """The exact value, for the player to move, of every legal move at ``position`` (a card id, or ``PASS``)."""
    check_rules(rules)
    return solver_for(rules, position.trump).move_values(position)
