"""The text of ``cardodds odds tan``: :func:`~cardodds.sim.tan.hand_odds.odds_tan`'s result for people."""

from __future__ import annotations


def format_odds_tan(d: dict) -> str:
    """A short text report of an ``odds_tan`` result."""
    def pct(x):
        return f"{100 * x['estimate']:.1f} % (95 % CI {100 * x['ci_low']:.1f}–{100 * x['ci_high']:.1f} %)"

    return "\n".join([
        f"Tấn, {d['players']} players, trump {d['trump']}, seat {d['seat']} (seat 0 attacks first), "
        f"strategy {d['strategy']}",
        f"hand: {d['hand']}",
        f"lose (tấn): {pct(d['lose'])}   fair share 1/{d['players']} = {100 / d['players']:.1f} %",
        f"draw: {pct(d['draw'])}   truncated: {pct(d['truncated'])}",
        f"{d['games']} games, seed {d['seed']}, {d['bouts_mean']:.1f} bouts a game",
    ])
