"""A game as data: the :class:`GameSpec` every front end (CLI, API, web page, report) reads instead of its own tables.

A spec names its parts by reference, ``"module:attribute"`` strings resolved on first use (:meth:`GameSpec.hook`), so
declaring a game imports none of its code; every reference names a module of the game package (``cardodds.sim``),
never one above it.  What a front end asks of a game is declared as data (a hand's odds:
:class:`~cardodds.sim.hand_question.HandQuestion`).  :mod:`cardodds.sim.games` holds the registry of specs.
"""

from __future__ import annotations

import functools
import importlib
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from cardodds.sim.errors import CardoddsError
from cardodds.sim.hand_question import NO_QUESTION, HandQuestion

Ref = str
"""``"package.module:attribute"``: a function, class or table of a game, imported when first asked for."""

HOOKS = ("rules", "players", "parse_cards", "format_cards", "deck", "position", "hand_odds", "exact",
         "replay_text", "replay_log", "check_text", "advice", "env_form", "game_state", "conformance",
         "compiled")
"""The fields of :class:`GameSpec` that are references (:meth:`GameSpec.hook` resolves them)."""


@dataclass(frozen=True)
class GameSpec:
    """One game and every part of it a front end needs.

    Attributes
    ----------
    name : str
        The game's code (``"chan"``): the first part of its tasks' names, the CLI's and the page's word for it.
    title : str
        The game's name in print, with its diacritics (``"Chắn"``).
    rules : Ref
        The rules class (a frozen dataclass, validated in ``__post_init__``).
    players : Ref
        The strategies by name (the ``STRATEGIES`` table a config's ``[strategies]`` names).
    tasks : dict of str to Ref or Task
        The game's tasks, ``"<game>.<what>"`` to the module exporting its ``TASK`` (or the ``Task`` itself, for a
        game registered at run time).
    min_players, max_players : int
        How many may sit at a table under the rules.
    hand_sizes : tuple of int
        The sizes of a dealt hand (the page's deck picker, the odds' hand check).
    parse_cards, format_cards : Ref
        Text to card codes (``CardoddsError`` on a bad card) and back; by default the ``parse_cards`` and
        ``format_cards`` of the ``cards.py`` in the game's ``package``.
    deck : Ref, optional
        ``deck() -> dict``: the deck for the page: ``cards``, one dict per face (``code``, ``name``, ``copies``,
        ``red``, ``row``, optionally ``short``: the button's word), ``sizes``, the hand sizes it takes, optionally
        ``variants``: ``{field: {value: {"codes": [...], "sizes": [...]}}}``, the deck a hand question's field's value
        deals from (Tấn's 36 cards), and any game-specific key.
    position : Ref, optional
        The module of the game's mid-game positions (``odds --state``, ``advise``, ``replay --state-at``): it
        follows the protocol of :mod:`cardodds.sim.position`.
    hand_odds : Ref, optional
        ``(hand, **fields) -> dict``: one hand's odds (``cardodds odds <game>``, ``cardodds.odds.<game>``, the page),
        its keywords those ``hand_question`` declares.
    hand_question : HandQuestion, optional
        The options of a hand's odds, declared (:mod:`cardodds.sim.hand_question`): the command's flags, the API's
        keywords and the page's query are built from it (default: the hand alone).
    exact : Ref, optional
        ``() -> rows``: the deal's exact odds by combinatorics (``cardodds exact <game>``, ``cardodds.exact.<game>``),
        in the shape ``exact_shape`` names.
    exact_shape : str
        ``"options"``: a row per combination of the options that change the odds, a column per quantity (its floats);
        ``"metrics"``: a row per quantity (``metric``, ``seat``, ``exact``), the hook taking ``fractions=True`` to add
        each as a :class:`~fractions.Fraction` (``fraction``), which ``cardodds exact`` prints beside it.
    replay_task : str, optional
        The task whose parameters a replay plays (``cardodds replay <game>``).
    replay_text : Ref, optional
        ``(seed, rules, strategies, chunk=1) -> str``: one game move by move, the first a run plays whose first chunk
        holds ``chunk`` games (a random seat's moves can depend on it).
    replay_log : Ref, optional
        ``(seed, rules, strategies) -> str``: the same game as a move log (``replay --log``).
    check_text : Ref, optional
        ``(log_text) -> (text, exit_code)``: a recorded game's fouls (``cardodds check <game>``).
    advice : Ref, optional
        A decision's advice for one hand (the page's "what should I do").
    env_form : Ref, optional
        The module of the game as learning code reads it (:mod:`cardodds.sim.turns`, :mod:`cardodds.envs`):
        ``play(seed, rules, strategies) -> payoffs``, ``actions(rules)``, ``observation_size(rules)``,
        ``observe(position)``.
    game_state : Ref, optional
        The module of the game under the game-state protocol (:mod:`cardodds.sim.game_state`): ``deal(seed, rules,
        strategies) -> GameState``, the game a move-by-move play (:mod:`cardodds.sim.turns`) and the position
        cutter drive.
    conformance : Ref, optional
        The module of the game's parts the player checks need (:mod:`cardodds.sim.conformance`): ``VARIANTS`` (rule
        tables to play under), ``SMALL`` (small knobs for slow players, by name), ``FILLER`` (the fast player beside
        them), ``COMPILED_GAMES``, and any of ``replay_is_run(rules_table, seat_tables, seeds)``,
        ``batch_equals_reference(rules, strategies, seed, n)``, ``compiled_equals_batch(rules, strategies, seed, n)``,
        ``legal_games(rules, strategies, seed, n)``, ``same_information(strategy)``, each raising ``AssertionError``;
        a check whose part is missing is skipped.
    compiled : Ref, optional
        The module of the game's compiled (numba) engine, by name: its ``warm()`` compiles its kernels, or loads them
        from numba's cache (:mod:`cardodds.sim.kernel_warm`, ``cardodds serve``'s warm-up).
    compile_cost : float
        The CPU seconds of a cold ``warm()`` (``benchmarks/compile_cost.py``): the warm-up starts the costliest first.
    page_example : dict
        A query the page answers once before serving (its warm-up), e.g. ``{"hand": "..."}``.
    rules_section : str, optional
        The game's section of ``docs/rules.md`` (the report's link).
    words : dict
        The game's words per language, its part of the one catalogue (``cardodds.vocabulary``, ids
        ``<table>.<key>``): ``{"vi": {"titles": {...}, "descriptions": {...}, "charts": [(regex, template), ...],
        "units": {...}, "seating": [(regex, template), ...], "arms": {...}, "measures": {...}, "page": {...}}}`` (the
        report's, the advice tables' and the pages' words; a word already in the catalogue is not given again), as
        :func:`read_words` reads them from the game folder's ``words.<lang>.toml`` files.
    package : str, optional
        The game's package (``"cardodds.sim.chan"``): the hooks it leaves unset (``env_form``, ``game_state``,
        ``conformance``, ``compiled``, ``parse_cards``, ``format_cards``) are the files of those roles it holds
        (:data:`ROLE_FILES`).
    """

    name: str
    title: str
    rules: Ref
    players: Ref
    tasks: dict[str, Any]
    min_players: int
    max_players: int
    hand_sizes: tuple[int, ...]
    parse_cards: Ref | None = None
    format_cards: Ref | None = None
    deck: Ref | None = None
    position: Ref | None = None
    hand_odds: Ref | None = None
    hand_question: HandQuestion | None = None
    exact: Ref | None = None
    exact_shape: str = "options"
    replay_task: str | None = None
    replay_text: Ref | None = None
    replay_log: Ref | None = None
    check_text: Ref | None = None
    advice: Ref | None = None
    env_form: Ref | None = None
    game_state: Ref | None = None
    conformance: Ref | None = None
    compiled: Ref | None = None
    compile_cost: float = 0.0
    page_example: dict[str, str] = field(default_factory=dict)
    rules_section: str | None = None
    words: dict[str, dict[str, Any]] = field(default_factory=dict)
    package: str | None = None

    def __post_init__(self):
        for name, ref in role_modules(self.package).items():
            if getattr(self, name) is None:
                object.__setattr__(self, name, ref)
        if self.parse_cards is None or self.format_cards is None:
            raise CardoddsError(f"game {self.name}: name parse_cards and format_cards, or give its package a cards.py "
                                f"that defines them")
        for task in self.tasks:
            if not task.startswith(f"{self.name}."):
                raise CardoddsError(f"game {self.name}: task '{task}' must be named '{self.name}.<what>'")
        if not 1 <= self.min_players <= self.max_players:
            raise CardoddsError(f"game {self.name}: players must be 1 <= min_players <= max_players")

    def hook(self, name: str) -> Any:
        """The object field ``name`` refers to (imported now), or None when the game has no such part."""
        if name not in HOOKS:
            raise KeyError(f"game {self.name}: {name!r} is not a hook (one of {', '.join(HOOKS)})")
        ref = getattr(self, name)
        return None if ref is None else resolve(ref)

    def question(self) -> HandQuestion:
        """The game's hand question: the declared one, else the hand alone."""
        return self.hand_question or NO_QUESTION

    def role_file(self, name: str) -> Path | None:
        """The game folder's file ``name`` that is no Python module (``"page.js"``: the page's parts), or None."""
        return role_file(self.package, name)

    def words_in(self, lang: str, table: str) -> Any:
        """The game's ``table`` (``"titles"``, ``"charts"`` …) in language ``lang``; empty when it has none."""
        return self.words.get(lang, {}).get(table, [] if table in ("charts", "seating") else {})


