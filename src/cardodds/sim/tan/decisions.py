"""Series decisions the rule texts leave to the players (docs/rules.md §3.7), with the default every strategy gets.

A strategy (``cardodds.sim.tan.strategies``) may define any of these methods to decide for itself; ``decide`` calls the
strategy's own method when it has one, else the default of ``SeriesDecisions`` (a strategy may also inherit the
mixin).  Both are asked by the reference engine only (series play), in the plain-Python form.

- ``winner_swaps_two(view, rng) -> bool``: the previous first finisher holds the 2 of trumps (received by cúng chủ
  or dealt) with ``trump_exchange = "two_only"``: swap it for the turned card and hand the first attack to the next
  player (True), or keep it and attack first (False) — "người về nhất ván trước được tự quyết định việc có thể đổi
  (mất lượt đi trước cho người tiếp theo trong vòng) hoặc không đổi".  View: the exchange view (``seat, hand,
  options, turned, trump``).  Default: swap exactly when the strategy's ordinary ``exchange`` would (``basic`` and
  ``heuristic`` always swap).
- ``loser_swaps_first(view, rng) -> bool``: the previous loser holds the 2 of trumps and other trumps
  (``"two_only"``): swap the 2 for the turned card and then give the highest trump, which may be the card just
  taken (True), or give the highest trump first and swap later in the exchange phase if the strategy's
  ``exchange`` wants (False) — "cúng con chủ cao nhất rồi mới đổi 2 chủ hay ngược lại".  View: the exchange view
  plus ``winner`` (the seat receiving the cúng).  Default: give first (False).
"""

from __future__ import annotations


class SeriesDecisions:
    """The default series decisions (see the module docstring)."""

    def winner_swaps_two(self, view, rng=None) -> bool:
        return self.exchange(view, rng) is not None

    def loser_swaps_first(self, view, rng=None) -> bool:
        return False


def decide(strategy, name: str, view, rng=None) -> bool:
    """The strategy's decision ``name`` (its own method, else the ``SeriesDecisions`` default)."""
    method = getattr(strategy, name, None)
    if method is None:
        return bool(getattr(SeriesDecisions, name)(strategy, view, rng))
    return bool(method(view, rng))
