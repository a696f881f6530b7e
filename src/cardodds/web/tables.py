"""Who sits at a game's table on the page: how many players the rules allow, and the players a field offers.

The player counts are the game spec's ``min_players`` … ``max_players`` (:mod:`cardodds.sim.games`), the limits the
command line and the API check too; ``tests/test_game_spec.py`` checks that each built-in rules class accepts exactly
those counts.  A player field of the game's hand question (:class:`~cardodds.sim.hand_question.Field` of kind
``PLAYER``) offers the players it names (``offered``, weakest first: the rungs the batch engine plays fast), else every
player of the game; its default is the field's (the one ``cardodds odds <game>`` and ``cardodds.odds.<game>`` play,
so the page, the command and the API answer a hand alike), else the game's default player, else the first offered.
"""

from __future__ import annotations

from cardodds.api import PLAYER, default_player
from cardodds.api import game as spec_of
from cardodds.errors import CardoddsError


def player_counts(game: str) -> list[int]:
    """The numbers of players the game seats (its spec's limits)."""
    spec = spec_of(game)
    return list(range(spec.min_players, spec.max_players + 1))


def offered(game: str, field) -> tuple[str, ...]:
    """The players the page offers for ``field`` of ``game``: those it names, else every player of the game."""
    return tuple(field.offered or spec_of(game).hook("players"))


def default(game: str, field) -> str:
    """The player the page chooses for ``field`` until the user picks another: its default, else the game's, else
    the first offered."""
    return field.default or default_player(game) or offered(game, field)[0]


def form(game: str) -> list[dict]:
    """The game's hand question as the page draws it (:meth:`~cardodds.sim.hand_question.HandQuestion.form`), each
    player field with the players it offers (``options``) and its ``default``."""
    fields = {f.name: f for f in spec_of(game).question().fields}
    out = spec_of(game).question().form()
    for shown in out:
        if shown["kind"] == PLAYER:
            field = fields[shown["name"]]
            shown.update(options=list(offered(game, field)), default=default(game, field))
    return out


def check_player(game: str, field, name: str) -> str:
    """``name`` if the page offers that player for ``field`` (empty: the default), else a one-line error."""
    if name == "":
        return default(game, field)
    if name not in offered(game, field):
        raise CardoddsError(f"{field.name} must be one of {', '.join(offered(game, field))}, not {name!r}")
    return name
