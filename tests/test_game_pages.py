"""The page's parts of each game come from its own folder: the pages' scripts (``web/static/*.js``) name no game,
``/games.js`` serves every registered game's ``page.js`` (the test-only ``demo`` game's too, found in
``tests/demo_game/``), and in a browser each game's parts are the ones the pages use: the demo's mid-game form, Sâm's
``bao_1`` following the counts, a server message naming a Chắn seat by the catalogue's words.

The browser and the server are those of ``tests/test_serve.py`` (Debian's chromium and chromium-driver)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from test_serve import _wait, browser, demo_server  # noqa: F401 (fixtures)

import cardodds.web
from cardodds.sim.game_spec import role_file
from cardodds.sim.games import game, game_names, games
from cardodds.vocabulary import table

STATIC = Path(cardodds.web.__file__).parent / "static"
DEMO_PAGE = Path(__file__).parent / "demo_game" / "page.js"


def _code(text: str) -> str:
    """A script without its comments (prose may name a game)."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.DOTALL)
    return "\n".join(re.sub(r"(^|\s)//.*$", "", line) for line in text.splitlines())


def names_a_game(text: str, names) -> list[str]:
    """Where ``text`` (a script) names one of the games ``names`` in its code: as a string (``=== "sam"``), a key
    (``chan: 2``, ``chan(d) {``) or a property (``words.choices.chan.seat``)."""
    found = []
    for name in names:
        pattern = rf"""["'`]{name}["'`]|\b{name}\s*[:(]|\.{name}\b"""
        found += [m.group(0) for m in re.finditer(pattern, _code(text))]
    return found


def test_no_page_script_names_a_game():
    """A fourth game touches only its folder: what the pages show of one game is its page.js, never a branch or a
    key of the generic scripts."""
    scripts = sorted(STATIC.glob("*.js"))
    assert len(scripts) >= 6
    for script in scripts:
        assert names_a_game(script.read_text(encoding="utf-8"), game_names()) == [], script.name


@pytest.mark.parametrize("drift", ['if (game === "sam") {', "const EXACT = {\n  chan(d) {", "{ chan: 2, chiu: 4 }",
                                   "words.choices.chan.seat[m[1]]", '|| "tan";', "const FORM_PER_SEAT = { tan: {"])
def test_the_check_finds_a_game_named_in_a_script(drift):
    assert names_a_game(drift, game_names()) != []
    assert names_a_game("// Chắn's melds: \"chan 9V\", the chan.play task\nconst melds = W().melds;", game_names()) == []


def test_a_games_page_js_is_found_in_its_folder():
    """By file name in the spec's package, nothing of the game imported: the demo's outside the package."""
    assert game("demo").role_file("page.js").resolve() == DEMO_PAGE.resolve()
    assert game("chan").role_file("page.js").parent.name == "chan"
    assert role_file("cardodds.sim", "page.js") is None and role_file(None, "page.js") is None


def test_games_js_serves_every_games_page_js():
    from asgi_call import asgi_call

    status, body = asgi_call("GET", "/games.js")
    text = body.decode("utf-8")
    assert status == 200 and text.count("const GAME_PAGES = {};") == 1
    with_page = [g.name for g in games() if g.role_file("page.js") is not None]
    assert with_page == ["chan", "sam", "tan", "demo"]
    places = [text.index(g.role_file("page.js").read_text(encoding="utf-8")) for g in games() if g.name in with_page]
    assert places == sorted(places) and "GAME_PAGES.demo = {" in text  # in the registry's order, the demo's too


# ---- in a browser ----
def _position(driver) -> dict:
    return json.loads(driver.find_element("id", "state").get_attribute("value"))


def _ready(driver, url: str):
    driver.get(url)
    _wait(driver, lambda d: d.execute_script("return typeof AdviseForm === 'object' && AdviseForm.model !== null"))


def test_the_pages_get_each_games_parts(demo_server, browser):  # noqa: F811
    """Every game's page.js registered itself; the demo, with a form and no answers, shows its hand's answer
    listed."""
    browser.get(demo_server + "demo")
    _wait(browser, lambda d: d.find_element("tag name", "body").get_attribute("data-ready") == "1")
    parts = browser.execute_script("return Object.fromEntries(Object.entries(GAME_PAGES)"
                                   ".map(([g, p]) => [g, Object.keys(p).sort()]))")
    assert parts == {"chan": ["exact", "form", "sim", "summary"], "sam": ["exact", "form", "move", "sim", "summary"],
                     "tan": ["exact", "form", "sim", "summary"], "demo": ["form"]}


def test_the_demo_form_comes_from_its_folder(demo_server, browser):  # noqa: F811
    """Its calls and tosses filled by clicking: a face used twice (a coin's faces repeat), the JSON the form
    writes, and the server's line of legal moves under it."""
    browser.execute_script("localStorage.setItem('cardodds.lang', 'en')")
    try:
        _ready(browser, demo_server + "advise/demo")
        assert browser.find_element("id", "form").is_displayed()
        assert _position(browser) == {"rules": {"p": 0.5}, "calls": "", "tosses": ""}
        for path in ("calls", "tosses"):
            browser.find_element("css selector", f'#form [data-fill="{path}"]').click()
            browser.find_element("css selector", '#form-deck .face[data-code="H"]').click()
        assert _position(browser) == {"rules": {"p": 0.5}, "calls": "H", "tosses": "H"}
        assert "Your calls" in browser.find_element("id", "form").text
        _wait(browser, lambda d: d.find_element("id", "form-check").get_attribute("data-ok") == "1")
        assert browser.find_element("id", "form-check").text == "The position reads. Its moves: heads, tails."
    finally:
        browser.execute_script("localStorage.clear()")


def test_sams_bao_1_follows_the_counts(demo_server, browser):  # noqa: F811
    """Data in Sâm's page.js (follows): a bao_1 the JSON gives is the seats with one card left after an edit."""
    _ready(browser, demo_server + "advise/sam?seed=1&at=5")
    _wait(browser, lambda d: d.find_element("tag name", "body").get_attribute("data-state") in ("done", "error"))
    browser.execute_script("document.getElementById('setup').open = true")  # answered, the form folded away
    cut = _position(browser)
    box = browser.find_element("id", "state")
    browser.execute_script("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'))", box,
                           json.dumps({**cut, "bao_1": []}))
    count = browser.find_element("id", "f-counts-1")
    count.clear()
    count.send_keys("1")
    written = _position(browser)
    assert written["counts"][1] == 1
    assert written["bao_1"] == [s for s, n in enumerate(written["counts"]) if n == 1]


def test_a_chan_seat_in_a_server_message_is_said_in_the_catalogues_words(demo_server, browser):  # noqa: F811
    browser.get(demo_server + "chan")
    _wait(browser, lambda d: d.find_element("tag name", "body").get_attribute("data-ready") == "1")
    said = lambda seat: browser.execute_script(
        f"return errorWords('vi', 'a hand at seat {seat} (not the cái, seat 0) has 20 cards, this one has 19')")
    words = table("page", "vi")
    assert said(1) == f"Bài của {words['choices.chan.seat'][1]} có 20 lá, bài này có 19 lá."
    assert said(7) == f"Bài của {words['chan_seat_other']} có 20 lá, bài này có 19 lá."
