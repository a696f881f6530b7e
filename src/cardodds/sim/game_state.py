"""The game-state protocol: one game of any game, driven decision by decision from outside.

Each game implements it once, in ``cardodds.sim.<game>.game_state`` (named by
:attr:`GameSpec.game_state <cardodds.sim.game_spec.GameSpec>`), as a thin adapter over its reference engine whose
``deal(seed, rules, strategies, outside)`` gives the game ``cardodds replay <game> --seed seed`` deals, played by
``strategies`` (one engine strategy per seat, as the player registry makes them).  The cross-game features are built
on it: :class:`~cardodds.sim.turns.Turns` (a game move by move, :mod:`cardodds.envs`) and the position cutter
(:mod:`cardodds.sim.position_cut`).

A *decision* is what the game's positions count (``docs/rules.md``): Chắn a choice with more than one legal move,
Sâm every action a seat is asked for, Tấn each attack, add and defence (not the trump exchange).  What is not a
decision (a forced Chắn move, the Sâm declarations, a Tấn exchange) is played inside the adapter by the seat's
strategy, as the engine's own loop plays it.  :func:`start` builds the strategies from the players a config names;
a seat played from outside gets the game's user seat of a player that is never asked (so that the engine draws
from its random stream exactly as when a user's player sits there).
"""

from __future__ import annotations

from typing import Any, Protocol

from cardodds.sim.errors import CardoddsError
from cardodds.sim.games import game as game_spec
from cardodds.sim.user_player import UserPlayer


class GameState(Protocol):
    """One game between two decisions (see the module docstring).

    Attributes
    ----------
    seat : int or None
        The seat to decide, None once the game is over.
    over : bool
        The game has ended (:meth:`payoffs` holds each seat's result).
    """

    seat: int | None
    over: bool

    def position(self) -> Any:
        """The seat to decide's view: the game's ``Position`` (its JSON form is what the seat may see)."""

    def legal_moves(self) -> list[str]:
        """The moves the seat may make, spelled as the position's ``legal_moves`` spells them."""

    def apply(self, move: str) -> None:
        """Make ``move`` (one of :meth:`legal_moves`); the game runs on to its next decision or its end."""

    def play_seat(self) -> str:
        """The seat's own strategy makes its move (drawing from the game's random stream as the engine does); the
        move made, as text."""

    def payoffs(self) -> list[float]:
        """Each seat's result, as the game's ``env_form.play`` gives it (the game is over)."""


class Pending:
    """The ``seat`` and ``over`` of an adapter whose engine names the decision it waits for: ``pending`` (with its
    ``seat``), None at the end."""

    pending: Any = None

    @property
    def over(self) -> bool:
        return self.pending is None

    @property
    def seat(self) -> int | None:
        return None if self.pending is None else int(self.pending.seat)


class Outside(UserPlayer):
    """The player of a seat played from outside: never asked (the caller decides through :meth:`GameState.apply`)."""

    def decide(self, view, legal, rng):
        raise AssertionError("a seat played from outside is never asked")

    def label(self) -> str:
        return "the caller"


def start(game: str, seed: int, rules, players) -> GameState:
    """The game ``game`` of deal ``seed`` under ``rules`` (a rules object), ``players`` one per seat: None for a
    seat played from outside, else a player as a config names one; stopped at its first decision."""
    spec = game_spec(game)
    module = spec.hook("game_state")
    if module is None:
        raise CardoddsError(f"{game}: this game cannot be played move by move")
    if len(players) != rules.players:
        raise CardoddsError(f"{game}: {len(players)} players given for {rules.players} seats")
    make = player_registry(game).make
    strategies = [make(Outside() if p is None else p, f"seat {s}") for s, p in enumerate(players)]
    return module.deal(int(seed), rules, strategies)


def play_out(state: GameState) -> list[float]:
    """Play ``state`` to its end, every seat by its own strategy; the payoffs."""
    while not state.over:
        state.play_seat()
    return state.payoffs()


def game_rules(game: str, rules=None):
    """``game``'s rules: ``rules`` itself, or a ``[rules]`` table over the defaults (None: the defaults)."""
    if rules is None or isinstance(rules, dict):
        from cardodds.sim.options import from_table

        return from_table(game_spec(game).hook("rules"), dict(rules or {}), "[rules]")
    return rules


def player_registry(game: str):
    """``game``'s :class:`~cardodds.sim.players.PlayerRegistry`: the ``PLAYERS`` of the module ``GameSpec.players``
    names (it makes every player a config can name, a user's too)."""
    import importlib

    return importlib.import_module(game_spec(game).players.partition(":")[0]).PLAYERS
