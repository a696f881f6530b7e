"""``cardodds odds chan``: what one Chắn hand is worth — its split, whether it wins, its waits and their odds."""

from __future__ import annotations

from sim.chan.cards import COPIES, DECK_SIZE, format_hand, kind_code, kind_name, parse_hand
from sim.chan.hand import (
    BACH_THU,
    WIN_TYPE_NAMES,
    best_discards,
    hand_cuoc,
    split_hand,
    thien_u_type,
    waits,
)
from sim.chan.rules import ChanRules
from sim.chan.scoring import describe, points


def _win_cuoc(counts20, kind_type: str, thien_u: bool = False) -> dict[str, int]:
    cuoc = hand_cuoc(counts20)
    if thien_u:
        cuoc = {"thien_u": 1, **cuoc}  # a Thiên ù bạch thủ need not also be called Bạch thủ
    elif kind_type != "u_rong":
        cuoc = {kind_type: 1, **cuoc}
    return cuoc


def _waits_of(counts19, rules: ChanRules) -> list[dict]:
    unseen = DECK_SIZE - int(sum(counts19))
    result = []
    for kind, kind_type in waits(counts19).items():
        after = list(counts19)
        after[kind] += 1
        cuoc = _win_cuoc(after, kind_type)
        result.append(
            {
                "card": kind_code(kind),
                "name": kind_name(kind),
                "win_type": kind_type,
                "outs": COPIES - int(counts19[kind]),
                "cuoc": describe(cuoc),
                "points": points(cuoc, rules),
            }
        )
    outs = sum(w["outs"] for w in result)
    return result, outs, unseen


def odds_chan(hand: str, rules: ChanRules | None = None) -> dict:
    """Everything the command reports about a 19- or 20-card hand (JSON-serialisable).

    The chance that the next nọc card completes a 19-card hand is exact: from the holder's view, the next card is
    equally likely to be any of the cards they cannot see.
    """
    rules = rules or ChanRules()
    counts = parse_hand(hand, sizes=(19, 20))
    split = split_hand(counts)
    result = {
        "hand": format_hand(counts),
        "cards": int(counts.sum()),
        "split": split.describe(),
        "chan": len(split.chan),
        "ca": len(split.ca),
    }
    if result["cards"] == 20:
        kind = thien_u_type(counts)
        result["win"] = kind is not None
        if kind is not None:
            cuoc = _win_cuoc(counts, kind, thien_u=True)
            result["win_type"] = "thien_u" + (".bach_thu" if kind == BACH_THU else "")
            result["cuoc"] = describe(cuoc)
            result["points"] = points(cuoc, rules)
        result["discards"] = [
            {"discard": kind_code(d), "waits": [kind_code(k) for k in w], "win_types": sorted(set(w.values()))}
            for d, w in best_discards(counts).items()
        ]
    else:
        found, outs, unseen = _waits_of(counts, rules)
        result.update(win=False, waits=found, outs=outs, unseen=unseen, p_next_card=outs / unseen)
    return result


def format_odds_chan(d: dict) -> str:
    """The result of :func:`odds_chan` for people."""
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
        lines.append(
            f"  {w['card']} ({w['name']}): {WIN_TYPE_NAMES[w['win_type']]}, {w['outs']} left unseen — "
            f"cước {w['cuoc']} = {w['points']} points (+ Chì if you draw it yourself)"
        )
    lines.append(
        f"chance the next nọc card completes it: {d['outs']}/{d['unseen']} = {d['p_next_card']:.4f} (exact)"
    )
    return "\n".join(lines)
