"""What one chunk of dealt Chắn tables counts: additive tallies of the dealt hands' features."""

from __future__ import annotations

import numpy as np

from cardodds.sim.chan.deal import PLAYERS, deal_orders, seat_slices
from cardodds.sim.chan.features import HandFeatures, features, pack

HISTOGRAMS = {"chan_count": 11, "red": 21, "thien_khai": 6, "leo": 5, "tom": 5, "wait_kinds": 4}
"""Histogram metrics and their number of bins (values 0..bins-1)."""

SEAT_FLAGS = ("waiting", "waiting.bach_thu", "waiting.bach_thu_chi", "waiting.u_rong", "kinh_tu_chi")
TABLE_FLAGS = ("thien_u", "thien_u.bach_thu", "any_waiting")

BLOCK = 8192
"""Tables dealt per block: keeps the working arrays in cache and memory flat, whatever the chunk size."""


def empty_counts() -> dict[str, np.ndarray]:
    """Zeroed tallies."""
    counts = {"games": np.zeros((), dtype=np.int64)}
    counts.update({name: np.zeros((), dtype=np.int64) for name in TABLE_FLAGS})
    counts.update({name: np.zeros(PLAYERS, dtype=np.int64) for name in SEAT_FLAGS})
    counts.update({f"hist.{name}": np.zeros((PLAYERS, bins), dtype=np.int64) for name, bins in HISTOGRAMS.items()})
    return counts


def seat_features(order: np.ndarray, cai_seat: int) -> list[HandFeatures]:
    """Features of every seat's hand for dealt tables (``order`` from :func:`cardodds.sim.chan.deal.deal_orders`)."""
    columns = np.ascontiguousarray(order[:, : PLAYERS * 19 + 1].T)
    return [features(*pack(columns[sl])) for sl in seat_slices(cai_seat)]


def _flags(feat: HandFeatures, is_cai: bool) -> dict[str, np.ndarray]:
    if is_cai:
        return {"waiting": feat.discard_waiting(), "kinh_tu_chi": (feat.red == 4) & (feat.chi_chi == 4)}
    waiting = feat.waiting()
    bach_thu, bach_thu_chi = feat.waiting_bach_thu(), feat.waiting_bach_thu_chi()
    return {
        "waiting": waiting,
        "waiting.bach_thu": bach_thu,
        "waiting.bach_thu_chi": bach_thu_chi,
        "waiting.u_rong": waiting & ~bach_thu & ~bach_thu_chi,
        "kinh_tu_chi": (feat.red == 4) & (feat.chi_chi == 4),
    }


def count_tables(order: np.ndarray, cai_seat: int, counts: dict[str, np.ndarray]) -> None:
    """Add the tallies of the dealt tables ``order`` to ``counts`` (in place)."""
    feats = seat_features(order, cai_seat)
    counts["games"] += order.shape[0]
    cai = feats[cai_seat]
    thien_u = cai.winning()
    counts["thien_u"] += np.count_nonzero(thien_u)
    counts["thien_u.bach_thu"] += np.count_nonzero(thien_u & (cai.chan == 6))
    anyone = thien_u.copy()
    for seat, feat in enumerate(feats):
        flags = _flags(feat, seat == cai_seat)
        for name, flag in flags.items():
            counts[name][seat] += np.count_nonzero(flag)
        anyone |= flags["waiting"]
        values = {
            "chan_count": feat.chan,
            "red": feat.red,
            "thien_khai": feat.thien_khai,
            "leo": feat.leo,
            "tom": feat.tom,
            "wait_kinds": np.zeros_like(feat.chan) if seat == cai_seat else feat.wait_kinds(),
        }
        for name, bins in HISTOGRAMS.items():
            counts[f"hist.{name}"][seat] += np.bincount(values[name], minlength=bins)
    counts["any_waiting"] += np.count_nonzero(anyone)


def deal_counts(rng: np.random.Generator, n: int, cai_seat: int = 0) -> dict[str, np.ndarray]:
    """Deal ``n`` tables in blocks and return their tallies."""
    counts = empty_counts()
    done = 0
    while done < n:
        size = min(BLOCK, n - done)
        count_tables(deal_orders(rng, size), cai_seat, counts)
        done += size
    return counts
