"""One game played move by move from outside: the pull form of every game's engine (deal, whose move, its view, the
legal moves, apply a move, over, payoffs), for learning code and the environments of :mod:`cardodds.envs`.

The engines call their players (push); here the game runs in a thread of its own, and each seat played from outside
sits there as a player (:class:`~cardodds.sim.user_player.UserPlayer`, seated through the game's ``user_strategy``
exactly as a user's player is) that hands its decision to the caller and waits for the move.  A forced move (one
legal move) is played without asking.  Only one of the two threads runs at a time, so the game is the one the
reference engine plays with the same seed and the same moves: seats played by named players decide as they would in
``cardodds replay <game> --seed S``.

The game's part is its ``env_form`` module (:attr:`GameSpec.env_form <cardodds.sim.game_spec.GameSpec>`):
``play(seed, rules, strategies) -> payoffs``, ``actions(rules)``, ``observation_size(rules)``, ``observe(position)``.
"""

from __future__ import annotations

import queue
import threading
from typing import Any, ClassVar

from cardodds.sim.errors import CardoddsError
from cardodds.sim.games import game as game_spec
from cardodds.sim.user_player import UserPlayer


class _Stop(BaseException):
    """Ends a game left unfinished (a BaseException, so no player guard turns it into an error line)."""


class _Relay(UserPlayer):
    """A seat played from outside: each decision goes to the caller, and the caller's move comes back (a frozen
    dataclass, as every :class:`UserPlayer` subclass)."""

    needs_public: ClassVar[bool] = True
    turns: Any = None

    def decide(self, view, legal, rng):
        return self.turns._relay(view, legal)

    def label(self) -> str:
        return "the caller"


class Turns:
    """One game of ``game`` dealt from ``seed``, played move by move.

    Parameters
    ----------
    game : str
        The game's name (``"tan"``).
    seed : int
        The deal: the first game ``cardodds replay <game> --seed seed`` plays.
    rules : rules object or dict, optional
        The game's rules (a dict is read as a ``[rules]`` table); the defaults when None.
    players : list, optional
        One entry per seat: None for a seat played from outside (by :meth:`apply`), else a player as a config names
        one (``"tuned"``, ``{name = "heuristic"}``).  Default: every seat from outside.
    """

    def __init__(self, game: str, seed: int, rules=None, players=None):
        spec = game_spec(game)
        self.form = spec.hook("env_form")
        if self.form is None:
            raise CardoddsError(f"{game}: this game cannot be played move by move")
        self.game, self.seed = game, int(seed)
        self.rules = game_rules(game, rules)
        seats = self.rules.players
        players = [None] * seats if players is None else list(players)
        if len(players) != seats:
            raise CardoddsError(f"{game}: {len(players)} players given for {seats} seats")
        make = player_registry(game).make
        relay = _Relay(turns=self)
        self.strategies = [make(relay if p is None else p, f"seat {s}") for s, p in enumerate(players)]
        self.view: dict | None = None
        self.legal: list[str] = []
        self.payoffs: list[float] | None = None
        self._to_caller: queue.Queue = queue.Queue()
        self._to_game: queue.Queue = queue.Queue()
        self._thread = threading.Thread(target=self._play, daemon=True, name=f"cardodds-{game}-{seed}")
        self._thread.start()
        self._receive()

    # -- what the caller reads ---------------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        """The game has ended (:attr:`payoffs` holds each seat's result)."""
        return self.payoffs is not None

    @property
    def seat(self) -> int | None:
        """The seat to move, None once the game is over."""
        return None if self.over else int(self.view["seat"])

    def position(self):
        """The seat to move's position (the game's ``Position``), from its view."""
        return game_spec(self.game).hook("position").from_json(self.view)

    # -- what the caller does ----------------------------------------------------------------------------------------
    def apply(self, move: str) -> None:
        """Make ``move`` (one of :attr:`legal`) for the seat to move; the game runs on to the next decision of a seat
        played from outside, or to its end."""
        if self.over:
            raise CardoddsError(f"{self.game}: the game of seed {self.seed} is over")
        if move not in self.legal:
            raise CardoddsError(f"{self.game}: {move!r} is not a legal move here (legal: {', '.join(self.legal)})")
        self._to_game.put(move)
        self._receive()

    def close(self) -> None:
        """Stop the game if it is still running (its thread ends)."""
        if self._thread.is_alive() and not self.over:
            self._to_game.put(_Stop)
            self._thread.join()

    # -- the two threads -----------------------------------------------------------------------------------------
    def _play(self) -> None:
        try:
            payoffs = self.form.play(self.seed, self.rules, self.strategies)
            self._to_caller.put(("over", [float(x) for x in payoffs]))
        except _Stop:
            pass
        except BaseException as exc:  # noqa: BLE001 -- handed to the caller's thread, raised there
            self._to_caller.put(("error", exc))

    def _relay(self, view: dict, legal: list[str]) -> str:
        if len(legal) == 1:  # a forced move is no decision (some engines ask anyway)
            return legal[0]
        self._to_caller.put(("decide", view, legal))
        move = self._to_game.get()
        if move is _Stop:
            raise _Stop
        return move

    def _receive(self) -> None:
        kind, *rest = self._to_caller.get()
        if kind == "error":
            self._thread.join()
            raise rest[0]
        if kind == "over":
            self._thread.join()
            self.payoffs, self.legal = rest[0], []
        else:
            self.view, self.legal = rest


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


def default_player(game: str) -> str:
    """The name of the player ``game``'s registry seats when none is named."""
    return player_registry(game).default
