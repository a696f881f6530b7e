"""What a chunk of Sâm games counts (additive arrays) and the rows made from merged counts.

Metric names (``seat`` None = table level):
``toi_trang.<kind>`` / ``toi_trang.any`` (games won by a tới trắng of that kind), ``sam.declare`` (by seat: games in
which the seat declared), ``sam.success`` (by seat: of its declarations), ``win`` and ``cuoc.mean`` (by seat),
``cong`` and ``thoi_2`` (by seat: games lost cóng / lost paying for a 2 left), ``chat`` (chops per game),
``plays.mean`` (plays per game), ``void`` (void games), ``outcome.<name>`` (share of each outcome).  An experiment
with a ``never`` baseline and an oracle arm also gets ``sam.oracle_share`` (seat 0) in its other arms: the share of
the oracle's gain in cược that the arm captures (:mod:`cardodds.analysis.gain_share`).  ``sam.declared_p.<k>`` (by seat, of
its declarations): declared Sâms whose own-hand chance of success (the ``bayes`` estimate) is in [k/10, (k+1)/10).
"""

from __future__ import annotations

import numpy as np

from cardodds.sim.measures import Mean, Measure, Proportion
from cardodds.sim.sam.batch import BatchResult
from cardodds.sim.sam.hand import TOI_TRANG_KINDS
from cardodds.sim.sam.rules import OUTCOMES

PLAY_UNITS = {
    "toi_trang": "per game", "outcome": "per game", "void": "per game", "sam.declare": "per game",
    "sam.success": "per declared Sâm", "win": "per game", "cuoc.mean": "cược per game", "cong": "per game",
    "thoi_2": "per game", "chat": "chops per game", "plays.mean": "plays per game",
    "sam.oracle_share": "share of the oracle's gain in cược per game", "sam.declared_p": "per declared Sâm",
}
"""What each ``sam.play`` metric is counted per (``toi_trang.*``: games won by a tới trắng)."""


def play_counts(b: BatchResult, players: int) -> dict[str, np.ndarray]:
    """Additive counts of a batch of played games."""
    n = len(b.outcome)
    seats = np.arange(players)
    won_tt = b.outcome == OUTCOMES.index("toi_trang")
    wk = np.where(won_tt, b.toi_trang[np.arange(n), np.maximum(b.winner, 0)], -1)
    decl = b.declarer[:, None] == seats[None, :]
    return {
        "games": np.array(n, np.int64),
        "outcome": np.bincount(b.outcome, minlength=len(OUTCOMES)).astype(np.int64),
        "toi_trang": np.bincount(wk[wk >= 0], minlength=len(TOI_TRANG_KINDS)).astype(np.int64),
        "sam_declare": decl.sum(0).astype(np.int64),
        "sam_success": (decl & b.sam_success[:, None]).sum(0).astype(np.int64),
        "win": (b.winner[:, None] == seats[None, :]).sum(0).astype(np.int64),
        "cuoc_sum": b.pay.sum(0).astype(np.float64),
        "cuoc_sq": (b.pay.astype(np.float64) ** 2).sum(0),
        "cong": b.cong.sum(0).astype(np.int64),
        "thoi_2": (b.thoi_2 > 0).sum(0).astype(np.int64),
        "chat_sum": np.array(b.chops.sum(), np.float64),
        "chat_sq": np.array((b.chops.astype(np.float64) ** 2).sum()),
        "plays_sum": np.array(b.plays.sum(), np.float64),
        "plays_sq": np.array((b.plays.astype(np.float64) ** 2).sum()),
    }


def play_measures(c: dict[str, np.ndarray], players: int) -> list[Measure]:
    """The measures of the ``sam.play`` metrics from merged counts."""
    n = int(c["games"])
    rows = [Proportion(f"toi_trang.{k}", None, c["toi_trang"][i], n) for i, k in enumerate(TOI_TRANG_KINDS)]
    rows.append(Proportion("toi_trang.any", None, c["toi_trang"].sum(), n))
    rows += [Proportion(f"outcome.{o}", None, c["outcome"][i], n) for i, o in enumerate(OUTCOMES)]
    rows.append(Proportion("void", None, c["outcome"][OUTCOMES.index("void")], n))
    for s in range(players):
        rows += [
            Proportion("sam.declare", s, c["sam_declare"][s], n),
            Proportion("sam.success", s, c["sam_success"][s], c["sam_declare"][s]),
            *([Proportion(f"sam.declared_p.{k}", s, c["declared_p"][s, k], c["sam_declare"][s])
               for k in range(10)] if "declared_p" in c and c["sam_declare"][s] else []),
            Proportion("win", s, c["win"][s], n),
            Mean("cuoc.mean", s, c["cuoc_sum"][s], c["cuoc_sq"][s], n),
            Proportion("cong", s, c["cong"][s], n),
            Proportion("thoi_2", s, c["thoi_2"][s], n),
        ]
    rows.append(Mean("chat", None, c["chat_sum"], c["chat_sq"], n))
    rows.append(Mean("plays.mean", None, c["plays_sum"], c["plays_sq"], n))
    return rows
