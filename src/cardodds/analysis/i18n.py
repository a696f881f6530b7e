"""The report's words in each language: one dict per language, and the language a report is being written in.

English is the default.  ``--lang vi`` writes the report, its answers, its units and its charts' text in Vietnamese,
with the games' own terms.  The metrics' labels are declared by each task (``Task.label_of``), and each game's titles,
descriptions, chart texts and units by its spec (``GameSpec.words``); this module holds the shared words.

A text with no translation is a programming error: :func:`text`, :func:`unit` and :func:`chart` raise ``KeyError``
naming it, so a new report string, unit or chart title is added, here or in its game's words, in every language.
"""

from __future__ import annotations

import contextlib
import contextvars
import hashlib
import re
from collections.abc import Callable, Iterator

LANGUAGES = ("en", "vi")

TEXT = {
    "en": {
        "report_title": "cardodds report", "quick": " (quick)", "contents": "Contents", "run": "Run",
        "headline": "Headline", "no_headline": "No headline rows.", "answers": "In short",
        "more_charts": "{n} more charts", "run_details": "Date, versions, seeds and run time",
        "rules": "Rules", "defaults": "Defaults.", "strategies": "Strategies", "none": "None.",
        "results": "Results", "no_rows": "No rows.", "all_rows": "All rows, with their codes (distributions included)",
        "item": "item", "value": "value", "option": "option", "strategy": "strategy",
        "experiment": "experiment", "arm": "arm", "what": "what", "metric": "metric (code)", "seat": "seat",
        "unit": "unit", "estimate": "estimate", "ci": "95 % CI", "exact": "exact", "z": "z", "n": "n",
        "games_line": "Games: {games} · seed: {seed} · run time: {time}",
        "at_table": "At the table", "players_all": "{n} {label} players", "players_each": "{n} players, each: {label}",
        "seat_one": "seat {seats}", "seat_many": "seats {seats}", "baseline": "baseline",
        "rules_note": "Every rule, option and default is stated in the project's rules document, {doc}{where}, in the "
                      "cardodds repository; an option not listed here takes its default.",
        "rules_where": ', section "{section}"',
        "estimates_note": "Estimates are shown with 4 significant digits; 95 % CI is a Wilson interval for proportions "
                          "and a normal interval for means; z = (estimate − exact) / SE (SE at the exact value for "
                          "proportions).",
        "one_in": "1 in {n}", "answer_seat": "seat {seat}",
        "answer_exact": "{value} (exact)", "answer_simulated": "simulated {value}",
        "answer_none": "no case yet (n = 0)",
        "paired": "Paired differences against the baseline (same deals)",
        "diff_head": ["arm", "baseline", "what", "seat", "unit", "difference", "95 % CI (paired)", "p-value",
                      "× narrower than unpaired"],
        "this_run": "This report's run: {timing}.", "timing": "{games} games: {computed} computed now in {time}",
        "timing_reused": ", {reused} reused from chunks computed earlier",
        "computed_now": "{computed} in {time}", "reused": "{reused} (from chunks computed by earlier runs)", "arms": "Arms", "unset": "unset",
        "best_max": "Highest “{metric}”{seat}: arm {best} ({value}), ahead of {runner_up} by {margin} (paired 95 % CI "
                    "[{lo}, {hi}], p = {p}){verdict}.",
        "best_min": "Lowest “{metric}”{seat}: arm {best} ({value}), ahead of {runner_up} by {margin} (paired 95 % CI "
                    "[{lo}, {hi}], p = {p}){verdict}.",
        "not_significant": " — not a significant margin at the 5 % level",
        "tied": " — tied: {best} and {runner_up} played these deals identically",
        "meta": {"date": "date (UTC)", "version": "cardodds version", "numpy": "numpy version", "seeds": "seed(s)",
                 "bit_generator": "bit generator", "jobs": "jobs", "games": "total games", "seconds": "run time"},
    },
    "vi": {
        "report_title": "Báo cáo cardodds", "quick": " (chạy nhanh)", "contents": "Mục lục", "run": "Lần chạy",
        "headline": "Kết quả chính", "no_headline": "Không có dòng kết quả chính.", "answers": "Tóm lại",
        "more_charts": "{n} biểu đồ nữa", "run_details": "Ngày chạy, phiên bản, hạt giống ngẫu nhiên và thời gian chạy",
        "rules": "Luật chơi", "defaults": "Luật mặc định.", "strategies": "Người chơi", "none": "Không có.",
        "results": "Kết quả", "no_rows": "Không có dòng nào.", "all_rows": "Mọi dòng, kèm mã (cả các phân phối)",
        "item": "mục", "value": "giá trị", "option": "tùy chọn", "strategy": "người chơi",
        "experiment": "thí nghiệm", "arm": "phương án", "what": "đại lượng", "metric": "đại lượng (mã)",
        "seat": "chỗ", "unit": "đơn vị", "estimate": "ước lượng", "ci": "KTC 95 %", "exact": "chính xác", "z": "z",
        "n": "n",
        "games_line": "Số ván: {games} · hạt giống ngẫu nhiên: {seed} · thời gian chạy: {time}",
        "at_table": "Người chơi trong bàn", "players_all": "{n} người chơi {label}",
        "players_each": "{n} người chơi, mỗi người: {label}",
        "seat_one": "chỗ {seats}", "seat_many": "chỗ {seats}", "baseline": "phương án gốc",
        "rules_note": "Mọi luật, tùy chọn và giá trị mặc định được ghi trong tài liệu luật chơi của dự án, {doc}{where}, "
                      "trong kho mã cardodds; tùy chọn không liệt kê ở đây lấy giá trị mặc định.",
        "rules_where": ', mục "{section}"',
        "estimates_note": "Ước lượng ghi với 4 chữ số có nghĩa; KTC 95 % (khoảng tin cậy 95 %) là khoảng Wilson cho "
                          "tỉ lệ và khoảng chuẩn cho trung bình; z = (ước lượng − chính xác) / SE, SE là sai số chuẩn "
                          "(với tỉ lệ: tính tại giá trị chính xác).",
        "one_in": "1 trên {n}", "answer_seat": "chỗ {seat}",
        "answer_exact": "{value} (chính xác)", "answer_simulated": "mô phỏng {value}",
        "answer_none": "chưa có trường hợp nào (n = 0)",
        "paired": "Chênh lệch từng cặp so với phương án gốc (cùng những ván bài)",
        "diff_head": ["phương án", "phương án gốc", "đại lượng", "chỗ", "đơn vị", "chênh lệch", "KTC 95 % (theo cặp)",
                      "giá trị p", "hẹp hơn bao nhiêu lần so với không ghép cặp"],
        "this_run": "Lần chạy của báo cáo này: {timing}.", "timing": "{games} ván: {computed} ván tính lần này trong {time}",
        "timing_reused": ", {reused} ván dùng lại từ các phần đã tính trước đó",
        "computed_now": "{computed} trong {time}", "reused": "{reused} (từ các phần đã tính ở lần chạy trước)", "arms": "Các phương án", "unset": "bỏ đặt",
        "best_max": "Cao nhất về “{metric}”{seat}: phương án {best} ({value}), hơn {runner_up} {margin} (KTC 95 % "
                    "theo cặp [{lo}; {hi}], p = {p}){verdict}.",
        "best_min": "Thấp nhất về “{metric}”{seat}: phương án {best} ({value}), hơn {runner_up} {margin} (KTC 95 % "
                    "theo cặp [{lo}; {hi}], p = {p}){verdict}.",
        "not_significant": " — chênh lệch không có ý nghĩa thống kê ở mức 5 %",
        "tied": " — ngang nhau: {best} và {runner_up} chơi những ván này y hệt nhau",
        "meta": {"date": "ngày (UTC)", "version": "phiên bản cardodds", "numpy": "phiên bản numpy",
                 "seeds": "hạt giống ngẫu nhiên", "bit_generator": "bộ sinh số ngẫu nhiên", "jobs": "số tiến trình",
                 "games": "tổng số ván",
                 "seconds": "thời gian chạy", "command": "lệnh", "config": "tệp cấu hình",
                 "games computed now": "số ván tính lần này", "games reused": "số ván dùng lại"},
    },
}
"""The report's fixed text, by language."""

