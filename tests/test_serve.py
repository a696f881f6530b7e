"""``cardodds serve``: the pages in headless Chromium show what ``cardodds odds … --json`` prints, stream, cancel.

The browser is driven by Selenium through Debian's ``chromium-driver`` (the chromedriver built with Debian's
``chromium``, so their versions always match and nothing is downloaded); CI installs both (.ci/run).
"""

from __future__ import annotations

import http.client
import json
import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import quote, urlsplit

import pytest
from page_checks import reads_well

from cardodds.cli import main
from cardodds.sim.odds_batches import BATCH

ROOT = Path(__file__).resolve().parents[1]
CHAN_HAND = "2W 2W 3V 3V 4S 4S 5W 5W 6V 6V 2V 2S 3W 3S 7W 7V 8W 8S 9V"  # waits on 9V for a bạch thủ
SAM_HAND = "3s 4s 5h 6d 7c 8s 9s 10h Jd Kd"  # a straight 3…J and a K
TAN_HAND = "As Ac Ad Kh 2s 3c 4d 5s"
GAMES = BATCH + 1000  # two batches: one progress event, then the answer
SEED = 7


def _missing() -> str | None:
    """Why the browser test cannot run here, or None."""
    for module in ("starlette", "uvicorn", "selenium"):
        try:
            __import__(module)
        except ImportError:
            return f"{module} is not installed (pip install -e '.[test]')"
    if not (shutil.which("chromium") and shutil.which("chromedriver")):
        return "Chromium or chromedriver is not installed (apt-get install chromium chromium-driver; CI does)"
    return None


def _need_browser():
    reason = _missing()
    if reason and os.environ.get("CI"):
        pytest.fail(f"CI must run the browser test: {reason}")
    if reason:
        pytest.skip(reason)


def _serve(*python_argv):
    """``python *python_argv`` (a ``cardodds serve --port 0``) in a subprocess; yields its base URL."""
    _need_browser()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    proc = subprocess.Popen([sys.executable, *python_argv], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    assert line.startswith("cardodds: serving on http://127.0.0.1:"), line + proc.stderr.read()
    yield line.split()[3]
    proc.terminate()
    _, err = proc.communicate(timeout=30)
    assert "Traceback" not in err, err


@pytest.fixture(scope="module")
def server():
    """``cardodds serve --port 0`` in a subprocess; yields its base URL."""
    yield from _serve("-m", "cardodds.cli", "serve", "--port", "0")


DEMO_SERVE = ("import sys; sys.path.insert(0, 'tests'); from demo_game.spec import SPEC; from cardodds.sim.games import register_game; "
              "register_game(SPEC); from cardodds.cli import main; sys.exit(main(['serve', '--port', '0']))")
"""A server that registers the test-only ``demo`` game first, as ``tests/conftest.py`` does."""


@pytest.fixture(scope="module")
def demo_server():
    """``cardodds serve --port 0`` with the ``demo`` game registered; yields its base URL."""
    yield from _serve("-c", DEMO_SERVE)


@pytest.fixture(scope="module")
def browser():
    _need_browser()
    os.environ.setdefault("SE_OFFLINE", "true")  # Selenium Manager must not look for downloads: both paths are given
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})  # the console, for driver.get_log("browser")
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,1000",
                 "--disable-dev-shm-usage", "--no-first-run", "--disable-background-networking"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)
    yield driver
    driver.quit()


def _wait(driver, condition, seconds=120):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, seconds, poll_frequency=0.05).until(condition)


def _state(driver, *states):
    return _wait(driver, lambda d: d.find_element("tag name", "body").get_attribute("data-state") in states)


def _open(driver, url: str, game: str, **options):
    """The game's page, with ``games``, ``seed`` and the game's options set (no hand yet): each the form's control of
    its hand question's field (``q-<name>``)."""
    from selenium.webdriver.support.ui import Select

    driver.get(url + game)
    _wait(driver, lambda d: d.find_element("tag name", "body").get_attribute("data-ready") == "1")
    driver.find_element("css selector", "#more summary").click()  # the number of deals and the seed are tucked away
    for name, value in {"games": GAMES, "seed": SEED}.items():
        box = driver.find_element("id", name)
        box.clear()
        box.send_keys(str(value))
    for name, value in options.items():
        Select(driver.find_element("id", f"q-{name}")).select_by_value(str(value))


