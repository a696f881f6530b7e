"""One conformance suite over every game and every registered player (in the spirit of pgx's api_test and
scikit-learn's common estimator checks).

For each game (Chắn, Sâm, Tấn) × each player of its registry:

- every knob's every value (a ``Range``'s ends and middle, every ``Choice``) builds and validates, and a bad value
  gives a one-line ``CardoddsError`` whatever path builds the player (``cardodds.sim.conformance.check_player_knobs``,
  over every game of the registry);
- reference games with the player seated make legal moves only, conserve the cards and pay zero-sum (each game's own
  independent log checker, from ``tests/test_properties.py``);
- the batch engine plays game for game as the reference engine (deterministic players);
- ``cardodds replay GAME --seed S`` is the first game ``cardodds run`` plays with seed S;
- same information ⇒ same decision: a player whose hidden cards are dealt differently decides the same;
- ``cardodds tune`` with the player at the tuned seat runs (a tiny budget) or stops with a one-line error.

A new game joins by declaring its parts (``GameSpec.conformance``: rule tables, slow players' small knobs, how its
engines compare); a new player joins by registering.
"""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path

import numpy as np
import pytest

from cardodds.sim import conformance
from cardodds.sim.conformance import (
    check_batch_equals_reference,
    check_player_knobs,
    check_replay_is_run,
    checked_players,
    is_slow,
    knob_players,
    player_table,
    seat_tables,
)
from cardodds.sim.errors import CardoddsError
from cardodds.sim.games import game as game_spec
from cardodds.sim.games import game_names
from cardodds.sim.knobs import Choice, check_knobs, current, declared
from cardodds.sim.turns import player_registry

sys.path.insert(0, str(Path(__file__).parent / "tan"))  # the Tấn decision-state helpers of test_tan_expert


def registry(game: str) -> tuple[dict, callable]:
    """``(STRATEGIES, make)`` of ``game``: its spec's players and its registry's factory."""
    return game_spec(game).hook("players"), player_registry(game).make


CASES = [(g, name) for g in game_names() for name in checked_players(g)]
"""Every player of every registered game that declares its conformance parts (``GameSpec.conformance``)."""


def _ids(cases):
    return [f"{g}-{n}" for g, n in cases]


def spec(game: str, name: str) -> dict:
    return player_table(game, name)


def player(game: str, name: str):
    return registry(game)[1](spec(game, name))


def seats(game: str, name: str, players: int = 4) -> list:
    return conformance.seated(game, name, players)


def seat_specs(game: str, name: str, players: int = 4) -> list:
    return seat_tables(game, name, players)


def assert_one_line(exc: CardoddsError) -> None:
    message = str(exc)
    assert message.strip() and "\n" not in message and "\r" not in message, repr(message)


# --- knobs ----------------------------------------------------------------------------------------------------------


def knob_values(knob) -> list:
    """A ``Range``'s ends and middle, or every value of a ``Choice``."""
    if isinstance(knob, Choice):
        return list(knob.options)
    mid = (knob.lo + knob.hi) // 2 if knob.integer else (knob.lo + knob.hi) / 2
    lo, hi = (int(knob.lo), int(knob.hi)) if knob.integer else (float(knob.lo), float(knob.hi))
    return [lo, mid, hi]


@pytest.mark.parametrize("game,name", CASES, ids=_ids(CASES))
def test_every_knob_value_builds_and_validates(game, name):
    strategies, make = registry(game)
    space = declared(strategies[name])
    check_knobs(strategies[name], current(player(game, name)), "test")
    for knob, kind in space.items():
        for value in knob_values(kind):
            built = make({**spec(game, name), knob: value})
            assert getattr(built, knob) == value and type(built) is strategies[name], (knob, value)
            check_knobs(type(built), current(built), "test")


KNOB_CASES = [(g, name) for g in game_names() for name in knob_players(g)]


@pytest.mark.parametrize("game,name", KNOB_CASES, ids=_ids(KNOB_CASES))
def test_a_bad_knob_value_is_refused_when_the_player_is_built(game, name):
    """Issue 35 item 8: every knob's range and choices hold on every path that builds a player (the registry's
    tables and the class itself), with one line naming the player, the knob, the value and what is allowed."""
    check_player_knobs(game, name)


