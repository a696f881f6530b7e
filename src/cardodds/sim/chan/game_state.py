"""Chắn under the game-state protocol (:mod:`cardodds.sim.game_state`): the reference engine's ``decision()`` and
``apply(move)``, a decision being a choice with more than one legal move (a forced move is played here)."""

from __future__ import annotations

from cardodds.sim.chan.deal import deal_orders
from cardodds.sim.chan.players import replay_players
from cardodds.sim.chan.position_state import move_text, position_of, position_view
from cardodds.sim.chan.reference import ChanGame
from cardodds.sim.errors import CardoddsError
from cardodds.sim.game_state import Pending
from cardodds.sim.streams import DEAL, PLAY, chunk_seed, stream

SEATS = 4


class ChanState(Pending):
    """A Chắn reference game between two decisions (the protocol's ``GameState``); ``game`` the engine's game."""

    def __init__(self, game: ChanGame, strategies, rng=None, one_game: bool = True):
        self.game, self.strategies, self.rng, self.one_game = game, list(strategies), rng, one_game
        self._run()

    def _run(self) -> None:
        """Play the forced moves up to the next choice (``self.pending``, None at the end)."""
        while (dec := self.game.decision()) is not None and len(dec.moves) == 1:
            self.game.apply(dec.moves[0])
        self.pending = dec

    def position(self):
        """The seat's position; a series' game is one game to it (``one_game``), as a user's player is shown it."""
        return (position_view if self.one_game else position_of)(self.game, self.pending)

    def legal_moves(self) -> list[str]:
        return [move_text(m) for m in self.pending.moves]

    def apply(self, move: str) -> None:
        legal = self.legal_moves()
        if move not in legal:
            raise CardoddsError(f"chan: {move!r} is not a legal move here (legal: {', '.join(legal)})")
        self.game.apply(self.pending.moves[legal.index(move)])
        self._run()

    def play_seat(self) -> str:
        move = self.chosen = self.strategies[self.pending.seat].choose(self.game, self.pending, self.rng)
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
    game, rng = _dealt(seed, rules)
    return ChanState(game, strategies, rng)


def replayed(seed: int, rules, strategies, chunk: int = 1) -> ChanState:
    """The game ``cardodds replay chan --seed seed`` shows (``play_task.replay_game``), every seat played by its
    named player; its positions keep the rules' series (``chunk`` changes nothing: Chắn plays a random seat game by
    game)."""
    game, rng = _dealt(seed, rules)
    return ChanState(game, replay_players(strategies), rng, one_game=False)


def _dealt(seed: int, rules) -> tuple:
    """The game dealt as chunk 0's first game of a run seeded ``seed``, and that chunk's PLAY stream."""
    seq = chunk_seed(seed, 0)
    return ChanGame.from_order(rules, deal_orders(stream(seq, DEAL), 1)[0]), stream(seq, PLAY)
