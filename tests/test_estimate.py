"""Estimators and the tidy result table: Wilson intervals, means, histograms, JSON."""

import json
import math

import numpy as np
import pytest

from cardodds.analysis.estimate import (
    COLUMNS,
    Z95,
    histogram_rows,
    is_mean_metric,
    mean_row,
    proportion_row,
    row_z,
    rows_frame,
    rows_json,
    wilson,
    z_score,
)


# Hand-worked from  centre = (p + z²/2n) / (1 + z²/n),  half = z / (1 + z²/n) · sqrt(p(1-p)/n + z²/4n²),
# z² = 3.8414588206941254:
#   k=0,n=10  : lo = 0, hi = z² / (n + z²) = 3.84146 / 13.84146 = 0.277533
#   k=5,n=10  : centre 0.5, half = 1.95996 / 1.384146 · sqrt(0.025 + 0.0096036) = 0.263407
#   k=50,n=100: centre 0.5, half = 1.95996 / 1.0384146 · sqrt(0.0025 + 0.0000960) = 0.096168
#   k=1,n=10  : centre 0.211013, half 0.193137
@pytest.mark.parametrize(
    "k, n, lo, hi",
    [
        (0, 10, 0.0, 0.277533),
        (5, 10, 0.236593, 0.763407),
        (50, 100, 0.403832, 0.596168),
        (1, 10, 0.017876, 0.404150),
        (10, 10, 0.722467, 1.0),
    ],
)
def test_wilson_hand_values(k, n, lo, hi):
    got = wilson(k, n)
    assert got[0] == pytest.approx(lo, abs=5e-7)
    assert got[1] == pytest.approx(hi, abs=5e-7)


def test_wilson_bounds_exact_at_edges_and_nan_for_no_trials():
    assert wilson(0, 7)[0] == 0.0
    assert wilson(7, 7)[1] == 1.0
    lo, hi = wilson(0, 0)
    assert math.isnan(lo) and math.isnan(hi)


def test_wilson_vectorised_matches_scalar():
    k = np.array([0, 3, 50, 0])
    n = np.array([10, 10, 100, 0])
    lo, hi = wilson(k, n)
    assert lo.shape == (4,)
    for i in range(3):
        assert (lo[i], hi[i]) == pytest.approx(wilson(int(k[i]), int(n[i])))
    assert np.isnan(lo[3]) and np.isnan(hi[3])


def test_wilson_coverage():
    # Exact coverage (binomial pmf summed over the k whose interval holds p): averaged over p in [0.05, 0.95] it is
    # within 0.3 % of 95 % and never below 92 % (the known Wilson behaviour; Wald would drop far lower near the ends).
    from math import comb

    for n in (20, 50, 200):
        k = np.arange(n + 1)
        lo, hi = wilson(k, n)
        cov = []
        for p in np.linspace(0.05, 0.95, 91):
            pmf = np.array([comb(n, i) * p**i * (1 - p) ** (n - i) for i in k])
            cov.append(pmf[(lo <= p) & (p <= hi)].sum())
        assert 0.947 < np.mean(cov) < 0.956
        assert min(cov) > 0.92
    # and by simulation at p = 0.1, n = 50, whose exact coverage is 0.97031
    rng = np.random.default_rng(12345)
    k = rng.binomial(50, 0.1, size=20_000)
    lo, hi = wilson(k, 50)
    assert abs(np.mean((lo <= 0.1) & (0.1 <= hi)) - 0.97031) < 0.005  # 4 standard errors


def test_proportion_row():
    row = proportion_row("thien_u", 2, 5, 10, exact=0.4)
    assert row == dict(metric="thien_u", seat=2, estimate=0.5, ci_low=pytest.approx(0.236593, abs=1e-6),
                       ci_high=pytest.approx(0.763407, abs=1e-6), n=10, exact=0.4)
    assert proportion_row("x", None, 0, 0)["seat"] is None
    assert math.isnan(proportion_row("x", None, 0, 0)["estimate"])


def test_mean_row_known_sample():
    # Sample 2, 4, 4, 4, 5, 5, 7, 9: mean 5, sample variance 32/7, SE = sqrt(32/7/8) = 0.755929.
    x = np.array([2, 4, 4, 4, 5, 5, 7, 9], dtype=float)
    row = mean_row("points", 0, x.sum(), (x * x).sum(), len(x), exact=5.5)
    half = Z95 * math.sqrt(32 / 7 / 8)
    assert row["estimate"] == 5.0
    assert row["ci_low"] == pytest.approx(5 - half)
    assert row["ci_high"] == pytest.approx(5 + half)
    assert row["ci_low"] == pytest.approx(3.518406, abs=1e-6)  # 5 - 1.959964 × 0.755929
    assert row["n"] == 8 and row["exact"] == 5.5 and row["seat"] == 0


def test_mean_row_degenerate():
    one = mean_row("m", None, 3.0, 9.0, 1)
    assert one["estimate"] == 3.0 and math.isnan(one["ci_low"])
    assert math.isnan(mean_row("m", None, 0, 0, 0)["estimate"])
    const = mean_row("m", None, 40.0, 400.0, 4)  # all values 10: zero variance
    assert const["ci_low"] == const["ci_high"] == 10.0


