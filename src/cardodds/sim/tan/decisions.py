"""Series decisions the rule texts leave to the players (docs/rules.md §3.7), their knobs and their defaults.

The shipped hand-made players (``basic``, ``heuristic``, ``beginner``, ``tuned``) take them from three knobs, the
fields of ``SeriesChoices``, which a config sets like any other knob (``[strategies] name = "basic",
winner_swaps_two = false``).  A strategy may instead define a method of the same name ``(view, rng) -> bool`` to
decide for itself; ``decide`` asks the method, else the knob, else the default of ``SeriesDecisions`` (for players
without the knobs: ``random`` and the ``expert``).  Only the reference engine asks them: series are played game by
game by it (``cardodds.sim.tan.series``); the batch engine plays single games, where none of them arises.

- ``winner_swaps_two``: the previous first finisher holds the 2 of trumps (received by cúng chủ or dealt) with
  ``trump_exchange = "two_only"``: swap it for the turned card and hand the first attack to the next player (True),
  or keep it and attack first (False) — "người về nhất ván trước được tự quyết định việc có thể đổi (mất lượt đi trước
  cho người tiếp theo trong vòng) hoặc không đổi".  View: the exchange view (``seat, hand, options, turned, trump``).
  Knob default True (the shipped players' exchange always swaps); without the knob: as the strategy's ``exchange``.
- ``loser_swaps_first``: the previous loser holds the 2 of trumps and other trumps (``"two_only"``): swap the 2 for
  the turned card and then give the highest trump, which may be the card just taken (True), or give the highest trump
  first and swap later in the exchange phase if the strategy's ``exchange`` wants (False) — "cúng con chủ cao nhất
  rồi mới đổi 2 chủ hay ngược lại".  View: the exchange view plus ``winner`` (the seat receiving the cúng).
  Default False.
- ``declares_xa``: the previous loser or the previous winner holds no trump and may declare xả (reading T9): do it
  (True) or keep the hand (False) — "xả để kiếm chủ", "có thể tuyên bố xả chủ trước khi nhận cúng chủ".  View:
  ``seat, hand, trump, turned`` and ``role`` (``"loser"`` or ``"winner"``).  Default True.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardodds.sim.knobs import Choice


class SeriesDecisions:
    """The series decisions of a strategy without the knobs (see the module docstring)."""

    def winner_swaps_two(self, view, rng=None) -> bool:
        return self.exchange(view, rng) is not None

    def loser_swaps_first(self, view, rng=None) -> bool:
        return False

    def declares_xa(self, view, rng=None) -> bool:
        return True


@dataclass(frozen=True, kw_only=True)
class SeriesChoices:
    """The three series decisions as knobs (see the module docstring); the defaults are the shipped players' play.

    Parameters
    ----------
    winner_swaps_two : bool
        As the previous winner, swap a 2 of trumps held (and lose the first attack) (True).
    loser_swaps_first : bool
        As the previous loser holding the 2 and other trumps, swap the 2 before giving the highest trump (False).
    declares_xa : bool
        As the previous loser or winner holding no trump, declare xả (True).
    """

    winner_swaps_two: bool = True
    loser_swaps_first: bool = False
    declares_xa: bool = True


SERIES_KNOBS = {
    "winner_swaps_two": Choice((True, False), series=True),
    "loser_swaps_first": Choice((False, True), series=True),
    "declares_xa": Choice((True, False), series=True),
}
"""The knobs of ``SeriesChoices`` (``series``: they matter only in series play, so the tuner leaves them out of a
single-game table)."""


def decide(strategy, name: str, view, rng=None) -> bool:
    """The strategy's decision ``name``: its own method, else its knob, else the ``SeriesDecisions`` default."""
    method = getattr(type(strategy), name, None)
    if callable(method):
        return bool(method(strategy, view, rng))
    knob = getattr(strategy, name, None)
    if knob is None:
        return bool(getattr(SeriesDecisions, name)(strategy, view, rng))
    return bool(knob)
