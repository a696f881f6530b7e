"""The strength harness: hand-worked scores and intervals, a mirror scores exactly ½, a match is the reference
engine's games scored by hand; ``tuned`` plays its table's knobs file where there is one (``TABLE_FILES``) and
``tuned.toml``'s knobs, unchanged, elsewhere."""

import hashlib

import numpy as np
import pytest
from test_tan_strategies import random_views

from cardodds.analysis.strength import (ELO, TABLES, Z95, Match, bradley_terry, effective_games, game_scores,
                                       interval, match, seatings)
from cardodds.sim.errors import CardoddsError
from cardodds.sim.knobs import current, read_knobs_file
from cardodds.sim.streams import chunk_seed
from cardodds.sim.tan.batch import play_batch
from cardodds.sim.tan.classic import Classic
from cardodds.sim.tan.deal import deal_chunk, deal_orders
from cardodds.sim.tan.reference import TanGame
from cardodds.sim.tan.rules import TanRules
from cardodds.sim.tan.strategies import TABLE_FILES, Basic, Heuristic, RandomLegal, Tuned


def test_game_scores_and_interval_by_hand():
    two = np.array([True, False])
    assert game_scores(np.array([1, 0, -1]), two).tolist() == [1.0, 0.0, 0.5]
    even, odd = seatings(4)
    assert even.tolist() == [True, False, True, False] and odd.tolist() == [False, True, False, True]
    assert game_scores(np.array([0, 1, 2, 3, -1]), even).tolist() == [0.0, 1.0, 0.0, 1.0, 0.5]
    m, lo, hi = interval(np.array([0.0, 1.0, 0.5, 0.5]))
    # sd (ddof 1) of 0, 1, ½, ½ is sqrt(1/6); half width 1.96 * sqrt(1/6) / 2
    assert m == 0.5 and hi - m == pytest.approx(1.959963984540054 * np.sqrt(1 / 6) / 2)
    assert lo == pytest.approx(1 - hi)
    with pytest.raises(CardoddsError):
        interval(np.array([1.0]))


@pytest.mark.parametrize("table", ["2p36", "4p52"])
def test_a_player_against_itself_scores_exactly_one_half(table):
    """Both games of a deal are the same game (every seat plays alike, the same random stream), and the seat that
    loses it belongs to A in one game and to B in the other."""
    for s in (Tuned(), RandomLegal()):
        m = match(s, s, TABLES[table], 60, seed=3, chunk=25)
        assert (m.score, m.low, m.high) == (0.5, 0.5, 0.5)


@pytest.mark.parametrize("table", ["2p36", "4p52"])
def test_match_is_the_reference_games_scored_by_hand(table):
    rules = TABLES[table]
    a, b = Basic(), Classic()
    m = match(a, b, rules, 40, seed=11, chunk=30)
    pair = []
    for k, n in ((0, 30), (1, 10)):
        seq = chunk_seed(11, k)
        orders, fa = deal_chunk(rules, seq, n)
        per_game = []
        for a_even in (True, False):
            seats = [a if (p % 2 == 0) == a_even else b for p in range(rules.players)]
            score = []
            for i in range(n):
                loser = TanGame(rules, orders[i], int(fa[i]), seats, check=True).play().loser
                score.append(0.5 if loser is None else float((loser % 2 == 0) != a_even))
            per_game.append(np.array(score))
        pair.append((per_game[0] + per_game[1]) / 2)
    pair = np.concatenate(pair)
    assert m.pairs == 40 and m.score == pytest.approx(pair.mean())
    assert m.high - m.low == pytest.approx(2 * 1.959963984540054 * pair.std(ddof=1) / np.sqrt(40))
    assert 0 <= m.score < 0.5  # basic loses to the benchmark player


