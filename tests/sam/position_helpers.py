"""Test helpers for Sâm positions: games continued from a position on the reference engine, the hidden cards dealt
by a plain Python shuffle (a path independent of the position module's deal and of the batch engine)."""

from __future__ import annotations

import random

import numpy as np

from cardodds.sim.sam.cards import rank_counts
from cardodds.sim.sam.hand import TOI_TRANG_KINDS, toi_trang_flags
from cardodds.sim.sam.reference import GameResult, SamGame


def reference_game(p, hands: dict) -> SamGame:
    """The reference engine's game at position ``p`` with the opponents holding ``hands`` (seat -> card ids)."""
    P = p.players
    held = {s: list(hands[s]) if s != p.seat else list(p.hand) for s in range(P)}
    dealt = np.array([sorted(list(p.played[s]) + held[s]) for s in range(P)])
    g = SamGame(p.rules, dealt, 0)
    if g.over:  # a tới trắng in the made-up deal: the game at the position had none, so play on as in it
        g.over = False
        g.result = GameResult("normal", -1, np.zeros(P, np.int64), g.result.toi_trang, cong=np.zeros(P, bool),
                              thoi_2=np.zeros(P, np.int64))
    g.cards = [sorted(held[s]) for s in range(P)]
    g.counts = [rank_counts(held[s]).astype(np.int64) for s in range(P)]
    g.played = [len(x) > 0 for x in p.played]
    g.declarer = -1 if p.declarer is None else p.declarer
    g.result.declarer = g.declarer
    g.sam_on = p.sam_on
    g.sam_failed = p.declarer is not None and not p.sam_standing
    g.plan, g.ptr = [], 0
    g.actor, g.current, g.last = p.seat, p.current, p.last
    g.passed = [s in p.passed for s in range(P)]
    if p.chain is not None:  # only its value and last link are paid
        links, value, chopped = p.chain
        g.chain = [(p.last, chopped, 0)] * (links - 1) + [(p.last, chopped, value)]
    g.den_pending = p.den
    return g


def continued_games(p, strategy, n: int, seed: int) -> dict:
    """``n`` games continued from ``p`` by ``strategy`` at every seat, the unseen cards shuffled by ``random`` again
    while they give an opponent a tới trắng of a rank kind (the deal would have ended the game): per measure, the
    seat's outcomes (n,)."""
    rng = random.Random(seed)
    seen = set(p.hand) | {c for cards in p.played for c in cards}
    unseen = [c for c in range(52) if c not in seen]
    out = {"win": [], "cuoc": [], "sam": []}
    for _ in range(n):
        hands = None
        while hands is None or any(_toi_trang(p.rules, p.played[s] + tuple(hands[s])) for s in hands):
            rng.shuffle(unseen)
            hands, i = {}, 0
            for s in range(p.players):
                if s != p.seat:
                    hands[s], i = unseen[i:i + p.counts[s]], i + p.counts[s]
        g = reference_game(p, hands)
        while not g.over:
            view = g.view(strategy.needs_public)
            g.apply(int(strategy.choose(view, g.legal()[None], np.array([g.may_pass]))[0]))
        out["win"].append(g.result.winner == p.seat)
        out["cuoc"].append(int(g.result.pay[p.seat]))
        out["sam"].append(g.result.outcome == "sam_success")
    return {k: np.array(v, float) for k, v in out.items()}


def _toi_trang(rules, cards) -> bool:
    """Whether ten dealt cards are a tới trắng other than đồng hoa (the worlds are dealt by rank)."""
    flags = toi_trang_flags(rank_counts(cards), 5, rules)
    return bool(flags[[k != "dong_hoa" for k in TOI_TRANG_KINDS]].any())
