"""A Tấn player a user wrote (:class:`~cardodds.sim.user_player.UserPlayer`) seated at a table: ``user_strategy``.

At each attack, add (tấn cùng) and defence decision of either engine the seat's view becomes its
:class:`~cardodds.sim.tan.position_state.Position` (``position_cut.view_position``, the cut ``cardodds replay tan
--state-at`` shows), the player gets ``to_json(position)`` and ``legal_moves(position)`` through
:func:`~cardodds.sim.user_player.ask`, and its answer (``"9h"``, ``"pass"``, ``"take"``) becomes the engine's move.
The batch engine asks it row by row (a Python loop over the games deciding), keeping the table's order for it
(``needs_table``); there the view, the moves and the generator are built straight from the rows (``user_rows``, the
same as through the ``Position``).  The compiled engine never seats it.  A player that also defines the batch form
``decide_batch(observations, masks, rng) -> actions`` (:mod:`cardodds.sim.tan.user_batch`) is asked that instead on
the batch engine, once per engine step for all the games deciding; ``decide`` stays the form every other path (the
reference engine: replays, play-outs) asks, and both must follow the same rule for a run and its replays to agree.

Decisions outside the position protocol, each an optional method of the player, asked through ``ask`` too:

- ``exchange(view, legal, rng) -> str``: the trump exchange; ``legal`` the cards it may swap for the turned card
  and ``"keep"``.  Default: swap the lowest (the ``basic`` rule).
- series play (``series_length > 1``, ``cardodds.sim.tan.decisions``), ``(view, rng) -> bool``:
  ``winner_swaps_two`` (default: as ``exchange``), ``loser_swaps_first`` (default False), ``declares_xa`` (default
  True).

Their view: ``rules, seat, hand, trump, turned`` (cards as text), plus ``role`` (``declares_xa``: "loser" or
"winner") or ``winner`` (``loser_swaps_first``: the seat receiving the cúng).

The ``rng`` of every decision is a ``numpy.random.Generator`` seeded from the game's seed (``reference.game_seed``,
drawn for each game from the chunk's PLAY stream; 0 for a game played without a stream; a play-out's world seed) and
the decision's place in the game (seat, bout, cards on the table, passes, kind): the same in both engines, so
``cardodds replay tan`` plays the run's game whatever the chunk's size, and the engine's own stream is left alone.
A ``decide_batch`` call's generator is seeded from the deciding games' seeds and places (``user_batch.step_place``).
"""

from __future__ import annotations

import gc
import threading
from dataclasses import dataclass
from types import SimpleNamespace
from typing import ClassVar

import numpy as np

from cardodds.sim.options import changed_options
from cardodds.sim.tan.batch_rows import deciding_rows
from cardodds.sim.tan.cards import SUITS, format_card, format_cards, from_mask, parse_card
from cardodds.sim.tan.position_cut import view_position
from cardodds.sim.tan.position_json import to_json
from cardodds.sim.tan.position_state import DECISIONS, PASS, Position, legal_codes, move_text
from cardodds.sim.tan.user_batch import decide_position, decide_rows, step_place
from cardodds.sim.tan.user_rows import CODE, StateWriter, pcg_state, row_views
from cardodds.sim.user_batch import batch_only, has_batch
from cardodds.sim.user_player import UserPlayerError, ask

KEEP = "keep"
"""The exchange move that swaps nothing."""

_EXCHANGE, _SERIES = 3, {"winner_swaps_two": 4, "loser_swaps_first": 5, "declares_xa": 6}
_M64 = (1 << 64) - 1
_LOCAL = threading.local()


def _mix(z: int) -> int:
    """One splitmix64 step on a Python int."""
    z = (z + 0x9E3779B97F4A7C15) & _M64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
    return z ^ (z >> 31)


