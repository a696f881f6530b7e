"""The ``demo`` game's mid-game positions (test-only): the protocol of :mod:`cardodds.sim.position` on a game whose
every answer is worked out by hand.

The game: a coin with P(heads) = ``p`` is tossed :data:`ROUNDS` times; before each toss seat 0 calls a face; it wins
with at least 2 right calls of 3.  A position is what seat 0 has seen at a call: the calls it made and the tosses
that fell, as JSON ``{"rules": {"p": 0.3}, "calls": "H T", "tosses": "H H"}``.  Its moves are ``"H"`` and ``"T"``;
every later call is the players' (``heads`` calls H, ``tails`` calls T).  The worlds are the tosses still to fall:
world ``w``'s toss of round ``r`` is a hash of the seed, ``w`` and ``r``, so every move sees the same worlds and
more worlds extend fewer.  At the last call the values are exact: the game can say them.

By hand, p = 0.3, heads players, nothing tossed yet: calling H wins with P(at least 2 heads of 3) = 0.216 and
scores 0.9 right calls; calling T wins 0.7·(1 − 0.7²) + 0.3·0.3² = 0.384 and scores 1.3.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from cardodds.sim import position_cut
from cardodds.sim.errors import CardoddsError
from cardodds.sim.options import from_table
from cardodds.sim.position import Outcomes
from demo_game.cards import FACES, format_cards, parse_cards
from demo_game.players import STRATEGIES, Caller
from demo_game.rules import CoinRules

ROUNDS = 3
MEASURES = {"win": ("chance", "wins (2 of 3 calls right)"), "right": ("points", "right calls in the game")}
RANK_BY = ("win", 1)
DEFAULT_PLAYERS = "heads"
DEFAULT_WORLDS = 400
GAME_WORLD = 2**40
"""The world number of the game ``replay`` shows (the advice's worlds count from 0)."""


@dataclass(frozen=True)
class Position:
    """Seat 0 at a call: the rules' ``p``, its calls so far and the tosses that fell (faces, 1 heads)."""

    p: float
    calls: tuple
    tosses: tuple

    @property
    def seat(self) -> int:
        """The seat deciding: always seat 0 (seat 1 only watches the tosses)."""
        return 0


def _faces(data: dict, key: str) -> tuple:
    text = data.get(key, "")
    if not isinstance(text, str):
        raise CardoddsError(f"position: '{key}' must be faces as a string (\"H T\"), not {text!r}")
    return tuple(parse_cards(text)) if text.strip() else ()


def from_json(data: dict) -> Position:
    """A position from its JSON form; a one-line error for anything inconsistent."""
    if not isinstance(data, dict):
        raise CardoddsError(f"position: must be a JSON object, not {type(data).__name__}")
    unknown = sorted(set(data) - {"rules", "calls", "tosses"})
    if unknown:
        raise CardoddsError(f"position: unknown key '{unknown[0]}' (known: rules, calls, tosses)")
    rules = from_table(CoinRules, data.get("rules"), "position [rules]")
    calls, tosses = _faces(data, "calls"), _faces(data, "tosses")
    if len(calls) != len(tosses):
        raise CardoddsError(f"position: {len(calls)} calls and {len(tosses)} tosses (each toss follows a call)")
    if len(tosses) >= ROUNDS:
        raise CardoddsError(f"position: the game is over after {ROUNDS} tosses; no call is left to make")
    return Position(rules.p, calls, tosses)


def to_json(position: Position) -> dict:
    return {"rules": {"p": position.p}, "calls": format_cards(position.calls), "tosses": format_cards(position.tosses)}


def legal_moves(position: Position) -> list[str]:
    return ["H", "T"]


def _uniform(seed: int, worlds: np.ndarray, round_: int) -> np.ndarray:
    """A uniform in [0, 1) for each world's toss of round ``round_``: splitmix64 of seed, world and round."""
    with np.errstate(over="ignore"):
        x = (np.uint64(seed) * np.uint64(0x9E3779B97F4A7C15) + worlds.astype(np.uint64) * np.uint64(0xD1B54A32D192ED03)
             + np.uint64(round_ + 1) * np.uint64(0x8CB92BA72F3D8DD7))
        x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        x = x ^ (x >> np.uint64(31))
    return (x >> np.uint64(11)).astype(np.float64) / 2.0**53


def _player(players) -> tuple[str, int]:
    """Seat 0's player as its name and face: ``players`` a name, a table ``{name = …}``, a player, or a list of
    these by seat."""
    if isinstance(players, (list, tuple)) and players:
        players = players[0]
    if isinstance(players, Caller):
        return players.name, players.face
    name = players.get("name") if isinstance(players, dict) else players
    if not isinstance(name, str) or name not in STRATEGIES:
        raise CardoddsError(f"unknown player {name!r} (known: {', '.join(STRATEGIES)})")
    return name, STRATEGIES[name].face


def check_players(position: Position, players) -> None:
    """A one-line error unless ``players`` names a coin player."""
    _player(players)


def play_out(position: Position, moves, players, worlds: int, seed: int, first_world: int = 0) -> Outcomes:
    """Each move (``None``: the players' own call) then the players' calls, in worlds ``first_world …``."""
    name, face = _player(players)
    numbers = np.arange(first_world, first_world + worlds)
    start = len(position.tosses)
    falls = np.array([_uniform(seed, numbers, r) < position.p for r in range(start, ROUNDS)], dtype=np.int64)
    already = sum(c == t for c, t in zip(position.calls, position.tosses))
    rows = [FACES.index(m) for m in moves] if moves is not None else [face]
    right = np.array([already + (falls[0] == call) + (falls[1:] == face).sum(axis=0) for call in rows], np.float64)
    labels = tuple(moves) if moves is not None else (f"as {name} plays",)
    return Outcomes(labels, {"win": (right >= 2).astype(np.float64), "right": right}, first_world=first_world,
                    players=name)


def exact(position: Position, moves) -> Outcomes | None:
    """At the last call, each call's exact values: right with P(its face); ``moves=None``: the best call's."""
    if len(position.tosses) != ROUNDS - 1:
        return None
    already = sum(c == t for c, t in zip(position.calls, position.tosses))
    rows = [FACES.index(m) for m in moves] if moves is not None else [int(position.p >= 0.5)]
    chance = np.array([[position.p if call == 1 else 1 - position.p] for call in rows])
    win = chance if already == 1 else np.full_like(chance, float(already >= 2))
    labels = tuple(moves) if moves is not None else ("best play",)
    return Outcomes(labels, {"win": win, "right": already + chance}, exact=True, players="best play (exact)")


def tosses(seed: int, p: float) -> list[int]:
    """The faces the game of ``seed`` tosses (1 heads), whoever calls: world :data:`GAME_WORLD`'s."""
    return [int(_uniform(seed, np.array([GAME_WORLD]), r)[0] < p) for r in range(ROUNDS)]


def _game(seed: int, rules, strategies) -> tuple[float, int, list]:
    p = getattr(rules, "p", 0.5)
    _, face = _player(strategies or DEFAULT_PLAYERS)
    return p, face, tosses(seed, p)


def cut(seed: int, rules, strategies, k: int, chunk: int = 1) -> Position:
    """Seat 0 at its ``k``-th call of the game of ``seed`` (the shared cutter walks :mod:`demo_game.game_state`)."""
    return position_cut.cut("demo", seed, rules, strategies, k, chunk)


def decisions(seed: int, rules, strategies, seat: int, chunk: int = 1) -> list:
    """Every call of ``seat`` in the game of ``seed``: seat 0's three (seat 1 makes none)."""
    return position_cut.decisions("demo", seed, rules, strategies, seat, chunk)
