"""The language a report is being written in, and the report's words in it, read from the one catalogue
(:mod:`cardodds.vocabulary`).

English is the default.  ``--lang vi`` writes the report, its answers, its units and its charts' text in Vietnamese,
with the games' own terms.  The metrics' labels are declared by each task (``Task.label_of``), and each game's titles,
descriptions, chart texts and units by its spec (``GameSpec.words``); the shared words are the catalogue's own.

A text with no translation is a programming error: :func:`text`, :func:`unit` and :func:`chart` raise
:class:`~cardodds.vocabulary.MissingWord` (a ``KeyError``) naming it, so a new report string, unit or chart title is
added to the catalogue's sources, in every language.
"""

from __future__ import annotations

import contextlib
import contextvars
import hashlib
import re
from collections.abc import Callable, Iterator

from cardodds.vocabulary import LANGUAGES, MissingWord, patterns, table, word


def units(lang: str) -> dict[str, str]:
    """Every unit's words in ``lang`` (the catalogue's ``units``: the shared ones and each game's)."""
    return table("units", lang)


def titles(lang: str) -> dict[str, str]:
    """Experiment titles in ``lang``, by the experiment's name, from every game's words."""
    return table("titles", lang)


def descriptions(lang: str) -> dict[str, list[str]]:
    """Experiment descriptions in ``lang``, by the experiment's name: ``[fingerprint, text]``, where the fingerprint
    (:func:`fingerprint`) is that of the config's English description the text translates.  When the config's
    description changes, the translation is out of date and the config's own text is shown (``tests/test_labels.py``
    finds every such translation in configs/)."""
    return table("descriptions", lang)


def charts(lang: str) -> list[tuple[str, str]]:
    """Chart text (titles, axis and legend words) in ``lang``: ``(regex, template)``, the first full match wins; a
    matched group is itself translated when it is chart text (``Tấn, 4 players`` inside a title), else kept (a rung's
    name, a number).  The shared words first, then each game's, then the catch-all patterns."""
    return [*patterns("charts", lang), *patterns("catch_all", lang)]


def arm_names(lang: str) -> dict[str, str]:
    """Every game's arm names in words in ``lang`` (their ``"arms"`` words), by the arm's name."""
    return table("arms", lang)


def seating_phrases(lang: str) -> list[tuple[str, str]]:
    """Phrases of the players' descriptions (``seating``) in ``lang``, from every game's words; a strategy's name
    stays as it is."""
    return patterns("seating", lang)


_lang: contextvars.ContextVar[str] = contextvars.ContextVar("cardodds_lang", default="en")
_labeller: contextvars.ContextVar[Callable[[str, str], str] | None] = contextvars.ContextVar("cardodds_labeller",
                                                                                           default=None)


def check_lang(lang, name: str = "--lang") -> str:
    """A user's report language (``--lang`` / ``lang=``): one of :data:`LANGUAGES`, else one line naming ``name``."""
    from cardodds.sim.errors import CardoddsError

    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise CardoddsError(f"{name} must be one of {', '.join(LANGUAGES)} (the report's language), not {lang!r}")
    return lang


