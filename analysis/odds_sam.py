"""Odds of one Sâm hand: its tới trắng, the chance a declared Sâm succeeds, its win chance in a normal game.

``cardodds odds sam --hand "…" --opponents K`` prints :func:`format_odds_sam` of :func:`odds_sam`.

- **Sâm**: the opponents' hands are dealt at random from the other 42 cards, many times.  A *plan* is a split of the
  hand into plays plus the choice of which play comes last; it succeeds on a deal when no opponent holds a tới trắng
  and no opponent can beat any play but the last (the play that empties the hand ends the game at once, and
  opponents always beat a Sâm when they can).  Every split is scored on the first half of the deals, the best plan
  is chosen there, and its success is estimated on the second half (so the choice does not flatter the estimate).
- **Win**: whole games with the batch engine, this hand at seat 0 and ``control`` players everywhere (nobody declares
  Sâm), first player at random.
"""

from __future__ import annotations

import numpy as np

from analysis.estimate import wilson
from sim.errors import CardoddsError
from sim.sam.batch import fast_formable, play_batch
from sim.sam.cards import HAND_SIZE, N_RANKS, format_cards, parse_hand, rank_counts
from sim.sam.hand import move_table, toi_trang_flags, toi_trang_kind, toi_trang_kind_of_flags, toi_trang_name
from sim.sam.rules import SamRules
from sim.sam.strategies import Control
from sim.streams import DEAL, PLAY, chunk_seed, stream

MAX_SPLITS = 20000


def _splits(counts: np.ndarray, table, limit: int = MAX_SPLITS) -> list[list[int]]:
    """Every split of a hand into plays (move ids), up to ``limit`` splits."""
    out: list[list[int]] = []
    need = table.need
    formable = np.flatnonzero(table.formable(counts))

    def rec(c, acc):
        if len(out) >= limit:
            return
        if not c.any():
            out.append(list(acc))
            return
        low = int(np.argmax(c > 0))
        for m in formable:
            v = need[m]
            if v[low] and np.all(v <= c):
                acc.append(int(m))
                rec(c - v, acc)
                acc.pop()

    rec(counts.astype(np.int64), [])
    return out


def _deal_opponents(rng, hand: list[int], k: int, n: int) -> np.ndarray:
    """Cards (n, k, 10) of k opponents dealt from the 42 other cards."""
    rest = np.array([c for c in range(52) if c not in set(hand)])
    order = np.argsort(rng.random((n, len(rest))), axis=1)[:, : k * HAND_SIZE]
    return np.sort(rest[order].reshape(n, k, HAND_SIZE), axis=2)