def _click_hand(driver, hand: str):
    """Pick the cards of ``hand`` by clicking their faces, as a player does."""
    for code in hand.split():
        driver.find_element("css selector", f'#deck .face[data-code="{code}"]').click()


def _shown(driver) -> dict:
    """Every number and name the page shows, by its path in the JSON answer."""
    elements = driver.find_elements("css selector", "#exact [data-key], #sim-result [data-key]")
    return {e.get_attribute("data-key"): json.loads(e.get_attribute("data-value")) for e in elements}


def _at(d, path: str):
    for part in path.split("."):
        d = d[int(part)] if isinstance(d, list) else d[part]
    return d


def _cli(capsys, *argv) -> dict:
    capsys.readouterr()
    assert main(["odds", *argv, "--games", str(GAMES), "--seed", str(SEED), "--json", "--no-progress"]) == 0
    return json.loads(capsys.readouterr().out)


def _assert_page_equals(shown: dict, expected: dict, must: set[str]):
    assert must <= set(shown), must - set(shown)
    for key, value in shown.items():
        assert value == _at(expected, key), key


def test_chan_page_shows_the_cli_answers(server, browser, capsys, tmp_path):
    _open(browser, server, "chan", seat=1)
    _click_hand(browser, CHAN_HAND)
    _state(browser, "done")
    expected = _cli(capsys, "chan", "--hand", CHAN_HAND, "--seat", "1")
    _assert_page_equals(_shown(browser), expected, {
        "split", "chan", "ca", "waits.0.card", "waits.0.outs", "waits.0.cuoc", "waits.0.points", "outs", "unseen",
        "p_next_card", "win_chance.p_win", "win_chance.ci_low", "win_chance.ci_high", "win_chance.games",
    })
    page = browser.find_element("tag name", "main").text
    assert "3/81 = 3,7 %" in page and "bạch thủ" in page and "Cửu Vạn" in page
    button = lambda code: browser.find_element("css selector", f'#deck .face[data-code="{code}"]')  # noqa: E731
    assert button("9V").get_attribute("title") == "Cửu Vạn" and button("9V").text.startswith("Cửu")  # the short word
    assert button("CC").text.startswith("Chi Chi") and not button("9V").text.startswith("Cửu Vạn")
    assert f"{GAMES:,} / {GAMES:,} ván — xong".replace(",", ".") in page
    assert int(browser.find_element("id", "exact").get_attribute("data-ms")) >= 0
    shot = tmp_path / "chan.png"
    assert browser.save_screenshot(str(shot)) and shot.stat().st_size > 20_000
    if os.environ.get("CARDODDS_SCREENSHOT"):  # refresh the README's picture: CARDODDS_SCREENSHOT=docs/serve.png
        shutil.copy(shot, ROOT / os.environ["CARDODDS_SCREENSHOT"])


def test_sam_page_shows_the_cli_answers_and_the_bayes_declarer(server, browser, capsys):
    from cardodds.sim.sam.advice import bayes_advice
    from cardodds.sim.sam.cards import parse_hand, rank_counts
    from cardodds.sim.sam.rules import SamRules
    from cardodds.sim.sam.strategies import Control

    _open(browser, server, "sam", opponents=2)
    _click_hand(browser, SAM_HAND)
    _state(browser, "done")
    expected = _cli(capsys, "sam", "--hand", SAM_HAND, "--opponents", "2")
    expected["bayes"] = bayes_advice(rank_counts(parse_hand(SAM_HAND)), 2, SamRules(players=3), Control(declare="bayes"))
    _assert_page_equals(_shown(browser), expected, {
        "toi_trang", "sam.success", "sam.ci_low", "sam.ci_high", "win.estimate", "win.cuoc_mean", "games",
        "bayes.declare", "bayes.p_success", "bayes.sam_value", "bayes.normal_value",
    })
    page = browser.find_element("tag name", "main").text
    assert ("Không nên báo Sâm" if not expected["bayes"]["declare"] else "Nên báo Sâm") in page
    assert "Đánh theo thứ tự: sảnh 3–J → rác K" in page and expected["sam"]["plan"][0] == "straight 3-4-5-6-7-8-9-10-J"


