"""The committed showcase: the report's headline table and a few charts, copied from a finished report folder."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from cardodds.vocabulary import LANGUAGES, word

SHOWCASE_CHARTS = (
    "chan-deal-chan_count.png",
    "chan-deal-thien_u_convergence.png",
    "chan-players-ladder.png",
    "sam-declare-declared_p.png",
    "sam-ladder-ladder.png",
    "sam-odds-p_success.png",
    "tan-ladder-ladder_lose.png",
    "tan-seats-lose_heatmap.png",
    "chan-play-win_by_seat.png",
)


def _any_language(key: str) -> str:
    """A heading of the report in any of its languages, as a regular expression."""
    return "(?:" + "|".join(re.escape(word(f"report.{key}", lang)) for lang in LANGUAGES) + ")"


def write_showcase(report_dir: Path, showcase_dir: Path, command: str) -> list[Path]:
    """Copy the headline table (as ``README.md``) and the showcase charts from ``report_dir``."""
    report_dir, showcase_dir = Path(report_dir), Path(showcase_dir)
    md = (report_dir / "report.md").read_text(encoding="utf-8")
    headline = re.search(rf"## {_any_language('headline')}\n\n(.*?)\n\n", md, re.S)
    run = re.search(rf"## {_any_language('run')}\n\n(.*?)\n\n", md, re.S)
    showcase_dir.mkdir(parents=True, exist_ok=True)
    written = []
    charts = [name for name in SHOWCASE_CHARTS if (report_dir / "charts" / name).exists()]
    for name in charts:
        shutil.copyfile(report_dir / "charts" / name, showcase_dir / name)
        written.append(showcase_dir / name)
    lines = [
        "# cardodds showcase",
        "",
        f"Regenerate with `{command}` (it runs the default suite and copies its headline table and these charts here).",
        "",
        "## Run",
        "",
        run.group(1) if run else "",
        "",
        "## Headline",
        "",
        headline.group(1) if headline else "_No headline rows._",
        "",
        "## Charts",
        "",
    ]
    lines += [f"![{name[:-4]}]({name})\n" for name in charts]
    (showcase_dir / "README.md").write_text("\n".join(lines), encoding="utf-8")
    written.append(showcase_dir / "README.md")
    return written
