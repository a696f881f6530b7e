"""Odds of one Sâm hand: its tới trắng, the chance a declared Sâm succeeds, its win chance in a normal game.

``cardodds odds sam --hand "…" --opponents K`` prints :func:`format_odds_sam` of :func:`odds_sam`.

- **Sâm**: the opponents' hands are dealt at random from the other 42 cards, many times.  A *plan* (a split of the
  hand into plays, the last one ending the game) succeeds on a deal when no opponent can beat any play but the last
  (:mod:`cardodds.sim.sam.hand_odds` deals and plays these games).  Every split is scored on ``min(games,
  PLAN_DEALS)`` deals of a stream of their own and the best plan is chosen there; its success is then estimated on
  ``games`` other deals (so the choice does not flatter the estimate).
- **Win**: whole games with the batch engine, this hand at seat 0 and ``control`` players everywhere (nobody declares
  Sâm), first player at random, on the same deals as the Sâm estimate.

Both estimates are played in batches (:mod:`cardodds.analysis.batches`): memory stays bounded for any number of games.
"""

from __future__ import annotations

from cardodds.analysis.batches import BATCH, batches, check_games
from cardodds.analysis.estimate import wilson
from cardodds.sim.arguments import option
from cardodds.sim.errors import CardoddsError
from cardodds.sim.sam.cards import format_cards, parse_hand
from cardodds.sim.sam.hand import move_table, toi_trang_kind, toi_trang_name
from cardodds.sim.sam.hand_odds import best_plan, play_fixed_hand
from cardodds.sim.sam.rules import SamRules
from cardodds.sim.streams import chunk_seed, stream

PLAN_STREAM = 2
"""The plan is chosen on deals of its own stream (child 2 of chunk 0), never on the deals that measure it."""
PLAN_DEALS = BATCH
"""At most this many deals choose the plan (one batch: every split is judged on them all at once)."""


def _checked(hand: str, opponents: int, rules: SamRules | None) -> tuple[list[int], SamRules]:
    """The hand's cards and the rules, after checking the hand and the number of opponents."""
    cards = parse_hand(hand)
    if not isinstance(opponents, int) or isinstance(opponents, bool) or not 1 <= opponents <= 4:
        raise CardoddsError(f"{option('opponents')} must be 1..4 for Sâm (2..5 players), not {opponents}")
    rules = rules or SamRules(players=opponents + 1)
    if rules.players != opponents + 1:
        raise CardoddsError(f"rules say {rules.players} players but {option('opponents')} is {opponents}")
    return cards, rules


def sam_hand(hand: str, opponents: int, rules: SamRules | None = None) -> dict:
    """What is known of a hand without simulating: its cards and its tới trắng (the exact part of :func:`odds_sam`)."""
    cards, rules = _checked(hand, opponents, rules)
    tt = toi_trang_kind(cards, rules)
    return {"hand": format_cards(cards), "opponents": opponents, "toi_trang": None if tt < 0 else toi_trang_name(tt)}


def odds_sam(hand: str, opponents: int, games: int, seed: int, rules: SamRules | None = None,
             progress: bool | None = None, on_batch=None) -> dict:
    """Tới trắng, Sâm success (best plan) and win chance of one hand against ``opponents`` (JSON-serialisable).

    The best plan is chosen on ``min(games, PLAN_DEALS)`` deals of its own stream; its success and the win chance are
    measured on ``games`` deals played in batches (:func:`cardodds.analysis.batches.batches`), so memory stays bounded.
    ``on_batch``, if given, is called after each batch but the last with the result so far (the same keys, over the
    deals played yet); it may raise to stop the run (``cardodds serve`` streams and cancels this way).
    """
    cards, rules = _checked(hand, opponents, rules)
    check_games(games)
    known = sam_hand(hand, opponents, rules)
    plan_deals = min(games, PLAN_DEALS)
    plan = best_plan(cards, opponents, plan_deals, stream(chunk_seed(seed, 0), PLAN_STREAM), rules)
    names = None if plan is None else [move_table(rules).name(m) for m in plan]
    success = wins = played = 0
    pay = 0.0
    for seed_seq, n in batches(games, seed, desc="odds sam", progress=progress):
        s, w, p = play_fixed_hand(cards, plan, opponents, n, seed_seq, rules)
        success, wins, pay, played = success + s, wins + w, pay + p, played + n
        if on_batch is not None and played < games:
            on_batch(_result(known, names, plan_deals, played, seed, success, wins, pay))
    return _result(known, names, plan_deals, games, seed, success, wins, pay)


def _result(known: dict, plan, plan_deals: int, games: int, seed: int, success: int, wins: int, pay: float) -> dict:
    """:func:`odds_sam`'s result from the counts over ``games`` deals (the plan chosen on ``plan_deals`` others)."""
    sam = {"plan": plan, "plan_deals": plan_deals, "n": games}
    if plan is None:
        sam.update(success=0.0, ci_low=0.0, ci_high=0.0)
    else:
        lo, hi = wilson(success, games)
        sam.update(success=success / games, ci_low=lo, ci_high=hi)
    lo, hi = wilson(wins, games)
    win = {"estimate": wins / games, "ci_low": lo, "ci_high": hi, "n": games, "cuoc_mean": pay / games}
    return {"hand": known["hand"], "opponents": known["opponents"], "games": games, "seed": seed,
            "toi_trang": known["toi_trang"], "sam": sam, "win": win}


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
