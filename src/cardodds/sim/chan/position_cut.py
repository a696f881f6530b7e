"""Positions cut from a game: what the seat to move sees at a decision of the game ``cardodds replay chan`` shows.

A *decision* is a point where the seat to move has a choice (more than one legal move): the cái's opening discard
is decision 1 (unless the cái's Thiên ù is forced), forced moves (a lone bốc, an ù the engine takes) are not
counted.  The game is played exactly as :func:`cardodds.sim.chan.play_task.replay_game` plays it (the same deal,
the same players, the same random stream), so decision ``k`` is the same game's whatever is asked.
"""

from __future__ import annotations

from cardodds.sim import position_cut
from cardodds.sim.chan.position_state import KINDS, Position, move_text, position_of  # noqa: F401  (read here too)
from cardodds.sim.chan.rules import ChanRules


def walk(seed: int, rules=None, strategies="basic", observe=None, chosen=None):
    """Play the replayed game (:func:`cardodds.sim.chan.game_state.replayed`); the game.

    ``observe(k, game, dec, rng)`` is called before each choice (``k`` counts from 1; returning False stops the
    game there); ``chosen``, a list, gets ``(k, dec, move)`` after it.
    """
    from cardodds.sim.chan.game_state import replayed

    state = replayed(seed, rules or ChanRules(), strategies)
    k = 0
    while not state.over:
        k += 1
        dec = state.pending
        if observe is not None and observe(k, state.game, dec, state.rng) is False:
            return state.game
        state.play_seat()
        if chosen is not None:
            chosen.append((k, dec, state.chosen))
    return state.game


def cut(seed: int, rules=None, strategies="basic", k: int = 1, chunk: int = 1) -> Position:
    """The position the seat to move sees at decision ``k`` (1-based) of the replayed game
    (:func:`cardodds.sim.position_cut.cut`; ``chunk`` changes nothing: see
    :func:`cardodds.sim.chan.play_task.replay_text`)."""
    return position_cut.cut("chan", seed, rules or ChanRules(), strategies, k, chunk)


def decisions(seed: int, rules=None, strategies="basic", seat: int = 0, chunk: int = 1) -> list:
    """Every decision of ``seat`` in the replayed game: ``(k, position, move made)``, the move spelled as
    ``legal_moves`` spells it (:func:`cardodds.sim.position_cut.decisions`)."""
    return position_cut.decisions("chan", seed, rules or ChanRules(), strategies, seat, chunk)
