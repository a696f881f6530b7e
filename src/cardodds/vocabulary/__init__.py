"""One catalogue of every word a person reads, per language, keyed by stable ids.

An id is ``<table>.<key>``: ``report.headline``, ``units.per game``, ``titles.chan_play``, ``charts.<regex>``,
``advice.ranked``, ``page.hand_label``.  The words come from sources, each in the shape of ``GameSpec.words``
(``{lang: {table: {key: words}}}``, a pattern table being a list of ``(regex, template)``), read from data files
of one language each (:func:`cardodds.sim.game_spec.read_words`): the shared words first (``report.<lang>.toml``,
``advice.<lang>.toml``, ``page.<lang>.toml`` in this package), then each game's (``GameSpec.words``, its folder's
``words.<lang>.toml``), then each task's chart texts (``Task.words``) and its metrics' labels (``Task.labels``, a
game's read from its folder's ``labels.<lang>.toml``).  :func:`word` looks one up and raises
:class:`MissingWord` naming it; :func:`problems` lists what a test must not find: a word translated twice, a word
missing in a language.  A new language is a file beside each English one and its code in :data:`LANGUAGES`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

LANGUAGES = ("en", "vi")
"""The languages every word is written in."""

ENGLISH_KEYED = frozenset({"units", "titles", "descriptions", "charts", "seating", "catch_all", "task_charts",
                           "measures"})
"""Tables whose key is the English words (or the English lives in the config, as an experiment's title): their
English is not written again, every other language is."""

PATTERN_TABLES = frozenset({"charts", "seating", "catch_all", "arm_patterns", "arm_forms"})
"""Tables of ``(regex, template)`` tried in order."""


class MissingWord(KeyError):
    """A word the catalogue does not hold in the language asked (a programming error: add it to its source)."""

    def __str__(self) -> str:
        return str(self.args[0])


def sources() -> list[tuple[str, dict]]:
    """Every source of words, in the order their patterns are tried: ``[(name, {lang: {table: words}})]``; a task's
    words (``{lang: {english: words}}``) are its table ``task_charts``, its metrics' labels (``Task.labels``, read by
    ``Task.label_of``) the table ``labels`` (``labels.<task>.<metric or pattern>``)."""
    from cardodds.sim.game_spec import read_words
    from cardodds.sim.games import games
    from cardodds.sim.registry import get_task, task_names

    here = Path(__file__).parent
    found = [("shared report words", read_words(here, "report")), ("shared advice words", read_words(here, "advice")),
             ("page words", read_words(here, "page"))]
    found += [(f"game {spec.name} (GameSpec.words)", spec.words) for spec in games()]
    for name in task_names():
        task = get_task(name)
        if task.words:
            found.append((f"task {name} (Task.words)", task.words))
        if task.labels:
            found.append((f"task {name} (Task.labels)",
                          {lang: {"labels": {f"{name}.{k}": v for k, v in said.items()}}
                           for lang, said in task.labels.items()}))
    return found


def _entries(source: str, words: dict) -> list[tuple[str, str, Any]]:
    """``(id, lang, words)`` of one source, in its order."""
    if source.endswith("(Task.words)"):
        words = {lang: {"task_charts": said} for lang, said in words.items()}
    out = []
    for lang, tables in words.items():
        for table, entries in tables.items():
            pairs = entries if table in PATTERN_TABLES else entries.items()
            out += [(f"{table}.{key}", lang, value) for key, value in pairs]
    return out


def _stamp() -> tuple:
    """What the sources are made of, cheaply: the games and the tasks registered at run time (a game's own tasks
    come with its spec)."""
    from cardodds.sim.games import games
    from cardodds.sim.registry import get_task, task_names

    specs = games()
    own = {name for spec in specs for name in spec.tasks}
    return (tuple(id(spec) for spec in specs),
            tuple((name, id(get_task(name))) for name in task_names() if name not in own))


def _built() -> dict[str, Any]:
    """The catalogue of the current sources and its tables, built again when a game or a task is registered."""
    stamp = _stamp()
    if _LAST.get("stamp") != stamp:
        out: dict[str, dict[str, Any]] = {}
        for source, words in sources():
            for key, lang, value in _entries(source, words):
                out.setdefault(key, {}).setdefault(lang, value)
        _LAST.clear()
        _LAST.update(stamp=stamp, catalogue=out, tables={})
    return _LAST


_LAST: dict[str, Any] = {}
"""The last catalogue built, the stamp of the sources it was built from and the tables read from it so far."""


def catalogue() -> dict[str, dict[str, Any]]:
    """Every id's words by language, ``{id: {lang: words}}``, in the sources' order; the first source to give an id
    in a language wins (:func:`problems` finds the others)."""
    return _built()["catalogue"]


def word(key: str, lang: str, **fields) -> Any:
    """The words of id ``key`` in ``lang``, their ``{fields}`` filled in; :class:`MissingWord` when the catalogue has
    none."""
    found = catalogue().get(key, {})
    if lang not in found:
        if lang == "en" and key.split(".", 1)[0] in ENGLISH_KEYED:
            return key.split(".", 1)[1]
        raise MissingWord(f"no {lang!r} words for {key!r}: add them to the catalogue's source of "
                          f"'{key.split('.', 1)[0]}' (cardodds/vocabulary/*.{lang}.toml, the game's "
                          f"words.{lang}.toml or the task's words)")
    value = found[lang]
    return value.format(**fields) if fields and isinstance(value, str) else value


def table(name: str, lang: str) -> dict[str, Any]:
    """The ids of table ``name`` in ``lang``, by key (``table("units", "vi")["per game"]``; read only)."""
    built, prefix = _built(), f"{name}."
    if (name, lang) not in built["tables"]:
        built["tables"][name, lang] = {k[len(prefix):]: v[lang] for k, v in built["catalogue"].items()
                                       if k.startswith(prefix) and lang in v}
    return built["tables"][name, lang]


def nested(name: str, lang: str) -> dict[str, Any]:
    """Table ``name`` in ``lang`` nested again by its dotted keys (``page.advise.moves.chan.u`` as
    ``["advise"]["moves"]["chan"]["u"]``), as the pages read their words."""
    out: dict[str, Any] = {}
    for path, value in table(name, lang).items():
        *parents, leaf = path.split(".")
        node = out
        for part in parents:
            node = node.setdefault(part, {})
        node[leaf] = value
    return out


def patterns(name: str, lang: str) -> list[tuple[str, str]]:
    """Pattern table ``name`` in ``lang``: ``(regex, template)`` in the sources' order."""
    return list(table(name, lang).items())


def problems() -> list[str]:
    """What a test must not find: an id given twice in a language (by two sources, or twice in one), and an id
    missing in a language that needs it (see :data:`ENGLISH_KEYED`)."""
    seen: dict[tuple[str, str], str] = {}
    out = []
    for source, words in sources():
        for key, lang, _ in _entries(source, words):
            if (key, lang) in seen:
                out.append(f"{key!r} in {lang!r} is translated twice: by {seen[key, lang]} and by {source}")
            seen.setdefault((key, lang), source)
    for key, found in catalogue().items():
        wanted = [lang for lang in LANGUAGES if lang != "en" or key.split(".", 1)[0] not in ENGLISH_KEYED]
        out += [f"{key!r} has no {lang!r} words" for lang in wanted if lang not in found]
    return out
