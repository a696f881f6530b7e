"""The compiled Sâm engine's numba code (needs the optional ``numba``; the entry point is
``cardodds.sim.sam.compiled``): the state of fresh deals (``deal``) and games played to their end (``game``).

numba's on-disk cache checks a cached function against its own file only, so each file's functions call only
functions of the same file.
"""
