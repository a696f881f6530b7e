"""The compiled Chắn engine's numba code (needs the optional ``numba``; the entry point is
``cardodds.sim.chan.compiled``): a holding's shape, waits, win type and cước (``holding``), the players' decisions
(``decide``) and one game's play with the loops over games (``game``).  Every function below the loops runs without
numba's runtime (``_nrt=False``: no reference counting of the state arrays at each call, no allocation); the loops
allocate one game's scratch arrays and reuse them game after game.

numba's on-disk cache checks a cached function against its own file only, while the ``holding`` and ``decide``
helpers are compiled into the functions of the files that call them: ``cardodds.sim.chan.compiled`` keeps a hash of
these files beside the cache and drops the whole cache when any of them changed (delete ``kernel/__pycache__`` by
hand where numba caches elsewhere).
"""
