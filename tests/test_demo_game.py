"""The test-only ``demo`` game (``tests/demo_game/``, one ``register_game`` line in ``conftest.py``) through every
front door: ``cardodds run``, ``odds``, ``advise``, ``replay``, the Python API, the report (a suite that includes it)
and the page (a Chromium test plays its hand view and its advice view in both languages).  A last test counts the
files outside its folder that name it: a new game touches at most two (its registry line and its suite)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest
from demo_game import position as coin_position
from demo_game.play_task import run_chunk
from demo_game.rules import CoinRules
from test_serve import browser, demo_server  # noqa: F401 (fixtures)

from cardodds import advise, odds
from cardodds.cli import main
from cardodds.sim.streams import chunk_seed

ROOT = Path(__file__).resolve().parents[1]
FOLDER = Path(__file__).parent / "demo_game"
LAST = {"rules": {"p": 0.3}, "calls": "H T", "tosses": "H H"}
"""The last call after one right call: the call is the game, so its values are exact (P of its face)."""


def _cli(capsys, *argv) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def _heads(p: float, seed: int, chunks: list[int]) -> int:
    """The heads the run's chunks flip (worked out from the task's own chunk, chunk by chunk)."""
    return sum(int(run_chunk(CoinRules(p=p), chunk_seed(seed, k), n)["heads"]) for k, n in enumerate(chunks))


def test_run_and_the_api_run_play_the_same_coins(capsys, tmp_path):
    config = FOLDER / "coin.toml"
    code, out, err = _cli(capsys, "run", config, "--games", 2_000, "--jobs", 1, "--no-progress", "--out", tmp_path / "cli")
    assert code == 0, err
    heads = _heads(0.3, 3, [500] * 4)
    assert re.search(rf"heads\s+table\s+{heads / 2_000:.4f} .*exact 0\.3000", out), out
    import cardodds

    result = cardodds.run(config, games=2_000, out=tmp_path / "api")
    row = result.summary.query("metric == 'heads' and arm == 'p=0.3'").iloc[0]
    assert row.estimate == heads / 2_000 and row.exact == 0.3


def test_odds_on_the_command_line_and_in_python(capsys):
    code, out, err = _cli(capsys, "odds", "demo", "--hand", "T", "--p", 0.3)
    assert (code, out, err) == (0, "face: tails\nchance: 0.7\n", "")
    assert odds.demo("T", p=0.3).details == {"face": "tails", "chance": pytest.approx(0.7)}
    code, out, err = _cli(capsys, "odds", "demo", "--hand", "H T")
    assert code == 2 and err == "cardodds: error: a coin's hand is one face (H or T), not 2\n"


@pytest.mark.parametrize("lang, words", [("en", "2 moves, ranked by win"), ("vi", "2 nước đi, xếp theo")])
def test_advise_on_the_command_line_and_in_python(capsys, tmp_path, lang, words):
    state = tmp_path / "last.json"
    state.write_text(json.dumps(LAST), encoding="utf-8")
    code, out, err = _cli(capsys, "advise", "demo", "--state", state, "--json")
    assert code == 0, err
    table = advise.demo(LAST)
    assert pd.DataFrame(json.loads(out)["moves"]).set_index("move").win.to_dict() == {"H": 0.3, "T": 0.7}
    assert list(table.move) == ["T", "H"] and table.win.tolist() == pytest.approx([0.7, 0.3])
    code, out, err = _cli(capsys, "advise", "demo", "--state", state, "--lang", lang)
    assert code == 0 and words in out, out


def test_replay_shows_the_game_the_positions_cut(capsys):
    code, out, err = _cli(capsys, "replay", "demo", "--seed", 2)
    assert code == 0, err
    last = coin_position.cut(2, CoinRules(), None, 3)
    tosses = re.findall(r"toss: (heads|tails)", out)
    assert len(tosses) == 3 and [("tails", "heads").index(t) for t in tosses[:2]] == list(last.tosses)
    assert out.startswith("coin game, seed 2: p = 0.5, seat 0 calls heads\n")
    right = tosses.count("heads")
    assert out.endswith(f"{right} of 3 calls right: seat 0 {'wins' if right >= 2 else 'loses'}\n")
    code, again, _ = _cli(capsys, "replay", "demo", "--seed", 2)
    assert again == out  # same seed, same game
    code, cut, err = _cli(capsys, "replay", "demo", "--seed", 2, "--state-at", 3)
    assert code == 0 and json.loads(cut) == coin_position.to_json(last)


def test_the_report_of_a_suite_with_the_demo_game(tmp_path, capsys):
    """``cardodds report --suite`` plays a suite of one's own (the shipped one by default): the demo's writes the
    coin's section, its headline and its finding, in both languages (the second reuses the finished runs)."""
    from cardodds import report

    suite_file = FOLDER / "suite.toml"
    heads = {p: _heads(p, 3, [500] * 4) / 2_000 for p in (0.5, 0.3)}
    for lang, (label, comma) in {"en": ("the coin lands heads", "."), "vi": ("đồng xu ra mặt ngửa", ",")}.items():
        experiments = report(tmp_path, quick=True, jobs=1, progress=False, lang=lang, suite=suite_file).experiments
        assert [[o.arm for o in arms] for arms in experiments] == [["p=0.5", "p=0.3"]]
        report_md = (tmp_path / "report.md").read_text(encoding="utf-8")
        assert f"cardodds report --quick --suite {suite_file.resolve()}" in report_md
        report_text = report_md
        assert label in report_text and ("Coin: how often heads" if lang == "en" else "Đồng xu") in report_text
        for value in heads.values():
            assert f"{value:.4f}".replace(".", comma) in report_text, (lang, value)
    code, _, err = _cli(capsys, "report", "--suite", tmp_path / "none.toml", "--out", tmp_path / "r")
    assert code == 2 and err == f"cardodds: error: --suite: {tmp_path / 'none.toml'} is not a file (a suite laid out as " \
                                "configs/suite.toml)\n"


