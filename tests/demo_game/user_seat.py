"""``pick.calls``: the demo game's players a user wrote, seated: a test-only task that seats players a user wrote, with a fake game adapter (``user_strategy``), so
the game-independent machinery of issue 33 (loader, registry, pickling, run identity, error path) is tested without
any real game's adapter.

``user_strategy`` is the coin's own user seat too (``players.PLAYERS``): a seat of a coin game played from outside
(``cardodds.sim.game_state.Outside``) or by a user's player is a :class:`UserSeat`, asked at each call.

The game is the ``demo`` coin's (``tests/demo_game/position.py``): a coin with P(heads) = ``p`` is tossed 3 times and
before each toss each of the 2 seats calls a face; the view of a call is the demo game's position JSON
(``{"rules": {"p": …}, "calls": "H T", "tosses": "H H"}``), so a failed decision replays with
``cardodds advise demo --state``.  Counts: right calls per seat.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from cardodds.sim.measures import Proportion
from cardodds.sim.players import PlayerRegistry
from cardodds.sim.registry import Task
from cardodds.sim.streams import DEAL, stream
from cardodds.sim.user_player import ask
from demo_game.players import Heads  # the coin's: it calls heads at every call

ROUNDS, SEATS, FACES = 3, 2, "TH"


@dataclass(frozen=True)
class UserSeat:
    """The fake adapter's strategy: asks the user's player through :func:`ask`."""

    player: object
    user_seat: ClassVar[bool] = True

    def call(self, view, rng, seat):
        return ask(self.player, view, ["H", "T"], rng, seat=seat, game="demo", decision="call")


def user_strategy(player) -> UserSeat:
    return UserSeat(player)


PLAYERS = PlayerRegistry("Pick", {"heads": Heads}, default="heads", user_seat="demo_game.user_seat:user_strategy")


@dataclass(frozen=True)
class Params:
    p: float
    strategies: tuple


def parse(sections: dict, where: str) -> Params:
    p = (sections.get("rules") or {}).get("p", 0.5)
    return Params(float(p), PLAYERS.for_seats(sections.get("strategies") or {}, SEATS, f"{where} [strategies]"))


def run_chunk(params: Params, seed_seq, n: int) -> dict:
    """``n`` games; the players' draws come from the chunk's stream (same seed, same calls)."""
    rng = stream(seed_seq, DEAL)
    right = np.zeros(SEATS, dtype=np.int64)
    for _ in range(n):
        calls, tosses = ["", ""], ""
        for _ in range(ROUNDS):
            said = [s.call({"rules": {"p": params.p}, "calls": calls[k].strip(), "tosses": tosses.strip()}, rng, k)
                    for k, s in enumerate(params.strategies)]
            toss = FACES[int(rng.random() < params.p)]
            right += [c == toss for c in said]
            calls = [calls[k] + said[k] + " " for k in range(SEATS)]
            tosses += toss + " "
    return {"games": np.int64(n), "right": right}


def measures(counts, params) -> list:
    return [Proportion("right", s, int(counts["right"][s]), ROUNDS * int(counts["games"])) for s in range(SEATS)]


def seating(params) -> list:
    return [s.player.label() if hasattr(s, "player") else s.name for s in params.strategies]


TASK = Task(name="pick.calls", parse=parse, run_chunk=run_chunk, measures=measures, sections=("rules", "strategies"),
            seating=seating, tune_objective=("right", "max"), units={"right": "per call"},
            labels={"en": {"right": "the call is right"}, "vi": {"right": "đoán đúng"}})
"""Registered only while a test runs (``registered``): the test session's list of tasks stays the games'."""
