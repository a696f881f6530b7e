"""The pages as a player reads them on a phone and on a laptop (issue 34): the mid-game page of every game answers
first — the best move in the game's words and its reason on the first screen — does not scroll sideways, on the page
or inside a table, and shows no English word on the Vietnamese page (``page_checks``; the hand pages are checked the
same way by ``test_serve``).  Screenshots of every mid-game page at both sizes go to ``test_serve.SHOTS``.  Then the
hand pages' words: text that is not a card, Sâm's two branches, Tấn's 36-card table, the default players.

The browser and the server are those of ``tests/test_serve.py`` (Debian's chromium and chromium-driver)."""

from __future__ import annotations

import inspect
import json
import re

import pytest
from page_checks import english, fits, layout
from test_serve import HANDS, SHOTS, SIZES, _click_hand, _fresh, _state, _viewport, _wait, browser, server  # noqa: F401

CUTS = {"chan": (1, 5), "sam": (1, 5), "tan": (1, 5)}
"""The position each game's mid-game page is opened at (``cardodds replay <game> --seed S --state-at K``)."""

def _open_advice(driver, url: str, game: str):
    seed, at = CUTS[game]
    driver.get(url + f"advise/{game}?seed={seed}&at={at}")
    driver.execute_script("localStorage.clear()")
    driver.get(url + f"advise/{game}?seed={seed}&at={at}")
    _state(driver, "done", "error")
    assert driver.find_element("tag name", "body").get_attribute("data-state") == "done", \
        driver.find_element("id", "error").text


@pytest.mark.parametrize("game", ["chan", "sam", "tan"])
def test_the_advice_page_answers_first_fits_a_phone_and_speaks_vietnamese(server, browser, game):
    from cardodds import advise
    from cardodds.advise import position_at

    seed, at = CUTS[game]
    expected = getattr(advise, game)(position_at(game, seed, at), seed=0)
    for width, height in SIZES:
        _viewport(browser, width, height)
        try:
            _open_advice(browser, server, game)
            shown = layout(browser)
            fits(shown, width)
            assert shown["lang"] == "vi" and not english(shown["text"]), " ".join(english(shown["text"]))
            box = browser.execute_script("""
                const r = (s) => document.querySelector(s).getBoundingClientRect();
                return {best: r('#answer .best').top, reason: r('#answer .reason').bottom,
                        move: document.querySelector('#answer .best b').dataset.move,
                        setup: document.getElementById('setup').open};""")
            assert 0 <= box["best"] and box["reason"] <= height  # the answer on the first screen
            assert box["move"] == expected.move[0]  # the API's best move
            rows = [r.get_attribute("data-move") for r in browser.find_elements("css selector", "#moves tr[data-move]")]
            assert rows[0] == expected.move[0] and sorted(rows) == sorted(expected.move)
            assert not box["setup"]  # the form and the JSON are folded once a position is loaded
            reason = browser.find_element("css selector", "#answer .reason").text
            names = [browser.find_element("css selector", f'#moves tr[data-move="{m}"] td').text.split("\n")[0]
                     for m in rows[:2]]
            assert reason.startswith(f"{names[0]}: ") and (len(rows) == 1 or names[1] in reason)
            assert not any(re.fullmatch(r"(chan|pass|draw|take|u|skip)", n) for n in names)  # no engine codes
            assert "Xếp theo" in shown["text"] and "mọi người (cả bạn) chơi tiếp như «" in shown["text"]
            assert re.search(r"\d+(\.\d{3})* lần chia \(thế giới\) mỗi nước, \d+ đợt, \d+,\d\d giây", shown["text"])
            SHOTS.mkdir(exist_ok=True)
            assert browser.save_screenshot(str(SHOTS / f"advise_{game}_{width}x{height}.png"))
        finally:
            browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    browser.find_element("id", "lang").click()  # English one click away
    assert browser.find_element("css selector", "#answer .best span").text == "Play:"
    browser.find_element("id", "lang").click()


# A Sâm answer made up to the page's shape: the best move by cược wins less often than the one ranked second, which
# cannot be told apart from it; a third is clearly worse.
START = {"game": "sam", "moves": ["8", "6 6", "A"], "rank_by": ["cuoc", 1], "players": "control", "games": 5000,
         "measures": {"win": ["chance", "the seat goes out first"], "cuoc": ["points", "the seat's cược"]}}


