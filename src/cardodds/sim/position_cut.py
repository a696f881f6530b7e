"""Positions cut from a replayed game, the same way for every game: the game ``cardodds replay <game> --seed S``
shows, walked decision by decision through the game-state protocol (:mod:`cardodds.sim.game_state`), every seat
played by its named player.

Each game supplies one thing, its ``game_state.replayed(seed, rules, strategies, chunk) -> GameState``: the
replayed game set up (the deal, the players, the random stream, or, for a seat that draws for the whole batch, the
moves the batch engine recorded in the run's first chunk of ``chunk`` games).  The decisions are numbered from 1 in
the order of play, every seat's counted, as the game's state counts them (``docs/rules.md``: Chắn a choice with more
than one legal move, Sâm every action a seat is asked for, Tấn each attack, add and defence).
"""

from __future__ import annotations

from collections.abc import Iterator

from cardodds.sim.errors import CardoddsError
from cardodds.sim.position import past_the_end


def walk(game: str, seed: int, rules, strategies, chunk: int = 1) -> Iterator[tuple[int, object, str]]:
    """``(k, position, move made)`` at each decision of game ``game``'s replayed game of ``seed``, in order."""
    from cardodds.sim.games import game as game_spec

    state = game_spec(game).hook("game_state").replayed(seed, rules, strategies, chunk)
    k = 0
    while not state.over:
        k += 1
        position = state.position()
        yield k, position, state.play_seat()


def cut(game: str, seed: int, rules, strategies, k: int, chunk: int = 1):
    """The position the seat to move sees at the ``k``-th decision (1-based) of the replayed game."""
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise CardoddsError(f"{game} position: the decision number must be a whole number >= 1, not {k!r}")
    n = 0
    for n, position, _ in walk(game, seed, rules, strategies, chunk):
        if n == k:
            return position
    raise past_the_end(game, seed, k, n)


def decisions(game: str, seed: int, rules, strategies, seat: int, chunk: int = 1) -> list[tuple[int, object, str]]:
    """Every decision of ``seat`` in the replayed game: ``(k, position, move made)``, the move spelled as
    ``legal_moves`` spells it."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < rules.players:
        raise CardoddsError(f"{game} position: seat must be 0..{rules.players - 1}, not {seat!r}")
    return [(k, p, m) for k, p, m in walk(game, seed, rules, strategies, chunk) if p.seat == seat]
