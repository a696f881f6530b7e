"""``docs/players.md`` as printed: its example files are the files, each at most 30 lines with one declared knob; its
commands run (at small sizes); its smallest player and its environment loop run as written."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cardodds.cli import main

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "players.md"
EXAMPLES = ROOT / "docs" / "examples"
TEXT = DOC.read_text(encoding="utf-8")


def fenced() -> list[tuple[str, str, str]]:
    """The doc's fenced blocks in order: ``(language, text, the paragraph line before it)``."""
    out, lines, i = [], TEXT.splitlines(keepends=True), 0
    while i < len(lines):
        if lines[i].startswith("```"):
            language, start = lines[i][3:].strip(), i
            i += 1
            while not lines[i].startswith("```"):
                i += 1
            before = next((ln.strip() for ln in reversed(lines[:start]) if ln.strip()), "")
            out.append((language, "".join(lines[start + 1:i]), before))
        i += 1
    return out


def blocks(language: str) -> list[str]:
    """The doc's fenced blocks in ``language`` ("" for a bare fence), in order."""
    return [text for lang, text, _ in fenced() if lang == language]


def shown_files() -> dict[str, str]:
    """Each example file the doc prints: its name → the block printed under its link."""
    return {m.group(1): text for lang, text, before in fenced()
            if lang == "python" and (m := re.fullmatch(r"\[`examples/(\w+\.py)`\]\(examples/\1\):", before))}


def commands() -> list[list[str]]:
    """Every ``cardodds …`` line of the doc's bare blocks, as arguments."""
    return [line.split()[1:] for block in blocks("") for line in block.splitlines() if line.startswith("cardodds ")]


def test_every_example_file_is_printed_as_it_is():
    shown = shown_files()
    assert sorted(shown) == sorted(p.name for p in EXAMPLES.glob("*.py"))
    for name, text in shown.items():
        assert text == (EXAMPLES / name).read_text(encoding="utf-8"), name


@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("*.py")))
def test_an_example_is_one_player_of_at_most_30_lines_with_one_declared_knob(name):
    from cardodds import Range, UserPlayer
    from cardodds.sim.user_loader import load_class

    assert len((EXAMPLES / name).read_text(encoding="utf-8").splitlines()) <= 30
    classes = re.findall(r"^class (\w+)\(UserPlayer\):", (EXAMPLES / name).read_text(encoding="utf-8"), flags=re.M)
    assert len(classes) == 1
    cls = load_class(f"{EXAMPLES / name}:{classes[0]}", "test")
    assert issubclass(cls, UserPlayer) and len(cls.knobs) == 1
    assert all(isinstance(space, Range) for space in cls.knobs.values())


def test_the_doc_gives_each_game_its_three_commands():
    assert [c[:2] for c in commands()] == [["run", "docs/examples/tan_compare.toml"],
                                           ["tune", "docs/examples/tan_compare.toml"],
                                           ["run", "docs/examples/tan_strength.toml"],
                                           ["run", "docs/examples/sam_compare.toml"],
                                           ["tune", "docs/examples/sam_compare.toml"],
                                           ["run", "docs/examples/sam_strength.toml"],
                                           ["run", "docs/examples/chan_compare.toml"],
                                           ["tune", "docs/examples/chan_compare.toml"],
                                           ["run", "docs/examples/chan_strength.toml"]]


SMALL = {"tan_compare.toml": 2_000, "sam_compare.toml": 2_000, "chan_compare.toml": 500,
         "tan_strength.toml": 250, "sam_strength.toml": 500, "chan_strength.toml": 100}
"""Games each run command plays here (the files' own sizes are for a reader's machine)."""


