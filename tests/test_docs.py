"""The project's rules document (docs/rules.md) stands on its own and stays in step with the code.

- Nothing the product ships (README, docs, analysis, sim, configs) points outside the repository (``../shared``).
- Every ``[rules]`` option of each game (and every key of its sub-tables: Chắn's points, Sâm's payments) is documented
  in that game's section, so a new option without documentation fails here.
- Every code reference ``src/cardodds/sim/....py: Name`` in the document names an existing file and, where given, a function or
  class defined in it (``Class.method`` and ``function.inner`` are looked up level by level).
- Every in-page link ``(#anchor)`` names a heading of the document, and so does every README link into it.
- Every link of the README, the other docs/ pages and the showcase stays in the repository and finds its
  heading; the README stays short, and what moved out of it keeps its sections under docs/.
- The report names the rules document, and each experiment's game section, beside its Rules table.
"""

from __future__ import annotations

import ast
import dataclasses
import re
import unicodedata
from pathlib import Path

import pytest

from cardodds.cli import main
from cardodds.sim.errors import CardoddsError
from cardodds.analysis.estimate import proportion_row, rows_frame
from cardodds.analysis.report import RULES_DOC, ReportSection, rules_doc_sections, write_report
from cardodds.sim.chan.rules import DEFAULT_POINTS, ChanRules
from cardodds.sim.sam.rules import SamPay, SamRules
from cardodds.sim.tan.rules import TanRules

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "rules.md"
PACKAGE = ROOT / "src" / "cardodds"
SHIPPED = [ROOT / "README.md", ROOT / "docs", PACKAGE, ROOT / "configs"]
TEXT_SUFFIXES = {".md", ".py", ".toml", ".txt", ".html", ".json", ".cfg"}

# Section headings of the three games in docs/rules.md.
GAME_HEADINGS = {"chan": "## 1. Chắn", "sam": "## 2. Sâm", "tan": "## 3. Tấn"}
CODE_REF = re.compile(r"`(sim/[\w/]+\.py)(?::\s*([\w.]+))?`")


def _shipped_files():
    for top in SHIPPED:
        paths = [top] if top.is_file() else sorted(p for p in top.rglob("*") if p.is_file())
        for p in paths:
            if p.suffix in TEXT_SUFFIXES and "__pycache__" not in p.parts:
                yield p


def _doc() -> str:
    return DOC.read_text(encoding="utf-8")


def _game_section(game: str) -> str:
    text = _doc()
    start = text.index(GAME_HEADINGS[game])
    later = [text.index(h) for h in GAME_HEADINGS.values() if text.index(h) > start]
    return text[start:min(later)] if later else text[start:]


def test_nothing_shipped_points_outside_the_repository():
    offenders = [f"{p.relative_to(ROOT)}:{i}" for p in _shipped_files()
                 for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if "../shared" in line]
    assert offenders == []


def test_nothing_shipped_cites_the_old_rules_file():
    # The rules live in docs/rules.md; a citation of "RULES.md" or "RULES §" points at a file the repository lacks.
    old = re.compile(r"RULES\.md|RULES §")
    offenders = [f"{p.relative_to(ROOT)}:{i}" for p in _shipped_files()
                 for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if old.search(line)]
    assert offenders == []


def _option_keys():
    keys = [("chan", f.name) for f in dataclasses.fields(ChanRules)]
    keys += [("chan", name) for name in DEFAULT_POINTS]
    keys += [("sam", f.name) for f in dataclasses.fields(SamRules)]
    keys += [("sam", f.name) for f in dataclasses.fields(SamPay)]
    keys += [("tan", f.name) for f in dataclasses.fields(TanRules)]
    return keys


@pytest.mark.parametrize("game, key", _option_keys())
def test_every_rules_option_is_documented_in_its_game_section(game, key):
    assert f"`{key}`" in _game_section(game), f"[rules] key '{key}' of {game} is not in docs/rules.md"


def test_every_chan_foul_is_in_the_fouls_table():
    from cardodds.sim.chan.fouls import RULES, SECTION_B

    section = _game_section("chan")
    missing = [r.code for r in (*RULES, *SECTION_B) if f"`{r.code}`" not in section or r.name not in section]
    assert len(RULES) == 18 and missing == []


def test_the_option_lists_above_are_the_real_ones():
    # The check above must not pass vacuously: the dataclasses hold the options we know of.
    assert {"min_points_to_win", "cai_seat", "series_length"} <= {f.name for f in dataclasses.fields(ChanRules)}
    assert {"den_bai", "straights", "pay"} <= {f.name for f in dataclasses.fields(SamRules)}
    assert {"trump_exchange", "defender_runs_out", "max_bouts"} <= {f.name for f in dataclasses.fields(TanRules)}
    assert "tam_do" in DEFAULT_POINTS and "chat_quad" in {f.name for f in dataclasses.fields(SamPay)}


