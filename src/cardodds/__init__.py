"""cardodds: Monte Carlo and exact odds for the Vietnamese card games Chắn, Sâm and Tấn.

The Python API is the one the ``cardodds`` command is built on::

    import cardodds

    result = cardodds.run("tan_ladder", games=20_000, seed=1)   # a shipped experiment, or a file's path
    result.summary            # one row per metric, seat and arm: label, estimate, 95 % interval, n, exact value
    result.differences        # paired differences between arms (common random numbers)
    result.charts             # the report's charts, matplotlib figures by name

    cardodds.odds.sam("3s 4s 5h 6d 7c 8s 9s 10h Jd Kd", opponents=2).table
    cardodds.exact.chan()     # exact deal probabilities of Chắn (a DataFrame)
    cardodds.advise.tan("position.json").head()   # every legal move of a mid-game position, ranked

Every command has its function: ``cardodds.report(quick=True)`` (the default suite and its report),
``cardodds.tune("configs/tan_tune.toml", seat=0)`` (one seat's knobs), ``cardodds.replay("tan", seed=1)`` (one game,
move by move), ``cardodds.web.serve()`` (the page); bad input raises :class:`cardodds.errors.CardoddsError` with one
line.

A player of your own subclasses :class:`UserPlayer` (knobs declared with :class:`Range` / :class:`Choice`) and sits
wherever a player can be named: ``{python = "my_players.py:KeepTwos"}`` in a config, the class itself in Python.

The engines and tasks live in :mod:`cardodds.sim`, the estimates, charts and reports in :mod:`cardodds.analysis`;
the command line and the web page (:mod:`cardodds.cli`, :mod:`cardodds.web`) are built on this API only (with
:mod:`cardodds.api`, the checks and game names they share, and :mod:`cardodds.vocabulary`, the words).
"""

import importlib

__all__ = ["Choice", "Range", "Run", "UserPlayer", "advise", "exact", "odds", "replay", "report", "run", "tune",
           "__version__"]

_LAZY = {"Run": ("cardodds.runs", "Run"), "run": ("cardodds.runs", "run"), "exact": ("cardodds.exact", None),
         "odds": ("cardodds.odds", None), "advise": ("cardodds.advise", None),
         "report": ("cardodds.reports", "report"), "tune": ("cardodds.tuning", "tune"),
         "replay": ("cardodds.replays", "replay"), "UserPlayer": ("cardodds.sim.user_player", "UserPlayer"),
         "Range": ("cardodds.sim.knobs", "Range"), "Choice": ("cardodds.sim.knobs", "Choice")}
"""The API's names, imported on first use: ``import cardodds.cli`` (every ``cardodds`` command, ``--help`` too)
must not pay for pandas and numpy before it knows what it is asked."""


def __getattr__(name: str):
    """The API's name ``name``, imported on its first use (PEP 562)."""
    if name == "__version__":
        from cardodds.sim.experiment import cardodds_version

        value = cardodds_version()
    elif name in _LAZY:
        module, attribute = _LAZY[name]
        value = importlib.import_module(module)
        value = value if attribute is None else getattr(value, attribute)
    else:
        raise AttributeError(f"module 'cardodds' has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The module's names, the lazily imported ones included."""
    return sorted({*globals(), *__all__})
