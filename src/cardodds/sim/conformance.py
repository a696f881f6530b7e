"""Checks every registered game and player must pass, shipped in the package (as scikit-learn ships
``check_estimator``).

:func:`check_player` plays one player of a game under each rule table the game's ``GameSpec.conformance`` module
declares (``VARIANTS``), with the parts that module provides: ``cardodds replay --seed S`` is the run's first game,
the batch engine plays game for game as the reference engine (deterministic players), reference games make legal moves
only, conserve the cards and pay zero-sum, and the same information gives the same decision.  A game that does not
declare a part skips that check.

:func:`check_player_knobs` builds one player of a game's registry with its defaults and with every kind of bad knob
value, on both paths a player is built by: a table through the registry (a config, a knobs file, ``--opponents``, the
page) and the class itself (the Python API, the engines).  A new player passes by declaring its knobs
(:mod:`cardodds.sim.knobs`) and calling ``super().__post_init__()`` from its own ``__post_init__``.
"""

from __future__ import annotations

import dataclasses
import math

from cardodds.sim.errors import CardoddsError
from cardodds.sim.games import game as game_spec
from cardodds.sim.knobs import Choice, declared, knob_problem
from cardodds.sim.players import Player, PlayerRegistry


def knob_players(game: str) -> list[str]:
    """The names of ``game``'s registered players that are :class:`~cardodds.sim.players.Player` classes (a test
    game may register plain objects, which have no knobs)."""
    classes = game_spec(game).hook("players")
    return [name for name, cls in classes.items() if isinstance(cls, type) and issubclass(cls, Player)]


def bad_values(space) -> list:
    """Values a knob declared as ``space`` must refuse: just outside its limits, NaN and infinities, a flag for a
    number, a fraction for a whole number, a word for a number; for a choice, an unlisted value and a wrong type."""
    if isinstance(space, Choice):
        return [1, "maybe"] if isinstance(space.options[0], bool) else [7, True, "no such choice"]
    lo, hi = space.limits or (space.lo, space.hi)
    out = [lo - 1, True, "many", math.nan, -math.inf]
    if hi != math.inf:
        out += [hi + 1, math.inf]
    if space.integer:
        out.append(lo + 0.5)
    return out


def _refusal(build, value) -> str:
    try:
        build()
    except CardoddsError as exc:
        return str(exc)
    raise AssertionError(f"accepted {value!r}")


def _check_refused(game: str, name: str, key: str, value, builds: dict, allowed: list[str]) -> None:
    """Every way in ``builds`` (message prefix → build) refuses ``value`` with one line naming what is allowed."""
    for prefix, build in builds.items():
        try:
            message = _refusal(build, value)
        except AssertionError as exc:
            raise AssertionError(f"{game} {name}: knob {key!r} {exc} ({prefix.strip(': ')})") from None
        head = f"{prefix}knob '{key}' "
        if not message.startswith(head) or "\n" in message or not all(a in message for a in allowed):
            raise AssertionError(f"{game} {name}: knob {key!r} = {value!r} refused as {message!r}, not one line "
                                 f"starting {head!r} and naming {', '.join(allowed)}")


def check_player_knobs(game: str, name: str) -> None:
    """Raise ``AssertionError`` unless ``game``'s player ``name`` builds with its default knobs (by name and by its
    class, equal), refuses a knob it does not have, and refuses every bad value of every knob (:func:`bad_values`;
    NaN in any other number field too) at build time, with one line ``<where> <name>: knob '<knob>' …`` naming the values allowed."""
    spec = game_spec(game)
    classes = spec.hook("players")
    cls = classes[name]
    registry = PlayerRegistry(spec.title, classes, default=name)  # refuses a class that is not a Player dataclass
    if registry.make(name) != cls() or registry.make({"name": name}, "where") != cls():
        raise AssertionError(f"{game} {name}: built by name, it differs from {cls.__name__}()")
    for field in dataclasses.fields(cls):
        problem = knob_problem(cls, field.name, getattr(cls(), field.name))
        if problem:
            raise AssertionError(f"{game} {name}: its default {problem}")
    try:
        unknown = _refusal(lambda: registry.make({"name": name, "no_such_knob": 1}, "where"), "no_such_knob = 1")
    except AssertionError as exc:
        raise AssertionError(f"{game} {name}: an unknown knob: {exc}") from None
    if "'no_such_knob'" not in unknown or "\n" in unknown:
        raise AssertionError(f"{game} {name}: an unknown knob refused as {unknown!r}")
    for key, space in declared(cls).items():
        shown = (repr(o).lower() if isinstance(o, bool) else repr(o) for o in getattr(space, "options", ()))
        allowed = [f"one of {', '.join(shown)}" if isinstance(space, Choice) else space.span()]
        for value in bad_values(space):
            _check_refused(game, name, key, value, _builds(registry, cls, name, key, value), allowed)
    for field in dataclasses.fields(cls):
        if field.name not in declared(cls) and isinstance(field.default, float):
            _check_refused(game, name, field.name, math.nan,
                           _builds(registry, cls, name, field.name, math.nan), ["a finite number"])


