"""Charts and the report writer: figure contents, files written, self-contained HTML, markdown values."""

import base64
import errno
import io
import os
import re
import warnings
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from matplotlib.container import BarContainer
from matplotlib.figure import Figure

from cardodds.analysis.charts import bar_chart, convergence_chart, distribution_chart, heatmap
from cardodds.analysis.estimate import COLUMNS, histogram_rows, proportion_row, rows_frame
from cardodds.analysis.report import ReportSection, fmt_num, seating_text, write_report

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def _hist_frame(seats=(0, 1)):
    rows = []
    for s in seats:
        rows += histogram_rows("cards", s, [10, 30 + s, 40, 20 - s], exact_pmf=[0.1, 0.3, 0.4, 0.2])
    return rows_frame(rows, "basic")


def _png_bytes(fig):
    buf = io.BytesIO()
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a missing glyph (e.g. a Vietnamese diacritic) warns: fail on it
        fig.savefig(buf, format="png", dpi=60)
    return buf.getvalue()


# ------------------------------------------------------------------------------------------------------------ charts

def test_distribution_chart_bars_per_seat_and_exact_markers():
    fig = distribution_chart(_hist_frame(), "cards", "Số cạ trên tay — Chắn")
    assert isinstance(fig, Figure)
    ax = fig.axes[0]
    containers = [c for c in ax.containers if isinstance(c, BarContainer)]
    assert len(containers) == 2 and all(len(c) == 4 for c in containers)
    heights = [p.get_height() for p in containers[0]]
    assert heights == pytest.approx([0.1, 0.3, 0.4, 0.2])
    markers = [l for l in ax.get_lines() if l.get_marker() == "D"]
    assert len(markers) == 2 and list(markers[0].get_ydata()) == pytest.approx([0.1, 0.3, 0.4, 0.2])
    assert ax.get_title() == "Số cạ trên tay — Chắn"
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["exact", "seat 0", "seat 1"]
    assert _png_bytes(fig).startswith(PNG_MAGIC)


def test_distribution_chart_single_seat_and_missing_metric():
    fig = distribution_chart(_hist_frame(), "cards", "one seat", seats=[1])
    assert len([c for c in fig.axes[0].containers if isinstance(c, BarContainer)]) == 1
    with pytest.raises(ValueError, match="no rows"):
        distribution_chart(_hist_frame(), "nothing", "x")
    # only rows named exactly "<metric>.<k>": neither "xcards.k" nor "cards.mean"
    other = rows_frame(histogram_rows("xcards", 0, [1, 1, 1, 1, 1, 1]), "basic")
    fig = distribution_chart(pd.concat([_hist_frame((0,)), other]), "cards", "t")
    assert [len(c) for c in fig.axes[0].containers if isinstance(c, BarContainer)] == [4]


def test_convergence_chart_lines_band_and_log_axis():
    games = np.array([1000, 2000, 4000, 8000, 16000])
    succ = np.array([95, 210, 398, 805, 1601])
    fig = convergence_chart({"thien_u": (games, succ)}, 0.1, "Hội tụ — Thiên ù")
    ax = fig.axes[0]
    lines = ax.get_lines()
    assert len(lines) == 2  # the running estimate and the exact value
    assert list(lines[0].get_ydata()) == pytest.approx(succ / games)
    assert list(lines[1].get_ydata()) == [0.1, 0.1]
    assert len(ax.collections) == 1 and ax.get_xscale() == "log"
    assert _png_bytes(fig).startswith(PNG_MAGIC)
    no_exact = convergence_chart({"x": (games, succ)}, None, "t")
    assert len(no_exact.axes[0].get_lines()) == 1


