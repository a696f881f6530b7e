"""The text of ``cardodds odds chan``: :func:`~cardodds.sim.chan.hand_odds.odds_chan`'s result for people."""

from __future__ import annotations

from cardodds.sim.chan.hand import WIN_TYPE_NAMES


def _format_win_chance(w: dict) -> str:
    who = ("basic play at every seat" if w["strategy"] == "basic"
           else f"seat {w['seat']} plays {w['strategy']}, the others basic")
    per_win = "no win" if w["points_win"] is None else f"{w['points_win']:.3f} points a win"
    return (f"chance to win this game at seat {w['seat']} ({who}, {w['games']:,} simulated games, "
            f"seed {w['seed']}): {w['p_win']:.4f}  95% CI [{w['ci_low']:.4f}, {w['ci_high']:.4f}]"
            f"  (hòa {w['p_draw']:.4f})\n"
            f"expected points this game (a win takes its points from each of the 3 others, a loss pays the winner's): "
            f"{w['points_game']:+.3f}  95% CI [{w['points_ci_low']:+.3f}, {w['points_ci_high']:+.3f}]  ({per_win})")


def format_odds_chan(d: dict) -> str:
    """The result of :func:`odds_chan` for people."""
    text = _format_hand(d)
    return text + "\n" + _format_win_chance(d["win_chance"]) if "win_chance" in d else text


def _format_hand(d: dict) -> str:
    lines = [f"hand ({d['cards']} cards): {d['hand']}", f"split: {d['split']}  ({d['chan']} chắn, {d['ca']} cạ)"]
    if d["cards"] == 20:
        if d["win"]:
            lines.append(f"winning hand: Thiên ù if dealt to the cái — cước: {d['cuoc']} = {d['points']} points")
        else:
            lines.append("not a winning hand")
        if d["discards"]:
            lines.append("discards that leave a waiting hand:")
            for x in d["discards"]:
                kinds = ", ".join(WIN_TYPE_NAMES[t] for t in x["win_types"])
                lines.append(f"  {x['discard']} → waits {' '.join(x['waits'])} ({kinds})")
        elif not d["win"]:
            lines.append("no discard leaves a waiting hand")
        return "\n".join(lines)
    if not d["waits"]:
        lines.append("not waiting: no single card completes this hand")
        return "\n".join(lines)
    lines.append("waits:")
    for w in d["waits"]:
        how = " by chíu ù" if w["how"] == "chiu_u" else ""
        lines.append(
            f"  {w['card']} ({w['name']}): {WIN_TYPE_NAMES[w['win_type']]}{how}, {w['outs']} left unseen — "
            f"cước {w['cuoc']} = {w['points']} points; "
            f"drawn yourself: {w['cuoc_chi']} = {w['points_chi']} points"
        )
    lines.append(
        f"chance the next nọc card completes it: {d['outs']}/{d['unseen']} = {d['p_next_card']:.4f} (exact)"
    )
    return "\n".join(lines)
