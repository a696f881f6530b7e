"""Tấn's parts of the player checks (:mod:`cardodds.sim.conformance`): its rule tables, its slow players' small
knobs, and how its engines are compared."""

from __future__ import annotations

import numpy as np

from cardodds.sim.conformance import expect
from cardodds.sim.streams import chunk_seed

VARIANTS = [{}, dict(players=3, deck=36, hand_size=6, first_attacker="count")]
"""The rules each check plays under: the defaults and a table far from them."""
SMALL = {"expert": {"worlds": 1, "max_candidates": 2, "solve_cards": 0},
         "pimc": {"worlds": 1, "max_candidates": 2, "solve_cards": 0}, "endgame": {"max_cards": 6},
         "ismcts": {"iterations": 16, "wave": 4, "max_candidates": 2, "solve_cards": 0},
         "ismcts_tree": {"iterations": 16}}
"""Small knobs for the slow players, so that each check is quick."""
FILLER = "heuristic"
COMPILED_GAMES = 300
"""How many deals the compiled engine plays against the numpy one, per player and rule table."""
"""The fast player at the other seats of a slow one."""


def legal_games(rules, strategies, seed: int, n: int) -> None:
    """Reference games replayed by the independent log checker; batch games checked step by step (``check=True``),
    each ending one way."""
    from cardodds.sim.tan.batch import play_batch
    from cardodds.sim.tan.deal import deal_orders
    from cardodds.sim.tan.log_check import check_tan_log
    from cardodds.sim.tan.reference import TanGame

    orders, first = deal_orders(rules, np.random.default_rng(seed), n)
    rng = np.random.default_rng(seed + 1)
    for order, f in zip(orders, first):
        game = TanGame(rules, order, int(f), strategies, rng=rng, check=True)
        check_tan_log(rules, order, int(f), game.log, game.play())
    res = play_batch(rules, orders, first, strategies, rng=rng, check=True)
    expect(((res.loser >= 0).astype(int) + res.draw + res.truncated == 1).all(), f"seed {seed}: a batch game ends "
                                                                                   "not one way")


def batch_equals_reference(rules, strategies, seed: int, n: int) -> None:
    """``n`` deals played on both engines (the batch engine checking conservation and legality after every step)
    end the same: loser, draw, truncation, bouts, pickups, first attacker."""
    from cardodds.sim.tan.batch import play_batch
    from cardodds.sim.tan.deal import deal_orders
    from cardodds.sim.tan.reference import TanGame

    orders, first = deal_orders(rules, np.random.default_rng(seed), n)
    batch = play_batch(rules, orders, first, strategies, check=True, handoff_bouts=None)
    for i in range(n):
        out = TanGame(rules, orders[i], int(first[i]), strategies).play()
        ref = (-1 if out.loser is None else out.loser, out.draw, out.truncated, out.bouts, out.pickups,
               out.first_attacker)
        got = (int(batch.loser[i]), bool(batch.draw[i]), bool(batch.truncated[i]), int(batch.bouts[i]),
               int(batch.pickups[i]), int(batch.first_attacker[i]))
        expect(ref == got, f"seed {seed} game {i}: reference {ref}, batch {got}")


def replay_is_run(rules_table: dict, seat_tables: list, seeds) -> None:
    """``replay --seed S`` plays the first series of ``run``'s first chunk (several games, whole series)."""
    from cardodds.sim.tan.play_task import parse, play_chunk, replay_games

    params = parse({"rules": rules_table, "strategies": {"seats": seat_tables}}, "test")
    for seed in seeds:
        n = 3 * params.rules.series_length
        res = play_chunk(params, chunk_seed(seed, 0), n)[0]
        games = replay_games(seed, params.rules, params.strategies, chunk=n)  # the run's first chunk
        expect(len(games) == params.rules.series_length, f"seed {seed}: {len(games)} games replayed")
        for k, (_, out) in enumerate(games):
            got = ((-1 if out.loser is None else out.loser), out.first_attacker, out.bouts, out.pickups)
            ran = (res.loser[k], res.first_attacker[k], res.bouts[k], res.pickups[k])
            expect(got == ran, f"seed {seed} game {k}: replay {got}, run {ran}")


