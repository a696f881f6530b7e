from cardodds.analysis.showcase import write_showcase


def test_showcase_copies_headline_and_charts(tmp_path):
    report = tmp_path / "report"
    (report / "charts").mkdir(parents=True)
    (report / "charts" / "tan-seats-lose_heatmap.png").write_bytes(b"\x89PNG fake")
    (report / "charts" / "other.png").write_bytes(b"\x89PNG other")
    (report / "report.md").write_text(
        "# r\n\n## Run\n\n| item | value |\n|---|---|\n| seed(s) | 1 |\n\n## Headline\n\n| arm | metric |\n|---|---|\n"
        "| a | thien_u |\n\nEstimates are...\n"
    )
    out = tmp_path / "showcase"
    written = write_showcase(report, out, "cardodds report --showcase x")
    assert sorted(p.name for p in written) == ["README.md", "tan-seats-lose_heatmap.png"]
    text = (out / "README.md").read_text()
    assert "| a | thien_u |" in text and "| seed(s) | 1 |" in text and "(tan-seats-lose_heatmap.png)" in text
    assert not (out / "other.png").exists()


def test_showcase_of_a_vietnamese_report(tmp_path):
    report = tmp_path / "report"
    (report / "charts").mkdir(parents=True)
    (report / "report.md").write_text(
        "# r\n\n## Lần chạy\n\n| mục | giá trị |\n|---|---|\n| hạt giống | 1 |\n\n## Kết quả chính\n\n"
        "| nhánh | nội dung |\n|---|---|\n| a | hòa |\n\nƯớc lượng...\n", encoding="utf-8")
    write_showcase(report, tmp_path / "showcase", "cardodds report --lang vi --showcase x")
    text = (tmp_path / "showcase" / "README.md").read_text(encoding="utf-8")
    assert "| a | hòa |" in text and "| hạt giống | 1 |" in text
