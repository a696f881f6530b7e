"""A hand's odds by simulation: the hand is fixed, everything unseen is dealt at random, the game is played out.

Each function (one per game with a ``hand_odds`` or a ``position``; a registered game's is made from its spec)
returns :class:`HandOdds`: ``table`` (a DataFrame of every estimate with its 95 % interval), ``details`` (everything,
as ``cardodds odds … --json`` prints it) and ``text`` (as ``cardodds odds`` prints it).

With ``state=`` in place of a hand, the odds are those of a mid-game position (the game's ``position`` module:
:mod:`cardodds.sim.position`): ``state`` is the position's JSON form (a dict), a JSON file's path or a position
object; ``opponents`` names who plays every seat from there (default: the game's ``DEFAULT_PLAYERS``), ``games`` the
worlds (default: the game's ``DEFAULT_WORLDS``) or ``time`` a budget in seconds; the table's ``exact`` column marks
values computed exactly (no interval).

A hand is a string of cards or a list of card strings.  The seed is a whole number from 0 to 2**63 - 1 (default 1):
there is no random seed, so ``seed=None`` is refused like any other non-number.  Every argument is checked before any
game is played; a bad one raises :class:`~cardodds.sim.errors.CardoddsError` naming the argument.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pandas as pd

from cardodds.sim.arguments import python_api


@dataclass(frozen=True)
class HandOdds:
    """The odds of one hand.

    Attributes
    ----------
    game : str
        The game's name (``"chan"``, ``"sam"``, ``"tan"`` …).
    details : dict
        The whole result, as ``cardodds odds <game> --json`` prints it.
    text : str
        The result in words, as ``cardodds odds <game>`` prints it.
    table : DataFrame
        Columns ``quantity, label, estimate, ci_low, ci_high``: every estimate in ``details`` with its 95 % interval,
        as a decimal (0.273, not 27.3 %), named by the play task's metric (``win``, ``points.game``, ``sam.success``,
        ``lose``, ``draw`` …) and in words in ``lang``.
    """

    game: str
    details: dict
    text: str
    table: pd.DataFrame = field(repr=False)

    def __str__(self) -> str:
        return self.text


def _intervals(details: dict, path: str = "") -> list[dict]:
    """Every ``{estimate, ci_low, ci_high}`` in a nested result, named by its path (``win_chance.p_win``)."""
    rows = []
    for key, value in details.items():
        if isinstance(value, dict):
            rows += _intervals(value, f"{path}{key}.")
    for low in [k for k in details if k.endswith("ci_low")]:
        prefix = low[: -len("ci_low")]
        high = prefix + "ci_high"
        names = (prefix.rstrip("_"), prefix + "game") if prefix else ("estimate", "success", "p_win")
        name = next((k for k in names if k in details), None)
        if high in details and name is not None:
            label = path.rstrip(".") if name == "estimate" else f"{path}{name}"
            rows.append({"quantity": label, "estimate": details[name], "ci_low": details[low],
                         "ci_high": details[high]})
    return rows


def _checked(hand, games, seed, progress, lang) -> str:
    """The arguments every game takes, checked (the hand as one string)."""
    from cardodds.analysis.i18n import check_lang
    from cardodds.sim.arguments import check_games, check_hand, check_seed
    from cardodds.sim.errors import CardoddsError

    check_lang(lang, "lang")
    check_games(games, "games")
    check_seed(seed, "seed")
    if not isinstance(progress, bool):
        raise CardoddsError(f"progress must be True or False, not {progress!r}")
    return check_hand(hand, "hand")


_QUANTITIES = {"win_chance.p_win": "win", "win_chance.points_game": "points.game"}
"""The result's paths that the play task's metrics name otherwise (a Chắn hand's win and net points a game)."""


def _odds(game: str, details: dict, text, lang: str) -> HandOdds:
    from cardodds.sim.games import game as spec_of
    from cardodds.sim.registry import get_task

    rows = pd.DataFrame(_intervals(details), columns=["quantity", "estimate", "ci_low", "ci_high"])
    rows["quantity"] = rows["quantity"].replace(_QUANTITIES)
    spec = spec_of(game)  # its play task's labels give the table's words, its metrics name the quantities
    label_of = get_task(spec.replay_task or next(iter(spec.tasks))).label_of
    rows.insert(1, "label", [label_of(q, lang) for q in rows["quantity"]])
    return HandOdds(game, details, text(details), rows)


@python_api
def chan(hand: str | list[str] | None = None, *, state=None, opponents=None, time: float | None = None,
         seat: int | None = None, games: int | None = None, seed: int = 1, strategy: str | None = None,
         progress: bool | None = None, lang: str = "en") -> HandOdds:
    """A Chắn hand's shape (chắn, cạ, what it waits for) and its chance to win played out at a table; or, with
    ``state``, a mid-game position's odds (see the module's text: ``opponents``, ``games``, ``time``, ``seed``).

    Parameters
    ----------
    hand : str or list of str
        19 or 20 cards (``"2V 2V 3V …"`` or ``["2V", "2V", "3V", …]``; 20 cards: the cái).
    state : dict, path or position, optional
        A mid-game position instead of a hand.
    seat : int, optional
        Where the hand sits (default: the cái's seat 0 for 20 cards, seat 1 otherwise).
    games, seed : int
        Simulated games (default 20,000) and the seed (0 to 2**63 - 1; same seed, same numbers).
    strategy : str
        Who plays the hand (``basic``, the default, ``heuristic``, ``cuoc`` …); the other three play ``basic``.
    progress : bool
        Show a progress bar.
    lang : str
        The language of the table's ``label`` column: ``"en"`` or ``"vi"``.
    """
    from cardodds.analysis.odds_chan import cli_seat, format_odds_chan
    from cardodds.sim.arguments import check_whole
    from cardodds.sim.errors import CardoddsError
    from cardodds.sim.games import game

    if state is not None:
        return _position_odds("chan", state, opponents, games, time, seed, lang, hand=hand, seat=seat,
                              strategy=strategy, progress=progress)
    _hand_mode(opponents, time)
    games, progress = _HAND_GAMES if games is None else games, False if progress is None else progress
    strategy = "basic" if strategy is None else strategy
    hand = _checked(hand, games, seed, progress, lang)
    if seat is not None:
        check_whole(seat, "seat", 0, game("chan").max_players - 1)
    if not isinstance(strategy, (str, dict)):
        raise CardoddsError(f"strategy must be a player's name (\"basic\", \"heuristic\", \"cuoc\" …) or a table of "
                            f"its knobs, not {strategy!r}")
    details = game("chan").hook("hand_odds")(hand, seat=cli_seat(hand, seat), games=games, seed=seed, progress=None if progress else False,
                        strategy=strategy)
    return _odds("chan", details, format_odds_chan, lang)


@python_api
def sam(hand: str | list[str] | None = None, opponents=None, *, state=None, time: float | None = None,
        games: int | None = None, seed: int = 1, progress: bool | None = None, lang: str = "en") -> HandOdds:
    """A Sâm hand's chance that a declared Sâm succeeds (its best plan) and its chance to win a normal game; or,
    with ``state``, a mid-game position's odds (see the module's text: ``opponents``, ``games``, ``time``, ``seed``).

    Parameters
    ----------
    hand : str or list of str
        Ten cards (``"3s 4s 5h …"`` or ``["3s", "4s", "5h", …]``).
    opponents : int, or a player
        With a hand: players against it (1 to 4).  With ``state``: who plays the seats (a player's name).
    state : dict, path or position, optional
        A mid-game position instead of a hand.
    games, seed : int
        Simulated deals (default 20,000) and the seed.
    progress : bool
        Show a progress bar.
    lang : str
        The language of the table's ``label`` column: ``"en"`` or ``"vi"``.
    """
    from cardodds.analysis.odds_sam import format_odds_sam
    from cardodds.sim.arguments import check_whole
    from cardodds.sim.games import game

    if state is not None:
        return _position_odds("sam", state, opponents, games, time, seed, lang, hand=hand, progress=progress)
    _hand_mode(None, time)
    spec, games, progress = game("sam"), _HAND_GAMES if games is None else games, False if progress is None else progress
    hand = _checked(hand, games, seed, progress, lang)
    check_whole(opponents, "opponents", spec.min_players - 1, spec.max_players - 1)
    details = spec.hook("hand_odds")(hand, opponents, games, seed, progress=None if progress else False)
    return _odds("sam", details, format_odds_sam, lang)


@python_api
def tan(hand: str | list[str] | None = None, trump: str | None = None, *, state=None, opponents=None,
        time: float | None = None, players: int | None = None, seat: int | None = None, games: int | None = None,
        seed: int = 1, progress: bool | None = None, lang: str = "en") -> HandOdds:
    """A Tấn opening hand's chance to lose (and of a draw) played out by ``basic`` players; or, with ``state``, a
    mid-game position's odds (see the module's text: ``opponents``, ``games``, ``time``, ``seed``).

    Parameters
    ----------
    hand : str or list of str
        The opening hand (``"6s 7s 8h …"`` or ``["6s", "7s", "8h", …]``).
    state : dict, path or position, optional
        A mid-game position instead of a hand.
    trump : str
        The trump suit (``"h"``, ``"♥"`` …).
    players, seat : int
        Players at the table (default 4) and the hand's seat (default 0: seat 0 attacks first).
    games, seed : int
        Simulated games (default 20,000) and the seed.
    progress : bool
        Show a progress bar.
    lang : str
        The language of the table's ``label`` column: ``"en"`` or ``"vi"``.
    """
    from cardodds.analysis.odds_tan import format_odds_tan
    from cardodds.sim.arguments import check_whole
    from cardodds.sim.errors import CardoddsError
    from cardodds.sim.games import game

    if state is not None:
        return _position_odds("tan", state, opponents, games, time, seed, lang, hand=hand, trump=trump,
                              players=players, seat=seat, progress=progress)
    _hand_mode(opponents, time)
    spec, games, progress = game("tan"), _HAND_GAMES if games is None else games, False if progress is None else progress
    players, seat = 4 if players is None else players, 0 if seat is None else seat
    hand = _checked(hand, games, seed, progress, lang)
    if not isinstance(trump, str):
        raise CardoddsError(f"trump must be a suit as a string (\"h\", \"♥\" …), not {trump!r}")
    check_whole(players, "players", spec.min_players, spec.max_players)
    check_whole(seat, "seat", 0, players - 1)
    details = spec.hook("hand_odds")(hand, trump, players, seat, games, seed, progress=None if progress else False)
    return _odds("tan", details, format_odds_tan, lang)


_HAND_GAMES = 20_000
"""The games a hand's odds simulate unless told."""


def _position_odds(name: str, state, opponents=None, games=None, time=None, seed: int = 1, lang: str = "en",
                   **hand_only) -> HandOdds:
    """The odds of the position ``state`` of game ``name`` (``hand_only``: the hand's keywords, refused when set)."""
    from cardodds.advise import players_of, read_position
    from cardodds.analysis.advice import check_budget, odds_table, play
    from cardodds.analysis.advice_text import odds_json, odds_text
    from cardodds.analysis.i18n import check_lang
    from cardodds.sim.arguments import check_seed, option
    from cardodds.sim.errors import CardoddsError

    for key, value in hand_only.items():
        if value is not None:
            raise CardoddsError(f"{option(key)} is an option of a hand's odds; a position ({option('state')}) "
                                "says it itself")
    check_lang(lang, "lang")
    check_seed(seed, "seed")
    check_budget(games, time)
    module, position = read_position(name, state)
    t, budget = play(module, position, None, players_of(name, module, position, opponents), seed, games=games, time=time)
    table = odds_table(t, module.MEASURES)
    table.attrs.update(game=name, players=t.players, budget=budget.text, spent=budget, worlds=budget.worlds,
                       seconds=budget.seconds, exact=t.exact)
    return HandOdds(name, odds_json(table, table.attrs), odds_text(table, table.attrs, lang), table)


def _hand_mode(opponents=None, time=None) -> None:
    """A hand's odds: the position's keywords are refused."""
    from cardodds.sim.arguments import option
    from cardodds.sim.errors import CardoddsError

    for key, value in (("opponents", opponents), ("time", time)):
        if value is not None:
            raise CardoddsError(f"{option(key)} goes with {option('state')} (a mid-game position), not with a hand")


def _plain_text(details: dict) -> str:
    """A result in words for a game with no formatter of its own: one ``key: value`` line per entry."""
    return "\n".join(f"{key}: {value}" for key, value in details.items())


def _spec_odds(name: str):
    """``cardodds.odds.<name>``: the spec's ``hand_odds`` with its own keywords, the result as :class:`HandOdds`."""
    import inspect

    from cardodds.sim.errors import CardoddsError
    from cardodds.sim.games import game

    @python_api
    def odds(hand: str | list[str] | None = None, *, state=None, lang: str = "en", **options) -> HandOdds:
        from cardodds.analysis.i18n import check_lang
        from cardodds.sim.arguments import check_hand

        if state is not None:
            unknown = sorted(set(options) - {"opponents", "games", "time", "seed"})
            if unknown:
                raise CardoddsError(f"cardodds.odds.{name}: a position's odds take opponents, games, time and "
                                    f"seed, not {unknown[0]}")
            return _position_odds(name, state, lang=lang, hand=hand, **options)
        check_lang(lang, "lang")
        hand_odds = game(name).hook("hand_odds")
        if hand_odds is None:
            raise CardoddsError(f"cardodds.odds.{name}: {game(name).title} has no hand odds; give state= (a position)")
        try:
            inspect.signature(hand_odds).bind(check_hand(hand, "hand"), **options)
        except TypeError as exc:
            raise CardoddsError(f"cardodds.odds.{name}: {exc}") from None
        return _odds(name, hand_odds(check_hand(hand, "hand"), **options), _plain_text, lang)

    odds.__name__ = odds.__qualname__ = name
    odds.__doc__ = (f"A {game(name).title} hand's odds: ``hand`` and the keywords of its spec's ``hand_odds``; or a "
                    "position's: ``state`` and ``opponents``, ``games``, ``time``, ``seed``.")
    return odds


def __getattr__(name: str):
    # A game registered with a hand's odds or positions but no function above (a new game) is cardodds.odds.<name>.
    from cardodds.sim.games import game, game_names

    if name.startswith("_") or name not in game_names() or (game(name).hand_odds is None
                                                             and game(name).position is None):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return _spec_odds(name)
