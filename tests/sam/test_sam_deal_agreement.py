"""Simulated tới trắng odds agree with the exact counts: 10^7 dealt hands through the real runner."""

import numpy as np

from cardodds.analysis.estimate import rows_frame, summarize
from cardodds.sim.experiment import load_experiment
from cardodds.sim.runner import run_experiment


def test_ten_million_hands_agree_with_exact_odds(tmp_path):
    # 2.5 million 4-player tables = 10^7 hands.
    exp = load_experiment("configs/sam_deal.toml", games=2_500_000, seed=9)
    result = run_experiment(exp, tmp_path, jobs=2, progress=False)
    rows = rows_frame(summarize(exp.task, result.counts, exp.params), arm="test")
    per_hand = rows[rows.metric.str.startswith("toi_trang.") & rows.seat.isna()]
    assert set(per_hand.metric) >= {"toi_trang.any", "toi_trang.sanh_rong", "toi_trang.nam_doi"}
    assert (per_hand.n == 10_000_000).all()
    z = (per_hand.estimate - per_hand.exact) / np.sqrt(per_hand.exact * (1 - per_hand.exact) / per_hand.n)
    any_row = z[per_hand.metric == "toi_trang.any"]
    assert abs(float(any_row.iloc[0])) < 4
    assert (z.abs() < 5).all(), per_hand.assign(z=z)
