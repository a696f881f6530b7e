"""Differential tests: the batch engine plays every game exactly as the reference engine does."""

from collections import Counter

import numpy as np
import pytest
from sam_agreement import agree

from cardodds.sim.sam.batch import fast_formable, play_batch
from cardodds.sim.sam.hand import move_table
from cardodds.sim.sam.reference import deal_games, play_game
from cardodds.sim.sam.rules import OUTCOMES, SamRules
from cardodds.sim.sam.strategies import Control, Greedy, RandomLegal
from cardodds.sim.streams import DEAL, PLAY, chunk_seed, stream

STRATS = [Control(declare="threshold", threshold=0.6), Greedy(declare="oracle"), Greedy(), Control(), Control(danger=2)]

VARIANTS = {
    "default": {},
    "options": dict(play_on_after_failed_sam=True, no_finish_on_two=False, toi_trang_tie="by_kind",
                    straights="3_to_a", den_bai=False, heo_hang_includes_quads=True, quad_beats=["single_two"]),
    "no_chop": dict(quad_beats=[], first_leader="seat0", pay={"cong": 10, "two": 3}),
    "texts": dict(quad_beats=["single_two", "pair_two", "lower_quad"], thoi_hang=True),
}


@pytest.mark.parametrize("variant", list(VARIANTS))
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_engines_agree_game_for_game(players, variant):
    rules = SamRules(players=players, **VARIANTS[variant])
    n = 400  # × 12 settings: 4800 deals
    cards, leader = deal_games(stream(chunk_seed(2024, players), DEAL), n, rules)
    strats = STRATS[:players]
    b = play_batch(rules, cards, leader, strats)
    assert np.all(b.pay.sum(1) == 0)
    bad = [i for i in range(n) if not agree(b, i, play_game(cards[i], int(leader[i]), rules, strats))]
    assert bad == []
    seen = Counter(OUTCOMES[o] for o in b.outcome)
    assert seen["normal"] > n // 2 and seen["sam_success"] > 0 and seen["toi_trang"] > 0
    assert b.cong.any() and (b.thoi_2 > 0).any()  # the comparison covers cóng and thối 2 ...
    if rules.den_bai:
        assert (b.den >= 0).any()  # ... and đền
    if not rules.play_on_after_failed_sam:
        assert seen["sam_fail"] > 0
    if players == 2 and rules.no_finish_on_two:
        assert seen["void"] > 0


@pytest.mark.parametrize("players", [3, 4])
def test_engines_agree_with_den_on_pass(players):
    """den_on_pass: players that keep their 2s even against a báo 1 pass where they could block, and the engines
    still agree game for game; the option changes some games (a đền after such a pass)."""
    rules, off = SamRules(players=players, den_on_pass=True), SamRules(players=players)
    n = 400
    cards, leader = deal_games(stream(chunk_seed(5, players), DEAL), n, rules)
    strats = [Control(danger=0, block_bao1=False), Greedy(), Control(danger=0, block_bao1=False),
              Control(danger=0, block_bao1=False)][:players]
    b = play_batch(rules, cards, leader, strats)
    assert [i for i in range(n) if not agree(b, i, play_game(cards[i], int(leader[i]), rules, strats))] == []
    b0 = play_batch(off, cards, leader, strats)
    changed = (b.den != b0.den) | (b.pay != b0.pay).any(1)
    assert changed.sum() > 10 and np.all(b.den[changed] >= 0) and np.all(b0.den[changed] == -1)
    assert np.all(b.pay.sum(1) == 0)


def planted_quads(n, players, seed, seats=(1, 2)):
    """Deals where ``seats`` (two) hold a tứ quý each (random ranks other than 2), the rest random."""
    rng = np.random.default_rng(seed)
    cards = np.zeros((n, players, 10), np.int64)
    for i in range(n):
        r1, r2 = rng.choice(12, size=2, replace=False)
        quads = [list(range(4 * r1, 4 * r1 + 4)), list(range(4 * r2, 4 * r2 + 4))]
        rest = rng.permutation([c for c in range(52) if c // 4 not in (r1, r2)])
        k = 0
        for s in range(players):
            given = quads[seats.index(s)] if s in seats else []
            take = 10 - len(given)
            cards[i, s] = sorted(given + list(rest[k:k + take]))
            k += take
    return cards, rng.integers(0, players, size=n)


@pytest.mark.parametrize("texts", [False, True])
def test_engines_agree_on_chop_chains(texts):
    # players who chop whenever they can, two tứ quý at the table: chặt of a 2, then chains of chặt; with the
    # texts' options also chặt of a pair of 2s and tứ quý left in a loser's hand (thối hàng)
    rules = SamRules(players=4, quad_beats=["single_two", "pair_two", "lower_quad"], thoi_hang=True) if texts \
        else SamRules(players=4)
    n = 600
    cards, leader = planted_quads(n, 4, 77)
    strats = [Greedy(chop_first=True)] * 4
    b = play_batch(rules, cards, leader, strats)
    assert (b.chops >= 2).sum() > 5
    bad = [i for i in range(n) if not agree(b, i, play_game(cards[i], int(leader[i]), rules, strats))]
    assert bad == []


def test_fast_formable_equals_formable():
    rng = np.random.default_rng(5)
    for straights in ("a23_to_qka", "3_to_a"):
        t = move_table(SamRules(straights=straights))
        counts = rng.integers(0, 5, size=(3000, 13)) * (rng.random((3000, 13)) < 0.6)
        assert np.array_equal(fast_formable(t, counts), t.formable(counts))


def test_random_strategy_batch_zero_sum_and_metrics():
    rules = SamRules()
    ss = chunk_seed(3, 0)
    cards, leader = deal_games(stream(ss, DEAL), 3000, rules)
    b = play_batch(rules, cards, leader, RandomLegal(declare="threshold", threshold=0.62), rng=stream(ss, PLAY))
    assert np.all(b.pay.sum(1) == 0)
    norm = b.outcome == 0
    assert np.all(b.winner[norm] >= 0) and np.all(b.winner[b.outcome == 4] == -1)
    assert b.chops.sum() > 0 and b.cong.sum() > 0 and b.thoi_2.sum() > 0 and b.den.max() >= 0


def test_the_rules_come_first():
    """The engines take the rules first, as every game's do; the old order (rules third) fails naming the new one."""
    rules = SamRules(players=3)
    cards, leader = deal_games(stream(chunk_seed(7, 0), DEAL), 4, rules)
    with pytest.raises(TypeError, match=r"play_batch\(rules, cards, leader"):
        play_batch(cards, leader, rules, Greedy())
    from cardodds.sim.sam.batch import _deal_state, play_from_state

    st = _deal_state(rules, cards, leader, [Greedy()] * 3)
    with pytest.raises(TypeError, match=r"play_from_state\(rules, state"):
        play_from_state(st, rules, Greedy())
