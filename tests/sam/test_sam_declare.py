"""The ``bayes`` Sâm declarer: its beat test, its estimate against ``odds sam``, its screen, and that it sees only its
own hand; both engines play its Sâms game for game."""

import numpy as np
import plan_oracle
import pytest
from sam_agreement import agree

from cardodds.analysis.estimate import summarize, wilson
from cardodds.sim.hashing import mix64
from cardodds.sim.sam import declare, plan_search
from cardodds.sim.sam.batch import play_batch
from cardodds.sim.sam.cards import parse_hand, rank_counts
from cardodds.sim.sam.declare import bayes_declare, cards_of, deals_of, estimate, estimate_many, screen, unbeaten_by
from cardodds.sim.sam.hand import move_table, toi_trang_any, toi_trang_flags, toi_trang_kind_of_flags
from cardodds.sim.sam.hand_odds import odds_sam
from cardodds.sim.sam.reference import deal_games, play_game
from cardodds.sim.sam.rules import SamRules
from cardodds.sim.sam.strategies import Control, Greedy, unbeatable
from cardodds.sim.streams import DEAL, chunk_seed, stream

RULES = {
    "default": {},
    "options": dict(straights="3_to_a", no_finish_on_two=False, quad_beats=["single_two"]),
    "no_chop": dict(quad_beats=[]),
    "texts": dict(quad_beats=["single_two", "pair_two", "lower_quad"], toi_trang_tie="by_kind"),
}


