"""A game's "odds of this hand" question, declared: the options a hand's odds take, with their ranges and choices.

A game's spec (:class:`~cardodds.sim.game_spec.GameSpec`) declares its question as data, the way rules and knobs are
declared::

    hand_question=HandQuestion(
        fields=(Field("trump", TEXT, required=True, positional=True, what='a suit as a string ("h", "♥" …)'),
                Field("players", Range(2, 6), default=4), Field("seat", Range(0, 5), default=0, below="players")),
        simulated=True, text="cardodds.sim.tan.hand_odds_text:format_odds_tan")

and everything a person types the question through is built from it: the options of ``cardodds odds <game>``, the
keywords of ``cardodds.odds.<game>``, the query of the page's ``/api/odds/<game>``, and one check per field whose
message names the argument as the user gave it (``--seat`` on the command line, ``seat`` from Python and the page).
The answer is the spec's ``hand_odds``: ``hand_odds(hand, **fields)`` (and ``games``, ``seed``, ``progress``,
``on_batch`` when the question is ``simulated``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from cardodds.sim.arguments import check_whole, option, read_whole, shown
from cardodds.sim.errors import CardoddsError
from cardodds.sim.knobs import Choice, Range

TEXT = "text"
"""A field's kind: a string the answer reads itself (a trump suit)."""
PLAYER = "player"
"""A field's kind: a player, by its name or its table of knobs (the page offers its own list)."""
STATE_OPTIONS = ("opponents",)
"""Fields whose option is also a position's (``--opponents``: who plays the seats from a position)."""


@dataclass(frozen=True)
class Field:
    """One option of a hand's question.

    Attributes
    ----------
    name : str
        The Python keyword and the page's query key; the option is ``--name`` (``_`` written ``-``).
    kind : Range, Choice, TEXT or PLAYER
        What the value may be: numbers in a :class:`~cardodds.sim.knobs.Range` (whole numbers when ``integer``),
        one of a :class:`~cardodds.sim.knobs.Choice`, a string, a player.
    default : optional
        The value when none is given; None: the answer chooses (a Chắn hand's seat follows its size).
    help : str
        The option's help (default: its range or choices).
    required : bool
        No default: the option must be given.
    positional : bool
        ``cardodds.odds.<game>`` takes it as its second positional argument too (``odds.tan(hand, "h")``).
    below : str, optional
        Another field whose value bounds this one from above, exclusive (a seat below the number of players).
    what : str, optional
        What a ``TEXT`` or ``PLAYER`` value must be, in the message refusing another.
    offered : tuple, optional
        The values a page offers for a ``TEXT`` or ``PLAYER`` field (a player: default, every player of the game).
    by_size : dict of int to value, optional
        With no default: the value the answer chooses by the hand's size (a Chắn seat: 0 for 20 cards, 1 for 19); the
        page names it before asking (a size not listed: its first).
    """

    name: str
    kind: Any
    default: Any = None
    help: str = ""
    required: bool = False
    positional: bool = False
    below: str | None = None
    what: str | None = None
    offered: tuple | None = None
    by_size: dict[int, Any] | None = None

    def read(self, text):
        """A typed value (the command line's, the page's) as the check takes it: a number where the kind is one,
        the text itself where it is not a number (for the check to refuse in its own words)."""
        if not isinstance(text, str) or not isinstance(self.kind, (Range, Choice)):
            return text
        if isinstance(self.kind, Range) and self.kind.integer:
            return read_whole(text)
        try:
            number = float(text.replace("_", ""))
        except ValueError:
            return text
        if isinstance(self.kind, Choice):  # the option itself (36, not 36.0), else the number as typed
            return next((o for o in self.kind.options if o == number), int(number) if number.is_integer() else number)
        return number

    def check(self, value, values: dict, named=option):
        """``value`` if the field takes it (``values``: the fields checked before it), else a one-line
        :class:`CardoddsError` naming the argument ``named(name)`` (by default as the caller gave it: ``--seat`` or
        ``seat``, :func:`~cardodds.sim.arguments.option`)."""
        name, kind = named(self.name), self.kind
        if isinstance(kind, Range) and kind.integer:
            high = kind.hi if self.below is None else min(kind.hi, values[self.below] - 1)
            return check_whole(value, name, int(kind.lo), int(high))
        if isinstance(kind, Range):
            if isinstance(value, bool) or not isinstance(value, (int, float)) or math.isnan(value) \
                    or not kind.lo <= value <= kind.hi:
                raise CardoddsError(f"{name} must be a number from {kind.lo} to {kind.hi}, not {shown(value)}")
            return value
        if isinstance(kind, Choice):
            if not kind.allows(value):
                raise CardoddsError(f"{name} must be one of {', '.join(map(str, kind.options))}, not {shown(value)}")
            return value
        if not isinstance(value, (str, dict) if kind == PLAYER else str):
            raise CardoddsError(f"{name} must be {self.what or 'a string'}, not {shown(value)}")
        return value

    def flag(self) -> str:
        """The command line's option: ``--name``."""
        return "--" + self.name.replace("_", "-")

    def form(self) -> dict:
        """The field as a page's form control reads it (JSON): ``name``, ``kind`` (``whole``, ``number``,
        ``choice``, ``text``, ``player``), ``default``, ``help``, ``lo``, ``hi`` or ``options``, and ``below`` and
        ``by_size`` where it has them."""
        kind, extra = self.kind, {}
        if isinstance(kind, Range):
            extra = {"kind": "whole" if kind.integer else "number", "lo": kind.lo, "hi": kind.hi}
        elif isinstance(kind, Choice):
            extra = {"kind": "choice", "options": list(kind.options)}
        else:
            extra = {"kind": kind, **({"options": list(self.offered)} if self.offered else {})}
        if self.below:
            extra["below"] = self.below
        if self.by_size:
            extra["by_size"] = {str(size): value for size, value in self.by_size.items()}
        return {"name": self.name, **extra, "default": self.default, "help": self.help_text()}

    def help_text(self) -> str:
        """The option's help: the declared one, else its range or choices and its default."""
        if self.help:
            return self.help
        kind = self.kind
        allowed = (f"{kind.lo} to {kind.hi}" if isinstance(kind, Range)
                   else ", ".join(map(str, kind.options)) if isinstance(kind, Choice) else self.what or kind)
        return f"{allowed}" + ("" if self.default is None else f" (default {self.default})")


