"""Chắn's parts of the player checks (:mod:`cardodds.sim.conformance`): its rule tables, its slow players' small
knobs, and how its engines are compared."""

from __future__ import annotations

from collections import Counter

import numpy as np

from cardodds.sim.conformance import expect
from cardodds.sim.streams import DEAL, chunk_seed, stream

VARIANTS = [{}, dict(cai_seat=2, ga=True)]
"""The rules each check plays under: the defaults and a table far from them."""
SMALL = {"expert": {"worlds": 4, "rollout": "basic", "base": "basic"}}
"""Small knobs for the slow players, so that each check is quick."""
FILLER = "basic"
COMPILED_GAMES = 300
"""How many deals the compiled engine plays against the numpy one, per player and rule table."""
"""The fast player at the other seats of a slow one."""
HOWS = ("thien_u", "u", "chiu_u")


def reference_outcome(game) -> dict:
    """What a reference game ended with, as :func:`batch_outcome` gives a batch game's."""
    from cardodds.sim.chan.batch import FOUL_CODES, WIN_TYPES

    return dict(winner=-1 if game.winner is None else game.winner, draw=game.draw,
                how=-1 if game.win is None else HOWS.index(game.win.how),
                win_type=0 if game.win is None else 1 + WIN_TYPES.index(game.win.win_type), cuoc=dict(game.cuoc),
                points=game.points, noc_left=game.noc_left, moves=len(game.moves),
                fouls=[game.fouls_avoided.get(c, 0) for c in FOUL_CODES])


def batch_outcome(res, i: int) -> dict:
    """What game ``i`` of a batch result ended with, as :func:`reference_outcome` gives a reference game's."""
    from cardodds.sim.chan.batch import CUOC

    return dict(winner=int(res.winner[i]), draw=bool(res.draw[i]), how=int(res.how[i]),
                win_type=int(res.win_type[i]), cuoc={CUOC[j]: int(v) for j, v in enumerate(res.cuoc[i]) if v},
                points=int(res.points[i]), noc_left=int(res.noc_left[i]), moves=int(res.moves[i]),
                fouls=[int(x) for x in res.fouls_avoided[i]])


def batch_equals_reference(rules, strategies, seed: int, n: int) -> None:
    """``n`` deals played on both engines end the same (the batch engine takes the players: ``batch_supports``)."""
    from cardodds.sim.chan.batch import batch_supports, play_batch
    from cardodds.sim.chan.deal import deal_orders
    from cardodds.sim.chan.reference import ChanGame, play_game

    expect(batch_supports(strategies, rules), "the batch engine does not take these players")
    orders = deal_orders(np.random.default_rng(seed), n)
    res = play_batch(rules, orders, strategies)
    for i, order in enumerate(orders):
        ref, got = reference_outcome(play_game(ChanGame.from_order(rules, order), strategies)), batch_outcome(res, i)
        expect(ref == got, f"seed {seed} game {i}: reference {ref}, batch {got}")


def replay_is_run(rules_table: dict, seat_tables: list, seeds) -> None:
    """``replay --seed S`` ends as the first game of ``run``'s first chunk (its winner and its moves' count)."""
    from cardodds.sim.chan.batch import play_batch
    from cardodds.sim.chan.deal import deal_orders
    from cardodds.sim.chan.play_task import batch_ok, parse, replay_game, run_chunk

    params = parse({"rules": rules_table, "strategies": {"seats": seat_tables}}, "test")
    for seed in seeds:
        game, _ = replay_game(seed, params.rules, params.strategies)
        seq = chunk_seed(seed, 0)
        if batch_ok(params):  # as run_chunk plays a chunk of several games
            res = play_batch(params.rules, deal_orders(stream(seq, DEAL), 6), params.strategies)
            ran = (int(res.winner[0]), int(res.moves[0]))
        else:  # a chunk of one game: the reference engine on the PLAY stream
            counts = run_chunk(params, seq, 1, engine="reference")
            won = np.nonzero(counts["win"])[0]
            ran = (int(won[0]) if won.size else -1, int(counts["moves"]))
        replayed = ((-1 if game.winner is None else game.winner), len(game.moves))
        expect(replayed == ran, f"seed {seed}: replay (winner, moves) {replayed}, run {ran}")


