"""The wheel ships every data file the package reads: each file under ``src/cardodds`` that is not Python is matched
by a ``[tool.setuptools.package-data]`` pattern of its package (``"*"``: every package), so a new game's folder ships
its words, labels and page parts without a line in ``pyproject.toml``."""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "cardodds"


def _shipped(path: Path, patterns: dict[str, list[str]]) -> bool:
    """Whether a package-data pattern of some package above ``path`` matches it (setuptools' reading: the pattern is
    a glob relative to the package's folder, ``"*"`` the patterns of every package)."""
    for folder in path.parents:
        if folder == PACKAGE.parent:
            break
        if not (folder / "__init__.py").is_file():
            continue  # a data folder (web/static, configs): its files are its package's
        package = ".".join(folder.relative_to(PACKAGE.parent).parts)
        relative = path.relative_to(folder).as_posix()
        for glob in patterns.get(package, []) + patterns.get("*", []):
            if fnmatch.fnmatch(relative, glob) and relative.count("/") == glob.count("/"):
                return True
    return False


def test_every_data_file_of_the_package_is_shipped():
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"][
        "package-data"]
    data = [p for p in PACKAGE.rglob("*") if p.is_file() and p.suffix not in (".py", ".pyc")
            and "__pycache__" not in p.parts]
    assert len(data) > 60  # words, labels, page parts, tuned knobs, configs, the page's static files
    missing = [str(p.relative_to(PACKAGE)) for p in data if not _shipped(p, patterns)]
    assert missing == []


def test_a_file_outside_every_pattern_is_found():
    patterns = {"*": ["*.toml"], "cardodds.web": ["static/*"]}
    assert _shipped(PACKAGE / "sim" / "chan" / "words.en.toml", patterns)
    assert _shipped(PACKAGE / "web" / "static" / "app.js", patterns)
    assert not _shipped(PACKAGE / "sim" / "chan" / "page.js", patterns)
