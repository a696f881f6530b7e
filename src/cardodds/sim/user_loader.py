"""Players a user wrote, found wherever a player can be named: ``{python = "my_players.py:KeepTwos", threshold = 3}``
in a config (the path relative to the config's folder, else the current folder), a :class:`UserPlayer` class or
instance, or a plain function ``decide(view, legal, rng) -> str`` given in Python.

A player loaded from a file pickles as ``(path, name, file sha256, knobs)`` and is imported again where it is
unpickled (a pool worker, a Dask worker), refused in one line if the file changed since it was first loaded.
"""

from __future__ import annotations

import contextlib
import contextvars
import hashlib
import importlib.util
import re
import sys
import traceback
from pathlib import Path

from cardodds.sim.errors import CardoddsError
from cardodds.sim.options import from_table
from cardodds.sim.player_base import check_player_class
from cardodds.sim.user_player import FunctionPlayer, UserPlayer, UserPlayerError, function_class

_FOLDER: contextvars.ContextVar[Path | None] = contextvars.ContextVar("cardodds_user_folder", default=None)
"""The folder a relative ``python = "…"`` path is read from (the config's, while a config is read)."""

_REFUSED: contextvars.ContextVar[str | None] = contextvars.ContextVar("cardodds_no_user_code", default=None)
"""Why no file may be imported now (the web page's requests), or None."""

_MODULES: dict[tuple[str, str], object] = {}
"""(absolute path, sha256) → the module imported from it: a file is imported once per content."""


@contextlib.contextmanager
def relative_to(folder: Path):
    """Read relative ``python = "…"`` paths from ``folder`` within the block (a config file's folder)."""
    token = _FOLDER.set(Path(folder))
    try:
        yield
    finally:
        _FOLDER.reset(token)


@contextlib.contextmanager
def refusing_code(reason: str):
    """Refuse to import any player file within the block, ``reason`` the one line (a request to the web page must
    never run code, not even through a knobs file that names one)."""
    token = _REFUSED.set(reason)
    try:
        yield
    finally:
        _REFUSED.reset(token)


def is_user_spec(spec) -> bool:
    """Whether ``spec`` names a user player: a ``{python = …}`` table, a :class:`UserPlayer` class or instance, or a
    plain function."""
    if isinstance(spec, dict):
        return "python" in spec
    if isinstance(spec, type):
        return issubclass(spec, UserPlayer)
    return isinstance(spec, UserPlayer) or (callable(spec) and hasattr(spec, "__code__"))


def user_player(spec, where: str) -> UserPlayer:
    """The player ``spec`` names (see :func:`is_user_spec`), its knobs checked."""
    if isinstance(spec, UserPlayer):
        return spec
    if isinstance(spec, type):
        return _build(spec, {}, where)
    if isinstance(spec, dict):
        table = dict(spec)
        ref = table.pop("python")
        if "name" in table:
            raise CardoddsError(f"{where}: give either 'python' (a player you wrote) or 'name', not both")
        return _build(load_class(ref, where), table, where)
    return function_class(spec)()


def _build(cls: type, knobs: dict, where: str) -> UserPlayer:
    """``cls`` with ``knobs``: an unknown knob or one out of its declared range is one line."""
    try:
        check_player_class(cls)
    except TypeError as exc:
        raise CardoddsError(f"{where}: {exc}") from None
    if issubclass(cls, FunctionPlayer) and knobs:
        raise CardoddsError(f"{where}: {cls.source} is a function: it takes no knobs ({', '.join(knobs)} given)")
    label = f"{where} {cls.source or cls.__name__}"
    try:
        return from_table(cls, knobs, label)
    except CardoddsError:
        raise
    except Exception as exc:  # noqa: BLE001 -- its annotations or its own __post_init__ failed: one line
        raise CardoddsError(f"{label}: {type(exc).__name__}: {' '.join(str(exc).split())[:200]}") from None


