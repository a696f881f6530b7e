"""Both engines started from a state reached part-way through a game end it as the engine that played it through."""

import numpy as np
import pytest

from cardodds.sim.tan.batch import TanState, play_batch, play_from_state, play_to_step
from cardodds.sim.tan.cards import to_mask
from cardodds.sim.tan.deal import deal_orders
from cardodds.sim.tan.reference import TanGame
from cardodds.sim.tan.rules import TanRules
from cardodds.sim.tan.strategies import Basic, Heuristic
from cardodds.sim.tan.twin_states import Spy, spied_game, state_of  # noqa: F401 (the Tấn tests import them here)

VARIANTS = [
    {}, dict(players=2), dict(players=3), dict(players=6), dict(trump_exchange="two_only"), dict(deck=36, hand_size=6),
    dict(defender_runs_out="others_may_continue"), dict(defender_runs_out="others_may_continue", players=2),
    dict(refill_order="attacker_others_defender", players=3), dict(max_attack_cards=2, players=3),
]


def outcome_tuple(out):
    return (-1 if out.loser is None else out.loser, out.draw, out.truncated, out.bouts, out.pickups, out.first_attacker)


def batch_tuple(res, i=0):
    return (int(res.loser[i]), bool(res.draw[i]), bool(res.truncated[i]), int(res.bouts[i]), int(res.pickups[i]),
            int(res.first_attacker[i]))


def concat(states):
    """One ``TanState`` of many games (seat arrays joined on their game axis)."""
    fields = TanState.__dataclass_fields__
    return TanState(**{k: np.concatenate([getattr(s, k) for s in states], axis=1 if k in ("hands", "out", "known")
                                         else 0) for k in fields if getattr(states[0], k) is not None})


@pytest.mark.parametrize("k", range(len(VARIANTS)))
def test_batch_from_a_batch_state_ends_as_the_batch_played_through(k):
    rules = TanRules(**VARIANTS[k])
    seats = ([Heuristic(), Basic(), Heuristic(save_trumps=False), Basic(throw_max="A")] * 2)[:rules.players]
    o, f = deal_orders(rules, np.random.default_rng(300 + k), 600)
    full = play_batch(rules, o, f, seats, check=True, handoff_bouts=None)
    tried = 0
    for steps in (0, 1, 5, 17, 40, 90):
        g, state = play_to_step(rules, o, f, seats, steps, check=True)
        if not g.shape[0]:
            continue
        tried += g.shape[0]
        r = play_from_state(rules, state, seats, check=True, handoff_bouts=None)
        for name in ("loser", "draw", "truncated", "bouts", "pickups", "first_attacker"):
            assert (getattr(full, name)[g] == getattr(r, name)).all(), f"steps {steps}: {name} differs"
        assert steps + r.steps == full.steps  # the slowest game still running: not one move more or less
    assert tried > 1500


@pytest.mark.parametrize("k", range(len(VARIANTS)))
def test_batch_from_a_reference_state_ends_as_the_reference_game(k):
    """States taken inside bouts of reference games (every decision of seat 0), with the move made there forced,
    played on by the batch engine: the same end, game for game."""
    rules = TanRules(**VARIANTS[k])
    o, f = deal_orders(rules, np.random.default_rng(400 + k), 12)
    states, forced, want, kinds = [], [], [], set()
    for order, first in zip(o, f):
        spy, game = spied_game(rules, order, first, Heuristic(), Heuristic())
        out = outcome_tuple(game.play())
        for kind, state, fa, fd, _ in spy.records:
            states.append(state)
            forced.append((fa, fd))
            want.append(out)
            kinds.add(kind)
    assert kinds == {"attack", "defend"} and len(states) > 100
    fa, fd = np.array(forced).T
    res = play_from_state(rules, concat(states), [Heuristic()] * rules.players, check=True, handoff_bouts=None,
                          force_attack=fa, force_defend=fd)
    for i, w in enumerate(want):
        assert batch_tuple(res, i) == w, f"state {i}"


class BoutRecorder(TanGame):
    """A reference game that keeps its state at the start of every bout (a test device)."""

    def _bout(self, a, d):
        self.snapshots.append(dict(hands=[sorted(h) for h in self.hands], stock=list(self.stock),
                                   discard=list(self.discard), out=list(self.out), bouts=self.bouts,
                                   pickups=self.pickups, known=[sorted(k) for k in self.known], attacker=a))
        return super()._bout(a, d)