def decision_rng(game_seed: int, *place: int) -> np.random.Generator:
    """The generator of one decision: a function of the game's seed and ``place`` only (see the module docstring).

    One generator per thread (:func:`generator`), its state set anew at each decision (cheaper than seeding a new
    one).
    """
    packed = 0
    for x in place:
        packed = (packed << 16) ^ int(x)
    key = _mix(int(game_seed) & _M64 ^ _mix(packed & _M64 ^ packed >> 64))
    gen = generator()
    gen.bit_generator.state = pcg_state((key << 64) | _mix(key ^ 1), (_mix(key ^ 2) << 64) | 1)
    return gen


def generator() -> np.random.Generator:
    """This thread's decision generator (one per thread, its state set anew at each decision)."""
    gen = getattr(_LOCAL, "gen", None)
    if gen is None:
        gen = _LOCAL.gen = np.random.Generator(np.random.PCG64(0))
    return gen


def state_writer() -> StateWriter:
    """Sets this thread's decision generator's state (``user_rows.StateWriter``)."""
    writer = getattr(_LOCAL, "writer", None)
    if writer is None:
        writer = _LOCAL.writer = StateWriter(generator())
    return writer


def _has(player, name: str) -> bool:
    return callable(getattr(type(player), name, None))


class _Method:
    """A player's optional method in the shape ``ask`` calls (``decide``); a bool answer becomes "True"/"False"."""

    def __init__(self, player, name: str, with_legal: bool):
        self.player, self.name, self.with_legal = player, name, with_legal

    def label(self) -> str:
        return self.player.label()

    def decide(self, view, legal, rng):
        method = getattr(self.player, self.name)
        answer = method(view, legal, rng) if self.with_legal else method(view, rng)
        return str(bool(answer)) if isinstance(answer, (bool, np.bool_)) else answer


def exchange_json(v) -> dict:
    """The view of a trump exchange or series decision (see the module docstring)."""
    out = {"rules": changed_options(v.rules), "seat": int(v.seat), "hand": format_cards(v.hand, unicode=False),
           "trump": SUITS[int(v.trump)], "turned": format_card(v.turned, unicode=False)}
    for key in ("role", "winner"):
        if hasattr(v, key):
            out[key] = v.role if key == "role" else int(v.winner)
    return out


