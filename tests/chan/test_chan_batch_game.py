"""The vectorised Chắn engine against the reference engine, game for game, with the basic strategy."""

import copy

import numpy as np
import pytest

from cardodds.analysis.estimate import summarize
from cardodds.sim.chan.arrays import ACT_NONE
from cardodds.sim.chan.batch import CUOC, play_batch, play_from_games, wait_masks, win_types
from cardodds.sim.chan.conformance_parts import batch_outcome, reference_outcome
from cardodds.sim.chan.deal import deal_orders
from cardodds.sim.chan.holding import wait_kinds, win_type
from cardodds.sim.chan.reference import ChanGame, play_game
from cardodds.sim.chan.rules import ChanRules
from cardodds.sim.chan.players import seat_strategies
from cardodds.sim.errors import CardoddsError


def differences(rules, orders, spec="basic") -> list:
    strategies = seat_strategies(spec)
    res = play_batch(rules, orders, strategies)
    out = []
    for i, order in enumerate(orders):
        ref = reference_outcome(play_game(ChanGame.from_order(rules, order), strategies))
        got = batch_outcome(res, i)
        if ref != got:
            out.append((i, {k: (ref[k], got[k]) for k in ref if ref[k] != got[k]}))
    return out


def test_engines_agree_game_for_game_on_1500_deals():
    orders = deal_orders(np.random.default_rng(2026), 1500)
    assert differences(ChanRules(), orders) == []


def test_engines_agree_with_other_rules():
    orders = deal_orders(np.random.default_rng(17), 300)
    rules = ChanRules(cai_seat=2, ga=True, points={"leo": 3, "chi": 2}, allow_skip_thien_u=True)
    assert differences(rules, orders) == []


