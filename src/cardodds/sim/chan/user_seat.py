"""A Chắn seat played by a player a user wrote (:class:`~cardodds.sim.user_player.UserPlayer`, issue 33).

:func:`user_strategy` wraps the player in a strategy of the reference engine: at each of its seat's decisions with
more than one legal move (a forced move is no decision: the engine plays it) it builds the seat's
:class:`~cardodds.sim.chan.position_state.Position` with :func:`~cardodds.sim.chan.position_state.position_of` (which
reads nothing hidden), hands its JSON form and the legal moves, spelled as ``legal_moves`` spells them, to
:func:`~cardodds.sim.user_player.ask`, and plays the move named.  The chan.play task seats it on the batch engine
(:mod:`cardodds.sim.chan.user_rows`: the same view, legal moves and generator built from the engine's arrays, the user
asked row by row) when the other seats are batch players and the games single; series play, the strength task and
``allow_skip_thien_u`` seat it on the reference engine, game by game; the compiled engine never picks it.  A
player that defines the batch form ``decide_batch(observations, masks, rng)`` is asked that on the batch engine, once
for all the rows deciding (:mod:`cardodds.sim.chan.user_batch`); a player that defines only the batch form is asked on
the reference engine as a batch of one.

Decisions outside the position protocol: none is asked.  As for every simulated player, a win (ù) the engine
offers is always taken (a Thiên ù too, unless ``allow_skip_thien_u`` makes it a choice: then ``"u"`` is among the
legal moves), the cước are called as the scorer counts them, and in series play Thông is called whenever it is due.
A series' view is one game's position (``series_length`` left out, the cái where the series has put it); it does not
say who may call Thông, so under ``min_points_to_win`` and ``allow_skip_thien_u`` a Thiên ù that only Thông makes
worth enough is among the legal moves the player is given (the engine's) but not among the view's ``legal_moves``.

The ``rng`` of each decision is a Generator seeded from the game's deal (:func:`deal_key`: the dealt hands and the
nọc, for a position's play-out its world) and the decision's place in it (the moves played so far, the seat, the
decision kind): :func:`decision_rng`, the same on both engines and in ``cardodds replay chan``, whatever the chunk;
the engine's own stream is left alone.
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

import numpy as np

from cardodds.sim.chan.position_json import to_json
from cardodds.sim.chan.position_state import DECISIONS, move_text, position_view
from cardodds.sim.chan.user_batch import decide_position
from cardodds.sim.user_batch import batch_only
from cardodds.sim.user_player import UserPlayer, ask


@dataclasses.dataclass(frozen=True)
class UserSeat:
    """The reference-engine strategy of a :class:`UserPlayer` (``choose(game, decision, rng)``)."""

    player: UserPlayer
    user_seat: ClassVar[bool] = True
    deterministic: ClassVar[bool] = False
    searches: ClassVar[bool] = False  # read by advise's opponents check: not refused as a search

    @property
    def name(self) -> str:
        return self.player.label()

    def choose(self, game, dec, rng=None):
        """The move the player names at ``dec``, one of ``dec.moves`` (``rng``, the engine's stream, is not used)."""
        position = position_view(game, dec)
        legal = [move_text(m) for m in dec.moves]
        rng = decision_rng(deal_key(game), len(game.moves), dec.seat, DECISIONS.index(position.decision))
        if batch_only(self.player):
            move = decide_position(self.player, position, rng)
        else:
            move = ask(self.player, to_json(position), legal, rng, seat=dec.seat, game="chan",
                       decision=position.decision)
        return dec.moves[legal.index(move)]


_M64 = (1 << 64) - 1
FNV_BASIS, FNV_PRIME = 0xCBF29CE484222325, 0x100000001B3
"""The 64-bit FNV-1a constants of :func:`deal_key`."""


def deal_key(game) -> int:
    """A 64-bit key of the game's deal: FNV-1a over each seat's dealt counts (25 a seat, seat 0 first), then the nọc's
    kinds top first, each value plus one (kept on the game once computed)."""
    key = game.__dict__.get("_deal_key")
    if key is None:
        values = []
        for hand in game.dealt:
            counts = [0] * 25
            for k in hand:
                counts[k] += 1
            values += counts
        key = FNV_BASIS
        for v in values + list(game.noc):
            key = ((key ^ (int(v) + 1)) * FNV_PRIME) & _M64
        game._deal_key = key
    return key


def decision_rng(key: int, moves: int, seat: int, kind: int) -> np.random.Generator:
    """The generator of one decision: the deal's ``key``, the moves played so far, the seat and the index of the
    decision kind in ``position_state.DECISIONS``."""
    return np.random.Generator(np.random.PCG64((int(key) << 32) | (int(moves) << 8) | (int(seat) << 4) | int(kind)))


def user_strategy(player: UserPlayer) -> UserSeat:
    """The strategy that seats ``player`` on the reference engine (the registry's ``user_seat`` hook)."""
    return player if isinstance(player, UserSeat) else UserSeat(player)
