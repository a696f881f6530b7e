"""One catalogue of every word a person reads, per language, keyed by stable ids.

An id is ``<table>.<key>``: ``report.headline``, ``units.per game``, ``titles.chan_play``, ``charts.<regex>``,
``advice.ranked``, ``page.hand_label``.  The words come from sources, each in the shape of ``GameSpec.words``
(``{lang: {table: {key: words}}}``, a pattern table being a list of ``(regex, template)``): the shared words first
(:mod:`cardodds.vocabulary.report_words`, :mod:`~cardodds.vocabulary.advice_words`,
:mod:`~cardodds.vocabulary.page_words`), then each game's (``GameSpec.words``), then each task's chart texts
(``Task.words``).  :func:`word` looks one up and raises :class:`MissingWord` naming it; :func:`problems` lists what a
test must not find: a word translated twice, a word missing in a language.
"""

from __future__ import annotations

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
    words (``{lang: {english: words}}``) are its table ``task_charts``."""
    from cardodds.sim.games import games
    from cardodds.sim.registry import get_task, task_names
    from cardodds.vocabulary import advice_words, page_words, report_words

    found = [("shared report words", report_words.WORDS), ("shared advice words", advice_words.WORDS),
             ("page words", page_words.WORDS)]
    found += [(f"game {spec.name} (GameSpec.words)", spec.words) for spec in games()]
    for name in task_names():
        words = get_task(name).words
        if words:
            found.append((f"task {name} (Task.words)", words))
    return found


def _entries(source: str, words: dict) -> list[tuple[str, str, Any]]:
    """``(id, lang, words)`` of one source, in its order."""
    if source.startswith("task "):
        words = {lang: {"task_charts": said} for lang, said in words.items()}
    out = []
    for lang, tables in words.items():
        for table, entries in tables.items():
            pairs = entries if table in PATTERN_TABLES else entries.items()
            out += [(f"{table}.{key}", lang, value) for key, value in pairs]
    return out


def catalogue() -> dict[str, dict[str, Any]]:
    """Every id's words by language, ``{id: {lang: words}}``, in the sources' order; the first source to give an id
    in a language wins (:func:`problems` finds the others)."""
    found = sources()
    stamp = tuple((name, id(words)) for name, words in found)
    if _LAST.get("stamp") != stamp:
        out: dict[str, dict[str, Any]] = {}
        for source, words in found:
            for key, lang, value in _entries(source, words):
                out.setdefault(key, {}).setdefault(lang, value)
        _LAST.update(stamp=stamp, catalogue=out)
    return _LAST["catalogue"]


_LAST: dict[str, Any] = {}
"""The last catalogue built and the sources it was built from (a game or task registered later builds another)."""


def word(key: str, lang: str, **fields) -> Any:
    """The words of id ``key`` in ``lang``, their ``{fields}`` filled in; :class:`MissingWord` when the catalogue has
    none."""
    found = catalogue().get(key, {})
    if lang not in found:
        if lang == "en" and key.split(".", 1)[0] in ENGLISH_KEYED:
            return key.split(".", 1)[1]
        raise MissingWord(f"no {lang!r} words for {key!r}: add them to the catalogue's source of "
                          f"'{key.split('.', 1)[0]}' (cardodds.vocabulary, the game's words.py or the task's words)")
    value = found[lang]
    return value.format(**fields) if fields and isinstance(value, str) else value


def table(name: str, lang: str) -> dict[str, Any]:
    """The ids of table ``name`` in ``lang``, by key (``table("units", "vi")["per game"]``)."""
    prefix = f"{name}."
    return {k[len(prefix):]: v[lang] for k, v in catalogue().items() if k.startswith(prefix) and lang in v}


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