def test_convergence_chart_draws_every_arm():
    games = np.array([1000, 2000, 4000])
    fig = convergence_chart({"basic": (games, [95, 210, 398]), "heuristic": (games, [50, 90, 200])}, None, "t")
    ax = fig.axes[0]
    assert [list(l.get_ydata()) for l in ax.get_lines()] == [
        pytest.approx([0.095, 0.105, 0.0995]), pytest.approx([0.05, 0.045, 0.05])]
    assert len(ax.collections) == 2
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["basic", "95 % Wilson interval", "heuristic"]
    same = convergence_chart({"a": (games, [5, 9, 20]), "b": (games, [5, 9, 20]), "c": (games, [1, 2, 3])}, None, "t")
    assert [l.get_label() for l in same.axes[0].get_lines()] == ["a = b", "c"]


def test_bar_chart_bars_whiskers_exact():
    rows = [proportion_row("thien_u", None, 3, 1000, exact=0.0025), proportion_row("toi_trang", None, 40, 1000),
            proportion_row("ù", 2, 250, 1000, exact=0.25)]
    df = rows_frame(rows, "basic")
    for horizontal in (True, False):
        fig = bar_chart(df, "Xác suất — tới trắng", horizontal=horizontal)
        ax = fig.axes[0]
        bars = [c for c in ax.containers if isinstance(c, BarContainer)]
        assert len(bars) == 1 and len(bars[0]) == 3
        exact = [l for l in ax.get_lines() if l.get_marker() == "D"]
        assert len(exact) == 1
        assert _png_bytes(fig).startswith(PNG_MAGIC)
    labels = [t.get_text() for t in bar_chart(df, "t").axes[0].get_yticklabels()]
    assert labels == ["thien_u", "toi_trang", "ù"]


def test_bar_chart_repeated_labels_get_seat():
    df = rows_frame([proportion_row("lose", s, 10 + s, 100) for s in range(3)], "a")
    labels = [t.get_text() for t in bar_chart(df, "t").axes[0].get_yticklabels()]
    assert labels == ["lose (seat 0)", "lose (seat 1)", "lose (seat 2)"]


def _two_arms():
    """``lose`` by seat and ``draw`` for two arms whose estimates differ."""
    return pd.concat([
        rows_frame([proportion_row("lose", s, 100 + 10 * s, 1000) for s in range(2)]
                   + [proportion_row("draw", None, 5, 1000)], "basic"),
        rows_frame([proportion_row("lose", s, 300 - 20 * s, 1000) for s in range(2)]
                   + [proportion_row("draw", None, 50, 1000)], "podkidnoy"),
    ], ignore_index=True)


@pytest.mark.parametrize("horizontal", [True, False])
def test_bar_chart_groups_bars_by_arm(horizontal):
    fig = bar_chart(_two_arms(), "who loses", horizontal=horizontal)
    ax = fig.axes[0]
    bars = [c for c in ax.containers if isinstance(c, BarContainer)]
    size = (lambda p: p.get_width()) if horizontal else (lambda p: p.get_height())
    assert [[size(p) for p in c] for c in bars] == [pytest.approx([0.1, 0.11, 0.005]),
                                                     pytest.approx([0.3, 0.28, 0.05])]
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["basic", "podkidnoy"]
    ticks = ax.get_yticklabels() if horizontal else ax.get_xticklabels()
    assert [t.get_text() for t in ticks] == ["lose (seat 0)", "lose (seat 1)", "draw"]
    # each arm's bars carry whiskers: one error-bar line collection per arm
    assert sum(1 for c in ax.containers if type(c).__name__ == "ErrorbarContainer") == 2


def test_bar_chart_arm_missing_a_row_draws_no_bar_there():
    rows = _two_arms()
    fig = bar_chart(rows[~((rows.arm == "podkidnoy") & (rows.seat == 1).fillna(False))], "t")
    bars = [c for c in fig.axes[0].containers if isinstance(c, BarContainer)]
    assert [p.get_width() for p in bars[1]] == pytest.approx([0.3, 0.0, 0.05])


