"""Chắn under the game-state protocol (:mod:`cardodds.sim.game_state`): the reference engine's ``decision()`` and
``apply(move)``, a decision being a choice with more than one legal move (a forced move is played here)."""

from __future__ import annotations

from cardodds.sim.chan.deal import deal_orders
from cardodds.sim.chan.position_state import move_text, position_view
from cardodds.sim.chan.reference import ChanGame
from cardodds.sim.errors import CardoddsError
from cardodds.sim.streams import DEAL, PLAY, chunk_seed, stream

SEATS = 4


class ChanState:
    """A Chắn reference game between two decisions (the protocol's ``GameState``); ``game`` the engine's game."""

    def __init__(self, game: ChanGame, strategies, rng=None):
        self.game, self.strategies, self.rng = game, list(strategies), rng
        self._run()

    def _run(self) -> None:
        """Play the forced moves up to the next choice (``self.dec``, None at the end)."""
        while (dec := self.game.decision()) is not None and len(dec.moves) == 1:
            self.game.apply(dec.moves[0])
        self.dec = dec

    @property
    def over(self) -> bool:
        return self.dec is None

    @property
    def seat(self) -> int | None:
        return None if self.dec is None else self.dec.seat

    def position(self):
        return position_view(self.game, self.dec)

    def legal_moves(self) -> list[str]:
        return [move_text(m) for m in self.dec.moves]

    def apply(self, move: str) -> None:
        legal = self.legal_moves()
        if move not in legal:
            raise CardoddsError(f"chan: {move!r} is not a legal move here (legal: {', '.join(legal)})")
        self.game.apply(self.dec.moves[legal.index(move)])
        self._run()

    def play_seat(self) -> str:
        move = self.strategies[self.dec.seat].choose(self.game, self.dec, self.rng)
        self.game.apply(move)
        self._run()
        return move_text(move)

    def payoffs(self) -> list[float]:
        """As the ``chan.play`` task's ``points.game``: the winner takes the hand's points from each of the three
        others (+3 p, −p each); a drawn game (hòa) pays nothing."""
        game = self.game
        if game.winner is None:
            return [0.0] * SEATS
        return [float(3 * game.points if s == game.winner else -game.points) for s in range(SEATS)]


def deal(seed: int, rules, strategies) -> ChanState:
    """The game ``cardodds replay chan --seed seed`` deals (its PLAY stream for the strategies)."""
    seq = chunk_seed(seed, 0)
    return ChanState(ChanGame.from_order(rules, deal_orders(stream(seq, DEAL), 1)[0]), strategies, stream(seq, PLAY))
