"""Estimates, intervals, charts and reports of cardodds.

The command line and the web page sit above, on the Python API (:mod:`cardodds.cli`, :mod:`cardodds.web`).
"""