def test_distribution_chart_one_group_per_seat_and_arm():
    other = rows_frame(histogram_rows("cards", 0, [40, 30, 20, 10], exact_pmf=[0.1, 0.3, 0.4, 0.2]), "b")
    rows = pd.concat([_hist_frame((0,)), other], ignore_index=True)
    ax = distribution_chart(rows, "cards", "t").axes[0]
    bars = [c for c in ax.containers if isinstance(c, BarContainer)]
    assert [[p.get_height() for p in c] for c in bars] == [pytest.approx([0.1, 0.3, 0.4, 0.2]),
                                                            pytest.approx([0.4, 0.3, 0.2, 0.1])]
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["exact", "basic", "b"]
    both = pd.concat([_hist_frame((0, 1)), rows_frame(histogram_rows("cards", 1, [1, 1, 1, 1]), "b")])
    labels = [t.get_text() for t in distribution_chart(both, "cards", "t", seats=[1]).axes[0].get_legend().get_texts()]
    assert labels == ["exact", "basic", "b"]


def test_heatmap_cells_annotated():
    table = pd.DataFrame([[0.25, 0.2], [0.25, np.nan]], index=pd.Index([0, 1], name="seat"),
                         columns=pd.Index([4, 5], name="players"))
    fig = heatmap(table, "Tỉ lệ thua theo ghế", ".1%")
    ax = fig.axes[0]
    assert len(ax.images) == 1
    assert sorted(t.get_text() for t in ax.texts) == ["20.0%", "25.0%", "25.0%"]
    assert ax.get_xlabel() == "players" and ax.get_ylabel() == "seat"
    assert _png_bytes(fig).startswith(PNG_MAGIC)


# ------------------------------------------------------------------------------------------------------------ report

def _sections():
    deal_rows = rows_frame(
        [proportion_row("thien_u", None, 12, 100_000, exact=0.000123),
         proportion_row("toi_trang", None, 3456, 100_000)]
        + histogram_rows("ca", 0, [5, 20, 50, 25], exact_pmf=[0.05, 0.2, 0.5, 0.25]),
        "deal", experiment="chan_deal", unit_of=lambda metric: "per table" if metric == "toi_trang" else "per hand",
    )
    deal = ReportSection(
        key="chan-deal", title="Chắn — chia bài", description="Odds of <Thiên ù> & tới trắng at the deal.",
        rows=deal_rows,
        figures={"ca": distribution_chart(deal_rows, "ca", "Số cạ"), "bars": bar_chart(deal_rows.iloc[:2], "Tới trắng")},
        headline=[("thien_u", None), ("ca.mean", 0)], rules={"players": 4, "u_bon_dau": True, "bonus": {"lao": 2}},
        strategies=None, games=100_000, seed=42, seconds=3.25,
    )
    play_rows = pd.concat([rows_frame([proportion_row("lose", s, 250 + s, 1000) for s in range(2)], arm,
                                      experiment="sam_play", unit_of=lambda metric: "per game")
                           for arm in ("basic", "greedy")], ignore_index=True)
    play = ReportSection(
        key="sam-play", title="Sâm — ván chơi", description="Two arms on common deals.", rows=play_rows,
        figures={"lose": bar_chart(play_rows, "Thua")}, headline=[("lose", 1)], rules={},
        strategies={"basic": {"name": "basic", "save_trumps": True}, "greedy": {"name": "greedy"}},
        games=1000, seed=7, seconds=1.5, extra_md="Note: a | pipe.",
        seating=[("basic (baseline)", "4 basic players"), ("greedy", "seat 0: greedy; seats 1–3: basic")],
    )
    return [deal, play]


