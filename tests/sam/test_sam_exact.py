"""Exact tới trắng odds: against independent closed forms and brute force over a shrunken deck."""

import itertools
from math import comb

import numpy as np
import pytest

from cardodds.sim.sam.cards import TWO, is_red
from cardodds.sim.sam.exact import count_toi_trang, exact_toi_trang, exact_toi_trang_table, rank_vectors
from cardodds.sim.sam.hand import TOI_TRANG_KINDS, toi_trang_flags, toi_trang_kind_of_flags
from cardodds.sim.sam.rules import SamRules

H = comb(52, 10)


def closed_forms(straights, quad_triple, quad_pairs):
    """Credited counts from formulas written independently of the enumeration."""
    windows = 5 if straights == "a23_to_qka" else 3
    sanh = windows * 4**10
    tq2 = comb(48, 6)  # all four 2s (never a straight)
    dong = 2 * comb(26, 10) - 2 * windows * 2**10  # one colour, minus one-colour sảnh rồng
    # 3 sám: three ranks of 3 (+ one card of another rank), or a quad and two triples
    ba_q = 13 * comb(12, 2) * 16 if quad_triple else 0
    ba = comb(13, 3) * 4**3 * 40 + ba_q - (comb(12, 2) * 16 if quad_triple else 0)  # minus tứ quý 2 hands
    # 5 đôi: j quads (as two pairs) and 5-2j pairs; minus đồng hoa (five same-colour pairs) and tứ quý 2
    js = (0, 1, 2) if quad_pairs else (0,)
    nd = sum(comb(13, j) * comb(13 - j, 5 - 2 * j) * 6 ** (5 - 2 * j) for j in js)
    nd -= 2 * comb(13, 5)
    if quad_pairs:
        nd -= sum(comb(12, j) * comb(12 - j, 3 - 2 * j) * 6 ** (3 - 2 * j) for j in (0, 1))
    return {"sanh_rong": sanh, "tu_quy_2": tq2, "dong_hoa": dong, "ba_sam": ba, "nam_doi": nd}


@pytest.mark.parametrize("row", exact_toi_trang_table(), ids=lambda r: f"{r['straights']}-{r['quad_counts_as_triple']}-{r['quad_counts_as_two_pairs']}")
def test_exact_matches_closed_forms(row):
    want = closed_forms(row["straights"], row["quad_counts_as_triple"], row["quad_counts_as_two_pairs"])
    for k in TOI_TRANG_KINDS:
        assert row[k] == pytest.approx(want[k] / H, rel=1e-12), k
    assert row["any"] == pytest.approx(sum(want.values()) / H, rel=1e-12)


def test_default_values():
    p = exact_toi_trang()
    assert p["tu_quy_2"] == pytest.approx(comb(48, 6) / H)
    assert p["any"] == pytest.approx(0.0024938133754639725, rel=1e-12)
    assert len(rank_vectors()) == 566280


def brute_force(ranks, rules):
    cards = np.array([r * 4 + s for r in ranks for s in range(4)])
    combos = np.array(list(itertools.combinations(range(len(cards)), 10)), dtype=np.int64)
    hands = cards[combos]
    counts = np.zeros((len(hands), 13), np.int64)
    np.add.at(counts, (np.arange(len(hands))[:, None], hands // 4), 1)
    kinds = toi_trang_kind_of_flags(toi_trang_flags(counts, is_red(hands).sum(1), rules))
    out = {k: int((kinds == i).sum()) for i, k in enumerate(TOI_TRANG_KINDS)}
    out["any"] = int((kinds >= 0).sum())
    out["hands"] = len(hands)
    return out


@pytest.mark.parametrize("ranks", [(0, 1, 2, 11, TWO), (3, 5, 6, 7, TWO)])
@pytest.mark.parametrize("quad_triple, quad_pairs", [(True, True), (False, False)])
def test_exact_matches_brute_force_on_shrunken_deck(ranks, quad_triple, quad_pairs):
    rules = SamRules(quad_counts_as_triple=quad_triple, quad_counts_as_two_pairs=quad_pairs)
    want = brute_force(ranks, rules)
    got = count_toi_trang(rules, ranks=ranks)
    assert got == want
    assert want["tu_quy_2"] > 0 and want["ba_sam"] > 0 and want["nam_doi"] > 0 and want["dong_hoa"] == 2
