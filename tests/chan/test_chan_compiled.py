"""Differential tests: the compiled Chắn engine agrees with the numpy batch engine game for game, and ``chan.play``
gives the same counts through either."""

import numpy as np
import pytest

pytest.importorskip("numba")

from cardodds.sim.chan import compiled  # noqa: E402
from cardodds.sim.chan.conformance_parts import compare_compiled as compare  # noqa: E402
from cardodds.sim.chan.deal import deal_orders  # noqa: E402
from cardodds.sim.chan.play_task import parse, run_chunk, use_compiled  # noqa: E402
from cardodds.sim.chan.players import seat_strategies  # noqa: E402
from cardodds.sim.chan.rules import ChanRules  # noqa: E402
from cardodds.sim.chan.strategies import Basic, CuocSeeker, Heuristic, Tuned  # noqa: E402
from cardodds.sim.conformance import compiled_players  # noqa: E402
from cardodds.sim.errors import CardoddsError  # noqa: E402
from cardodds.sim.streams import chunk_seed  # noqa: E402

@pytest.mark.parametrize("name", compiled_players("chan"))
def test_every_player_agrees_game_for_game(name):
    """Every registered player with a compiled form (``compiled_form``), at every seat."""
    orders = deal_orders(np.random.default_rng(2026), 1500)
    ref = compare(ChanRules(), orders, seat_strategies(name))
    won = ref.winner >= 0
    # both endings, every way to win and every win type occur, and many cước and fouls avoided
    assert ref.draw.any() and won.sum() > 750
    assert set(ref.how[won]) >= {1, 2} and set(ref.win_type[won]) == {1, 2, 3}
    assert (ref.cuoc[won] > 0).any(axis=0).sum() >= 12 and (ref.fouls_avoided.sum(axis=0) > 0).sum() >= 12


def test_mixed_seats_and_knobs_agree():
    orders = deal_orders(np.random.default_rng(7), 1000)
    compare(ChanRules(), orders, (Heuristic(max_ca=2, w_wide=1.25, chiu=False), Basic(), Tuned(),
                                  CuocSeeker(keep_red=False, leo=3, tom=0, bach_thu=5, tam_do=0, w_wide=0.0)))
    compare(ChanRules(), orders[:500], (CuocSeeker(max_ca=1, wait_first=False, bach_dinh=8, thien_khai=4), Basic(),
                                        Heuristic(wait_first=False, max_ca=0), Heuristic(w_wide=2.0)))


RULES = [
    dict(cai_seat=2, ga=True, points={"leo": 3, "chi": 2, "xuong": 0}, allow_skip_thien_u=True),
    dict(min_points_to_win="no_xuong"),
    dict(min_points_to_win=3, ga=True, cai_seat=1),
    dict(dia_u_first_noc_card=True, hoa_needs_chan_ngu_van=True, strict_calls=True, hoa_call_chi_bach_thu=True),
]


@pytest.mark.parametrize("k", range(len(RULES)))
def test_rule_options_agree(k):
    rules = ChanRules(**RULES[k])
    orders = deal_orders(np.random.default_rng(100 + k), 250 if RULES[k].get("min_points_to_win") else 400)
    for seats in ("basic", ["cuoc", "heuristic", "tuned", "basic"]):
        compare(rules, orders, seat_strategies(seats))


