"""What every player of every game declares (:class:`Player`), below the registry that names them
(:mod:`cardodds.sim.players`) and the players a user writes (:mod:`cardodds.sim.user_player`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from types import MappingProxyType
from typing import ClassVar

from cardodds.sim.knobs import Choice, Range, check_player, declared


class Player:
    """What the engines and the tuner read of a player, declared once by its class.

    Attributes
    ----------
    name : str
        The name configs give it (the registry's key).
    deterministic : bool
        Its choices are a function of what it sees: it ignores the random stream (so equal players may be asked
        together, and a repeated position means a cycle).
    needs_public : bool
        It reads the public part of the views (hand sizes, known cards…), which the engines fill in only then.
    searches : bool
        It searches at its decisions (rollouts, a solver): milliseconds or more a decision, too slow for the
        fixed-budget odds of a dealt hand.
    knobs : mapping
        Its tunable fields, each a :class:`~cardodds.sim.knobs.Range` or :class:`~cardodds.sim.knobs.Choice`.
    renamed_knobs : mapping
        Old knob name → new: a config giving the old name gets a one-line hint to the new one.
    compiled_form : bool
        The game's compiled engine plays it (its kernel implements the class's decisions).  Read from the class
        itself, never inherited (:func:`has_compiled_form`): a subclass may decide otherwise, so it declares its own.
    """

    name: ClassVar[str] = ""
    deterministic: ClassVar[bool] = False
    needs_public: ClassVar[bool] = False
    searches: ClassVar[bool] = False
    knobs: ClassVar[Mapping] = MappingProxyType({})
    renamed_knobs: ClassVar[Mapping] = MappingProxyType({})
    compiled_form: ClassVar[bool] = False

    def uncompiled_knobs(self) -> tuple[str, ...]:
        """The knobs whose values the compiled engine does not implement (a class with ``compiled_form`` whose kernel
        leaves a knob value out names it here); empty when it plays them all."""
        return ()

    def __post_init__(self):
        """Refuse a knob outside its declared range or choices (:func:`~cardodds.sim.knobs.check_player`): every
        player is built through here, whatever path built it.  A subclass's own ``__post_init__`` calls it first."""
        check_player(self)


def _declares_compiled_form(player) -> bool:
    """``player``'s own class declares ``compiled_form`` (a parent's declaration does not count)."""
    return bool(type(player).__dict__.get("compiled_form", False))


def has_compiled_form(player) -> bool:
    """Whether the game's compiled engine plays ``player``: its own class declares ``compiled_form`` (not a parent)
    and its knob values are ones the kernel implements."""
    return _declares_compiled_form(player) and not player.uncompiled_knobs()


def not_compiled(player) -> str:
    """Whom the compiled engine does not play, for a message: ``'name'``, or ``'name' with knob=value`` when only
    knob values keep it out."""
    name = repr(getattr(player, "name", "") or type(player).__name__)
    if not _declares_compiled_form(player):
        return name
    return f"{name} with " + ", ".join(f"{k}={getattr(player, k)!r}" for k in player.uncompiled_knobs())


def check_player_class(cls) -> None:
    """Raise ``TypeError`` unless ``cls`` is a :class:`Player` dataclass whose knobs are ``Range``/``Choice`` fields."""
    if not (isinstance(cls, type) and issubclass(cls, Player) and dataclasses.is_dataclass(cls)):
        raise TypeError(f"{cls!r} is not a Player dataclass")
    fields = {f.name for f in dataclasses.fields(cls)}
    for key, space in declared(cls).items():
        if not isinstance(space, (Range, Choice)) or key not in fields:
            raise TypeError(f"{cls.__name__}.knobs['{key}'] must be a Range or Choice of one of its fields")
