"""Render a report in headless Chromium: count the charts that really display, measure the page, take a screenshot.

Used by the tests (and handy by hand: ``python -m cardodds.analysis.browser_check reports/latest/report.html``).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

_PROBE = (
    "<script>window.addEventListener('load', () => {"
    "const imgs = [...document.images];"
    "document.body.dataset.images = imgs.length;"
    "document.body.dataset.shown = imgs.filter(i => i.complete && i.naturalWidth > 0).length;});</script>"
)


def chromium() -> str | None:
    """The Chromium executable, if installed."""
    return shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")


def _run(browser: str, args: list[str], profile: str) -> str:
    proc = subprocess.run(
        [browser, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )
    return proc.stdout


def _dumped_dom(browser: str, html: Path, script: str, tmp: str, args: tuple = ()) -> str:
    """The DOM Chromium ends with for ``html`` with ``script`` run in it (put before ``</body>``), once the page has
    loaded (a 10 s virtual-time budget); ``tmp`` holds the probe page and the browser profile."""
    probe = Path(tmp) / "probe.html"
    probe.write_text(html.read_text(encoding="utf-8").replace("</body>", script + "</body>"), encoding="utf-8")
    return _run(browser, [*args, "--virtual-time-budget=10000", "--dump-dom", probe.as_uri()], str(Path(tmp) / "p1"))


def _browser() -> str:
    browser = chromium()
    if browser is None:
        raise RuntimeError("Chromium is not installed")
    return browser


def check_report(html: Path, screenshot: Path | None = None) -> tuple[int, int]:
    """``(images, images displayed)`` of a report page as Chromium renders it; optionally save a PNG screenshot."""
    browser = _browser()
    html = Path(html).resolve()
    with tempfile.TemporaryDirectory() as tmp:
        dom = _dumped_dom(browser, html, _PROBE, tmp)
        if screenshot is not None:
            _run(
                browser,
                [f"--screenshot={Path(screenshot).resolve()}", "--window-size=1280,2400", html.as_uri()],
                str(Path(tmp) / "p2"),
            )
    images = re.search(r'data-images="(\d+)"', dom)
    shown = re.search(r'data-shown="(\d+)"', dom)
    if not images or not shown:
        raise RuntimeError("the page did not finish loading in Chromium")
    return int(images.group(1)), int(shown.group(1))


_SIZES = (
    "<script>window.addEventListener('load', () => {"
    "document.body.dataset.height = document.documentElement.scrollHeight;"
    "document.querySelectorAll('details').forEach(d => d.open = true);"
    "const tables = [...document.querySelectorAll('table')];"
    "document.body.dataset.widest = Math.max(0, ...tables.map(t => Math.max(t.scrollWidth, t.getBoundingClientRect().right)));"
    "document.body.dataset.page = document.documentElement.scrollWidth;});</script>"
)


def page_sizes(html: Path, width: int = 1280) -> dict[str, int]:
    """A report page's sizes in CSS pixels in a ``width`` wide Chromium window: ``height`` as it opens (folds closed),
    then with every fold opened ``widest`` (the widest table's content, or its right edge) and ``page`` (the page's
    width: wider than the window means a sideways scroll)."""
    browser = _browser()
    with tempfile.TemporaryDirectory() as tmp:
        dom = _dumped_dom(browser, Path(html).resolve(), _SIZES, tmp, (f"--window-size={width},800",))
    found = {key: re.search(rf'data-{key}="(\d+)"', dom) for key in ("height", "widest", "page")}
    if not all(found.values()):
        raise RuntimeError("the page did not finish loading in Chromium")
    return {key: int(m.group(1)) for key, m in found.items()}


if __name__ == "__main__":
    page = Path(sys.argv[1])
    total, ok = check_report(page, page.with_suffix(".png"))
    sizes = page_sizes(page)
    print(f"{ok} of {total} charts displayed; at 1,280 px: {sizes['height']:,} px tall, widest table "
          f"{sizes['widest']:,} px, page {sizes['page']:,} px wide; screenshot: {page.with_suffix('.png')}")
    sys.exit(0 if total and ok == total else 1)
