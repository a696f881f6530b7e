"""The first game of a run's first chunk, as the run plays it, for players that draw for the whole batch.

A randomised player (``random``) draws its choices on the batch engine for all the chunk's rows at once, so the
first game of a chunk depends on the chunk's size and the reference engine, drawing game by game, would play another
game.  :func:`recorded_first_game` plays the chunk on the batch engine as the run does, records game 0's decisions
(:class:`cardodds.sim.replay_recorder.Recorder`) and plays them again on the reference engine with move checks (:class:`Scripted`
seats), which proves them legal and gives the move log the replay text shows.
"""

from __future__ import annotations

import numpy as np

from cardodds.sim.errors import CardoddsError
from cardodds.sim.replay_recorder import Recorder
from cardodds.sim.replay_recorder import draws_for_the_batch as shared_draws
from cardodds.sim.streams import PLAY, stream
from cardodds.sim.tan.batch import play_batch
from cardodds.sim.tan.deal import deal_chunk
from cardodds.sim.tan.reference import TanGame


def draws_for_the_batch(strategies) -> bool:
    """Whether some seat's choices come from batch-wide draws of the PLAY stream (randomised, without a game seed:
    a seat reading public information draws from the game's own seed)."""
    return shared_draws(strategies, own_seed=True)


class Scripted:
    """A seat that plays recorded decisions (shared by every seat, in the order the game asks for them).

    It keeps the name of the strategy it stands for, so the replay names the seats as the run does.
    """

    deterministic = True

    def __init__(self, name: str, moves: list):
        self.name, self._moves = name, moves

    def _next(self, kind: str, view) -> int | None:
        if not self._moves:
            raise CardoddsError(f"replay: seat {view.seat} asked for a {kind} after the recorded game ended")
        got, seat, card = self._moves.pop(0)
        if (got, seat) != (kind, view.seat):
            raise CardoddsError(f"replay: the game asks seat {view.seat} for a {kind}, the run recorded a {got} of "
                                f"seat {seat}")
        return None if card < 0 else card

    def exchange(self, view, rng=None):
        return self._next("exchange", view)

    def attack(self, view, rng=None):
        return self._next("attack", view)

    def defend(self, view, rng=None):
        return self._next("defend", view)


def replay_seats(seed: int, rules, strategies, chunk: int = 1) -> tuple:
    """How the single game ``cardodds replay tan --seed seed`` is set up: ``(order, first attacker, seats, rng)``,
    the seats its strategies, or, when one draws for the batch, :class:`Scripted` seats playing the moves the batch
    engine made in game 0 of the run's first chunk of ``chunk`` games (and no stream)."""
    from cardodds.sim.streams import chunk_seed
    from cardodds.sim.tan.players import seat_strategies

    if rules.series_length > 1:
        raise CardoddsError("tan position: series play (series_length > 1) has no single-game positions")
    strategies = seat_strategies(list(strategies) if isinstance(strategies, (list, tuple)) else strategies,
                                 rules.players, "replay")
    seq = chunk_seed(seed, 0)
    if draws_for_the_batch(strategies):  # as recorded_first_game: the chunk's recorded moves, replayed
        orders, first = deal_chunk(rules, seq, chunk)
        recorder = Recorder()
        play_batch(rules, orders, first, strategies, rng=stream(seq, PLAY), observer=recorder)
        return orders[0], int(first[0]), [Scripted(s.name, recorder.moves) for s in strategies], None
    orders, first = deal_chunk(rules, seq, 1)
    return orders[0], int(first[0]), strategies, stream(seq, PLAY)


def recorded_first_game(rules, seed_seq: np.random.SeedSequence, chunk: int, strategies) -> tuple[TanGame, object]:
    """Game 0 of a chunk of ``chunk`` games seeded ``seed_seq``, played as ``play_task.play_chunk`` plays it:
    ``(game, outcome)`` of the reference engine driven by the recorded decisions (move checks on)."""
    orders, first = deal_chunk(rules, seed_seq, chunk)
    recorder = Recorder()
    res = play_batch(rules, orders, first, strategies, rng=stream(seed_seq, PLAY), observer=recorder)
    moves = recorder.moves
    seats = [Scripted(s.name, moves) for s in strategies]
    game = TanGame(rules, orders[0], int(first[0]), seats, check=True)
    out = game.play()
    ran = (int(res.loser[0]), int(res.first_attacker[0]), int(res.bouts[0]), int(res.pickups[0]))
    if moves or ((-1 if out.loser is None else out.loser), out.first_attacker, out.bouts, out.pickups) != ran:
        raise CardoddsError(f"replay: the recorded game does not end as the run's game (loser, first attacker, "
                            f"bouts, pick-ups {ran})")
    return game, out