def same_information(strategy, compared_at_least: int = 6) -> None:
    """At decisions of seat 2 in reference games, a twin game with the hidden cards dealt anew (``determinize``)
    gets the same decision for the same random stream."""
    from cardodds.sim.chan.deal import deal_orders
    from cardodds.sim.chan.expert import determinize
    from cardodds.sim.chan.players import seat_strategies
    from cardodds.sim.chan.reference import ChanGame
    from cardodds.sim.chan.rules import ChanRules

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
                    theirs = strategy.choose(twin, twin_dec, np.random.default_rng(4))
                    expect(theirs == mine, f"decision {compared}: {mine}, with the hidden cards dealt anew {theirs}")
                    differs += _hidden(twin) != _hidden(game) or any(
                        a.hand != b.hand for a, b in zip(twin.seats, game.seats))
                    compared += 1
            game.apply(dec.moves[0] if len(dec.moves) == 1 else basic[dec.seat].choose(game, dec, None))
    expect(compared >= compared_at_least and differs >= compared // 2,
           f"{compared} decisions compared, {differs} with other hidden cards")


def _hidden(game) -> Counter:
    """The cards seat 2 cannot see: the other hands and the rest of the stock."""
    cards = [k for s, p in enumerate(game.seats) if s != 2 for k in range(25) for _ in range(p.hand[k])]
    return Counter(cards + list(game.noc[game.noc_pos:]))


def net_points(game) -> np.ndarray:
    """Net points per seat of one reference game, as the ``chan.play`` task counts them."""
    from cardodds.sim.chan.play_task import add_game, empty_counts

    counts = empty_counts()
    add_game(counts, game)
    expect(int(counts["games"]) == 1, "the task counted another number of games than one")
    return counts["net"]


def legal_games(rules, strategies, seed: int, n: int) -> None:
    """Reference games: each ends one way, its log survives JSON, the foul checker finds no foul, the replayed log
    ends the same way, the net points add to zero across the seats."""
    import json

    from cardodds.sim.chan.deal import deal_orders
    from cardodds.sim.chan.movelog import game_log, parse_log
    from cardodds.sim.chan.reference import ChanGame, play_game
    from cardodds.sim.chan.replay import check_game_log

    rng = np.random.default_rng(seed)
    for i, order in enumerate(deal_orders(rng, n)):
        game = play_game(ChanGame.from_order(rules, order), strategies, rng)
        expect(game.over and (game.winner is not None) + game.draw == 1, f"seed {seed} game {i}: not one ending")
        fouls, again = check_game_log(parse_log(json.loads(game_log(game).dumps())))
        expect(fouls == [], f"seed {seed} game {i}: fouls {[f.describe() for f in fouls]}")
        expect(again.moves == game.moves and (again.winner, again.points) == (game.winner, game.points),
               f"seed {seed} game {i}: the replayed log ends otherwise")
        expect(int(net_points(game).sum()) == 0, f"seed {seed} game {i}: the net points do not add to zero")


COMPILED_FIELDS = ("winner", "draw", "how", "win_type", "cuoc", "points", "noc_left", "moves", "fouls_avoided")
"""The per-game outcomes the compiled engine must give as the numpy batch engine does."""


def compare_compiled(rules, orders: np.ndarray, strategies):
    """Both batch engines on the same deals: every per-game outcome (and its dtype) equal; the numpy result."""
    from cardodds.sim.chan import compiled
    from cardodds.sim.chan.batch import play_batch

    ref = play_batch(rules, orders, strategies)
    got = compiled.play_batch(rules, orders, strategies)
    for f in COMPILED_FIELDS:
        a, b = getattr(ref, f), getattr(got, f)
        expect(a.dtype == b.dtype and a.shape == b.shape, f"{f}: numpy {a.dtype} {a.shape}, compiled {b.dtype} "
                                                          f"{b.shape}")
        bad = np.flatnonzero((a != b).reshape(a.shape[0], -1).any(axis=1))
        expect(bad.size == 0, f"{f}: game {bad[:1]} numpy {a[bad[:1]]} compiled {b[bad[:1]]}")
    return ref


def compiled_equals_batch(rules, strategies, seed: int, n: int) -> None:
    """``n`` deals of ``seed`` end the same on the compiled engine as on the numpy batch engine."""
    from cardodds.sim.chan.deal import deal_orders

    compare_compiled(rules, deal_orders(np.random.default_rng(seed), n), strategies)