def check_language(lang: str) -> str:
    """``lang`` if the report speaks it, else ``ValueError`` naming the languages it speaks."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r} (known: {', '.join(LANGUAGES)})")
    return lang


@contextlib.contextmanager
def using(lang: str | None = None, label_of: Callable[[str, str], str] | None = None) -> Iterator[None]:
    """Write in ``lang`` (unchanged when None) inside the block, with ``label_of(metric, lang)`` naming metrics in
    charts (a task's :meth:`~cardodds.sim.registry.Task.label_of`; unchanged when None)."""
    tokens = []
    if lang is not None:
        tokens.append((_lang, _lang.set(check_language(lang))))
    if label_of is not None:
        tokens.append((_labeller, _labeller.set(label_of)))
    try:
        yield
    finally:
        for var, token in reversed(tokens):
            var.reset(token)


def language() -> str:
    """The language being written."""
    return _lang.get()


def text(key: str, **fields):
    """The report's text ``key`` (the catalogue's ``report.<key>``) in the current language, its ``{fields}`` filled
    in."""
    return word(f"report.{key}", language(), **fields)


def unit(name: str) -> str:
    """A task's unit in the current language."""
    try:
        return word(f"units.{name}", language())
    except MissingWord:
        raise MissingWord(f"no {language()!r} words for the unit {name!r}: add it to the game's words "
                          f"(words.{language()}.toml, table units) or to cardodds/vocabulary/report.{language()}.toml"
                          ) from None


def title(name: str, default: str) -> str:
    """An experiment's title (``default``: the config's) in the current language."""
    return titles(language()).get(name, default)


def fingerprint(english: str) -> str:
    """The short hash of an English text that :func:`descriptions` records beside its translation."""
    return hashlib.sha256(english.encode("utf-8")).hexdigest()[:12]


def description(name: str, english: str) -> str:
    """An experiment's description in the current language: its translation while it still translates ``english``
    (the config's description), else ``english``."""
    found = descriptions(language()).get(name)
    return found[1] if found and found[0] == fingerprint(english) else english


def chart(words: str) -> str:
    """Chart text (a title, an axis label, a legend word) in the current language."""
    if language() == "en" or not words:
        return words
    translated = _chart(words)
    if translated is None:
        raise MissingWord(f"no {language()!r} words for the chart text {words!r}: add it to the task's words "
                          "(Task.words) or to its game's words (GameSpec.words)")
    return translated


def chart_or_same(words: str) -> str:
    """Chart text that may be a name (a rung, a strategy): translated when :func:`charts` knows it, else as it is."""
    return words if language() == "en" else (_chart(words) or words)


def arm(name) -> str:
    """An arm's name in words in the current language: the game's own words for it, else a pattern (the games'
    ``arm_patterns``, then the shared ``arm_forms``; its parts themselves put in words), else the name as it is."""
    name = str(name)
    own = arm_names(language()).get(name)
    if own is not None:
        return own
    for pattern, template in [*patterns("arm_patterns", language()), *patterns("arm_forms", language())]:
        match = re.fullmatch(pattern, name)
        if match:
            return template.format(*(arm(g) if i else _local_number(arm(g)) for i, g in enumerate(match.groups())))
    return _local_number(name)


def parameter(name: str) -> str:
    """A swept parameter (``rules.players``) in words in the current language, else its name."""
    return table("parameters", language()).get(name, name)


_NUMBER = re.compile(r"-?\d+(\.\d+)?")

DECIMAL_COMMA = frozenset({"vi"})
"""Languages that write a decimal comma and a dot between thousands."""


def local(english: str) -> str:
    """A number written the English way (``1,290.5``) in the report's language (Vietnamese: ``1.290,5``)."""
    if language() not in DECIMAL_COMMA:
        return english
    return english.translate(str.maketrans({",": ".", ".": ","}))


def _local_number(part: str) -> str:
    """A matched number (``0.7``) in the current language's digits (``0,7`` in Vietnamese); any other part as it is."""
    if not _NUMBER.fullmatch(part):
        return part
    return local(part)


def seating(who: str) -> str:
    """A player's description (``control, never declares Sâm``) in the current language: each known phrase translated,
    names and knobs kept."""
    if language() == "en":
        return who
    out = who
    for pattern, template in seating_phrases(language()):
        out = re.sub(pattern, lambda m: template.format(*(_local_number(g or "") for g in m.groups())), out)
    return out


def _chart(words: str) -> str | None:
    own = table("task_charts", language()).get(words)
    if own is not None:
        return own
    for pattern, template in charts(language()):
        match = re.fullmatch(pattern, words)
        if match:
            return template.format(*(_chart(g) or _local_number(g) for g in match.groups()))
    return None


def metric(name: str) -> str:
    """A metric in words for a chart, from the task whose charts are being drawn (the code outside :func:`using`)."""
    label_of = _labeller.get()
    return name if label_of is None else label_of(name, language())