def counts_of(cards: np.ndarray) -> np.ndarray:
    """Rank counts (..., 13) of card ids (..., 10)."""
    return (cards[..., None] // 4 == np.arange(13)).sum(-2)


@pytest.mark.parametrize("variant", list(RULES))
@pytest.mark.parametrize("opponents", [1, 3])
def test_unbeaten_by_equals_unbeatable(variant, opponents):
    rules = SamRules(players=opponents + 1, **RULES[variant])
    t = move_table(rules)
    hands = counts_of(deal_games(stream(chunk_seed(11, opponents), DEAL), 300, rules)[0][:, 0])
    opp = deals_of(hands, opponents, 8)  # (300, 8, K, 13)
    got = unbeaten_by(t, opp, rules)
    want = unbeatable(t, opp, rules.no_finish_on_two)
    tt = (toi_trang_kind_of_flags(toi_trang_flags(opp, np.full(opp.shape[:-1], 5), rules)) >= 0).any(-1)
    assert tt.any() and (~tt).any()
    assert np.array_equal(got[~tt], want[~tt])
    assert not got[tt].any()
    assert 0.05 < got.mean() < 0.95  # a real mix of beaten and unbeaten moves


def test_deals_of_deal_only_unseen_cards():
    hand = rank_counts(parse_hand("3s 3h 3d 7s 8c 9s 10h Js Qd 2s"))
    opp = deals_of(hand[None], 4, 200)[0]
    assert opp.shape == (200, 4, 13) and np.all(opp.sum(-1) == 10)
    assert np.all(opp.sum(1) + hand <= 4)
    assert np.all(opp[..., 0] <= 1)  # one 3 left unseen


HANDS = [  # (hand, opponents): P(success) from about 0.1 to about 1
    ("3s 4h 5s 6d 7s 8c 9s 10h Js Kd", 3),
    ("5s 6h 7s 8d 9s Jc Qs Kh As Ad", 2),
    ("3s 3h 3d 7s 8c 9s 10h Js Qd 2s", 3),
    ("4s 5h 6s 7d 8s 9c 10s Qh Ks 2d", 1),
]


@pytest.mark.parametrize("hand, opponents", HANDS)
def test_estimate_agrees_with_odds_sam(hand, opponents):
    rules = SamRules(players=opponents + 1)
    odds = odds_sam(hand, opponents, 4000, 7, progress=False)["sam"]
    e = estimate(rank_counts(parse_hand(hand)), opponents, rules, samples=1024)
    lo, hi = wilson(e.wins, e.n)
    assert e.n == 512 and len(e.plan) >= 2
    assert lo <= odds["ci_high"] and odds["ci_low"] <= hi, (e.success, odds)


def test_estimate_is_a_function_of_the_hand():
    rules = SamRules(players=4)
    h = rank_counts(parse_hand("5s 6h 7s 8d 9s Jc Qs Kh As Ad"))
    a = estimate_many(np.stack([h, h]), 3, rules, samples=128)
    assert a[0] == a[1] == estimate(h.copy(), 3, rules, samples=128)


@pytest.mark.parametrize("opponents", [1, 2, 3, 4])
def test_screen_keeps_every_hand_worth_declaring(opponents, monkeypatch):
    rules = SamRules(players=opponents + 1)
    cards, _ = deal_games(stream(chunk_seed(5, opponents), DEAL), 1000, rules)
    hands = counts_of(cards[:, :2]).reshape(-1, 13)  # 2000 hands
    est = estimate_many(hands, opponents, rules, samples=256)
    good = np.array([e.success >= 0.5 for e in est])
    passed = screen(hands, opponents, rules)
    assert good.sum() >= 5  # the check has hands to check
    assert np.all(passed[good])
    assert passed.mean() < 0.5  # and the screen does screen
    # the early look (a search on 32 deals when at_least > 0) changes no estimate of these hands
    early = estimate_many(hands, opponents, rules, samples=256, at_least=0.5)
    monkeypatch.setattr(declare, "_CACHE", {})
    monkeypatch.setattr(declare, "PRE_SHARE", 0.0)
    late = estimate_many(hands, opponents, rules, samples=256, at_least=0.5)
    assert early == late
    assert sum(e.success >= 0.5 for e in early) >= 0.8 * good.sum()


def test_same_information_same_decision():
    """Seat 0 holds the same cards in two deals whose other hands differ: the same declaration, the same plan."""
    rules = SamRules(players=4)
    cards, leader = deal_games(stream(chunk_seed(8, 0), DEAL), 3000, rules)
    rng = np.random.default_rng(1)
    other = cards.copy()
    for i in range(len(cards)):  # re-deal seats 1..3 from the same 42 cards
        other[i, 1:] = np.sort(rng.permutation(cards[i, 1:].ravel()).reshape(3, 10), axis=1)
    strats = [Control(declare="bayes")] + [Control()] * 3
    a = play_batch(rules, cards, leader, strats)
    b = play_batch(rules, other, leader, strats)
    tt = (a.toi_trang >= 0).any(1) | (b.toi_trang >= 0).any(1)
    assert np.array_equal(a.declarer[~tt] == 0, b.declarer[~tt] == 0)
    assert (a.declarer == 0).sum() >= 20
    for i in np.flatnonzero((a.declarer == 0) & ~tt)[:10]:
        lines = [play_game(c[i], int(leader[i]), rules, strats, log=True).log for c in (cards, other)]
        said = [next(x for x in log if "declares" in x) for log in lines]
        assert said[0] == said[1] and "plan:" in said[0]
    want, plans = bayes_declare(counts_of(cards[:, 0]), 3, rules, strats[0], play_batch)
    assert np.array_equal(want[~tt], a.declarer[~tt] == 0)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_engines_agree_with_bayes_declarers(players):
    rules = SamRules(players=players)
    n = 400
    cards, leader = deal_games(stream(chunk_seed(77, players), DEAL), n, rules)
    strats = [Control(declare="bayes"), Greedy(declare="bayes", margin=-10.0), Control(declare="bayes", samples=64),
              Control(), Greedy(declare="bayes")][:players]
    b = play_batch(rules, cards, leader, strats)
    assert np.all(b.pay.sum(1) == 0)
    bad = [i for i in range(n) if not agree(b, i, play_game(cards[i], int(leader[i]), rules, strats))]
    assert bad == []
    assert (b.declarer >= 0).sum() >= 5


def test_cards_of_gives_distinct_cards_of_the_counts():
    rules = SamRules(players=4)
    cards, _ = deal_games(stream(chunk_seed(4, 0), DEAL), 200, rules)
    seat_counts = counts_of(cards)
    keys = np.arange(200, dtype=np.uint64) * np.uint64(7919)
    got = cards_of(seat_counts, keys)
    assert np.array_equal(counts_of(got), seat_counts)
    flat = got.reshape(200, -1)
    assert all(len(set(row)) == 40 for row in flat.tolist())
    assert np.all(np.diff(got, axis=-1) > 0)
    assert len({tuple(got[i, 0]) for i in range(200)}) > 150  # the suits vary with the key


def test_deals_of_are_a_function_of_the_hand():
    hands = counts_of(deal_games(stream(chunk_seed(6, 0), DEAL), 50, SamRules(players=3))[0][:, 0])
    a = deals_of(hands, 2, 64)
    assert a.shape == (50, 64, 2, 13) and np.all(a.sum(-1) == 10) and np.all(a.sum(2) + hands[:, None] <= 4)
    assert np.array_equal(deals_of(hands[::-1], 2, 64), a[::-1])
    assert np.array_equal(deals_of(hands, 2, 32, first=16), a[:, 16:48])
    assert not np.array_equal(a[:, :32], a[:, 32:])


def test_odds_task_counts_hands_at_or_above_each_tenth():
    from cardodds.sim.sam.odds_task import TASK, parse, run_chunk

    params = parse({"rules": {"players": 3}}, "t")
    seed = chunk_seed(9, 0)
    c = run_chunk(params, seed, 3000)
    assert np.all(np.diff(c["at_least"]) <= 0) and c["at_least"][0] > c["at_least"][-1]
    cards, _ = deal_games(stream(seed, DEAL), 3000, params.rules)
    p = np.array([e.success for e in estimate_many(counts_of(cards[:, 0]), 2, params.rules, 256, at_least=0.3)])
    assert c["at_least"][2] == (p >= 0.5).sum() > 0
    rows = {r["metric"]: r for r in summarize(TASK, c, params)}
    assert rows["sam.break_even"]["estimate"] == rows["sam.p_at_least.5"]["estimate"] == (p >= 0.5).mean()


def test_declared_sams_binned_by_their_own_odds():
    from cardodds.sim.sam.play_task import declared_odds

    rules = SamRules(players=4)
    cards, leader = deal_games(stream(chunk_seed(12, 0), DEAL), 4000, rules)
    b = play_batch(rules, cards, leader, [Control(declare="bayes"), Control(declare="oracle"), Control(), Control()])
    got = declared_odds(cards, b.declarer, rules)
    assert np.array_equal(got.sum(1), np.bincount(b.declarer[b.declarer >= 0], minlength=4))
    assert got[0, :5].sum() == 0 and got[0].sum() > 0  # bayes declares only from 1/2 up ...
    assert got[1, :5].sum() > 0  # ... the oracle also on hands it could not tell from weaker ones


def test_a_full_cache_is_emptied_before_it_is_read(monkeypatch):
    rules = SamRules(players=3)
    hands = counts_of(deal_games(stream(chunk_seed(13, 0), DEAL), 40, rules)[0][:, 0])
    first = estimate_many(hands[:20], 2, rules, 64)
    monkeypatch.setattr(declare, "_CACHE", {**declare._CACHE, "other": dict.fromkeys(range(declare.CACHE_MAX), None)})
    again = estimate_many(hands, 2, rules, 64)  # half of these were cached before the cache was full
    assert again[:20] == first and sum(map(len, declare._CACHE.values())) == 40


def test_rank_masks_and_highest_tops_by_their_definitions():
    """The table look-ups of :func:`declare._rank_masks` give the ranks held >= s times; :func:`highest_tops` the
    highest top per class that some opponent can form, computed here one move at a time."""
    rng = np.random.default_rng(3)
    opp = np.stack([np.bincount(rng.permutation(52)[:10] // 4, minlength=13) for _ in range(3000)]).astype(np.int8)
    m = declare._rank_masks(opp)
    for s in range(1, 5):
        want = ((opp >= s) * (1 << np.arange(13))).sum(1)
        assert np.array_equal((m >> (13 * (s - 1))) & 8191, want)
    for variant, options in RULES.items():
        t = move_table(SamRules(players=4, **options))
        deals = opp[:2400].reshape(200, 4, 3, 13)
        tops = declare.highest_tops(deals, t)
        can = np.zeros((200, 4, 3, t.n), bool)
        for mv in range(t.n):
            can[..., mv] = np.all(deals >= t.need[mv], axis=-1)
        for c in range(12):
            of_c = [mv for mv in range(t.n) if (t.kind[mv] if t.kind[mv] != declare.STRAIGHT
                                                 else 4 + t.length[mv] - 3) == c]
            want = np.where(can[..., of_c], t.top[of_c], -1).max(-1, initial=-1).max(-1)
            assert np.array_equal(tops[..., c], want), (variant, c)


@pytest.mark.slow
@pytest.mark.parametrize("opponents, declared, digest", [
    (1, 1127, "aadcd31477e2a341"), (2, 604, "e11b953c400794bb"), (3, 451, "6428bdeefa264257"),
    (4, 377, "6f78a2667fba1033"),
])
def test_decisions_as_before_the_speed_work(opponents, declared, digest, monkeypatch):
    """25,000 dealt hands a number of opponents (100,000 in all): the decisions and plans of the ``bayes`` declarer
    are those of the code before the speed work of issue 11 (table look-ups in ``highest_tops``, the early look's deals
    reused, held-out deals only for hands with a plan, the search stopped at the first split the early look needs, the
    decision cache); the digest was taken from that code."""
    import hashlib

    monkeypatch.setattr(declare, "_DECISIONS", {})
    monkeypatch.setattr(declare, "_CACHE", {})
    rules = SamRules(players=opponents + 1)
    cards = deal_games(stream(chunk_seed(2611, opponents), DEAL), -(-25_000 // (opponents + 1)), rules)[0]
    hands = counts_of(cards).reshape(-1, 13)[:25_000]
    want, plans = bayes_declare(hands, opponents, rules, Control(declare="bayes"), play_batch)
    assert want.sum() == declared
    assert hashlib.sha256(want.tobytes() + plans.tobytes()).hexdigest()[:16] == digest


@pytest.mark.parametrize("opponents", [1, 3])
def test_cached_decisions_are_the_uncached_ones(opponents, monkeypatch):
    """The decision cache changes no decision: hands (with repeats) decided in shuffled batches through the cache,
    then again all from it, equal the same hands decided with no cache; it is bounded and it is hit."""
    rules = SamRules(players=opponents + 1)
    cards = deal_games(stream(chunk_seed(31, opponents), DEAL), 3000, rules)[0]
    hands = counts_of(cards).reshape(-1, 13)
    strong = hands[declare.screen(hands, opponents, rules)]
    hands = np.concatenate([hands, strong, strong[::-1]])  # every screened hand three times
    player = Control(declare="bayes")
    monkeypatch.setattr(declare, "_DECISIONS", {})
    monkeypatch.setattr(declare, "DECISIONS_MAX", 0)  # no cache
    want, plans = bayes_declare(hands, opponents, rules, player, play_batch)
    assert declare.decision_cache_info()["size"] == 0 and want.sum() >= 20
    monkeypatch.setattr(declare, "DECISIONS_MAX", 500)
    monkeypatch.setattr(declare, "_DECISION_COUNTS", {"hits": 0, "misses": 0})
    order = np.random.default_rng(2).permutation(len(hands))
    got_w, got_p = np.zeros_like(want), np.full_like(plans, -7)
    for part in np.array_split(order, 7):
        got_w[part], got_p[part] = bayes_declare(hands[part], opponents, rules, player, play_batch)
        assert declare.decision_cache_info()["size"] <= 500
    assert np.array_equal(got_w, want) and np.array_equal(got_p, plans)
    again = bayes_declare(hands, opponents, rules, player, play_batch)
    assert np.array_equal(again[0], want) and np.array_equal(again[1], plans)
    info = declare.decision_cache_info()
    assert info["hits"] > 2 * len(strong) and info["misses"] >= len(np.unique(strong, axis=0))


def _oracle_masks(idx: np.ndarray, stand: np.ndarray) -> dict:
    """{move: bit mask of its deals} of one hand from its columns ``idx`` (F,) and ``stand`` (F, S)."""
    return {int(m): sum(1 << int(i) for i in stand[c].nonzero()[0]) for c, m in enumerate(idx)}


def test_mask_words_are_the_masks_by_move():
    rng = np.random.default_rng(4)
    for deals in (0, 8, 32, 64, 128, 200):
        form = rng.random((30, 120)) < 0.3
        idx, valid = declare._columns(form, None)
        stand = (rng.random((30, idx.shape[1], deals)) < 0.6) & valid[..., None]
        words = declare.mask_words(idx, stand, 120)
        assert words.shape == (30, 120, -(-deals // 64))
        for j in range(30):
            got = {m: sum(int(w) << (64 * k) for k, w in enumerate(words[j, m])) for m in range(120)}
            assert got == {m: 0 for m in range(120)} | _oracle_masks(idx[j], stand[j])


@pytest.mark.parametrize("variant", list(RULES))
def test_standing_from_deal_masks_is_unbeaten_by(variant):
    """The deals' rank masks made from the dealt cards are those of :func:`deals_of`; the moves standing on them
    (:func:`declare._standing`) are :func:`unbeaten_by` on the rank counts, restricted to the hand's moves."""
    rules = SamRules(players=4, **RULES[variant])
    t = move_table(rules)
    hands = counts_of(deal_games(stream(chunk_seed(17, 0), DEAL), 200, rules)[0][:, 0])
    idx, valid = declare._columns(declare.fast_formable(t, hands), t)
    for opponents, samples, first in ((3, 40, 0), (1, 16, 5), (4, 9, 4090), (2, 0, 3)):
        masks = declare.deal_masks(hands, opponents, samples, first)
        opp = deals_of(hands, opponents, samples, first)
        assert masks.shape == (200, samples, opponents) and np.array_equal(masks, declare._rank_masks(opp))
        got = declare._standing(t, masks, idx, valid, rules)
        want = np.take_along_axis(unbeaten_by(t, opp, rules), idx[:, None, :], axis=2) & valid[:, None, :]
        assert np.array_equal(got, want.transpose(0, 2, 1))


def test_estimate_is_the_one_pass_estimate():
    """The estimate made in stages (the early look's deals reused, held-out deals only for hands with a plan) is the
    plain one: every deal judged, the best plan on the first half (the depth-first search), its successes on the
    second."""
    rules = SamRules(players=4)
    t = move_table(rules)
    hands = counts_of(deal_games(stream(chunk_seed(14, 0), DEAL), 1500, rules)[0][:, 0])
    hands = hands[declare.screen(hands, 3, rules)][:150]
    stand = unbeaten_by(t, deals_of(hands, 3, 128), rules)  # (n, 128, moves)
    for at_least in (0.0, 0.5):
        declare._CACHE.clear()
        got = estimate_many(hands, 3, rules, samples=128, at_least=at_least)
        declare._CACHE.clear()
        n_plans = 0
        for j, h in enumerate(hands):
            masks = _oracle_masks(np.arange(t.n), stand[j, :64].T)
            best = plan_oracle.best_plan(h, masks, 64, t, rules.no_finish_on_two, int(np.ceil(at_least * 64)))
            if got[j].plan or at_least == 0:  # (the early look may drop a hand with a plan: not the case here)
                assert best[1] == got[j].plan
            if got[j].plan:
                n_plans += 1
                assert got[j].wins == stand[j, 64:][:, list(best[1][:-1])].all(1).sum()
            else:
                assert got[j].wins == 0
        assert n_plans >= 10


@pytest.mark.parametrize("variant, merge_from", [("default", 0), ("options", 0), ("default", 4)])
def test_vectorised_search_is_the_depth_first_search(variant, merge_from, monkeypatch):
    """:func:`plan_search.reaches` and :func:`plan_search.best_plans` (every hand at once, equal states merged at every
    step or only when many) answer as the depth-first search of ``plan_oracle`` one hand at a time, plans and ties
    included: on real deals and on random masks, in one word of deals and in two, for several bars."""
    monkeypatch.setattr(plan_search, "MERGE_FROM", merge_from)
    rules = SamRules(players=4, **RULES[variant])
    t = move_table(rules)
    nf2 = rules.no_finish_on_two
    hands = counts_of(deal_games(stream(chunk_seed(15, 0), DEAL), 3000, rules)[0][:, 0])
    hands = hands[declare.screen(hands, 3, rules)][:120]
    idx, valid = declare._columns(declare.fast_formable(t, hands), t)
    codes = declare.guard_codes(hands)
    rng = np.random.default_rng(6)
    yes = 0
    for deals in (32, 100):
        real = declare._standing(t, declare.deal_masks(hands, 3, deals), idx, valid, rules)
        noise = (rng.random(real.shape) < 0.75) & valid[..., None]
        for stand in (real, noise):
            words = declare.mask_words(idx, stand, t.n)
            masks = [_oracle_masks(idx[j], stand[j]) for j in range(len(hands))]
            for at_least in (0, 1, 7, deals // 2, deals + 1):
                ok = plan_search.reaches(codes, words, deals, at_least, t, nf2)
                count, plans = plan_search.best_plans(codes, words, deals, at_least, t, nf2)
                for j, h in enumerate(hands):
                    want = plan_oracle.best_plan(h, masks[j], deals, t, nf2, at_least)
                    assert (count[j], tuple(plans[j][plans[j] >= 0].tolist())) == want
                    assert ok[j] == plan_oracle.reaches(h, masks[j], deals, t, nf2, at_least) == bool(want[1])
                yes += ok.sum()
    assert yes > 100


@pytest.mark.parametrize("options", [{}, dict(straights="3_to_a"), dict(quad_counts_as_triple=False),
                                     dict(quad_counts_as_two_pairs=False),
                                     dict(quad_counts_as_triple=False, quad_counts_as_two_pairs=False)])
def test_toi_trang_from_masks_is_the_engines(options):
    """The opponents' tới trắng read from their rank masks = the engine's flags on their counts, on random deals and
    on hands built to hold each kind."""
    rules = SamRules(players=4, **options)
    rng = np.random.default_rng(5)
    opp = np.stack([np.bincount(rng.permutation(52)[:10] // 4, minlength=13) for _ in range(6000)])
    from cardodds.sim.sam.hand import _sanh_rong_windows

    built = [list(w) for w in _sanh_rong_windows("a23_to_qka")] + [
        [4, 1, 1] + [0] * 9 + [4], [1] * 6 + [0] * 6 + [4], [3, 3, 3, 1] + [0] * 9,
        [4, 3, 3] + [0] * 10, [4, 3, 2, 1] + [0] * 9, [2, 2, 2, 2, 2] + [0] * 8, [4, 2, 2, 2] + [0] * 9,
        [4, 4, 2] + [0] * 10, [2, 2, 2, 2, 1, 1] + [0] * 7, [4, 4, 1, 1] + [0] * 9]
    assert all(len(b) == 13 and sum(b) == 10 for b in built)
    opp = np.concatenate([opp, np.array(built)])
    opp = opp[: len(opp) // 3 * 3].reshape(-1, 1, 3, 13).astype(np.int8)
    want = toi_trang_any(opp, rules)
    got = declare._toi_trang_any_masks(declare._rank_masks(opp), rules)
    assert np.array_equal(got, want) and want.any()
    single = np.array(built)[:, None, None, :].astype(np.int8)  # each built hand alone
    assert np.array_equal(declare._toi_trang_any_masks(declare._rank_masks(single), rules),
                          toi_trang_any(single, rules))


def test_screen_in_blocks_is_the_screen(monkeypatch):
    rules = SamRules(players=4)
    hands = counts_of(deal_games(stream(chunk_seed(16, 0), DEAL), 5000, rules)[0]).reshape(-1, 13)
    whole = screen(hands, 3, rules, table=False)
    monkeypatch.setattr(declare, "SCREEN_BLOCK", 999)
    assert np.array_equal(screen(hands, 3, rules, table=False), whole) and 0 < whole.sum() < len(hands)


@pytest.mark.parametrize("players", [2, 4, 5])
def test_cards_of_is_the_copy_by_copy_deal(players):
    """cards_of (owners of each card id, a stable sort) = the deal copy by copy it replaced: seat p takes copies
    first .. first + count - 1 of each rank, copy j having suit (offset + j) % 4; games with fewer than all cards dealt."""
    cards, _ = deal_games(stream(chunk_seed(21, players), DEAL), 5000, SamRules(players=players))
    seat_counts = counts_of(cards)
    keys = mix64(np.arange(5000, dtype=np.uint64))
    first = np.cumsum(seat_counts, axis=1) - seat_counts
    offset = (mix64(keys[:, None] + np.arange(13, dtype=np.uint64)) % np.uint64(4)).astype(np.int64)
    g, p, r, j = np.nonzero(np.arange(4) < seat_counts[..., None])
    want = np.sort((4 * r + (offset[g, r] + first[g, p, r] + j) % 4).reshape(5000, players, 10), axis=-1)
    assert np.array_equal(cards_of(seat_counts, keys), want)


def test_deals_of_is_the_fancy_indexed_deal():
    """deals_of (one flat take, counters added in place) = the deal it replaced: the hand's unseen cards indexed by
    its rows of the fixed table of orders, counted by bincount."""
    hands = counts_of(deal_games(stream(chunk_seed(17, 0), DEAL), 400, SamRules(players=4))[0][:, 0])
    for opponents, samples, first, salt in ((1, 32, 0, 0), (3, 96, 32, 0), (4, 16, 4090, 2)):
        n = len(hands)
        unseen = (np.nonzero((np.arange(4) < (4 - hands)[..., None]).reshape(n, -1))[1] // 4).reshape(n, 42)
        start = (declare.hand_keys(hands, opponents, salt) % np.uint64(declare.N_PERMS)).astype(np.int64)
        rows = (start[:, None] + first + np.arange(samples)) % declare.N_PERMS
        ranks = unseen[np.arange(n)[:, None, None], declare._perms()[:, : opponents * 10][rows]]
        slot = np.arange(n * samples * opponents).reshape(n, samples, opponents, 1) * 13
        want = np.bincount((slot + ranks.reshape(n, samples, opponents, 10)).ravel(),
                           minlength=n * samples * opponents * 13).reshape(n, samples, opponents, 13)
        got = deals_of(hands, opponents, samples, first, salt)
        assert got.dtype == np.int8 and np.array_equal(got, want)