def _defines(tree: ast.AST, dotted: str) -> bool:
    """Whether ``dotted`` (``A``, ``A.b``, ``f.inner``) is defined in the module, level by level."""
    scopes = [tree]
    for part in dotted.split("."):
        found = []
        for scope in scopes:
            for node in ast.walk(scope):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.name == part \
                        and node is not scope:
                    found.append(node)
        if not found:
            return False
        scopes = found
    return True


def _code_refs():
    refs = sorted(set(CODE_REF.findall(_doc())))
    return refs


def test_the_document_has_code_references():
    refs = _code_refs()
    assert len(refs) >= 60
    for game in ("chan", "sam", "tan"):
        assert any(path.startswith(f"sim/{game}/") for path, _ in refs)


@pytest.mark.parametrize("path, name", _code_refs())
def test_every_code_reference_exists(path, name):
    file = PACKAGE / path
    assert file.is_file(), f"docs/rules.md names {path}, which does not exist"
    if name:
        tree = ast.parse(file.read_text(encoding="utf-8"))
        assert _defines(tree, name), f"docs/rules.md names {path}: {name}, which is not defined there"


def _slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = unicodedata.normalize("NFC", heading.strip().lower())
    text = "".join(ch for ch in text if ch.isalnum() or ch in " -_")
    return text.replace(" ", "-")


def test_every_in_page_link_names_a_heading():
    text = _doc()
    anchors = {_slug(m.group(1)) for m in re.finditer(r"^#{1,6} (.+)$", text, re.MULTILINE)}
    links = set(re.findall(r"\]\(#([^)]+)\)", text))
    assert links, "the contents list is gone"
    assert sorted(links - anchors) == []


def _anchors() -> set[str]:
    return {_slug(m.group(1)) for m in re.finditer(r"^#{1,6} (.+)$", _doc(), re.MULTILINE)}


def test_the_readme_links_the_rules_document():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(docs/rules.md)" in readme
    assert sorted(set(re.findall(r"\(docs/rules\.md#([^)]+)\)", readme)) - _anchors()) == []
    experiments = (DOC.parent / "experiments.md").read_text(encoding="utf-8")
    assert "(experiments.md#metrics)" in _doc() and "\n## Metrics\n" in experiments


def _headings(path: Path) -> set[str]:
    return {_slug(m.group(1)) for m in re.finditer(r"^#{1,6} (.+)$", path.read_text(encoding="utf-8"), re.MULTILINE)}


def _pages() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), ROOT / "reports" / "showcase" / "README.md"]