def _move(move, win, cuoc, diff, low, high, best=False, tied=False):
    return {"move": move, "best": best, "tied": tied, "exact": False, "win": win, "win_low": win - 0.01,
            "win_high": win + 0.01, "cuoc": cuoc, "cuoc_low": cuoc - 0.1, "cuoc_high": cuoc + 0.1, "diff": diff,
            "diff_low": low, "diff_high": high}


DONE = {"advice": [_move("6 6", 0.575, 0.62, 0.0, 0.0, 0.0, best=True), _move("8", 0.593, 0.30, -0.32, -0.7, 0.06,
                                                                                tied=True),
                   _move("A", 0.4, -1.25, -1.87, -2.0, -1.7)],
        "odds": [{"quantity": "win", "label": "", "kind": "chance", "estimate": 0.58, "ci_low": 0.57, "ci_high": 0.59,
                  "exact": False}],
        "measures": START["measures"], "worlds": 5000, "games": 5000, "exact": False, "odds_exact": False,
        "players": "control", "budget": "", "batches": 4, "seconds": 0.13}


def test_a_tie_and_a_higher_win_chance_ranked_lower_are_said_in_words(server, browser):
    browser.get(server + "advise/sam?blank=1")
    browser.execute_script("localStorage.clear()")
    browser.get(server + "advise/sam?blank=1")
    _wait(browser, lambda d: d.find_element("tag name", "body").get_attribute("data-ready") == "1")
    browser.execute_script("handle('start', arguments[0]); handle('done', arguments[1])", START, DONE)
    answer = browser.find_element("id", "answer").text.split("\n")
    assert answer == [
        "Nên đi: đôi 6",
        "đôi 6: +0,32 cược trung bình so với rác 8. Nhưng chênh lệch này chưa chắc: sau 5.000 lần chia, rác 8 có thể "
        "tốt ngang (xem «ngang»).",
        "Các nước xếp theo cược trung bình, không theo khả năng thắng: rác 8 thắng nhiều hơn (59,3 % so với 57,5 %) "
        "nhưng trung bình được ít cược hơn — thắng được ít hơn hoặc thua mất nhiều hơn.",
    ]
    moves = browser.find_element("id", "moves").text
    assert "rác 8\nngang" in moves and "[−0,70; +0,06]" in moves and "−1,87" in moves
    assert "«ngang»: chưa phân biệt được với nước tốt nhất sau 5.000 lần chia" in moves
    assert browser.find_element("id", "budget").text == "5.000 lần chia (thế giới) mỗi nước, 4 đợt, 0,13 giây"
    odds = browser.find_element("id", "odds").text
    assert "nếu bạn và mọi người chơi như «biết giữ bài, không báo Sâm»" in odds and "Người chơi này" not in odds
    done = {**DONE, "odds": [{**DONE["odds"][0], "estimate": 0.593}]}  # one row alone has the odds' numbers
    browser.execute_script("handle('done', arguments[0])", done)
    odds = browser.find_element("id", "odds").text
    assert "Người chơi này đi rác 8: các số giống hàng của nước đó ở trên." in odds


def test_text_that_is_not_a_card_is_named_and_a_two_word_name_is_one_card(server, browser):
    _fresh(browser, server, "chan")
    browser.find_element("id", "hand").send_keys("van 2V 3S Nhị Vạn")
    notice = browser.find_element("id", "notice")
    assert notice.is_displayed()
    assert notice.text == "Chưa đọc được «van»: không phải một lá (viết như 2V, 3S, 9W, CC hoặc Nhị Vạn)."
    chips = [c.get_attribute("data-code") for c in browser.find_elements("css selector", "#picked .chip")]
    assert sorted(chips) == ["2V", "2V", "3S"]
    assert browser.find_element("id", "count").get_attribute("data-picked") == "4"  # "van" counts: the server's to refuse


def test_sams_advice_labels_both_branches(server, browser):
    _fresh(browser, server, "sam")
    _click_hand(browser, HANDS["sam"])
    _state(browser, "done")
    text = browser.find_element("tag name", "main").text
    assert re.search(r"Cược trung bình mỗi ván: nếu báo Sâm [+−]\d+,\d\d; nếu không báo [+−]\d+,\d\d\. "
                     r"(Báo Sâm|Không báo) lợi hơn \d+,\d\d cược mỗi ván\.", text), text
    assert "Nếu không báo Sâm: khả năng thắng ván" in text and "Nếu báo Sâm: khả năng thành công" in text
    assert "chỉ nên báo khi hơn ít nhất" not in text


