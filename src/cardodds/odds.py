"""A hand's odds by simulation: the hand is fixed, everything unseen is dealt at random, the game is played out.

``cardodds.odds.<game>`` is made for every registered game with a ``hand_odds`` or a ``position``, from its spec:
its keywords, their checks and its text are the game's declared hand question (:mod:`cardodds.sim.hand_question`:
Chắn ``seat`` and ``strategy``, Sâm ``opponents``, Tấn ``trump``, ``players``, ``seat``, ``strategy``, ``deck``).  It
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


def _odds(game: str, details: dict, text, lang: str) -> HandOdds:
    from cardodds.sim.games import game as spec_of
    from cardodds.sim.registry import get_task

    rows = pd.DataFrame(_intervals(details), columns=["quantity", "estimate", "ci_low", "ci_high"])
    spec = spec_of(game)  # its play task's labels give the table's words, its metrics name the quantities
    rows["quantity"] = rows["quantity"].replace(spec.question().quantities)
    label_of = get_task(spec.replay_task or next(iter(spec.tasks))).label_of
    rows.insert(1, "label", [label_of(q, lang) for q in rows["quantity"]])
    return HandOdds(game, details, text(details), rows)


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


def _hand_mode(opponents=None, time=None, **others) -> None:
    """A hand's odds: the position's keywords are refused (``others``: more that go with a position only)."""
    from cardodds.sim.arguments import option
    from cardodds.sim.errors import CardoddsError

    for key, value in (("opponents", opponents), ("time", time), *others.items()):
        if value is not None:
            raise CardoddsError(f"{option(key)} goes with {option('state')} (a mid-game position), not with a hand")


def _plain_text(details: dict) -> str:
    """A result in words for a game with no formatter of its own: one ``key: value`` line per entry."""
    return "\n".join(f"{key}: {value}" for key, value in details.items())


def _hand_odds(name: str, hand, *, state, opponents, time, games, seed, progress, lang, **fields) -> HandOdds:
    """``cardodds.odds.<name>``'s work: a position's odds (``state``), or the hand's by its game's declared question."""
    from cardodds.sim.errors import CardoddsError
    from cardodds.sim.game_spec import resolve
    from cardodds.sim.games import game

    spec = game(name)
    question = spec.question()
    if state is not None:  # opponents: who plays the position's seats
        return _position_odds(name, state, opponents, games, time, seed, lang, hand=hand, **fields, progress=progress)
    if spec.hand_odds is None:
        raise CardoddsError(f"cardodds.odds.{name}: {spec.title} has no hand odds; give state= (a position)")
    if "opponents" in question.names():  # with a hand, a field of the question (Sâm's number of opponents)
        fields["opponents"], opponents = opponents, None
    _hand_mode(opponents, time)
    if question.simulated:
        games, progress = _HAND_GAMES if games is None else games, False if progress is None else progress
        hand = _checked(hand, games, seed, progress, lang)
        simulation = {"games": games, "seed": seed, "progress": None if progress else False}
    else:  # an exact answer: no games, no seed
        _hand_mode(games=games, seed=None if seed == 1 else seed, progress=progress)
        hand, simulation = _checked(hand, 1, 1, False, lang), {}
    details = spec.hook("hand_odds")(hand, **question.checked(fields), **simulation)
    return _odds(name, details, resolve(question.text) if question.text else _plain_text, lang)


def _signature(question):
    """``cardodds.odds.<game>``'s signature: the hand, the positional fields, then every keyword."""
    from inspect import Parameter, Signature

    def keyword(name, default=None, kind=Parameter.KEYWORD_ONLY):
        return Parameter(name, kind, default=default)

    positional = [f.name for f in question.fields if f.positional]
    names = ["state", *(["opponents"] if "opponents" not in question.names() else []), "time",
             *(f.name for f in question.fields if not f.positional), "games"]
    return Signature([keyword("hand", kind=Parameter.POSITIONAL_OR_KEYWORD),
                      *(keyword(n, kind=Parameter.POSITIONAL_OR_KEYWORD) for n in positional),
                      *(keyword(n) for n in names), keyword("seed", 1), keyword("progress"), keyword("lang", "en")],
                     return_annotation=HandOdds)


def _doc(spec, question) -> str:
    """``cardodds.odds.<game>``'s docstring, from its question."""
    lines = [(f"A {spec.title} hand's odds ({question.help or 'a hand'}): ``cardodds odds {spec.name} --hand``; "
              "or, with ``state``, a mid-game position's odds (see the module's text: ``opponents``, ``games``, "
              "``time``, ``seed``)."), "", "Parameters", "----------", "hand : str or list of str",
             f"    {question.hand_help}."]
    for f in question.fields:
        lines += [f"{f.name} : {_type_text(f.kind)}", f"    {f.help_text()}."]
    if question.simulated:
        lines += ["games, seed : int", "    Simulated games (default 20,000) and the seed (0 to 2**63 - 1).",
                  "progress : bool", "    Show a progress bar."]
    ending = ["lang : str", "    The language of the table's ``label`` column: ``\"en\"`` or ``\"vi\"``."]
    return "\n".join([*lines, *ending])


def _type_text(kind) -> str:
    """A field's kind as a docstring's type: ``int, 2 to 6``, ``one of 52, 36``, ``str``, ``str or dict``."""
    from cardodds.sim.hand_question import PLAYER
    from cardodds.sim.knobs import Choice, Range

    if isinstance(kind, Range):
        return f"{'int' if kind.integer else 'float'}, {kind.lo} to {kind.hi}"
    if isinstance(kind, Choice):
        return "one of " + ", ".join(map(str, kind.options))
    return "str or dict (a player's table of knobs)" if kind == PLAYER else "str"


def _game_odds(name: str):
    """``cardodds.odds.<name>``, built from the game's spec: its signature, checks and text from its question."""
    from cardodds.sim.errors import CardoddsError
    from cardodds.sim.games import game

    spec = game(name)
    signature = _signature(spec.question())

    @python_api
    def odds(*args, **kwargs) -> HandOdds:
        try:
            bound = signature.bind(*args, **kwargs)
        except TypeError as exc:
            raise CardoddsError(f"cardodds.odds.{name}: {exc}") from None
        bound.apply_defaults()
        return _hand_odds(name, **bound.arguments)

    odds.__name__ = odds.__qualname__ = name
    odds.__signature__ = signature
    odds.__doc__ = _doc(spec, spec.question())
    return odds


_BUILT: dict = {}
"""``cardodds.odds.<name>`` by name, with the spec it was built from (the same function while the spec stays)."""


def __getattr__(name: str):
    # Every registered game with a hand's odds or positions is cardodds.odds.<name>, built from its spec.
    from cardodds.sim.games import game, game_names

    if name.startswith("_") or name not in game_names() or (game(name).hand_odds is None
                                                             and game(name).position is None):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    spec, built = _BUILT.get(name, (None, None))
    if spec is not game(name):
        _BUILT[name] = spec, built = game(name), _game_odds(name)
    return built
