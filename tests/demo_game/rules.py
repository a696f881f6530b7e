"""The coin's rules: the chance of heads."""

from __future__ import annotations

from dataclasses import dataclass

from cardodds.sim.errors import CardoddsError
from cardodds.sim.options import from_table


@dataclass(frozen=True)
class CoinRules:
    """Rules of the coin game.

    Parameters
    ----------
    p : float
        Probability that a coin shows heads.
    """

    p: float = 0.5

    @property
    def players(self) -> int:
        """Two seats: seat 0 calls, seat 1 pays or is paid."""
        return 2

    def __post_init__(self):
        if not 0.0 <= self.p <= 1.0:
            raise CardoddsError(f"'p' must be between 0 and 1, not {self.p}")
        object.__setattr__(self, "p", float(self.p))


def parse(sections: dict, where: str) -> CoinRules:
    """Validate ``[rules]``."""
    return from_table(CoinRules, sections.get("rules"), f"{where} [rules]")
