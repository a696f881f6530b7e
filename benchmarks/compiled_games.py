"""What ``bench_compiled.py`` needs of each game (not a benchmark itself): its tables, its deal, its two engines'
calls, the result fields they must agree on, its default sizes, and its own rollout measurement.

The games' batch APIs differ (Tấn deals orders and first attackers, Sâm hands and leaders and takes one strategy for
every seat, Chắn deal orders; Chắn's engines take no random stream), so each game is a small setup function returning a
:class:`Setup`; everything else in the benchmark is one code path for every game.
"""

from __future__ import annotations

import copy
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, NamedTuple

import numpy as np

from cardodds.sim.streams import DEAL, PLAY, chunk_seed, stream


class Table(NamedTuple):
    """One measured table: its row label, rules and the seats' strategies as the game's engines take them."""

    label: str
    rules: Any
    strategies: Any


@dataclass(frozen=True)
class Setup:
    """A game's part of the benchmark: ``deal(rules, seq, n)`` returns the engines' deal arguments;
    ``numpy`` / ``compiled(rules, dealt, strategies, seq)`` play them; ``extra(rules, n, seed)`` is its rollouts."""

    tables: tuple[Table, ...]
    deal: Callable
    numpy: Callable
    compiled: Callable
    fields: tuple[str, ...]
    games: int
    chunk: int
    seed: int
    rollouts: int = 0
    extra: Callable | None = None
    warm_numpy: int = 0


def tan() -> Setup:
    from cardodds.sim.tan import compiled
    from cardodds.sim.tan.batch import play_batch
    from cardodds.sim.tan.deal import deal_chunk
    from cardodds.sim.tan.players import make_strategy
    from cardodds.sim.tan.rules import TanRules

    def seats(*names):
        return [make_strategy(n) for n in names]

    return Setup(
        tables=(Table("2p36 beginner vs basic", TanRules(players=2, deck=36, hand_size=6), seats("beginner", "basic")),
                Table("4p52 basic", TanRules(players=4), seats(*("basic",) * 4))),
        deal=deal_chunk,
        numpy=lambda rules, dealt, s, seq: play_batch(rules, *dealt, s, rng=stream(seq, PLAY)),
        compiled=lambda rules, dealt, s, seq: compiled.play_batch(rules, *dealt, s),
        fields=("loser", "draw", "truncated", "bouts", "pickups", "first_attacker"),
        games=200_000, chunk=50_000, seed=12345)


def sam() -> Setup:
    from cardodds.sim.sam import compiled
    from cardodds.sim.sam.batch import play_batch
    from cardodds.sim.sam.reference import deal_games
    from cardodds.sim.sam.rules import SamRules
    from cardodds.sim.sam.strategies import Control, Greedy

    rules = SamRules(players=4)
    return Setup(
        tables=(Table("4p control, threshold 0.75", rules, Control(declare="threshold", threshold=0.75)),
                Table("4p greedy", rules, Greedy())),
        deal=lambda rules, seq, n: deal_games(stream(seq, DEAL), n, rules),
        numpy=lambda rules, dealt, s, seq: play_batch(rules, *dealt, s, rng=stream(seq, PLAY)),
        compiled=lambda rules, dealt, s, seq: compiled.play_batch(rules, *dealt, s, rng=stream(seq, PLAY)),
        fields=SAM_FIELDS, games=400_000, chunk=50_000, seed=1, rollouts=400, extra=sam_expert_rollouts,
        warm_numpy=1000)


SAM_FIELDS = ("outcome", "winner", "pay", "toi_trang", "declarer", "sam_success", "cong", "thoi_2", "chops", "plays",
              "den", "steps")


def sam_expert_rollouts(rules, games: int, seed: int) -> None:
    """The Sâm expert's games with its rollouts on each engine (see ``bench_compiled.py``'s docstring)."""
    from cardodds.sim.sam import batch, compiled
    from cardodds.sim.sam import expert as expert_mod
    from cardodds.sim.sam.expert import Expert
    from cardodds.sim.sam.reference import deal_games
    from cardodds.sim.sam.strategies import Control

    seats = [Expert()] + [Control()] * (rules.players - 1)
    ss = chunk_seed(seed, 2 * 10**6)
    cards, leader = deal_games(stream(ss, DEAL), games, rules)
    print(f"expert (worlds {Expert.worlds} + {Expert.close_worlds} where close, {Expert.max_candidates} candidates, "
          f"control rollouts) at seat 0, {games} games:")
    results = []
    for label, engine in (("numpy", batch.play_from_state), ("compiled", compiled.play_from_state_auto)):
        spent = {"cpu": 0.0, "games": 0}

        def timed(rules_, st, strategies, rng=None, first=None, observer=None, engine=engine):
            t = time.process_time()
            res = engine(rules_, st, strategies, rng, first=first)
            spent["cpu"] += time.process_time() - t
            spent["games"] += st.n
            return res

        expert_mod.play_from_state_auto = timed
        try:
            t = time.process_time()
            results.append(batch.play_batch(rules, cards, leader, seats, rng=stream(ss, PLAY)))
            total = time.process_time() - t
        finally:
            expert_mod.play_from_state_auto = compiled.play_from_state_auto
        print(f"  rollouts on {label:<8}: {spent['games'] / spent['cpu']:>12,.0f} rollout games/CPU s "
              f"({spent['games']:,} in {spent['cpu']:.2f} s); {games / total:,.1f} games/CPU s in all")
    same(SAM_FIELDS, results[0], results[1], "expert games")


