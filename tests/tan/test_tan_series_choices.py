"""The Tấn series decisions as knobs (docs/rules.md §3.7, seed 004's luật bên lề): what each knob changes, that a
config sets them, and that the defaults play as before."""

import numpy as np
import pytest

from cardodds.analysis.estimate import summarize
from cardodds.sim.errors import CardoddsError
from cardodds.sim.knobs import declared
from cardodds.sim.streams import chunk_seed
from cardodds.sim.tan.batch import play_batch
from cardodds.sim.tan.cards import deck_ids, parse_card, parse_cards
from cardodds.sim.tan.deal import deal_orders
from cardodds.sim.tan.decisions import SERIES_KNOBS, decide
from cardodds.sim.tan.play_task import TASK, parse, run_chunk
from cardodds.sim.tan.players import STRATEGIES, seat_strategies
from cardodds.sim.tan.reference import TanGame
from cardodds.sim.tan.rules import TanRules
from cardodds.sim.tan.series import carry_over, play_series
from cardodds.sim.tan.strategies import Basic, Beginner, Heuristic, Tuned

H = 8


def order_of(hands, turned, first_in_stock=""):
    head = [c for h in hands for c in parse_cards(h)] + [parse_card(turned)] + parse_cards(first_in_stock)
    return head + [c for c in deck_ids(52) if c not in head]


def keys():
    return np.stack([-np.arange(52.0), np.arange(52.0)])


def game_of(rules, hands, turned, strategies):
    return TanGame(rules, order_of(hands, turned), 0, strategies, check=True)


def test_the_shipped_players_declare_the_three_knobs_with_the_old_play_as_default():
    for cls in (Basic, Heuristic, Beginner, Tuned):
        space = declared(cls)
        assert {k: space[k] for k in SERIES_KNOBS} == SERIES_KNOBS and all(v.series for v in SERIES_KNOBS.values())
        s = cls()
        assert (s.winner_swaps_two, s.loser_swaps_first, s.declares_xa) == (True, False, True)
    assert not any(getattr(v, "series", False) for k, v in declared(Heuristic).items() if k not in SERIES_KNOBS)


def test_loser_swaps_first_knob_plays_as_the_swap_before_giving():
    # "người này có quyền quyết định cúng con chủ cao nhất rồi mới đổi 2 chủ hay ngược lại"
    hands = ["3s 4s 5s 6s 7s 8s 7c 8c", "2h 9h 2c 3c 9d Td Jd Qd", "2d 3d 4d 5d 6d 7d 8d 4c"]
    rules = TanRules(players=3, trump_exchange="two_only")
    for knob, given, kept in ((False, "9h", "2h"), (True, "Ah", "9h")):  # give first: the 2 is swapped in play
        g = game_of(rules, hands, "Ah", [Basic(), Basic(loser_swaps_first=knob), Basic()])
        assert carry_over(g, winner=0, loser=1, keys=keys())[0] == parse_card(given)
        assert parse_card(kept) in g.hands[1] and parse_card(given) in g.hands[0]
        assert g.play().first_attacker == 1  # the loser's 2-swap (before or after) gives it the first attack
        assert [e for e in g.log if e[0] == "exchange"] == [("exchange", 1, parse_card("2h"), parse_card("Ah"))]


def test_a_loser_without_trump_who_keeps_the_hand_gives_nothing():
    # "Nếu người chơi về chót ván trước không có chủ, thì không phải cúng chủ": no trump, nothing to give
    hands = ["2s 3s 4s 5s 6s 4h 7c 8c", "2c 3c 4c 9d Td Jd Qd Kd", "2d 3d 4d 5d 6d 7d 8d 5c"]
    g = game_of(TanRules(players=3), hands, "Ah", [Basic(), Basic(declares_xa=False), Basic()])
    assert carry_over(g, winner=0, loser=1, keys=keys()) == (None, [])
    assert sorted(g.hands[1]) == sorted(parse_cards(hands[1])) and len(g.hands[0]) == H
    assert not [e for e in g.log if e[0] in ("xa", "cung")] and g.all_cards() == deck_ids(52)
    g = game_of(TanRules(players=3), hands, "Ah", seat_strategies("basic", 3))  # the default declares xả
    assert carry_over(g, winner=0, loser=1, keys=keys()) == (None, [1])


