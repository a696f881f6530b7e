"""A Sâm position: what the seat to move knows at one of its decisions (docs/rules.md §2.11), its moves as text, and
the view the engines' players read (:class:`~cardodds.sim.sam.strategies.View`) rebuilt from it.

Moves are spelled in ranks, as a person types them: ``"pass"``, ``"7"``, ``"7 7"`` (a pair), ``"7 7 7 7"`` (a tứ
quý), ``"3-4-5-6-7"`` (a straight, in its order, so ``"A-2-3"`` and ``"Q-K-A"``); suits never matter in play.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from cardodds.sim.errors import CardoddsError
from cardodds.sim.sam.cards import HAND_SIZE, N_RANKS, RANK_NAMES, rank_counts
from cardodds.sim.sam.hand import STRAIGHT, MoveTable, move_table, pos_rank
from cardodds.sim.sam.rules import SamRules
from cardodds.sim.sam.strategies import PASS, Public, View

PASS_TEXT = "pass"


@dataclass(frozen=True)
class Position:
    """What one seat knows at one of its decisions.

    Attributes
    ----------
    rules : SamRules
    seat : int
        The seat to move (whose decision it is).
    hand : tuple of int
        Its cards (card ids, ascending).
    played : tuple of tuple of int
        Per seat, the cards it has played this game (ascending); every seat was dealt 10, so the rest are held.
    to_beat : int or None
        The play to beat (a move id of the rules' move table), None on a free lead.
    by : int or None
        Who made it (None on a free lead).
    passed : tuple of int
        The seats out of this round (they passed), ascending.
    chain : tuple of (int, int, int) or None
        The round's chặt chain: its links, its value in cược and the seat chopped last (the last chopper is ``by``).
    den : tuple of (int, int, int) or None
        A pending đền: the seat that would owe it (``by``), the báo-1 seat after it and the rank index of the highest
        card the first held when it played the single to beat (or, with ``den_on_pass``, when it passed on a single).
    declarer : int or None
        Who declared Sâm.
    sam_standing : bool
        The declared Sâm still stands (nobody has beaten it).
    """

    rules: SamRules
    seat: int
    hand: tuple
    played: tuple
    to_beat: int | None = None
    by: int | None = None
    passed: tuple = ()
    chain: tuple | None = None
    den: tuple | None = None
    declarer: int | None = None
    sam_standing: bool = False

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def counts(self) -> tuple:
        """Cards left per seat."""
        return tuple(HAND_SIZE - len(p) for p in self.played)

    @property
    def table(self) -> MoveTable:
        return move_table(self.rules)

    @property
    def current(self) -> int:
        """The play to beat as the engines hold it (``table.LEAD`` on a free lead)."""
        return self.table.LEAD if self.to_beat is None else self.to_beat

    @property
    def last(self) -> int:
        """Who made the current play (the seat itself on a free lead, as the engines hold it)."""
        return self.seat if self.by is None else self.by

    @property
    def sam_on(self) -> bool:
        return self.declarer is not None and self.sam_standing


def legal_ids(position: Position) -> np.ndarray:
    """The move ids the seat may play (ascending; a pass, allowed on a response, is not among them)."""
    t, rules = position.table, position.rules
    counts = rank_counts(position.hand)
    ok = t.formable(counts) & t.beats[position.current]
    if rules.no_finish_on_two:
        ok &= ~(t.has_two & (t.length == len(position.hand)))
    return np.flatnonzero(ok)


# ------------------------------------------------------------------------------------------------- moves as text
def move_text(table: MoveTable, m: int) -> str:
    """Move ``m`` (or ``PASS``) as a person types it: ``"pass"``, ``"7 7"``, ``"3-4-5"``."""
    if m == PASS:
        return PASS_TEXT
    if table.kind[m] == STRAIGHT:
        top, n = int(table.top[m]), int(table.length[m])
        return "-".join(RANK_NAMES[pos_rank(p)] for p in range(top - n + 1, top + 1))
    return " ".join([RANK_NAMES[int(table.top[m])]] * int(table.length[m]))


@lru_cache(maxsize=None)
def _moves_by_need(table: MoveTable) -> dict:
    """Rank counts (as a tuple) → move id: every move takes its own set of cards."""
    return {tuple(int(x) for x in table.need[m]): m for m in range(table.n)}


_RANK = {name.lower(): i for i, name in enumerate(RANK_NAMES)} | {"t": 7}


def parse_move(table: MoveTable, text) -> int:
    """A move id (or ``PASS``) from its text: ranks separated by spaces, commas or dashes, in any order and case
    (``"7 7"``, ``"3-4-5"``, ``"q k a"``, ``"T T"``), or ``"pass"``; ``CardoddsError`` for anything else."""
    if not isinstance(text, str):
        raise CardoddsError(f"a move is text such as 'pass', '7 7' or '3-4-5', not {text!r}")
    words = [w for w in re.split(r"[\s,\-]+", text.strip().lower()) if w]
    if words == [PASS_TEXT]:
        return PASS
    need = [0] * N_RANKS
    for w in words:
        if w not in _RANK:
            raise CardoddsError(f"unknown move {text!r}: write ranks (3 … 10, J, Q, K, A, 2) such as '7 7' or "
                                f"'3-4-5', or 'pass'")
        need[_RANK[w]] += 1
    m = _moves_by_need(table).get(tuple(need))
    if m is None:
        raise CardoddsError(f"{text!r} is no Sâm play (a single, pair, triple, tứ quý or straight of these rules)")
    return m


# ------------------------------------------------------------------------------------------------ the seat's view
def public_of_position(position: Position) -> Public:
    """(1 row) what every seat sees, as the engines give it to the ``expert``."""
    gone = sum((rank_counts(p).astype(np.int64) for p in position.played), np.zeros(N_RANKS, np.int64))
    if position.chain is None:
        chain = [0, 0, -1, -1]
    else:
        links, value, chopped = position.chain
        chain = [value, links, position.last, chopped]
    den = [-1, -1, 0] if position.den is None else list(position.den)
    return Public(played=np.array([[len(p) > 0 for p in position.played]]), gone=gone.astype(np.int8)[None],
                  last=np.array([position.last]), passed=np.array([sum(1 << s for s in position.passed)]),
                  chain=np.array([chain], np.int64), den=np.array([den], np.int64))


def view_of(position: Position) -> View:
    """(1 row) the seat's :class:`View` with the public state, as either engine would give it to its player."""
    decl = -1 if position.declarer is None else position.declarer
    return View(hand=rank_counts(position.hand).astype(np.int64)[None], n_cards=np.array([position.counts]),
                actor=np.array([position.seat]), current=np.array([position.current]),
                sam_on=np.array([position.sam_on]), declarer=np.array([decl]), table=position.table,
                rules=position.rules, plan_next=np.array([-1]), public=public_of_position(position))
