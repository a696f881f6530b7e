"""One vocabulary (issue 32 item 4): every word a person reads comes from one catalogue per language, keyed by ids;
nothing is translated twice, a missing word is found here, and no English catalogue words leak into Vietnamese."""

import re
from importlib import import_module
from pathlib import Path

import pytest

import cardodds.vocabulary as vocabulary
from cardodds.advise import advice_frame, position_at
from cardodds.analysis.advice_text import advice_text
from cardodds.sim import registry
from cardodds.sim.game_spec import read_words
from cardodds.sim.games import games
from cardodds.sim.position import position_module
from cardodds.vocabulary import LANGUAGES, MissingWord, problems, word


def english_fragments() -> list[str]:
    """The catalogue's English words that a Vietnamese text must not show: each template's fixed parts of two words
    or more, from every id that has Vietnamese words of its own, but for parts the Vietnamese words say too (a
    game's term: "Tới trắng")."""
    out, said = set(), []
    for found in vocabulary.catalogue().values():
        en, vi = found.get("en"), found.get("vi")
        if isinstance(en, str) and isinstance(vi, str) and en != vi:
            out.update(f.strip() for f in re.split(r"\{[^}]*\}|[():;,.!?“”«»\"]", en) if len(f.split()) >= 2)
        said += [vi] if isinstance(vi, str) else []
    return sorted(f for f in out if not any(f in v for v in said))


def english_in_vietnamese(text: str) -> list[str]:
    """The fragments of :func:`english_fragments` that ``text`` holds."""
    return [f for f in english_fragments() if re.search(rf"(?<!\w){re.escape(f)}(?!\w)", text)]


def test_the_catalogue_has_every_word_once_in_every_language():
    assert problems() == []
    assert len(vocabulary.catalogue()) > 250


def test_a_missing_word_is_an_error_naming_it():
    with pytest.raises(MissingWord, match=r"no 'vi' words for 'report\.nosuch'"):
        word("report.nosuch", "vi")
    with pytest.raises(MissingWord, match=r"no 'fr' words for 'report\.headline'"):
        word("report.headline", "fr")
    assert word("report.headline", "vi") == "Kết quả chính" and word("units.per game", "en") == "per game"
    assert word("report.one_in", "vi", n="880") == "1 trên 880"


def test_problems_find_a_word_translated_twice_and_one_missing(monkeypatch):
    shared = {"en": {"report": {"a": "A"}}, "vi": {"report": {"a": "Ạ"}, "units": {"per game": "mỗi ván"}}}
    game = {"vi": {"units": {"per game": "mỗi ván chơi"}}, "en": {"arms": {"b": "B"}}}
    monkeypatch.setattr(vocabulary, "sources", lambda: [("shared", shared), ("game x", game)])
    monkeypatch.setattr(vocabulary, "_stamp", lambda: "two sources")  # the catalogue is built again from them
    assert problems() == ["'units.per game' in 'vi' is translated twice: by shared and by game x",
                          "'arms.b' has no 'vi' words"]
    assert word("units.per game", "vi") == "mỗi ván" and word("arms.b", "en") == "B"  # the first source's words
    assert vocabulary.table("units", "vi") == {"per game": "mỗi ván"}


def test_words_are_read_from_a_file_a_language_and_a_language_is_added_by_adding_its_file(tmp_path):
    (tmp_path / "words.en.toml").write_text('arm_patterns = [[\'(\\w+)_x\', "{0} twice"]]\n'
                                            '[page]\n"advise.rank.x" = ["mean", "higher"]\n', encoding="utf-8")
    (tmp_path / "words.vi.toml").write_text('[units]\n"per game" = "mỗi ván"\n', encoding="utf-8")
    (tmp_path / "tuned.toml").write_text("[knobs]\n", encoding="utf-8")  # not a words file
    assert read_words(tmp_path) == {"en": {"arm_patterns": [(r"(\w+)_x", "{0} twice")],
                                           "page": {"advise.rank.x": ["mean", "higher"]}},
                                    "vi": {"units": {"per game": "mỗi ván"}}}
    assert isinstance(read_words(tmp_path)["en"]["arm_patterns"][0], tuple)  # a pattern row, as the catalogue reads it
    fresh = tmp_path / "again"
    fresh.mkdir()
    (fresh / "page.fr.toml").write_text('[page]\nclear = "Effacer"\n', encoding="utf-8")
    assert read_words(fresh, "page") == {"fr": {"page": {"clear": "Effacer"}}}


def test_every_source_of_words_is_a_data_file_a_language():
    """The shared words and each game's are TOML files beside their code, one per language of :data:`LANGUAGES`
    (a game's English may be only its pages' and arms' words: the other tables are keyed by the English)."""
    folders = [(Path(vocabulary.__file__).parent, stem) for stem in ("report", "advice", "page")]
    game_folders = [Path(import_module(spec.rules.partition(":")[0]).__file__).parent for spec in games()]
    folders += [(folder, stem) for folder in game_folders for stem in ("words", "labels")]
    folders += [(Path(registry.__file__).parent, "labels")]  # the strength rows every game shares
    for folder, stem in folders:
        assert sorted(p.name for p in folder.glob(f"{stem}.*.toml")) == [f"{stem}.{lang}.toml" for lang in LANGUAGES]
        said = {lang: {f"{table}.{key}" for table, found in tables.items()
                       for key in (dict(found) if isinstance(found, list) else found)}
                for lang, tables in read_words(folder, stem).items()}
        english_keyed = {key for key in said["vi"] if key.split(".", 1)[0] in vocabulary.ENGLISH_KEYED}
        assert said["en"] == said["vi"] - english_keyed, (folder, stem)
    assert not list(Path(vocabulary.__file__).parent.glob("*_words.py"))