# --- one kit per game: deals, both engines, the log checker, replay, decisions under hidden cards ------------------


class ChanKit:
    """Chắn: 4 seats; the batch engine plays the deterministic players (``batch_supports``)."""

    @staticmethod
    def legal_games(rules, strategies, seed, n):
        """Reference games: the log survives JSON, the foul checker finds no foul, the replay ends the same way, the
        net points add to zero across the seats."""
        from test_properties import _chan_net

        from cardodds.sim.chan.deal import deal_orders
        from cardodds.sim.chan.movelog import game_log, parse_log
        from cardodds.sim.chan.reference import ChanGame, play_game
        from cardodds.sim.chan.replay import check_game_log

        rng = np.random.default_rng(seed)
        for order in deal_orders(rng, n):
            game = play_game(ChanGame.from_order(rules, order), strategies, rng)
            assert game.over and (game.winner is not None) + game.draw == 1
            fouls, again = check_game_log(parse_log(json.loads(game_log(game).dumps())))
            assert fouls == [], [f.describe() for f in fouls]
            assert again.moves == game.moves and (again.winner, again.points) == (game.winner, game.points)
            assert int(_chan_net(game).sum()) == 0

    @staticmethod
    def same_information(strategy, compared_at_least=6):
        """At decisions of seat 2 in reference games, a twin game with the hidden cards dealt anew (``determinize``)
        gets the same decision for the same random stream."""
        from collections import Counter

        from cardodds.sim.chan.deal import deal_orders
        from cardodds.sim.chan.expert import determinize
        from cardodds.sim.chan.players import seat_strategies
        from cardodds.sim.chan.reference import ChanGame
        from cardodds.sim.chan.rules import ChanRules

        def hidden(game):
            cards = [k for s, p in enumerate(game.seats) if s != 2 for k in range(25) for _ in range(p.hand[k])]
            return Counter(cards + list(game.noc[game.noc_pos:]))

        basic, shuffle = seat_strategies("basic"), np.random.default_rng(9)
        compared = differs = 0
        for order in deal_orders(np.random.default_rng(31), 4):
            game = ChanGame.from_order(ChanRules(), order)
            while (dec := game.decision()) is not None and compared < 2 * compared_at_least:
                if dec.seat == 2 and len(dec.moves) > 1:
                    twin = determinize(game, 2, shuffle)
                    twin_dec = twin.decision()
                    if (twin_dec.kind, twin_dec.seat, twin_dec.moves) == (dec.kind, dec.seat, dec.moves):
                        mine = strategy.choose(game, dec, np.random.default_rng(4))
                        assert strategy.choose(twin, twin_dec, np.random.default_rng(4)) == mine
                        differs += hidden(twin) != hidden(game) or any(
                            a.hand != b.hand for a, b in zip(twin.seats, game.seats))
                        compared += 1
                game.apply(dec.moves[0] if len(dec.moves) == 1 else basic[dec.seat].choose(game, dec, None))
        assert compared >= compared_at_least and differs >= compared // 2