def _chance(driver):
    """The demo page's chance shown now (None while the answer is being redrawn)."""
    from selenium.common.exceptions import StaleElementReferenceException

    try:
        return _shown(driver).get("chance")
    except StaleElementReferenceException:
        return None


@pytest.mark.parametrize("lang, words", [("vi", ["Kết quả", "mặt: ngửa", "cơ hội: 50,0 %"]),
                                         ("en", ["Answer", "face: heads", "chance: 50.0 %"])])
def test_a_game_the_page_has_no_drawing_for_lists_its_answer(demo_server, browser, lang, words):
    from cardodds import odds

    browser.get(demo_server + "demo")
    browser.execute_script(f"localStorage.setItem('cardodds.lang', '{lang}')")
    try:
        browser.get_log("browser")  # forget what the console said before
        _open(browser, demo_server, "demo")
        label = {"vi": "Khả năng ra mặt ngửa", "en": "Chance of heads"}[lang]  # its words for its field p
        assert browser.find_element("id", "table").text == label  # its declared question's one field, no seats
        assert browser.find_element("id", "q-p").get_attribute("value") == "0.5"  # the declared default
        _click_hand(browser, "T")
        _state(browser, "done")
        assert _shown(browser) == odds.demo("T").details == {"face": "tails", "chance": 0.5}
        field = browser.find_element("id", "q-p")
        field.clear()
        field.send_keys("0.25\n")  # the form built from the declaration asks again with p
        _wait(browser, lambda d: _chance(d) == 0.75)
        assert _shown(browser) == odds.demo("T", p=0.25).details
        field = browser.find_element("id", "q-p")
        field.clear()
        field.send_keys("0.5\n")
        _wait(browser, lambda d: _chance(d) == 0.5)
        browser.find_element("id", "clear").click()
        _state(browser, "idle")  # the old answer is gone before the new hand is typed
        browser.find_element("id", "hand").send_keys("h")  # typed, in lower case: the other face
        _state(browser, "done")
        assert _shown(browser) == odds.demo("H").details == {"face": "heads", "chance": 0.5}
        text = browser.find_element("tag name", "main").text
        assert set(words) <= set(text.splitlines()), text
        assert not browser.find_element("id", "error").is_displayed() and "undefined" not in text and "NaN" not in text
        errors = [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
        assert not errors, errors
    finally:
        browser.execute_script("localStorage.clear()")  # the other tests' pages speak Vietnamese


def test_tan_page_shows_the_cli_answers(server, browser, capsys):
    _open(browser, server, "tan", trump="h", players=3, strategy="basic")  # the command's players
    _click_hand(browser, TAN_HAND)
    _state(browser, "done")
    expected = _cli(capsys, "tan", "--hand", TAN_HAND, "--trump", "h", "--players", "3")
    _assert_page_equals(_shown(browser), expected, {
        "lose.estimate", "lose.ci_low", "lose.ci_high", "draw.estimate", "bouts_mean", "hand", "trump", "games",
    })


@pytest.mark.parametrize("game, hand, argv, vietnamese", [
    ("chan", "9V " * 5 + "CC " * 14, ["--seat", "1"], "Lá Cửu Vạn có 5 lần, bộ bài chỉ có 4 lá."),  # a fifth copy
    # the wrong size (a short hand gets a hint instead, never an error)
    ("chan", CHAN_HAND + " 9V 9V", [], "Bài Chắn có 19 hoặc 20 lá, bài này có 21 lá."),
    ("sam", "3s 3s 4s 5s 6s 7s 8s 9s 10s Js", [], "Lá '3s' có hai lần trong bài."),  # the same card twice
    ("tan", "2h 3h 4h 5h 6h 7h 8h Zz", ["--trump", "h"], "'Zz' không phải một lá bài (viết số rồi chất, như 10h, T♥, Qd)."),
])
def test_an_impossible_hand_shows_the_cli_message(server, browser, capsys, game, hand, argv, vietnamese):
    _open(browser, server, game)
    box = browser.find_element("id", "hand")
    box.clear()
    box.send_keys(hand)
    _state(browser, "error")
    capsys.readouterr()
    assert main(["odds", game, "--hand", hand, *argv, "--games", "10"]) == 2
    message = capsys.readouterr().err.strip().removeprefix("cardodds: error: ")
    shown = browser.find_element("id", "error")
    assert shown.is_displayed() and shown.get_attribute("data-message") == message
    assert shown.text == vietnamese
    assert "Traceback" not in browser.page_source


def _events(url: str, query: str):
    """A raw streaming request; yields ``(event, data)`` and leaves the connection open until closed."""
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=120)
    conn.request("GET", query)
    resp = conn.getresponse()
    try:
        block = []
        for raw in resp:
            line = raw.decode().rstrip("\n")
            if line:
                block.append(line)
                continue
            kind, data = (b.split(": ", 1)[1] for b in block)
            block = []
            yield kind, json.loads(data)
    finally:
        conn.close()


