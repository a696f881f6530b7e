"""The report renders in a real browser with every chart displayed (CI installs Chromium)."""

import os
import re

import pytest

from cardodds.analysis.browser_check import check_report, chromium
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
    monkeypatch.setattr(cardodds.analysis.suite, "read_suite", lambda: suite)
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
    widest, width = widest_table(out / "report.html", tmp_path)
    assert 0 < widest <= 1280 and width <= 1280  # no table (nor the page) wider than the window, folds opened


_WIDTHS = (
    "<script>window.addEventListener('load', () => {"
    "document.querySelectorAll('details').forEach(d => d.open = true);"
    "const tables = [...document.querySelectorAll('table')];"
    "document.body.dataset.widest = Math.max(0, ...tables.map(t => Math.max(t.scrollWidth, t.getBoundingClientRect().right)));"
    "document.body.dataset.page = document.documentElement.scrollWidth;});</script>"
)


def widest_table(page, tmp_path) -> tuple[int, int]:
    """``(widest table, page width)`` in CSS pixels of ``page`` in a 1,280 px wide window, every fold opened (a
    table's content width counts, not only its box: a table scrolled sideways still hides columns)."""
    from cardodds.analysis.browser_check import _run

    probe = tmp_path / "widths.html"
    probe.write_text(page.read_text(encoding="utf-8").replace("</body>", _WIDTHS + "</body>"), encoding="utf-8")
    dom = _run(chromium(), ["--window-size=1280,2400", "--virtual-time-budget=10000", "--dump-dom", probe.as_uri()],
               str(tmp_path / "profile"))
    return int(re.search(r'data-widest="(\d+)', dom)[1]), int(re.search(r'data-page="(\d+)', dom)[1])
