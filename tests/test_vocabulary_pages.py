"""Every page view (the hand page and the mid-game page of every game, the test-only ``demo`` game too) in every
language has all its words: nothing ``undefined``, no template left unfilled, no error in the console, and no English
words of the catalogue on a Vietnamese page.  Then, without a browser, every word the pages' scripts name is in the
catalogue in every language.

The browser and the server are those of ``tests/test_serve.py`` (Debian's chromium and chromium-driver)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import cardodds.web
from test_serve import HANDS, _click_hand, _open, _state, browser, demo_server  # noqa: F401 (fixtures)
from test_vocabulary import english_in_vietnamese

from cardodds.sim.games import game as spec_of
from cardodds.sim.games import games
from cardodds.sim.position import position_module
from cardodds.vocabulary import LANGUAGES, table

STATIC = Path(cardodds.web.__file__).parent / "static"
CUTS = {"chan": (1, 5), "sam": (1, 5), "tan": (1, 5), "demo": (1, 2)}
"""The position each game's mid-game page is opened at (``?seed=S&at=K``)."""
BASES = {"app.js": "", "advise.js": "advise.", "advise_form.js": "form.", "cards.js": None}
"""Each script's ``W()`` words (``W()`` and ``w`` are ``WORDS[lang]``, its ``advise`` or its ``form``)."""


def _check(driver, lang: str, where: str):
    """The page's text has every word: nothing left unsaid, no script error; in Vietnamese, no English of the
    catalogue."""
    text = driver.find_element("tag name", "body").text
    assert not re.search(r"undefined|NaN|\[object|\{\d+\}|\{[\w.]+:\d", text), (where, text)
    errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE" and e["source"] != "network"]
    assert not errors, (where, errors)
    if lang == "vi":
        assert english_in_vietnamese(text) == [], where
        assert english_words(text) == [], where


def english_words(text: str) -> list[str]:
    """The catalogue's single English words of the page (a face's name: ``heads``) found whole in ``text``, where
    the Vietnamese differs (:func:`english_in_vietnamese` reads phrases of two words or more)."""
    english, vietnamese = table("page", "en"), table("page", "vi")
    said = {english[k] for k in english if k.startswith("faces.") and english[k] != vietnamese.get(k)}
    return sorted(w for w in said if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", text))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_view_has_every_word(demo_server, browser, lang):  # noqa: F811
    browser.get(demo_server + "demo")
    browser.execute_script(f"localStorage.setItem('cardodds.lang', '{lang}')")
    try:
        for game, hand in {**HANDS, "demo": "H"}.items():
            browser.get_log("browser")  # forget what the console said before
            _open(browser, demo_server, game)
            _click_hand(browser, hand)
            _state(browser, "done")
            _check(browser, lang, f"/{game}")
        for game, (seed, at) in CUTS.items():
            browser.get(demo_server + f"advise/{game}?seed={seed}&at={at}")
            _state(browser, "done", "error")
            assert browser.find_element("tag name", "body").get_attribute("data-state") == "done", game
            assert browser.find_element("tag name", "html").get_attribute("lang") == lang
            _check(browser, lang, f"/advise/{game}")
            text = browser.find_element("tag name", "body").text
            english = [meaning for _, meaning in position_module(spec_of(game)).MEASURES.values() if meaning in text]
            assert english == [], game  # the server's words for a measure: the page says its own
    finally:
        browser.execute_script("localStorage.clear()")  # the other tests' pages speak Vietnamese


def _named(script: Path, base: str | None) -> set[str]:
    """The words' paths ``script`` names: ``W().picked``, ``w.advise.moves``, ``WORDS[lang].warming``."""
    text = script.read_text(encoding="utf-8")
    found = {m.group(1) for m in re.finditer(r"WORDS\[[\w.]+\]\.(\w+(?:\.\w+)*)", text)}
    if base is not None:
        found |= {base + m.group(1) for m in re.finditer(r"(?<![\w.])(?:this\.)?(?:W\(\)|w)\.(\w+(?:\.\w+)*)", text)}
    return found


PAGE_PARTS = {f"{g.name}/page.js": g.role_file("page.js") for g in games() if g.role_file("page.js") is not None}
"""Each game's page parts (its page.js): their ``W()`` is the hand page's words (the answers are drawn there)."""


@pytest.mark.parametrize("script", sorted(BASES) + sorted(PAGE_PARTS))
def test_every_word_a_script_names_is_in_the_catalogue(script):
    path, base = (STATIC / script, BASES[script]) if script in BASES else (PAGE_PARTS[script], "")
    named = _named(path, base)
    assert len(named) >= (3 if script in BASES and script != "cards.js" else 0)
    if script in ("chan/page.js", "sam/page.js", "tan/page.js"):
        assert len(named) >= 5, script
    for lang in LANGUAGES:
        ids = table("page", lang)
        missing = [p for p in named if not any(k == p or k.startswith(p + ".") or p.startswith(k + ".") for k in ids)]
        assert missing == [], (script, lang)


def test_the_check_finds_a_face_named_in_english():
    assert english_words("Kết quả\nmặt: heads") == ["heads"] and english_words("mặt: ngửa (heads-up)") == ["heads"]
    assert english_words("mặt: ngửa\nmặt sấp") == []


def test_the_check_finds_a_word_the_catalogue_lacks(tmp_path):
    script = tmp_path / "x.js"
    script.write_text("const w = W(); w.picked(2); W().nosuch; WORDS[lang].advise.moves; window.scrollTo(0);", "utf-8")
    assert _named(script, "") == {"picked", "nosuch", "advise.moves"}
    assert "nosuch" not in table("page", "vi") and "picked.one" in table("page", "vi")