@dataclass(frozen=True)
class HandQuestion:
    """What ``cardodds odds <game> --hand …`` asks of a game, declared once (see the module's text).

    Attributes
    ----------
    fields : tuple of Field
        The options beside the hand, in the order they are checked.
    simulated : bool
        The answer plays games: it takes ``games``, ``seed``, ``progress`` and ``on_batch`` (the page streams it).
    text : Ref, optional
        ``(details) -> str``: the answer in words (default: one ``key: value`` line per entry).
    known : Ref, optional
        ``(hand, **fields) -> dict``: what the page shows before the simulation (default: nothing simulated is shown
        until the first batch; a question that is not ``simulated`` is all known).
    help : str
        The sub-command's help (``cardodds odds --help``).
    hand_help : str
        ``--hand``'s help: the cards, with an example.
    quantities : dict
        Paths of the answer that its game's play task names otherwise (``win_chance.p_win`` is ``win``).
    form_order : tuple of str
        The fields in the order the page shows them, where it is not the order above (which is the order they are
        checked, the command's options and the API's keywords).
    """

    fields: tuple[Field, ...] = ()
    simulated: bool = False
    text: str | None = None
    known: str | None = None
    help: str = ""
    hand_help: str = "the hand, in the game's card codes"
    quantities: dict[str, str] = field(default_factory=dict)
    form_order: tuple[str, ...] = ()

    def form(self) -> list[dict]:
        """The fields as the page's form reads them (:meth:`Field.form`), in its order (:attr:`form_order`)."""
        shown = sorted(self.fields, key=lambda f: self.form_order.index(f.name) if f.name in self.form_order else
                       len(self.form_order))
        return [f.form() for f in shown]

    def names(self) -> list[str]:
        """The fields' names, in order."""
        return [f.name for f in self.fields]

    def checked(self, given: dict, named=option) -> dict:
        """Every field's value: ``given``'s (None: not given), else its default, each checked in order (a message
        names the field ``named(name)``)."""
        values = {}
        for f in self.fields:
            value = given.get(f.name)
            value = f.default if value is None and not f.required else value
            values[f.name] = None if value is None and not f.required else f.check(value, values, named)
        return values


NO_QUESTION = HandQuestion()
"""The question of a game that declares none: the hand alone."""