UNITS = {
    "vi": {
        "per game": "mỗi ván",
        "per hand": "mỗi bài",
        "per table": "mỗi bàn",
    },
}
"""The units every game uses (as the tasks declare them, in English) in the other languages; a game's own units are
in its spec's words (``GameSpec.words``, table ``"units"``)."""

CHARTS = {
    "vi": [
        (r"probability", "xác suất"),
        (r"cards", "số lá"),
        (r"estimate", "ước lượng"),
        (r"estimate \(95 % CI\)", "ước lượng (KTC 95 %)"),
        (r"games played", "số ván đã chơi"),
        (r"exact", "chính xác"),
        (r"95 % Wilson interval", "khoảng Wilson 95 %"),
        (r"arm", "phương án"),
        (r"table", "cả bàn"),
        (r"seat (\d+)", "chỗ {0}"),
        (r"table seat (\d+)", "chỗ ngồi {0}"),
        (r"any seat", "mọi chỗ"),
        (r"every seat", "mọi chỗ"),
        (r"(\d+) players", "{0} người"),
        (r"itself", "chính mình"),
        (r"each other rung", "từng bậc khác"),
        (r"(\d+) (\w+) players", "{0} người chơi {1}"),
        (r"(.+): a rung's score against another \(row against column; win 1, draw ½; seats swapped on shared deals\)",
         "{0}: điểm của một bậc khi gặp bậc khác (hàng gặp cột; thắng 1, hoà ½; đổi chỗ trên cùng những ván bài)"),
        (r"(.+): each rung's rating \(Bradley–Terry, Elo points, (.+) = 0\)",
         "{0}: hệ số của từng người chơi (Bradley–Terry, điểm Elo, {1} = 0)"),
        (r"rating \(Elo points\)", "hệ số (điểm Elo)"),
    ],
}
"""Chart words every game uses (axis and legend words) in the other languages: ``(regex, template)``; see
:func:`charts`."""

