"""Positions cut from the game ``cardodds replay tan --seed S`` shows: what the seat to move sees at each attack, add
or defence decision (the trump exchange is not counted), and the move it made."""

from __future__ import annotations

from cardodds.sim import position_cut
from cardodds.sim.tan.position_json import check
from cardodds.sim.tan.position_state import PASS, Position
from cardodds.sim.tan.reference import TanGame
from cardodds.sim.tan.replay import replay_seats


def view_position(v, kind: str) -> Position:
    """The position of a reference-engine decision view (``kind`` "attack" or "defend"), from what its seat sees."""
    decision = "defend" if kind == "defend" else "attack" if v.is_lead else "add"
    table = tuple((a, v.cover[i] if i < len(v.cover) else -1) for i, a in enumerate(v.attack))
    return Position(
        rules=v.rules, seat=int(v.seat), decision=decision, hand=tuple(sorted(v.hand)), trump=int(v.trump),
        bottom=-1 if v.bottom is None else int(v.bottom), stock=int(v.stock_left), discard=tuple(sorted(v.discard)),
        table=table, attacker=int(v.attacker), defender=int(v.defender), hand_sizes=tuple(v.hand_sizes),
        known=tuple(tuple(sorted(k)) for k in v.known), out=tuple(bool(o) for o in v.out),
        passes=int(v.passes) if decision == "add" else 0, bouts=int(v.bouts),
        thrower=int(v.thrower) if kind == "defend" else -1, taking=bool(getattr(v, "taking", False)))


class _Watcher:
    """Plays as ``inner``; appends ``(position, move code)`` to ``log`` at each attack and defence decision, and to
    ``at`` the index in its game's log of the event the decision makes."""

    def __init__(self, inner, log: list, at: list):
        self.inner, self.log, self.at, self.game = inner, log, at, None

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def exchange(self, v, rng=None):
        return self.inner.exchange(v, rng)

    def attack(self, v, rng=None):
        return self._watch(v, "attack", self.inner.attack(v, rng))

    def defend(self, v, rng=None):
        return self._watch(v, "defend", self.inner.defend(v, rng))

    def _watch(self, v, kind, move):
        self.log.append((view_position(v, kind), PASS if move is None else int(move)))
        self.at.append(len(self.game.log))  # the engine logs the move next
        return move


def _watched(rules, order, first_attacker: int, strategies, rng=None) -> tuple[list, TanGame, object, list]:
    """Play one reference game: ``(decisions, game, outcome, at)``, ``at[k - 1]`` the index in ``game.log`` of
    decision ``k``'s event."""
    log: list = []
    at: list = []
    seats = [_Watcher(s, log, at) for s in strategies]
    game = TanGame(rules, order, int(first_attacker), seats, rng=rng, check=True)
    for seat in seats:
        seat.game = game
    return log, game, game.play(), at


def watched_game(rules, order, first_attacker: int, strategies, rng=None) -> tuple[list, TanGame]:
    """Play one reference game; ``(decisions, game)``: every decision's ``(position, move code)`` in order."""
    log, game, _, _ = _watched(rules, order, first_attacker, strategies, rng)
    return log, game


def replayed(seed: int, rules, strategies, chunk: int = 1) -> tuple[list, int]:
    """The decisions of the game ``cardodds replay tan --seed seed`` shows (``play_task.replay_games``) and the
    game's seed (the expert's randomness): ``([(position, move code), ...], game_seed)``."""
    log, game, _, _ = _replay(seed, rules, strategies, chunk)
    return log, game.game_seed


def marked_game(seed: int, rules, strategies, chunk: int = 1) -> tuple[TanGame, object, dict]:
    """The game ``cardodds replay tan --seed seed`` shows, played, its outcome and its decisions' events:
    ``(game, outcome, {index in game.log: decision number})``, the numbers :func:`cut` takes."""
    _, game, out, at = _replay(seed, rules, strategies, chunk)
    return game, out, {i: k for k, i in enumerate(at, start=1)}


def _replay(seed: int, rules, strategies, chunk: int) -> tuple[list, TanGame, object, list]:
    """The replayed game played with its decisions watched (see :func:`_watched`)."""
    order, first, seats, rng = replay_seats(seed, rules, strategies, chunk)
    return _watched(rules, order, first, seats, rng)


def cut(seed: int, rules, strategies, k: int, chunk: int = 1) -> Position:
    """The position the seat to move sees at the ``k``-th decision (1-based) of the replayed game
    (:func:`cardodds.sim.position_cut.cut`), checked."""
    position = position_cut.cut("tan", seed, rules, strategies, k, chunk)
    check(position)
    return position


def decisions(seed: int, rules, strategies, seat: int, chunk: int = 1) -> list[tuple[int, Position, str]]:
    """Every decision of ``seat`` in the replayed game: ``(k, position, move made)``
    (:func:`cardodds.sim.position_cut.decisions`)."""
    return position_cut.decisions("tan", seed, rules, strategies, seat, chunk)