@pytest.mark.parametrize("k", range(len(VARIANTS)))
def test_reference_and_batch_from_a_bout_start_end_as_the_reference_game(k):
    rules = TanRules(**VARIANTS[k])
    seats = [Heuristic(), Basic()] * 3
    seats = seats[:rules.players]
    o, f = deal_orders(rules, np.random.default_rng(500 + k), 30)
    for order, first in zip(o, f):
        game = BoutRecorder(rules, order, int(first), seats)
        game.snapshots = []
        want = outcome_tuple(game.play())
        for snap in game.snapshots[:: max(1, len(game.snapshots) // 4)]:
            again = TanGame.from_state(rules, snap["hands"], snap["stock"], snap["discard"], game.trump, snap["out"],
                                       snap["bouts"], snap["pickups"], game.first_attacker, seats, check=True,
                                       known=snap["known"])
            assert outcome_tuple(again.resume(snap["attacker"])) == want
            a = snap["attacker"]
            d = next(s for s in ((a + j) % rules.players for j in range(1, rules.players)) if not snap["out"][s])
            S = rules.stock_size
            state = TanState(
                hands=np.array([[to_mask(h)] for h in snap["hands"]], dtype=np.uint64),
                stock=np.array([[-1] * (S - len(snap["stock"])) + snap["stock"]], dtype=np.int16),
                top=np.array([S - len(snap["stock"])]), trump=np.array([game.trump]),
                disc=np.array([to_mask(snap["discard"])], dtype=np.uint64), att=np.zeros(1, dtype=np.uint64),
                cov=np.zeros(1, dtype=np.uint64), attacker=np.array([a]), defender=np.array([d]),
                cur=np.array([a]), passes=np.zeros(1, dtype=int),
                cap=np.array([min(len(snap["hands"][d]), rules.attack_cap)]),
                out=np.array([[x] for x in snap["out"]]), bouts=np.array([snap["bouts"]]),
                pickups=np.array([snap["pickups"]]), first_attacker=np.array([game.first_attacker]))
            res = play_from_state(rules, state, seats, check=True, handoff_bouts=None)
            assert batch_tuple(res) == want


class PublicRecorder(Heuristic):
    """Plays the heuristic, asks for the public information and records it at each decision (reference form:
    ``self.log``; batch form: one game per batch)."""

    needs_public = True

    def __init__(self, log):
        object.__setattr__(self, "log", log)

    def attack(self, v, rng=None):
        self.log.append(public_of(v, "attack"))
        return super().attack(v, rng)

    def defend(self, v, rng=None):
        self.log.append(public_of(v, "defend"))
        return super().defend(v, rng)

    def attack_batch(self, v, rng=None):
        if v.decide[0] and v.live[0] and v.legal[0]:
            self.log.append(public_of(v, "attack", batch=True))
        return super().attack_batch(v, rng)

    def defend_batch(self, v, rng=None):
        if v.decide[0] and v.live[0] and v.legal[0]:
            self.log.append(public_of(v, "defend", batch=True))
        return super().defend_batch(v, rng)


def public_of(v, kind, batch=False):
    from cardodds.sim.tan.cards import from_mask

    if not batch:
        return (kind, v.seat, tuple(v.hand_sizes), tuple(tuple(k) for k in v.known), tuple(v.out),
                tuple(sorted(v.discard)), -1 if v.bottom is None else v.bottom, v.attacker, v.defender,
                v.passes if kind == "attack" else 0, v.cap, v.bouts, v.pickups, v.first_attacker, v.stock_left,
                tuple(sorted(v.attack)), tuple(sorted(v.cover)), getattr(v, "thrower", -1))
    P = v.hand_sizes.shape[0]
    return (kind, int(v.seat[0]), tuple(int(x) for x in v.hand_sizes[:, 0]),
            tuple(tuple(from_mask(v.known[p, 0])) for p in range(P)), tuple(bool(x) for x in v.out[:, 0]),
            tuple(from_mask(v.disc[0])), int(v.bottom[0]), int(v.attacker[0]), int(v.defender[0]),
            int(v.passes[0]) if kind == "attack" else 0, int(v.cap[0]), int(v.bouts[0]), int(v.pickups[0]),
            int(v.first_attacker[0]), int(v.stock_left[0]), tuple(from_mask(v.att[0])), tuple(from_mask(v.cov[0])),
            int(v.thrower[0]) if kind == "defend" else -1)


@pytest.mark.parametrize("k", [0, 1, 2, 4, 6, 7])
def test_both_engines_show_the_same_public_information(k):
    """Decision by decision, the views of a seat that reads public information hold the same hand sizes, known
    cards (picked up, swapped in, the bottom card drawn last), discard pile, table, stock and turn in both engines."""
    rules = TanRules(**VARIANTS[k])
    o, f = deal_orders(rules, np.random.default_rng(600 + k), 10)
    known_seen = bottom_drawn = resumed = 0
    for order, first in zip(o, f):
        ref_log, batch_log = [], []
        ref = [PublicRecorder(ref_log)] + [Heuristic()] * (rules.players - 1)
        TanGame(rules, order, int(first), ref, check=True).play()
        bat = [PublicRecorder(batch_log)] + [Heuristic()] * (rules.players - 1)
        play_batch(rules, order[None, :], first[None], bat, check=True, handoff_bouts=None)
        assert len(ref_log) > 3 and ref_log == batch_log
        # resumed part-way (inside a bout or at its start): the same views from there on (passes, cap, known ...)
        for steps in (4, 9, 23):
            g, state = play_to_step(rules, order[None, :], first[None], [PublicRecorder([])] + bat[1:], steps)
            if g.shape[0]:
                tail = []
                play_from_state(rules, state, [PublicRecorder(tail)] + bat[1:], check=True, handoff_bouts=None)
                assert tail == batch_log[len(batch_log) - len(tail):]
                resumed += bool(tail)
        known_seen += sum(any(r[3]) for r in ref_log)
        bottom_drawn += sum(r[6] == -1 and any(r[3]) for r in ref_log)
    assert known_seen > 20 and bottom_drawn > 0 and resumed > 15
