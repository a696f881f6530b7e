"""The report renders in a real browser with every chart displayed (CI installs Chromium)."""

import html
import os
import re

import pytest

from cardodds.analysis.browser_check import check_report, chromium, page_sizes
from cardodds.cli import main

needs_browser = pytest.mark.skipif(
    chromium() is None and not os.environ.get("CI"), reason="Chromium is not installed (CI installs it)"
)


@needs_browser
def test_report_renders_with_every_chart(tmp_path, capsys):
    out = tmp_path / "run"
    assert main(["run", "configs/chan_deal.toml", "--games", "20000", "--jobs", "1", "--out", str(out)]) == 0
    capsys.readouterr()
    charts = list((out / "charts").glob("*.png"))
    assert len(charts) >= 2
    page = (out / "report.html").read_text(encoding="utf-8")  # a run alone answers its first rows in words
    assert "<h3>In short</h3><ul><li><strong>Thiên ù: the cái&#x27;s 20 dealt cards are already a win</strong>" in page
    shot = tmp_path / "report.png"
    images, shown = check_report(out / "report.html", shot)
    assert images == len(charts) and shown == images
    assert shot.stat().st_size > 20_000  # a real page, not a blank one
    texts = chart_texts_of(page)
    assert len(texts) == len(charts) and not codes_in(texts)


SMALL = ("chan_deal", "chan_play", "sam_declare", "tan_seats", "tan_ladder", "tan_ladder_mixed")
"""Experiments covering every kind of chart (distribution, convergence, bars, heat maps, sweeps); all but the mixed
ladder are in the suite."""


@needs_browser
def test_vietnamese_report_renders_with_every_chart(tmp_path, capsys, monkeypatch):
    """``cardodds report --quick --lang vi`` on a smaller suite (the same experiments with 400 games each)."""


    import cardodds.analysis.suite

    suite = []
    for config, headline in cardodds.analysis.suite.read_suite() + [(cardodds.analysis.suite.CONFIG_DIR / "tan_ladder_mixed.toml", [])]:
        if config.stem in SMALL:
            small = tmp_path / config.name
            text = re.sub(r"(?m)^quick_games = \S+", "quick_games = 400", config.read_text(encoding="utf-8"))
            small.write_text(re.sub(r"(?m)^chunk_size = \S+", "chunk_size = 200", text), encoding="utf-8")
            suite.append((small, headline))
    assert len(suite) == len(SMALL)
    monkeypatch.setattr(cardodds.analysis.suite, "read_suite", lambda path: suite)
    out = tmp_path / "report"
    assert main(["report", "--quick", "--lang", "vi", "--jobs", "1", "--no-progress", "--out", str(out)]) == 0
    capsys.readouterr()
    page = (out / "report.html").read_text(encoding="utf-8")
    headings = re.findall(r"<h2>(.*?)</h2>", page)
    assert headings[:4] == ["Những điều rút ra", "Mục lục", "Lần chạy", "Kết quả chính"]  # the answers first
    assert "Chắn: ván bài vừa chia — Thiên ù và bài trên tay" in headings
    assert "Tấn: ai bị tấn, theo chỗ ngồi và số người chơi" in headings
    assert page.count("<h3>Tóm lại</h3>") == len(SMALL) and "Thiên ù: 20 lá của nhà cái vừa chia đã ù" in page
    charts = list((out / "charts").glob("*.png"))
    assert len(charts) >= 2 * len(SMALL)
    images, shown = check_report(out / "report.html", tmp_path / "report.png")
    assert images == len(charts) and shown == images
    sizes = page_sizes(out / "report.html")  # a table's content width counts: one scrolled sideways hides columns
    assert 0 < sizes["widest"] <= 1280 and sizes["page"] <= 1280  # no table (nor the page) wider than the window
    # every chart says its words in Vietnamese: no code, no English word
    texts = chart_texts_of(page)
    assert len(texts) == len(charts) and not codes_in(texts) and not english_in(" ".join(texts))
    assert "số người chơi" in " ".join(texts)  # the sweep's axis, once rules.players
    # every sentence, title, unit and header in Vietnamese (names and codes are set as <code>; the table of codes,
    # folded, is the CSV's)
    assert not english_in(readable_text(page))
    # numbers the Vietnamese way: the exact Thiên ù chance (33820543261099621 / 29776853911322760165), 1 in N
    assert "0,001136" in page and "(chính xác)" in page and re.search(r"1 trên \d+ ", page)
    assert not re.search(r"\b0\.\d", readable_text(page))  # no decimal point
    assert re.search(r"Số ván: \d{1,3}(\.\d{3})+ ·", page)  # thousands parted by a dot
    assert re.search(r"\d+,\d %", page) and re.search(r"\[\d+,\d+ %; \d+,\d+ %\]", page)  # 12,3 % [11,9 %; 12,7 %]


ENGLISH = {
    "the", "and", "of", "with", "which", "every", "each", "only", "not", "when", "from", "by", "its", "at", "in",
    "to", "or", "for", "against", "seat", "seats", "player", "players", "game", "games", "per", "hand", "hands",
    "deals", "cards", "trumps", "win", "wins", "lose", "loses", "draw", "estimate", "exact", "simulated", "arm",
    "arms", "table", "baseline", "naive", "declare", "declares", "margin", "upper", "bound", "chance", "rate",
    "share", "points", "mean", "dealt", "left", "sees", "plays", "probability", "attacker", "defender", "run",
}
"""English words a Vietnamese report must not show outside names and codes."""


def english_in(text: str) -> list[str]:
    """The words of ``ENGLISH`` in ``text``."""
    return sorted({w for w in re.findall(r"[A-Za-z]+", text) if w.lower() in ENGLISH})


def readable_text(page: str) -> str:
    """What a reader of ``report.html`` reads: its text and images' alternative text, without the folded table of
    codes, the ``<code>`` names and codes, the style and the script."""
    page = re.sub(r'<details class="codes">.*?</details>|<code>.*?</code>|<style>.*?</style>|<script>.*?</script>', " ",
                  page, flags=re.S)
    alts = " ".join(re.findall(r'alt="([^"]*)"', page))
    return html.unescape(re.sub(r"<[^>]+>", " ", page) + " " + alts)


def chart_texts_of(page: str) -> list[str]:
    """Each chart's words (its alternative text: title, axes, legend, category names)."""
    return [html.unescape(a) for a in re.findall(r'<img src="data:image/png;base64,[^"]*" alt="([^"]*)"', page)]


CODE = re.compile(r"\b[a-z]+(_[a-z0-9]+)+\b|\b[a-z]+\.[a-z_]+\b|\w=\w")
"""A metric's or an arm's code: ``heuristic_seat0``, ``points.game``, ``players=3``."""


def codes_in(texts: list[str]) -> list[str]:
    """The codes in charts' texts."""
    return [m.group(0) for t in texts for m in CODE.finditer(t)]