def test_write_report_files_and_csv(tmp_path):
    written = write_report(tmp_path, _sections(), {"jobs": 2, "seed": 42}, title="Báo cáo cardodds")
    assert set(written) == {"summary.csv", "report.md", "report.html", "charts/chan-deal-ca.png",
                            "charts/chan-deal-bars.png", "charts/sam-play-lose.png"}
    for path in written.values():
        assert path.exists() and path.stat().st_size > 0
    assert written["charts/sam-play-lose.png"].read_bytes().startswith(PNG_MAGIC)
    csv = pd.read_csv(tmp_path / "summary.csv")
    assert list(csv.columns) == list(COLUMNS) and list(csv.columns[:2]) == ["experiment", "arm"]
    assert len(csv) == 2 + 5 + 4
    assert csv.groupby("experiment").unit.unique().map(sorted).to_dict() == {
        "chan_deal": ["per hand", "per table"], "sam_play": ["per game"]}
    row = csv[csv["metric"] == "thien_u"].iloc[0]
    assert row["estimate"] == pytest.approx(12 / 100_000) and row["exact"] == pytest.approx(0.000123)
    assert pd.isna(row["seat"]) and pd.isna(csv[csv["metric"] == "toi_trang"]["exact"].iloc[0])


def test_report_html_self_contained(tmp_path):
    sections = _sections()
    write_report(tmp_path, sections, {"jobs": 2})
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "http" not in page.lower()
    images = re.findall(r'<img src="data:image/png;base64,([A-Za-z0-9+/=]+)"', page)
    assert len(images) == 3 and all(base64.b64decode(i).startswith(PNG_MAGIC) for i in images)
    assert len(re.findall(r"<img ", page)) == 3
    for key in ("chan-deal", "sam-play"):
        assert f'href="#section-{key}"' in page and f'id="section-{key}"' in page
    assert 'href="#headline"' in page and 'id="headline"' in page
    assert "&lt;Thiên ù&gt; &amp; tới trắng" in page and "<Thiên" not in page  # escaped, diacritics kept
    assert "Chắn — chia bài" in page and "PCG64DXSM" in page
    assert "<li>greedy: seat 0: greedy; seats 1–3: basic</li>" in page


def test_seating_text_says_who_sits_where():
    assert seating_text(["basic"] * 4) == "4 basic players"
    assert seating_text(["heuristic", "basic", "basic", "basic"]) == "seat 0: heuristic; seats 1–3: basic"
    assert seating_text(["heuristic", "basic", "heuristic", "basic"]) == "seats 0, 2: heuristic; seats 1, 3: basic"
    assert seating_text(["a", "a", "b", "a", "a"]) == "seats 0–1, 3–4: a; seat 2: b"
    label = "control, declares Sâm at hand strength ≥ 0.75"
    assert seating_text([label] * 3) == f"3 players, each: {label}"


def test_report_markdown_headline_and_tables(tmp_path):
    write_report(tmp_path, _sections(), {"jobs": 2, "seed": 42, "date": "2026-11-29 15:00:00"})
    md = (tmp_path / "report.md").read_text(encoding="utf-8")
    head = md[md.index("## Headline"):md.index("## Chắn")]
    # thien_u: 12 / 100 000 = 0.0001200, exact 0.0001230, z = (0.00012 - 0.000123) / sqrt(0.000123·0.999877/1e5)
    z = (0.00012 - 0.000123) / np.sqrt(0.000123 * (1 - 0.000123) / 100_000)
    assert "| experiment | what | estimate | 95 % CI |\n|---|---|---|---|\n" in head  # short: the CSV has the rest
    assert "| `chan_deal` | thien_u, per hand | 0.0001200 · 1 in 8,330 | [6.865e-05, 0.0002098] |" in head
    assert "| `chan_deal` | ca.mean, seat 0, per hand | 1.950 |" in head  # (20 + 100 + 75) / 100
    assert "| `sam_play` · basic | lose, seat 1, per game | 0.2510 |" in head
    assert "| `sam_play` · greedy | lose, seat 1, per game | 0.2510 |" in head
    assert "[summary.csv](summary.csv)" in head
    deal = md[md.index("## Chắn"):md.index("## Sâm")]
    assert "| deal | thien_u | — | per hand | 0.0001200 · 1 in 8,330 |" in deal
    assert "| 0.0001230 · 1 in 8,130 | " + f"{z:+.2f}" + " | 100,000 |" in deal
    section = md[md.index("## Sâm — ván chơi"):]
    assert "| arm | what | seat | unit | estimate |" in section and "| basic | lose | 0 | per game | 0.2500 |" in section
    assert ("At the table:\n\n- basic (baseline): 4 basic players\n- greedy: seat 0: greedy; seats 1–3: basic"
            in section)
    assert "2026-11-29 15:00:00" in md and "| seed(s) | 42 |" in md and "| total games | 101,000 |" in md
    assert "| u_bon_dau | true |" in md and "| bonus.lao | 2 |" in md and "| basic.save_trumps | true |" in md
    assert "![Số cạ](charts/chan-deal-ca.png)" in md  # a chart is named by its title, not its file's code
    assert "Note: a | pipe." in md