def same_information(strategy, compared_at_least: int = 6) -> None:
    """States of seat 0 that differ only in cards it cannot see (the other hands, the stock's order) give the same
    decision on the batch engine for the same seed."""
    import copy

    from cardodds.sim.tan.rules import TanRules
    from cardodds.sim.tan.twin_states import decision_states, hidden_twin

    rules = TanRules(players=3)
    rng = np.random.default_rng(0)
    compared = differed = 0
    for i, (kind, state, card, _) in enumerate(decision_states(rules, 2, 11)[::3]):
        twin = hidden_twin(state, kind, card, rng)
        if twin is None:
            continue
        differed += not (np.array_equal(twin.hands, state.hands) and np.array_equal(twin.stock, state.stock))
        mine = first_decision(rules, copy.deepcopy(state), kind, card, strategy, i)
        theirs = first_decision(rules, twin, kind, card, strategy, i)
        expect(theirs == mine, f"decision {i} ({kind}): {mine}, with the hidden cards dealt anew {theirs}")
        compared += 1
    expect(compared >= compared_at_least and differed >= compared // 2,
           f"{compared} decisions compared, {differed} with other hidden cards")


class _Stop(Exception):
    pass


class _FirstDecision:
    """Wraps a Tấn strategy: records its first batch decision and stops the game there (the simple players' views
    carry no ``live`` rows: every deciding row is live for them)."""

    def __init__(self, inner):
        self.inner, self.choice = inner, None

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def _decide(self, method, v, rng):
        out = getattr(self.inner, method)(v, rng)
        rows = np.nonzero(v.decide & getattr(v, "live", True) & (v.legal != 0))[0]
        if rows.shape[0]:
            self.choice = int(out[rows[0]])
            raise _Stop
        return out

    def attack_batch(self, v, rng=None):
        return self._decide("attack_batch", v, rng)

    def defend_batch(self, v, rng=None):
        return self._decide("defend_batch", v, rng)


def first_decision(rules, state, kind: str, card: int, strategy, seed: int) -> int:
    """Seat 0's decision in the batch engine started from ``state`` (the engine plays on ``state`` itself)."""
    from cardodds.sim.tan.batch import play_from_state
    from cardodds.sim.tan.strategies import Heuristic

    rec = _FirstDecision(strategy)
    forced = {} if kind == "attack" else dict(force_attack=np.array([card]), force_defend=np.array([-2]))
    try:
        play_from_state(rules, state, [rec] + [Heuristic()] * (rules.players - 1), rng=np.random.default_rng(seed),
                        **forced)
    except _Stop:
        return rec.choice
    raise AssertionError("seat 0 made no decision")


COMPILED_FIELDS = ("loser", "draw", "truncated", "bouts", "pickups", "first_attacker")
"""The per-game outcomes the compiled engine must give as the numpy batch engine does."""


def compare_compiled(rules, strategies, n: int, seed: int):
    """Both batch engines on the same ``n`` deals of chunk ``seed``: every per-game outcome (and its dtype) equal;
    the numpy result."""
    from cardodds.sim.streams import PLAY, stream
    from cardodds.sim.tan import compiled
    from cardodds.sim.tan.batch import play_batch
    from cardodds.sim.tan.deal import deal_chunk

    orders, first = deal_chunk(rules, chunk_seed(seed, 0), n)
    ref = play_batch(rules, orders, first, strategies, rng=stream(chunk_seed(seed, 0), PLAY))
    got = compiled.play_batch(rules, orders, first, strategies)
    for f in COMPILED_FIELDS:
        a, b = getattr(ref, f), getattr(got, f)
        bad = np.nonzero(a != b)[0]
        expect(bad.size == 0, f"{f}: game {bad[:1]} numpy {a[bad[:1]]} compiled {b[bad[:1]]}")
        expect(a.dtype == b.dtype, f"{f}: numpy {a.dtype}, compiled {b.dtype}")
    return ref


def compiled_equals_batch(rules, strategies, seed: int, n: int) -> None:
    """``n`` deals of ``seed`` end the same on the compiled engine as on the numpy batch engine."""
    compare_compiled(rules, strategies, n, seed)
