"""The compiled Chắn engine's numba code (needs the optional ``numba``; the entry point is
``cardodds.sim.chan.compiled``): a holding's shape, waits, win type and cước (``holding``), the players' decisions
(``decide``) and one game's play with the loop over games (``game``).

numba's on-disk cache checks a cached function against its own file only: the ``holding`` and ``decide`` helpers are
compiled into the play functions of ``game``, so after editing those two files delete ``kernel/__pycache__`` (or the
cached ``game`` functions keep the old helpers).
"""
