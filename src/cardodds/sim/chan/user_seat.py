"""A Chắn seat played by a player a user wrote (:class:`~cardodds.sim.user_player.UserPlayer`, issue 33).

:func:`user_strategy` wraps the player in a strategy of the reference engine: at each of its seat's decisions with
more than one legal move (a forced move is no decision: the engine plays it) it builds the seat's
:class:`~cardodds.sim.chan.position_state.Position` with :func:`~cardodds.sim.chan.position_cut.position_of` (which
reads nothing hidden), hands its JSON form and the legal moves, spelled as ``legal_moves`` spells them, to
:func:`~cardodds.sim.user_player.ask`, and plays the move named.  It has no batch forms, so the chan.play task, the
strength task and series play seat it on the reference engine, game by game; the compiled engine never picks it.

Decisions outside the position protocol: none is asked.  As for every simulated player, a win (ù) the engine
offers is always taken (a Thiên ù too, unless ``allow_skip_thien_u`` makes it a choice: then ``"u"`` is among the
legal moves), the cước are called as the scorer counts them, and in series play Thông is called whenever it is due.

The random stream is the engine's (the chan.play task's PLAY stream); an engine that passes none (a position's
own choice) gets a Generator seeded from the view's text, so equal views give equal streams.
"""

from __future__ import annotations

import dataclasses
import json
import zlib
from typing import ClassVar

import numpy as np

from cardodds.sim.chan.position_cut import position_of
from cardodds.sim.chan.position_json import to_json
from cardodds.sim.chan.position_state import move_text
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
        """The move the player names at ``dec``, one of ``dec.moves``."""
        view = view_of(game, dec)
        legal = [move_text(m) for m in dec.moves]
        if rng is None:
            rng = np.random.default_rng(zlib.crc32(json.dumps(view, sort_keys=True).encode()))
        move = ask(self.player, view, legal, rng, seat=dec.seat, game="chan", decision=view["decision"])
        return dec.moves[legal.index(move)]


def view_of(game, dec) -> dict:
    """The position JSON ``dec.seat`` sees at ``dec`` in reference game ``game`` (a series' game is one game to it)."""
    position = position_of(game, dec)
    if position.rules.series_length != 1:
        position = dataclasses.replace(position, rules=dataclasses.replace(position.rules, series_length=1))
    return to_json(position)


def user_strategy(player: UserPlayer) -> UserSeat:
    """The strategy that seats ``player`` on the reference engine (the registry's ``user_seat`` hook)."""
    return player if isinstance(player, UserSeat) else UserSeat(player)
