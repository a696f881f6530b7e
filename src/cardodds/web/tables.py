"""Who sits at a game's table on the page: how many players the rules allow, and the players one may choose.

The player counts are the game spec's ``min_players`` … ``max_players`` (:mod:`cardodds.sim.games`), the limits the
command line and the API check too; ``tests/test_game_spec.py`` checks that each built-in rules class accepts exactly
those counts.  A game the page names no players for offers its spec's players.
"""

from __future__ import annotations

from cardodds.errors import CardoddsError

PLAYERS = {
    "chan": ("basic", "heuristic", "cuoc"),
    "sam": ("control",),
    "tan": ("basic", "heuristic", "beginner", "tuned"),
}
"""The players the page offers, weakest first (the rungs of the game's ladder the batch engine plays fast).  Chắn: the
hand's own player (the three others play ``basic``); Sâm: the opponents, always ``control``; Tấn: every seat."""

DEFAULT_PLAYER = {"chan": "basic", "sam": "control", "tan": "basic"}
"""The page's choice until the player picks another: the players ``cardodds odds <game> --hand`` and
``cardodds.odds.<game>`` play by default, so the page, the command and the API answer a hand alike (the test checks the
functions' defaults)."""

def player_counts(game: str) -> list[int]:
    """The numbers of players the game seats (its spec's limits)."""
    from cardodds.api import game as spec_of

    spec = spec_of(game)
    return list(range(spec.min_players, spec.max_players + 1))


def _players(game: str) -> tuple[str, ...]:
    """The players the page offers for ``game``: its entry in :data:`PLAYERS`, else every player of its spec."""
    from cardodds.api import game as spec_of

    return PLAYERS.get(game) or tuple(spec_of(game).hook("players"))


def table(game: str) -> dict:
    """What the page needs to seat a table: ``players`` (the counts allowed), ``strategies`` and ``strategy``."""
    return {"players": player_counts(game), "strategies": list(_players(game)),
            "strategy": DEFAULT_PLAYER.get(game) or _players(game)[0]}


def check_player(game: str, name: str) -> str:
    """``name`` if the page offers that player for ``game`` (empty: the default), else a one-line error."""
    offered = _players(game)
    if name == "":
        return DEFAULT_PLAYER.get(game) or offered[0]
    if name not in offered:
        raise CardoddsError(f"strategy must be one of {', '.join(offered)}, not {name!r}")
    return name
