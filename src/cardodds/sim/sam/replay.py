"""The first game of a run's first chunk, as the run plays it, for players that draw for the whole batch.

A randomised player (``random``) draws its choices on the batch engine for all the chunk's rows at once, so the
first game of a chunk depends on the chunk's size and the reference engine, drawing game by game, would play another
game.  :func:`recorded_first_game` plays the chunk on the batch engine as the run does, records game 0's actions
(:class:`cardodds.sim.replay_recorder.Recorder`) and applies them on the reference engine, each checked legal, which gives the move
log the replay text shows.
"""

from __future__ import annotations

from cardodds.sim.errors import CardoddsError
from cardodds.sim.replay_recorder import Recorder
from cardodds.sim.replay_recorder import draws_for_the_batch as shared_draws
from cardodds.sim.sam.batch import play_batch
from cardodds.sim.sam.rules import OUTCOMES
from cardodds.sim.sam.strategies import PASS


def draws_for_the_batch(strategies) -> bool:
    """Whether some seat's choices come from batch-wide draws of the PLAY stream (randomised strategies; a Sâm seat
    has no seed of its own)."""
    return shared_draws(strategies)


def recorded_first_game(rules, cards, leader, strategies, rng, new_game):
    """Game 0 of the dealt chunk ``cards, leader`` played on the batch engine with ``rng`` (the PLAY stream), as
    ``run_chunk`` plays it, then on the reference engine with the recorded actions: its ``GameResult`` (with log).

    ``new_game`` is the reference module's ``SamGame`` (passed in: that module imports this one).
    """
    recorder = Recorder()
    b = play_batch(rules, cards, leader, list(strategies), rng=rng, observer=recorder)
    game = new_game(rules, cards[0], int(leader[0]), log=True)
    if not game.over:
        game.declare(list(strategies))
    for _, seat, move in recorder.moves:
        legal = game.legal()
        if game.over or seat != game.actor or not (move == PASS and game.may_pass or 0 <= move and legal[move]):
            raise CardoddsError(f"replay: the run's action ({seat}, {move}) is not one the reference game allows")
        game.apply(move)
    res = game.result
    ran = (OUTCOMES[b.outcome[0]], int(b.winner[0]), b.pay[0].astype(int).tolist())
    if not game.over or (res.outcome, int(res.winner), res.pay.astype(int).tolist()) != ran:
        raise CardoddsError(f"replay: the recorded game does not end as the run's game ({ran})")
    return res
