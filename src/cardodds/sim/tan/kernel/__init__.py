"""The compiled Tấn engine's numba code (needs the optional ``numba``; the entry point is
``cardodds.sim.tan.compiled``): bit-mask helpers (``masks``), the players' decisions (``decide``), one game's play
(``game``) and the loop over games (``games``)."""