def test_special_deals_agree():
    """Thiên ù deals, and the deals whose cước the Địa ù and ngũ vạn readings change (``test_chan_batch_game``)."""
    from test_chan_batch_game import READING_DEALS

    orders = deal_orders(np.random.default_rng(23), 20000)
    special = orders[READING_DEALS]
    for rules in (ChanRules(), ChanRules(dia_u_first_noc_card=True, hoa_needs_chan_ngu_van=True, ga=True)):
        for seats in ("basic", "cuoc"):
            ref = compare(rules, special, seat_strategies(seats))
            assert (ref.cuoc > 0).any(axis=0).sum() >= 10
    kinds = orders[:, :20] // 4
    hand = np.zeros((orders.shape[0], 25), dtype=np.int64)
    np.add.at(hand, (np.arange(orders.shape[0])[:, None], kinds), 1)
    from cardodds.sim.chan.batch import thien_u_types

    thien = orders[thien_u_types(hand) > 0][:10]
    ref = compare(ChanRules(), thien, seat_strategies("basic"))
    assert len(thien) >= 5 and (ref.how == 0).all()
    compare(ChanRules(min_points_to_win=5), thien, seat_strategies("basic"))  # most Thiên ù refused: played on


@pytest.mark.parametrize("strategies", [{"name": "cuoc"}, {"seats": ["basic", "tuned", "heuristic", "basic"]}])
def test_compiled_and_numpy_chunks_give_the_same_counts(strategies, monkeypatch):
    """With numba, ``chan.play`` chunks go to the compiled engine unless ``CARDODDS_COMPILED=0``; the counts are
    byte for byte the same."""
    p = parse({"rules": {"ga": True}, "strategies": strategies}, "cfg")
    monkeypatch.delenv("CARDODDS_COMPILED", raising=False)
    assert use_compiled(p)
    on = run_chunk(p, chunk_seed(8, 0), 1000)
    monkeypatch.setenv("CARDODDS_COMPILED", "0")
    assert not use_compiled(p)
    off = run_chunk(p, chunk_seed(8, 0), 1000)
    assert on.keys() == off.keys()
    for k in on:
        assert np.asarray(on[k]).dtype == np.asarray(off[k]).dtype and np.array_equal(on[k], off[k]), k
    assert on["win"].sum() > 450 and on["draw"] > 0


def test_engine_choice(monkeypatch):
    """Players or rules the compiled engine does not play keep the numpy engines; bad input is a one-line error."""
    monkeypatch.delenv("CARDODDS_COMPILED", raising=False)
    rules = ChanRules()
    assert compiled.chosen(rules, seat_strategies("tuned"))
    assert not compiled.chosen(rules, seat_strategies(["basic", "random", "basic", "basic"]))
    eat_to_wait = seat_strategies({"name": "heuristic", "eat_ca_to_wait": True})
    assert not compiled.chosen(rules, eat_to_wait)
    assert not compiled.chosen(ChanRules(series_length=3), seat_strategies("basic"))
    assert not use_compiled(parse({"rules": {"series_length": 2}}, "cfg"))
    orders = deal_orders(np.random.default_rng(1), 5)
    for bad, match in ((eat_to_wait, "eat_ca_to_wait"), (seat_strategies("basic")[:3], "needs 4 players")):
        with pytest.raises(CardoddsError, match=match) as e:
            compiled.play_batch(rules, orders, bad)
        assert "\n" not in str(e.value)
    with pytest.raises(CardoddsError, match="orders must be"):
        compiled.play_batch(rules, orders[:, :50])
    monkeypatch.setenv("CARDODDS_COMPILED", "yes")
    with pytest.raises(CardoddsError, match="CARDODDS_COMPILED must be 0 or 1") as e:
        use_compiled(parse({}, "cfg"))
    assert "\n" not in str(e.value)
    monkeypatch.setenv("CARDODDS_COMPILED", "0")
    res = compiled.play_batch_auto(rules, orders)  # the numpy engine, the same games
    assert np.array_equal(res.points, compiled.play_batch(rules, orders).points)


