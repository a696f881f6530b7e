"""The Chắn expert on the batch engine: the same worlds, the same decisions and the same games as on the reference
engine, and decisions that read only what the seat may see (other seats' declined cards and bòn chances included)."""

import numpy as np
import pytest

import cardodds.sim.chan.expert_batch as expert_batch
from cardodds.sim.chan.arrays import ACT_CA, ACT_CHAN, ACT_CHIU, ACT_NONE, OTHER_Y
from cardodds.sim.chan.batch import Rows, play_from_games, state_from_games
from cardodds.sim.chan.deal import deal_orders
from cardodds.sim.chan.expert import (Expert, clone, deal_world, determinize, pick, turn_order, unseen_cards,
                                      view_keys, view_vector, world_uniforms)
from cardodds.sim.chan.play_task import TASK, run_chunk
from cardodds.sim.chan.reference import ChanGame
from cardodds.sim.chan.rules import ChanRules
from cardodds.sim.chan.strategies import Basic, Tuned
from cardodds.sim.streams import chunk_seed

KINDS = ("danh", "act", "chiu", "tra_cua")


def _cut_states(per_kind: int, n_deals: int = 60):
    """Reference games (tuned players) stopped at decisions with more than one legal move, up to ``per_kind`` of
    each kind, at any seat: ``(game, decision)`` pairs, the game a copy that can be played on."""
    found = {k: [] for k in KINDS}
    players = (Tuned(),) * 4
    for order in deal_orders(np.random.default_rng(20), n_deals):
        game = ChanGame.from_order(ChanRules(), order)
        count = 0
        while (dec := game.decision()) is not None:
            if len(dec.moves) > 1:
                count += 1
                if dec.kind in found and len(found[dec.kind]) < per_kind and (count % 5 == 1 or dec.kind != "danh"):
                    found[dec.kind].append((clone(game), dec))
                move = players[dec.seat].choose(game, dec, None)
            else:
                move = dec.moves[0]
            game.apply(move)
        if all(len(v) == per_kind for v in found.values()):
            break
    return [pair for k in KINDS for pair in found[k]]


STATES = _cut_states(3)


class _Answered(Exception):
    pass


def _first_batch_answer(game, seat, expert, monkeypatch):
    """The expert's first answer on the batch engine, continuing ``game`` with it at ``seat`` (basic elsewhere);
    the game is stopped there."""
    real = expert_batch.search

    def record(e, method, rows):
        raise _Answered(method, real(e, method, rows).copy())

    monkeypatch.setattr(expert_batch, "search", record)
    players = tuple(expert if s == seat else Basic() for s in range(4))
    try:
        play_from_games(game.rules, [clone(game)], players)
    except _Answered as answered:
        return answered.args
    finally:
        monkeypatch.setattr(expert_batch, "search", real)
    raise AssertionError("the expert was never asked")


def _as_move(dec, method, answer, game):
    """The reference move that a batch answer stands for."""
    if method == "chiu_batch":
        return dec.moves[0] if answer else None
    if method == "discard_batch":
        return next(m for m in dec.moves if m.card == answer)
    for m in dec.moves:
        if answer == ACT_CHIU and m.action == "chiu":
            return m
        if answer == ACT_CHAN and m.action == "an" and m.with_ == m.card:
            return m
        if answer >= ACT_CA and m.action == "an" and m.with_ == OTHER_Y[game.card, answer - ACT_CA] != m.card:
            return m
        if answer == ACT_NONE and m.action in ("boc", "duoi", "hoa"):
            return m
    raise AssertionError(f"no move for {answer}")


def test_the_cut_states_cover_every_decision_kind():
    assert {dec.kind for _, dec in STATES} == set(KINDS)


def test_worlds_are_dealt_alike_on_both_engines():
    """The batch engine's worlds of a decision (hands in turn order, the nọc's unseen part) are the reference's
    :func:`deal_world` of the same view key, and hold exactly the cards the seat cannot see."""
    W = 5
    for game, dec in STATES[:6] + STATES[-3:]:
        seat = dec.seat
        st = state_from_games(game.rules, [game], (Basic(),) * 4)
        hands, noc = expert_batch._deal(st, Rows(st, np.array([0]), np.array([seat]), {}), W)
        hidden = np.array(unseen_cards(game, seat))
        u = world_uniforms(view_keys(view_vector(game, seat)), W)[0, :, :hidden.size]
        orders = hidden[np.argsort(u, axis=1, kind="stable")]
        assert np.array_equal(view_keys(expert_batch.view_vectors(st, np.array([0]), np.array([seat]))),
                              view_keys(view_vector(game, seat)))
        for w in range(W):
            world = deal_world(game, seat, orders[w])
            for i, s in enumerate(turn_order(seat)):
                assert list(hands[0, w, i + 1]) == world.seats[s].hand
            assert list(noc[0, w, game.noc_pos:]) == world.noc[game.noc_pos:]
            assert sorted(orders[w]) == sorted(hidden)