def _builds(registry, cls, name: str, key: str, value) -> dict:
    return {f"where {name}: ": lambda: registry.make({"name": name, key: value}, "where"),
            f"{name}: ": lambda: cls(**{key: value})}


def expect(condition, message: str) -> None:
    """Raise ``AssertionError(message)`` unless ``condition`` (the checks hold under ``python -O`` too)."""
    if not condition:
        raise AssertionError(message)


def forms(game: str):
    """The module of ``game``'s conformance parts (``GameSpec.conformance``), or None when it declares none."""
    return game_spec(game).hook("conformance")


def checked_players(game: str) -> list[str]:
    """The players :func:`check_player` plays: every registered player of a game with conformance parts."""
    return list(game_spec(game).hook("players")) if forms(game) is not None else []


def is_slow(game: str, name: str) -> bool:
    """Whether ``name`` is a slow player of ``game``: it plays with small knobs, fewer games, beside fast ones."""
    return name in forms(game).SMALL


def player_table(game: str, name: str) -> dict:
    """The table that builds ``game``'s player ``name`` for the checks (a slow player's small knobs)."""
    return {"name": name, **forms(game).SMALL.get(name, {})}


def seat_tables(game: str, name: str, players: int) -> list[dict]:
    """The player at seat 0 and, when fast, at every seat (a slow player among fast ``FILLER`` players)."""
    other = forms(game).FILLER if is_slow(game, name) else name
    return [player_table(game, name)] + [player_table(game, other) for _ in range(players - 1)]


def seated(game: str, name: str, players: int) -> list:
    """The players of :func:`seat_tables`, built."""
    from cardodds.sim.turns import player_registry

    return [player_registry(game).make(table) for table in seat_tables(game, name, players)]


def variant_rules(game: str, variant: int):
    """``(table, rules)``: ``game``'s rule table number ``variant`` (``VARIANTS``) and its rules."""
    table = forms(game).VARIANTS[variant]
    return table, game_spec(game).hook("rules")(**table)


def _part(game: str, part: str):
    return getattr(forms(game), part, None) if forms(game) is not None else None


def check_legal_play(game: str, name: str, variant: int = 0) -> None:
    """Reference games with player ``name`` seated make legal moves only, conserve the cards and pay zero-sum, as
    the game's own independent log checker reads them (3 games; 1 for a slow player)."""
    if (legal_games := _part(game, "legal_games")) is None:
        return
    _, rules = variant_rules(game, variant)
    n = 1 if is_slow(game, name) else 3
    legal_games(rules, seated(game, name, rules.players), seed=17 + variant, n=n)


def check_replay_is_run(game: str, name: str, variant: int = 0) -> None:
    """``replay --seed S`` plays the first game ``run`` plays with seed S, player ``name`` at seat 0 (12 seeds; 2 for
    a slow player)."""
    if (replay_is_run := _part(game, "replay_is_run")) is None:
        return
    table, rules = variant_rules(game, variant)
    seeds = range(1, 3) if is_slow(game, name) else range(1, 13)
    replay_is_run(table, seat_tables(game, name, rules.players), seeds)


def check_batch_equals_reference(game: str, name: str, variant: int = 0) -> None:
    """A deterministic player plays game for game the same on the batch engine as on the reference engine (40
    games; 3 for a slow player)."""
    compare = _part(game, "batch_equals_reference")
    if compare is None or not getattr(game_spec(game).hook("players")[name], "deterministic", False):
        return
    _, rules = variant_rules(game, variant)
    n = 3 if is_slow(game, name) else 40
    compare(rules, seated(game, name, rules.players), seed=5 + variant, n=n)


def compiled_players(game: str) -> list[str]:
    """``game``'s registered players the compiled engine plays with their default knobs (``compiled_form``)."""
    from cardodds.sim.player_base import has_compiled_form

    classes = game_spec(game).hook("players")
    return [name for name in knob_players(game) if has_compiled_form(classes[name]())]


def check_compiled_equals_batch(game: str, name: str, variant: int = 0) -> None:
    """A player with a compiled form, at every seat, plays ``COMPILED_GAMES`` deals the same on the compiled engine
    as on the numpy batch engine."""
    compare = _part(game, "compiled_equals_batch")
    if compare is None or name not in compiled_players(game):
        return
    _, rules = variant_rules(game, variant)
    compare(rules, seated(game, name, rules.players), seed=5 + variant, n=forms(game).COMPILED_GAMES)


def check_same_information(game: str, name: str) -> None:
    """Player ``name`` decides the same where it is shown the same: at states that differ only in cards its seat
    cannot see."""
    if (same_information := _part(game, "same_information")) is None:
        return
    from cardodds.sim.turns import player_registry

    same_information(player_registry(game).make(player_table(game, name)))


