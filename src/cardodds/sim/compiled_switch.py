"""Whether the compiled engines play: ``CARDODDS_COMPILED`` (``0``: off; ``1`` or unset: on where they can run), and,
for a block of code, :func:`numpy_while` — the numpy engines while a condition holds.

``cardodds serve`` plays a game on the numpy engines while its numba kernels still compile after an install
(:mod:`cardodds.web.warming`), so its first answer does not wait for the compile.  Every engine pair agrees game for
game (each game's ``compiled`` module), so the numbers are the same either way; only the speed differs.
"""

from __future__ import annotations

import contextlib
import contextvars
import os
from collections.abc import Callable, Iterator

from cardodds.sim.errors import CardoddsError

_NUMPY_WHILE: contextvars.ContextVar[Callable[[], bool] | None] = contextvars.ContextVar("numpy_while", default=None)
"""This context's condition for the numpy engines, asked at each engine choice (None: none)."""


def flag_on() -> bool:
    """``CARDODDS_COMPILED`` is not ``0`` (a one-line error when it is neither 0 nor 1)."""
    flag = os.environ.get("CARDODDS_COMPILED", "1").strip()
    if flag not in ("0", "1", ""):
        raise CardoddsError(f"CARDODDS_COMPILED must be 0 or 1, not {flag!r}")
    return flag != "0"


def compiled_on() -> bool:
    """:func:`flag_on` and no :func:`numpy_while` condition of this context holds."""
    condition = _NUMPY_WHILE.get()
    return flag_on() and not (condition is not None and condition())


@contextlib.contextmanager
def numpy_while(condition: Callable[[], bool]) -> Iterator[None]:
    """In this block (this thread or task), games go to the numpy engines while ``condition()`` is true; asked at
    every engine choice, so a long computation moves to the compiled engines once it turns false."""
    token = _NUMPY_WHILE.set(condition)
    try:
        yield
    finally:
        _NUMPY_WHILE.reset(token)