@pytest.mark.parametrize("argv", [c for c in commands() if c[0] == "run"], ids=lambda c: Path(c[1]).stem)
def test_each_run_command_runs_and_names_the_player(argv, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(ROOT)
    config = Path(argv[1])
    assert main([*argv, "--games", str(SMALL[config.name]), "--out", str(tmp_path / "run")]) == 0
    out = capsys.readouterr().out
    player = {"tan": "TakeEarly", "sam": "KeepTwos", "chan": "KeepChans"}[config.name.split("_")[0]]
    assert player in out
    if "compare" in config.name:
        assert "== paired differences against" in out
    report = (tmp_path / "run" / "report.md").read_text(encoding="utf-8")
    assert re.search(rf"plays {config.name.split('_')[0]}_\w+\.py:{player}\b.* \(sha256 [0-9a-f]{{64}}\)", report)


@pytest.mark.parametrize("argv", [c for c in commands() if c[0] == "tune"], ids=lambda c: Path(c[1]).stem)
def test_each_tune_command_tunes_the_declared_knob(argv, tmp_path, capsys):
    """The command as printed, on a copy of its file with small chunks (the tuner needs 20 chunks)."""
    config = ROOT / argv[1]
    for f in EXAMPLES.glob("*.py"):
        shutil.copy(f, tmp_path / f.name)
    text = re.sub(r"^chunk_size = .*$", "chunk_size = 50", config.read_text(encoding="utf-8"), flags=re.M)
    (tmp_path / config.name).write_text(text, encoding="utf-8")
    out_file = tmp_path / "tuned.toml"
    assert main(["tune", str(tmp_path / config.name), *argv[2:], "--games", "1000", "--out", str(out_file)]) == 0
    knob = {"tan": "take_above", "sam": "until", "chan": "max_ca"}[config.name.split("_")[0]]
    assert re.search(rf"^knobs: {knob} = \d+$", capsys.readouterr().out, flags=re.M)
    assert re.search(r"^python = \"\w+\.py:\w+\"$", out_file.read_text(encoding="utf-8"), flags=re.M)


def test_the_smallest_player_plays(tmp_path, capsys):
    (tmp_path / "first.py").write_text(blocks("python")[0], encoding="utf-8")
    seats = re.search(r"`(seats = \[\{python = \"first.py:decide\"\}.*?\])`", TEXT, flags=re.S).group(1)
    (tmp_path / "first.toml").write_text('[experiment]\nname = "first"\ntask = "tan.play"\ngames = 200\n'
                                         f"[strategies]\n{' '.join(seats.split())}\n", encoding="utf-8")
    assert main(["run", str(tmp_path / "first.toml"), "--out", str(tmp_path / "run")]) == 0
    assert "plays first.py:decide (sha256 " in (tmp_path / "run" / "report.md").read_text(encoding="utf-8")


def test_the_environment_loop_runs_as_printed():
    loop = blocks("python")[-1]
    assert "from cardodds.envs import" in loop
    done = subprocess.run([sys.executable, "-c", loop], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    won, line = done.stdout.splitlines()
    assert line.startswith("seat 0 won ") and line.endswith(" cược")
    assert sum(eval(won).values()) == pytest.approx(0.0)  # noqa: S307 -- the loop's own printed dict


def test_the_readmes_short_player_plays(tmp_path):
    """The README's shortened TakeEarly is a player: it plays a run from Python, and its knob is range-checked."""
    import cardodds
    from cardodds.sim.errors import CardoddsError

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    code = next(b for b in re.findall(r"```python\n(.*?)```", readme, flags=re.S) if "class TakeEarly" in b)
    space: dict = {}
    exec(compile(code, "README.md", "exec"), space)  # noqa: S102 -- the README's own snippet
    take_early = space["TakeEarly"]
    result = cardodds.run({"experiment": {"name": "readme", "task": "tan.play", "games": 200, "chunk_size": 100},
                           "strategies": {"seats": [take_early, "tuned", "tuned", "tuned"]}}, out=tmp_path / "run")
    assert not result.summary.query("metric == 'lose.at_table_seat' and seat == 0").empty
    with pytest.raises(CardoddsError, match="take_above"):
        take_early(take_above=99)