@pytest.mark.parametrize("page", _pages(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_link_of_the_pages_stays_in_the_repository_and_finds_its_heading(page):
    """A link of the README, docs/ or the showcase names a file of the repository, and its heading if it names one."""
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
    links = re.findall(r"\]\(([^)\s]+)\)", text)
    broken = []
    for link in links:
        if link.startswith(("http://", "https://", "mailto:")):
            broken.append(link)  # everything a page points to ships with it
            continue
        target, _, anchor = link.partition("#")
        file = (page.parent / target).resolve() if target else page
        inside = file.is_relative_to(ROOT) and file.exists()
        if not inside or (anchor and file.suffix == ".md" and anchor not in _headings(file)):
            broken.append(link)
    assert broken == []


def test_the_readme_is_short():
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert 100 <= len(lines) <= 200 and max(len(line) for line in lines) <= 200
    assert all(f"(docs/{name})" in "\n".join(lines) for name in ("commands.md", "experiments.md", "speed.md"))


def test_the_pages_moved_out_of_the_readme_keep_their_sections():
    """What left the README lives on under docs/: each page with the headings the README points to."""
    expected = {
        "commands.md": {"the-commands", "the-odds-in-a-browser-cardodds-serve", "card-notation",
                        "odds-and-advice-from-the-middle-of-a-game", "python-api-in-detail"},
        "experiments.md": {"experiment-files", "seats-seat-and-table-seat", "metrics",
                           "reproducible-resumable-parallel-distributed"},
        "players-and-knobs.md": {"the-players", "chắn-players-in-detail", "words"},
        "strength.md": {"strength-tables", "tấn-strength-table"},
        "speed.md": {"all-engines", "the-compiled-engines", "each-rungs-speed"},
        "results.md": {"the-long-headline-table", "the-report"},
        "architecture.md": {"layout", "layers"},
        "players.md": {"write-your-own-player", "three-worked-examples", "the-games-as-environments"},
    }
    for name, headings in expected.items():
        assert headings <= _headings(DOC.parent / name), name


def test_the_experiments_table_names_every_shipped_config():
    """docs/experiments.md's table of configs and the files of configs/ are the same set (suite.toml lists them)."""
    table = (DOC.parent / "experiments.md").read_text(encoding="utf-8").split("\n## ", 2)[1]
    named = set(re.findall(r"^\| (`[^|]+) \|", table, re.M))
    files = {name for cell in named for name in re.findall(r"`([\w.]+\.toml)`", cell)}
    shipped = {p.name for p in (PACKAGE / "configs").glob("*.toml")} - {"suite.toml"}
    assert files == shipped


def test_the_knobs_example_is_a_valid_strategies_table(tmp_path):
    """The ``[strategies]`` example of docs/players-and-knobs.md loads (its knobs exist and take those values)."""
    from cardodds.sim.experiment import load_experiment

    page = (DOC.parent / "players-and-knobs.md").read_text(encoding="utf-8")
    block = re.search(r"```toml\n(\[strategies\]\n.*?)```", page, re.S).group(1)
    config = tmp_path / "knobs.toml"
    head = '[experiment]\nname = "knobs"\ntask = "tan.play"\ngames = 1000\n\n[rules]\nplayers = 4\n\n'
    config.write_text(head + block, encoding="utf-8")
    assert load_experiment(config).name == "knobs"
    config.write_text(head + block.replace('safe_add = true', 'safe_add = "yes"'), encoding="utf-8")
    with pytest.raises(CardoddsError, match="safe_add"):
        load_experiment(config)


def test_every_docs_page_the_product_names_exists():
    """A config description, the report's words or the code that sends a reader to docs/<page>.md names a real page."""
    named = {(p.relative_to(ROOT).as_posix(), page) for p in _shipped_files()
             for page in re.findall(r"docs/([\w-]+\.md)", p.read_text(encoding="utf-8"))}
    assert {page for _, page in named} >= {"rules.md", "results.md", "strength.md"}
    assert sorted(where for where, page in named if not (DOC.parent / page).is_file()) == []


def test_the_xa_rule_is_stated_as_the_rules_document_does():
    """Only the previous loser and winner may declare xả (docs/rules.md §3.7), not any hand without trump."""
    pages = "\n".join(p.read_text(encoding="utf-8") for p in _pages())
    assert "a hand without trump may xả" not in pages
    assert "the previous loser and the previous winner, when dealt no trump, may each declare xả once" in pages


def test_the_report_names_each_game_section_of_the_rules_document():
    assert RULES_DOC == "docs/rules.md"
    headings = set(re.findall(r"^## (.+)$", _doc(), re.MULTILINE))
    assert set(rules_doc_sections()) == {"chan", "sam", "tan"}
    assert set(rules_doc_sections().values()) <= headings


def test_the_report_points_to_the_rules_document(tmp_path):
    rows = rows_frame([proportion_row("win", 0, 30, 100)], "basic")
    section = ReportSection(key="sam-play", title="Sâm", description="d", rows=rows, rules={"players": 3},
                            games=100, seed=1, game="sam")
    write_report(tmp_path, [section], {})
    html = (tmp_path / "report.html").read_text(encoding="utf-8")
    md = (tmp_path / "report.md").read_text(encoding="utf-8")
    assert 'docs/rules.md, section &quot;2. Sâm (Sâm lốc)&quot;' in html
    assert 'docs/rules.md, section "2. Sâm (Sâm lốc)"' in md
    assert "../shared" not in html + md and "RULES.md" not in html + md


def test_a_run_report_names_its_game_section(capsys, tmp_path):
    out = tmp_path / "run"
    assert main(["run", "configs/chan_deal.toml", "--games", "20000", "--jobs", "1", "--out", str(out)]) == 0
    capsys.readouterr()
    md = (out / "report.md").read_text(encoding="utf-8")
    assert 'docs/rules.md, section "1. Chắn"' in md
    assert "RULES.md" not in md


def test_every_tan_series_knob_is_in_the_knob_table_with_its_default():
    from cardodds.sim.tan.decisions import SERIES_KNOBS, SeriesChoices

    section = _game_section("tan")
    names = [f.name for f in dataclasses.fields(SeriesChoices)]
    assert names == list(SERIES_KNOBS) and len(names) == 3
    for f in dataclasses.fields(SeriesChoices):
        assert f"| `{f.name}` | `{str(f.default).lower()}` |" in section, f"knob {f.name} is not in docs/rules.md §3.8"
