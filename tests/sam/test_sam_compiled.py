"""The compiled Sâm engine (``cardodds.sim.sam.compiled``) plays every game as the numpy batch engine does: the same
outcome, winner, payments, tới trắng, declarer, cóng, thối 2, chặt, plays, đền and steps, game for game, under the
rules options, with and without declared Sâms; ``sam.play`` goes to it when it is chosen, with the same counts."""

import copy

import numpy as np
import pytest

from cardodds.sim.errors import CardoddsError
from cardodds.sim.sam import batch, compiled, play_task
from cardodds.sim.sam.conformance_parts import same_results as assert_same
from cardodds.sim.sam.reference import deal_games
from cardodds.sim.sam.rules import OUTCOMES, SamRules
from cardodds.sim.sam.strategies import Control, Greedy, RandomLegal
from cardodds.sim.streams import DEAL, chunk_seed, stream

pytestmark = pytest.mark.skipif(not compiled.available(), reason="numba is not installed")

DECLARING = [Control(declare="threshold", threshold=0.55), Greedy(declare="oracle"), Greedy(chop_first=True),
             Control(danger=2, block_bao1=False), Control(declare="oracle")]
NEVER = [Control(), Greedy(), Control(danger=6), Greedy(chop_first=True), Control(block_bao1=False)]

VARIANTS = {
    "default": {},
    "options": dict(play_on_after_failed_sam=True, no_finish_on_two=False, toi_trang_tie="by_kind",
                    straights="3_to_a", den_bai=False, heo_hang_includes_quads=True, quad_beats=["single_two"]),
    "no_chop": dict(quad_beats=[], first_leader="seat0", pay={"cong": 10, "two": 3, "card": 2}),
    "chops": dict(quad_beats=["single_two", "pair_two", "lower_quad"], thoi_hang=True, play_on_after_failed_sam=True),
}


@pytest.mark.parametrize("variant", list(VARIANTS))
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_game_for_game(players, variant):
    """Declaring players (threshold, oracle: played by the plan) and never-declaring ones, every rules variant."""
    rules = SamRules(players=players, **VARIANTS[variant])
    n = 600  # x 16 settings x 2 seatings: 19,200 games
    cards, leader = deal_games(stream(chunk_seed(77, players), DEAL), n, rules)
    seen = set()
    for seats in (DECLARING[:players], NEVER[:players]):
        a = batch.play_batch(rules, cards, leader, seats)
        b = compiled.play_batch(rules, cards, leader, seats)
        assert_same(a, b, f"{players} players, {variant}")
        seen |= {OUTCOMES[o] for o in b.outcome}
        assert np.all(b.pay.sum(1) == 0)
    assert {"normal", "sam_success", "toi_trang"} <= seen
    if not rules.play_on_after_failed_sam:
        assert "sam_fail" in seen


@pytest.mark.parametrize("players", [3, 4])
def test_den_on_pass_game_for_game(players):
    """den_on_pass, with players that keep their 2s against a báo 1 (so they pass where they could block): the
    compiled engine plays as the numpy one, and the option changes some games."""
    seats = [Control(danger=0, block_bao1=False), Greedy(), Control(danger=0, block_bao1=False),
             Control(danger=0, block_bao1=False)][:players]
    rules = SamRules(players=players, den_on_pass=True)
    cards, leader = deal_games(stream(chunk_seed(5, players), DEAL), 600, rules)
    got = compiled.play_batch(rules, cards, leader, seats)
    assert_same(batch.play_batch(rules, cards, leader, seats), got, f"{players} players, den_on_pass")
    off = compiled.play_batch(SamRules(players=players), cards, leader, seats)
    assert (got.den != off.den).sum() > 10 and np.all(got.den[got.den != off.den] >= 0)


def test_counters_are_exercised():
    """The comparison above sees đền, cóng, thối 2, chặt chains and void games (not only zeros)."""
    rules = SamRules(players=2)
    cards, leader = deal_games(stream(chunk_seed(78, 2), DEAL), 3000, rules)
    b = compiled.play_batch(rules, cards, leader, [Control(), Greedy()])
    assert_same(batch.play_batch(rules, cards, leader, [Control(), Greedy()]), b)
    assert (b.den >= 0).any() and b.cong.any() and (b.thoi_2 > 0).any() and (b.chops > 0).any()
    assert (b.outcome == OUTCOMES.index("void")).any()


