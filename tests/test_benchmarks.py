"""The benchmark scripts keep one set of flags: every script in ``benchmarks/`` takes the common ones
(``benchmarks/common.py``), so ``bench_all.py`` can call each with the same flags.  No speed is measured here."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "benchmarks"
SCRIPTS = sorted(p for p in BENCH.glob("*.py") if 'if __name__ == "__main__"' in p.read_text(encoding="utf-8"))

# Every script's --help in one child process (one import of numpy and cardodds, not one a script).
_HELP = """
import contextlib, io, json, runpy, sys
sys.path.insert(0, sys.argv[1])
out = {}
for path in sys.argv[2:]:
    sys.argv = [path, "--help"]
    text = io.StringIO()
    try:
        with contextlib.redirect_stdout(text):
            runpy.run_path(path, run_name="__main__")
        code = None
    except SystemExit as exc:
        code = exc.code
    out[path] = [code, text.getvalue()]
print(json.dumps(out))
"""


@pytest.fixture(scope="module")
def helps() -> dict:
    proc = subprocess.run([sys.executable, "-c", _HELP, str(BENCH), *map(str, SCRIPTS)], capture_output=True,
                          text=True, timeout=300, check=True)
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_the_scripts_are_found():
    names = {p.name for p in SCRIPTS}
    assert {"bench_all.py", "bench_rungs.py", "bench_advise.py", "bench_compiled.py"} <= names
    assert not names & {"common.py", "compiled_games.py", "rung_games.py", "advise_games.py", "expert_rates.py"}


@pytest.mark.parametrize("script", [p.name for p in SCRIPTS])
def test_every_script_takes_the_common_flags(helps, script):
    code, text = helps[str(BENCH / script)]
    assert code == 0, f"{script} --help exited {code}"
    for flag in ("--games", "--jobs", "--seed", "--quick"):
        assert flag in text, f"{script} does not take {flag}"


@pytest.fixture()
def common(monkeypatch):
    monkeypatch.syspath_prepend(str(BENCH))
    import common

    return common


def test_quick_sets_its_defaults_and_given_flags_win(common):
    ap = common.parser("x", games=1000, seed=7, quick={"games": 10, "chunk": 5})
    ap.add_argument("--chunk", type=int, default=500)
    plain, quick, told = (common.parse(ap, argv) for argv in ([], ["--quick"], ["--quick", "--games", "40"]))
    assert (plain.games, plain.chunk, plain.seed, plain.jobs) == (1000, 500, 7, 1)
    assert (quick.games, quick.chunk) == (10, 5)
    assert (told.games, told.chunk) == (40, 5)


def test_an_alias_names_the_main_count(common):
    ap = common.parser("x", games=50, games_flags=("--positions",), jobs=None)
    assert common.parse(ap, ["--positions", "3"]).games == 3
    assert common.parse(ap, ["--jobs", "4"]).games == 50


def test_bench_all_groups_a_scripts_rows_by_game(monkeypatch):
    monkeypatch.syspath_prepend(str(BENCH))
    import bench_all

    out = ('BENCH {"game": "Tấn", "engine": "numpy batch, 4p52 basic (1 core)", "games_per_s": 100.0}\n'
           'BENCH {"game": "Sâm", "engine": "compiled, 4p greedy (1 core)", "games_per_s": 2000.5}\n'
           "reference engine : 12.5 games/s\n")
    assert bench_all.parse_rows(out) == [("Tấn", "numpy batch, 4p52 basic (1 core)", 100.0),
                                         ("Sâm", "compiled, 4p greedy (1 core)", 2000.5)]  # BENCH lines win
    rows = bench_all.parse_rows(out) + bench_all.parse_rows("reference engine : 12.5 games/s\n")
    assert rows[2] == (None, "reference engine", 12.5)
    groups = bench_all.grouped(Path("bench_compiled.py"), rows[:2], 7)
    assert groups == [("Tấn compiled", [("numpy batch, 4p52 basic (1 core)", 100.0, 7)]),
                      ("Sâm compiled", [("compiled, 4p greedy (1 core)", 2000.5, 7)])]
    expert = bench_all.grouped(Path("bench_tan_expert.py"), rows[2:], 0)
    assert expert == [("Tấn expert", [("reference engine", 12.5, 0)])]