@pytest.mark.parametrize("knobs", [{"worlds": 5}, {"worlds": 4, "z": 0.0, "base": "basic", "rollout": "tuned"}])
def test_both_engines_make_the_same_decision_on_states_cut_from_real_games(knobs, monkeypatch):
    """At every cut state (every decision kind, any seat), the reference expert's move is the batch expert's."""
    expert = Expert(**knobs)
    differ_from_base = 0
    for game, dec in STATES:
        method, answer = _first_batch_answer(game, dec.seat, expert, monkeypatch)
        assert method == {"danh": "discard_batch", "tra_cua": "discard_batch", "act": "act_batch",
                          "chiu": "chiu_batch"}[dec.kind]
        move = expert.choose(clone(game), dec)
        assert _as_move(dec, method, answer[0], game) == move, dec
        differ_from_base += move != Tuned().choose(game, dec, None)
    assert knobs.get("z") != 0.0 or differ_from_base >= 2  # the search does change moves


@pytest.mark.parametrize("seat, knobs, n", [(0, {"worlds": 3}, 3), (2, {"worlds": 3, "z": 0.0, "rollout": "tuned"}, 2)])
def test_whole_games_through_the_task_are_the_same_on_both_engines(seat, knobs, n):
    seats = ["basic"] * 4
    seats[seat] = {"name": "expert", **knobs}
    params = TASK.parse({"strategies": {"seats": seats}}, "t")
    batch = run_chunk(params, chunk_seed(7, 0), n, engine="batch")
    reference = run_chunk(params, chunk_seed(7, 0), n, engine="reference")
    assert all(np.array_equal(batch[k], reference[k]) for k in batch)


def test_the_task_routes_the_expert_to_the_batch_engine():
    from cardodds.sim.chan.play_task import batch_ok

    params = TASK.parse({"strategies": {"seats": [{"name": "expert", "worlds": 4}, "basic", "basic", "basic"]}}, "t")
    assert batch_ok(params)


def _twin(game, seat, rng):
    """The game with the cards ``seat`` cannot see dealt anew and the other seats' hidden history changed: their
    declined cards (fouls 7–10) and bòn chances made up."""
    twin = determinize(game, seat, rng)
    for s in turn_order(seat):
        p = twin.seats[s]
        p.declined_any = set(int(k) for k in rng.choice(25, 4, replace=False))
        p.declined_chan = set(list(p.declined_any)[:2])
        p.declined_ca_with = {int(rng.integers(24))}
        p.bon_open = set(p.bon_open) | {int(rng.integers(25))}
    return twin


def test_same_information_gives_the_same_decision_whatever_the_hidden_cards_and_declines(monkeypatch):
    """A twin game differing only in what the seat cannot see (the others' hands, the nọc, their declined cards and
    bòn chances) gets the same values and the same decision, on both engines."""
    expert = Expert(worlds=3, z=0.0)
    rng = np.random.default_rng(5)
    checked = 0
    for game, dec in STATES:
        twin = _twin(game, dec.seat, rng)
        assert any(a.hand != b.hand for a, b in zip(twin.seats, game.seats))
        twin_dec = twin.decision()
        if (twin_dec.kind, twin_dec.moves) != (dec.kind, dec.moves):
            continue
        assert np.array_equal(expert.move_nets(twin, twin_dec), expert.move_nets(game, dec))  # so the same choice
        a = _first_batch_answer(game, dec.seat, expert, monkeypatch)
        b = _first_batch_answer(twin, dec.seat, expert, monkeypatch)
        assert a[0] == b[0] and np.array_equal(a[1], b[1])
        checked += 1
        if checked == 8:
            break
    assert checked == 8


def test_the_declined_cards_of_other_seats_are_not_read():
    """The breach of issue 21's note: a world keeps no other seat's declined cards (it cannot know them), and its
    bòn chances follow the mat and the world's hand."""
    game, dec = STATES[4]
    game = clone(game)
    for s in turn_order(dec.seat):
        game.seats[s].declined_any = {3, 4}
    world = deal_world(game, dec.seat, np.random.default_rng(1).permutation(unseen_cards(game, dec.seat)))
    for s in turn_order(dec.seat):
        p = world.seats[s]
        assert p.declined_any == p.declined_chan == p.declined_ca_with == set()
        single = {m[2] for m in p.melds if m[0] == "chan" and sum(1 for n in p.melds if n == m) == 1}
        assert p.bon_open == {k for k in single if p.hand[k] >= 1}
    assert world.seats[dec.seat].declined_any == game.seats[dec.seat].declined_any


