"""The vectorised deal tallies equal the plain-Python per-table tallies on the same deals."""

import numpy as np
import pytest

from cardodds.sim.chan.deal import deal_orders
from cardodds.sim.chan.deal_metrics import count_tables, deal_counts, empty_counts
from cardodds.sim.chan.reference_deal import reference_counts
from cardodds.sim.streams import DEAL, chunk_seed, stream


@pytest.mark.parametrize("cai_seat", [0, 2])
def test_batch_tallies_equal_reference_tallies(cai_seat):
    order = deal_orders(np.random.default_rng(cai_seat + 10), 300)
    batch = empty_counts()
    count_tables(order, cai_seat, batch)
    ref = reference_counts(order, cai_seat)
    assert batch.keys() == ref.keys()
    for key in batch:
        assert np.array_equal(batch[key], ref[key]), key
    assert int(batch["games"]) == 300
    assert batch["hist.chan_count"].sum() == 4 * 300


def test_tallies_are_consistent():
    counts = deal_counts(np.random.default_rng(1), 20_000)
    assert (counts["hist.red"].sum(axis=1) == 20_000).all()
    # Every waiting 19-card hand is exactly one of bạch thủ, bạch thủ chi, ù rộng.
    kinds = counts["waiting.bach_thu"] + counts["waiting.bach_thu_chi"] + counts["waiting.u_rong"]
    assert np.array_equal(kinds[1:], counts["waiting"][1:])
    assert counts["hist.wait_kinds"][1:, 1:].sum() == counts["waiting"][1:].sum()
    assert counts["thien_u.bach_thu"] <= counts["thien_u"]
    # Red cards in a hand average 20 % of its size.
    mean_red = (counts["hist.red"] * np.arange(21)).sum(axis=1) / 20_000
    assert abs(mean_red[0] - 4.0) < 0.05 and abs(mean_red[1] - 3.8) < 0.05


def test_chunks_are_reproducible_and_independent():
    a = deal_counts(stream(chunk_seed(5, 0), DEAL), 3000)
    b = deal_counts(stream(chunk_seed(5, 0), DEAL), 3000)
    c = deal_counts(stream(chunk_seed(5, 1), DEAL), 3000)
    assert all(np.array_equal(a[k], b[k]) for k in a)
    assert not np.array_equal(a["hist.chan_count"], c["hist.chan_count"])