def file_sha256(path: Path) -> str:
    """The SHA-256 (hex) of the file's bytes."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def load_class(ref, where: str) -> type:
    """The player class ``"file.py:Name"`` names (a function there is wrapped as a :class:`FunctionPlayer`)."""
    if _REFUSED.get() is not None:
        raise CardoddsError(_REFUSED.get())
    if not isinstance(ref, str) or ref.count(":") != 1 or not all(ref.split(":")):
        raise CardoddsError(f"{where}: 'python' must be \"file.py:Name\" (a file and the class or function in it), "
                            f"not {ref!r}")
    text, name = ref.rsplit(":", 1)
    path = Path(text).expanduser()
    if not path.is_absolute():
        path = (_FOLDER.get() or Path.cwd()) / path
    path = path.resolve()
    try:
        sha = file_sha256(path)
    except OSError as exc:
        raise CardoddsError(f"{where}: cannot read the player file {text} ({exc.strerror or exc})") from None
    return _class_in(path, name, sha, ref, where)


def _class_in(path: Path, name: str, sha: str, ref: str, where: str) -> type:
    """The class or function ``name`` of the file ``path`` (whose content has the hash ``sha``), as a player class
    that knows where it came from."""
    module = _module(path, sha, where)
    obj = getattr(module, name, None)
    if obj is None:
        raise CardoddsError(f"{where}: {path.name} has no {name!r} (a UserPlayer subclass or a function)")
    if isinstance(obj, type) and issubclass(obj, UserPlayer):
        cls = obj
    elif callable(obj) and not isinstance(obj, type) and hasattr(obj, "__code__"):
        cls = function_class(obj)
    else:
        raise CardoddsError(f"{where}: {ref}: {name} is neither a UserPlayer subclass nor a function "
                            "decide(view, legal, rng)")
    if "origin" not in cls.__dict__:
        cls.source, cls.origin = ref.replace("\\", "/").split("/")[-1], (str(path), name, sha)
        cls.reload = staticmethod(reload_player)
    return cls


def _module(path: Path, sha: str, where: str):
    """The module imported from ``path`` (content hash ``sha``): a syntax error or an exception on import is one
    line naming the file and the line."""
    key = (str(path), sha)
    if key in _MODULES:
        return _MODULES[key]
    stem = re.sub(r"\W", "_", path.stem)
    module_name = f"cardodds_user_{stem}_{hashlib.sha256(repr(key).encode()).hexdigest()[:12]}"
    spec = importlib.util.spec_from_file_location(module_name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module  # dataclasses and type hints look their module up there
    try:
        spec.loader.exec_module(module)
    except SyntaxError as exc:
        del sys.modules[module_name]
        raise CardoddsError(f"{where}: {path.name}, line {exc.lineno}: syntax error: {exc.msg}") from None
    except (Exception, SystemExit) as exc:  # noqa: BLE001 -- the user's module: any failure on import is one line
        del sys.modules[module_name]
        line = next((f.lineno for f in reversed(traceback.extract_tb(exc.__traceback__))
                     if Path(f.filename) == path), "?")
        text = " ".join(str(exc).split())[:200]
        raise CardoddsError(f"{where}: {path.name}, line {line}: {type(exc).__name__} on import: {text}") from None
    _MODULES[key] = module
    return module


def reload_player(path: str, name: str, sha: str, knobs: dict) -> UserPlayer:
    """The player ``name`` of the file ``path`` with ``knobs``, imported again (where a pickled player arrives).

    A file that changed since (its sha256 is not ``sha``) or cannot be imported there gives an :class:`Unloadable`
    player, which says so in one line at its first decision: an exception while unpickling would reach a pool as a
    broken pool, not as that line."""
    where = f"{Path(path).name}:{name}"
    try:
        try:
            now = file_sha256(Path(path))
        except OSError as exc:
            raise CardoddsError(f"{where}: cannot read the player file {path} ({exc.strerror or exc})") from None
        if now != sha:
            raise CardoddsError(f"{where}: {path} changed since the run started (its sha256 differs); run again: "
                                "an edited player file is a new run")
        return _class_in(Path(path), name, sha, where, where)(**knobs)
    except CardoddsError as exc:
        return Unloadable(str(exc))


class Unloadable(UserPlayer):
    """A player whose file could not be imported again in a worker: its first decision raises the reason."""

    reason: str = ""

    def decide(self, view, legal, rng):
        raise UserPlayerError(self.reason)
