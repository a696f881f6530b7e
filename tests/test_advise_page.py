"""The mid-game page's form (``/advise/<game>``) in headless Chromium: a Tấn position built by clicking the deck and
typing counts is the JSON the form writes, the server's one-line error shows beside the form while it is
inconsistent, and once it is complete the ranked moves are ``cardodds.advise.tan``'s. The JSON text edited by hand
redraws the form, and the page fits a 360 px phone.

The browser and the server are those of ``tests/test_serve.py`` (Debian's chromium and chromium-driver)."""

from __future__ import annotations

import json

import pytest

from test_serve import _state, _viewport, _wait, browser, server  # noqa: F401 (fixtures)

HAND = "6s Kh"
# Everything but the hand and the four cards the other seat holds (10h Jh Qh Ah): two players, the stock empty, so
# every move's value is exact and the answer comes at once.
DISCARD = ("2s 3s 4s 5s 7s 8s 9s 10s Js Qs Ks As 2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc Ac "
           "2d 3d 4d 5d 6d 7d 8d 9d 10d Jd Qd Kd Ad 2h 3h 4h 5h 6h 7h 8h 9h")
POSITION = {"rules": {"players": 2}, "seat": 0, "decision": "attack", "hand": HAND, "trump": "h", "bottom": None,
            "stock": 0, "discard": DISCARD, "table": [], "attacker": 0, "defender": 1, "hand_sizes": [2, 4],
            "known": ["", ""], "out": [], "passes": 0, "bouts": 0}


def _type(driver, element_id: str, value):
    box = driver.find_element("id", element_id)
    box.clear()
    box.send_keys(str(value))
    driver.execute_script("arguments[0].dispatchEvent(new Event('change', {bubbles: true}))", box)


def _click_cards(driver, cards: str):
    for code in cards.split():
        driver.find_element("css selector", f'#form-deck .face[data-code="{code}"]').click()


def _click_many(driver, cards: str):
    """Click the deck's faces of ``cards`` in one round trip to the browser (the same click handlers: it is faster)."""
    driver.execute_script("for (const code of arguments[0])"
                          "  document.querySelector(`#form-deck .face[data-code='${code}']`).click()", cards.split())


def _fill(driver, path: str):
    driver.find_element("css selector", f'#form [data-fill="{path}"]').click()


def _position(driver) -> dict:
    return json.loads(driver.find_element("id", "state").get_attribute("value"))


def _ask_error(driver) -> str:
    driver.find_element("id", "ask").click()
    _state(driver, "error")
    return driver.find_element("id", "error").text


def test_a_tan_position_built_by_clicking_gets_the_ranked_moves(server, browser):  # noqa: F811
    from cardodds import advise
    from cardodds.advise import read_position
    from cardodds.sim.errors import CardoddsError

    browser.get(server + "advise/tan?blank=1")
    _wait(browser, lambda d: d.find_element("tag name", "body").get_attribute("data-ready") == "1")
    _type(browser, "f-rules-players", 2)
    _click_cards(browser, HAND)  # the own hand is the field being filled at first
    _type(browser, "f-hand_sizes-0", 2)
    _type(browser, "f-hand_sizes-1", 4)
    _type(browser, "f-stock", 0)
    half = {**POSITION, "discard": ""}
    assert _position(browser) == half
    with pytest.raises(CardoddsError) as error:
        read_position("tan", half)
    check = lambda: browser.find_element("id", "form-check")  # noqa: E731
    _wait(browser, lambda d: check().text == str(error.value))  # said as the form is edited
    assert check().get_attribute("data-ok") == "0"
    assert _ask_error(browser) == str(error.value)  # and on asking: the server's one line, beside the form

    _fill(browser, "discard")
    _click_many(browser, DISCARD)
    badges = browser.find_elements("css selector", "#form-deck .face.picked")
    assert len(badges) == len(DISCARD.split())
    assert _position(browser) == POSITION
    _wait(browser, lambda d: check().text == "Thế bài hợp lệ. Các nước đi: 6♠, K♥.")
    assert check().get_attribute("data-ok") == "1"
    assert browser.find_element("id", "setup").get_attribute("open") is not None  # mended under the message
    browser.find_element("id", "ask").click()
    _state(browser, "done")
    assert browser.find_element("id", "setup").get_attribute("open") is None  # answered: the form folds away
    rows = browser.find_elements("css selector", "#moves tr[data-move]")
    table = advise.tan(POSITION)
    assert [r.get_attribute("data-move") for r in rows] == list(table.move) == ["6s", "Kh"]
    for row, (_, expected) in zip(rows, table.iterrows()):
        value = row.find_element("css selector", f'[data-key="{expected.move}.lose"]').get_attribute("data-value")
        assert json.loads(value) == pytest.approx(expected.lose, abs=1e-12)


