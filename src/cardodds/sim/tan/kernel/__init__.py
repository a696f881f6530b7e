"""The compiled Tấn engine's numba code (needs the optional ``numba``; the entry point is
``cardodds.sim.tan.compiled``): bit-mask helpers (``masks``), the players' decisions (``decide``), one game's play
(``game``) and the loop over games (``games``).

numba's on-disk cache checks a cached function against its own file only: the play functions sit in ``game`` with
the play code they call, but the ``masks`` and ``decide`` helpers are compiled into them, so after editing those two
files delete ``kernel/__pycache__`` (or the cached ``game`` functions keep the old helpers).
"""