def test_the_rule_is_the_paired_z_test_in_whole_numbers():
    """:func:`pick` against the rule written with means and standard errors (random whole-number values)."""
    rng = np.random.default_rng(3)
    for z in (0.0, 1.0, 2.0):
        net = rng.integers(-6, 7, size=(400, 5, 9))
        valid = rng.random((400, 5)) < 0.8
        valid[:, 0] = True
        base = np.zeros(400, dtype=np.int64)
        got = pick(net, valid, base, z)
        for i in range(400):
            diff = net[i] - net[i, 0]
            mean = np.where(valid[i], diff.mean(axis=1), -np.inf)
            best = int(np.argmax(mean))
            se = diff[best].std(ddof=1) / 3.0
            want = best if best != 0 and mean[best] > 0 and mean[best] > z * se else 0
            assert got[i] == want


def _same(a, b):
    for f in ("winner", "draw", "how", "win_type", "cuoc", "points", "noc_left", "moves", "fouls_avoided"):
        x, y = getattr(a, f), getattr(b, f)
        assert x.dtype == y.dtype and np.array_equal(x, y), f


@pytest.mark.parametrize("knobs", [{"worlds": 4}, {"worlds": 3, "z": 0.0, "base": "basic", "rollout": "tuned"}])
def test_the_search_plays_out_on_the_compiled_engine_the_games_of_the_numpy_engine(knobs, monkeypatch):
    """Every play-out of the search (each kind of forced first decision) plays on the compiled engine, the forced
    decision in its kernel, the games the numpy engine plays with :class:`_Forced`: outcome for outcome, fouls
    avoided and moves included; so the expert answers alike on both engines, decision for decision."""
    pytest.importorskip("numba")
    import cardodds.sim.chan.compiled as compiled

    real_play, real_state = expert_batch._play, compiled.play_state
    rows, calls = {}, []

    def counted(st, forced=None):
        calls.append(forced[0])
        return real_state(st, forced)

    def both(inner, rollout, method, answer, seat):
        twin = expert_batch._take(inner, np.arange(inner.N))
        monkeypatch.setenv("CARDODDS_COMPILED", "0")
        want = real_play(twin, rollout, method, answer, seat)
        monkeypatch.delenv("CARDODDS_COMPILED")
        got = real_play(inner, rollout, method, answer, seat)
        _same(want, got)
        rows[method] = rows.get(method, 0) + answer.size
        return got

    monkeypatch.delenv("CARDODDS_COMPILED", raising=False)
    monkeypatch.setattr(compiled, "play_state", counted)
    monkeypatch.setattr(expert_batch, "_play", both)
    expert = Expert(**knobs)
    answers = [_first_batch_answer(game, dec.seat, expert, monkeypatch) for game, dec in STATES]
    assert set(rows) == {"chiu_batch", "act_batch", "discard_batch"} and sum(rows.values()) > 200
    assert len(calls) == sum(1 for _ in STATES) and set(calls) == set(rows)  # the default went compiled every time
    monkeypatch.setattr(expert_batch, "_play", real_play)
    monkeypatch.setenv("CARDODDS_COMPILED", "0")
    for (game, dec), (method, answer) in zip(STATES, answers):
        m, a = _first_batch_answer(game, dec.seat, expert, monkeypatch)
        assert m == method and np.array_equal(a, answer)


@pytest.mark.parametrize("seat, knobs, n", [(1, {"worlds": 4}, 4), (3, {"worlds": 3, "z": 0.0, "rollout": "tuned"}, 3)])
def test_whole_expert_games_are_the_same_with_the_compiled_rollouts_and_without(seat, knobs, n, monkeypatch):
    pytest.importorskip("numba")
    seats = ["tuned"] * 4
    seats[seat] = {"name": "expert", **knobs}
    params = TASK.parse({"strategies": {"seats": seats}}, "t")
    monkeypatch.delenv("CARDODDS_COMPILED", raising=False)
    fast = run_chunk(params, chunk_seed(11, 2), n, engine="batch")
    monkeypatch.setenv("CARDODDS_COMPILED", "0")
    slow = run_chunk(params, chunk_seed(11, 2), n, engine="batch")
    assert fast.keys() == slow.keys()
    for k in fast:
        assert np.array_equal(fast[k], slow[k]), k
    assert sum(np.sum(v) for v in fast.values()) > 0
