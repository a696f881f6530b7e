"""Positions cut from the game ``cardodds replay sam --seed S`` shows: the same deal, the same moves, and at each
action the position its seat sees.

A decision is every action a seat is asked for (a lead, a beat or a pass; a leader with no legal lead is not asked,
as in both engines), numbered from 1 in the order of play, every seat's counted.  The Sâm declarations before play
are not decisions here.
"""

from __future__ import annotations

from typing import Iterator

import numpy as np

from cardodds.sim import position_cut
from cardodds.sim.errors import CardoddsError
from cardodds.sim.sam.position_state import Position, parse_move
from cardodds.sim.sam.reference import SamGame


def position_of_game(game: SamGame, dealt: list) -> Position:
    """The position the actor of ``game`` (a running reference game) sees; ``dealt``: each seat's 10 dealt cards."""
    s = game.actor
    played = tuple(tuple(sorted(set(int(c) for c in dealt[q]) - set(game.cards[q]))) for q in range(game.P))
    lead = game.current == game.t.LEAD
    chain = None
    if game.chain:
        chain = (len(game.chain), sum(v for _, _, v in game.chain), game.chain[-1][1])
    return Position(
        rules=game.rules, seat=s, hand=tuple(sorted(game.cards[s])), played=played,
        to_beat=None if lead else int(game.current), by=None if lead else int(game.last),
        passed=tuple(q for q in range(game.P) if game.passed[q]), chain=chain,
        den=None if game.den_pending is None else tuple(int(x) for x in game.den_pending),
        declarer=None if game.declarer < 0 else int(game.declarer), sam_standing=bool(game.sam_on))


def walk_moves(rules, cards: np.ndarray, leader: int, strategies, moves) -> Iterator[tuple[Position, int]]:
    """(position, move id or PASS) at every decision of the game dealt ``cards`` (P, 10) with first player ``leader``
    whose actions are ``moves``: an iterable of moves (the walk stops where they end), or a function of the running
    game giving the next one."""
    game = SamGame(rules, cards, int(leader))
    if not game.over:
        game.declare(list(strategies))
    nxt = moves if callable(moves) else (lambda it: (lambda g: next(it, None)))(iter(moves))
    while not game.over:
        m = nxt(game)
        if m is None:  # the moves given are all made
            return
        m = int(m)
        yield position_of_game(game, cards), m
        legal = game.legal()
        if not (m < 0 and game.may_pass or m >= 0 and legal[m]):
            raise CardoddsError(f"sam position: the move {m} of seat {game.actor} is not legal in the replayed game")
        game.apply(m)


def walk(seed: int, rules, strategies, chunk: int = 1) -> Iterator[tuple[Position, int]]:
    """(position, move id or PASS) at every decision of the game ``replay_text(seed, rules, strategies, chunk)``
    shows (:func:`cardodds.sim.position_cut.walk`)."""
    for _, position, move in position_cut.walk("sam", seed, rules, strategies, chunk):
        yield position, parse_move(position.table, move)


def cut(seed: int, rules, strategies, k: int, chunk: int = 1) -> Position:
    """The position the seat to move sees at the ``k``-th decision (1-based) of the replayed game of ``seed``
    (:func:`cardodds.sim.position_cut.cut`)."""
    return position_cut.cut("sam", seed, rules, strategies, k, chunk)


def decisions(seed: int, rules, strategies, seat: int, chunk: int = 1) -> list[tuple[int, Position, str]]:
    """Every decision of ``seat`` in the replayed game of ``seed``: its number, the position and the move made
    (:func:`cardodds.sim.position_cut.decisions`)."""
    return position_cut.decisions("sam", seed, rules, strategies, seat, chunk)
