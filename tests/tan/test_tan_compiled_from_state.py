"""The compiled Tấn engine resumed from a state (``compiled.play_from_state``) ends every game as the numpy engine's
``batch.play_from_state`` does, on the states the search players' own rollouts start from."""

import copy

import numpy as np
import pytest

pytest.importorskip("numba")

import cardodds.sim.tan.expert as expert_module  # noqa: E402
import cardodds.sim.tan.ismcts as ismcts_module  # noqa: E402
from cardodds.analysis.strength import TABLES  # noqa: E402
from cardodds.sim.errors import CardoddsError  # noqa: E402
from cardodds.sim.tan import batch, compiled  # noqa: E402
from cardodds.sim.tan.classic import Classic  # noqa: E402
from cardodds.sim.tan.deal import deal_orders  # noqa: E402
from cardodds.sim.tan.expert import Expert  # noqa: E402
from cardodds.sim.tan.ismcts import Ismcts  # noqa: E402
from cardodds.sim.tan.rules import TanRules  # noqa: E402
from cardodds.sim.tan.strategies import Basic, Heuristic, Tuned  # noqa: E402

FIELDS = ("loser", "draw", "truncated", "bouts", "pickups", "first_attacker")


def searched_states(module, monkeypatch, rules, searcher, games, seed):
    """Every rollout call ``searcher`` makes while it plays ``games`` batch games at seat 0 against heuristic
    players: ``(state, strategies, force_attack, force_defend, numpy result)``, the state as the search built it
    (the numpy engine plays on a copy)."""
    calls = []

    def record(rules_, state, strategies, **kw):
        res = batch.play_from_state(rules_, copy.deepcopy(state), strategies, **kw)
        calls.append((state, strategies, kw.get("force_attack"), kw.get("force_defend"), res))
        return res

    monkeypatch.setattr(module, "play_from_state_auto", record)
    o, f = deal_orders(rules, np.random.default_rng(seed), games)
    batch.play_batch(rules, o, f, [searcher] + [Heuristic()] * (rules.players - 1), rng=np.random.default_rng(seed))
    return calls


def assert_same(rules, calls, want_kinds=("attack", "defend")):
    """The compiled engine on each recorded state: every game's outcome equal to the numpy engine's."""
    kinds, games = set(), 0
    for state, strategies, fa, fd, ref in calls:
        got = compiled.play_from_state(rules, state, strategies, check=True, force_attack=fa, force_defend=fd)
        for f in FIELDS:
            a, b = getattr(ref, f), getattr(got, f)
            bad = np.nonzero(a != b)[0]
            assert bad.size == 0, f"{f}: game {bad[:1]} numpy {a[bad[:1]]} compiled {b[bad[:1]]}"
            assert a.dtype == b.dtype, f
        kinds.add("attack" if fd is None else "defend")
        games += state.top.shape[0]
    assert kinds == set(want_kinds) and games > 1000
    losers = np.concatenate([c[4].loser for c in calls])
    assert (losers == 0).any() and (losers == 1).any()  # both endings occur, not one trivial outcome


@pytest.mark.parametrize("rules,expert", [
    (TABLES["2p36"], Expert()),  # the default expert at 2p36: 256 worlds, tuned rollouts
    (TanRules(players=4), Expert(worlds=6, max_candidates=3)),  # heuristic rollouts, 4 seats
    (TanRules(players=3, defender_runs_out="others_may_continue", throw_in_after_take=True,
              trump_exchange="two_only"), Expert(worlds=6, rollout="basic", max_candidates=3)),
    (TanRules(players=2, refill_order="attacker_others_defender", max_attack_cards=2),
     Expert(worlds=8, rollout="tuned", solve_cards=0))])
def test_states_from_the_experts_searches_end_alike(monkeypatch, rules, expert):
    assert_same(rules, searched_states(expert_module, monkeypatch, rules, expert, 3, seed=rules.players))


def test_states_from_ismcts_searches_end_alike(monkeypatch):
    rules = TABLES["2p36"]
    assert_same(rules, searched_states(ismcts_module, monkeypatch, rules, Ismcts(iterations=32, wave=16), 3, 21))


def test_steps_are_the_longest_resumed_game(monkeypatch):
    rules = TanRules(players=3)
    calls = searched_states(expert_module, monkeypatch, rules, Expert(worlds=4, max_candidates=3), 1, 5)
    for state, strategies, fa, fd, _ in calls[:20]:
        ref = batch.play_from_state(rules, copy.deepcopy(state), strategies, handoff_bouts=None, force_attack=fa,
                                    force_defend=fd)
        assert compiled.play_from_state(rules, state, strategies, force_attack=fa, force_defend=fd).steps == ref.steps


