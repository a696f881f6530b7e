"""The whole default suite's report, at its quick sizes, in every language: it finishes, and the Vietnamese one says
every word in Vietnamese (``cardodds report --quick --lang vi`` ended in a traceback when a chart's words were
translated twice)."""

import re

import pytest
from test_report_browser import chart_texts_of, codes_in, english_in, readable_text

from cardodds.analysis.suite import read_suite
from cardodds.cli import main


@pytest.fixture(scope="module")
def reports(tmp_path_factory):
    """``cardodds report --quick`` in English, then in Vietnamese from the same run's chunks: ``{lang: page}``."""
    out = tmp_path_factory.mktemp("suite") / "report"
    pages = {}
    for lang in ("en", "vi"):
        assert main(["report", "--quick", "--lang", lang, "--jobs", "1", "--no-progress", "--out", str(out)]) == 0
        pages[lang] = (out / "report.html").read_text(encoding="utf-8")
    return pages


def _sections(page: str) -> list[str]:
    return re.findall(r'<section id="section-([a-z0-9-]+)"', page)


def test_every_experiment_of_the_suite_has_its_section(reports):
    wanted = [config.stem.replace("_", "-") for config, _ in read_suite()]
    assert _sections(reports["en"]) == wanted and _sections(reports["vi"]) == wanted
    assert "<h2>Findings</h2>" in reports["en"]


def test_the_vietnamese_report_says_everything_in_vietnamese(reports):
    page = reports["vi"]
    headings = re.findall(r"<h2>(.*?)</h2>", page)
    assert headings[:4] == ["Những điều rút ra", "Mục lục", "Lần chạy", "Kết quả chính"]
    assert "Tấn, bảng sức mạnh, 2 người, 36 lá: mỗi bậc gặp mọi bậc khác (đổi chỗ trên cùng những ván bài)" in headings
    findings = re.search(r'<section id="findings"><h2>[^<]*</h2><ol>(.*?)</ol>', page, re.S).group(1)
    assert findings.count("<li>") >= 10
    assert not english_in(readable_text(page))
    texts = chart_texts_of(page)
    assert not codes_in(texts) and not english_in(" ".join(texts))
    # the strength sections' ratings chart, whose words were translated twice
    assert sum("hệ số của từng người chơi (Bradley–Terry, điểm Elo" in t for t in texts) == 5
    assert sum("hệ số (điểm Elo)" in t for t in texts) == 5
    assert not re.search(r"\b0\.\d", readable_text(page))  # numbers the Vietnamese way