CATCH_ALL = {
    "vi": [
        (r"(.+): metrics against (.+)", "{0}: các chỉ số theo {1}"),
        (r"(.+) vs (.+)", "{0} gặp {1}"),
        (r"(.+) \(seat (\d+)\)", "{0} (chỗ {1})"),
    ],
}
"""The chart patterns that match much, tried after every game's own (:func:`charts`)."""

ARMS = {
    "en": [
        (r"players=(\d+)", "{0} players"),
        (r"(\w+)_seats(\d)(\d)", "{0} at seats {1} and {2}"),
        (r"(\w+)_seat(\d+)", "{0} at seat {1}"),
        (r"(\w+)_vs_(\w+)", "{0} against {1}"),
    ],
    "vi": [
        (r"players=(\d+)", "{0} người chơi"),
        (r"(\w+)_seats(\d)(\d)", "{0} ở chỗ {1} và {2}"),
        (r"(\w+)_seat(\d+)", "{0} ở chỗ {1}"),
        (r"(\w+)_vs_(\w+)", "{0} gặp {1}"),
    ],
}
"""Arm names in words (``players=3``: "3 players"; ``heuristic_seat0``: "heuristic at seat 0"), tried after the
game's own names (its words' ``"arms"`` table) and before keeping the name as it is (:func:`arm`)."""

PARAMETERS = {
    "en": {"rules.players": "players at the table"},
    "vi": {"rules.players": "số người chơi"},
}
"""A swept parameter in words (a sweep chart's x axis), by its dotted name (:func:`parameter`)."""


def _games():
    from cardodds.sim.games import games

    return games()


def units(lang: str) -> dict[str, str]:
    """Every unit's words in ``lang``: the shared :data:`UNITS`, then each game's."""
    out = dict(UNITS.get(lang, {}))
    for spec in _games():
        out.update(spec.words_in(lang, "units"))
    return out


def titles(lang: str) -> dict[str, str]:
    """Experiment titles in ``lang``, by the experiment's name, from every game's words."""
    return {name: title for spec in _games() for name, title in spec.words_in(lang, "titles").items()}


def descriptions(lang: str) -> dict[str, tuple[str, str]]:
    """Experiment descriptions in ``lang``, by the experiment's name: ``(fingerprint, text)``, where the fingerprint
    (:func:`fingerprint`) is that of the config's English description the text translates.  When the config's
    description changes, the translation is out of date and the config's own text is shown (``tests/test_labels.py``
    finds every such translation in configs/)."""
    return {name: found for spec in _games() for name, found in spec.words_in(lang, "descriptions").items()}