def test_report_rejects_bad_sections(tmp_path):
    bad = _sections()
    bad[1].key = "Sâm play"
    with pytest.raises(ValueError, match="slug"):
        write_report(tmp_path, bad, {})
    dup = _sections()
    dup[1].key = "chan-deal"
    with pytest.raises(ValueError, match="duplicate"):
        write_report(tmp_path, dup, {})
    missing = _sections()
    missing[0].headline = [("nope", None)]
    with pytest.raises(ValueError, match="headline"):
        write_report(tmp_path, missing, {})


def test_fmt_num_four_significant_digits():
    assert [fmt_num(x) for x in (0.001234, 0.5, 12.345, 1.234e-7, 0.0, float("nan"), 1234.0)] == [
        "0.001234", "0.5000", "12.35", "1.234e-07", "0", "—", "1234"]


_WORDS = {"en": {"thien_u": "the cái's cards are a win", "toi_trang": "a tới trắng", "lose": "loses",
                 "ca.<k>": "{k} cạ", "ca.mean": "cạ in a hand"},
          "vi": {"thien_u": "bài nhà cái đã ù", "toi_trang": "tới trắng", "lose": "thua", "ca.<k>": "{k} cạ",
                 "ca.mean": "số cạ"}}


def _labelled_sections():
    from cardodds.sim.registry import Task

    task = Task(name="test.words", parse=None, run_chunk=None, measures=None, labels=_WORDS)
    sections = _sections()
    for s in sections:
        s.label_of = task.label_of
        s.answers = [("thien_u", None), ("toi_trang", None)] if s.key == "chan-deal" else [("lose", 1)]
    return sections


def test_sections_open_with_their_questions_answered_in_words(tmp_path):
    write_report(tmp_path, _labelled_sections(), {"seed": 42})
    md = (tmp_path / "report.md").read_text(encoding="utf-8")
    deal = md[md.index("## Chắn — chia bài"):md.index("## Sâm")]
    # 12 / 100,000: 1 in 8,333 (3 significant digits: 8,330); exact 0.000123: 1 in 8,130; Wilson interval
    # [6.86e-05, 0.000210] read as 1 in 4,770 … 1 in 14,600; 3456 / 100,000: 1 in 28.94 [28.01, 29.91]
    assert deal.index("**In short:**") < deal.index("Odds of <Thiên ù>")
    assert ("- **the cái's cards are a win** — per hand: 1 in 8,130 (exact), simulated 1 in 8,330 "
            "[4,770, 14,600]") in deal
    assert "- **a tới trắng** — per table: simulated 1 in 29 [28, 30]" in deal
    play = md[md.index("## Sâm — ván chơi"):]
    assert "- **loses** — seat 1, per game: basic: simulated 25.1 % [22.5 %, 27.9 %]; greedy: simulated" in play
    # the visible tables show the labels, the folded table the codes
    assert "| deal | the cái's cards are a win | — | per hand | 0.0001200 · 1 in 8,330 |" in deal
    assert "| deal | cạ in a hand | 0 | per hand | 1.950 |" in deal and "| deal | 2 cạ |" not in deal
    codes = deal[deal.index("### All rows, with their codes"):]
    assert "| arm | metric (code) | seat |" in codes and "| deal | thien_u | — | per hand | 0.0001200 |" in codes