def test_the_json_text_redraws_the_form_and_the_form_fits_a_phone(server, browser):  # noqa: F811
    browser.get(server + "advise/tan?blank=1")
    _wait(browser, lambda d: d.find_element("tag name", "body").get_attribute("data-ready") == "1")
    typed = {**POSITION, "trump": "♠", "decision": "defend", "table": [["9h", None]], "thrower": 1, "attacker": 1,
             "defender": 0, "hand_sizes": [2, 3], "discard": DISCARD.replace("9h", "").strip()}
    browser.execute_script("const t = document.getElementById('state'); t.value = arguments[0];"
                           "t.dispatchEvent(new Event('input'))", json.dumps(typed))
    value = lambda i: browser.find_element("id", i).get_attribute("value")  # noqa: E731
    shown = (value("f-trump"), value("f-decision"), value("f-thrower"), value("f-hand_sizes-1"))
    assert shown == ("♠", "defend", "1", "3")  # the trump as typed
    chips = [c.get_attribute("data-code") for c in browser.find_elements("css selector", "#f-hand .chip")]
    assert chips == HAND.split()
    assert [c.text for c in browser.find_elements("css selector", "#f-table .chip")] == ["9♥", "—"]
    _fill(browser, "table")
    _click_cards(browser, "Jh")  # the cover goes where the table has none
    assert _position(browser)["table"] == [["9h", "Jh"]]
    browser.find_element("css selector", '#f-table .chip[data-index="1"]').click()  # the cover taken back
    assert _position(browser)["table"] == [["9h", None]]
    assert "Chất chủ" in browser.find_element("id", "form").text  # Vietnamese first
    _fill(browser, "hand")
    _click_cards(browser, "6s")  # already in the hand: the deck holds one
    assert browser.find_element("id", "form-note").text == "Lá 6♠ đã được ghi ở một ô khác."
    assert _position(browser)["hand"] == HAND
    assert "gone" in browser.find_element("css selector", '#form-deck .face[data-code="2s"]').get_attribute("class")

    browser.execute_script("const t = document.getElementById('state'); t.value = '{\"seat\": 0,';"
                           "t.dispatchEvent(new Event('input'))")  # half typed: the form waits, and says why
    assert browser.find_element("id", "form-note").text.startswith("JSON chưa đọc được: ")
    assert browser.find_elements("css selector", "#f-hand .chip")  # the form still shows the last position read
    _wait(browser, lambda d: d.find_element("id", "form-check").text.startswith("the position: not valid JSON"), 20)

    _viewport(browser, 360, 740)
    try:
        width = browser.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
        assert width[0] <= width[1] == 360
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


