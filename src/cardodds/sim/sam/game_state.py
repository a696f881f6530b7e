"""Sâm under the game-state protocol (:mod:`cardodds.sim.game_state`): the reference engine's ``actor``,
``legal()``, ``may_pass`` and ``apply(m)``, every action a seat is asked for being a decision (the Sâm declarations
are made when the game is dealt, by the seats' strategies)."""

from __future__ import annotations

import numpy as np

from cardodds.sim.errors import CardoddsError
from cardodds.sim.replay_recorder import Recorder
from cardodds.sim.sam.batch import play_batch
from cardodds.sim.sam.players import seat_strategies
from cardodds.sim.sam.position_cut import position_of_game
from cardodds.sim.sam.position_state import move_text
from cardodds.sim.sam.reference import SamGame, deal_games
from cardodds.sim.sam.replay import draws_for_the_batch
from cardodds.sim.sam.strategies import PASS
from cardodds.sim.streams import DEAL, FIRST, PLAY, chunk_seed, stream


class SamState:
    """A Sâm reference game between two actions (the protocol's ``GameState``), dealt ``cards`` (P, 10) with first
    player ``leader``."""

    def __init__(self, rules, cards, leader: int, strategies, rng=None, script=None):
        self.game = SamGame(rules, cards, int(leader))
        self.cards, self.strategies, self.rng = cards, list(strategies), rng
        self.script = None if script is None else list(script)
        if not self.game.over:
            self.game.declare(self.strategies)

    @property
    def over(self) -> bool:
        """The game has ended (or, for a game replaying a ``script`` of moves, they are all made)."""
        return bool(self.game.over) or self.script == []

    @property
    def seat(self) -> int | None:
        return None if self.game.over else int(self.game.actor)

    def position(self):
        return position_of_game(self.game, self.cards)

    def _moves(self) -> list[int]:
        """The move ids the seat may play, then ``PASS`` when it may pass (only a pass when it has no play)."""
        ids = [int(m) for m in np.flatnonzero(self.game.legal())]
        return ids + [PASS] if self.game.may_pass or not ids else ids

    def legal_moves(self) -> list[str]:
        return [move_text(self.game.t, m) for m in self._moves()]

    def apply(self, move: str) -> None:
        legal = self.legal_moves()
        if move not in legal:
            raise CardoddsError(f"sam: {move!r} is not a legal move here (legal: {', '.join(legal)})")
        self.game.apply(self._moves()[legal.index(move)])

    def play_seat(self) -> str:
        """The seat's strategy's move (or the ``script``'s next one, checked legal)."""
        game = self.game
        if self.script is not None:
            m = int(self.script.pop(0))
            if m not in self._moves():
                raise CardoddsError(f"sam position: the move {m} of seat {game.actor} is not legal in the replayed "
                                    "game")
        else:
            strategy = self.strategies[game.actor]
            view = game.view(strategy.needs_public, strategy.needs_cards)
            m = int(strategy.choose(view, game.legal()[None], np.array([game.may_pass]), self.rng)[0])
        game.apply(m)
        return move_text(game.t, m)

    def payoffs(self) -> list[float]:
        """The game's payments in cược (tới trắng, thối 2, cóng, đền, a Sâm won or failed); they add up to zero."""
        return [float(x) for x in self.game.result.pay]


def deal(seed: int, rules, strategies) -> SamState:
    """The game ``cardodds replay sam --seed seed`` deals (its PLAY stream for the strategies)."""
    seq = chunk_seed(seed, 0)
    cards, leader = deal_games(stream(seq, DEAL), 1, rules, stream(seq, FIRST))
    return SamState(rules, cards[0], int(leader[0]), strategies, stream(seq, PLAY))


def replayed(seed: int, rules, strategies, chunk: int = 1) -> SamState:
    """The game ``cardodds replay sam --seed seed`` shows (``reference.replay_text``): the reference engine's game,
    or, with a seat that draws for the batch, the moves the batch engine made in game 0 of the run's first chunk of
    ``chunk`` games, replayed."""
    strategies = list(seat_strategies(strategies, rules.players, "sam position"))  # names too, as Tấn's cut
    ss = chunk_seed(seed, 0)
    if draws_for_the_batch(strategies):
        cards, leader = deal_games(stream(ss, DEAL), chunk, rules, stream(ss, FIRST))
        recorder = Recorder()
        play_batch(rules, cards, leader, strategies, rng=stream(ss, PLAY), observer=recorder)
        return SamState(rules, cards[0], int(leader[0]), strategies, script=[m for _, _, m in recorder.moves])
    cards, leader = deal_games(stream(ss, DEAL), 1, rules, stream(ss, FIRST))
    return SamState(rules, cards[0], int(leader[0]), strategies, stream(ss, PLAY))
