"""The coin under the game-state protocol (:mod:`cardodds.sim.game_state`): seat 0's three calls are the decisions,
each followed by its toss; the shared position cutter (:mod:`cardodds.sim.position_cut`) walks it for ``replay demo
--state-at K`` and ``advise``.  Only ``replayed`` is given, not ``deal``: the coin's players are plain callers, not a
player registry, so the game is not played move by move (:mod:`cardodds.sim.turns`)."""

from __future__ import annotations

from cardodds.sim.errors import CardoddsError
from demo_game.cards import FACES
from demo_game.position import ROUNDS, Position, _game


class CoinState:
    """A coin game between two calls: the tosses fixed by the seed, the calls made so far."""

    def __init__(self, seed: int, rules, strategies):
        self.p, self.face, self.tosses = _game(seed, rules, strategies)
        self.calls: list[int] = []

    @property
    def over(self) -> bool:
        return len(self.calls) == ROUNDS

    @property
    def seat(self) -> int | None:
        return None if self.over else 0

    def position(self) -> Position:
        done = len(self.calls)
        return Position(self.p, tuple(self.calls), tuple(self.tosses[:done]))

    def legal_moves(self) -> list[str]:
        return ["H", "T"]

    def apply(self, move: str) -> None:
        if self.over or move not in FACES:
            raise CardoddsError(f"demo: {move!r} is not a legal move here (legal: H, T)")
        self.calls.append(FACES.index(move))

    def play_seat(self) -> str:
        """Seat 0's player calls its face."""
        move = FACES[self.face]
        self.apply(move)
        return move

    def payoffs(self) -> list[float]:
        """Seat 0 wins 1 from seat 1 with at least 2 right calls, else pays 1."""
        won = sum(c == t for c, t in zip(self.calls, self.tosses)) >= 2
        return [1.0, -1.0] if won else [-1.0, 1.0]


def replayed(seed: int, rules, strategies, chunk: int = 1) -> CoinState:
    """The game ``cardodds replay demo --seed seed`` shows (``chunk`` plays no part: no seat draws at random)."""
    return CoinState(seed, rules, strategies)

