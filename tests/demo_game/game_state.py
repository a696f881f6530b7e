"""The coin under the game-state protocol (:mod:`cardodds.sim.game_state`): seat 0's three calls are the decisions,
each followed by its toss (seat 1 makes none).  ``deal`` plays it move by move (:class:`cardodds.sim.turns.Turns`,
:mod:`cardodds.envs`), its players made by the coin's registry (``players.PLAYERS``), a seat played from outside
seated by ``user_seat.user_strategy``; ``replayed`` is the same game with the players named as ``replay`` names
them, which the shared position cutter (:mod:`cardodds.sim.position_cut`) walks for ``replay demo --state-at K`` and
``advise``."""

from __future__ import annotations

from cardodds.sim.errors import CardoddsError
from cardodds.sim.streams import PLAY, chunk_seed, stream
from demo_game.cards import FACES
from demo_game.players import STRATEGIES
from demo_game.position import DEFAULT_PLAYERS, ROUNDS, Position, _player, to_json, tosses


class CoinState:
    """A coin game between two calls: the tosses fixed by the seed, the players by seat, the calls made so far."""

    def __init__(self, seed: int, p: float, strategies):
        self.p, self.tosses, self.strategies = p, tosses(seed, p), list(strategies)
        self.rng = stream(chunk_seed(seed, 0), PLAY)  # the players' generator (the coin's own never draw)
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
        """Seat 0's player makes its call (a coin player calls its face; a user's is asked)."""
        move = self.strategies[0].call(to_json(self.position()), self.rng, 0)
        self.apply(move)
        return move

    def payoffs(self) -> list[float]:
        return won_payoffs(sum(c == t for c, t in zip(self.calls, self.tosses)))


def won_payoffs(right: int) -> list[float]:
    """Seat 0 wins 1 from seat 1 with at least 2 right calls, else pays 1."""
    return [1.0, -1.0] if right >= 2 else [-1.0, 1.0]


def deal(seed: int, rules, strategies) -> CoinState:
    """The game ``cardodds replay demo --seed seed`` shows, played by ``strategies`` (one per seat, as
    ``players.PLAYERS`` makes them)."""
    return CoinState(int(seed), rules.p, strategies)


def replayed(seed: int, rules, strategies, chunk: int = 1) -> CoinState:
    """The game ``cardodds replay demo --seed seed`` shows, seat 0 played by the player ``strategies`` names (a name,
    a table, a player, or a list of them by seat; ``chunk`` plays no part: no seat draws at random)."""
    name, _ = _player(strategies or DEFAULT_PLAYERS)
    return deal(seed, rules, [STRATEGIES[name]()] * rules.players)
