"""A hand's odds by simulation: the hand is fixed, everything unseen is dealt at random, the game is played out.

Each function returns :class:`HandOdds`: ``table`` (a DataFrame of every estimate with its 95 % interval),
``details`` (everything, as ``cardodds odds … --json`` prints it) and ``text`` (as ``cardodds odds`` prints it).

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
        ``"chan"``, ``"sam"`` or ``"tan"``.
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


_TASKS = {"chan": "chan.play", "sam": "sam.play", "tan": "tan.play"}
"""Each game's play task: its labels give the table's words, its metric names the quantities."""

_QUANTITIES = {"win_chance.p_win": "win", "win_chance.points_game": "points.game"}
"""The result's paths that the play task's metrics name otherwise (a Chắn hand's win and net points a game)."""


def _odds(game: str, details: dict, text, lang: str) -> HandOdds:
    from cardodds.sim.registry import get_task

    rows = pd.DataFrame(_intervals(details), columns=["quantity", "estimate", "ci_low", "ci_high"])
    rows["quantity"] = rows["quantity"].replace(_QUANTITIES)
    label_of = get_task(_TASKS[game]).label_of
    rows.insert(1, "label", [label_of(q, lang) for q in rows["quantity"]])
    return HandOdds(game, details, text(details), rows)


@python_api
def chan(hand: str | list[str], *, seat: int | None = None, games: int = 20_000, seed: int = 1,
         strategy: str = "basic", progress: bool = False, lang: str = "en") -> HandOdds:
    """A Chắn hand's shape (chắn, cạ, what it waits for) and its chance to win played out at a table.

    Parameters
    ----------
    hand : str or list of str
        19 or 20 cards (``"2V 2V 3V …"`` or ``["2V", "2V", "3V", …]``; 20 cards: the cái).
    seat : int, optional
        Where the hand sits (default: the cái's seat 0 for 20 cards, seat 1 otherwise).
    games, seed : int
        Simulated games and the seed (0 to 2**63 - 1; same seed, same numbers).
    strategy : str
        Who plays the hand (``basic``, ``heuristic``, ``cuoc`` …); the other three play ``basic``.
    progress : bool
        Show a progress bar.
    lang : str
        The language of the table's ``label`` column: ``"en"`` or ``"vi"``.
    """
    from cardodds.analysis.odds_chan import cli_seat, format_odds_chan, odds_chan
    from cardodds.sim.arguments import check_whole
    from cardodds.sim.errors import CardoddsError

    hand = _checked(hand, games, seed, progress, lang)
    if seat is not None:
        check_whole(seat, "seat", 0, 3)
    if not isinstance(strategy, (str, dict)):
        raise CardoddsError(f"strategy must be a player's name (\"basic\", \"heuristic\", \"cuoc\" …) or a table of "
                            f"its knobs, not {strategy!r}")
    details = odds_chan(hand, seat=cli_seat(hand, seat), games=games, seed=seed, progress=None if progress else False,
                        strategy=strategy)
    return _odds("chan", details, format_odds_chan, lang)


@python_api
def sam(hand: str | list[str], opponents: int, *, games: int = 20_000, seed: int = 1,
        progress: bool = False, lang: str = "en") -> HandOdds:
    """A Sâm hand's chance that a declared Sâm succeeds (its best plan) and its chance to win a normal game.

    Parameters
    ----------
    hand : str or list of str
        Ten cards (``"3s 4s 5h …"`` or ``["3s", "4s", "5h", …]``).
    opponents : int
        Players against it (1 to 4).
    games, seed : int
        Simulated deals and the seed.
    progress : bool
        Show a progress bar.
    lang : str
        The language of the table's ``label`` column: ``"en"`` or ``"vi"``.
    """
    from cardodds.analysis.odds_sam import format_odds_sam, odds_sam
    from cardodds.sim.arguments import check_whole

    hand = _checked(hand, games, seed, progress, lang)
    check_whole(opponents, "opponents", 1, 4)
    details = odds_sam(hand, opponents, games, seed, progress=None if progress else False)
    return _odds("sam", details, format_odds_sam, lang)


@python_api
def tan(hand: str | list[str], trump: str, *, players: int = 4, seat: int = 0, games: int = 20_000, seed: int = 1,
        progress: bool = False, lang: str = "en") -> HandOdds:
    """A Tấn opening hand's chance to lose (and of a draw) played out by ``basic`` players.

    Parameters
    ----------
    hand : str or list of str
        The opening hand (``"6s 7s 8h …"`` or ``["6s", "7s", "8h", …]``).
    trump : str
        The trump suit (``"h"``, ``"♥"`` …).
    players, seat : int
        Players at the table and the hand's seat (seat 0 attacks first).
    games, seed : int
        Simulated games and the seed.
    progress : bool
        Show a progress bar.
    lang : str
        The language of the table's ``label`` column: ``"en"`` or ``"vi"``.
    """
    from cardodds.analysis.odds_tan import format_odds_tan, odds_tan
    from cardodds.sim.tan.rules import MAX_PLAYERS
    from cardodds.sim.arguments import check_whole
    from cardodds.sim.errors import CardoddsError

    hand = _checked(hand, games, seed, progress, lang)
    if not isinstance(trump, str):
        raise CardoddsError(f"trump must be a suit as a string (\"h\", \"♥\" …), not {trump!r}")
    check_whole(players, "players", 2, MAX_PLAYERS)
    check_whole(seat, "seat", 0, players - 1)
    details = odds_tan(hand, trump, players, seat, games, seed, progress=None if progress else False)
    return _odds("tan", details, format_odds_tan, lang)
