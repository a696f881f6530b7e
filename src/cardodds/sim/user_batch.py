"""The batch form of a user player, any game: ``decide_batch(observations, masks, rng) -> actions``, asked once per
engine step for every game where its seat decides.

``observations`` is ``(n, observation_size)`` float32, row ``i`` exactly the game's ``env_form.observe`` of row
``i``'s position; ``masks`` ``(n, len(actions))`` int8, 1 for each legal action of the game's
``env_form.actions(rules)``; the answer an ``(n,)`` integer array of action indices, each legal in its row.  The call
goes through :func:`~cardodds.sim.user_player.ask` (an exception or a call over the time limit is one
``UserPlayerError`` line); the answers are checked with numpy, and a bad one is one line naming the player, the seat
and the decision of the first bad row, carrying that row's position JSON (the only position built).

Each game's engine builds the arrays (``sim/<game>/user_batch.py``); this module holds what is the same in every game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from cardodds.sim.user_player import UserPlayer, UserPlayerError, ask

_ANSWERED = "answered"
"""What the call below returns to ``ask`` (the real answer, an array, is checked after)."""


def has_batch(player) -> bool:
    """Whether ``player`` defines ``decide_batch``."""
    return callable(getattr(type(player), "decide_batch", None))


def batch_only(player) -> bool:
    """Whether ``player`` defines ``decide_batch`` and not ``decide`` (asked as a batch of one everywhere)."""
    return has_batch(player) and getattr(type(player), "decide", None) is UserPlayer.decide


class _Call:
    """One ``decide_batch`` call in the shape ``ask`` calls (``decide``); keeps the answer."""

    def __init__(self, player, observations, masks):
        self.player, self.observations, self.masks, self.answer = player, observations, masks, None

    def label(self) -> str:
        return f"{self.player.label()}.decide_batch"

    def decide(self, view, legal, rng):
        self.answer = self.player.decide_batch(self.observations, self.masks, rng)
        return _ANSWERED


@dataclass(frozen=True)
class BatchRows:
    """What a game tells :func:`asked` about the rows of one call.

    Attributes
    ----------
    game : str
        The game's name.
    seats, decisions : sequences
        Each row's seat and decision name.
    position_json : callable
        ``position_json(i)``: row ``i``'s position JSON (built only for a message).
    legal_text : callable
        ``legal_text(i)``: row ``i``'s legal moves as text.
    action_names : sequence of str
        The game's actions, by index (``env_form.actions(rules)``).
    """

    game: str
    seats: Sequence
    decisions: Sequence
    position_json: Callable[[int], dict]
    legal_text: Callable[[int], list]
    action_names: Sequence[str]


def asked(player, observations: np.ndarray, masks: np.ndarray, rng, rows: BatchRows) -> np.ndarray:
    """Ask ``player.decide_batch`` and check its answers: the ``(n,)`` legal action indices it chose."""
    call = _Call(player, observations, masks.copy())  # its own copy: what it does to it cannot change the check
    try:
        ask(call, None, [_ANSWERED], rng, seat=int(rows.seats[0]), game=rows.game, decision=rows.decisions[0])
    except UserPlayerError as exc:
        raise UserPlayerError(str(exc), rows.position_json(0), rows.game) from None
    bad, what = bad_answer(call.answer, masks, rows.action_names)
    if bad is not None:
        where = f"{rows.game}: player {call.label()} at seat {int(rows.seats[bad])}, {rows.decisions[bad]} decision"
        legal = ", ".join(rows.legal_text(bad))
        raise UserPlayerError(f"{where} (row {bad} of {masks.shape[0]}): returned {what}, not one of the legal "
                              f"moves ({legal})", rows.position_json(bad), rows.game)
    return np.asarray(call.answer, dtype=np.int64)


def bad_answer(answer, masks: np.ndarray, action_names: Sequence[str]) -> tuple[int | None, str]:
    """``(first bad row, what it returned)``, ``(None, "")`` when every answer is a legal action."""
    n, A = masks.shape
    if not isinstance(answer, np.ndarray) or answer.shape != (n,) or answer.dtype.kind not in "iu":
        shape = f"array of shape {answer.shape} and dtype {answer.dtype}" if isinstance(answer, np.ndarray) else (
            type(answer).__name__)
        return 0, f"{shape[:80]} (an integer array of shape ({n},) expected)"
    inside = (answer >= 0) & (answer < A)
    ok = inside.copy()
    ok[inside] = masks[np.nonzero(inside)[0], answer[inside]] != 0
    if ok.all():
        return None, ""
    bad = int(np.argmin(ok))
    a = int(answer[bad])
    return bad, f"action {a}" + (f" ({action_names[a]})" if 0 <= a < A else "")