def chan() -> Setup:
    from cardodds.sim.chan import compiled
    from cardodds.sim.chan.batch import play_batch
    from cardodds.sim.chan.deal import deal_orders
    from cardodds.sim.chan.players import seat_strategies
    from cardodds.sim.chan.rules import ChanRules

    rules = ChanRules()
    return Setup(
        tables=tuple(Table(f"{n} at every seat", rules, seat_strategies(n)) for n in ("basic", "heuristic", "cuoc")),
        deal=lambda rules, seq, n: (deal_orders(stream(seq, DEAL), n),),
        numpy=lambda rules, dealt, s, seq: play_batch(rules, *dealt, s),
        compiled=lambda rules, dealt, s, seq: compiled.play_batch(rules, *dealt, s),
        fields=CHAN_FIELDS, games=100_000, chunk=20_000, seed=12345, rollouts=2000, extra=chan_rollouts)


CHAN_FIELDS = ("winner", "draw", "how", "win_type", "cuoc", "points", "noc_left", "moves", "fouls_avoided")


def _chan_mid_games(rules, players, seed, n):
    """``n`` unfinished Chắn reference games, each after a random 0..59 moves of ``players``."""
    from cardodds.sim.chan.deal import deal_orders
    from cardodds.sim.chan.reference import ChanGame

    rng = np.random.default_rng(seed)
    games = []
    for order in deal_orders(np.random.default_rng(seed + 1), 2 * n):
        game, stop = ChanGame.from_order(rules, order), int(rng.integers(0, 60))
        while len(game.moves) < stop and not game.over:
            dec = game.decision()
            game.apply(dec.moves[0] if len(dec.moves) == 1 else players[dec.seat].choose(game, dec, None))
        if not game.over:
            games.append(game)
        if len(games) == n:
            break
    return games


def chan_rollouts(rules, n: int, seed: int) -> None:
    """Chắn rollout rates of both engines (see ``bench_compiled.py``'s docstring)."""
    from cardodds.sim.chan import batch, compiled
    from cardodds.sim.chan.players import seat_strategies

    players = seat_strategies("basic")
    games = _chan_mid_games(rules, players, seed, n)
    rates = {}
    for label, engine in (("numpy", batch), ("compiled", compiled)):
        t = time.process_time()
        res = engine.play_from_games(rules, copy.deepcopy(games), players)
        whole = time.process_time() - t
        st = batch.state_from_games(rules, copy.deepcopy(games), players)
        t = time.process_time()
        alone = engine.play_state(st)
        rates[label] = (len(games) / whole, len(games) / (time.process_time() - t), res, alone)
    for j in (2, 3):
        same(CHAN_FIELDS, rates["numpy"][j], rates["compiled"][j], "rollouts")
    print("  rollouts (games per CPU s)                     numpy     compiled    ratio")
    for j, what in ((0, "play_from_games (state built)"), (1, "play_state alone")):
        a, b = rates["numpy"][j], rates["compiled"][j]
        print(f"  rollouts, {what:<34} {a:>10,.0f} {b:>12,.0f} {b / a:>8.1f}x   ({len(games)} games a call)")


def same(fields, a, b, label: str) -> None:
    """Stop with a one-line error where the two engines' results differ."""
    for f in fields:
        if not np.array_equal(getattr(a, f), getattr(b, f)):
            raise SystemExit(f"{label}: the engines disagree on {f}")


GAMES = {"tan": tan, "sam": sam, "chan": chan}
"""Each game's setup, by its registry name (``cardodds.sim.games.game_names()``)."""



def kernel_dir(name: str) -> Path:
    """The folder of game ``name``'s numba kernel (its ``__pycache__`` holds the compiled cache)."""
    import importlib

    return Path(importlib.import_module(f"cardodds.sim.{name}.compiled").__file__).with_name("kernel")