def test_cards_of_any_integer_dtype_play_alike():
    """``deal_state`` hands the kernel int8 cards (one compiled specialisation whatever the caller's dtype): int64 and
    int16 cards play the numpy engine's games too, a declaring (threshold) table and a never-declaring one."""
    rules = SamRules(players=4)
    cards, leader = deal_games(stream(chunk_seed(79, 4), DEAL), 300, rules)
    for seats in ([Control(declare="threshold", threshold=0.55)] * 4, NEVER[:4]):
        want = batch.play_batch(rules, cards, leader, seats)
        assert want.declarer.max() >= 0 or seats[0].declare == "never"
        for dtype in (np.int64, np.int16):
            assert_same(want, compiled.play_batch(rules, cards.astype(dtype), leader, seats), str(dtype))


def _mid_game_states(rules, seats, n, steps, seed):
    """States after ``steps`` numpy steps from fresh deals (some games over, Sâms under way), and the first actions
    of another player (greedy) from there (legal moves; PASS where it passes or has no legal lead)."""
    cards, leader = deal_games(stream(chunk_seed(seed, rules.players), DEAL), n, rules)
    st = batch._deal_state(rules, cards, leader, seats)
    games = batch.SamBatch(rules, st, seats)
    for _ in range(steps):
        games.step()
    first = np.full(n, batch.PASS, np.int64)

    def record(*, kind, game, seat, asked, choice):
        if not record.done:
            first[game] = choice
            record.done = True
    record.done = False
    batch.play_from_state(rules, copy.deepcopy(st), [Greedy()] * rules.players, observer=record)
    return st, first


@pytest.mark.parametrize("variant", ["default", "chops"])
def test_play_from_state(variant):
    """From mid-game states, with and without given first actions: the same results, and the same state after."""
    rules = SamRules(players=4, **VARIANTS[variant])
    seats = [Control(declare="threshold", threshold=0.55), Greedy(), Control(declare="oracle"), Control(danger=3)]
    for steps in (3, 11):
        st, first = _mid_game_states(rules, seats, 800, steps, 90 + steps)
        for f in (None, first):
            s_np, s_c = copy.deepcopy(st), copy.deepcopy(st)
            a = batch.play_from_state(rules, s_np, seats, first=f)
            b = compiled.play_from_state(rules, s_c, seats, first=f)
            assert_same(a, b, f"{steps} steps, first={f is not None}")
            for name in vars(st):
                assert np.array_equal(getattr(s_np, name), getattr(s_c, name)), name


def test_play_task_same_counts_both_engines(monkeypatch):
    """``sam.play`` counts of one chunk are byte-identical with ``CARDODDS_COMPILED=0`` (numpy) and without it."""
    params = play_task.parse({"rules": {"players": 4}, "strategies": {
        "seats": ["control", {"name": "control", "declare": "threshold", "threshold": 0.6}, "greedy", "control"]}},
        "test")
    assert compiled.chosen(params.rules, params.strategies)
    monkeypatch.delenv("CARDODDS_COMPILED", raising=False)
    with_kernel = play_task.run_chunk(params, chunk_seed(5, 0), 3000)
    monkeypatch.setenv("CARDODDS_COMPILED", "0")
    assert not compiled.chosen(params.rules, params.strategies)
    with_numpy = play_task.run_chunk(params, chunk_seed(5, 0), 3000)
    assert with_kernel.keys() == with_numpy.keys()
    for k in with_kernel:
        assert with_kernel[k].tobytes() == with_numpy[k].tobytes(), k
    assert with_kernel["sam_declare"].sum() > 0


def test_chosen_and_errors(monkeypatch):
    """Other players, an observer or ``CARDODDS_COMPILED=0`` go to numpy; a bad flag or player is one clear error."""
    monkeypatch.delenv("CARDODDS_COMPILED", raising=False)
    rules = SamRules(players=3)
    assert compiled.chosen(rules, Control()) and compiled.chosen(rules, [Greedy(), Control(), Control()])
    assert not compiled.chosen(rules, [RandomLegal(), Control(), Control()])
    assert not compiled.chosen(rules, [Control()] * 2)
    assert not compiled.chosen(rules, Control(), observer=lambda *a: None)
    cards, leader = deal_games(stream(chunk_seed(3, 3), DEAL), 50, rules)
    rng = np.random.default_rng(1)
    seats = [RandomLegal(), Control(), Control()]
    r = compiled.play_batch_auto(rules, cards, leader, seats, rng=rng)  # the numpy engine, its random numbers
    assert_same(r, batch.play_batch(rules, cards, leader, seats, rng=np.random.default_rng(1)))
    with pytest.raises(CardoddsError, match=r"does not play 'random' \(seat 0\): use the numpy engine"):
        compiled.play_batch(rules, cards, leader, seats)
    monkeypatch.setenv("CARDODDS_COMPILED", "yes")
    with pytest.raises(CardoddsError, match="CARDODDS_COMPILED must be 0 or 1"):
        compiled.chosen(rules, Control())