def charts(lang: str) -> list[tuple[str, str]]:
    """Chart text (titles, axis and legend words) in ``lang``: ``(regex, template)``, the first full match wins; a
    matched group is itself translated when it is chart text (``Tấn, 4 players`` inside a title), else kept (a rung's
    name, a number).  The shared words first, then each game's, then :data:`CATCH_ALL`."""
    return [*CHARTS.get(lang, []), *(p for spec in _games() for p in spec.words_in(lang, "charts")),
            *CATCH_ALL.get(lang, [])]


def arm_names(lang: str) -> dict[str, str]:
    """Every game's arm names in words in ``lang`` (their ``"arms"`` words), by the arm's name."""
    return {name: said for spec in _games() for name, said in spec.words_in(lang, "arms").items()}


def seating_phrases(lang: str) -> list[tuple[str, str]]:
    """Phrases of the players' descriptions (``seating``) in ``lang``, from every game's words; a strategy's name
    stays as it is."""
    return [p for spec in _games() for p in spec.words_in(lang, "seating")]


_lang: contextvars.ContextVar[str] = contextvars.ContextVar("cardodds_lang", default="en")
_labeller: contextvars.ContextVar[Callable[[str, str], str] | None] = contextvars.ContextVar("cardodds_labeller",
                                                                                           default=None)
_task_words: contextvars.ContextVar[dict] = contextvars.ContextVar("cardodds_task_words", default={})


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
def using(lang: str | None = None, label_of: Callable[[str, str], str] | None = None,
          words: dict | None = None) -> Iterator[None]:
    """Write in ``lang`` (unchanged when None) inside the block, with ``label_of(metric, lang)`` naming metrics in
    charts (a task's :meth:`~cardodds.sim.registry.Task.label_of`; unchanged when None) and ``words`` (a task's
    ``Task.words``: its chart texts per language, by the English text) before :func:`charts`."""
    tokens = []
    if lang is not None:
        tokens.append((_lang, _lang.set(check_language(lang))))
    if label_of is not None:
        tokens.append((_labeller, _labeller.set(label_of)))
    if words is not None:
        tokens.append((_task_words, _task_words.set(words)))
    try:
        yield
    finally:
        for var, token in reversed(tokens):
            var.reset(token)


def language() -> str:
    """The language being written."""
    return _lang.get()


def text(key: str, **fields):
    """The report's text ``key`` in the current language, its ``{fields}`` filled in."""
    value = TEXT[language()][key]
    return value.format(**fields) if fields and isinstance(value, str) else value


def unit(name: str) -> str:
    """A task's unit in the current language."""
    if language() == "en":
        return name
    try:
        return units(language())[name]
    except KeyError:
        raise KeyError(f"no {language()!r} words for the unit {name!r}: add it to the game's words (GameSpec.words)"
                       " or to cardodds.analysis.i18n.UNITS") from None


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
        raise KeyError(f"no {language()!r} words for the chart text {words!r}: add it to the task's words (Task.words)"
                       " or to its game's words (GameSpec.words)")
    return translated


def chart_or_same(words: str) -> str:
    """Chart text that may be a name (a rung, a strategy): translated when :func:`charts` knows it, else as it is."""
    return words if language() == "en" else (_chart(words) or words)


def arm(name) -> str:
    """An arm's name in words in the current language: the game's own words for it, else a pattern of :data:`ARMS`
    (its parts themselves put in words), else the name as it is."""
    name = str(name)
    own = arm_names(language()).get(name)
    if own is not None:
        return own
    patterns = [p for spec in _games() for p in spec.words_in(language(), "arm_patterns")]
    for pattern, template in [*patterns, *ARMS.get(language(), [])]:
        match = re.fullmatch(pattern, name)
        if match:
            return template.format(*(arm(g) if i else _local_number(arm(g)) for i, g in enumerate(match.groups())))
    return _local_number(name)


def parameter(name: str) -> str:
    """A swept parameter (``rules.players``) in words in the current language, else its name."""
    return PARAMETERS.get(language(), {}).get(name, name)


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
    own = _task_words.get().get(language(), {}).get(words)
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