def test_tans_36_card_table_is_the_apis(server, browser):
    from selenium.webdriver.support.ui import Select
    from test_serve import GAMES, SEED, _open, _shown

    from cardodds.sim.tan.hand_odds import odds_tan

    hand = "6s 7c 9d Jh Qh As"
    _open(browser, server, "tan", trump="s", players=3)
    Select(browser.find_element("id", "q-deck")).select_by_value("36")
    assert not browser.find_elements("css selector", '#deck .face[data-code="2s"]')  # 6 up to A
    _click_hand(browser, hand)
    _state(browser, "done")
    expected = odds_tan(hand, "s", 3, 0, GAMES, SEED, rules={"deck": 36, "hand_size": 6})
    shown = _shown(browser)
    assert shown["lose.estimate"] == expected["lose"]["estimate"] and shown["hand"] == expected["hand"]
    assert "đủ bài: 6 lá" in browser.find_element("id", "count").text


def test_the_pages_default_players_are_the_commands_and_the_apis():
    """The hand page's players until one picks another are those ``cardodds odds`` and ``cardodds.odds`` play."""
    from cardodds.sim.chan.hand_odds import win_chance
    from cardodds.sim.tan.hand_odds import odds_tan
    from cardodds.web.tables import form

    shown = {game: {f["name"]: f for f in form(game)}["strategy"] for game in ("chan", "tan")}
    assert shown["tan"]["default"] == inspect.signature(odds_tan).parameters["strategy"].default == "basic"
    assert shown["chan"]["default"] == inspect.signature(win_chance).parameters["strategy"].default == "basic"
    assert shown["chan"]["options"] == ["basic", "heuristic", "cuoc"]  # the fields' declared players, weakest first
    assert shown["tan"]["options"] == ["basic", "heuristic", "beginner", "tuned"]


def test_a_player_field_naming_no_players_offers_the_games_registry(monkeypatch):
    """A game's player field that names none (declared here) offers every player of the game, its default the
    registry's (a game with no registry: its first player); a player it does not offer is one line."""
    from demo_game.players import STRATEGIES

    from cardodds.api import default_player
    from cardodds.errors import CardoddsError
    from cardodds.sim.chan.players import PLAYERS as CHAN
    from cardodds.sim.hand_question import PLAYER, Field
    from cardodds.web import tables
    from cardodds.web.tables import check_player, default, offered

    caller = Field("caller", PLAYER)
    assert offered("demo", caller) == tuple(STRATEGIES) == ("heads", "tails")
    assert default_player("demo") == "heads" and default("demo", caller) == check_player("demo", caller, "") == "heads"
    with monkeypatch.context() as patched:
        patched.setattr(tables, "default_player", lambda game: None)
        assert default("demo", Field("caller", PLAYER, offered=("tails", "heads"))) == "tails"
    assert offered("chan", caller) == tuple(CHAN.classes) and default("chan", caller) == CHAN.default == "basic"
    with pytest.raises(CardoddsError, match=r"^caller must be one of .*, not 'nosuch'$"):
        check_player("demo", caller, "nosuch")


def test_the_advice_answer_says_its_budget():
    """The page writes the budget in its own words from ``batches`` and ``seconds`` (not the command line's text)."""
    from test_advise_page import POSITION
    from test_advise_web import _events, _post

    status, body = _post("/api/advise/tan", json.dumps({**POSITION, "stock": 0}).encode())
    done = _events(body)[-1][1]
    assert status == 200 and done["batches"] == 0 and done["seconds"] >= 0 and done["exact"]


def test_a_cut_past_the_games_end_is_said_in_vietnamese(server, browser):
    from cardodds.advise import position_at
    from cardodds.sim.errors import CardoddsError

    with pytest.raises(CardoddsError) as error:
        position_at("tan", 1, 500)
    browser.get(server + "advise/tan?seed=1&at=500")
    _state(browser, "error")
    shown = browser.find_element("id", "error")
    assert shown.get_attribute("data-message") == str(error.value)
    last = re.search(r"K must be 1\.\.(\d+)", str(error.value)).group(1)
    assert shown.text == f"Ván số 1 có các quyết định 1 … {last}, không có quyết định thứ 500."
    assert browser.find_element("id", "setup").get_attribute("open") is not None  # the form, to choose another