def test_expert_rollouts(monkeypatch):
    """Every rollout batch of the ``expert`` (``expert.play_from_state_auto`` on its ``rollout_state``, with the
    candidate first moves) gives the same result and the same state on the compiled engine; its games are unchanged."""
    from cardodds.sim.sam import expert as expert_mod
    from cardodds.sim.sam.expert import Expert

    calls = [0]

    def both(rules, st, strategies, rng=None, first=None, observer=None):
        s_c = copy.deepcopy(st)
        a = batch.play_from_state(rules, st, strategies, rng, first=first)
        b = compiled.play_from_state_auto(rules, s_c, strategies, rng, first=first)
        assert compiled.chosen(rules, strategies)
        assert_same(a, b, "rollouts")
        for name in vars(st):
            assert np.array_equal(getattr(st, name), getattr(s_c, name)), name
        calls[0] += 1
        return a

    rules = SamRules(players=3)
    cards, leader = deal_games(stream(chunk_seed(4, 3), DEAL), 40, rules)
    seats = [Expert(worlds=8, rollout="greedy"), Expert(worlds=8), Control()]
    plain = batch.play_batch(rules, cards, leader, seats)
    monkeypatch.setattr(expert_mod, "play_from_state_auto", both)
    assert_same(plain, batch.play_batch(rules, cards, leader, seats))
    assert calls[0] > 10


@pytest.mark.parametrize("variant", ["default", "options", "chops"])
def test_deal_state(variant):
    """The compiled deal state (tới trắng, its payments, threshold declarations) is ``batch._deal_state``'s, field by
    field; an oracle seat's deals go to the numpy code."""
    extra = {"options": dict(quad_counts_as_triple=False, quad_counts_as_two_pairs=False)}.get(variant, {})
    rules = SamRules(players=4, **{**VARIANTS[variant], **extra})
    cards, leader = deal_games(stream(chunk_seed(66, 4), DEAL), 20000, rules)
    seats = [Control(declare="threshold", threshold=0.6), Greedy(), Control(declare="threshold", threshold=0.55),
             Control()]
    a, b = batch._deal_state(rules, cards, leader, seats), compiled.deal_state(rules, cards, leader, seats)
    for name in vars(a):
        x, y = getattr(a, name), getattr(b, name)
        assert x.dtype == y.dtype and np.array_equal(x, y), name
    assert len(np.unique(a.kinds)) == 6 and (a.declarer >= 0).sum() > 100 and a.done.sum() > 100
    oracle = [Control(declare="oracle")] + seats[1:]
    assert np.array_equal(compiled.deal_state(rules, cards[:200], leader[:200], oracle).declarer,
                          batch._deal_state(rules, cards[:200], leader[:200], oracle).declarer)


def test_kernel_constants_match_the_engine():
    """The kernel's own copies of the engine's constants (numba freezes globals into its cache) are the engine's."""
    from cardodds.sim.sam import cards, hand
    from cardodds.sim.sam.kernel import deal, game

    outcomes = (batch.NORMAL, batch.TOI_TRANG, batch.SAM_SUCCESS, batch.SAM_FAIL, batch.VOID)
    assert (game.NORMAL, game.TOI_TRANG, game.SAM_SUCCESS, game.SAM_FAIL, game.VOID) == outcomes
    assert deal.TOI_TRANG == batch.TOI_TRANG
    assert (game.SINGLE, game.PAIR, game.QUAD) == (hand.SINGLE, hand.PAIR, hand.QUAD)
    assert (game.LANE, game.TWO_BIT, game.QUAD_BITS, game.N_CLS) == (batch.LANE, batch.TWO_BIT, batch.QUAD_BITS,
                                                                     batch.N_CLS)
    assert game.TWOS == batch.TWO_BIT * batch.LANES4 and game.STUCK not in range(len(OUTCOMES))
    assert (deal.N_RANKS, deal.TWO, deal.HAND_SIZE, game.HAND_SIZE) == (cards.N_RANKS, cards.TWO, cards.HAND_SIZE,
                                                                         cards.HAND_SIZE)
    assert game.TWO_RANK == cards.TWO