def test_histogram_rows_sum_to_one_and_mean():
    hist = [3, 0, 5, 2]  # values 0, 2, 2, 2, 2, 2, 3, 3 ... mean = (0*3 + 2*5 + 3*2) / 10 = 1.6
    pmf = [0.25, 0.1, 0.45, 0.15, 0.05]
    rows = histogram_rows("cards", 1, hist, exact_pmf=pmf)
    names = [r["metric"] for r in rows]
    assert names == ["cards.0", "cards.1", "cards.2", "cards.3", "cards.4", "cards.mean"]
    props = rows[:-1]
    assert sum(r["estimate"] for r in props) == pytest.approx(1.0)
    assert [r["exact"] for r in props] == pytest.approx(pmf)
    assert rows[1]["estimate"] == 0.0 and rows[1]["ci_low"] == 0.0  # present only because the pmf says so
    assert all(r["n"] == 10 and r["seat"] == 1 for r in rows)
    mean = rows[-1]
    assert mean["estimate"] == pytest.approx(1.6)
    assert mean["exact"] == pytest.approx(0.1 + 0.9 + 0.45 + 0.2)
    # sample variance of {0×3, 2×5, 3×2}: (0 + 20 + 18 - 10·1.6²) / 9 = 12.4 / 9
    assert mean["ci_high"] - mean["estimate"] == pytest.approx(Z95 * math.sqrt(12.4 / 9 / 10))


def test_histogram_rows_without_pmf_skip_empty_values():
    rows = histogram_rows("len", None, [0, 4, 0, 1])
    assert [r["metric"] for r in rows] == ["len.1", "len.3", "len.mean"]
    assert rows[-1]["exact"] is None


def test_rows_frame_columns_and_types():
    rows = [proportion_row("a", None, 1, 4), proportion_row("b", 3, 2, 4, exact=0.5)]
    df = rows_frame(rows, "basic")
    assert list(df.columns) == list(COLUMNS)
    assert str(df["seat"].dtype) == "Int64"
    assert df["seat"].isna().tolist() == [True, False] and df["seat"].iloc[1] == 3
    assert df["exact"].dtype == float and math.isnan(df["exact"].iloc[0]) and df["exact"].iloc[1] == 0.5
    assert df["n"].tolist() == [4, 4] and (df["arm"] == "basic").all()
    assert list(rows_frame([], "x").columns) == list(COLUMNS)


def test_rows_frame_names_the_experiment_and_each_row_unit():
    rows = [proportion_row("toi_trang.any", None, 1, 8), proportion_row("table.toi_trang", None, 1, 2)]
    df = rows_frame(rows, "players=2", experiment="sam_deal",
                    unit_of=lambda m: "per table" if m.startswith("table.") else "per hand")
    assert list(df.columns[:2]) == ["experiment", "arm"] and (df.experiment == "sam_deal").all()
    assert df.unit.tolist() == ["per hand", "per table"]
    data = json.loads(rows_json(df))
    assert [(d["experiment"], d["unit"]) for d in data] == [("sam_deal", "per hand"), ("sam_deal", "per table")]


def test_rows_json_keys_nulls_and_ints():
    rows = [proportion_row("a", None, 1, 4), proportion_row("b", 3, 2, 4, exact=0.5), proportion_row("c", 0, 0, 0)]
    data = json.loads(rows_json(rows_frame(rows, "arm1")))
    assert [list(d) for d in data] == [list(COLUMNS)] * 3
    assert data[0]["seat"] is None and data[0]["exact"] is None
    assert data[1]["seat"] == 3 and isinstance(data[1]["seat"], int) and isinstance(data[1]["n"], int)
    assert data[1]["estimate"] == 0.5 and data[1]["exact"] == 0.5
    assert data[2]["estimate"] is None and data[2]["ci_low"] is None  # NaN → null
    assert "NaN" not in rows_json(rows_frame(rows, "arm1"))


def test_z_score():
    assert z_score(0.55, 0.5, 100) == pytest.approx(1.0)
    assert z_score(0.4, 0.5, 25) == pytest.approx(-1.0)
    assert z_score(0.0, 0.0, 10) == 0.0
    assert z_score(0.1, 0.0, 10) == math.inf
    assert math.isnan(z_score(0.1, 0.2, 0))
    assert np.allclose(z_score(np.array([0.55, 0.45]), 0.5, 100), [1.0, -1.0])


def test_row_z_mean_uses_interval():
    row = mean_row("x.mean", None, 50.0, 270.0, 10, exact=4.0)  # mean 5, var (270 - 250) / 9
    z = row_z(row["metric"], row["estimate"], row["ci_low"], row["ci_high"], row["n"], row["exact"])
    assert z == pytest.approx(1.0 / math.sqrt(20 / 9 / 10))
    assert is_mean_metric("hand.mean") and not is_mean_metric("thien_u")
    assert row_z("p", 0.55, 0.4, 0.6, 100, 0.5) == pytest.approx(1.0)
    assert math.isnan(row_z("p", 0.55, 0.4, 0.6, 100, None))