def test_engines_agree_on_special_deals():
    # Thiên ù tables and tables rich in chíu: the four copies of many kinds spread as 3 + 1.
    rng = np.random.default_rng(5)
    orders = deal_orders(rng, 20000)
    from cardodds.sim.chan.hand import is_winning

    def dealt(order):
        h = [0] * 25
        for c in order[:20]:
            h[c // 4] += 1
        return h

    thien = [o for o in orders[:20000] if is_winning(dealt(o))][:10]
    assert len(thien) >= 5
    res = play_batch(ChanRules(), np.array(thien))
    assert (res.how == 0).all() and (res.moves == 1).all()
    assert differences(ChanRules(), np.array(thien)) == []


READING_DEALS = [4410, 4756, 5966, 7080, 9485, 11287, 11632, 11684, 12104, 12597, 13289, 14753, 14953, 16356, 17396,
                 17954, 18554, 18818, 18907, 19518, 187, 302, 659, 13502]
"""Of 20,000 deals (seed 23): the 20 whose cước the Địa ù and ngũ vạn options change, three Địa ù under both
readings and the one Hoa rơi cửa phật."""


def test_engines_agree_with_the_reading_options():
    orders = deal_orders(np.random.default_rng(23), 20000)
    texts = ChanRules(dia_u_first_noc_card=True, hoa_needs_chan_ngu_van=True, strict_calls=True,
                      hoa_call_chi_bach_thu=True, thong_after_treo_tranh=True, hoa_as_bach_thu_pays_chi=True,
                      ngu_ong_as_bach_thu=True)
    special = orders[READING_DEALS]
    assert differences(texts, special) == [] and differences(ChanRules(), special) == []
    assert differences(texts, orders[:150], ["cuoc", "heuristic", "cuoc", "basic"]) == []
    # the options do change these games: 19 Địa ù are not the first nọc card, one Cá lội sân đình has no chắn ngũ vạn
    default, read = play_batch(ChanRules(), special).cuoc, play_batch(texts, special).cuoc
    for name, before, after in (("dia_u", 22, 3), ("ca_loi_san_dinh", 1, 0), ("hoa_roi_cua_phat", 1, 1)):
        assert (default[:, CUOC.index(name)].sum(), read[:, CUOC.index(name)].sum()) == (before, after), name


def test_engines_agree_with_a_minimum_to_win():
    orders = deal_orders(np.random.default_rng(41), 300)
    assert differences(ChanRules(min_points_to_win="no_xuong"), orders) == []
    assert differences(ChanRules(min_points_to_win=3, ga=True), orders[:150], "heuristic") == []


def test_engines_agree_with_heuristic_players():
    orders = deal_orders(np.random.default_rng(31), 500)
    seats = [{"name": "heuristic"}, "basic", {"name": "heuristic", "max_ca": 3, "w_wide": 0.0}, "basic"]
    assert differences(ChanRules(), orders, seats) == []
    seats = ["basic", {"name": "heuristic", "chiu": False}, {"name": "heuristic", "wait_first": False}, "heuristic"]
    assert differences(ChanRules(), orders[:200], seats) == []


def test_engines_agree_with_cuoc_seekers():
    orders = deal_orders(np.random.default_rng(37), 400)
    seats = ["cuoc", "basic", {"name": "cuoc", "keep_red": False, "bach_thu": 6, "leo": 3}, "heuristic"]
    assert differences(ChanRules(), orders, seats) == []
    seats = ["cuoc", {"name": "cuoc", "tam_do": 8, "bach_dinh": 0, "thien_khai": 4, "w_wide": 0.0},
             {"name": "cuoc", "bach_thu_chi": 8, "tom": 4, "max_ca": 3}, "cuoc"]
    assert differences(ChanRules(cai_seat=2, ga=True), orders[:200], seats) == []
    assert differences(ChanRules(min_points_to_win=2), orders[:100], seats) == []


def test_engines_agree_with_a_tuned_seat():
    orders = deal_orders(np.random.default_rng(41), 400)
    assert differences(ChanRules(), orders, ["tuned", "basic", "basic", "basic"]) == []
    seats = ["basic", "tuned", {"name": "tuned", "keep_red": False, "bach_thu": 6}, "cuoc"]
    assert differences(ChanRules(cai_seat=2, ga=True), orders[:200], seats) == []
    # and the tuned seat is not silently the default cước-seeker in both engines
    tuned = play_batch(ChanRules(), orders, seat_strategies(["tuned", "basic", "basic", "basic"]))
    seeker = play_batch(ChanRules(), orders, seat_strategies(["cuoc", "basic", "basic", "basic"]))
    assert (tuned.moves != seeker.moves).sum() > 5


def test_the_cuoc_seeker_plays_differently_from_the_heuristic():
    # Guards the agreement test above against a seeker that silently plays as the heuristic in both engines.
    orders = deal_orders(np.random.default_rng(38), 300)
    seeker = play_batch(ChanRules(), orders, seat_strategies(["cuoc", "basic", "basic", "basic"]))
    heuristic = play_batch(ChanRules(), orders, seat_strategies(["heuristic", "basic", "basic", "basic"]))
    assert (seeker.moves != heuristic.moves).sum() > 10


@pytest.mark.slow
def test_engines_agree_on_20000_deals():
    orders = deal_orders(np.random.default_rng(99), 20000)
    assert differences(ChanRules(), orders) == []


def test_vectorised_win_types_and_waits_match_the_reference():
    rng = np.random.default_rng(3)
    orders = deal_orders(rng, 400)
    hands, mats, chans, cas = [], [], [], []
    for n, order in enumerate(orders):
        hand = np.bincount(order[20:39] // 4, minlength=25).astype(np.int16)
        mat = np.zeros(25, dtype=np.int16)
        mat_chan = mat_ca = 0
        # lay one chắn (and on odd tables one cạ) on the mat, so mats matter
        for k in range(25):
            if hand[k] >= 2:
                hand[k] -= 2
                mat[k] += 2
                mat_chan = 1
                break
        if n % 2:
            for k in range(24):
                j = 3 * (k // 3) + (k + 1) % 3
                if hand[k] and hand[j] and j != k:
                    hand[k] -= 1
                    hand[j] -= 1
                    mat[k] += 1
                    mat[j] += 1
                    mat_ca = 1
                    break
        hands.append(hand)
        mats.append(mat)
        chans.append(mat_chan)
        cas.append(mat_ca)
    H, M = np.array(hands), np.array(mats)
    C, A = np.array(chans, dtype=np.int16), np.array(cas, dtype=np.int16)
    masks = wait_masks(H, M, C)
    codes = {None: 0, "u_rong": 1, "bach_thu": 2, "bach_thu_chi": 3}
    for k in range(25):
        got = win_types(H, C, A, H[:, k] + M[:, k], np.full(len(H), k))
        want = [codes[win_type(list(h), c, a, h[k] + m[k], k)] for h, m, c, a in zip(H, M, C, A)]
        assert got.tolist() == want
    for i in range(len(H)):
        kinds = [k for k in range(25) if masks[i] >> k & 1]
        assert kinds == wait_kinds(list(H[i]), int(C[i]), list(M[i])), i


def test_task_counts_are_the_same_with_either_engine():
    from cardodds.sim.chan.play_task import TASK, run_chunk
    from cardodds.sim.streams import chunk_seed

    params = TASK.parse({"rules": {}, "strategies": {"name": "basic"}}, "t")
    a = run_chunk(params, chunk_seed(4, 0), 400, engine="batch")
    b = run_chunk(params, chunk_seed(4, 0), 400, engine="reference")
    for key in a:
        assert np.array_equal(a[key], b[key]), key
    assert int(a["win"].sum() + a["draw"].sum()) == 400


def test_unsupported_settings_are_refused():
    orders = deal_orders(np.random.default_rng(1), 2)
    with pytest.raises(CardoddsError, match="not the spec 'random'"):
        play_batch(ChanRules(), orders, "random")  # a name: the registry above the engine makes players
    with pytest.raises(CardoddsError, match=r"cannot play RandomLegal\(\)"):
        play_batch(ChanRules(), orders, seat_strategies("random"))
    with pytest.raises(CardoddsError, match=r"cannot play Heuristic\(.*eat_ca_to_wait=True"):
        play_batch(ChanRules(), orders, seat_strategies({"name": "heuristic", "eat_ca_to_wait": True}))
    with pytest.raises(CardoddsError, match="needs 4 players, one per seat, not 3"):
        play_batch(ChanRules(), orders, seat_strategies("basic")[:3])


def test_thien_u_rate_of_full_games_agrees_with_the_exact_deal_odds():
    from cardodds.sim.chan.play_task import TASK, run_chunk
    from cardodds.sim.streams import chunk_seed

    params = TASK.parse({"rules": {}, "strategies": {}}, "t")
    n = 40_000
    counts = run_chunk(params, chunk_seed(2024, 0), n)
    rows = {(r["metric"], r["seat"]): r for r in summarize(TASK, counts, params)}
    row = rows[("thien_u", 0)]
    se = np.sqrt(row["exact"] * (1 - row["exact"]) / n)
    assert row["n"] == n and abs(row["estimate"] - row["exact"]) < 4 * se
    total = sum(rows[("win", s)]["estimate"] for s in range(4)) + rows[("draw", None)]["estimate"]
    assert total == pytest.approx(1.0, abs=1e-12)


def _played_to(rules, order, players, stop: int):
    """A reference game after its first ``stop`` moves (or None if it ends sooner)."""
    game = ChanGame.from_order(rules, order)
    while len(game.moves) < stop:
        dec = game.decision()
        if dec is None:
            return None
        game.apply(dec.moves[0] if len(dec.moves) == 1 else players[dec.seat].choose(game, dec, None))
    return None if game.over else game


@pytest.mark.parametrize("rules, spec", [
    (ChanRules(), "basic"),
    (ChanRules(cai_seat=1, ga=True), ["cuoc", "basic", "heuristic", {"name": "cuoc", "bach_thu": 6}]),
    (ChanRules(min_points_to_win=2), ["heuristic", "cuoc", "basic", "basic"]),
])
def test_the_engine_started_from_a_state_equals_the_engine_played_to_that_state(rules, spec):
    players = seat_strategies(spec)
    rng = np.random.default_rng(21)
    starts, finished = [], []
    for order in deal_orders(np.random.default_rng(22), 200):
        stop = int(rng.integers(0, 60))
        game = _played_to(rules, order, players, stop)
        if game is None:
            continue
        starts.append(copy.deepcopy(game))
        finished.append(play_game(game, players))
    assert len(starts) > 60 and {g.phase for g in starts} >= {"start", "card", "danh"}
    res = play_from_games(rules, starts, players)
    for i, game in enumerate(finished):
        assert batch_outcome(res, i) == reference_outcome(game), i
    # the untouched start states (played_to stops at move 0 too) give the same games as the deals
    assert any(len(g.moves) == 0 for g in starts)


def test_play_from_games_refuses_finished_games():
    game = play_game(ChanGame.from_order(ChanRules(), deal_orders(np.random.default_rng(1), 1)[0]),
                     seat_strategies("basic"))
    with pytest.raises(CardoddsError, match="unfinished single games"):
        play_from_games(ChanRules(), [game])


class _Hoarder:
    """A player only this test knows, in both forms: never eats nor chíu, sheds its highest legal kind."""

    name = "hoarder"
    deterministic = True

    def choose(self, game, dec, rng=None):
        if dec.kind in ("thien_u",):
            return dec.moves[0]
        if dec.kind == "chiu":
            return None
        if dec.kind == "act":
            return dec.moves[-1]
        return max(dec.moves, key=lambda m: m.card)

    def batch_supported(self):
        return True

    def chiu_batch(self, rows):
        return np.zeros(rows.g.size, dtype=bool)

    def act_batch(self, rows):
        return np.full(rows.g.size, ACT_NONE)

    def discard_batch(self, rows):
        legal = (rows.legal[:, None] >> np.arange(25, dtype=np.uint32)) & 1
        return 24 - legal[:, ::-1].argmax(axis=1)


def test_a_new_player_plays_on_the_batch_engine_through_the_seam():
    # no edit of the engine: the player answers the engine's decision kinds itself
    players = (_Hoarder(), seat_strategies("basic")[0], _Hoarder(), seat_strategies("cuoc")[0])
    orders = deal_orders(np.random.default_rng(11), 300)
    res = play_batch(ChanRules(), orders, players)
    got = [batch_outcome(res, i) for i in range(len(orders))]
    ref = [reference_outcome(play_game(ChanGame.from_order(ChanRules(), o), players)) for o in orders]
    assert got == ref
    wins = np.bincount(res.winner[res.winner >= 0], minlength=4)
    assert wins[1] + wins[3] > wins[0] + wins[2]  # the hoarders, who never eat, win less