def _holdings(rng, n):
    """``n`` 19-card holdings (hand, mat, mat's chắn and cạ), most of them near a win: chắn, cạ and a loose card or
    two, some of the chắn laid on the mat, a card swapped for a random one."""
    out = []
    while len(out) < n:
        hand, mat = np.zeros(25, dtype=np.int64), np.zeros(25, dtype=np.int64)
        chans = rng.choice(25, int(rng.integers(4, 8)), replace=False)
        hand[chans] += 2
        for num in rng.choice(8, int(rng.integers(0, 5)), replace=False):
            a, b = rng.choice(3, 2, replace=False)
            hand[3 * num + a] += 1
            hand[3 * num + b] += 1
        while hand.sum() < 19:
            hand[rng.integers(25)] += 1
        while hand.sum() > 19:
            hand[rng.choice(np.flatnonzero(hand))] -= 1
        if rng.random() < 0.5:
            hand[rng.choice(np.flatnonzero(hand))] -= 1
            hand[rng.integers(25)] += 1
        laid = [k for k in chans if hand[k] >= 2][:int(rng.integers(0, 4))]
        hand[laid] -= 2
        mat[laid] += 2
        if (hand + mat).max() <= 4:
            out.append((hand, mat, len(laid)))
    return out


def test_kernel_holdings_match_the_arrays():
    """The kernel's waits (whole, and after each discard), win types and Thiên ù types against the numpy forms."""
    from cardodds.sim.chan.arrays import wait_masks
    from cardodds.sim.chan.batch import thien_u_types, win_types
    from cardodds.sim.chan.kernel import holding

    rng = np.random.default_rng(3)
    rows = _holdings(rng, 600)
    hands = np.array([h for h, _, _ in rows], dtype=np.int8)
    mats = np.array([m for _, m, _ in rows], dtype=np.int8)
    mat_chan = np.array([c for _, _, c in rows], dtype=np.int16)
    want = wait_masks(hands, mats, mat_chan).astype(np.int64)
    got = [holding.wait_mask(h, m, c) for h, m, c in rows]
    assert list(want) == got and (want != 0).sum() > 150
    rows_at_once = compiled.wait_masks(hands, mats, mat_chan)  # the search's form, every row in one call
    assert rows_at_once.dtype == wait_masks(hands, mats, mat_chan).dtype and np.array_equal(rows_at_once, want)
    odd = np.zeros(8, dtype=np.int64)
    for (h, m, c), w in zip(rows[:200], want[:200]):
        chan0, free0 = holding.holding_base(h, m, odd)
        for x in np.flatnonzero(h):
            after = h.copy()
            after[x] -= 1
            assert holding.wait_after(h, c, x, odd, chan0, free0) == holding.wait_mask(after, m, c)
    cards = rng.integers(0, 25, len(rows))
    held = hands[np.arange(len(rows)), cards] + mats[np.arange(len(rows)), cards]
    wt = win_types(hands, mat_chan, np.zeros(len(rows), dtype=np.int16), held, cards)
    assert [holding.win_type(h, c, 0, int(k), int(card)) for (h, _, c), k, card in zip(rows, held, cards)] == list(wt)
    assert set(wt) >= {0, 1}
    twenty = [h.copy() for h, _, _ in rows]
    for h in twenty:
        h[rng.integers(25)] += 1
    assert [holding.thien_u_type(h) for h in twenty] == list(thien_u_types(np.array(twenty, dtype=np.int8)))


def test_the_kernel_cache_is_dropped_when_a_kernel_file_changes(tmp_path, monkeypatch):
    """numba checks a cached function against its own file only: a change to any kernel file drops the whole cache."""
    (tmp_path / "__pycache__").mkdir()
    (tmp_path / "holding.py").write_text("x = 1\n")
    monkeypatch.setattr(compiled, "KERNEL", tmp_path)
    fresh = compiled._fresh_cache.__wrapped__
    cached = tmp_path / "__pycache__" / "game.play_range-1.py311.nbi"
    cached.write_text("old")
    fresh()  # no hash yet: the cache may be older than the files
    assert not cached.exists()
    cached.write_text("new")
    fresh()  # unchanged files keep it
    assert cached.exists()
    (tmp_path / "holding.py").write_text("x = 2\n")
    fresh()
    assert not cached.exists()
