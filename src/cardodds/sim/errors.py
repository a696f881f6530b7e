"""The exception types users see: bad input, and a run stopped by Ctrl-C."""

from __future__ import annotations


class CardoddsError(Exception):
    """A problem with the user's input (cards, config, run folder, ...).

    The command line prints ``cardodds: error: <message>`` on one line and exits with code 2;
    the message must therefore be a single line that says what is wrong and, where useful, how to fix it.
    """


class RunInterrupted(CardoddsError):
    """The run was stopped by Ctrl-C; the chunks already written are kept for ``--resume``.

    Not bad input: the command line prints ``cardodds: interrupted: …`` with the command that continues, and exits 130.

    Attributes
    ----------
    saved, chunks : int or None
        Chunks saved in the run folder, of how many.
    folder : pathlib.Path or None
        The run folder.
    """

    def __init__(self, message: str, saved: int | None = None, chunks: int | None = None, folder=None):
        super().__init__(message)
        self.saved, self.chunks, self.folder = saved, chunks, folder