def check_player(game: str, name: str) -> None:
    """Raise ``AssertionError`` unless ``game``'s player ``name`` passes every check its game declares the parts
    of, under each rule table of ``VARIANTS``."""
    if name in knob_players(game):
        check_player_knobs(game, name)
    for variant in range(len(forms(game).VARIANTS) if forms(game) is not None else 0):
        check_legal_play(game, name, variant)
        check_replay_is_run(game, name, variant)
        check_batch_equals_reference(game, name, variant)
        check_compiled_equals_batch(game, name, variant)
    check_same_information(game, name)


def check_game(name: str, seeds=range(3)) -> None:
    """Raise ``AssertionError`` unless game ``name`` keeps the game protocol, for each part it declares.

    - Its players: every registered player class passes :func:`check_player_knobs`.
    - Its positions (``GameSpec.position``): at every decision of ``replay --seed s`` (its default players), the
      position survives its JSON round trip and the move made is one of its legal moves.
    - Played move by move (``GameSpec.env_form``, :class:`~cardodds.sim.turns.Turns`): fed the replay's moves, every
      view is the position the replay cuts there (a forced move is not asked), the legal moves are that position's,
      and the payoffs are those the engine gives the same game; played with random legal moves, every view survives its JSON round trip, every
      legal move is an action, every observation has its declared size and lies in [0, 1], and the payoffs add up to
      zero.
    """
    spec = game_spec(name)
    for player in knob_players(name):
        check_player_knobs(name, player)
    positions = spec.hook("position")
    if positions is None or spec.hook("env_form") is None:
        return
    for seed in seeds:
        replayed, seats = replayed_decisions(name, seed)
        _check_replayed(spec, seed, replayed, seats)
        _check_random_play(spec, seed)


def replayed_decisions(name: str, seed: int, rules=None) -> tuple[list, list]:
    """Every decision of the game ``replay --seed seed`` plays with game ``name``'s default player at every seat, in
    order: ``([(position, move text)], seats)`` (``rules``: as :func:`~cardodds.sim.turns.game_rules` takes them)."""
    from cardodds.sim.turns import game_rules, player_registry

    spec, rules = game_spec(name), game_rules(name, rules)
    seats = [player_registry(name).make(None)] * rules.players
    moves = {}
    for seat in range(rules.players):
        for k, position, move in spec.hook("position").decisions(seed, rules, seats, seat):
            moves[k] = (position, move)
    return [moves[k] for k in sorted(moves)], seats


def _check_replayed(spec, seed: int, replayed: list, seats: list) -> None:
    from cardodds.sim.turns import Turns, game_rules

    positions, rules = spec.hook("position"), game_rules(spec.name)
    turns = Turns(spec.name, seed, rules)
    try:
        for k, (position, move) in enumerate(replayed, start=1):
            view = positions.to_json(position)
            if positions.to_json(positions.from_json(view)) != view:
                raise AssertionError(f"{spec.name} seed {seed} decision {k}: the position's JSON does not round-trip")
            if move not in positions.legal_moves(position):
                raise AssertionError(f"{spec.name} seed {seed} decision {k}: the move made, {move!r}, is not legal")
            if len(positions.legal_moves(position)) == 1:
                continue  # forced: played move by move without asking
            if turns.over or turns.view != view or turns.legal != positions.legal_moves(position):
                raise AssertionError(f"{spec.name} seed {seed} decision {k}: played move by move, the view or the "
                                     "legal moves differ from the replay's position")
            turns.apply(move)
        payoffs = spec.hook("env_form").play(seed, rules, seats)
        if not turns.over or turns.payoffs != [float(x) for x in payoffs]:
            raise AssertionError(f"{spec.name} seed {seed}: played move by move, the game ends otherwise than the "
                                 f"engine's ({turns.payoffs} against {payoffs})")
    finally:
        turns.close()


def _check_random_play(spec, seed: int) -> None:
    import numpy as np

    from cardodds.sim.turns import Turns, game_rules

    positions, form, rules = spec.hook("position"), spec.hook("env_form"), game_rules(spec.name)
    actions, size = set(form.actions(rules)), form.observation_size(rules)
    rng = np.random.default_rng(seed)
    turns = Turns(spec.name, seed, rules)
    while not turns.over:
        position = positions.from_json(turns.view)
        if positions.to_json(position) != turns.view:
            raise AssertionError(f"{spec.name} seed {seed}: a view does not survive its JSON round trip")
        if not set(turns.legal) <= actions:
            raise AssertionError(f"{spec.name} seed {seed}: legal moves {sorted(set(turns.legal) - actions)} are "
                                 "not actions of env_form.actions")
        observed = form.observe(position)
        if observed.shape != (size,) or observed.min() < 0 or observed.max() > 1:
            raise AssertionError(f"{spec.name} seed {seed}: an observation of shape {observed.shape} (declared "
                                 f"({size},)) or outside [0, 1]")
        turns.apply(turns.legal[int(rng.integers(len(turns.legal)))])
    if abs(sum(turns.payoffs)) > 1e-9:
        raise AssertionError(f"{spec.name} seed {seed}: the payoffs {turns.payoffs} do not add up to zero")
