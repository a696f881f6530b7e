"""The vectorised hand features agree with the plain-Python evaluator hand by hand."""

import numpy as np
import pytest

from cardodds.sim.chan.cards import COPIES, N_KINDS
from cardodds.sim.chan.deal import DECK_SIZE, NOC_SLICE, deal_orders, seat_slices
from cardodds.sim.chan.features import features, pack, pack_counts
from cardodds.sim.chan.hand import (
    best_discards,
    is_winning,
    leo_count,
    red_count,
    split_hand,
    thien_khai_count,
    thien_u_type,
    tom_count,
    waits,
)


def _pairy_hands(rng, n, size):
    """Random hands built from a few chắn and cạ, so that waiting and winning hands are common."""
    hands = np.zeros((n, N_KINDS), dtype=np.int64)

    def add(h, kind, k=1):
        if h[kind] + k <= COPIES and h.sum() + k <= size:
            h[kind] += k

    for h in hands:
        for kind in rng.integers(N_KINDS, size=rng.integers(4, 8)):
            add(h, kind, 2)
        for _ in range(rng.integers(2, 6)):
            number, (s1, s2) = rng.integers(8), rng.choice(3, 2, replace=False)
            add(h, 3 * number + s1)
            add(h, 3 * number + s2)
        while h.sum() < size:
            add(h, rng.integers(N_KINDS))
    return hands


def _compare(hands, size):
    feat = features(*pack_counts(hands))
    for i, h in enumerate(hands):
        split = split_hand(h)
        assert feat.chan[i] == len(split.chan)
        assert feat.red[i] == red_count(h)
        assert feat.leo[i] == leo_count(h) and feat.tom[i] == tom_count(h)
        assert feat.thien_khai[i] == thien_khai_count(h)
        if size == 19:
            w = waits(h)
            types = set(w.values())
            assert feat.waiting()[i] == bool(w)
            assert feat.wait_kinds()[i] == len(w)
            assert feat.waiting_bach_thu()[i] == ("bach_thu" in types)
            assert feat.waiting_bach_thu_chi()[i] == ("bach_thu_chi" in types)
        else:
            kind = thien_u_type(h)
            assert feat.winning()[i] == (kind is not None)
            assert feat.discard_waiting()[i] == (kind is None and bool(best_discards(h)))


@pytest.mark.parametrize("size", [19, 20])
def test_features_match_the_reference_on_chan_rich_hands(size):
    rng = np.random.default_rng(size)
    hands = _pairy_hands(rng, 2500, size)
    feat = features(*pack_counts(hands))
    # The sample must exercise what it checks.
    if size == 19:
        assert feat.waiting_bach_thu().sum() > 20 and feat.waiting_bach_thu_chi().sum() >= 3
        assert (feat.waiting() & (feat.wait_kinds() > 1)).sum() > 20
    else:
        assert feat.winning().sum() > 20 and feat.discard_waiting().sum() > 20
    _compare(hands, size)


def test_features_match_the_reference_on_dealt_tables():
    order = deal_orders(np.random.default_rng(7), 400)
    for sl in seat_slices(0):
        cards = order[:, sl]
        hands = np.stack([np.bincount(row // COPIES, minlength=N_KINDS) for row in cards])
        _compare(hands, sl.stop - sl.start)
        packed = pack(np.ascontiguousarray(cards.T))
        assert all((a == b).all() for a, b in zip(packed, pack_counts(hands)))


def test_each_deal_is_a_permutation_and_seats_get_20_19_19_19():
    order = deal_orders(np.random.default_rng(1), 1000)
    assert order.shape == (1000, DECK_SIZE)
    assert (np.sort(order, axis=1) == np.arange(DECK_SIZE)).all()
    sizes = [sl.stop - sl.start for sl in seat_slices(0)]
    assert sizes == [20, 19, 19, 19] and NOC_SLICE.stop - NOC_SLICE.start == 23
    assert [sl.start for sl in seat_slices(2)] == [39, 58, 0, 20]


def test_deal_is_uniform_over_positions():
    # Where does each card land?  Every position is equally likely: chi-square over 100 positions.
    order = deal_orders(np.random.default_rng(3), 20_000)
    pos_of_card0 = np.argmax(order == 0, axis=1)
    observed = np.bincount(pos_of_card0, minlength=DECK_SIZE)
    expected = len(order) / DECK_SIZE
    chi2 = ((observed - expected) ** 2 / expected).sum()
    assert chi2 < 150  # 99 degrees of freedom: P(chi2 > 150) < 0.1 %


def test_same_generator_state_same_deal():
    a = deal_orders(np.random.default_rng(5), 100)
    b = deal_orders(np.random.default_rng(5), 100)
    assert (a == b).all()
    assert not (a == deal_orders(np.random.default_rng(6), 100)).all()


def test_is_winning_agrees_on_random_twenty_card_hands():
    rng = np.random.default_rng(11)
    hands = _pairy_hands(rng, 500, 20)
    feat = features(*pack_counts(hands))
    assert [bool(x) for x in feat.winning()] == [is_winning(h) for h in hands]