def test_a_winner_without_trump_who_keeps_the_hand_still_receives_the_cung():
    # "Nếu người về nhất ván trước không có chủ thì có thể tuyên bố xả chủ trước khi nhận cúng chủ"
    hands = ["2s 3s 4s 5s 6s 9s 7c 8c", "2c 3c 3h 9h Kh 9d Td Jd", "2d 3d 4d 5d 6d 7d 8d 4c"]
    g = game_of(TanRules(players=3), hands, "Ah", [Heuristic(declares_xa=False), Basic(), Basic()])
    assert carry_over(g, winner=0, loser=1, keys=keys()) == (parse_card("Kh"), [])
    assert sorted(g.hands[0]) == sorted(parse_cards(hands[0] + " Kh"))


def test_the_xa_view_names_the_role():
    seen = []

    class Asks(Basic):
        def declares_xa(self, v, rng=None):
            seen.append((v.seat, v.role, v.hand))
            return False

    hands = ["2s 3s 4s 5s 6s 9s 7c 8c", "2c 3c 4c 9d Td Jd Qd Kd", "2d 3d 4d 5d 6d 7d 8d 5c"]
    g = game_of(TanRules(players=3), hands, "Ah", [Asks(), Asks(), Basic()])
    assert carry_over(g, winner=0, loser=1, keys=keys()) == (None, [])
    assert seen == [(1, "loser", sorted(parse_cards(hands[1]))), (0, "winner", sorted(parse_cards(hands[0])))]


def _series(strategy, games=200, seed=11):
    rules = TanRules(players=4, trump_exchange="two_only", series_length=games)
    rng = np.random.default_rng(seed)
    orders, first = deal_orders(rules, rng, games)
    return play_series(rules, orders, first, rng.random((games, 2, 52)), seat_strategies(strategy, 4), check=True)


def test_a_winner_who_never_swaps_keeps_the_first_attack_unless_another_player_swaps():
    # "... hoặc không đổi 2 chủ lấy con chủ đang ở dưới bộ bài úp (sẽ được đi trước)"
    default, keeps = _series("basic"), _series({"name": "basic", "winner_swaps_two": False})
    first = {}
    for name, played in (("default", default), ("keeps", keeps)):
        hits = follows = 0
        for rec in played[1:]:
            if rec.prev_winner is None:
                continue
            swaps = [e[1] for e in rec.game.log if e[0] == "exchange"]
            if name == "keeps":
                assert rec.prev_winner not in swaps
            assert (rec.outcome.first_attacker == rec.prev_winner) == (not swaps)
            follows, hits = follows + 1, hits + (not swaps)
        first[name] = hits / follows
    # the winner holds the 2 after the carry-over in about a sixth of the games: it then keeps the first attack
    assert first["keeps"] > first["default"] + 0.08
    assert [r.start_hands for r in default[:1]] == [r.start_hands for r in keeps[:1]]  # same deal, same first game


def test_the_task_counts_the_previous_winners_first_attack_and_loss():
    rules = {"players": 4, "series_length": 10, "trump_exchange": "two_only"}
    rows = {}
    for name, table in (("default", {}), ("keeps", {"winner_swaps_two": False})):
        p = parse({"rules": rules, "strategies": table}, "cfg")
        c = run_chunk(p, chunk_seed(4, 0), 120)
        played = []
        for start in range(0, 120, 10):  # the chunk's series, replayed from its streams
            played += [r for r in _chunk_series(p, start)]
        won = [r for r in played if r.prev_winner is not None]
        assert int(c["series_won"]) == len(won)
        assert int(c["series_won_first"]) == sum(r.outcome.first_attacker == r.prev_winner for r in won)
        assert int(c["series_won_lost"]) == sum(r.outcome.loser == r.prev_winner for r in won)
        rows[name] = {r["metric"]: r for r in summarize(TASK, c, p)}
    assert rows["keeps"]["series.winner_first"]["estimate"] > rows["default"]["series.winner_first"]["estimate"]
    single = parse({"rules": {"players": 4}}, "cfg")
    assert "series.winner_first" not in {r["metric"] for r in summarize(TASK, run_chunk(single, chunk_seed(4, 0), 50),
                                                                         single)}


