"""``cardodds serve``: a local web page per game where a player clicks cards and gets the odds (:mod:`.app`).

:func:`serve` is the page's one function; importing this package imports no web library (``cardodds --help`` stays
quick).
"""

from __future__ import annotations


def serve(host: str = "127.0.0.1", port: int = 8000) -> int:
    """Serve the pages on ``host``:``port`` until Ctrl-C; print the address first.

    Parameters
    ----------
    host : str
        The address to listen on (default: this machine only).
    port : int
        The port, 0..65535 (0: a free one, printed).

    Returns
    -------
    int
        0 once stopped.

    Raises
    ------
    CardoddsError
        A port out of range, or the web extra not installed (one line naming what is missing).
    """
    from cardodds.errors import CardoddsError

    try:
        from cardodds.web.app import serve as serve_pages
    except ImportError as exc:
        raise CardoddsError(f"serve needs the web extra ({exc.name} is missing): pip install -e \".[web]\"") from None
    if not isinstance(port, int) or isinstance(port, bool) or not 0 <= port <= 65535:
        raise CardoddsError(f"--port must be 0..65535 (0: a free port), not {port}")
    return serve_pages(host, port)
