"""Experiment files: one TOML file describes one run (which task, how many games, which seed, rules, strategies).

``load_experiment`` validates the whole file once and returns an :class:`Experiment`; every problem becomes a
:class:`~cardodds.sim.errors.CardoddsError` whose one-line message names the file and the key.

Example::

    [experiment]
    name = "chan_deal"        # required, letters, digits, _ and -
    task = "chan.deal"        # required, a registered task
    title = "Chắn: the deal"  # optional
    description = "..."       # optional
    games = 10_000_000        # required, >= 1
    quick_games = 1_000_000   # optional, used by ``--quick``
    chunk_size = 250_000      # optional, >= 1
    seed = 20261129           # optional, 0 <= seed <= 2**63 - 1
    backend = "loky"          # optional, "loky" or "dask": where the chunks run (not part of the run's identity)
    scheduler = "tcp://h:8786"  # optional, with backend = "dask" (none: a local cluster for the run)
    decision_seconds = 10     # optional, CPU seconds a player written in Python may take a decision (not identity)
    [rules]                   # task-specific, validated by the task
"""

from __future__ import annotations

import dataclasses
import difflib
import functools
import importlib.metadata
import pprint
import re
import tomllib
from pathlib import Path
from typing import Any

from cardodds.sim.arguments import SEED_MAX, option
from cardodds.sim.backends import resolve_backend
from cardodds.sim.errors import CardoddsError
from cardodds.sim.hashing import CLASS_KEY, canonical_json, hash_identity, plain_data
from cardodds.sim.input_file import read_capped
from cardodds.sim.options import unknown_key_error
from cardodds.sim.registry import Task, get_task, task_names
from cardodds.sim.user_loader import relative_to

DEFAULT_CHUNK_SIZE = 250_000
DEFAULT_SEED = 20261129
"""Largest seed accepted: the TOML integer range, so every seed can also be written back into a config."""

_NAME_RE = re.compile(r"[A-Za-z0-9_-]+")

_EXPERIMENT_KEYS = (
    "name", "task", "title", "description", "games", "quick_games", "chunk_size", "seed", "backend", "scheduler",
    "decision_seconds",
)
DECISION_SECONDS_MAX = 86_400.0


@functools.cache
def cardodds_version() -> str:
    """The cardodds version: from the source checkout's ``pyproject.toml`` if present, else the installed metadata."""
    pyproject = Path(__file__).resolve().parents[3] / "pyproject.toml"  # src/cardodds/sim/ -> the checkout
    try:
        with pyproject.open("rb") as fh:
            version = tomllib.load(fh)["project"]["version"]
        if isinstance(version, str):
            return version
    except (OSError, tomllib.TOMLDecodeError, KeyError, TypeError):
        pass
    try:
        return importlib.metadata.version("cardodds")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


IDENTITY_FORMAT = 2
"""How :meth:`Experiment.identity` is made: 2 from the validated parameters (every option, defaults included); 1
(no ``format`` key) was the config's tables as written.  A run folder of another format holds another run."""


