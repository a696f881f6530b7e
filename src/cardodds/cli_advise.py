"""The command line's mid-game parts: ``cardodds advise``, ``cardodds odds <game> --state`` and ``cardodds replay
--state-at / --advise`` (:mod:`cardodds.cli` adds their options and calls these).

A position is read from a JSON file or, for ``--state -``, standard input; every bad input (a missing or bad file,
bad JSON, a game with no positions, a decision past the game's end, a bad budget) is one line and exit code 2.
"""

from __future__ import annotations

import json
import sys

from cardodds.api import check_games, game, games, read_whole, refuse, shown
from cardodds.errors import CardoddsError

STATE_FLAGS = {"opponents": "--opponents", "time": "--time"}
"""The options of a position's odds, refused beside ``--hand``."""


def position_games() -> list[str]:
    """The games whose spec has mid-game positions (``advise``'s choices)."""
    return [g.name for g in games() if g.position is not None]


def seconds(text: str):
    """An argparse type for ``--time``: the text as a number (checked with the budget: one rule, one message)."""
    try:
        return float(text.replace("_", ""))
    except ValueError:
        return text


def worlds(text: str) -> int:
    """An argparse type for ``--games`` (worlds per move): a whole number >= 1."""
    return check_games(read_whole(text), "--games")


def opponents(text: str):
    """An argparse type for ``--opponents``: a player's name, its table as JSON (``{"name": "expert", …}``), or a
    player you wrote, ``my_players.py:KeepTwos`` (the path from the current folder)."""
    from cardodds.advise import typed_players

    if ":" in text and not text.lstrip().startswith("{"):
        return {"python": text}
    return typed_players(text, "--opponents")


def add_budget_flags(parser, *, with_opponents: bool = True) -> None:
    """``--opponents``, ``--games`` and ``--time``: who plays from the position and how long."""
    if with_opponents:
        parser.add_argument("--opponents", type=opponents, metavar="NAME",
                            help="who plays every seat from the position (default: the game's strongest fast rung); "
                                 "a player you wrote: FILE.py:CLASS")
    parser.add_argument("--games", type=worlds, help="worlds per move (default: the game's)")
    parser.add_argument("--time", type=seconds, metavar="S", help="a budget in seconds instead of --games")


def add_set_flag(parser) -> None:
    """``--set KEY=VALUE``: change one key of the position given by ``--state`` (repeatable)."""
    parser.add_argument("--set", action="append", metavar="KEY=VALUE", dest="settings",
                        help="with --state: set one key of the position (a JSON value, or text), e.g. "
                             "--set hand='6s Kh' --set stock=0; a dotted KEY reaches inside (seats.1.mat)")


def state_value(text: str, settings: list | None = None):
    """``--state``'s value for the API: a file's path, or for ``-`` the JSON read from standard input; with
    ``settings`` (``--set KEY=VALUE`` texts) the JSON with those keys changed."""
    from cardodds.advise import parse_json, read_json
    from cardodds.api import MAX_INPUT_BYTES

    if text != "-":
        return with_settings(read_json(text), settings) if settings else text
    data = sys.stdin.read(MAX_INPUT_BYTES + 1)
    if len(data) > MAX_INPUT_BYTES:
        raise CardoddsError("standard input: is over 4 MiB, too large for a position")
    return with_settings(parse_json(data, "standard input"), settings or [])


def with_settings(state: dict, settings: list) -> dict:
    """``state`` with each ``KEY=VALUE`` of ``settings`` applied: VALUE read as JSON where it is JSON (``0``,
    ``true``, ``[1, 2]``), else as text (``6s Kh``); a dotted KEY walks into objects and lists (``seats.1.mat``)."""
    from cardodds.api import NotJson, loads

    state = json.loads(json.dumps(state))  # a deep copy
    for item in settings:
        key, sep, text = item.partition("=")
        if not sep or not key:
            raise CardoddsError(f"--set {_short(item)}: give KEY=VALUE (e.g. --set stock=0)")
        name = f"--set {_short(key)}"
        try:
            value = loads(text, name)
        except NotJson:
            value = text
        *path, last = key.split(".")
        node = state
        for part in path:
            node = _child(node, part, name)
        if isinstance(node, list):
            node[_index(node, last, name)] = value
        elif isinstance(node, dict):
            node[last] = value
        else:
            raise CardoddsError(f"{name}: {_short('.'.join(path))} is not an object or a list")
    return state


def _short(text: str) -> str:
    """The user's ``text`` on one short line, for a message."""
    text = " ".join(text.split())
    return text if len(text) <= 60 else text[:57] + "..."


def _child(node, part: str, name: str):
    if isinstance(node, dict) and part in node:
        return node[part]
    if isinstance(node, list):
        return node[_index(node, part, name)]
    raise CardoddsError(f"{name}: the position has no {shown(part)} there")


def _index(node: list, part: str, name: str) -> int:
    if not (part.isascii() and part.isdigit() and len(part) <= 9) or int(part) >= len(node):
        raise CardoddsError(f"{name}: {shown(part)} is not a place in a list of {len(node)}")
    return int(part)


def cmd_advise(args) -> int:
    from cardodds import advise

    table = getattr(advise, args.game)(state_value(args.state, args.settings), opponents=args.opponents, games=args.games,
                                       time=args.time, seed=args.seed)
    print(json.dumps(advise.as_json(table), ensure_ascii=False) if args.json else advise.as_text(table, args.lang))
    return 0


def odds_of_state(args):
    """``cardodds odds <game> --state …``: the position's odds (a :class:`~cardodds.odds.HandOdds`)."""
    from cardodds import odds

    prog = f"cardodds odds {args.game}"
    hand_only = [f for f in game(args.game).question().fields if f.name != "opponents"]  # the declared options
    refuse(prog, {"--hand": args.hand, **{f.flag(): getattr(args, f.name) for f in hand_only}}, "--state", "--hand")
    keywords = {k: getattr(args, k, None) for k in ("opponents", "games", "time", "seed")}
    keywords = {k: v for k, v in keywords.items() if v is not None}
    return getattr(odds, args.game)(state=state_value(args.state, getattr(args, "settings", None)), **keywords)


def check_hand_mode(args) -> None:
    """``cardodds odds <game> --hand …``: the hand is there and no position option is given."""
    prog = f"cardodds odds {args.game}"
    if getattr(args, "settings", None):  # it changes a position: without --state it would change nothing, unsaid
        raise CardoddsError(f"{prog} does not take --set {args.settings[0]} without --state: --set changes a key of "
                            "the position --state gives")
    if args.hand is None:
        raise CardoddsError(f"the following arguments are required: --hand (or --state, a position) "
                            f"(see '{prog} --help')")
    given = {flag: getattr(args, key, None) for key, flag in STATE_FLAGS.items()}
    if "opponents" in game(args.game).question().names():
        given.pop("--opponents")  # with a hand, an option of its question (a Sâm hand's number of opponents)
    refuse(prog, given, "--hand", "--state")