def test_no_word_table_is_left_in_python():
    """No ``{"en": ..., "vi": ...}`` table of words in the package's code: every word is in a data file."""
    tables = [(path.name, line) for path in Path(vocabulary.__file__).parent.parent.rglob("*.py")
              for line in path.read_text(encoding="utf-8").splitlines()
              if re.search(r"""(?:^|[{,])\s*["'](?:en|vi)["']\s*:""", line) and "``" not in line]
    assert tables == []


def test_every_task_of_every_game_labels_its_metrics_from_data_in_every_language():
    """A game's tasks read their labels from the game's ``labels.<lang>.toml`` (the metrics' words the catalogue
    holds as ``labels.<task>.<key>``), a table a task, the same keys in every language."""
    for spec in games():
        for name in spec.tasks:
            labels = registry.get_task(name).labels
            assert sorted(labels) == sorted(LANGUAGES), name
            assert all(labels[lang].keys() == labels["en"].keys() for lang in LANGUAGES), name
            for key, said in labels["en"].items():
                assert vocabulary.word(f"labels.{name}.{key}", "en") == said
    coin = registry.get_task("demo.coin")
    assert coin.label_of("heads", "vi") == "đồng xu ra mặt ngửa"
    assert registry.get_task("sam.strength").label_of("value.basic.bayes", "vi") == (
        "basic gặp bayes: cược trung bình mỗi ván, mỗi ghế của A")
    assert "value.<a>.<b>" not in registry.get_task("tan.strength").labels["en"]  # Tấn has no payoff


def test_a_task_reads_its_labels_from_a_file_a_language_with_the_game_s_own_terms(tmp_path):
    (tmp_path / "labels.en.toml").write_text('[play]\n"cuoc.<cuoc>" = "win calls {cuoc}"\n', encoding="utf-8")
    (tmp_path / "labels.fr.toml").write_text('[play]\n"cuoc.<cuoc>" = "gagne par {cuoc}"\n[deal]\nx = "X"\n',
                                             encoding="utf-8")
    labels = registry.read_labels(tmp_path, "play", cuoc={"tom": "Tôm"})
    assert labels == {"en": {"cuoc.<cuoc>": "win calls {cuoc}", "<cuoc>": {"tom": "Tôm"}},
                      "fr": {"cuoc.<cuoc>": "gagne par {cuoc}", "<cuoc>": {"tom": "Tôm"}}}
    task = registry.Task(name="x.play", parse=None, run_chunk=None, measures=None, labels=labels)
    assert task.label_of("cuoc.tom", "fr") == "gagne par Tôm"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_game_with_positions_names_its_measures_on_the_page(lang):
    """The mid-game page's column heads, meanings and ranking come from the game's words, never from the server's
    English text."""
    for spec in games():
        if spec.position is not None:
            module = position_module(spec)
            for name in module.MEASURES:
                head, meaning = word(f"page.advise.measures.{spec.name}.{name}", lang)
                assert head and meaning, (spec.name, name)
            assert len(word(f"page.advise.rank.{spec.name}", lang)) == 3, spec.name


def test_the_fragments_find_english_in_a_text():
    assert english_in_vietnamese("Kết quả: the move to play") == ["the move to play"]
    assert english_in_vietnamese("Nên đi: nước tốt nhất") == []


@pytest.fixture(scope="module")
def tables():
    """Every game's advice and position odds at a cut position (the 2nd decision of game 1), as the CLI prints them,
    in every language: ``{(game, lang): text}``."""
    from cardodds import odds

    out = {}
    for spec in games():
        if spec.position is None:
            continue
        state = position_at(spec.name, 1, 2)
        advice = advice_frame(spec.name, state, games=40, seed=3)
        for lang in LANGUAGES:
            position_odds = getattr(odds, spec.name)(state=state, games=40, seed=3, lang=lang)
            out[spec.name, lang] = advice_text(advice, lang) + "\n" + position_odds.text
    return out


def test_every_advice_table_is_in_every_language(tables):
    assert {g for g, _ in tables} == {s.name for s in games() if s.position is not None} >= {"chan", "sam", "tan"}
    for (name, lang), text in tables.items():
        assert text.count(word("advice.footer", lang, players="", budget="").split(":")[0]) == 2, (name, lang)
        measures = position_module(next(s for s in games() if s.name == name)).MEASURES
        assert any(word(f"measures.{meaning}", lang) in text for _, meaning in measures.values()), (name, lang)
        if lang == "vi":
            assert english_in_vietnamese(text) == [], name
            assert not re.search(r"\b0\.\d", text)  # a decimal comma


def test_the_advise_command_prints_its_table_in_the_language_asked(capsys, tmp_path):
    import json

    from cardodds.cli import main

    state = tmp_path / "position.json"
    state.write_text(json.dumps(position_at("demo", 1, 2)), encoding="utf-8")
    said = {}
    for lang in LANGUAGES:
        assert main(["advise", "demo", "--state", str(state), "--games", "50", "--lang", lang]) == 0
        said[lang] = capsys.readouterr().out
    assert said["en"].startswith("2 moves, ranked by win (higher is better)")
    assert said["vi"].startswith("2 nước đi, xếp theo win (cao hơn là tốt hơn)")
    assert "thắng (đoán đúng 2 trong 3 lần)" in said["vi"] and english_in_vietnamese(said["vi"]) == []
