"""The player layer of every game: what a player declares, the registry that names the players of a game, the one
``[strategies]`` grammar, and the factory of the ``tuned`` rung.

A config's ``[strategies]`` table is, in every game, one of

- one player for every seat: ``name = "heuristic"`` and its knobs (``max_ca = 3`` …), or ``file = "tuned.toml"``,
  a knobs file ``cardodds tune`` wrote (keys beside ``file`` override its knobs);
- one per seat: ``seats = ["expert", {name = "heuristic", overload = false}, {file = "t.toml"}, "basic"]``;
- a player the user wrote, in any of these places: ``{python = "my_players.py:KeepTwos", threshold = 3}`` (see
  :mod:`cardodds.sim.user_loader`; in Python also a ``UserPlayer`` class or instance, or a plain function);
- (Sâm only, the older spelling) ``default = {...}`` for every seat not named and ``seat0 = {...}`` … ``seat4``.

An empty table seats the registry's default player everywhere.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from cardodds.sim.errors import CardoddsError
from cardodds.sim.knobs import check_knobs, read_knobs_file, with_knobs_file
from cardodds.sim.options import from_table, unknown_key_error
from cardodds.sim.player_base import Player, check_player_class

SEAT_KEYS = tuple(f"seat{i}" for i in range(6))
"""The per-seat keys of the older Sâm spelling (``seat0`` … ``seat5``)."""


class PlayerRegistry:
    """The named players of one game.

    Parameters
    ----------
    game : str
        The game's name in messages ("Tấn").
    classes : dict
        Name → :class:`Player` dataclass.
    default : str
        The player a seat gets when the config names none.
    seat_keys : bool
        Also read the older ``default``/``seatK`` spelling of ``[strategies]`` (Sâm).
    user_seat : str, optional
        ``"module:function"``: the game's ``user_strategy(player) -> strategy``, which seats a player the user wrote
        (None: the game cannot seat one).
    """

    def __init__(self, game: str, classes: dict, default: str, seat_keys: bool = False, user_seat: str | None = None):
        for cls in classes.values():
            check_player_class(cls)
        if default not in classes:
            raise TypeError(f"default player {default!r} is not registered")
        self.game, self.classes, self.default, self.seat_keys = game, dict(classes), default, seat_keys
        self.user_seat = user_seat

    def known(self) -> str:
        return ", ".join(self.classes)

    def make(self, spec=None, where: str = "[strategies]") -> Player:
        """A player from a name, a table ``{name = ..., <knobs>}`` or ``{file = "..."}``, or a registered player
        (returned as it is); ``None`` is the default player.  A player the user wrote (``{python = "f.py:Name", ...}``,
        a ``UserPlayer`` class or instance, a function) comes seated by the game's ``user_strategy``."""
        from cardodds.sim.user_loader import is_user_spec, user_player

        if spec is None:
            spec = self.default
        if isinstance(spec, tuple(self.classes.values())) or getattr(type(spec), "user_seat", False) is True:
            return spec
        if isinstance(spec, dict) and "file" in spec:
            spec = with_knobs_file(spec, where)
        if is_user_spec(spec):
            return self.seat_user(user_player(spec, where), where)
        if isinstance(spec, str):
            spec = {"name": spec}
        if not isinstance(spec, dict):
            raise CardoddsError(f"{where}: a strategy is a name or a table with 'name' (known: {self.known()})")
        table = with_knobs_file(spec, where)
        name = table.pop("name", None)
        if name is None:
            raise CardoddsError(f"{where}: a strategy is a name or a table with 'name' (known: {self.known()})")
        if not isinstance(name, str) or name not in self.classes:
            raise CardoddsError(f"{where}: unknown {self.game} strategy {name!r} (known: {self.known()})")
        return from_table(self.classes[name], table, f"{where} {name}")

    def seat_user(self, player, where: str = "[strategies]"):
        """The game's strategy that plays the user's ``player`` (its ``user_strategy``)."""
        if self.user_seat is None:
            raise CardoddsError(f"{where}: {self.game} cannot seat a player written in Python yet")
        from cardodds.sim.game_spec import resolve

        return resolve(self.user_seat)(player)

    def for_seats(self, spec, players: int, where: str = "[strategies]") -> tuple:
        """One player per seat from a ``[strategies]`` table (see the module docstring), a name, a player, or a
        list of ``players`` specs."""
        if isinstance(spec, (list, tuple)):
            return self._seats(list(spec), players, where)
        if not isinstance(spec, dict):
            return (self.make(spec, where),) * players
        table = dict(spec)
        if "seats" in table:
            seats = table.pop("seats")
            if table:
                raise CardoddsError(f"{where}: give either 'seats' or one strategy, not both")
            if not isinstance(seats, list):
                raise CardoddsError(f"{where}: 'seats' must list one strategy per seat ({players} players), "
                                    f"not {seats!r}")
            return self._seats(seats, players, where)
        if self.seat_keys and any(k == "default" or k in SEAT_KEYS for k in table):
            return self._seats(self._from_seat_keys(table, players, where), players, where)
        if "file" not in table and "python" not in table:
            table.setdefault("name", self.default)
        return (self.make(table, where),) * players

    def _seats(self, specs: list, players: int, where: str) -> tuple:
        if len(specs) != players:
            raise CardoddsError(f"{where}: 'seats' must list one strategy per seat ({players} players), "
                                f"not {len(specs)}")
        return tuple(self.make(s, f"{where} seats[{k}]") for k, s in enumerate(specs))

    def _from_seat_keys(self, table: dict, players: int, where: str) -> list:
        """The players of the older spelling: ``default`` plus ``seatK`` overrides."""
        for key, value in table.items():
            if key != "default" and key not in SEAT_KEYS:
                raise unknown_key_error(key, ("default", "seats") + SEAT_KEYS[:players], where)
            if not isinstance(value, (dict, str)):
                raise CardoddsError(f"{where}: '{key}' must be a name or a table such as {{name = \"{self.default}\"}}")
            if key != "default" and int(key[4:]) >= players:
                raise CardoddsError(f"{where}: '{key}' but the table has only {players} players")
        default = self.make(table.get("default", self.default), f"{where} default")  # one object: seats share it
        return [self.make(table[f"seat{s}"], f"{where} seat{s}") if f"seat{s}" in table else default
                for s in range(players)]


def tuned_knobs(base: type, path: Path) -> dict:
    """The knobs of ``base`` in the knobs file ``path`` (checked against what ``base`` declares)."""
    name, knobs = read_knobs_file(path, "tuned")
    if name != base.name:
        raise CardoddsError(f"{path} tunes {name!r}, not {base.name}")
    check_knobs(base, knobs, str(path))
    return knobs


def tuned_class(base: type, path: Path, doc: str, module: str, mixins: tuple = ()) -> type:
    """The ``tuned`` rung: ``base`` with the defaults of the knobs file ``path``.

    A subclass (after ``mixins``), so ``tuned`` and ``base`` never compare equal even when their knobs agree, and the
    engines play it as the ``base`` it is.  ``module`` is where it is defined (so it pickles to worker processes).
    """
    fields = [(k, type(v), dataclasses.field(default=v)) for k, v in tuned_knobs(base, path).items()]
    return dataclasses.make_dataclass("Tuned", fields, bases=(*mixins, base), frozen=True,
                                      namespace={"name": "tuned", "__doc__": doc, "__module__": module,
                                                 "compiled_form": base.__dict__.get("compiled_form", False)})