def test_report_in_vietnamese(tmp_path):
    write_report(tmp_path, _labelled_sections(), {"seed": 42}, lang="vi")
    md = (tmp_path / "report.md").read_text(encoding="utf-8")
    assert md.startswith("# Báo cáo cardodds\n") and "## Kết quả chính" in md and "### Luật chơi" in md
    # Vietnamese numbers: a decimal comma, a dot between thousands, a semicolon between an interval's ends
    assert "- **bài nhà cái đã ù** — mỗi bài: 1 trên 8.130 (chính xác), mô phỏng 1 trên 8.330 [4.770; 14.600]" in md
    assert "| thí nghiệm | đại lượng | ước lượng | KTC 95 % |" in md
    assert "| `chan_deal` | bài nhà cái đã ù, mỗi bài | 0,0001200 · 1 trên 8.330 |" in md
    assert "| total games |" not in md
    assert "| deal | bài nhà cái đã ù | — | mỗi bài | 0,0001200 · 1 trên 8.330 | [6,865e-05; 0,0002098] |" in md
    assert "| tổng số ván | 101.000 |" in md and "thời gian chạy: 3,2 s" in md
    findings = md[md.index("## Những điều rút ra"):md.index("## Lần chạy")]
    assert ("- [bài nhà cái đã ù](#section-chan-deal): mỗi bài: 1 trên 8.130 (chính xác), mô phỏng 1 trên 8.330 "
            "[4.770; 14.600] — trong “Chắn — chia bài”") in findings  # as the section answers it
    assert "- [thua](#section-sam-play): chỗ 1, mỗi ván: basic: mô phỏng 25,1 % [22,5 %; 27,9 %]; greedy:" in findings
    assert "- **thua** — chỗ 1, mỗi ván: basic: mô phỏng 25,1 % [22,5 %; 27,9 %]; greedy: mô phỏng" in md
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert '<html lang="vi">' in page and "<summary>Mọi dòng, kèm mã (cả các phân phối)</summary>" in page
    assert seating_text(["heuristic", "basic", "basic", "basic"]) == "seat 0: heuristic; seats 1–3: basic"
    from cardodds.analysis.i18n import using

    with using("vi"):
        assert seating_text(["heuristic", "basic", "basic", "basic"]) == "chỗ 0: heuristic; chỗ 1–3: basic"
        assert seating_text(["basic"] * 4) == "4 người chơi basic"


def test_chart_text_follows_the_language_and_fails_loudly_when_missing():
    from cardodds.analysis.i18n import chart, using

    rows = _sections()[1].rows
    with using("vi", label_of=lambda metric, lang: _WORDS[lang][metric]):
        fig = bar_chart(rows, "Tấn, 4 players: who loses (seat 0 attacks first)", xlabel="probability")
        assert chart("Tấn: who loses (seat 0 attacks first)") == "Tấn: ai bị tấn (chỗ 0 đánh trước)"
        with pytest.raises(KeyError, match="no 'vi' words for the chart text 'A new chart'"):
            chart("A new chart")
    ax = fig.axes[0]
    assert ax.get_title() == "Tấn, 4 người: ai bị tấn (chỗ 0 đánh trước)" and ax.get_xlabel() == "xác suất"
    assert [t.get_text() for t in ax.get_yticklabels()] == ["thua (chỗ 0)", "thua (chỗ 1)"]
    assert chart("A new chart") == "A new chart"  # English: as written


def test_fmt_one_in_and_percent():
    from cardodds.analysis.numbers import fmt_one_in, fmt_percent

    assert [fmt_one_in(p) for p in (0.0011358, 1 / 12.4, 0.25, 1 / 8333.3, 0.0)] == [
        "1 in 880", "1 in 12", "1 in 4.0", "1 in 8,330", "1 in ∞"]
    assert [fmt_percent(p) for p in (0.2513, 0.0094, 0.9996, 0.0, 0.00007682)] == [
        "25.1 %", "0.94 %", "100 %", "0 %", "0.00768 %"]