def _chunk_series(params, start):
    from cardodds.sim.streams import PLAY, stream
    from cardodds.sim.tan.deal import deal_chunk

    orders, first, xa_keys = deal_chunk(params.rules, chunk_seed(4, 0), 120, xa_keys=True)
    return play_series(params.rules, orders[start:start + 10], first[start:start + 10], xa_keys[start:start + 10],
                       params.strategies, rng=stream(chunk_seed(4, 0), PLAY))


@pytest.mark.parametrize("strategies", [
    {"name": "heuristic", "winner_swaps_two": False, "declares_xa": False},
    {"seats": [{"name": "basic", "loser_swaps_first": True}, "tuned", {"name": "beginner", "declares_xa": False},
               "basic"]},
])
def test_config_strategies_accept_the_knobs(strategies):
    p = parse({"rules": {"players": 4, "series_length": 3}, "strategies": strategies}, "cfg")
    tables = strategies.get("seats", [strategies] * 4)
    for s, table in zip(p.strategies, tables):
        table = {"name": table} if isinstance(table, str) else table
        assert s.name == table["name"]
        for knob in SERIES_KNOBS:
            assert getattr(s, knob) == table.get(knob, getattr(type(s)(), knob))


@pytest.mark.parametrize("table,match", [
    ({"name": "basic", "winner_swaps_two": "no"}, "basic: knob 'winner_swaps_two' = 'no' must be one of true, false"),
    ({"name": "heuristic", "loser_swaps_first": 1}, "heuristic: knob 'loser_swaps_first' = 1 must be one of false, true"),
    ({"name": "beginner", "declares_xa": "yes"}, "beginner: knob 'declares_xa' = 'yes' must be one of true, false"),
    ({"name": "basic", "winner_swap_two": False}, "did you mean 'winner_swaps_two'"),
    ({"name": "expert", "winner_swaps_two": False}, "unknown key 'winner_swaps_two'"),
    ({"name": "random", "declares_xa": False}, "unknown key 'declares_xa'"),
])
def test_config_rejects_bad_knob_values_with_one_line(table, match):
    with pytest.raises(CardoddsError, match=match) as e:
        parse({"rules": {"players": 4, "series_length": 3}, "strategies": table}, "cfg")
    assert "\n" not in str(e.value)


def test_rules_reject_the_decisions_as_rules_keys():
    with pytest.raises(CardoddsError, match="unknown key 'winner_swaps_two'"):
        parse({"rules": {"players": 4, "winner_swaps_two": False}}, "cfg")


def test_the_knobs_never_change_a_single_game_in_either_engine():
    rules = TanRules(players=4, trump_exchange="two_only")
    orders, first = deal_orders(rules, np.random.default_rng(2), 300)
    knobs = {"winner_swaps_two": False, "loser_swaps_first": True, "declares_xa": False}
    plain = play_batch(rules, orders, first, seat_strategies("heuristic", 4))
    changed = play_batch(rules, orders, first, seat_strategies({"name": "heuristic", **knobs}, 4))
    assert np.array_equal(plain.loser, changed.loser) and np.array_equal(plain.bouts, changed.bouts)
    for k in range(0, 300, 50):
        out = TanGame(rules, orders[k], first[k], seat_strategies({"name": "heuristic", **knobs}, 4)).play()
        assert (-1 if out.loser is None else out.loser) == plain.loser[k] and out.bouts == plain.bouts[k]


def test_decide_prefers_a_method_then_the_knob_then_the_exchange_default():
    class Own(Basic):
        def winner_swaps_two(self, v, rng=None):
            return v.flag

    v = type("V", (), {"options": [0], "flag": False})()
    assert decide(Own(), "winner_swaps_two", v) is False
    assert decide(Basic(winner_swaps_two=False), "winner_swaps_two", v) is False
    assert decide(Basic(), "winner_swaps_two", v) is True
    expert = STRATEGIES["expert"]()  # no knobs: swaps as its exchange does (the basic rule), gives first, xả's
    assert decide(expert, "winner_swaps_two", v) is True
    assert decide(expert, "loser_swaps_first", v) is False and decide(expert, "declares_xa", v) is True
