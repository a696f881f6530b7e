"""Makes the shipped table of the ``bayes`` screen's answers (:mod:`cardodds.sim.sam.screen_table`) by running the
screen on every ten-card hand::

    python -m cardodds.sim.sam.make_screen_table
"""

from __future__ import annotations

import numpy as np

from cardodds.sim.sam import screen_table
from cardodds.sim.sam.declare import screen
from cardodds.sim.sam.rules import SamRules


def build() -> dict[str, np.ndarray]:
    """The file's arrays: the screen of every hand (:func:`screen_table.all_hands`) per number of opponents."""
    hands = screen_table.all_hands()
    return screen_table.pack({k: screen(hands, k, SamRules(), screen_table.FLOOR, table=False)
                              for k in screen_table.OPPONENTS})


def main() -> None:
    np.savez_compressed(screen_table.PATH, **build())
    print(f"wrote {screen_table.PATH} ({screen_table.PATH.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
