"""Sâm under the game-state protocol (:mod:`cardodds.sim.game_state`): the reference engine's ``actor``,
``legal()``, ``may_pass`` and ``apply(m)``, every action a seat is asked for being a decision (the Sâm declarations
are made when the game is dealt, by the seats' strategies)."""

from __future__ import annotations

import numpy as np

from cardodds.sim.errors import CardoddsError
from cardodds.sim.sam.position_cut import position_of_game
from cardodds.sim.sam.position_state import move_text
from cardodds.sim.sam.reference import SamGame, deal_games
from cardodds.sim.sam.strategies import PASS
from cardodds.sim.streams import DEAL, FIRST, PLAY, chunk_seed, stream


class SamState:
    """A Sâm reference game between two actions (the protocol's ``GameState``), dealt ``cards`` (P, 10) with first
    player ``leader``."""

    def __init__(self, rules, cards, leader: int, strategies, rng=None):
        self.game = SamGame(rules, cards, int(leader))
        self.cards, self.strategies, self.rng = cards, list(strategies), rng
        if not self.game.over:
            self.game.declare(self.strategies)

    @property
    def over(self) -> bool:
        return bool(self.game.over)

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
        game = self.game
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
