"""The command line's fixed cost: ``cardodds --help`` and the argument parsing import no heavy library.

pandas, matplotlib, numba, scipy and numpy cost seconds of CPU to import (``benchmarks/cli_cost.py`` measures the
commands); a command imports them where it computes, never to print its help or to parse its options.  Each check runs
in a fresh Python process (this one has imported them all).
"""

import subprocess
import sys

import pytest

HEAVY = ("pandas", "matplotlib", "numba", "scipy", "numpy", "pyarrow", "joblib", "starlette")

SCRIPT = """
import sys
{code}
print("heavy:", *sorted({{m.split(".")[0] for m in sys.modules}} & set(sys.argv[1:])))
"""


def _heavy_imports(code: str) -> list[str]:
    proc = subprocess.run([sys.executable, "-c", SCRIPT.format(code=code), *HEAVY], capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.splitlines()[-1].split()[1:]  # after the command's own output


@pytest.mark.parametrize("code", [
    "import cardodds.cli",
    "import cardodds",
    "import cardodds.api, cardodds.errors, cardodds.web",  # what the front ends share, and the page's serve
    "from cardodds.cli import build_parser; build_parser()",
    "from cardodds.cli import main\ntry:\n    main(['--help'])\nexcept SystemExit:\n    pass",
    "from cardodds.cli import main\ntry:\n    main(['odds', 'tan', '--help'])\nexcept SystemExit:\n    pass",
])
def test_help_and_parsing_import_no_heavy_library(code):
    assert _heavy_imports(code) == []


def test_the_api_still_answers_by_its_names():
    """``cardodds.run``, ``cardodds.odds``, … are imported on first use, and they are the same objects as before."""
    code = ("import cardodds, cardodds.runs, cardodds.odds, cardodds.exact\n"
            "assert cardodds.run is cardodds.runs.run and cardodds.Run is cardodds.runs.Run\n"
            "assert cardodds.odds.sam is cardodds.odds.sam and cardodds.exact.chan is not None\n"
            "assert set(cardodds.__all__) <= set(dir(cardodds)) and cardodds.__version__ != 'unknown'\n"
            "from cardodds import *\n"
            "assert callable(run) and Run is cardodds.runs.Run")
    assert "pandas" in _heavy_imports(code)  # it ran (its asserts passed) and imported what the API needs