def _running(url: str) -> int:
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    conn.request("GET", "/api/status")
    n = json.loads(conn.getresponse().read())["running"]
    conn.close()
    return n


def test_progress_refines_and_a_closed_request_stops_computing(server):
    games = 400 * BATCH  # minutes of play if nothing stopped it
    stream = _events(server, f"/api/odds/tan?hand={quote(TAN_HAND)}&trump=h&games={games}&seed=1")
    kinds = []
    for kind, data in stream:
        kinds.append(kind)
        if kind == "progress":
            assert data["games"] == games and data["result"]["games"] == data["played"]
        if kinds.count("progress") == 2:
            assert data["played"] == 2 * BATCH
            break
    assert kinds == ["exact", "progress", "progress"]
    stream.close()  # the browser aborts: the server stops at its next batch
    assert _until_idle(server) == 0


def _until_idle(url: str) -> int:
    for _ in range(600):
        if _running(url) == 0:
            break
        time.sleep(0.1)
    return _running(url)


def test_changing_the_hand_in_the_page_cancels_its_simulation(server, browser):
    _open(browser, server, "tan", trump="h")
    box = browser.find_element("id", "games")
    box.clear()
    box.send_keys(str(400 * BATCH))  # minutes of play if nothing stopped it
    _click_hand(browser, TAN_HAND)
    _wait(browser, lambda d: "đang tính tiếp" in d.find_element("id", "progress-text").text)
    assert _running(server) == 1
    _click_hand(browser, "Qh")  # a ninth card is refused, with the reason; the answer keeps refining
    assert browser.find_element("id", "notice").text == "Bài đã đủ 8 lá: bỏ một lá ra trước khi thêm lá khác."
    assert _running(server) == 1
    browser.find_element("css selector", '#picked .chip[data-code="As"]').click()  # the hand changed: abort
    _state(browser, "idle")
    assert not browser.find_element("id", "error").is_displayed()
    assert _until_idle(server) == 0


def test_bad_options_are_json_errors(server):
    parts = urlsplit(server)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    conn.request("GET", "/api/odds/chan?hand=9V&games=many")
    resp = conn.getresponse()
    assert resp.status == 400 and json.loads(resp.read()) == {"error": "games must be a whole number >= 1, not 'many'"}
    conn.request("GET", "/api/odds/poker?hand=9V")
    resp = conn.getresponse()
    assert resp.status == 404 and "unknown game" in json.loads(resp.read())["error"]
    conn.close()


@pytest.mark.parametrize("option, value", [
    ("games", "0"), ("games", "many"), ("games", "1.5"),
    ("seed", "-1"), ("seed", "x"), ("seat", "x"), ("seat", "-2"),
])
def test_a_bad_number_reads_as_on_the_command_line(server, capsys, option, value):
    parts = urlsplit(server)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    conn.request("GET", f"/api/odds/chan?hand={quote(CHAN_HAND)}&{option}={quote(value)}")
    resp = conn.getresponse()
    shown = json.loads(resp.read())["error"]
    conn.close()
    capsys.readouterr()
    assert resp.status == 400 and main(["odds", "chan", "--hand", CHAN_HAND, f"--{option}", value]) == 2
    assert capsys.readouterr().err == f"cardodds: error: --{shown}\n"  # the same words, the option's own name


