"""The compiled Tấn engine: ``play_batch`` of ``cardodds.sim.tan.batch`` with every game played to its end in numba
code (``cardodds.sim.tan.kernel``), for tables of the players it compiles: ``beginner``, ``basic``, ``heuristic``
and ``tuned``.

It plays the same deals (``deal_orders`` / ``deal_chunk`` rows and first attackers) move for move as the numpy
engine, so the per-game outcomes are the same, every rules option included; these players never draw random
numbers.  numba is optional: ``available()`` says whether it imports, and ``play_batch_auto`` falls back to the numpy
engine without it or for other players.  The compiled code is cached on disk (``cache=True``): the first call in a
fresh install compiles (seconds), later processes load it.
"""

from __future__ import annotations

import functools
import os

import numpy as np

from cardodds.sim.errors import CardoddsError
from cardodds.sim.tan import batch
from cardodds.sim.tan.batch import BatchResult
from cardodds.sim.tan.cards import min_rank, parse_rank
from cardodds.sim.tan.rules import TanRules
from cardodds.sim.tan.strategies import Basic, Beginner, Heuristic, Tuned

COMPILED_PLAYERS = ("beginner", "basic", "heuristic", "tuned")


@functools.cache
def available() -> bool:
    """Whether numba imports (the compiled engine can run)."""
    try:
        import numba  # noqa: F401
    except ImportError:
        return False
    return True


def _kernel():
    if not available():
        raise CardoddsError("the compiled Tấn engine needs numba (pip install numba), or use the numpy engine")
    from cardodds.sim.tan.kernel import decide, game, games
    return decide, game, games


def supports(strategies) -> bool:
    """Whether every seat plays a player the compiled engine knows (``COMPILED_PLAYERS``)."""
    return all(type(s) in (Beginner, Basic, Heuristic, Tuned) for s in strategies)


def seat_players(rules: TanRules, strategies) -> tuple[np.ndarray, np.ndarray]:
    """Each seat's player as a kind ``(P,)`` and a knob row ``(P, len(decide.KNOBS))`` (``kernel.decide``)."""
    decide = _kernel()[0]
    if len(strategies) != rules.players:
        raise CardoddsError(f"{len(strategies)} strategies given for {rules.players} players")
    kinds = np.zeros(rules.players, dtype=np.int64)
    knobs = np.zeros((rules.players, len(decide.KNOBS)), dtype=np.int64)
    for seat, s in enumerate(strategies):
        if not supports([s]):
            raise CardoddsError(f"the compiled Tấn engine plays {', '.join(COMPILED_PLAYERS)}, not "
                                f"{getattr(s, 'name', type(s).__name__)!r} (seat {seat}): use the numpy engine")
        if isinstance(s, Tuned):
            s = s.at_table(rules)
        if type(s) is Basic:
            kinds[seat] = decide.BASIC
            knobs[seat, decide.THROW_MAX] = parse_rank(s.throw_max)
        elif isinstance(s, Heuristic):
            kinds[seat] = decide.HEURISTIC
            for j, name in enumerate(decide.KNOBS[1:], start=1):
                value = getattr(s, name)
                knobs[seat, j] = parse_rank(value) if isinstance(value, str) else int(value)
        else:
            kinds[seat] = decide.BEGINNER
    return kinds, knobs


def rules_vector(rules: TanRules) -> tuple[np.ndarray, np.ndarray]:
    """The rules as the kernel's integer vector (``kernel.game.R_*``) and the refill order (seat offsets from the
    attacker)."""
    game = _kernel()[1]
    exchange = {"none": game.EX_NONE, "any_lower": game.EX_ANY_LOWER, "two_only": game.EX_TWO_ONLY}
    rv = np.zeros(9, dtype=np.int64)
    rv[game.R_P], rv[game.R_H], rv[game.R_S] = rules.players, rules.hand_size, rules.stock_size
    rv[game.R_EXCHANGE], rv[game.R_LOW_RANK] = exchange[rules.trump_exchange], min_rank(rules.deck)
    rv[game.R_CAP] = min(rules.attack_cap, 64)
    rv[game.R_THROW_IN] = rules.throw_in_after_take
    rv[game.R_RUNS_ON] = rules.defender_runs_out == "others_may_continue"
    rv[game.R_MAX_BOUTS] = rules.max_bouts
    P = rules.players
    if rules.refill_order == "attacker_defender_others":
        offsets = np.arange(P, dtype=np.int64)
    else:
        offsets = np.array([0] + list(range(2, P)) + [1], dtype=np.int64)
    return rv, offsets


def play_batch(rules: TanRules, orders: np.ndarray, first_attacker: np.ndarray, strategies,
               threads: bool = False) -> BatchResult:
    """Play ``len(orders)`` games to the end with the compiled engine; the same outcomes as
    ``cardodds.sim.tan.batch.play_batch`` for the same deals.

    ``steps`` is the longest game's number of moves (the numpy engine's steps with ``handoff_bouts=None``).
    ``threads``: spread the games over numba's threads (the outcomes do not change).
    """
    games = _kernel()[2]
    kinds, knobs = seat_players(rules, strategies)
    rv, offsets = rules_vector(rules)
    orders = np.ascontiguousarray(orders, dtype=np.int8)
    first = np.ascontiguousarray(first_attacker, dtype=np.int64)
    if orders.ndim != 2 or orders.shape[1] != rules.deck or first.shape != (orders.shape[0],):
        raise CardoddsError(f"orders must be (n, {rules.deck}) decks with one first attacker per deck")
    out = games.play_games(orders, first, rv, offsets, kinds, knobs, threads)
    return BatchResult(out[:, 0].astype(np.int16), out[:, 1].astype(bool), out[:, 2].astype(bool),
                       out[:, 3].copy(), out[:, 4].copy(), out[:, 5].astype(np.int16),
                       int(out[:, 6].max(initial=0)))


def chosen(rules: TanRules, strategies) -> bool:
    """Whether games go to the compiled engine: ``CARDODDS_COMPILED`` is not ``0``, numba imports and every seat
    plays a compiled player."""
    flag = os.environ.get("CARDODDS_COMPILED", "1").strip()
    if flag not in ("0", "1", ""):
        raise CardoddsError(f"CARDODDS_COMPILED must be 0 or 1, not {flag!r}")
    return flag != "0" and available() and supports(strategies) and len(strategies) == rules.players


def play_batch_auto(rules: TanRules, orders, first_attacker, strategies, rng=None) -> BatchResult:
    """The compiled engine when it is :func:`chosen`, else the numpy engine (the same outcomes either way)."""
    if chosen(rules, strategies):
        return play_batch(rules, orders, first_attacker, strategies)
    return batch.play_batch(rules, orders, first_attacker, strategies, rng=rng)
