"""A Tấn mid-game position: what one seat knows at one of its attack, add (tấn cùng) or defence decisions.

The fields are the public information of docs/rules.md §3.9 T15 and the seat's own hand; nothing a seat cannot see
(another hand's unknown cards, the stock's order) is held, so two games that differ only in those give equal
positions.  ``cardodds.sim.tan.position_json`` reads and checks the JSON form, ``position_cut`` cuts positions from
replayed games and ``position_play`` plays them out.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardodds.sim.errors import CardoddsError
from cardodds.sim.tan.cards import format_card, parse_card, rank_of, to_mask
from cardodds.sim.tan.reference import beats
from cardodds.sim.tan.rules import TanRules

PASS = -1
"""The move that plays no card: ``"pass"`` (an adder adds nothing) or ``"take"`` (the defender picks up, lên)."""

DECISIONS = ("attack", "add", "defend")
"""``attack``: the attacker leads a bout; ``add``: an adder may throw in (tấn cùng) or pass; ``defend``: the defender
beats the uncovered card or takes."""


@dataclass(frozen=True)
class Position:
    """One seat's view of a Tấn game at one of its decisions.

    Attributes
    ----------
    rules : TanRules
    seat : int
        The seat to move.
    decision : {"attack", "add", "defend"}
    hand : tuple of int
        The seat's cards (ids, ascending).
    trump : int
        The trump suit (0..3: ♠ ♣ ♦ ♥).
    bottom : int
        The stock's face-up bottom card (the turned card, or the trump swapped for it), -1 once drawn.
    stock : int
        Cards left in the stock, the bottom card included.
    discard : tuple of int
        The discard pile (thải), ascending.
    table : tuple of (int, int)
        The bout's attack cards in the order played, each with the card that covers it (-1: not covered).
    attacker, defender : int
        The bout's attacker and defender.
    hand_sizes : tuple of int
        Every seat's number of cards.
    known : tuple of tuple of int
        Per seat, the cards everyone knows it holds (picked up in a take, the turned card taken in the exchange or
        drawn last), ascending.
    out : tuple of bool
        Per seat, finished (out of cards with the stock empty).
    passes : int
        Adders who passed in a row since the last card (an ``add`` decision).
    bouts : int
        Bouts finished so far (a game reaching ``max_bouts`` is truncated).
    thrower : int
        A defence: the seat that threw the card to beat (it keeps the turn); -1 otherwise.
    taking : bool
        ``throw_in_after_take``: the defender has said lên and the others may still add, uncovered.
    """

    rules: TanRules
    seat: int
    decision: str
    hand: tuple
    trump: int
    bottom: int
    stock: int
    discard: tuple
    table: tuple
    attacker: int
    defender: int
    hand_sizes: tuple
    known: tuple
    out: tuple
    passes: int = 0
    bouts: int = 0
    thrower: int = -1
    taking: bool = False

    @property
    def attack_mask(self) -> int:
        return to_mask(a for a, _ in self.table)

    @property
    def cover_mask(self) -> int:
        return to_mask(c for _, c in self.table if c >= 0)

    @property
    def cap(self) -> int:
        """The bout's cap on attack cards: the defender's hand at the bout's start (its cards now and those it has
        covered with; after a refill under ``others_may_continue`` too), at most ``max_attack_cards``."""
        covered = sum(1 for _, c in self.table if c >= 0)
        return min(self.rules.attack_cap, 64, self.hand_sizes[self.defender] + covered)

    @property
    def card(self) -> int:
        """The card to beat (a defence), else -1."""
        return self.table[-1][0] if self.decision == "defend" else -1

    @property
    def players(self) -> int:
        return self.rules.players


def legal_codes(p: Position) -> list[int]:
    """The legal moves as codes: card ids ascending, then ``PASS`` (pass or take) where allowed."""
    hand = sorted(p.hand)
    if p.decision == "attack":
        return hand
    if p.decision == "defend":
        return [c for c in hand if beats(c, p.card, p.trump)] + [PASS]
    ranks = {rank_of(c) for pair in p.table for c in pair if c >= 0}
    cards = [c for c in hand if rank_of(c) in ranks] if len(p.table) < p.cap else []
    return cards + [PASS]


def move_text(p: Position, code: int) -> str:
    """A move as a person types it: ``"10h"``, ``"pass"`` or ``"take"``."""
    return code_text(code, p.decision == "defend")


def code_text(code: int, defending: bool) -> str:
    """A move code as text: ``PASS`` is ``"take"`` for the defender and ``"pass"`` for an attacker, a card its name."""
    if code == PASS:
        return "take" if defending else "pass"
    return format_card(code, unicode=False)


def legal_moves(position: Position) -> list[str]:
    """The moves the seat may make (``"10h"`` …, ``"pass"`` for an adder, ``"take"`` for the defender)."""
    return [move_text(position, c) for c in legal_codes(position)]


def move_code(p: Position, text) -> int:
    """The code of move ``text`` (a card, ``"pass"`` or ``"take"``); ``CardoddsError`` unless it is legal here."""
    word = str(text).strip().lower()
    legal = legal_codes(p)
    if word in ("pass", "take"):
        if move_text(p, PASS) != word or PASS not in legal:
            raise CardoddsError(f"tan position: '{text}' is not a move of this {p.decision} decision "
                                f"(legal: {', '.join(legal_moves(p))})")
        return PASS
    code = parse_card(text)
    if code not in legal:
        raise CardoddsError(f"tan position: {text} is not a legal move here (legal: {', '.join(legal_moves(p))})")
    return code