@pytest.mark.parametrize("table", ["2p36", "2p52", "4p52"])
def test_tuned_plays_its_table_knobs(table):
    rules = TABLES[table]
    _, knobs = read_knobs_file(TABLE_FILES[(rules.players, rules.deck)], "t")
    table_player = Heuristic(**{**current(Tuned()), **knobs})
    assert Tuned().at_table(rules) == table_player
    assert Tuned().at_table(TanRules(players=3)) == Tuned() and Tuned().at_table(None) == Tuned()
    assert Tuned(pair_bonus=1).at_table(rules) == Tuned(pair_bonus=1)  # given knobs play at every table
    seats = [Tuned(), Basic()] * (rules.players // 2)
    o, f = deal_orders(rules, np.random.default_rng(4), 200)
    mine = play_batch(rules, o, f, seats, check=True)
    want = play_batch(rules, o, f, [table_player if s == Tuned() else s for s in seats], check=True)
    assert np.array_equal(mine.loser, want.loser) and np.array_equal(mine.bouts, want.bouts)
    for i in range(40):
        out = TanGame(rules, o[i], f[i], seats).play()
        assert (-1 if out.loser is None else out.loser, out.bouts) == (mine.loser[i], mine.bouts[i])


def test_tuned_toml_knobs_are_unchanged():
    """``tuned.toml``'s knobs (the ``tuned`` rung at tables without a knobs file, and at 4 players 52 cards before
    ``tuned_4p52.toml``) play the same games and decisions as before the table knobs (a digest of the losers, bouts
    and pick-ups of 2,000 4-player games and of 3,000 attack and defence decisions on random views, taken before
    the change)."""
    rules = TanRules(players=4)
    o, f = deal_orders(rules, np.random.default_rng(20), 2000)
    r = play_batch(rules, o, f, [Heuristic(**current(Tuned()))] * 4)
    v = random_views(3000, 21)
    v.is_lead &= v.legal != 0
    h = hashlib.sha256()
    for x in (r.loser, r.bouts, r.pickups, Tuned().attack_batch(v), Tuned().defend_batch(v)):
        h.update(np.ascontiguousarray(x).astype(np.int64).tobytes())
    assert h.hexdigest() == "6c2c65f78df84f7feb4fd798e6f6b15b9c5cbf49c515556734168f0659699466"


def test_bad_match_input():
    with pytest.raises(CardoddsError, match="at least 2 deal pairs"):
        match(Basic(), Basic(), TABLES["2p36"], 1, seed=0)


def _synthetic(a, b, score, games, sd_scale=1.0):
    """A match of ``games`` independent games scoring ``score`` (its interval the binomial one, scaled)."""
    half = Z95 * sd_scale * np.sqrt(score * (1 - score) / games)
    return Match(a, b, games // 2, score, score - half, score + half, 0.0, 1.0, 1.0, 1.0)


def test_bradley_terry_recovers_known_ratings():
    """Scores made from known ratings (0, 1, 2.5 and -0.7 in log-strength units) give those ratings back, the
    anchor at 0; with a single match the interval is the delta method's: se(r) = se(s) / (s (1 - s))."""
    truth = {"w": 0.0, "x": 1.0, "y": 2.5, "z": -0.7}
    names = list(truth)
    table = [_synthetic(a, b, 1 / (1 + np.exp(truth[b] - truth[a])), 800)
             for k, a in enumerate(names) for b in names[k + 1:]]
    ratings = bradley_terry(table)
    assert [r.name for r in ratings] == names
    for r in ratings:
        assert r.elo == pytest.approx(ELO * truth[r.name], abs=1e-6)
        assert r.low < r.elo < r.high or r.name == "w"
    assert ratings[0].low == ratings[0].high == 0.0
    shifted = bradley_terry(table, anchor="y")
    assert [r.elo for r in shifted] == pytest.approx([ELO * (truth[n] - 2.5) for n in names], abs=1e-6)

    one = _synthetic("a", "b", 0.25, 1000)
    a, b = bradley_terry([one])
    assert b.elo == pytest.approx(ELO * np.log(3))  # 0.25 = 1 / (1 + e^(r_b - r_a))
    se = np.sqrt(0.25 * 0.75 / 1000) / (0.25 * 0.75)
    assert b.high - b.elo == pytest.approx(ELO * Z95 * se)
    # a match whose paired deals vary twice as much as independent games counts as a quarter of its games
    assert effective_games(_synthetic("a", "b", 0.25, 1000, sd_scale=2.0)) == pytest.approx(250)


def test_bradley_terry_bad_input():
    with pytest.raises(CardoddsError, match="at least 2"):
        bradley_terry([])
    with pytest.raises(CardoddsError, match="anchor"):
        bradley_terry([_synthetic("a", "b", 0.5, 100)], anchor="c")
    with pytest.raises(CardoddsError, match="diverge"):
        bradley_terry([_synthetic("a", "b", 1.0, 100), _synthetic("b", "c", 0.5, 100)])