ROLE_FILES = {"env_form": "env_form", "game_state": "game_state", "conformance": "conformance_parts",
              "compiled": "compiled", "parse_cards": "cards:parse_cards", "format_cards": "cards:format_cards"}
"""The hooks a game folder's files answer by their role (``docs/architecture.md``): a whole module (``"env_form"``),
or a name in one (``"cards:parse_cards"``); a spec with a ``package`` need not name them."""


def role_modules(package: str | None) -> dict[str, str]:
    """``{hook: reference}`` for each of :data:`ROLE_FILES` whose file ``package`` holds (found on disk: nothing of the
    game is imported)."""
    if package is None:
        return {}
    folders = _folders(package)
    refs = {hook: (f"{package}.{role}", role.partition(":")[0]) for hook, role in ROLE_FILES.items()}
    return {hook: ref for hook, (ref, file) in refs.items()
            if any((folder / f"{file}.py").is_file() for folder in folders)}


def role_file(package: str | None, name: str) -> Path | None:
    """The file ``name`` (``"page.js"``: a role that is no Python module) in ``package``'s folder, or None (found on
    disk: nothing of the game is imported)."""
    found = [folder / name for folder in _folders(package) if (folder / name).is_file()] if package else []
    return found[0] if found else None


def _folders(package: str) -> list[Path]:
    import importlib.util

    found = importlib.util.find_spec(package)
    return [Path(f) for f in (found.submodule_search_locations or [])] if found else []


