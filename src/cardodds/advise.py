"""Advice from a mid-game position: every legal move played out, ranked, with paired 95 % intervals.

``cardodds.advise.<game>(state, opponents=None, games=None, time=None, seed=0)`` exists for every game whose spec
has a ``position`` (:mod:`cardodds.sim.position`) and returns a DataFrame, one row per legal move, best first (the
columns of :func:`cardodds.analysis.advice.advice_table`); its ``attrs`` say who played (``players``), the budget
spent (``budget`` in words, ``spent`` as a ``Budget``, ``worlds``, ``seconds``), whether the values are exact, and the
ranking measure (``rank_by``).

``state`` is the position's JSON form (a dict), the path of a JSON file holding it, or a position object of the
game's position module.  ``opponents`` names who plays every seat after the move (a strategy as a config's
``[strategies]`` names one; default: the game's ``DEFAULT_PLAYERS``); ``games`` is the worlds per move (default: the
game's ``DEFAULT_WORLDS``) and ``time`` a budget in seconds instead.  Same seed, same state, same ``games``: same
numbers.  Bad input raises :class:`~cardodds.errors.CardoddsError` with one line.

:func:`as_text` and :func:`as_json` give what ``cardodds advise`` prints for such a table; :func:`refined` plays a
position batch by batch, both tables refined after each (the page's answers).
"""

from __future__ import annotations

import os

import pandas as pd

from cardodds.sim.arguments import check_seed, python_api, shown


def read_position(name: str, state):
    """The game ``name``'s position module and the position ``state`` gives (a dict, a JSON file's path, a position).

    Raises
    ------
    CardoddsError
        The game has no positions; the file is missing, unreadable, not JSON or not an object; the position is
        inconsistent (the module's message).
    """
    from cardodds.sim.bounded_json import check_value
    from cardodds.sim.errors import CardoddsError
    from cardodds.sim.games import game
    from cardodds.sim.position import position_module

    module = position_module(game(name))
    if isinstance(state, module.Position):
        return module, state
    if isinstance(state, (str, os.PathLike)) and not isinstance(state, bytes):
        state = read_json(state)
    if not isinstance(state, dict):
        raise CardoddsError(f"state must be a position: its JSON form (a dict), the path of a JSON file or a "
                            f"{name} position, not {shown(state)}")
    check_value(state, "state")
    return module, module.from_json(state)


def replay_table(name: str) -> tuple:
    """The rules and players ``cardodds replay <name>`` plays without ``--config``: its replay task's defaults, or
    the rules' defaults and the position module's own players for a game with no replay task."""
    from cardodds.sim.games import game
    from cardodds.sim.registry import get_task

    spec = game(name)
    if spec.replay_task is None:
        return spec.hook("rules")(), None
    params = get_task(spec.replay_task).parse({}, "defaults")
    return params.rules, params.strategies


def position_at(name: str, seed: int, k: int) -> dict:
    """The JSON of the position ``cardodds replay <name> --seed seed --state-at k`` prints (default rules, players)."""
    from cardodds.sim.arguments import check_whole
    from cardodds.sim.games import game
    from cardodds.sim.position import position_module

    module = position_module(game(name))
    check_seed(seed, "seed")
    check_whole(k, "at", 1)
    rules, strategies = replay_table(name)
    return module.to_json(module.cut(seed, rules, strategies, k))


def read_json(path) -> dict:
    """A position file's JSON (a one-line error when it is missing, unreadable, not JSON or not an object)."""
    from cardodds.sim.errors import CardoddsError
    from cardodds.sim.input_file import read_capped

    try:
        data = read_capped(path, "a position file")
    except OSError as exc:
        raise CardoddsError(f"{path}: {exc.strerror or exc}") from None
    return parse_json(data, str(path))


def parse_json(data: bytes | str, where: str):
    """A position's text as JSON (:func:`~cardodds.sim.bounded_json.loads`): a one-line error naming ``where`` when
    it is not JSON, out of its bounds or not an object."""
    from cardodds.sim.bounded_json import loads
    from cardodds.sim.errors import CardoddsError

    value = loads(data, where)
    if not isinstance(value, dict):
        raise CardoddsError(f"{where}: a position is a JSON object ({{...}}), not {type(value).__name__}")
    return value


def typed_players(text: str, where: str):
    """Who plays, as typed (``--opponents``, the page's ``opponents=``): a player's name, or its table as JSON
    (``{"name": "expert", …}``, read by :func:`~cardodds.sim.bounded_json.loads`)."""
    from cardodds.sim.bounded_json import loads

    return loads(text, where) if text.lstrip().startswith("{") else text


def players_of(name: str, module, position, opponents):
    """Who plays the seats of ``position`` in game ``name``: ``opponents`` checked (by the module's ``check_players``
    where it has one), or the module's ``DEFAULT_PLAYERS`` when None."""
    from cardodds.sim.bounded_json import check_value
    from cardodds.sim.errors import CardoddsError
    from cardodds.sim.user_loader import is_user_spec

    if opponents is None:
        return module.DEFAULT_PLAYERS
    if not isinstance(opponents, (str, dict)) and is_user_spec(opponents):
        check_opponents(name, module, opponents)  # a UserPlayer class or instance, or a function
        return opponents
    if not isinstance(opponents, (str, dict)) or not opponents:
        raise CardoddsError(f"opponents must be a player's name (\"tuned\", \"expert\" …), a table of its knobs or "
                            f"a player you wrote, not {shown(opponents)}")
    check_value(opponents, "opponents")
    if hasattr(module, "check_players"):
        module.check_players(position, opponents)
    check_opponents(name, module, opponents)
    return opponents