def test_vietnamese_numbers_have_a_decimal_comma_and_a_dot_between_thousands():
    from cardodds.analysis.i18n import using
    from cardodds.analysis.numbers import fmt_ci, fmt_count, fmt_fixed, fmt_num, fmt_one_in, fmt_percent

    with using("vi"):
        assert [fmt_num(x) for x in (0.0011358, 1290.4, -6.287, 1.234e-7, 0.5)] == [
            "0,001136", "1290", "-6,287", "1,234e-07", "0,5000"]
        assert [fmt_count(n) for n in (1290, 2_796_000, 7)] == ["1.290", "2.796.000", "7"]
        assert [fmt_one_in(p) for p in (0.0011358, 1 / 1290.4, 1 / 2.5, 1 / 8333.3)] == [
            "1 trên 880", "1 trên 1.290", "1 trên 2,5", "1 trên 8.330"]
        assert [fmt_percent(p) for p in (0.123, 0.0094, 1.0)] == ["12,3 %", "0,94 %", "100 %"]
        assert fmt_ci(0.001078, 0.00121) == "[0,001078; 0,001210]"  # the ends parted by a semicolon
        assert fmt_fixed(2.125) == "2,1" and fmt_fixed(1234.5) == "1.234,5"
    assert fmt_ci(0.001078, 0.00121) == "[0.001078, 0.001210]" and fmt_count(1290) == "1,290"  # English as before


def test_no_chart_text_is_shadowed_by_a_more_general_pattern():
    from cardodds.analysis.i18n import chart, charts, using

    with using("vi"):
        for pattern, template in charts("vi"):
            if re.compile(pattern).groups == 0:
                assert chart(re.sub(r"\\(.)", r"\1", pattern)) == template, pattern
        assert chart("Chắn count of a dealt hand: simulated vs exact") == \
            "Số chắn trong bài vừa chia: mô phỏng và chính xác"
        assert chart("Tấn, 4 players, against 3 heuristic players:\na rung's chance to lose by its seat "
                     "(seat 0 attacks first)").startswith("Tấn, 4 người, gặp 3 người chơi heuristic:\n")


