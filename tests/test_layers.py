"""The code's layers only look down, and no import circle anywhere.

The layers, from the bottom: the game package (``cardodds.sim``), the words (``cardodds.vocabulary``: the one
catalogue, reading the games' words), the analysis (``cardodds.analysis``), the Python API
(``cardodds`` itself, ``cardodds.odds``, ``cardodds.exact``, ``cardodds.runs``), the front ends (``cardodds.cli``,
``cardodds.web``, ``python -m cardodds``).  A module imports its own layer or the ones below; an import of a layer
above is a circle between the packages even when no two modules import each other.

Every ``import`` and ``from … import`` counts, function-local ones too: a local import hides a circle from Python's
import machinery, not from the reader.  So does a module named in a string (``"cardodds.sim.tan.players:PLAYERS"``,
a game spec's hook, or ``("cardodds.runs", "run")``, the package's lazy names): it is imported when the string is
read, and a string in the game package naming the analysis is an upward import all the same.  Only the check for
circles between single modules leaves the strings out: a game's spec names its hooks by string precisely so that
the hook modules may import the spec.

The front ends import only the API (``cardodds``, its API modules and :mod:`cardodds.api`, what the front ends
share) and the words: never the game package or the analysis, whatever the API builds on.
"""

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "cardodds"


def _modules() -> dict[str, Path]:
    mods = {}
    for path in PACKAGE.rglob("*.py"):
        parts = ("cardodds", *path.relative_to(PACKAGE).with_suffix("").parts)
        mods[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return mods


def _imports(path: Path, mods: dict) -> set[str]:
    """The package's modules that ``path`` imports (``from a.b import c`` is ``a.b.c`` when that is a module)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                name = f"{node.module}.{alias.name}"
                found.add(name if name in mods else node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {m for m in found if m in mods}


MODULE_TEXT = re.compile(r"cardodds(?:\.[A-Za-z_]\w*)+(?::[A-Za-z_][\w.]*)?")
"""A string that names a module (``"cardodds.sim.tan.spec"``) or a name in one (``"cardodds.sim.tan.cards:parse"``)."""


def named_module(text: str, mods) -> str | None:
    """The module of ``mods`` that the string ``text`` names: the longest dotted start of its module part that is a
    module, the bare package aside (``"cardodds.serve"``, a logger's name, names none)."""
    if not MODULE_TEXT.fullmatch(text):
        return None
    parts = text.partition(":")[0].split(".")
    starts = (".".join(parts[:n]) for n in range(len(parts), 1, -1))
    return next((m for m in starts if m in mods), None)


def _string_imports(source: str, mods: dict) -> set[str]:
    """The package's modules that the strings of the Python ``source`` name (:func:`named_module`)."""
    return {m for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and (m := named_module(node.value, mods)) is not None}


MODULES = _modules()
GRAPH = {m: _imports(p, MODULES) - {m} for m, p in MODULES.items()}
"""Each module's imports (the statements)."""
NAMED = {m: (_imports(p, MODULES) | _string_imports(p.read_text(encoding="utf-8"), MODULES)) - {m} for m, p in MODULES.items()}
"""Each module's imports, those its strings name included."""


def _cycles(graph: dict) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


LAYERS = {
    "sim": ("cardodds.sim",),
    "vocabulary": ("cardodds.vocabulary",),
    "analysis": ("cardodds.analysis",),
    "api": ("cardodds", "cardodds.odds", "cardodds.exact", "cardodds.runs", "cardodds.advise", "cardodds.envs",
            "cardodds.reports", "cardodds.tuning", "cardodds.replays", "cardodds.api", "cardodds.errors"),
    "front": ("cardodds.cli", "cardodds.cli_advise", "cardodds.web", "cardodds.__main__"),
}
"""Each layer's modules and packages, bottom first."""


def layer_of(module: str) -> str | None:
    """The layer ``module`` belongs to: a name of :data:`LAYERS` holds itself and, but for ``cardodds``, whatever is
    inside it."""
    for layer, names in LAYERS.items():
        if any(module == name or (name != "cardodds" and module.startswith(name + ".")) for name in names):
            return layer
    return None


def upward_imports(graph: dict) -> list[str]:
    """Every import of a module by one of a lower layer, as ``importer (layer) -> imported (layer)``."""
    rank = {layer: i for i, layer in enumerate(LAYERS)}
    return sorted(f"{m} ({layer_of(m)}) -> {n} ({layer_of(n)})" for m, targets in graph.items() for n in targets
                  if rank[layer_of(n)] > rank[layer_of(m)])


def test_the_walk_sees_the_package():
    assert len(MODULES) > 80
    assert "cardodds.sim.chan.rules" in GRAPH["cardodds.sim.chan.batch"]
    assert "cardodds.analysis.estimate" in GRAPH["cardodds.analysis.suite"]


@pytest.mark.parametrize("module", sorted(m for m in MODULES if m.startswith("cardodds.sim")))
def test_the_game_package_does_not_import_the_analysis(module):
    above = sorted(m for m in NAMED[module] if not m.startswith("cardodds.sim"))
    assert above == [], f"{module} imports {above}"


def test_every_module_has_a_layer():
    assert sorted(m for m in MODULES if layer_of(m) is None) == []


def test_no_layer_imports_a_layer_above():
    assert upward_imports(NAMED) == []


def front_end_imports(graph: dict) -> list[str]:
    """Every import by a front end of a module neither of the API, the words nor a front end, as ``importer ->
    imported``."""
    allowed = ("api", "vocabulary", "front")
    return sorted(f"{m} -> {n}" for m, targets in graph.items() if layer_of(m) == "front" for n in targets
                  if layer_of(n) not in allowed)


def test_the_front_ends_import_only_the_api_and_the_words():
    assert front_end_imports(NAMED) == []


def test_the_front_end_check_finds_an_import_below_the_api():
    graph = {"cardodds.cli": {"cardodds.api", "cardodds.sim.games"}, "cardodds.web.app": {"cardodds.vocabulary",
             "cardodds.analysis.advice", "cardodds.web.tables"}, "cardodds.runs": {"cardodds.sim.games"}}
    assert front_end_imports(graph) == ["cardodds.cli -> cardodds.sim.games",
                                        "cardodds.web.app -> cardodds.analysis.advice"]


def test_a_module_named_in_a_string_is_an_import():
    mods = {"cardodds": None, "cardodds.sim.tan.players": None, "cardodds.analysis.odds": None}
    assert named_module("cardodds.sim.tan.players:PLAYERS", mods) == "cardodds.sim.tan.players"
    assert named_module("cardodds.sim.tan.players.Expert", mods) == "cardodds.sim.tan.players"
    assert named_module("cardodds.analysis.odds", mods) == "cardodds.analysis.odds"
    assert [named_module(t, mods) for t in ("cardodds.serve", "cardodds", "see cardodds.analysis.odds")] == [None] * 3
    spec = "GAME = GameSpec(hand_odds='cardodds.analysis.odds:tan_odds', players='cardodds.sim.tan.players:P')"
    graph = {"cardodds.sim.tan.spec": _string_imports(spec, mods), "cardodds.analysis.odds": set(),
             "cardodds.sim.tan.players": set()}
    assert upward_imports(graph) == ["cardodds.sim.tan.spec (sim) -> cardodds.analysis.odds (analysis)"]


def test_the_strings_of_the_package_are_read():
    assert "cardodds.sim.tan.players" in NAMED["cardodds.sim.tan.spec"] - GRAPH["cardodds.sim.tan.spec"]
    assert {"cardodds.runs", "cardodds.reports"} <= NAMED["cardodds"]


def test_the_layer_graph_has_no_cycle():
    """The graph of the layers themselves (a package-level circle: analysis -> API -> analysis)."""
    layers = {layer: set() for layer in LAYERS}
    for m, targets in NAMED.items():
        layers[layer_of(m)].update(layer_of(n) for n in targets if layer_of(n) != layer_of(m))
    assert _cycles(layers) == []


def test_the_layer_check_finds_an_upward_import():
    graph = {"cardodds.analysis.cli": {"cardodds.runs"}, "cardodds.runs": {"cardodds.analysis.suite"},
             "cardodds.analysis.suite": {"cardodds.sim.runner"}, "cardodds.sim.runner": set()}
    assert upward_imports(graph) == ["cardodds.analysis.cli (analysis) -> cardodds.runs (api)"]
    assert layer_of("cardodds") == "api" and layer_of("cardodds.sim.odds") == "sim"
    assert layer_of("cardodds.web.app") == "front" and layer_of("cardodds.webby") is None


def test_the_import_graph_has_no_cycle():
    assert _cycles(GRAPH) == []


def test_the_cycle_finder_finds_a_cycle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
