"""Points of a winning Chắn hand from its cước (docs/rules.md §1.6)."""

from __future__ import annotations

from sim.chan.rules import CUOC_NAMES, ChanRules


def with_xuong(cuoc: dict[str, int]) -> dict[str, int]:
    """The cước to call: Xuông when nothing else applies."""
    return dict(cuoc) if cuoc else {"xuong": 1}


def points(cuoc: dict[str, int], rules: ChanRules) -> int:
    """Points of a win: each cước's points times its count (Xuông when there is no other)."""
    table = rules.point_table()
    return sum(table[name] * count for name, count in with_xuong(cuoc).items())


def describe(cuoc: dict[str, int]) -> str:
    """Cước in words, e.g. ``Bạch thủ, 2 Lèo``."""
    parts = []
    for name, count in with_xuong(cuoc).items():
        parts.append(f"{count} {CUOC_NAMES[name]}" if count > 1 else CUOC_NAMES[name])
    return ", ".join(parts)