class SamKit:
    """Sâm: the seats' count is a rule; both engines take the dealt cards and the leaders."""

    @staticmethod
    def legal_games(rules, strategies, seed, n):
        """Reference games: every play from the player's cards, leading or beating the table (the log checker);
        payments add to zero, in the batch engine too."""
        from test_properties import check_sam_log

        from cardodds.sim.sam.batch import play_batch
        from cardodds.sim.sam.reference import deal_games, play_game

        rng = np.random.default_rng(seed)
        cards, leader = deal_games(rng, n, rules)
        flat = cards.reshape(n, -1).astype(int)
        assert all(len(set(row)) == row.size for row in flat) and flat.min() >= 0 and flat.max() < 52
        for i in range(n):
            res = play_game(cards[i], int(leader[i]), rules, strategies, rng=rng, log=True)
            assert int(res.pay.sum()) == 0
            check_sam_log(cards[i], int(leader[i]), rules, res)
        batch = play_batch(rules, cards, leader, strategies, rng=rng)
        assert (batch.pay.sum(axis=1) == 0).all()

    @staticmethod
    def same_information(strategy, compared_at_least=4):
        """Seat 0 leads the same hand at tables whose other hands differ: its first action is the same."""
        from cardodds.sim.sam.reference import play_game
        from cardodds.sim.sam.rules import SamRules
        from cardodds.sim.sam.strategies import Control

        rules = SamRules(players=4, first_leader="seat0")
        rng = np.random.default_rng(3)
        compared = 0
        for deal in range(3):
            hand = np.sort(rng.permutation(52)[:10])
            firsts = set()
            for k in range(compared_at_least + 2):
                rest = rng.permutation(np.setdiff1d(np.arange(52), hand))[:30].reshape(3, 10)
                cards = np.concatenate([hand[None], np.sort(rest, 1)]).astype(np.int8)
                res = play_game(cards, 0, rules, [strategy] + [Control()] * 3, rng=np.random.default_rng(deal),
                                log=True)
                first = next((line for line in res.log if line.startswith("seat 0 ")), None)
                if first is not None and res.plays > 0:
                    firsts.add(first)
                    compared += 1
            assert len(firsts) <= 1, firsts
        assert compared >= compared_at_least


class TanKit:
    """Tấn: the batch engine checks conservation and legality after every step (``check=True``)."""

    @staticmethod
    def legal_games(rules, strategies, seed, n):
        """Reference games replayed by the independent log checker; batch games checked step by step."""
        from test_properties import check_tan_log

        from cardodds.sim.tan.batch import play_batch
        from cardodds.sim.tan.deal import deal_orders
        from cardodds.sim.tan.reference import TanGame

        orders, first = deal_orders(rules, np.random.default_rng(seed), n)
        rng = np.random.default_rng(seed + 1)
        for order, f in zip(orders, first):
            game = TanGame(rules, order, int(f), strategies, rng=rng, check=True)
            check_tan_log(rules, order, int(f), game.log, game.play())
        res = play_batch(rules, orders, first, strategies, rng=rng, check=True)
        assert ((res.loser >= 0).astype(int) + res.draw + res.truncated == 1).all()

    @staticmethod
    def same_information(strategy, compared_at_least=6):
        """States of seat 0 that differ only in cards it cannot see (the other hands, the stock's order) give the
        same decision on the batch engine for the same seed."""
        from test_tan_expert import decision_states, hidden_twin

        from cardodds.sim.tan.rules import TanRules

        rules = TanRules(players=3)
        rng = np.random.default_rng(0)
        compared = differed = 0
        for i, (kind, state, card, v) in enumerate(decision_states(rules, 2, 11)[::3]):
            twin = hidden_twin(state, kind, card, rng)
            if twin is None:
                continue
            differed += not (np.array_equal(twin.hands, state.hands) and np.array_equal(twin.stock, state.stock))
            mine = _tan_first_decision(rules, copy.deepcopy(state), kind, card, strategy, i)
            assert _tan_first_decision(rules, twin, kind, card, strategy, i) == mine, (kind, i)
            compared += 1
        assert compared >= compared_at_least and differed >= compared // 2


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


def _tan_first_decision(rules, state, kind, card, strategy, seed):
    """Seat 0's decision in the batch engine started from ``state`` (the engine plays on ``state`` itself)."""
    from cardodds.sim.tan.batch import play_from_state
    from cardodds.sim.tan.strategies import Heuristic

    rec = _FirstDecision(strategy)
    forced = {} if kind == "attack" else dict(force_attack=np.array([card]), force_defend=np.array([-2]))
    with pytest.raises(_Stop):
        play_from_state(rules, state, [rec] + [Heuristic()] * (rules.players - 1), rng=np.random.default_rng(seed),
                        **forced)
    return rec.choice


KITS = {"chan": ChanKit, "sam": SamKit, "tan": TanKit}
# --- played games ---------------------------------------------------------------------------------------------------