@pytest.mark.parametrize("size", [20_000, 1_000_000, 8_000_000])  # read by the app; refused by the HTTP parser
def test_a_huge_query_string_is_a_414_with_a_json_error(server, size):
    from cardodds.web.limits import TOO_LONG

    parts = urlsplit(server)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    conn.request("GET", "/api/odds/chan?hand=" + "9V" * (size // 2))
    resp = conn.getresponse()  # the answer, not a connection reset
    assert resp.status == 414
    assert json.loads(resp.read()) == {"error": TOO_LONG}
    conn.close()


def test_headers_too_long_to_read_are_a_431_with_a_json_error(server):
    from cardodds.web.limits import HEADERS_TOO_LONG, MAX_HEAD

    parts = urlsplit(server)
    with socket.create_connection((parts.hostname, parts.port), timeout=30) as conn:
        conn.sendall(b"GET /api/status HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * (MAX_HEAD + 1000))
        time.sleep(0.3)  # the server reads what came, finds no end of the headers yet: too long
        conn.sendall(b"a" * 100_000 + b"\r\n\r\n")
        answer = b""
        while chunk := conn.recv(65536):
            answer += chunk
    head, body = answer.split(b"\r\n\r\n", 1)
    assert head.startswith(b"HTTP/1.1 431 ") and json.loads(body) == {"error": HEADERS_TOO_LONG}


def test_a_port_in_use_is_one_line_exit_2(capsys):
    pytest.importorskip("uvicorn")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"cardodds: error: cannot listen on 127.0.0.1:{port}: ") and err.count("\n") == 1


def _hooked_runs():
    from cardodds.sim.chan.hand_odds import win_chance
    from cardodds.sim.sam.hand_odds import odds_sam
    from cardodds.sim.tan.hand_odds import odds_tan

    return {
        "chan": lambda games, **kw: win_chance(CHAN_HAND, 1, games, seed=3, **kw),
        "sam": lambda games, **kw: odds_sam(SAM_HAND, 3, games, 3, **kw),
        "tan": lambda games, **kw: odds_tan(TAN_HAND, "h", 4, 0, games, 3, **kw),
    }


@pytest.mark.parametrize("game", ["chan", "sam", "tan"])
def test_on_batch_sees_the_result_so_far_and_can_stop_the_run(game):
    run = _hooked_runs()[game]
    games = BATCH + 5
    seen = []
    final = run(games, on_batch=seen.append)
    assert final == run(games)  # the hook changes nothing the command line prints
    assert seen == [run(BATCH)]  # after each batch but the last: exactly the answer of a run that long

    class Stop(Exception):
        pass

    def stop(partial):
        raise Stop

    with pytest.raises(Stop):
        run(games, on_batch=stop)


# ---- the page as players see it: Vietnamese first, phone first ----

SHOTS = Path("/tmp/page_shots")
"""Screenshots of every page at every size (outside the repository; the lead attaches them to the note)."""
SIZES = [(360, 740), (1280, 800)]
HANDS = {"chan": CHAN_HAND, "sam": SAM_HAND, "tan": TAN_HAND}
FORBIDDEN = ["seed", "bayes", "held-out", "truncated", "control players", "opponents", "games", "seat ", "tu_quy_2",
             "sanh_rong", "bach_thu", "chiu_u", "u_rong", "heuristic", "tuned", "basic", "straight", "single", "pair",
             "fair share", "chance", "1/4 = 0", "None", "undefined", "NaN", "null"]
"""Code words and English that must not show on the Vietnamese page."""


def _viewport(driver, width: int, height: int):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 700})


def _fresh(driver, url: str, game: str):
    """The game's page as a first visit shows it (no language remembered), with a short run."""
    driver.get(url + game)
    driver.execute_script("localStorage.clear()")
    _open(driver, url, game)


def _layout(driver) -> dict:
    return driver.execute_script("""
        const s = document.getElementById('summary').getBoundingClientRect();
        return {scroll: document.documentElement.scrollWidth, width: window.innerWidth, height: window.innerHeight,
                top: s.top, bottom: s.bottom, summary: document.getElementById('summary').innerText,
                lang: document.documentElement.lang, text: document.body.innerText};""")


def _hand_state(driver) -> tuple:
    faces = driver.find_elements("css selector", "#deck .face.picked")
    return (driver.find_element("id", "count").text,
            sorted((f.get_attribute("data-code"), f.find_element("css selector", ".badge").get_attribute("textContent"))
                   for f in faces),
            sorted(c.get_attribute("data-code") for c in driver.find_elements("css selector", "#picked .chip")))


