"""The whole default suite's report, at its quick sizes, in every language: it finishes, and the Vietnamese one says
every word in Vietnamese (``cardodds report --quick --lang vi`` ended in a traceback when a chart's words were
translated twice)."""

import re
import shutil

import pytest
from test_report_browser import chart_texts_of, codes_in, english_in, needs_browser, readable_text
from test_vocabulary import english_in_vietnamese

from cardodds.analysis.browser_check import page_sizes
from cardodds.analysis.suite import read_suite
from cardodds.cli import main


@pytest.fixture(scope="module")
def report_files(tmp_path_factory):
    """``cardodds report --quick`` in English, then in Vietnamese from the same run's chunks: ``{lang: report.html}``
    (a copy: the page holds its charts)."""
    out = tmp_path_factory.mktemp("suite") / "report"
    files = {}
    for lang in ("en", "vi"):
        assert main(["report", "--quick", "--lang", lang, "--jobs", "1", "--no-progress", "--out", str(out)]) == 0
        files[lang] = shutil.copyfile(out / "report.html", out.parent / f"report-{lang}.html")
    return files


@pytest.fixture(scope="module")
def reports(report_files):
    """``{lang: page}`` of :func:`report_files`."""
    return {lang: path.read_text(encoding="utf-8") for lang, path in report_files.items()}


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
    assert english_in_vietnamese(readable_text(page) + " ".join(texts)) == []  # no English words of the catalogue


def test_the_findings_answer_in_sentences_with_percentages(reports):
    findings = re.search(r'<section id="findings"><h2>[^<]*</h2><ol>(.*?)</ol>', reports["en"], re.S).group(1)
    said = [re.sub(r"<[^>]+>", "", li) for li in re.findall(r"<li>(.*?)</li>", findings, re.S)]
    assert 10 <= len(said) <= 15
    assert said[0].startswith("Thiên ù") and "1 in 880 (exact), simulated 1 in " in said[0]
    success = next(s for s in said if s.startswith("a declared Sâm succeeds"))
    said_of_arms = success.split(" — in ")[0]
    assert "bayes, margin 0: simulated 8" in said_of_arms and "naive" not in said_of_arms  # what players would use
    loss = next(s for s in said if s.startswith("loses the game (bị tấn)") and "4 players" in s)
    assert all(f"4 players, seat {k}: simulated " in loss for k in range(4))  # every seat, not seat 0 only
    assert not re.search(r"\d\.\d{4}", said[0] + success + loss)  # chances as percentages and "1 in N"


@needs_browser
@pytest.mark.parametrize("lang", ["en", "vi"])
def test_the_quick_report_is_short_enough_to_read(report_files, lang):
    sizes = page_sizes(report_files[lang])  # at 1,280 px, folds closed; then every fold opened
    assert 0 < sizes["height"] < 30_000
    assert sizes["widest"] <= 1280 and sizes["page"] <= 1280  # no table scrolled sideways
