"""The README's commands and its headline table: each command is run (with fewer games), parsed or checked for shape,
and the headline table is what ``cardodds.analysis.showcase_headline`` makes of the committed showcase.

Which way each command is tested:

- run, in a temporary folder: the hand odds, the replay cut and the advice on it (fewer worlds), ``cardodds exact chan``
  and ``python -m cardodds.analysis.showcase_headline``;
- parsed by the command's own parser, not run (they take minutes or do not return): ``cardodds report``,
  ``cardodds report --quick``, ``cardodds serve`` and ``cardodds serve --host 0.0.0.0`` (``tests/test_serve.py`` and
  ``tests/test_report.py`` run them);
- checked for shape: the install and test lines (CI's ``.ci/run`` runs them) and the virtual environment they start
  with, ``pip install -e ".[web]"`` (the extra exists) and ``apt-get install chromium chromium-driver`` (what CI
  installs);
- the command table's synopses: every option they name is an option of that command.
"""

from __future__ import annotations

import argparse
import re
import shlex
import tomllib
from pathlib import Path

import pytest

from cardodds.analysis.showcase_headline import (BEGIN, BEGIN_LONG, END, LONG_PICKS, answer, headline_table,
                                                 main as headline_main, readme_block)
from cardodds.cli import build_parser, main
from cardodds.sim.errors import CardoddsError

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
SHOWCASE = (ROOT / "reports" / "showcase" / "README.md").read_text(encoding="utf-8")

INSTALL_AND_REPORT = "python3 -m venv .venv && . .venv/bin/activate && pip install -e . && cardodds report"
INSTALL_AND_TEST = 'python3 -m venv .venv && . .venv/bin/activate && pip install -e ".[test]" && pytest -n 2'
HAND = "2W 2W 3V 3V 4S 4S 5W 5W 6V 6V 2V 2S 3W 3S 7W 7V 8W 8S 9V"

RUN = {  # command → the options added to make it quick in a test
    f'cardodds odds chan --hand "{HAND}"': ["--games", "2000", "--no-progress"],
    "cardodds replay tan --seed 3 --state-at 10 > pos.json": [],
    "cardodds advise tan --state pos.json": ["--games", "200"],
    "cardodds exact chan": [],
    "python -m cardodds.analysis.showcase_headline": [],
}
PARSE = {"cardodds report": "cmd_report", "cardodds report --quick": "cmd_report", "cardodds serve": "cmd_serve",
         "cardodds serve --host 0.0.0.0": "cmd_serve"}
VENV = "python3 -m venv .venv && . .venv/bin/activate"
SHAPE = {INSTALL_AND_REPORT, INSTALL_AND_TEST, VENV, 'pip install -e ".[web]"', 'pip install -e ".[rl]"',
         "apt-get install chromium chromium-driver"}


def _without_code_blocks(text: str) -> str:
    return re.sub(r"```.*?```", "", text, flags=re.S)


def readme_commands() -> list[str]:
    """Every command the README shows: the lines of its ``sh`` blocks and the commands quoted in its text."""
    blocks = re.findall(r"```sh\n(.*?)```", README, re.S)
    lines = [line.strip() for block in blocks for line in block.splitlines() if line.strip()]
    prose = [line for line in _without_code_blocks(README).splitlines() if not line.startswith("|")]
    spans = re.findall(r"`([^`]+)`", "\n".join(prose))
    quoted = [s for s in spans if re.match(r"(cardodds|python3?|pip|apt-get|pytest) ", s)]
    return list(dict.fromkeys(lines + quoted))


def test_every_readme_command_is_tested_one_way_or_another():
    commands = readme_commands()
    assert len(commands) >= 10
    assert sorted(set(commands) - set(RUN) - set(PARSE) - SHAPE) == []
    assert sorted((set(RUN) | set(PARSE) | SHAPE) - set(commands)) == []  # no test of a command the README dropped


