"""A fixed Sâm hand against dealt opponents: the best Sâm plan on a set of deals, and one batch of deals played out.

A *plan* is a split of the hand into plays plus the choice of which play comes last; it succeeds on a deal when no
opponent holds a tới trắng and no opponent can beat any play but the last (the play that empties the hand ends the game
at once, and opponents always beat a Sâm when they can).  The estimates and the text of ``cardodds odds sam`` are
:mod:`cardodds.analysis.odds_sam`.
"""

from __future__ import annotations

import numpy as np

from cardodds.sim.sam.cards import HAND_SIZE, N_RANKS, rank_counts
from cardodds.sim.sam.compiled import play_batch_auto
from cardodds.sim.sam.declare import guard_codes, mask_words
from cardodds.sim.sam.hand import fast_formable, move_table, toi_trang_flags, toi_trang_kind_of_flags
from cardodds.sim.sam.plan_search import best_plans
from cardodds.sim.sam.rules import SamRules
from cardodds.sim.sam.strategies import Control
from cardodds.sim.streams import DEAL, PLAY, stream


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
