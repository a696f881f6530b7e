"""Code shape rules that a reader can check by eye but a test keeps: short functions, snake-case names."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import cardodds

SRC = Path(cardodds.__file__).resolve().parent
MAX_LINES = 80
SNAKE = re.compile(r"_*[a-z][a-z0-9_]*|__[a-z0-9_]+__")
CONSTANT_PROPERTIES = {("sim/sam/hand.py", "LEAD")}
"""Properties named like the constants they stand for (a move table's free-lead row)."""


def functions(folder: Path):
    """(path relative to the package, function node) for every function and method under ``folder``."""
    for path in sorted(folder.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                yield path.relative_to(SRC).as_posix(), node


def test_the_walk_sees_the_code():
    names = {(path, node.name) for path, node in functions(SRC / "sim")}
    assert ("sim/experiment.py", "load_arms") in names and len(names) > 500


def test_no_function_is_longer_than_80_lines():
    long = [f"{path}:{node.lineno} {node.name} ({node.end_lineno - node.lineno + 1} lines)"
            for path, node in functions(SRC) if node.end_lineno - node.lineno + 1 > MAX_LINES]
    assert not long, f"functions over {MAX_LINES} lines: " + ", ".join(long)


def test_function_names_are_snake_case():
    bad = [f"{path}:{node.lineno} {node.name}" for path, node in functions(SRC)
           if not SNAKE.fullmatch(node.name) and (path, node.name) not in CONSTANT_PROPERTIES]
    assert not bad, "function names not in snake case: " + ", ".join(bad)
