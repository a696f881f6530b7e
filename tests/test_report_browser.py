"""The report renders in a real browser with every chart displayed (CI installs Chromium)."""

import os

import pytest

from analysis.browser_check import check_report, chromium
from analysis.cli import main

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
    shot = tmp_path / "report.png"
    images, shown = check_report(out / "report.html", shot)
    assert images == len(charts) and shown == images
    assert shot.stat().st_size > 20_000  # a real page, not a blank one