PAGE_WORDS = {"en": ("chance: 30.0 %", "Win"), "vi": ("cơ hội: 30,0 %", "Thắng")}
"""Per language, a word of the hand view's answer (H at p = 0.3) and the advice view's first measure."""


@pytest.mark.parametrize("lang", sorted(PAGE_WORDS))
def test_the_page_plays_the_demo_game(demo_server, browser, lang):  # noqa: F811
    """The hand view: p set in the form built from the declared question, a face clicked, the API's odds shown.
    The advice view: a cut position advised, then the last call typed as JSON and asked: the exact values."""
    from test_serve import _click_hand, _open, _shown, _state, _wait

    browser.get(demo_server + "demo")
    browser.execute_script(f"localStorage.setItem('cardodds.lang', '{lang}')")
    try:
        _open(browser, demo_server, "demo")
        field = browser.find_element("id", "q-p")
        field.clear()
        field.send_keys("0.3")
        _click_hand(browser, "H")
        _wait(browser, lambda d: d.find_element("tag name", "body").get_attribute("data-state") == "done"
              and "0.3" in json.dumps(_shown(d)))
        assert _shown(browser) == odds.demo("H", p=0.3).details
        assert PAGE_WORDS[lang][0] in browser.find_element("tag name", "main").text.splitlines()

        browser.get(demo_server + "advise/demo?seed=2&at=1")
        _state(browser, "done")
        # the moves read in one go: the table is redrawn as the answers come
        moves = lambda: browser.execute_script(  # noqa: E731
            "return [...document.querySelectorAll('#moves tr[data-move]')].map((r) => r.dataset.move)")
        assert sorted(moves()) == ["H", "T"]
        browser.find_element("css selector", "#setup summary").click()  # answered, the form folded away: open it
        browser.execute_script("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'))",
                               browser.find_element("id", "state"), json.dumps(LAST))  # the JSON typed in
        browser.find_element("id", "ask").click()
        _wait(browser, lambda d: moves() == ["T", "H"] and d.find_element("tag name", "body").get_attribute("data-state") == "done")
        cell = browser.find_element("css selector", '[data-key="T.win"]')
        assert json.loads(cell.get_attribute("data-value")) == pytest.approx(advise.demo(LAST).win.iloc[0]) == 0.7
        text = browser.find_element("tag name", "body").text
        assert PAGE_WORDS[lang][1] in text and "undefined" not in text
        errors = [e for e in browser.get_log("browser") if e["level"] == "SEVERE" and e["source"] != "network"]
        assert not errors, errors
    finally:
        browser.execute_script("localStorage.clear()")


NAMES_THE_DEMO = re.compile(r"demo_game|\bdemo\.coin\b|[\"']demo[\"']|coin_task|coin_position")
"""How a file names the demo game: its package, its task, its code as a string."""


def test_the_demo_game_touches_at_most_two_files_outside_its_folder():
    """Every file of the project but the tests that exercise the game (``test_*.py``) and the prose of ``docs/``:
    only its registry line (``conftest.py``) names it; its report suite is in its folder."""
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, text=True, check=True).stdout.split()
    outside = []
    for name in listed:
        path = ROOT / name
        if (name.startswith(("tests/demo_game/", "docs/")) or Path(name).name.startswith("test_")
                or path.suffix not in (".py", ".js", ".toml", ".html", ".cfg", ".txt", ".yml", ".yaml")
                or not path.is_file()):
            continue
        if NAMES_THE_DEMO.search(path.read_text(encoding="utf-8", errors="replace")):
            outside.append(name)
    assert outside == ["tests/conftest.py"]
    assert "register_game(DEMO)" in (ROOT / "tests" / "conftest.py").read_text(encoding="utf-8")


def test_the_shipped_product_knows_no_demo_game():
    """Out of the tests, the registry and the default suite are the built-in games'."""
    script = ("from cardodds.sim.games import game_names; from cardodds.analysis.suite import read_suite; "
              "import tomllib; print(game_names(), sorted({tomllib.loads(c.read_text())['experiment']['task']"
              ".split('.')[0] for c, _ in read_suite()}))")
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT / "src", capture_output=True, text=True, check=True)
    assert out.stdout == "['chan', 'sam', 'tan'] ['chan', 'sam', 'tan']\n"
