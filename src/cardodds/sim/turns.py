"""One game played move by move from outside: every game's game-state protocol (:mod:`cardodds.sim.game_state`:
deal, whose move, its view, the legal moves, apply a move, over, payoffs), for learning code and the environments of
:mod:`cardodds.envs`.

The seats played from outside are asked at each of their decisions with more than one legal move (a forced move is
played without asking); the other seats play inside the game, by their named players, from the game's random stream,
so the game is the one the reference engine plays with the same seed and the same moves: seats played by named
players decide as they would in ``cardodds replay <game> --seed S``.

The game's learning-code part is its ``env_form`` module (:attr:`GameSpec.env_form
<cardodds.sim.game_spec.GameSpec>`): ``play(seed, rules, strategies) -> payoffs``, ``actions(rules)``,
``observation_size(rules)``, ``observe(position)``.
"""

from __future__ import annotations

from cardodds.sim.errors import CardoddsError
from cardodds.sim.game_state import game_rules, player_registry, start
from cardodds.sim.games import game as game_spec

__all__ = ["Turns", "game_rules", "player_registry", "default_player"]


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
        if game_spec(game).hook("env_form") is None:
            raise CardoddsError(f"{game}: this game cannot be played move by move")
        self.game, self.seed = game, int(seed)
        self.rules = game_rules(game, rules)
        players = [None] * self.rules.players if players is None else list(players)
        self.outside = [p is None for p in players]
        self.state = start(game, self.seed, self.rules, players)
        self.view: dict | None = None
        self.legal: list[str] = []
        self.payoffs: list[float] | None = None
        self._run()

    # -- what the caller reads ---------------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        """The game has ended (:attr:`payoffs` holds each seat's result)."""
        return self.payoffs is not None

    @property
    def seat(self) -> int | None:
        """The seat to move, None once the game is over."""
        return None if self.over else int(self.state.seat)

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
        self.state.apply(move)
        self._run()

    def close(self) -> None:
        """Leave the game (nothing runs between two moves: kept for the callers that close a game they leave)."""

    def _run(self) -> None:
        """Play on to the next decision of a seat played from outside with a choice, or to the end."""
        state = self.state
        while not state.over:
            if not self.outside[state.seat]:
                state.play_seat()
                continue
            legal = state.legal_moves()
            if len(legal) > 1:
                self.view, self.legal = position_json(self.game, state.position()), legal
                return
            state.apply(legal[0])  # a forced move is no decision (some engines ask anyway)
        self.payoffs, self.legal = [float(x) for x in state.payoffs()], []


def position_json(game: str, position) -> dict:
    """``position``'s JSON form (the view a seat played from outside is given)."""
    return game_spec(game).hook("position").to_json(position)


def default_player(game: str) -> str:
    """The name of the player ``game``'s registry seats when none is named."""
    return player_registry(game).default
