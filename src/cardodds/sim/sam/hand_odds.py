"""Odds of one Sâm hand (``cardodds odds sam``): its tới trắng, the chance a declared Sâm succeeds, its win chance
in a normal game.

- **Sâm**: the opponents' hands are dealt at random from the other 42 cards, many times.  A *plan* is a split of the
  hand into plays plus the choice of which play comes last; it succeeds on a deal when no opponent holds a tới trắng
  and no opponent can beat any play but the last (the play that empties the hand ends the game at once, and opponents
  always beat a Sâm when they can).  Every split is scored on ``min(games, PLAN_DEALS)`` deals of a stream of their
  own and the best plan is chosen there; its success is then estimated on ``games`` other deals (so the choice does
  not flatter the estimate).
- **Win**: whole games with the batch engine, this hand at seat 0 and ``control`` players everywhere (nobody declares
  Sâm), first player at random, on the same deals as the Sâm estimate.

Both estimates are played in batches (:mod:`cardodds.sim.odds_batches`): memory stays bounded for any number of
games.  The text is :mod:`cardodds.sim.sam.hand_odds_text`.
"""

from __future__ import annotations

import numpy as np

from cardodds.sim.arguments import check_games, option
from cardodds.sim.errors import CardoddsError
from cardodds.sim.intervals import wilson
from cardodds.sim.odds_batches import BATCH, batches
from cardodds.sim.sam.cards import HAND_SIZE, N_RANKS, format_cards, parse_hand, rank_counts
from cardodds.sim.sam.compiled import play_batch_auto
from cardodds.sim.sam.declare import guard_codes, mask_words
from cardodds.sim.sam.hand import (
    fast_formable,
    move_table,
    toi_trang_flags,
    toi_trang_kind,
    toi_trang_kind_of_flags,
    toi_trang_name,
)
from cardodds.sim.sam.plan_search import best_plans
from cardodds.sim.sam.rules import SamRules
from cardodds.sim.sam.strategies import Control
from cardodds.sim.streams import DEAL, PLAY, chunk_seed, stream


def deal_opponents(rng, hand: list[int], k: int, n: int) -> np.ndarray:
    """Cards (n, k, 10) of k opponents dealt from the 42 other cards."""
    rest = np.array([c for c in range(52) if c not in set(hand)])
    order = np.argsort(rng.random((n, len(rest))), axis=1)[:, : k * HAND_SIZE]
    return np.sort(rest[order].reshape(n, k, HAND_SIZE), axis=2)


def _counts(cards: np.ndarray) -> np.ndarray:
    flat = cards.reshape(-1, cards.shape[-1])
    rows = np.arange(len(flat))[:, None] * N_RANKS
    c = np.bincount((rows + flat // 4).ravel(), minlength=len(flat) * N_RANKS).reshape(len(flat), N_RANKS)
    return c.reshape(cards.shape[:-1] + (N_RANKS,))


def _beaten(t, mine: np.ndarray, opp: np.ndarray, rules: SamRules) -> tuple[np.ndarray, np.ndarray]:
    """Per deal, whether some opponent can beat each of my plays ``mine`` (n, m) or holds a tới trắng (n,).

    A tới trắng ends the game before any play, so it counts as beating every play.
    """
    n, opponents = opp.shape[:2]
    oc = _counts(opp)  # (n, k, 13)
    opp_tt = (toi_trang_kind_of_flags(toi_trang_flags(oc, (opp % 4 >= 2).sum(-1), rules)) >= 0).any(1)
    form = fast_formable(t, oc.reshape(-1, N_RANKS)).reshape(n, opponents, t.n)
    if rules.no_finish_on_two:
        form &= ~(t.has_two & (t.length == HAND_SIZE))
    beats = t.beats[mine]  # (m, M): which moves beat each of my plays
    beaten = ((form.reshape(-1, t.n).astype(np.uint8) @ beats.T.astype(np.uint8)) > 0).reshape(n, opponents, -1).any(1)
    return beaten | opp_tt[:, None], opp_tt


def best_plan(hand: list[int], opponents: int, n: int, rng: np.random.Generator, rules: SamRules):
    """The Sâm plan (plays in order, the last one ends the game) that succeeds on the most of ``n`` deals of ``rng``
    (the ``bayes`` declarer's exact search, :func:`cardodds.sim.sam.plan_search.best_plans`, on these deals), or None
    when no plan succeeds on any of them."""
    t = move_table(rules)
    counts = rank_counts(hand)
    mine = np.flatnonzero(t.formable(counts))
    beaten, _ = _beaten(t, mine, deal_opponents(rng, hand, opponents, n), rules)
    words = mask_words(mine[None], ~beaten.T[None], t.n)
    plans = best_plans(guard_codes(counts[None]), words, n, 1, t, rules.no_finish_on_two)[1]
    return [int(m) for m in plans[0] if m >= 0] or None


def play_fixed_hand(cards: list[int], plan, opponents: int, n: int, seed_seq, rules: SamRules) -> tuple[int, int, float]:
    """One batch of ``n`` deals: (Sâm successes of ``plan``, wins of seat 0 in a normal game, seat 0's cược sum).

    Both are measured on the same deals of the batch's DEAL stream (the opponents do not know which is asked); the
    normal game is played by ``control`` players everywhere (nobody declares Sâm), first player at random.
    """
    t = move_table(rules)
    rng = stream(seed_seq, DEAL)
    opp = deal_opponents(rng, cards, opponents, n)
    leader = rng.integers(0, opponents + 1, size=n)
    success = 0
    if plan is not None:  # every play but the last must go unbeaten
        beaten, opp_tt = _beaten(t, np.array(plan[:-1], dtype=np.int64), opp, rules)
        success = int((~beaten.any(1) & ~opp_tt).sum())
    table = np.concatenate([np.broadcast_to(np.sort(cards), (n, 1, HAND_SIZE)), opp], axis=1)
    b = play_batch_auto(rules, table, leader, Control(), rng=stream(seed_seq, PLAY))
    return success, int((b.winner == 0).sum()), float(b.pay[:, 0].sum())


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
    measured on ``games`` deals played in batches (:func:`cardodds.sim.odds_batches.batches`), so memory stays bounded.
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


def hand_known(hand: str, opponents: int = 3) -> dict:
    """What is known of ``hand`` without simulating (the page shows it first): :func:`sam_hand` and the ``bayes``
    declarer's decision on it."""
    from cardodds.sim.sam.advice import bayes_advice

    known = sam_hand(hand, opponents)
    known["bayes"] = bayes_advice(rank_counts(parse_hand(hand)), opponents, SamRules(players=opponents + 1),
                                  Control(declare="bayes"))
    return known
