"""Exact tới trắng odds for one 10-card Sâm hand dealt from 52 cards (docs/rules.md §2.4).

Method: enumerate every rank-count vector of a 10-card hand (at most 4 of each of the 13 ranks), classify it
by rank (sảnh rồng, tứ quý 2, 3 sám, 5 đôi) and weight it by the number of suit choices,
``prod C(4, c_r)``; đồng hoa depends on suits only through colour, and the number of one-colour suit choices of a
vector is ``2 * prod C(2, c_r)``.  Each hand is credited with its highest kind (sảnh rồng > tứ quý 2 > đồng hoa >
3 sám > 5 đôi), so the credited counts partition the tới trắng hands and add up to ``any``.
"""

from __future__ import annotations

import itertools
from functools import lru_cache
from math import comb

import numpy as np

from cardodds.sim.sam.cards import HAND_SIZE, N_RANKS
from cardodds.sim.sam.hand import TOI_TRANG_KINDS, toi_trang_flags
from cardodds.sim.sam.rules import SamRules

RELEVANT_OPTIONS = ("straights", "quad_counts_as_triple", "quad_counts_as_two_pairs")
"""The rules options that change the tới trắng odds of a hand."""


@lru_cache(maxsize=8)
def rank_vectors(ranks: tuple[int, ...] = tuple(range(N_RANKS)), hand_size: int = HAND_SIZE) -> np.ndarray:
    """Every rank-count vector (V, 13) of a ``hand_size``-card hand using only ``ranks`` (at most 4 each)."""
    vecs = np.zeros((1, N_RANKS), np.int8)
    for r in ranks:
        grown = np.repeat(vecs, 5, axis=0)
        grown[:, r] = np.tile(np.arange(5, dtype=np.int8), len(vecs))
        vecs = grown[grown.sum(1) <= hand_size]
    vecs = vecs[vecs.sum(1) == hand_size]
    vecs.setflags(write=False)
    return vecs


def count_toi_trang(rules: SamRules, ranks: tuple[int, ...] = tuple(range(N_RANKS)),
                    hand_size: int = HAND_SIZE) -> dict[str, int]:
    """Numbers of hands credited with each tới trắng kind, plus ``any`` and ``hands`` (all hands).

    ``ranks`` restricts the deck to those ranks (4 suits each): a shrunken deck for brute-force tests.
    """
    v = rank_vectors(ranks, hand_size).astype(np.int64)
    c4 = np.array([comb(4, k) for k in range(5)], np.int64)
    c2 = np.array([comb(2, k) for k in range(5)], np.int64)
    w_all = np.prod(c4[v], axis=1)
    w_mono = 2 * np.prod(c2[v], axis=1)  # all red or all black
    # rank-only kinds: classify with n_red = 1 (never one colour), then add đồng hoa by weight
    flags = toi_trang_flags(v, np.ones(len(v), np.int64), rules)
    sanh, quad2, ba_sam, nam_doi = flags[:, 0], flags[:, 1], flags[:, 3], flags[:, 4]
    above = sanh | quad2
    out = {
        "sanh_rong": int(w_all[sanh].sum()),
        "tu_quy_2": int(w_all[quad2 & ~sanh].sum()),
        "dong_hoa": int(w_mono[~above].sum()),
        "ba_sam": int((w_all - w_mono)[~above & ba_sam].sum()),
        "nam_doi": int((w_all - w_mono)[~above & ~ba_sam & nam_doi].sum()),
    }
    out["any"] = sum(out[k] for k in TOI_TRANG_KINDS)
    out["hands"] = comb(4 * len(ranks), hand_size)
    assert int(w_all.sum()) == out["hands"]
    return out


def exact_toi_trang(rules: SamRules | None = None) -> dict[str, float]:
    """P(one dealt hand is credited with each tới trắng kind), and P(``any``), under ``rules``."""
    rules = rules or SamRules()
    return dict(_exact_for(tuple(getattr(rules, o) for o in RELEVANT_OPTIONS)))


@lru_cache(maxsize=None)
def _exact_for(options: tuple) -> tuple[tuple[str, float], ...]:
    # Only the RELEVANT_OPTIONS change a hand's tới trắng; the count takes a noticeable fraction of a second.
    c = count_toi_trang(SamRules(**dict(zip(RELEVANT_OPTIONS, options))))
    return tuple((k, c[k] / c["hands"]) for k in (*TOI_TRANG_KINDS, "any"))


def exact_toi_trang_table() -> list[dict]:
    """Exact odds for every combination of the relevant option values: rows of options + probabilities."""
    rows = []
    for values in itertools.product(("a23_to_qka", "3_to_a"), (True, False), (True, False)):
        opts = dict(zip(RELEVANT_OPTIONS, values))
        rows.append({**opts, **exact_toi_trang(SamRules(**opts))})
    return rows


def exact_expected_toi_trang_hands(rules: SamRules | None = None) -> float:
    """Expected number of tới trắng hands at a table of ``rules.players`` (linearity of expectation)."""
    rules = rules or SamRules()
    return rules.players * exact_toi_trang(rules)["any"]