def test_the_two_commands_are_what_ci_runs():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert INSTALL_AND_REPORT in README and INSTALL_AND_TEST in README
    assert INSTALL_AND_REPORT.startswith(VENV + " && ") and INSTALL_AND_TEST.startswith(VENV + " && ")
    assert "python3 -m venv .venv\n. .venv/bin/activate\n" in ci and 'pip install --quiet -e ".[test]"' in ci
    assert "\npytest -n 2" in ci and "apt-get install -y -qq chromium chromium-driver" in ci
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    assert any(dep.startswith("pytest-xdist") for dep in extras["test"])
    assert {"starlette", "uvicorn"} <= {re.split(r"[<>=\[]", dep)[0] for dep in extras["web"]}
    assert {"pettingzoo", "gymnasium"} <= {re.split(r"[<>=\[]", dep)[0] for dep in extras["rl"]}


@pytest.mark.parametrize("command, func", sorted(PARSE.items()))
def test_the_long_commands_parse(command, func):
    args = build_parser().parse_args(shlex.split(command)[1:])
    assert args.func.__name__ == func
    assert getattr(args, "quick", False) == ("--quick" in command)
    assert getattr(args, "host", "0.0.0.0" if "0.0.0.0" in command else "127.0.0.1") == \
        ("0.0.0.0" if "0.0.0.0" in command else "127.0.0.1")


def _run(command: str, capsys) -> str:
    """Run one README command (with RUN's extra options) in the current folder; its standard output."""
    words = shlex.split(command)
    target = None
    if ">" in words:
        words, target = words[:words.index(">")], words[words.index(">") + 1]
    if words[0] == "python":
        assert words[1:3] == ["-m", "cardodds.analysis.showcase_headline"]
        code = headline_main(["--showcase", str(ROOT / "reports" / "showcase" / "README.md")] + RUN[command])
    else:
        code = main(words[1:] + RUN[command])
    out, err = capsys.readouterr()
    assert code == 0, err
    if target:
        Path(target).write_text(out, encoding="utf-8")
    return out


