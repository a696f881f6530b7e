"""The errors the API raises: :class:`CardoddsError` (bad input, one line) and :class:`RunInterrupted` (Ctrl-C in a
run, saying what is saved and how to continue).

A front end catches these and shows their one line: the command line as ``cardodds: error: …`` with exit code 2,
the page as a 4xx JSON ``{"error": …}``.
"""

from cardodds.sim.errors import CardoddsError, RunInterrupted

__all__ = ["CardoddsError", "RunInterrupted"]
