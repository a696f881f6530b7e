"""The one wording of a bad whole-number argument, wherever it is taken: ``<name> must be a whole number >= 1, not 0``.

The name is the caller's — ``--games`` on the command line, ``games`` on the page (and a Python argument's own name in
the API) — the rule and its words are this module's, so the same bad value reads the same everywhere.
"""

from __future__ import annotations

from cardodds.sim.errors import CardoddsError


def whole_number_rule(low: int | None = None, high: int | None = None) -> str:
    """The rule in words: ``a whole number``, ``a whole number >= 1``, ``a whole number 0..3``."""
    if low is not None and high is not None:
        return f"a whole number {low}..{high}"
    if low is not None:
        return f"a whole number >= {low}"
    if high is not None:
        return f"a whole number <= {high}"
    return "a whole number"


def whole_number(value, name: str, low: int | None = None, high: int | None = None) -> int:
    """``value`` if it is an ``int`` (not a bool) in ``low..high``.

    Raises
    ------
    CardoddsError
        ``<name> must be <the rule>, not <value>``.
    """
    if (isinstance(value, bool) or not isinstance(value, int) or (low is not None and value < low)
            or (high is not None and value > high)):
        raise CardoddsError(f"{name} must be {whole_number_rule(low, high)}, not {value!r}")
    return value


def read_whole(text: str):
    """``text`` as an ``int`` (``_`` and ``,`` may group its digits), or ``text`` itself when it is not one — for
    :func:`whole_number` to refuse by its own words."""
    try:
        return int(text.replace("_", "").replace(",", ""))
    except ValueError:
        return text
