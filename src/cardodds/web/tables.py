"""Who sits at a game's table on the page: how many players the rules allow, and the players one may choose.

The player counts come from the rules classes themselves (:class:`~cardodds.sim.chan.rules.ChanRules`,
:class:`~cardodds.sim.sam.rules.SamRules`, :class:`~cardodds.sim.tan.rules.TanRules`): a count is offered when the
class accepts it, so the page, the command line and the API can never disagree with the rules.
"""

from __future__ import annotations

from cardodds.sim.errors import CardoddsError

MOST_PLAYERS_TRIED = 12
"""Player counts tried against a rules class (no game here seats more)."""

PLAYERS = {
    "chan": ("basic", "heuristic", "cuoc"),
    "sam": ("control",),
    "tan": ("basic", "heuristic", "beginner", "tuned"),
}
"""The players the page offers, weakest first (the rungs of the game's ladder the batch engine plays fast).  Chắn: the
hand's own player (the three others play ``basic``); Sâm: the opponents, always ``control``; Tấn: every seat."""

DEFAULT_PLAYER = {"chan": "basic", "sam": "control", "tan": "tuned"}
"""The page's choice until the player picks another: the strongest fast rung (Chắn: ``basic``, as ``cardodds odds``)."""


def player_counts(game: str) -> list[int]:
    """The numbers of players the game's rules class accepts (its defaults otherwise)."""
    if game == "chan":
        from cardodds.sim.chan.rules import ChanRules as rules
    elif game == "sam":
        from cardodds.sim.sam.rules import SamRules as rules
    else:
        from cardodds.sim.tan.rules import TanRules as rules
    counts = []
    for n in range(1, MOST_PLAYERS_TRIED + 1):
        try:
            rules(players=n)
        except CardoddsError:
            continue
        counts.append(n)
    return counts


def table(game: str) -> dict:
    """What the page needs to seat a table: ``players`` (the counts allowed), ``strategies`` and ``strategy``."""
    return {"players": player_counts(game), "strategies": list(PLAYERS[game]), "strategy": DEFAULT_PLAYER[game]}


def check_player(game: str, name: str) -> str:
    """``name`` if the page offers that player for ``game`` (empty: the default), else a one-line error."""
    if name == "":
        return DEFAULT_PLAYER[game]
    if name not in PLAYERS[game]:
        raise CardoddsError(f"strategy must be one of {', '.join(PLAYERS[game])}, not {name!r}")
    return name
