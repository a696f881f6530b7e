"""The command line's mid-game parts: ``cardodds advise``, ``cardodds odds <game> --state`` and ``cardodds replay
--state-at / --advise`` (:mod:`cardodds.cli` adds their options and calls these).

A position is read from a JSON file or, for ``--state -``, standard input; every bad input (a missing or bad file,
bad JSON, a game with no positions, a decision past the game's end, a bad budget) is one line and exit code 2.
"""

from __future__ import annotations

import json
import sys

from cardodds.sim.arguments import check_games, check_whole, read_whole, shown
from cardodds.sim.errors import CardoddsError

STATE_FLAGS = {"opponents": "--opponents", "time": "--time"}
"""The options of a position's odds, refused beside ``--hand``."""


def position_games() -> list[str]:
    """The games whose spec has mid-game positions (``advise``'s choices)."""
    from cardodds.sim.games import games

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
    from cardodds.sim.input_file import MAX_INPUT_BYTES

    if text != "-":
        return with_settings(read_json(text), settings) if settings else text
    data = sys.stdin.read(MAX_INPUT_BYTES + 1)
    if len(data) > MAX_INPUT_BYTES:
        raise CardoddsError("standard input: is over 4 MiB, too large for a position")
    return with_settings(parse_json(data, "standard input"), settings or [])


def with_settings(state: dict, settings: list) -> dict:
    """``state`` with each ``KEY=VALUE`` of ``settings`` applied: VALUE read as JSON where it is JSON (``0``,
    ``true``, ``[1, 2]``), else as text (``6s Kh``); a dotted KEY walks into objects and lists (``seats.1.mat``)."""
    from cardodds.sim.bounded_json import NotJson, loads

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


def refuse(prog: str, given: dict, mode: str, other: str) -> None:
    """A one-line error for the first option of ``given`` (flag → value) that is set: it goes with ``other``."""
    for flag, value in given.items():
        if value is not None:
            raise CardoddsError(f"{prog} does not take {flag} {value} with {mode}: it goes with {other}")


def cmd_advise(args) -> int:
    from cardodds import advise
    from cardodds.analysis.advice_text import advice_json, advice_text

    table = getattr(advise, args.game)(state_value(args.state, args.settings), opponents=args.opponents, games=args.games,
                                       time=args.time, seed=args.seed)
    print(json.dumps(advice_json(table), ensure_ascii=False) if args.json else advice_text(table, args.lang))
    return 0


def odds_of_state(args):
    """``cardodds odds <game> --state …``: the position's odds (a :class:`~cardodds.odds.HandOdds`)."""
    from cardodds import odds
    from cardodds.sim.games import game

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
    from cardodds.sim.games import game

    given = {flag: getattr(args, key, None) for key, flag in STATE_FLAGS.items()}
    if "opponents" in game(args.game).question().names():
        given.pop("--opponents")  # with a hand, an option of its question (a Sâm hand's number of opponents)
    refuse(prog, given, "--hand", "--state")


def replay_positions(args, spec, rules, strategies, chunk: int) -> int:
    """``replay --state-at K`` (the position as JSON) or ``replay --advise SEAT`` (each decision reviewed)."""
    from cardodds.sim.position import position_module

    module = position_module(spec)
    if args.state_at is not None and args.advise is not None:
        raise CardoddsError("--state-at and --advise are two views of the game: give one")
    if args.state_at is not None:
        refuse(f"cardodds replay {spec.name}", {"--opponents": args.opponents, "--games": args.games,
                                                  "--time": args.time}, "--state-at", "--advise")
        check_whole(args.state_at, "--state-at", 1)
        position = module.cut(args.seed, rules, strategies, args.state_at, chunk=chunk)
        print(json.dumps(module.to_json(position), ensure_ascii=False, indent=1))
        return 0
    check_whole(args.advise, "--advise", 0, spec.max_players - 1)
    decisions = module.decisions(args.seed, rules, strategies, args.advise, chunk=chunk)
    print(review_text(spec, decisions, args))
    return 0


def _loss(row, sign: int) -> tuple[float, float, float]:
    """The expected loss of a move against the best, in the ranking measure, with its 95 % interval."""
    if sign > 0:
        return -row["diff"], -row["diff_high"], -row["diff_low"]
    return row["diff"], row["diff_low"], row["diff_high"]


def review_text(spec, decisions: list, args) -> str:
    """Each decision of the seat: the move made, the adviser's best and the expected loss of the move made."""
    from cardodds import advise
    from cardodds.analysis.numbers import fmt_ci, fmt_num

    seat = args.advise
    if not decisions:
        return f"seat {seat} makes no decision in the {spec.title} game of seed {args.seed}"
    lines, total, footer = [], 0.0, ""
    for k, position, made in decisions:
        table = getattr(advise, spec.name)(position, opponents=args.opponents, games=args.games, time=args.time,
                                           seed=args.seed)
        rank, sign = table.attrs["rank_by"]
        rows = table.set_index("move")
        if made not in rows.index:
            raise CardoddsError(f"decision {k}: the move made, {made!r}, is not among the legal moves")
        best = table.iloc[0]["move"]
        loss, low, high = _loss(rows.loc[made], sign)
        total += loss
        exact = bool(table.attrs["exact"])
        shown = "0 (the best)" if made == best else fmt_num(loss) + (" exact" if exact else " " + fmt_ci(low, high))
        tied = " (tied with the best)" if rows.loc[made, "tied"] else ""
        lines.append(f"decision {k}: played {made} · best {best} · expected loss {shown}{tied}")
        footer = (f"loss in {rank} ({table.attrs['measures'][rank][1]}); players: {table.attrs['players']}; "
                  f"budget of the last decision: {table.attrs['budget']}")
    head = f"{spec.title}, seed {args.seed}: seat {seat}'s {len(decisions)} decisions, each move made beside the best"
    return "\n".join([head, *lines, f"total expected loss {fmt_num(total)}; {footer}"])
