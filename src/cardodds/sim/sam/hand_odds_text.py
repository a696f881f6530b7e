"""The text of ``cardodds odds sam``: :func:`~cardodds.sim.sam.hand_odds.odds_sam`'s result for people."""

from __future__ import annotations


def format_odds_sam(d: dict) -> str:
    """The text of :func:`odds_sam`'s result."""
    s = d["sam"]
    lines = [
        f"hand: {d['hand']}   opponents: {d['opponents']}   games: {d['games']}   seed: {d['seed']}",
        f"tới trắng: {d['toi_trang'] or 'none'}",
    ]
    if s["plan"] is None:
        lines.append(f"Sâm: no plan plays this hand out on any of {s['plan_deals']} deals")
    else:
        lines.append(f"Sâm succeeds: {s['success']:.4f}  (95% {s['ci_low']:.4f}–{s['ci_high']:.4f}, n={s['n']}; "
                     f"the best plan on {s['plan_deals']} other deals)")
        lines.append("  plan: " + " → ".join(s["plan"]))
    w = d["win"]
    lines.append(f"wins a normal game: {w['estimate']:.4f}  (95% {w['ci_low']:.4f}–{w['ci_high']:.4f}, n={w['n']}; "
                 f"control players; mean {w['cuoc_mean']:+.2f} cược)")
    return "\n".join(lines)