@dataclasses.dataclass(frozen=True)
class Experiment:
    """A validated experiment.

    Attributes
    ----------
    name, title, description : str
        From ``[experiment]``; ``title`` defaults to ``name``, ``description`` to ``""``.
    task : Task
        The registered task (``task.name`` is the config's ``task`` value).
    games : int
        Games to play in this run (after ``--games`` / ``--quick``).
    chunk_size, seed : int
        Fix the random streams: chunk ``k`` plays with ``cardodds.sim.streams.chunk_seed(seed, k)``.
    sections : dict
        The task's raw tables (``{"rules": {...}, ...}``; a missing table is ``{}``).
    params : object
        ``task.parse(sections, path)``.
    path : Path
        The config file.
    text : str
        The config file's text, copied into the run folder.
    quick_games : int or None
        ``quick_games`` from the file, if given.
    arm : str
        The arm's name (``"main"`` for a file without ``[[arms]]`` or ``[sweep]``).
    baseline : str
        The name of the arm the others are compared with.
    sweep : tuple or None
        ``(parameter, value)`` for an arm made by ``[sweep]``.
    ladder : tuple or None
        ``(rung, field, k)`` for the ``k``-th arm made by ``[ladder]`` (in the file's order: rungs, then fields): the
        rung at table seat 0, the field at the others; ``("mixed", rungs by table seat, k)`` for a mixed table.
    objective : tuple or None
        ``(metric, seat, goal)`` from ``[sweep] objective = "metric:seat"`` and ``goal = "max" | "min"``: the value the
        report names the best arm by.
    backend, scheduler : str, str or None
        Where the chunks run (``"loky"`` or ``"dask"``, see :mod:`cardodds.sim.backends`); not part of :meth:`identity`.
    decision_seconds : float
        CPU seconds a player written in Python may spend on one decision (:func:`cardodds.sim.user_player.ask`); not
        part of :meth:`identity`.
    """

    name: str
    task: Task
    title: str
    description: str
    games: int
    chunk_size: int
    seed: int
    sections: dict[str, Any]
    params: Any
    path: Path
    text: str
    quick_games: int | None = None
    arm: str = "main"
    baseline: str = "main"
    sweep: tuple[str, Any] | None = None
    backend: str = "loky"
    scheduler: str | None = None
    objective: tuple[str, int | None, str] | None = None
    ladder: tuple | None = None
    decision_seconds: float = 10.0

    def identity(self) -> dict[str, Any]:
        """What makes two runs the same run (so one may resume the other): the task, seed, chunk size, cardodds
        version and validated parameters (:func:`~cardodds.sim.hashing.plain_data`), not the number of games nor how
        the config spells the options (a default written out, ``1`` for ``1.0``, keys in another order)."""
        return {
            "format": IDENTITY_FORMAT,
            "task": self.task.name,
            "seed": self.seed,
            "chunk_size": self.chunk_size,
            "params": plain_data(self.params),
            "cardodds": cardodds_version(),
        }

    def identity_hash(self) -> str:
        """SHA-256 (hex) of the canonical JSON of :meth:`identity`."""
        return hash_identity(self.identity())


def params_differences(old: Any, new: Any, path: str = "", limit: int = 3) -> list[str]:
    """What differs between two identities' ``params``, as ``rules.max_bouts 1000 vs 500`` (the first ``limit``)."""
    if isinstance(old, dict) and isinstance(new, dict) and old.get(CLASS_KEY) == new.get(CLASS_KEY):
        keys = [k for k in list(old) + [k for k in new if k not in old] if k != CLASS_KEY]
        pairs = [(old.get(k), new.get(k), f"{path}.{k}" if path else k) for k in keys]
    elif isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        pairs = [(o, n, f"{path}[{i}]") for i, (o, n) in enumerate(zip(old, new))]
    else:
        return [f"{path or 'parameters'} {_shown(old)} vs {_shown(new)}"]
    out = []
    for o, n, where in pairs:
        if canonical_json(o) != canonical_json(n):
            out += params_differences(o, n, where, limit - len(out))
        if len(out) >= limit:
            break
    return out[:limit]


def _shown(value: Any) -> str:
    if isinstance(value, dict):
        return value.get(CLASS_KEY, "a table")
    return f"{len(value)} values" if isinstance(value, list) else repr(value)


CONFIG_DIR = Path(__file__).resolve().parents[1] / "configs"
"""The experiments shipped with the package (``src/cardodds/configs/``; the checkout's ``configs/`` links to it)."""


def shipped_experiments() -> list[str]:
    """The names of the shipped experiments (``tan_ladder`` …), which :func:`experiment_path` finds from any folder."""
    return sorted(p.stem for p in CONFIG_DIR.glob("*.toml") if p.name != "suite.toml")


def experiment_path(path: str | Path) -> Path:
    """The experiment file ``path`` names: the file itself when it exists, else a shipped experiment of that name
    (``"tan_ladder"``, ``"tan_ladder.toml"`` or ``"configs/tan_ladder.toml"`` from outside the checkout)."""
    path = Path(path)
    if path.exists() or path.parent not in (Path("."), Path("configs")):
        return path
    name = path.name if path.suffix == ".toml" else path.name + ".toml"
    shipped = CONFIG_DIR / name
    return shipped if shipped.is_file() and shipped.name != "suite.toml" else path


def _read(path: Path) -> str:
    try:
        data = read_capped(path, "an experiment file")
    except FileNotFoundError:
        if path.parent in (Path("."), Path("configs")):
            names = ", ".join(shipped_experiments())
            raise CardoddsError(f"{path}: no such experiment file, nor a shipped experiment ({names})") from None
        raise CardoddsError(f"{path}: no such experiment file") from None
    except IsADirectoryError:
        raise CardoddsError(f"{path}: is a folder, not an experiment file") from None
    except OSError as exc:
        raise CardoddsError(f"{path}: cannot read the experiment file ({exc.strerror or exc})") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CardoddsError(f"{path}: not UTF-8 text (bad byte at offset {exc.start})") from None