VARIANT_CASES = [(g, name, v) for g, name in CASES for v in range(len(conformance.forms(g).VARIANTS))]
"""Every checked player under each rule table its game declares (``VARIANTS``)."""
VARIANT_IDS = [f"{g}-{n}-{v}" for g, n, v in VARIANT_CASES]


@pytest.mark.parametrize("game,name,variant", VARIANT_CASES, ids=VARIANT_IDS)
def test_legal_moves_only_cards_conserved_payments_zero_sum(game, name, variant):
    kit = KITS[game]
    _, rules = conformance.variant_rules(game, variant)
    n = 1 if is_slow(game, name) else 3
    kit.legal_games(rules, seats(game, name, rules.players), seed=17 + variant, n=n)


DETERMINISTIC = [(g, n, v) for g, n, v in VARIANT_CASES if getattr(registry(g)[0][n], "deterministic", False)]


@pytest.mark.parametrize("game,name,variant", DETERMINISTIC, ids=[f"{g}-{n}-{v}" for g, n, v in DETERMINISTIC])
def test_batch_engine_equals_reference_engine(game, name, variant):
    check_batch_equals_reference(game, name, variant)


@pytest.mark.parametrize("game,name,variant", VARIANT_CASES, ids=VARIANT_IDS)
def test_replay_of_seed_s_is_the_runs_first_game(game, name, variant):
    check_replay_is_run(game, name, variant)


@pytest.mark.parametrize("game,name", CASES, ids=_ids(CASES))
def test_same_information_same_decision(game, name):
    KITS[game].same_information(player(game, name))


# --- cardodds tune --------------------------------------------------------------------------------------------------

TUNE_TABLE = """[experiment]
name = "conformance"
task = "{game}.play"
games = {games}
chunk_size = {chunk}
[strategies]
seats = [{seats}]
"""


def _toml(spec: dict) -> str:
    return "{" + ", ".join(f"{k} = {json.dumps(v)}" for k, v in spec.items()) + "}"


def _tune_chunks(values: int) -> int:
    """The fewest chunks with which ``cardodds tune`` races ``values`` candidates once (its first race)."""
    from cardodds.analysis.tune import FIRST_CHUNKS

    chunks = 2 * FIRST_CHUNKS
    while chunks - 2 * max(chunks // 8, 2) < FIRST_CHUNKS * max(values, 2):
        chunks += 1
    return chunks


@pytest.mark.parametrize("game,name", CASES, ids=_ids(CASES))
def test_tune_runs_with_the_player_at_the_tuned_seat_or_stops_with_one_line(game, name, tmp_path):
    from cardodds.analysis.tune import FIRST_CHUNKS, tune

    strategies, _ = registry(game)
    space = {k: v for k, v in declared(strategies[name]).items() if not getattr(v, "series", False)}
    slow = is_slow(game, name)  # a slow player: the smallest budget tune takes, too small to race its knob
    size = (lambda k: -len(space[k].values())) if slow else (lambda k: len(space[k].values()))
    knob = min(space, key=size, default=None)  # fast: the knob of fewest candidates, raced once
    values = 0 if slow else len(space[knob].values()) if knob else 2
    chunk = 1 if slow else 10
    config = tmp_path / "table.toml"
    config.write_text(TUNE_TABLE.format(game=game, games=_tune_chunks(values) * chunk, chunk=chunk,
                                        seats=", ".join(_toml(s) for s in seat_specs(game, name))))
    try:
        result = tune(config, knobs=[knob] if knob else None, folder=tmp_path / "runs", progress=False)
    except CardoddsError as exc:
        assert_one_line(exc)
        assert not space, f"{game} {name} declares {list(space)} but is not tuned: {exc}"
        return
    assert space, f"{game} {name} was tuned"
    assert (result["strategy"], set(result["start"]), set(result["knobs"])) == (name, set(space), set(space))
    assert result["search_games"] >= FIRST_CHUNKS * values * chunk  # a fast player's knob was raced
    assert result["validation_games"] > 0 and np.isfinite(result["start_value"])