@pytest.mark.parametrize("width, height", SIZES)
@pytest.mark.parametrize("game", ["chan", "sam", "tan"])
def test_the_page_fits_speaks_vietnamese_and_keeps_the_result_in_view(server, browser, game, width, height):
    _viewport(browser, width, height)
    try:
        _fresh(browser, server, game)
        cards = HANDS[game].split()
        _click_hand(browser, " ".join(cards[:-1]))
        assert _layout(browser)["scroll"] <= width
        assert browser.find_element("id", "error").is_displayed() is False  # no error while cards are still picked
        assert "còn thiếu 1 lá" in browser.find_element("id", "count").text
        _click_hand(browser, cards[-1])
        _state(browser, "done")
        shown = _layout(browser)
        assert shown["lang"] == "vi" and shown["scroll"] <= shown["width"] == width
        assert 0 <= shown["top"] and shown["bottom"] <= shown["height"] and "%" in shown["summary"]  # in view
        assert "phần công bằng" in shown["summary"]
        words = [w for w in FORBIDDEN if w in shown["text"]]
        assert not words, words
        reads_well(browser, width)  # no table scrolls, no menu cut, no English word, one interval form
        assert "khoảng tin cậy 95 %: [" in shown["text"]
        assert int(browser.find_element("id", "exact").get_attribute("data-ms")) < 200
        SHOTS.mkdir(exist_ok=True)
        assert browser.save_screenshot(str(SHOTS / f"{game}_{width}x{height}.png"))
        clicked = _hand_state(browser)
        box = browser.find_element("id", "clear").click() or browser.find_element("id", "hand")
        box.send_keys(" ".join(reversed(cards)).lower())  # typed, in another order and case: the same state
        _state(browser, "done")
        assert _hand_state(browser) == clicked
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_english_is_one_click_away_and_remembered(server, browser):
    _fresh(browser, server, "tan")
    browser.find_element("id", "lang").click()
    assert browser.find_element("tag name", "html").get_attribute("lang") == "en"
    browser.get(server + "sam")
    _wait(browser, lambda d: d.find_element("tag name", "body").get_attribute("data-ready") == "1")
    assert browser.find_element("tag name", "html").get_attribute("lang") == "en"
    assert "Opponents" in browser.find_element("id", "table").text
    browser.find_element("id", "lang").click()
    assert browser.find_element("tag name", "html").get_attribute("lang") == "vi"


def test_a_refused_click_says_why(server, browser):
    _fresh(browser, server, "chan")
    _click_hand(browser, "9V 9V 9V 9V 9V")
    notice = browser.find_element("id", "notice")
    assert notice.is_displayed() and notice.text == "Chắn chỉ có 4 lá Cửu Vạn: bạn đã chọn cả 4."
    _fresh(browser, server, "sam")
    _click_hand(browser, "3s 3s")
    assert browser.find_element("id", "notice").text.startswith("Lá 3♠ đã ở trong bài")
    _click_hand(browser, "4s 5h 6d 7c 8s 9s 10h Jd Kd Ks")
    assert browser.find_element("id", "notice").text == "Bài đã đủ 10 lá: bỏ một lá ra trước khi thêm lá khác."


def test_an_instant_win_says_so_and_does_not_advise_declaring(server, browser):
    _fresh(browser, server, "sam")
    _click_hand(browser, "2s 2h 2d 2c 7c 8s 9s 10h Jd Kd")
    _state(browser, "done")
    text = browser.find_element("tag name", "main").text
    assert "Tới trắng: tứ quý 2! Bạn thắng ngay khi chia bài — không cần báo Sâm." in text
    assert "Nên báo Sâm" not in text and "Báo Sâm thành công" not in text


def test_the_page_offers_the_players_the_rules_allow(server, browser):
    from cardodds.sim.sam.rules import SamRules
    from cardodds.sim.tan.rules import MAX_PLAYERS, TanRules

    _fresh(browser, server, "tan")
    offered = [o.get_attribute("value") for o in browser.find_elements("css selector", "#q-players option")]
    assert offered == [str(n) for n in range(2, MAX_PLAYERS + 1)] and TanRules(players=MAX_PLAYERS)
    _fresh(browser, server, "sam")
    offered = [int(o.get_attribute("value")) for o in browser.find_elements("css selector", "#q-opponents option")]
    assert offered == [1, 2, 3, 4] and SamRules(players=5) and offered[-1] + 1 == 5