def _check_int(value: Any, key: str, where: str, low: int, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise CardoddsError(f"{where}: '{key}' must be an integer, not {value!r}")
    if value < low or (high is not None and value > high):
        bound = f"from {low} to {high}" if high is not None else f">= {low}"
        raise CardoddsError(f"{where}: '{key}' must be an integer {bound}, not {value}")
    return value


def _check_str(value: Any, key: str, where: str) -> str:
    if not isinstance(value, str):
        raise CardoddsError(f"{where}: '{key}' must be a string, not {value!r}")
    return value


def _task(value: Any, where: str) -> Task:
    name = _check_str(value, "task", where)
    known = task_names()
    if name not in known:
        close = difflib.get_close_matches(name, known, n=1)
        hint = f"did you mean '{close[0]}'?" if close else f"known: {', '.join(known)}"
        raise CardoddsError(f"{where}: unknown task '{name}' ({hint})")
    return get_task(name)


def load_experiment(path: str | Path, arm: str | None = None, **overrides) -> Experiment:
    """Read and validate an experiment file; for a file with arms, its arm ``arm`` (default: the baseline; an unknown
    name is one line listing the arms; ``overrides``: see :func:`load_arms`)."""
    return pick_arm(load_arms(path, **overrides), arm, path)


def pick_arm(arms: list[Experiment], name: str | None, path) -> Experiment:
    """The arm ``name`` of an experiment's arms (the baseline when None); an unknown name lists the arms."""
    if name is None:
        return arms[0]
    for exp in arms:
        if exp.arm == name:
            return exp
    raise CardoddsError(f"{path} has no arm '{name}'; its arms: {', '.join(a.arm for a in arms)}")


def load_arms(
    path: str | Path | dict,
    *,
    games: int | None = None,
    seed: int | None = None,
    quick: bool = False,
    backend: str | None = None,
    scheduler: str | None = None,
) -> list[Experiment]:
    """Read and validate an experiment file into its arms, the baseline first.

    A file may list arms (``[[arms]]`` tables, each a ``name`` plus tables that override the task's sections, e.g.
    ``[arms.strategies]``) or sweep one parameter (``[sweep]`` with ``parameter = "rules.max_bouts"``, ``values = [...]``
    and optionally ``baseline``, one of the values).  Every arm plays the same seed, so the same deals.

    Parameters
    ----------
    path : str, Path or dict
        The TOML file, or a shipped experiment's name (``"tan_ladder"``, :func:`experiment_path`), or the document
        itself as Python data (``{"experiment": {...}, "strategies": {"seats": [KeepTwos, "control", ...]}}``: a
        player may then be a ``UserPlayer`` class or instance or a function; a relative ``python`` path is read from
        the current folder).
    games : int, optional
        Overrides the file's ``games`` (``--games``); wins over ``quick``.
    seed : int, optional
        Overrides the file's ``seed`` (``--seed``).
    quick : bool
        Play ``quick_games`` instead of ``games`` (the file's ``games`` when it has no ``quick_games``).
    backend, scheduler : str, optional
        Override the file's ``backend`` / ``scheduler`` (``--backend`` / ``--scheduler``; a scheduler implies dask).

    Raises
    ------
    CardoddsError
        On any problem, with a one-line message naming the file and the key.
    """
    if isinstance(path, dict):
        doc, path = path, Path("config")
        text = "# given to cardodds.run as a Python dict:\n" + "".join(f"# {line}\n" for line in pprint.pformat(
            doc, width=116, sort_dicts=False).splitlines())
    else:
        path = experiment_path(path)
        text = _read(path)
        doc = _parse_toml(text, path)
    where = f"{path} [experiment]"
    table = _experiment_table(doc, path)
    settings = _file_settings(table, where)
    file_games, file_seed = settings.pop("games"), settings.pop("seed")
    if games is not None:
        settings["games"] = _check_int(games, "games", option("games"), 1)
    else:
        settings["games"] = settings["quick_games"] if quick and settings["quick_games"] is not None else file_games
    settings["seed"] = file_seed if seed is None else _check_int(seed, "seed", option("seed"), 0, SEED_MAX)
    settings["backend"], settings["scheduler"] = resolve_backend(
        table.get("backend"), table.get("scheduler"), backend=backend, scheduler=scheduler, where=where
    )
    task = settings["task"]
    sections = _task_sections(doc, task, path)
    with relative_to(path.parent):  # a player's ``python = "file.py:Name"`` is read from the config's folder
        variants = _variants(doc, task, path, sections)
        objective = _objective(doc.get("sweep"), path)
        arms = []
        for arm, overrides, sweep, ladder in variants:
            arm_sections = _merge(sections, overrides)
            arm_where = str(path) if arm == "main" else f"{path} (arm '{arm}')"
            arms.append(Experiment(sections=arm_sections, params=task.parse(arm_sections, arm_where), path=path,
                                   text=text, arm=arm, baseline=variants[0][0], sweep=sweep, objective=objective,
                                   ladder=ladder, **settings))
    return arms


def _parse_toml(text: str, path: Path) -> dict[str, Any]:
    """The experiment file's TOML document, within the bounds of the JSON reader (:mod:`cardodds.sim.bounded_json`)."""
    from cardodds.sim.bounded_json import loads_toml

    return loads_toml(text, str(path))


def _experiment_table(doc: dict[str, Any], path: Path) -> dict[str, Any]:
    """The ``[experiment]`` table, checked for unknown and missing keys."""
    where = f"{path} [experiment]"
    if "experiment" not in doc:
        raise CardoddsError(f"{path}: missing the [experiment] table (with name, task and games)")
    table = doc["experiment"]
    if not isinstance(table, dict):
        raise CardoddsError(f"{path}: 'experiment' must be a table ([experiment]), not {table!r}")
    for key in table:
        if key not in _EXPERIMENT_KEYS:
            raise unknown_key_error(key, _EXPERIMENT_KEYS, where)
    for key in ("name", "task", "games"):
        if key not in table:
            raise CardoddsError(f"{where}: missing required key '{key}'")
    return table


def _file_settings(table: dict[str, Any], where: str) -> dict[str, Any]:
    """The ``[experiment]`` values as the file gives them (``games`` and ``seed`` before any override)."""
    name = _check_str(table["name"], "name", where)
    if not _NAME_RE.fullmatch(name):
        raise CardoddsError(f"{where}: 'name' may hold only letters, digits, '_' and '-', not {name!r}")
    settings = {"name": name, "task": _task(table["task"], where),
                "title": _check_str(table.get("title", name), "title", where),
                "description": _check_str(table.get("description", ""), "description", where),
                "games": _check_int(table["games"], "games", where, 1), "quick_games": table.get("quick_games")}
    if settings["quick_games"] is not None:
        settings["quick_games"] = _check_int(settings["quick_games"], "quick_games", where, 1)
    settings["chunk_size"] = _check_int(table.get("chunk_size", DEFAULT_CHUNK_SIZE), "chunk_size", where, 1)
    settings["seed"] = _check_int(table.get("seed", DEFAULT_SEED), "seed", where, 0, SEED_MAX)
    seconds = table.get("decision_seconds", 10.0)
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 < seconds <= DECISION_SECONDS_MAX:
        raise CardoddsError(f"{where}: 'decision_seconds' must be a number of seconds above 0 and at most "
                            f"{DECISION_SECONDS_MAX:,.0f}, not {seconds!r}")
    settings["decision_seconds"] = float(seconds)
    return settings


def _task_sections(doc: dict[str, Any], task: Task, path: Path) -> dict[str, Any]:
    """The task's tables of the file (``{}`` for a missing one), in the task's order; other tables are refused."""
    allowed = ("experiment", "arms", "sweep", "ladder") + tuple(task.sections)
    sections: dict[str, Any] = {}
    for key, value in doc.items():
        if key in ("experiment", "arms", "sweep", "ladder"):
            continue
        if key not in allowed:
            raise unknown_key_error(key, allowed, f"{path} (task '{task.name}')")
        if not isinstance(value, dict):
            raise CardoddsError(f"{path}: '{key}' must be a table ([{key}]), not {value!r}")
        sections[key] = value
    return {key: sections.get(key, {}) for key in task.sections}


def _objective(sweep: Any, path: Path) -> tuple[str, int | None, str] | None:
    if not isinstance(sweep, dict) or "objective" not in sweep:
        return None
    where = f"{path} [sweep]"
    text = _check_str(sweep["objective"], "objective", where)
    metric, _, seat = text.partition(":")
    if not metric or (seat and not seat.isdigit()):
        raise CardoddsError(f"{where}: 'objective' must be 'metric' or 'metric:seat', e.g. 'lose:0', not {text!r}")
    goal = sweep.get("goal", "max")
    if goal not in ("max", "min"):
        raise CardoddsError(f"{where}: 'goal' must be \"max\" or \"min\", not {goal!r}")
    return metric, int(seat) if seat else None, goal


_SWEEP_KEYS = ("parameter", "values", "baseline", "objective", "goal")
_ARM_RE = re.compile(r"[A-Za-z0-9_.=+-]+")


def _merge(base: dict[str, Any], overrides: dict[str, Any]) -> dict[str, Any]:
    """``base`` with ``overrides`` laid over it, tables merged key by key."""
    merged = dict(base)
    for key, value in overrides.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = _merge(merged[key], value)
        else:
            merged[key] = value
    return merged


def _variants(doc: dict[str, Any], task: Task, path: Path, sections: dict[str, Any]) -> list[tuple]:
    """The arms of a file as (name, section overrides, sweep point, ladder pair), the baseline first."""
    arms, sweep, ladder = doc.get("arms"), doc.get("sweep"), doc.get("ladder")
    found = [name for name, x in (("[[arms]]", arms), ("[sweep]", sweep), ("[ladder]", ladder)) if x is not None]
    if len(found) > 1:
        raise CardoddsError(f"{path}: use one of [[arms]], [sweep], [ladder], not both {found[0]} and {found[1]}")
    if sweep is not None:
        return _sweep_variants(sweep, task, path)
    if ladder is not None:
        return _ladder_variants(ladder, task, path, sections)
    if arms is None:
        return [("main", {}, None, None)]
    if not isinstance(arms, list) or not arms or not all(isinstance(a, dict) for a in arms):
        raise CardoddsError(f"{path}: 'arms' must be a list of tables ([[arms]]), each with a name")
    result, seen = [], set()
    for i, arm in enumerate(arms):
        where = f"{path} [[arms]] #{i + 1}"
        arm_name = _check_str(arm.get("name"), "name", where) if "name" in arm else None
        if not arm_name or not _ARM_RE.fullmatch(arm_name):
            raise CardoddsError(f"{where}: each arm needs a 'name' of letters, digits and _ . = + -")
        if arm_name in seen:
            raise CardoddsError(f"{where}: two arms are named '{arm_name}'")
        seen.add(arm_name)
        overrides = {}
        for key, value in arm.items():
            if key in ("name", "baseline"):
                continue
            if key not in task.sections:
                raise unknown_key_error(key, ("name", "baseline") + tuple(task.sections), where)
            if not isinstance(value, dict):
                raise CardoddsError(f"{where}: '{key}' must be a table ([arms.{key}]), not {value!r}")
            overrides[key] = value
        if arm.get("baseline") not in (None, True, False):
            raise CardoddsError(f"{where}: 'baseline' must be true or false")
        result.append((arm_name, overrides, None, None))
    marked = [i for i, arm in enumerate(arms) if arm.get("baseline") is True]
    if len(marked) > 1:
        raise CardoddsError(f"{path}: only one arm may have baseline = true")
    if marked:
        result.insert(0, result.pop(marked[0]))
    return result


def _sweep_variants(sweep: Any, task: Task, path: Path) -> list[tuple]:
    where = f"{path} [sweep]"
    if not isinstance(sweep, dict):
        raise CardoddsError(f"{where}: must be a table with 'parameter' and 'values'")
    for key in sweep:
        if key not in _SWEEP_KEYS:
            raise unknown_key_error(key, _SWEEP_KEYS, where)
    parameter = _check_str(sweep.get("parameter"), "parameter", where) if "parameter" in sweep else ""
    parts = parameter.split(".")
    if len(parts) < 2 or parts[0] not in task.sections or not all(parts):
        sections = ", ".join(task.sections)
        raise CardoddsError(f"{where}: 'parameter' must be a dotted key inside one of {sections}, e.g. '{task.sections[0]}.x'")
    values = sweep.get("values")
    if not isinstance(values, list) or len(values) < 2 or any(isinstance(v, (dict, list)) for v in values):
        raise CardoddsError(f"{where}: 'values' must be a list of at least two plain values")
    if len({canonical_json(v) for v in values}) != len(values):
        raise CardoddsError(f"{where}: 'values' has a value twice")
    baseline = sweep.get("baseline", values[0])
    if baseline not in values:
        raise CardoddsError(f"{where}: 'baseline' {baseline!r} is not one of the values")
    result = []
    for value in [baseline] + [v for v in values if v != baseline]:
        overrides: dict[str, Any] = {}
        node = overrides
        for part in parts[:-1]:
            node = node.setdefault(part, {})
        node[parts[-1]] = value
        result.append((f"{parts[-1]}={value}", overrides, (parameter, value), None))
    return result


_LADDER_KEYS = ("rungs", "field")


def _rung_label(spec: Any, where: str) -> str:
    if isinstance(spec, dict) and isinstance(spec.get("python"), str):  # a player the user wrote: its name
        return spec["python"].rpartition(":")[2]
    name = spec.get("name") or Path(str(spec.get("file", ""))).stem if isinstance(spec, dict) else spec
    if not isinstance(name, str) or not _ARM_RE.fullmatch(name):
        raise CardoddsError(f"{where}: a rung is a strategy name or a table with 'name' (or 'file'), not {spec!r}")
    return name


def _ladder_variants(ladder: Any, task: Task, path: Path, sections: dict[str, Any]) -> list[tuple]:
    """The arms of a strength ladder: each rung at one seat against a table of the field.

    ``[ladder] rungs = ["random", "basic", ...]`` (names or strategy tables), ``field = "round_robin"`` (default:
    every rung, itself included, is the field in turn), ``"self"`` (each rung against itself, the mirror), one
    strategy (``"heuristic"``, or a table), or ``"mixed"``: one rung per seat at one table, rotated round it (arm
    ``mixed_k`` seats rung ``i`` at table seat ``(i + k) % players``).  The arm ``<rung>_vs_<field>`` has the rung at table seat 0 and the field
    everywhere else (who attacks first is the rules' ``first_attacker``); all arms play the same deals.  The baseline
    is the first arm where the rung plays its own field (the mirror), else the first arm.
    """
    where = f"{path} [ladder]"
    if not isinstance(ladder, dict):
        raise CardoddsError(f"{where}: must be a table with 'rungs'")
    for key in ladder:
        if key not in _LADDER_KEYS:
            raise unknown_key_error(key, _LADDER_KEYS, where)
    if "strategies" not in task.sections:
        raise CardoddsError(f"{where}: task '{task.name}' has no [strategies] to build a ladder from")
    if sections.get("strategies"):
        raise CardoddsError(f"{where}: a ladder sets every seat's strategy; leave out [strategies]")
    rungs = ladder.get("rungs")
    if not isinstance(rungs, list) or len(rungs) < 2:
        raise CardoddsError(f"{where}: 'rungs' must be a list of at least two strategies")
    labels = [_rung_label(r, where) for r in rungs]
    if len(set(labels)) != len(labels):
        raise CardoddsError(f"{where}: 'rungs' names a strategy twice")
    field = ladder.get("field", "round_robin")
    if field == "round_robin":
        fields = list(zip(labels, rungs))
    elif field in ("self", "mixed"):
        fields = None
    else:
        fields = [(_rung_label(field, f"{where} field"), field)]
    players = len(task.parse(sections, where).strategies)
    if field == "mixed":
        if len(rungs) != players:
            raise CardoddsError(f"{where}: field = \"mixed\" seats every rung at one table: give {players} rungs "
                                f"for {players} players, not {len(rungs)}")
        turn = lambda items, k: list(items[-k:]) + list(items[:-k]) if k else list(items)  # noqa: E731
        return [(f"mixed_{k}", {"strategies": {"seats": turn(rungs, k)}}, None, ("mixed", tuple(turn(labels, k)), k))
                for k in range(players)]
    result = []
    for label, rung in zip(labels, rungs):
        for field_label, spec in fields or [(label, rung)]:
            seats = [spec] * players
            seats[0] = rung
            result.append((f"{label}_vs_{field_label}", {"strategies": {"seats": seats}}, None,
                           (label, field_label, len(result))))
    mirrors = [i for i, arm in enumerate(result) if arm[3][0] == arm[3][1]]
    if mirrors and fields is not None:
        result.insert(0, result.pop(mirrors[0]))
    return result