@pytest.mark.parametrize("game, seed, at", [("chan", 3, 12), ("sam", 2, 19)])
def test_a_cut_position_edited_in_the_form_reads_back_the_same(server, browser, game, seed, at):  # noqa: F811
    """A card taken out of the hand and clicked back in, a list set and set back: the position the server reads is
    the one cut from the game (the form keeps the keys it does not show)."""
    from selenium.webdriver.support.ui import Select

    from cardodds.advise import position_at, read_position

    cut = position_at(game, seed, at)
    browser.get(server + f"advise/{game}?blank=1")
    _wait(browser, lambda d: d.find_element("tag name", "body").get_attribute("data-ready") == "1")
    browser.execute_script("const t = document.getElementById('state'); t.value = arguments[0];"
                           "t.dispatchEvent(new Event('input'))", json.dumps(cut))
    first = browser.find_element("css selector", "#f-hand .chip")
    code = first.get_attribute("data-code")
    first.click()
    assert _position(browser)["hand"].split() == cut["hand"].split()[1:]
    _click_cards(browser, code)
    seat = Select(browser.find_element("id", "f-seat"))
    seat.select_by_value(str((cut["seat"] + 1) % 4))
    Select(browser.find_element("id", "f-seat")).select_by_value(str(cut["seat"]))
    if game == "chan":  # a meld taken off seat 0's mat and clicked back on; a cạ clicked on and taken off again
        assert cut["seats"][0]["mat"] == ["chan 3S"]
        browser.find_element("css selector", '#f-seats-0-mat .chip[data-index="0"]').click()
        assert _position(browser)["seats"][0]["mat"] == []
        _fill(browser, "seats.0.mat")
        _click_cards(browser, "3S")
        assert _position(browser)["seats"][0]["mat"] == ["chan 3S"]
        Select(browser.find_element("css selector", "#f-seats-0-mat .meld-kind")).select_by_value("ca")
        _click_cards(browser, "9V 9W")
        assert _position(browser)["seats"][0]["mat"] == ["chan 3S", "ca 9V 9W"]
        assert browser.find_element("css selector", '#f-seats-0-mat .chip[data-index="1"]').text == "cạ Cửu Vạn Cửu Văn"
        browser.find_element("css selector", '#f-seats-0-mat .chip[data-index="1"]').click()
    written = _position(browser)
    assert sorted(written["hand"].split()) == sorted(cut["hand"].split())
    assert read_position(game, written)[1] == read_position(game, cut)[1]


def test_every_form_field_is_a_key_of_its_games_position():
    """The form each game's page.js declares writes only keys the position readers know (docs/rules.md §1.12,
    §2.11, §3.11)."""
    import re

    from cardodds.sim.chan import position_json as chan
    from cardodds.sim.games import game
    from cardodds.sim.sam import position_json as sam
    from cardodds.sim.tan import position_json as tan

    keys = {"chan": set(chan.KEYS), "sam": set(sam.KEYS), "tan": set(tan.REQUIRED + tan.OPTIONAL)}
    for name, known in keys.items():
        source = game(name).role_file("page.js").read_text(encoding="utf-8")
        block = source[source.index("fields: ["):source.index("blank:")]
        paths = re.findall(r'path: "([\w.*]+)"', block)
        assert len(paths) >= 8 and {p.split(".")[0] for p in paths} <= known, name
        seat_keys = {p.split(".")[2] for p in paths if p.startswith("seats.")}
        assert seat_keys <= set(chan.SEAT_KEYS)


def test_check_answers_the_moves_or_the_one_line_error_and_plays_nothing():
    """``POST /api/advise/<game>?check=1``, as the form asks it while a person edits."""
    from test_advise_web import _post

    from cardodds.advise import read_position
    from cardodds.sim.errors import CardoddsError

    status, body = _post("/api/advise/tan?check=1", json.dumps(POSITION).encode())
    assert status == 200 and json.loads(body) == {"game": "tan", "moves": ["6s", "Kh"]}
    wrong = {**POSITION, "hand_sizes": [2, 5]}
    with pytest.raises(CardoddsError) as error:
        read_position("tan", wrong)
    status, body = _post("/api/advise/tan?check=1", json.dumps(wrong).encode())
    assert status == 400 and json.loads(body) == {"error": str(error.value)}
    status, body = _post("/api/advise/demo?check=1&games=0", b"{}")
    assert status == 400 and json.loads(body) == {"error": "games must be a whole number >= 1, not 0"}
    status, body = _post("/api/advise/demo?check=0&games=100", b"{}")  # check=0: the events, as without it
    assert status == 200 and body.startswith(b"event: start\n")
