"""Sâm's parts of the player checks (:mod:`cardodds.sim.conformance`): its rule tables, its slow players' small
knobs, and how its engines are compared."""

from __future__ import annotations

import re

import numpy as np

from cardodds.sim.conformance import expect
from cardodds.sim.streams import DEAL, FIRST, PLAY, chunk_seed, stream

VARIANTS = [{}, dict(players=3, straights="3_to_a", quad_beats=["single_two"], den_bai=False)]
"""The rules each check plays under: the defaults and a table far from them."""
SMALL = {"expert": {"worlds": 4, "max_candidates": 2}}
"""Small knobs for the slow players, so that each check is quick."""
FILLER = "control"
COMPILED_GAMES = 300
"""How many deals the compiled engine plays against the numpy one, per player and rule table."""
"""The fast player at the other seats of a slow one."""


def agree(b, i: int, res) -> bool:
    """Whether game ``i`` of batch result ``b`` is the reference engine's ``res`` in every recorded field."""
    from cardodds.sim.sam.rules import OUTCOMES

    return (
        OUTCOMES[b.outcome[i]] == res.outcome and b.winner[i] == res.winner and np.array_equal(b.pay[i], res.pay)
        and b.plays[i] == res.plays and b.chops[i] == res.chops and b.declarer[i] == res.declarer
        and b.den[i] == res.den and np.array_equal(b.cong[i], res.cong) and np.array_equal(b.thoi_2[i], res.thoi_2)
        and np.array_equal(b.toi_trang[i], res.toi_trang)
    )


def batch_equals_reference(rules, strategies, seed: int, n: int) -> None:
    """``n`` deals (and leaders) played on both engines agree in every recorded field."""
    from cardodds.sim.sam.batch import play_batch
    from cardodds.sim.sam.reference import deal_games, play_game

    cards, leader = deal_games(stream(chunk_seed(seed, 0), DEAL), n, rules)
    b = play_batch(rules, cards, leader, strategies)
    differ = [i for i in range(n) if not agree(b, i, play_game(cards[i], int(leader[i]), rules, strategies))]
    expect(differ == [], f"seed {seed}: games {differ} differ between the engines")


def replay_is_run(rules_table: dict, seat_tables: list, seeds) -> None:
    """``replay --seed S`` shows the outcome, winner and payments of the first game of ``run``'s first chunk."""
    from cardodds.sim.sam.batch import play_batch
    from cardodds.sim.sam.play_task import parse
    from cardodds.sim.sam.reference import deal_games, replay_text
    from cardodds.sim.sam.rules import OUTCOMES

    params = parse({"rules": rules_table, "strategies": {"seats": seat_tables}}, "test")
    for seed in seeds:
        ss = chunk_seed(seed, 0)
        cards, leader = deal_games(stream(ss, DEAL), 6, params.rules, stream(ss, FIRST))  # as run_chunk deals
        b = play_batch(params.rules, cards, leader, list(params.strategies), rng=stream(ss, PLAY))
        text = replay_text(seed, params.rules, params.strategies, chunk=6)  # the run's first chunk
        m = re.search(r"^outcome: (\w+)(?:, winner seat (\d))?$", text, re.M)
        expect(m.group(1) == OUTCOMES[b.outcome[0]] and int(m.group(2) or -1) == b.winner[0],
               f"seed {seed}: replay says {m.group(0)!r}, run {OUTCOMES[b.outcome[0]]} seat {b.winner[0]}")
        pays = [int(v) for v in re.findall(r"seat \d ([+-]\d+)", text.splitlines()[-1])]
        expect(pays == b.pay[0].astype(int).tolist(), f"seed {seed}: replay pays {pays}, run {b.pay[0].tolist()}")


def same_information(strategy, compared_at_least: int = 4) -> None:
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
        for _ in range(compared_at_least + 2):
            rest = rng.permutation(np.setdiff1d(np.arange(52), hand))[:30].reshape(3, 10)
            cards = np.concatenate([hand[None], np.sort(rest, 1)]).astype(np.int8)
            res = play_game(cards, 0, rules, [strategy] + [Control()] * 3, rng=np.random.default_rng(deal), log=True)
            first = next((line for line in res.log if line.startswith("seat 0 ")), None)
            if first is not None and res.plays > 0:
                firsts.add(first)
                compared += 1
        expect(len(firsts) <= 1, f"deal {deal}: seat 0 opens differently at tables that differ in hidden cards: "
                                 f"{sorted(firsts)}")
    expect(compared >= compared_at_least, f"{compared} openings compared")


def legal_games(rules, strategies, seed: int, n: int) -> None:
    """Reference games: the deal is distinct cards of the deck, every play from the player's cards, leading or
    beating the table (the independent log checker); payments add to zero, in the batch engine too."""
    from cardodds.sim.sam.batch import play_batch
    from cardodds.sim.sam.log_check import check_sam_log
    from cardodds.sim.sam.reference import deal_games, play_game

    rng = np.random.default_rng(seed)
    cards, leader = deal_games(rng, n, rules)
    flat = cards.reshape(n, -1).astype(int)
    expect(all(len(set(row)) == row.size for row in flat) and flat.min() >= 0 and flat.max() < 52,
           f"seed {seed}: a card dealt twice or not of the deck")
    for i in range(n):
        res = play_game(cards[i], int(leader[i]), rules, strategies, rng=rng, log=True)
        expect(int(res.pay.sum()) == 0, f"seed {seed} game {i}: payments {res.pay.tolist()} do not add to zero")
        check_sam_log(cards[i], int(leader[i]), rules, res)
    batch = play_batch(rules, cards, leader, strategies, rng=rng)
    expect((batch.pay.sum(axis=1) == 0).all(), f"seed {seed}: batch payments do not add to zero")


COMPILED_FIELDS = ("outcome", "winner", "pay", "toi_trang", "declarer", "sam_success", "cong", "thoi_2", "chops",
                   "plays", "den", "steps")
"""The per-game outcomes the compiled engine must give as the numpy batch engine does."""


def same_results(a, b, label: str = "") -> None:
    """Batch results ``a`` and ``b`` agree game for game in every field of :data:`COMPILED_FIELDS`."""
    for f in COMPILED_FIELDS:
        x, y = np.asarray(getattr(a, f)), np.asarray(getattr(b, f))
        expect(x.shape == y.shape and np.array_equal(x, y), f"{label}: {f} differs")


def compiled_equals_batch(rules, strategies, seed: int, n: int) -> None:
    """``n`` deals of ``seed`` end the same on the compiled engine as on the numpy batch engine, paying zero-sum."""
    from cardodds.sim.sam import batch, compiled
    from cardodds.sim.sam.reference import deal_games

    cards, leader = deal_games(stream(chunk_seed(seed, 0), DEAL), n, rules)
    got = compiled.play_batch(rules, cards, leader, strategies)
    same_results(batch.play_batch(rules, cards, leader, strategies), got, f"seed {seed}")
    expect(np.all(got.pay.sum(1) == 0), f"seed {seed}: payments do not add to zero")