def _counts(cards: np.ndarray) -> np.ndarray:
    flat = cards.reshape(-1, cards.shape[-1])
    rows = np.arange(len(flat))[:, None] * N_RANKS
    c = np.bincount((rows + flat // 4).ravel(), minlength=len(flat) * N_RANKS).reshape(len(flat), N_RANKS)
    return c.reshape(cards.shape[:-1] + (N_RANKS,))


def sam_odds(hand: list[int], opponents: int, n: int, rng: np.random.Generator, rules: SamRules) -> dict:
    """The best Sâm plan of a hand and its success chance (see the module docstring)."""
    t = move_table(rules)
    opp = _deal_opponents(rng, hand, opponents, n)
    oc = _counts(opp)  # (n, k, 13)
    opp_tt = (toi_trang_kind_of_flags(toi_trang_flags(oc, (opp % 4 >= 2).sum(-1), rules)) >= 0).any(1)
    form = fast_formable(t, oc.reshape(-1, N_RANKS)).reshape(n, opponents, t.n)
    if rules.no_finish_on_two:
        form &= ~(t.has_two & (t.length == HAND_SIZE))
    counts = rank_counts(hand)
    mine = np.flatnonzero(t.formable(counts))
    beats = t.beats[mine]  # (m, M): which moves beat each of my plays
    beaten = ((form.reshape(-1, t.n).astype(np.uint8) @ beats.T.astype(np.uint8)) > 0).reshape(n, opponents, -1).any(1)
    beaten |= opp_tt[:, None]  # an opponent's tới trắng ends the game before any play
    col = {int(m): j for j, m in enumerate(mine)}
    half = n // 2
    sel, est = beaten[:half], beaten[half:]
    best, best_p, n_splits = None, -1.0, 0
    for split in _splits(counts, t):
        n_splits += 1
        cols = [col[m] for m in split]
        nb = sel[:, cols].sum(1)
        for i, m in enumerate(split):
            if rules.no_finish_on_two and t.has_two[m]:
                continue
            p = float(np.mean(nb - sel[:, cols[i]] == 0))
            if p > best_p:
                best_p, best = p, (split, i)
    if best is None:
        return {"plan": None, "success": 0.0, "ci_low": 0.0, "ci_high": 0.0, "n": n - half, "splits": n_splits}
    split, i = best
    order = [m for j, m in enumerate(split) if j != i] + [split[i]]
    cols = [col[m] for m in order[:-1]]
    ok = ~est[:, cols].any(1) if cols else np.ones(len(est), bool)
    ok &= ~opp_tt[half:]
    p = float(ok.mean())
    lo, hi = wilson(int(ok.sum()), len(ok))
    return {"plan": [t.name(m) for m in order], "success": p, "ci_low": lo, "ci_high": hi, "n": int(len(ok)),
            "splits": n_splits}


def win_odds(hand: list[int], opponents: int, n: int, seed_seq, rules: SamRules) -> dict:
    """Win chance of the hand at seat 0 in normal games of ``control`` players."""
    rng = stream(seed_seq, DEAL)
    opp = _deal_opponents(rng, hand, opponents, n)
    cards = np.concatenate([np.broadcast_to(np.sort(hand), (n, 1, HAND_SIZE)), opp], axis=1)
    leader = rng.integers(0, opponents + 1, size=n)
    b = play_batch(cards, leader, rules, Control(), rng=stream(seed_seq, PLAY))
    k = int((b.winner == 0).sum())
    lo, hi = wilson(k, n)
    p = k / n
    return {"estimate": p, "ci_low": lo, "ci_high": hi, "n": n, "cuoc_mean": float(b.pay[:, 0].mean())}


def odds_sam(hand: str, opponents: int, games: int, seed: int, rules: SamRules | None = None) -> dict:
    """Tới trắng, Sâm success (best plan) and win chance of one hand against ``opponents`` (JSON-serialisable)."""
    cards = parse_hand(hand)
    if not isinstance(opponents, int) or not 1 <= opponents <= 4:
        raise CardoddsError(f"--opponents must be 1..4 for Sâm (2..5 players), not {opponents}")
    if not isinstance(games, int) or games < 2:
        raise CardoddsError(f"--games must be an integer >= 2, not {games}")
    rules = rules or SamRules(players=opponents + 1)
    if rules.players != opponents + 1:
        raise CardoddsError(f"rules say {rules.players} players but --opponents is {opponents}")
    tt = toi_trang_kind(cards, rules)
    sam = sam_odds(cards, opponents, games, stream(chunk_seed(seed, 0), DEAL), rules)
    win = win_odds(cards, opponents, games, chunk_seed(seed, 1), rules)
    return {"hand": format_cards(cards), "opponents": opponents, "games": games, "seed": seed,
            "toi_trang": None if tt < 0 else toi_trang_name(tt), "sam": sam, "win": win}


def format_odds_sam(d: dict) -> str:
    """The text of :func:`odds_sam`'s result."""
    s = d["sam"]
    lines = [
        f"hand: {d['hand']}   opponents: {d['opponents']}   games: {d['games']}   seed: {d['seed']}",
        f"tới trắng: {d['toi_trang'] or 'none'}",
    ]
    if s["plan"] is None:
        lines.append("Sâm: no plan can play this hand out")
    else:
        lines.append(f"Sâm succeeds: {s['success']:.4f}  (95% {s['ci_low']:.4f}–{s['ci_high']:.4f}, n={s['n']}; "
                     f"best of {s['splits']} splits)")
        lines.append("  plan: " + " → ".join(s["plan"]))
    w = d["win"]
    lines.append(f"wins a normal game: {w['estimate']:.4f}  (95% {w['ci_low']:.4f}–{w['ci_high']:.4f}, n={w['n']}; "
                 f"control players; mean {w['cuoc_mean']:+.2f} cược)")
    return "\n".join(lines)
