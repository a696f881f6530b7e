"""The compiled Sâm engine's numba code (needs the optional ``numba``; the entry point is
``cardodds.sim.sam.compiled``): one game played to its end (``game``).

Every function that plays sits in ``game`` (numba's on-disk cache checks a cached function against its own file only,
so helpers compiled into it from another file would go stale unnoticed).
"""