def resolve(ref: Ref | Callable) -> Any:
    """The object ``"module:attribute"`` names, or the module ``"module"`` names (an object given itself is returned
    as it is)."""
    if not isinstance(ref, str):
        return ref
    module, _, attribute = ref.partition(":")
    if not attribute:
        return importlib.import_module(module)  # a whole module (a game's position module)
    return getattr(importlib.import_module(module), attribute)


def read_words(folder: str | Path, stem: str = "words") -> dict[str, dict[str, Any]]:
    """Words in the shape of ``GameSpec.words`` (``{lang: {table: words}}``) read from the TOML files
    ``<stem>.<lang>.toml`` in ``folder``, one per language (a translator adds a language by adding its files); a
    list of pairs (a pattern table's ``[regex, template]`` rows) comes back as tuples.  Read once, then shared: do not
    change what it returns."""
    return _read_words(str(folder), stem)


@functools.cache
def _read_words(folder: str, stem: str) -> dict[str, dict[str, Any]]:
    """:func:`read_words`, cached by its folder's name."""
    out = {}
    for path in sorted(Path(folder).glob(f"{stem}.*.toml")):
        with path.open("rb") as fh:
            tables = tomllib.load(fh)
        out[path.name[len(stem) + 1:-len(".toml")]] = {
            name: _pairs(words) if isinstance(words, list) else {key: _pairs(said) for key, said in words.items()}
            for name, words in tables.items()}
    return out


def _pairs(words: Any) -> Any:
    """A list of lists as a list of tuples (pattern rows); anything else as it is."""
    if isinstance(words, list) and words and all(isinstance(row, list) for row in words):
        return [tuple(row) for row in words]
    return words