def check_opponents(name: str, module, opponents) -> None:
    """Build each player ``opponents`` names (its name, knobs and knobs file checked now, before any world), and
    refuse one that searches at its decisions (``Player.searches``: up to a minute a world, so the thousands of
    worlds a move of advice or of a position's odds would take days), naming those that do not."""
    from cardodds.sim.errors import CardoddsError
    from cardodds.sim.games import game
    from cardodds.sim.players import Player, PlayerRegistry
    from cardodds.sim.user_loader import is_user_spec, user_player

    spec = game(name)
    classes = spec.hook("players")
    if not classes or not all(isinstance(c, type) and issubclass(c, Player) for c in classes.values()):
        return  # a test game's plain players: its position module checks them
    registry = PlayerRegistry(spec.title, classes, module.DEFAULT_PLAYERS)
    where = "opponents"  # the keyword of the API and the page, as in ``players_of``'s own message
    players = [user_player(e, where) if is_user_spec(e) else registry.make(e, where) for e in _seat_specs(opponents)]
    searching = [p.name for p in players if p.searches]
    if searching:
        fast = ", ".join(n for n, c in classes.items() if not c.searches)
        raise CardoddsError(f"{where}: {searching[0]!r} searches at every decision, far too slow for the thousands "
                            f"of worlds a move played out here; choose a player that does not: {fast}")


def _seat_specs(opponents) -> list:
    """The players a strategies spec names: itself (a name or a table), or its ``seats`` (or Sâm's ``default`` and
    ``seatK``) when it lists players by seat."""
    if not isinstance(opponents, dict):
        return [opponents]
    seats = opponents.get("seats")
    by_seat = [v for k, v in opponents.items() if k == "default" or k.startswith("seat")]
    return seats if isinstance(seats, list) else by_seat or [opponents]


def advice_frame(name: str, state, opponents=None, games: int | None = None, time: float | None = None,
                 seed: int = 0) -> pd.DataFrame:
    """``cardodds.advise.<name>`` (see the module's text); the budget is checked before any world is played."""
    from cardodds.analysis.advice import advice_table, check_budget, play, present
    from cardodds.sim.errors import CardoddsError

    check_seed(seed, "seed")
    check_budget(games, time)
    module, position = read_position(name, state)
    players = players_of(name, module, position, opponents)
    moves = list(module.legal_moves(position))
    if not moves:
        raise CardoddsError(f"{name}: the seat to move has no legal move in this position")
    t, budget = play(module, position, moves, players, seed, games=games, time=time)
    table = advice_table(t, module.MEASURES, module.RANK_BY)
    table.attrs.update(game=name, players=t.players, budget=budget.text, spent=budget, worlds=budget.worlds,
                       seconds=budget.seconds, exact=t.exact, rank_by=tuple(module.RANK_BY),
                       measures=present(t, module.MEASURES))
    return table


def as_text(table: pd.DataFrame, lang: str = "en") -> str:
    """What ``cardodds advise`` prints for ``table`` (a ``cardodds.advise.<game>`` answer), in ``lang``."""
    from cardodds.analysis.advice_text import advice_text

    return advice_text(table, lang)


def as_json(table: pd.DataFrame) -> dict:
    """What ``cardodds advise --json`` prints for ``table`` (a ``cardodds.advise.<game>`` answer)."""
    from cardodds.analysis.advice_text import advice_json

    return advice_json(table)


def refined(module, position, players, games: int, seed: int, batch: int):
    """The odds and the ranked moves of ``position`` refined batch by batch (``batch`` worlds a move each): yields
    after each batch a dict of the odds rows (``odds``, as ``cardodds odds --state --json``), the moves best first
    (``advice``, as ``cardodds advise --json``), the measures, the worlds played and the budget spent so far."""
    from cardodds.analysis.advice import advice_table, batches, odds_table, present
    from cardodds.analysis.advice_text import records

    moves = list(module.legal_moves(position))
    plays = zip(batches(module, position, moves, players, seed, games=games, batch=batch),
                batches(module, position, None, players, seed, games=games, batch=batch))
    for (advised, budget), (odds, _) in plays:
        table = advice_table(advised, module.MEASURES, module.RANK_BY)
        yield {"odds": records(odds_table(odds, module.MEASURES)), "advice": records(table),
               "measures": present(advised, module.MEASURES), "worlds": budget.worlds, "games": games,
               "exact": advised.exact, "odds_exact": odds.exact, "players": advised.players, "budget": budget.text,
               "batches": budget.batches, "seconds": budget.seconds}


def _advise_function(name: str):
    from cardodds.sim.games import game

    @python_api
    def advise(state, opponents=None, games: int | None = None, time: float | None = None,
               seed: int = 0) -> pd.DataFrame:
        return advice_frame(name, state, opponents, games, time, seed)

    advise.__name__ = advise.__qualname__ = name
    advise.__doc__ = (f"Every legal move of a {game(name).title} position, ranked (see :mod:`cardodds.advise`): "
                      "``state`` a dict, a JSON file's path or a position; ``opponents``, ``games``, ``time``, "
                      "``seed``.")
    return advise


def __getattr__(name: str):
    # cardodds.advise.<game> for every game whose spec has a position module.
    from cardodds.sim.games import game, game_names

    if name.startswith("_") or name not in game_names() or game(name).position is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return _advise_function(name)


def __dir__():
    from cardodds.sim.games import games

    return sorted([*globals(), *(g.name for g in games() if g.position is not None)])
