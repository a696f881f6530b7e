"""Positions cut from a game: what the seat to move sees at a decision of the game ``cardodds replay chan`` shows.

A *decision* is a point where the seat to move has a choice (more than one legal move): the cái's opening discard
is decision 1 (unless the cái's Thiên ù is forced), forced moves (a lone bốc, an ù the engine takes) are not
counted.  The game is played exactly as :func:`cardodds.sim.chan.play_task.replay_game` plays it (the same deal,
the same players, the same random stream), so decision ``k`` is the same game's whatever is asked.
"""

from __future__ import annotations

from cardodds.sim.chan.position_state import KINDS, Position, move_text, position_of  # noqa: F401  (read here too)
from cardodds.sim.errors import CardoddsError
from cardodds.sim.position import past_the_end


def walk(seed: int, rules=None, strategies="basic", observe=None, chosen=None):
    """Play the replayed game; the game.

    ``observe(k, game, dec, rng)`` is called before each choice (``k`` counts from 1; returning False stops the
    game there); ``chosen``, a list, gets ``(k, dec, move)`` after it.
    """
    import numpy as np

    from cardodds.sim.chan.deal import deal_orders
    from cardodds.sim.chan.play_task import replay_players
    from cardodds.sim.chan.reference import ChanGame
    from cardodds.sim.chan.rules import ChanRules
    from cardodds.sim.streams import DEAL, PLAY, chunk_seed, stream

    rules = rules or ChanRules()
    players = replay_players(strategies)
    seq = chunk_seed(seed, 0)
    game = ChanGame.from_order(rules, deal_orders(stream(seq, DEAL), 1)[0])
    rng: np.random.Generator = stream(seq, PLAY)
    k = 0
    while (dec := game.decision()) is not None:
        if len(dec.moves) == 1:
            move = dec.moves[0]
        else:
            k += 1
            if observe is not None and observe(k, game, dec, rng) is False:
                return game
            move = players[dec.seat].choose(game, dec, rng)
            if chosen is not None:
                chosen.append((k, dec, move))
        game.apply(move)
    return game


def cut(seed: int, rules=None, strategies="basic", k: int = 1, chunk: int = 1) -> Position:
    """The position the seat to move sees at decision ``k`` (1-based) of the replayed game (``chunk`` changes
    nothing: see :func:`cardodds.sim.chan.play_task.replay_text`)."""
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise CardoddsError(f"chan: the decision number must be a whole number >= 1, not {k!r}")
    found, seen = [], [0]

    def stop(i, game, dec, rng):
        seen[0] = i
        if i == k:
            found.append(position_of(game, dec))
            return False
        return True

    walk(seed, rules, strategies, stop)
    if not found:
        raise past_the_end("chan", seed, k, seen[0])
    return found[0]


def decisions(seed: int, rules=None, strategies="basic", seat: int = 0, chunk: int = 1) -> list:
    """Every decision of ``seat`` in the replayed game: ``(k, position, move made)``, the move spelled as
    ``legal_moves`` spells it."""
    positions, chosen = {}, []

    def note(i, game, dec, rng):
        if dec.seat == seat:
            positions[i] = position_of(game, dec)
        return True

    walk(seed, rules, strategies, note, chosen)
    return [(k, positions[k], move_text(move)) for k, dec, move in chosen if k in positions]