def test_the_players_commands_run(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    odds = _run(f'cardodds odds chan --hand "{HAND}"', capsys)
    assert "9V (Cửu Vạn): bạch thủ" in odds and "3/81" in odds and "2,000 simulated games" in odds
    _run("cardodds replay tan --seed 3 --state-at 10 > pos.json", capsys)
    assert (tmp_path / "pos.json").read_text(encoding="utf-8").lstrip().startswith("{")
    advice = _run("cardodds advise tan --state pos.json", capsys)
    assert " best " in advice and "200 worlds a move" in advice


def test_the_quoted_commands_run(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    exact = _run("cardodds exact chan", capsys)
    assert "= 33820543261099621/29776853911322760165" in exact and "33820543261099621 / 29776853911322760165" in README
    table = _run("python -m cardodds.analysis.showcase_headline", capsys)
    assert table.strip() == readme_block(README)


def _subparser(parser: argparse.ArgumentParser, name: str) -> argparse.ArgumentParser | None:
    """The sub-command ``name`` of ``parser``, or None when ``parser`` has no sub-commands."""
    actions = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return actions[0].choices[name] if actions else None


def _parser_for(command: str, game: str | None) -> argparse.ArgumentParser:
    """The parser of ``cardodds COMMAND [GAME]``: the game's own sub-command, or the command taking it as a choice."""
    parser = _subparser(build_parser(), command)
    if game is None:
        return parser
    nested = _subparser(parser, game)
    if nested is not None:
        return nested
    assert any(a.choices and game in a.choices for a in parser._actions if not a.option_strings), (command, game)
    return parser


def _synopses() -> list[str]:
    return re.findall(r"^\| `(cardodds [^`]+)` \|", README, re.M)


def test_the_command_table_names_real_commands_and_options():
    synopses = _synopses()
    assert len(synopses) >= 10
    for synopsis in synopses:
        words = synopsis.replace("\\|", "|").split()
        takes_game = re.fullmatch(r"[a-z|]+", words[2]) and words[1] not in ("run", "tune")
        games = words[2].split("|") if takes_game else [None]
        for game in games:
            parser = _parser_for(words[1], game)
            options = {s for action in parser._actions for s in action.option_strings}
            assert set(re.findall(r"--[a-z-]+", synopsis)) <= options, (synopsis, game)


def test_the_headline_tables_are_made_from_the_showcase():
    assert readme_block(README) == headline_table(SHOWCASE)
    assert len(headline_table(SHOWCASE).splitlines()) <= 14
    results = (ROOT / "docs" / "results.md").read_text(encoding="utf-8")
    assert readme_block(results, BEGIN_LONG) == headline_table(SHOWCASE, LONG_PICKS)
    assert len(LONG_PICKS) >= 20 and sum(len(pick.rows) for pick in LONG_PICKS) >= 60


def test_the_long_tables_exact_values_are_the_exact_odds():
    import cardodds
    from cardodds.sim.sam.rules import SamRules

    chan = cardodds.exact.chan().set_index(["metric", "seat"]).exact
    sam = cardodds.exact.sam()
    rules = SamRules()
    sam = sam[(sam.metric == "toi_trang.any") & (sam.straights == rules.straights)
              & (sam.quad_counts_as_triple == rules.quad_counts_as_triple)
              & (sam.quad_counts_as_two_pairs == rules.quad_counts_as_two_pairs)].exact
    exact = {pick.question: pick.exact for pick in LONG_PICKS if pick.exact}
    shown = [float(text.split(" %")[0]) / 100 for text in exact.values()]
    assert len(exact) == 3
    assert shown == pytest.approx([chan[("thien_u", 0)], chan[("waiting", 1)], float(sam.iloc[0])], rel=5e-5)
    assert exact["Thiên ù: the cái's 20 dealt cards already win (10⁷ tables)"].endswith("≈ 1 in 880")


def test_the_answers_read_as_percentages_or_means():
    assert answer("1.495", "[1.477, 1.513]", False) == ("+1.50", "+1.48 to +1.51")
    assert answer("0.001133 · 1 in 882", "[0.001113, 0.001154]", True) == ("0.113 % (1 in 882)", "0.111–0.115 %")
    assert answer("0.8712", "[0.8597, 0.8819]", True) == ("87.1 %", "86.0–88.2 %")
    assert answer("0.4258", "[0.3957, 0.4559]", False) == ("+0.426", "+0.396 to +0.456")
    assert answer("-2.621", "[-3.417, -1.826]", False) == ("-2.62", "-3.42 to -1.83")
    assert answer("-0.004500", "[-0.1429, 0.1339]", False) == ("-0.004", "-0.143 to +0.134")


def test_a_showcase_without_a_picked_row_is_refused_by_name():
    shorter = "\n".join(line for line in SHOWCASE.splitlines() if "`tan_seats_tuned` · 2 players" not in line)
    with pytest.raises(CardoddsError, match="no headline row `tan_seats_tuned` · 2 players \\| draw"):
        headline_table(shorter)


def test_the_table_is_written_between_the_markers(tmp_path, capsys):
    readme = tmp_path / "README.md"
    readme.write_text(f"# x\n\n{BEGIN}\n| old |\n{END}\n\nafter\n", encoding="utf-8")
    (tmp_path / "results.md").write_text(f"{BEGIN_LONG}\n{END}\n", encoding="utf-8")
    assert headline_main(["--showcase", str(ROOT / "reports/showcase/README.md"), "--long",
                          "--write", str(tmp_path / "results.md")]) == 0
    assert (tmp_path / "results.md").read_text(encoding="utf-8") == \
        f"{BEGIN_LONG}\n{headline_table(SHOWCASE, LONG_PICKS)}\n{END}\n"
    assert headline_main(["--showcase", str(ROOT / "reports" / "showcase" / "README.md"), "--write", str(readme)]) == 0
    text = readme.read_text(encoding="utf-8")
    assert readme_block(text) == headline_table(SHOWCASE) and text.endswith("\n\nafter\n") and "| old |" not in text
    assert headline_main(["--showcase", str(tmp_path / "missing.md")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("showcase_headline: error: ") and len(err.strip().splitlines()) == 1
