"""Tấn under the game-state protocol (:mod:`cardodds.sim.game_state`): the reference engine's pull form
(``TanGame.decision()`` and ``apply``), a decision being an attack, add or defence; the trump exchange is made here by
the seat's strategy (a seat played from outside swaps its lowest card, as a user's player without ``exchange``)."""

from __future__ import annotations

from cardodds.sim.errors import CardoddsError
from cardodds.sim.game_state import Pending
from cardodds.sim.streams import PLAY, chunk_seed, stream
from cardodds.sim.tan.deal import deal_chunk
from cardodds.sim.tan.position_cut import view_position
from cardodds.sim.tan.position_state import PASS, code_text, legal_codes, move_text
from cardodds.sim.tan.reference import TanGame
from cardodds.sim.tan.replay import replay_seats

DECIDED = ("attack", "defend")
"""The requests of the engine that are decisions (``exchange`` and ``winner_swaps_two`` are not)."""


class TanState(Pending):
    """A Tấn reference game between two decisions (the protocol's ``GameState``); ``game`` the engine's game."""

    def __init__(self, game: TanGame):
        self.game = game
        self._run()

    def _run(self) -> None:
        """Answer the requests that are not decisions (each by its seat's strategy) up to the next decision."""
        while (r := self.game.decision()) is not None and r.kind not in DECIDED:
            self.game.apply(self.game.answer(r))
        self.pending, self._position = r, None

    def position(self):
        if self._position is None:
            self._position = view_position(self.pending.view, self.pending.kind)
        return self._position

    def legal_moves(self) -> list[str]:
        p = self.position()
        return [move_text(p, c) for c in legal_codes(p)]

    def apply(self, move: str) -> None:
        p = self.position()
        codes = legal_codes(p)
        legal = [move_text(p, c) for c in codes]
        if move not in legal:
            raise CardoddsError(f"tan: {move!r} is not a legal move here (legal: {', '.join(legal)})")
        self._play(codes[legal.index(move)])

    def play_seat(self) -> str:
        choice = self.game.answer(self.pending)
        code = PASS if choice is None else int(choice)
        text = code_text(code, self.pending.kind == "defend")  # no Position built: play_out asks only this
        self._play(code)
        return text

    def _play(self, code) -> None:
        self.game.apply(None if code == PASS else code)
        self._run()

    def payoffs(self) -> list[float]:
        return outcome_payoffs(self.game.outcome, self.game.P)


def outcome_payoffs(out, players: int) -> list[float]:
    """The loser pays 1, shared equally by the others (a draw or a game stopped at ``max_bouts`` pays nothing)."""
    if out.loser is None or out.draw or out.truncated:
        return [0.0] * players
    return [-1.0 if s == out.loser else 1.0 / (players - 1) for s in range(players)]


def deal(seed: int, rules, strategies) -> TanState:
    """The game ``cardodds replay tan --seed seed`` deals (its PLAY stream for the strategies)."""
    return TanState(dealt_game(seed, rules, strategies))


def dealt_game(seed: int, rules, strategies) -> TanGame:
    """The engine's game :func:`deal` wraps, not started (``TanGame.play`` plays it to its end in the engine's own
    loop)."""
    seq = chunk_seed(seed, 0)
    orders, first = deal_chunk(rules, seq, 1)
    return TanGame(rules, orders[0], int(first[0]), strategies, rng=stream(seq, PLAY))


def replayed(seed: int, rules, strategies, chunk: int = 1) -> TanState:
    """The game ``cardodds replay tan --seed seed`` shows, every seat played by its named player (move checks on;
    ``replay.replay_seats`` sets it up)."""
    order, first, seats, rng = replay_seats(seed, rules, strategies, chunk)
    return TanState(TanGame(rules, order, first, seats, rng=rng, check=True))