@dataclass(frozen=True)
class UserSeat:
    """A user's player as a Tấn strategy of both engines (see the module docstring); ``player`` the user's player."""

    player: object
    user_seat: ClassVar[bool] = True
    needs_public: ClassVar[bool] = True
    needs_table: ClassVar[bool] = True
    searches: ClassVar[bool] = False

    @property
    def deterministic(self) -> bool:
        """The player's own ``deterministic``: False unless its class sets ``deterministic = True``, a promise that its
        moves depend on the cards only (never on its rng, nor the bout count), so that a game that has gone on for
        ``batch.HANDOFF_BOUTS`` bouts (almost always a cycle only ``max_bouts`` ends) is finished by the reference
        engine with whole periods skipped, as for the built-in players, instead of the batch stepping on for it."""
        return bool(getattr(self.player, "deterministic", False))

    @property
    def name(self) -> str:
        """The player in metric names (``lose.strategy.<name>@0``, one dotted part): its class's name."""
        return self.player.label().rsplit(":", 1)[-1].replace(".", "_")

    def label(self) -> str:
        return self.player.label()

    # -- the position protocol ---------------------------------------------------------------------------------------
    def move(self, position: Position, game_seed: int = 0) -> int:
        """The player's move at ``position`` as a code (a card, or ``PASS``)."""
        p = position
        codes = legal_codes(p)
        legal = [move_text(p, c) for c in codes]
        covered = sum(1 for _, c in p.table if c >= 0)
        rng = decision_rng(game_seed, p.seat, p.bouts, len(p.table), covered, p.passes, DECISIONS.index(p.decision))
        if batch_only(self.player):
            return decide_position(self.player, p, rng)
        answer = ask(self.player, to_json(p), legal, rng, seat=p.seat, game="tan", decision=p.decision)
        return codes[legal.index(answer)]

    def attack(self, v, rng=None) -> int | None:
        c = self.move(view_position(v, "attack"), v.game_seed)
        return None if c == PASS else c

    def defend(self, v, rng=None) -> int | None:
        c = self.move(view_position(v, "defend"), v.game_seed)
        return None if c == PASS else c

    def attack_batch(self, v, rng=None) -> np.ndarray:
        return self._rows(v, "attack")

    def defend_batch(self, v, rng=None) -> np.ndarray:
        return self._rows(v, "defend")

    def _rows(self, v, kind: str) -> np.ndarray:
        """The batch form: the player's ``decide_batch`` over every row deciding, else each row asked in turn, its view
        built straight from the row (``user_rows``: the view, moves and generator ``move`` would give)."""
        out = np.full(v.hand.shape[0], -1, dtype=np.int16)
        rows = deciding_rows(v)
        if rows.shape[0] and has_batch(self.player):
            out[rows] = decide_rows(self.player, v, rows, kind, decision_rng(*step_place(v, rows, kind)))
            return out
        gen, writer, collecting = generator(), state_writer(), gc.isenabled()
        gc.disable()  # the views are many short-lived containers: collect once the rows are asked
        try:
            moves = []
            for seat, view, legal, state in row_views(v, rows, kind):
                writer.set(state)
                moves.append(CODE[ask(self.player, view, legal, gen, seat=seat, game="tan", decision=view["decision"])])
            out[rows] = moves
        finally:
            if collecting:
                gc.enable()
        return out

    # -- outside the protocol ------------------------------------------------------------------------------------------
    def exchange(self, v, rng=None) -> int | None:
        if not v.options:
            return None
        if not _has(self.player, "exchange"):
            return min(v.options)
        legal = [format_card(c, unicode=False) for c in v.options] + [KEEP]
        answer = _ask_outside(_Method(self.player, "exchange", True), exchange_json(v), legal,
                              decision_rng(v.game_seed, v.seat, _EXCHANGE), int(v.seat), "exchange")
        return None if answer == KEEP else parse_card(answer)

    def exchange_batch(self, v, rng=None) -> np.ndarray:
        out = np.full(v.hand.shape[0], -1, dtype=np.int16)
        for r in np.nonzero((v.options != 0) & v.decide)[0]:
            row = SimpleNamespace(seat=int(v.seat[r]), hand=from_mask(v.hand[r]), options=from_mask(v.options[r]),
                                  turned=int(v.turned[r]), trump=int(v.trump[r]), rules=v.rules,
                                  game_seed=int(v.game_seed[r]))
            c = self.exchange(row)
            out[r] = -1 if c is None else c
        return out

    def winner_swaps_two(self, v, rng=None) -> bool:
        if _has(self.player, "winner_swaps_two"):
            return self._series("winner_swaps_two", v)
        return self.exchange(v) is not None

    def loser_swaps_first(self, v, rng=None) -> bool:
        return self._series("loser_swaps_first", v) if _has(self.player, "loser_swaps_first") else False

    def declares_xa(self, v, rng=None) -> bool:
        return self._series("declares_xa", v) if _has(self.player, "declares_xa") else True

    def _series(self, name: str, v) -> bool:
        rng = decision_rng(v.game_seed, v.seat, _SERIES[name])
        return _ask_outside(_Method(self.player, name, False), exchange_json(v), ["True", "False"], rng, int(v.seat),
                            name) == "True"


def _ask_outside(player, view: dict, legal: list, rng, seat: int, decision: str) -> str:
    """:func:`ask` at a decision outside the position protocol: a failure's view is not a position ``advise``
    reads."""
    try:
        return ask(player, view, legal, rng, seat=seat, game="tan", decision=decision)
    except UserPlayerError as exc:
        raise UserPlayerError(str(exc), exc.position, exc.game, replayable=False) from None


def user_strategy(player) -> UserSeat:
    """The Tấn strategy that seats ``player`` (a :class:`~cardodds.sim.user_player.UserPlayer`)."""
    return UserSeat(player)
