"""The batch form of a Tấn user player: ``decide_batch(observations, masks, rng) -> actions``, asked once per engine
step for every game where its seat decides.

``observations`` is ``(n, observation_size)`` float32, row ``i`` exactly ``env_form.observe(position_i)``;
``masks`` ``(n, len(actions))`` int8, 1 for each legal action of ``env_form.actions(rules)`` (each deck card, then
"pass", "take"); the answer an ``(n,)`` integer array of action indices, each legal in its row.  The call goes through
:func:`~cardodds.sim.user_player.ask` (an exception or a call over the time limit is one ``UserPlayerError`` line);
the answers are checked with numpy, and a bad one is one line naming the player, the seat and the decision of the
first bad row, carrying that row's position JSON (the only position built).

``decide`` stays the form the reference engine (replays, play-outs) asks; a player that defines only
``decide_batch`` is asked there as a batch of one (:func:`decide_position`).
"""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from cardodds.sim.tan import env_batch
from cardodds.sim.tan.batch_rows import row_position
from cardodds.sim.tan.env_form import actions, observe
from cardodds.sim.tan.position_json import to_json
from cardodds.sim.tan.position_state import DECISIONS, PASS, Position, legal_moves
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


def step_place(v, rows: np.ndarray, kind: str) -> tuple[int, ...]:
    """``(seed, place...)`` of one engine step's call (for ``user_seat.decision_rng``): a function of the deciding
    games' seeds and hands, so the same chunk gives the same draws (a game's draws depend on the games deciding with
    it: a game replayed alone sees other draws)."""
    key = np.bitwise_xor.reduce(v.game_seed[rows].astype(np.uint64) ^ v.hand[rows] * np.uint64(0x9E3779B97F4A7C15))
    return int(key), rows.shape[0], int(v.n_attack[rows[0]]), 7 + (kind == "defend")


def decide_rows(player, v, rows: np.ndarray, kind: str, rng) -> np.ndarray:
    """The engine's moves (a card id, -1 to pass or take) of rows ``rows`` of batch view ``v``, decided by
    ``player.decide_batch`` in one call."""
    dec = env_batch.decisions(v, rows, kind)
    observations = env_batch.observations(v, rows, dec)
    masks = env_batch.legal_masks(v, rows, dec)
    return _asked(player, observations, masks, rng, v.seat[rows], dec, lambda i: row_position(v, rows[i], kind))


def decide_position(player, position: Position, rng) -> int:
    """The move (a card id, or ``PASS``) ``player.decide_batch`` makes at ``position``, asked as a batch of one (the
    scalar form of a player that defines only the batch form)."""
    legal = set(legal_moves(position))
    masks = np.array([[a in legal for a in actions(position.rules)]], dtype=np.int8)
    dec = np.array([DECISIONS.index(position.decision)])
    return int(_asked(player, observe(position)[None], masks, rng, np.array([position.seat]), dec,
                      lambda i: position)[0])


def _asked(player, observations, masks, rng, seat, dec, position_of) -> np.ndarray:
    """Ask ``player.decide_batch`` (``seat``, ``dec``: each row's seat and decision index; ``position_of(i)``: row
    ``i``'s position, built only for a message) and check its answers; the engine's moves."""
    call = _Call(player, observations, masks.copy())  # its own copy: what it does to it cannot change the check
    try:
        ask(call, None, [_ANSWERED], rng, seat=int(seat[0]), game="tan", decision=DECISIONS[dec[0]])
    except UserPlayerError as exc:
        raise UserPlayerError(str(exc), to_json(position_of(0)), "tan") from None
    bad, what = _bad_answer(call.answer, masks)
    if bad is not None:
        position = position_of(bad)
        where = f"tan: player {call.label()} at seat {int(seat[bad])}, {DECISIONS[dec[bad]]} decision"
        legal = ", ".join(legal_moves(position))
        raise UserPlayerError(f"{where} (row {bad} of {masks.shape[0]}): returned {what}, not one of the legal "
                              f"moves ({legal})", to_json(position), "tan")
    D = masks.shape[1] - 2
    return np.where(call.answer < D, call.answer + (52 - D), PASS).astype(np.int16)


def _bad_answer(answer, masks: np.ndarray) -> tuple[int | None, str]:
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
    return bad, f"action {a}" + (f" ({_action_name(masks, a)})" if 0 <= a < A else "")


def _action_name(masks: np.ndarray, a: int) -> str:
    return actions(SimpleNamespace(deck=masks.shape[1] - 2))[a]