class _DiskFillsUp:
    """A file on a disk that fills up: half of the first write lands, then the write fails (ENOSPC)."""

    def __init__(self, file):
        self.file = file

    def write(self, data):
        self.file.write(data[: len(data) // 2])
        self.file.flush()
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def __getattr__(self, name):
        return getattr(self.file, name)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.file.close()


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="names an open file by /proc/self/fd")
def test_a_disk_full_at_report_time_is_one_line_naming_the_file_and_leaves_no_partial_chart(
        tmp_path, monkeypatch, capsys):
    from cardodds.cli import main

    real_open = io.open

    def open_on_a_full_disk(file, mode="r", *args, **kwargs):  # every file opened to write a PNG (temporary or not)
        opened = real_open(file, mode, *args, **kwargs)
        name = os.readlink(f"/proc/self/fd/{file}") if isinstance(file, int) else os.fspath(file)
        return _DiskFillsUp(opened) if "w" in mode and ".png" in name else opened

    out = tmp_path / "run"
    monkeypatch.setattr(io, "open", open_on_a_full_disk)
    config = Path(__file__).resolve().parents[1] / "configs" / "chan_deal.toml"
    code = main(["run", str(config), "--games", "2000", "--jobs", "1", "--out", str(out), "--no-progress"])
    monkeypatch.undo()
    err = capsys.readouterr().err
    assert code == 2 and re.fullmatch(rf"cardodds: error: {re.escape(str(out / 'charts'))}/[a-z_-]+\.png: "
                                      r"No space left on device\n", err), err
    assert [p.name for p in (out / "charts").iterdir()] == []  # neither a truncated chart nor a temporary file
    assert (out / "summary.csv").is_file()  # written before, whole


def _many_sections(count=13):
    """``count`` one-row sections (a rare event, a common one and a mean, in turn), each with its headline row."""
    sections = []
    for i in range(count):
        kind = i % 3
        row = (proportion_row("rare", 0, 3 + i, 10_000) if kind == 0 else proportion_row("common", None, 4000, 10_000)
               if kind == 1 else None)
        rows = (rows_frame([row], "basic", experiment=f"exp{i}", unit_of=lambda m: "per game") if row is not None
                else rows_frame(histogram_rows("cards", 0, [10, 30, 40, 20]), "basic", experiment=f"exp{i}",
                                unit_of=lambda m: "per hand"))
        metric, seat = ("rare", 0) if kind == 0 else ("common", None) if kind == 1 else ("cards.mean", 0)
        sections.append(ReportSection(key=f"exp-{i}", title=f"Experiment {i}", description="d", rows=rows,
                                      headline=[(metric, seat)], games=10_000, seed=i))
    return sections


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_the_report_opens_with_its_findings_each_linking_to_its_section(tmp_path, lang):
    sections = _many_sections(13) + _sections()  # 13 + 3 headline rows: only the first 15 are findings
    write_report(tmp_path, sections, {"seed": 1}, lang=lang)
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    first = re.search(r"<body>\s*<h1>[^<]*</h1>\s*<section id=\"findings\"><h2>([^<]*)</h2><ol>(.*?)</ol></section>",
                      page)
    assert first and first[1] == {"en": "Findings", "vi": "Những điều rút ra"}[lang]
    items = re.findall(r"<li>(.*?)</li>", first[2])
    assert len(items) == 15
    ids = set(re.findall(r'id="([^"]+)"', page))
    links = [re.match(r'<a href="#([^"]+)">', item)[1] for item in items]
    assert all(link in ids for link in links) and links[:13] == [f"section-exp-{i}" for i in range(13)]
    assert links[13:] == ["section-chan-deal", "section-sam-play"]  # each section's first row before any second one
    # as the sections answer: a rare chance as 1 in N, a common one as a percentage, a mean as a number
    said = {"en": ["simulated 1 in 3,330 [1,130, 9,800]", "simulated 40 % [39 %, 41 %]", "simulated 1.700 [1.523, 1.877]"],
            "vi": ["mô phỏng 1 trên 3.330 [1.130; 9.800]", "mô phỏng 40 % [39 %; 41 %]",
                   "mô phỏng 1,700 [1,523; 1,877]"]}[lang]
    assert said[0] in items[0]  # Wilson interval of 3 / 10,000
    assert said[1] in items[1] and said[2] in items[2]  # mean 1.7, sd 0.9045
    md = (tmp_path / "report.md").read_text(encoding="utf-8")
    headings = re.findall(r"(?m)^## (.*)$", md)
    assert headings[0] == first[1]
    listed = md[md.index("## " + first[1]):md.index("## " + headings[1])]
    md_links = re.findall(r"(?m)^- \[[^]]*\]\(#([^)]+)\)", listed)
    md_ids = set(re.findall(r'<a id="([^"]+)"></a>', md))
    assert md_links == links and all(link in md_ids for link in md_links)


def test_the_headline_table_is_short_and_links_the_full_csv(tmp_path):
    write_report(tmp_path, _sections(), {"seed": 1})
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    headline = page[page.index('<section id="headline">'):]
    headline = headline[:headline.index("</section>")]
    assert re.findall(r"<th>([^<]*)</th>", headline) == ["experiment", "what", "estimate", "95 % CI"]
    assert all(len(re.findall(r"<td", row)) == 4 for row in re.findall(r"<tr>(.*?)</tr>", headline)[1:])
    assert '<a href="summary.csv">summary.csv</a>' in headline and (tmp_path / "summary.csv").exists()
    # every section's tables are folded; its answers and charts are not
    section = page[page.index('<section id="section-sam-play">'):]
    assert section.index("<img") < section.index("<details") and "<table" not in section[:section.index("<details")]
    assert section.count("<details") == 4 and section.count("<table") == 3  # results, rules (defaults), strategies, all