def test_a_state_reached_by_the_batch_engine_ends_as_played_through():
    """States cut from batch games at several steps, no move forced: the compiled engine ends them as the numpy
    engine played them through."""
    rules = TanRules(players=4, defender_runs_out="others_may_continue")
    seats = [Heuristic(), Basic(), Tuned(), Heuristic(save_trumps=False)]
    o, f = deal_orders(rules, np.random.default_rng(8), 400)
    full = batch.play_batch(rules, o, f, seats)
    for steps in (0, 3, 25, 60):
        g, state = batch.play_to_step(rules, o, f, seats, steps)
        got = compiled.play_from_state(rules, state, seats, check=True)
        for name in FIELDS:
            assert (getattr(full, name)[g] == getattr(got, name)).all(), f"steps {steps}: {name} differs"


def one_state(rules, steps=0):
    """A state of one game after ``steps`` batch steps (0: the first lead)."""
    o, f = deal_orders(rules, np.random.default_rng(3), 1)
    return batch.play_to_step(rules, o, f, [Basic()] * rules.players, steps)[1]


def test_check_catches_an_illegal_forced_move_and_a_lost_card():
    rules = TanRules(players=2)
    state = one_state(rules)
    cur = int(state.cur[0])
    not_held = next(c for c in range(52) if not int(state.hands[cur, 0]) >> c & 1)
    with pytest.raises(AssertionError, match="illegal attack card"):
        compiled.play_from_state(rules, state, [Basic()] * 2, check=True, force_attack=np.array([not_held]))
    lost = copy.deepcopy(state)
    lost.hands[cur, 0] &= lost.hands[cur, 0] - np.uint64(1)  # drop the seat's lowest card
    with pytest.raises(AssertionError, match="card lost"):
        compiled.play_from_state(rules, lost, [Basic()] * 2, check=True)


def test_a_state_that_cannot_end_stops_with_one_line():
    """Every hand empty and the stock empty but both seats in: no move ends the bout (the numpy engine would loop
    for ever); the kernel stops it after its bound."""
    rules = TanRules(players=2)
    state = one_state(rules, 4)
    state.hands[:] = 0
    state.top[:] = rules.stock_size
    state.att[:], state.cov[:] = 0, 0
    with pytest.raises(CardoddsError, match="more than 4096 moves in one bout"):
        compiled.play_from_state(rules, state, [Basic()] * 2)


def test_bad_shapes_give_one_line():
    rules = TanRules(players=2)
    state = one_state(rules)
    with pytest.raises(CardoddsError, match="one move for each of the 1 games"):
        compiled.play_from_state(rules, state, [Basic()] * 2, force_attack=np.array([-2, -2]))
    with pytest.raises(CardoddsError, match=r"hands and out of shape \(3, 1\)"):
        compiled.play_from_state(TanRules(players=3), state, [Basic()] * 3)
    with pytest.raises(CardoddsError, match=r"does not play 'expert' \(seat 1\)"):
        compiled.play_from_state(rules, state, [Basic(), Expert()])


def test_auto_picks_the_engine_as_chosen_says(monkeypatch):
    """Compiled players go to the kernel; a player without a kernel (``classic``), ``CARDODDS_COMPILED=0`` or no
    numba go to the numpy engine; the outcomes are the same."""
    rules = TanRules(players=2)
    state = one_state(rules)
    used = []
    for name, fn in (("compiled", compiled.play_from_state), ("numpy", batch.play_from_state)):
        monkeypatch.setattr(compiled if name == "compiled" else batch, "play_from_state",
                            lambda *a, fn=fn, name=name, **k: used.append(name) or fn(*a, **k))
    ref = batch.play_from_state(rules, copy.deepcopy(state), [Basic()] * 2)
    used.clear()
    got = compiled.play_from_state_auto(rules, copy.deepcopy(state), [Basic()] * 2)
    assert used == ["compiled"] and all(np.array_equal(getattr(ref, f), getattr(got, f)) for f in FIELDS)
    compiled.play_from_state_auto(rules, copy.deepcopy(state), [Classic()] * 2)
    monkeypatch.setenv("CARDODDS_COMPILED", "0")
    compiled.play_from_state_auto(rules, copy.deepcopy(state), [Basic()] * 2)
    monkeypatch.delenv("CARDODDS_COMPILED")
    monkeypatch.setattr(compiled, "available", lambda: False)
    compiled.play_from_state_auto(rules, copy.deepcopy(state), [Basic()] * 2)
    assert used == ["compiled", "numpy", "numpy", "numpy"]


def test_the_expert_plays_the_same_games_on_either_rollout_engine(monkeypatch):
    """Whole games with an expert and an ismcts seat, rollouts compiled and then numpy: the same games."""
    rules = TABLES["2p36"]
    o, f = deal_orders(rules, np.random.default_rng(77), 2)
    seats = [Expert(worlds=8, max_candidates=3), Ismcts(iterations=16, wave=8)]
    a = batch.play_batch(rules, o, f, seats, rng=np.random.default_rng(2))
    monkeypatch.setenv("CARDODDS_COMPILED", "0")
    b = batch.play_batch(rules, o, f, seats, rng=np.random.default_rng(2))
    for name in FIELDS:
        assert np.array_equal(getattr(a, name), getattr(b, name)), name
    assert a.steps == b.steps
