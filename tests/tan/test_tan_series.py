"""Tấn series play (RULES.md §3.5): cúng chủ, xả, the first attack, trump_no_three_in_a_row, and the task."""

from dataclasses import dataclass

import numpy as np
import pytest

from cardodds.analysis.estimate import summarize
from cardodds.sim.errors import CardoddsError
from cardodds.sim.streams import chunk_seed
from cardodds.sim.tan.batch import play_batch
from cardodds.sim.tan.cards import deck_ids, parse_card, parse_cards, suit_of
from cardodds.sim.tan.deal import deal_orders
from cardodds.sim.tan.play_task import TASK, parse, run_chunk
from cardodds.sim.tan.players import seat_strategies
from cardodds.sim.tan.reference import TanGame, format_log
from cardodds.sim.tan.rules import TanRules
from cardodds.sim.tan.series import carry_over, play_series
from cardodds.sim.tan.strategies import Basic

H = 8


def order_of(hands, turned, first_in_stock="", deck=52):
    """A deck order dealing ``hands`` (one string per seat), turning ``turned``; the stock starts with
    ``first_in_stock`` and goes on with the other cards in ascending order."""
    head = [c for h in hands for c in parse_cards(h)] + [parse_card(turned)] + parse_cards(first_in_stock)
    return head + [c for c in deck_ids(deck) if c not in head]


def ascending_keys():
    """xả keys: row 0 (loser) draws the highest cards of the pool first, row 1 (winner) the lowest."""
    return np.stack([-np.arange(52.0), np.arange(52.0)])


def game_of(rules, hands, turned, first, strategies=None, first_in_stock=""):
    strategies = strategies or seat_strategies("basic", rules.players)
    return TanGame(rules, order_of(hands, turned, first_in_stock), first, strategies, check=True)


HANDS3 = ["2s 3s 4s 5s 6s 4h 7c 8c",      # seat 0, the previous winner: 4♥
          "2c 3c 3h 9h Kh 9d Td Jd",      # seat 1, the previous loser: 3♥ 9♥ K♥
          "2d 3d 4d 5d 6d 7d 8d 4c"]      # seat 2


def test_loser_gives_the_highest_trump_to_the_winner():
    g = game_of(TanRules(players=3), HANDS3, "Ah", first=0)
    cung, xa = carry_over(g, winner=0, loser=1, keys=ascending_keys())
    assert cung == parse_card("Kh") and xa == []
    assert sorted(g.hands[1]) == sorted(parse_cards("2c 3c 3h 9h 9d Td Jd"))
    assert sorted(g.hands[0]) == sorted(parse_cards("2s 3s 4s 5s 6s 4h 7c 8c Kh"))
    assert len(g.hands[2]) == H and g.all_cards() == deck_ids(52)
    assert "seat 1 (last, previous game) gives K♥ to seat 0 (first): cúng chủ" in format_log(g)
    out = g.play()
    assert out.first_attacker == 0  # any_lower: seat 0's swap of 4♥ for A♥ keeps the first attack


def test_loser_whose_only_trump_is_the_2_gives_it_and_the_winner_may_swap_it():
    hands = ["3s 4s 5s 6s 7s 8s 7c 5h", "2h 2c 3c 9d Td Jd Qd Kd", "2d 3d 4d 5d 6d 7d 8d 4c"]
    rules = TanRules(players=3, trump_exchange="two_only")
    g = game_of(rules, hands, "Ah", first=0)
    assert carry_over(g, winner=0, loser=1, keys=ascending_keys()) == (parse_card("2h"), [])
    assert parse_card("2h") in g.hands[0] and not any(suit_of(c) == 3 for c in g.hands[1])
    out = g.play()
    # the previous winner swaps the 2 (đổi 2 chủ) and loses the first attack to the next player
    assert ("exchange", 0, parse_card("2h"), parse_card("Ah")) in g.log and out.first_attacker == 1
    # ... or keeps the 2 and attacks first
    g = game_of(rules, hands, "Ah", first=0, strategies=[Basic(winner_swaps_two=False), Basic(), Basic()])
    carry_over(g, winner=0, loser=1, keys=ascending_keys())
    assert g.play().first_attacker == 0 and not [e for e in g.log if e[0] == "exchange"]


@pytest.mark.parametrize("opens,first", [("next_after_winner", 1), ("swapper", 2)])
def test_a_2_swap_by_another_player_than_the_winner_gives_the_first_attack_per_series_swap_opens(opens, first):
    # "Nếu người nào đổi 2 chủ, thì lượt ra bài đầu tiên sẽ thuộc về người tiếp theo trong vòng chứ không thuộc về
    # người thắng ván trước đó": seat 0 won the previous game, seat 1 lost it and gives 3♥ (cúng chủ), seat 2 — not
    # the winner — swaps the 2♥ for the turned A♥.  Read literally (default) the first attack goes to the player
    # after the winner, seat 1; with "swapper" to seat 2, as in a single game ("người đó sẽ có quyền tấn người kế
    # tiếp đầu tiên")
    hands = ["3s 4s 5s 6s 7s 8s 7c 8c", "3h 2c 3c 9d Td Jd Qd Kd", "2h 3d 4d 5d 6d 7d 8d 4c"]
    rules = TanRules(players=3, trump_exchange="two_only", series_length=2, series_swap_opens=opens)
    g = game_of(rules, hands, "Ah", first=0)
    assert carry_over(g, winner=0, loser=1, keys=ascending_keys())[0] == parse_card("3h")
    out = g.play()
    assert ("exchange", 2, parse_card("2h"), parse_card("Ah")) in g.log and out.first_attacker == first
    bout = g.log[g.log.index(("exchange", 2, parse_card("2h"), parse_card("Ah"))) + 1]
    assert bout[0] == "bout" and bout[2] == first  # the first bout is attacked by that seat
    single = game_of(TanRules(players=3, trump_exchange="two_only"), hands, "Ah", first=0)
    assert single.play().first_attacker == 2  # single game: the swapper attacks first (RULES §3.2)


def test_the_literal_reading_gives_the_seat_after_the_winner_at_4_players():
    # at 4 players the winner is seat 2 (4♥), the previous loser seat 1 gives 3♥, seat 0 swaps the 2♥: seat 3 (after the
    # winner) attacks first by default, seat 0 with "swapper"
    hands = ["2h 9s Ts Js Qs Ks 9c Tc", "3h 2c 3c 9d Td Jd Qd Kd", "3s 4s 5s 6s 7s 8s 7c 4h",
             "2d 3d 4d 5d 6d 7d 8d 4c"]
    for opens, first in (("next_after_winner", 3), ("swapper", 0)):
        rules = TanRules(players=4, trump_exchange="two_only", series_length=2, series_swap_opens=opens)
        g = TanGame(rules, order_of(hands, "Ah"), 2, seat_strategies("basic", 4), check=True)
        carry_over(g, winner=2, loser=1, keys=ascending_keys())
        out = g.play()
        assert ("exchange", 0, parse_card("2h"), parse_card("Ah")) in g.log and out.first_attacker == first


def test_a_swap_by_the_previous_winner_passes_the_first_attack_to_the_next_player_still_in():
    # "mất lượt đi trước cho người tiếp theo trong vòng": at 4 players the winner (seat 3) swaps; seat 0 attacks
    hands = ["3s 4s 5s 6s 7s 8s 7c 8c", "3h 2c 3c 9d Td Jd Qd Kd", "2d 3d 4d 5d 6d 7d 8d 4c",
             "2h 9s Ts Js Qs Ks 9c Tc"]
    rules = TanRules(players=4, trump_exchange="two_only")
    g = TanGame(rules, order_of(hands, "Ah"), 3, seat_strategies("basic", 4), check=True)
    g.series_winner = 3
    out = g.play()
    assert ("exchange", 3, parse_card("2h"), parse_card("Ah")) in g.log and out.first_attacker == 0


@dataclass(frozen=True)
class SwapsBeforeGiving(Basic):
    """Basic, but as the previous loser holding the 2 and other trumps swaps the 2 before giving."""

    def loser_swaps_first(self, v, rng=None):
        assert v.options == [parse_card("2h")] and v.turned == parse_card("Ah") and v.winner == 0
        return True


def test_the_previous_winner_decides_whether_to_swap_a_received_2():
    # "người về nhất ván trước được tự quyết định việc có thể đổi (mất lượt đi trước ...) hoặc không đổi 2 chủ
    # lấy con chủ đang ở dưới bộ bài úp (sẽ được đi trước)"
    hands = ["3s 4s 5s 6s 7s 8s 7c 5c", "2h 2c 3c 9d Td Jd Qd Kd", "2d 3d 4d 5d 6d 7d 8d 4c"]
    rules = TanRules(players=3, trump_exchange="two_only")
    for strategy, swaps, first in ((Basic(), True, 1), (Basic(winner_swaps_two=False), False, 0)):
        g = game_of(rules, hands, "Ah", first=0, strategies=[strategy, Basic(), Basic()])
        assert carry_over(g, winner=0, loser=1, keys=ascending_keys())[0] == parse_card("2h")  # the only trump
        out = g.play()
        assert (("exchange", 0, parse_card("2h"), parse_card("Ah")) in g.log) == swaps and out.first_attacker == first


def test_the_loser_with_the_2_and_other_trumps_chooses_give_then_swap_or_swap_then_give():
    # "người này có quyền quyết định cúng con chủ cao nhất rồi mới đổi 2 chủ hay ngược lại"
    hands = ["3s 4s 5s 6s 7s 8s 7c 8c", "2h 9h 2c 3c 9d Td Jd Qd", "2d 3d 4d 5d 6d 7d 8d 4c"]
    rules = TanRules(players=3, trump_exchange="two_only")
    # give first (the default): 9♥ goes to the winner, then the 2 is swapped for A♥, which the loser keeps
    g = game_of(rules, hands, "Ah", first=0)
    assert carry_over(g, winner=0, loser=1, keys=ascending_keys())[0] == parse_card("9h")
    out = g.play()
    assert ("exchange", 1, parse_card("2h"), parse_card("Ah")) in g.log and out.first_attacker == 1
    # swap first: the 2 for A♥, then the highest trump — A♥ itself — goes to the winner; the loser keeps 9♥
    g = game_of(rules, hands, "Ah", first=0, strategies=[Basic(), SwapsBeforeGiving(), Basic()])
    assert carry_over(g, winner=0, loser=1, keys=ascending_keys())[0] == parse_card("Ah")
    assert parse_card("9h") in g.hands[1] and parse_card("Ah") in g.hands[0] and g.stock[-1] == parse_card("2h")
    out = g.play()
    assert [e for e in g.log if e[0] == "exchange"] == [("exchange", 1, parse_card("2h"), parse_card("Ah"))]
    assert out.first_attacker == 1  # a swap by another player than the winner: the swapper attacks first


def test_xa_loser_without_trump_reshuffles_and_then_gives_nothing():
    hands = ["2s 3s 4s 5s 6s 4h 7c 8c", "2c 3c 4c 9d Td Jd Qd Kd", "2d 3d 4d 5d 6d 7d 8d 5c"]
    g = game_of(TanRules(players=3), hands, "Ah", first=0)
    stock_before = list(g.stock)
    cung, xa = carry_over(g, winner=0, loser=1, keys=ascending_keys())
    pool = stock_before[:-1] + parse_cards(hands[1])
    new = sorted(pool, reverse=True)[:H]  # row 0 keys: highest card ids first
    assert xa == [1] and cung is None  # xả'd: K♥ Q♥ ... drawn, yet nothing is given
    assert sorted(g.hands[1]) == sorted(new) and parse_card("Kh") in g.hands[1]
    assert g.stock[-1] == parse_card("Ah") and len(g.stock) == len(stock_before)
    assert sorted(g.stock[:-1]) == sorted(set(pool) - set(new))
    assert sorted(g.hands[0]) == sorted(parse_cards(hands[0])) and g.all_cards() == deck_ids(52)
    assert [e[0] for e in g.log].count("xa") == 1 and "declares xả" in format_log(g)


def test_xa_winner_without_trump_before_receiving():
    hands = ["2s 3s 4s 5s 6s 9s 7c 8c", "2c 3c 3h 9h Kh 9d Td Jd", "2d 3d 4d 5d 6d 7d 8d 4c"]
    g = game_of(TanRules(players=3), hands, "Ah", first=0, first_in_stock="Qh")
    stock_before = list(g.stock)
    cung, xa = carry_over(g, winner=0, loser=1, keys=ascending_keys())
    pool = stock_before[:-1] + parse_cards(hands[0])
    new = sorted(pool)[:H]  # row 1 keys: lowest card ids first
    assert xa == [0] and cung == parse_card("Kh")
    assert sorted(g.hands[0]) == sorted(new + [parse_card("Kh")]) and len(g.hands[1]) == H - 1
    assert g.all_cards() == deck_ids(52)


def test_no_carry_over_after_a_draw():
    g = game_of(TanRules(players=3), HANDS3, "Ah", first=2)
    before = [sorted(h) for h in g.hands]
    assert carry_over(g, winner=2, loser=None, keys=ascending_keys()) == (None, [])
    assert [sorted(h) for h in g.hands] == before and g.series_winner == 2


@pytest.mark.parametrize("on", [True, False])
def test_trump_no_three_in_a_row(on):
    rules = TanRules(players=4, series_length=3, trump_no_three_in_a_row=on)
    hands = ["2s 3s 4s 5s 6s 7s 8s 9s", "2c 3c 4c 5c 6c 7c 8c 9c", "2d 3d 4d 5d 6d 7d 8d 9d", "Ts Js Qs Ks As Tc Jc Qc"]
    orders = [order_of(hands, "Ah"), order_of(hands, "Kh"), order_of(hands, "Qh", first_in_stock="2h 3h 4h Td")]
    played = play_series(rules, orders, [0, 0, 0], np.zeros((3, 2, 52)), seat_strategies("basic", 4), check=True)
    assert [p.game.trump for p in played[:2]] == [3, 3]
    third = played[2]
    if on:
        assert third.retrumped and third.game.trump == 2  # 2♥ 3♥ 4♥ skipped: 10♦ is turned
        assert third.game.log[1] == ("retrump", parse_card("Qh"), parse_card("Td"))
        assert "is turned instead" in format_log(third.game)
        assert third.game.log[0][2] == parse_card("Td")
    else:
        assert not third.retrumped and third.game.trump == 3


def _check_series(rules, strategies, seed, games):
    rng = np.random.default_rng(seed)
    orders, first = deal_orders(rules, rng, games)
    keys = rng.random((games, 2, 52))
    played = play_series(rules, orders, first, keys, strategies, rng=np.random.default_rng(seed + 1), check=True)
    P = rules.players
    for k, rec in enumerate(played):
        g, out = rec.game, rec.outcome
        assert g.all_cards() == deck_ids(rules.deck)  # conservation at the end of every game
        assert sum(len(h) for h in rec.start_hands) == P * rules.hand_size
        if k == 0:
            assert rec.prev_winner is None and rec.cung is None and rec.xa == []
            continue
        prev = played[k - 1]
        assert rec.prev_winner == prev.winner and rec.prev_loser == prev.outcome.loser
        if prev.outcome.loser is None:
            assert rec.cung is None and rec.xa == []
        swapped = [e for e in g.log if e[0] == "exchange"]
        if prev.winner is None:
            continue
        by_other = swapped and swapped[0][1] != prev.winner
        if rules.trump_exchange == "two_only" and by_other and rules.series_swap_opens == "swapper":
            assert out.first_attacker == swapped[0][1]  # any 2-swap takes the first attack from the winner
        elif rules.trump_exchange == "two_only" and swapped:
            assert out.first_attacker == (prev.winner + 1) % P  # ... and gives it to the next player after it
        else:
            assert out.first_attacker == prev.winner  # the previous first finisher attacks first
        if rec.cung is not None:
            W, L = prev.winner, prev.outcome.loser
            assert L not in rec.xa and len(rec.start_hands[L]) == rules.hand_size - 1
            assert len(rec.start_hands[W]) == rules.hand_size + 1 and rec.cung in rec.start_hands[W]
            assert all(c < rec.cung for c in rec.start_hands[L] if suit_of(c) == g.trump)  # the highest was given
        elif prev.outcome.loser is not None:  # no cúng after a loss only when the loser xả'd or kept a trumpless hand
            L = prev.outcome.loser
            kept = not getattr(strategies[L], "declares_xa", True) and not any(suit_of(c) == g.trump for c in rec.start_hands[L])
            assert L in rec.xa or kept
    return played


@pytest.mark.parametrize("players,exchange,strategy,opens", [
    (4, "any_lower", "basic", "next_after_winner"), (3, "two_only", "basic", "next_after_winner"),
    (2, "two_only", "random", "next_after_winner"), (4, "none", "heuristic", "next_after_winner"),
    (4, "two_only", {"name": "basic", "winner_swaps_two": False, "loser_swaps_first": True, "declares_xa": False},
     "next_after_winner"),
    (3, "two_only", {"name": "heuristic", "loser_swaps_first": True}, "next_after_winner"),
    (4, "two_only", "basic", "swapper"), (3, "two_only", "random", "swapper"),
])
def test_series_conservation_and_carry_over_at_every_game(players, exchange, strategy, opens):
    rules = TanRules(players=players, trump_exchange=exchange, series_length=12, trump_no_three_in_a_row=True,
                     series_swap_opens=opens)
    played = _check_series(rules, seat_strategies(strategy, players), 10 * players, 24)
    trumps = [p.game.trump for p in played]
    assert not any(trumps[i] == trumps[i + 1] == trumps[i + 2] for i in range(len(trumps) - 2))
    assert sum(p.cung is not None for p in played) > 5


@pytest.mark.parametrize("exchange,opens", [("any_lower", "next_after_winner"), ("two_only", "next_after_winner"),
                                            ("two_only", "swapper")])
def test_first_game_of_a_series_is_the_single_game(exchange, opens):
    # the batch engine plays single games only; the first game of a series is one, whatever series_swap_opens says
    rules = TanRules(players=4, series_length=5, trump_exchange=exchange, series_swap_opens=opens)
    rng = np.random.default_rng(3)
    orders, first = deal_orders(rules, rng, 6)
    single = play_batch(TanRules(players=4, trump_exchange=exchange), orders, first, seat_strategies("basic", 4))
    for k in range(6):
        rec = play_series(rules, orders[k:k + 1], first[k:k + 1], np.zeros((1, 2, 52)),
                          seat_strategies("basic", 4))[0]
        assert (rec.outcome.loser if rec.outcome.loser is not None else -1) == single.loser[k]
        assert rec.outcome.bouts == single.bouts[k] and rec.outcome.first_attacker == single.first_attacker[k]


@pytest.mark.parametrize("table,match", [
    ({"series_length": 0}, "series_length must be a whole number >= 1"),
    ({"series_length": -3}, "series_length must be a whole number >= 1"),
    ({"series_length": True}, "series_length"),
    ({"series_length": "10"}, "series_length"),
    ({"series_length": 2.5}, "series_length"),
    ({"series_length": 2, "trump_no_three_in_a_row": True}, "3 games or more"),
    ({"trump_no_three_in_a_row": True}, "series play"),
    ({"series": True}, "set series_length"),
    ({"series_lenght": 5}, "series_length"),
    ({"series_swap_opens": "swapper", "trump_exchange": "two_only"}, "only applies to series play"),
    ({"series_swap_opens": "swapper", "series_length": 3}, "trump_exchange = 'two_only'"),
    ({"series_swap_opens": "winner", "series_length": 3, "trump_exchange": "two_only"}, "series_swap_opens"),
])
def test_series_options_are_one_line_errors(table, match):
    with pytest.raises(CardoddsError, match=match) as e:
        parse({"rules": table}, "cfg")
    assert "\n" not in str(e.value)


def test_series_task_counts():
    p = parse({"rules": {"players": 4, "series_length": 5}}, "cfg")
    n = 23  # four series of 5 and one of 3
    c = run_chunk(p, chunk_seed(5, 0), n)
    assert int(c["games"]) == n and int(c["series_follows"]) == n - 5
    assert c["lose_seat"].sum() + c["draw"] + c["truncated"] == n
    assert c["held_trumps"].sum() == n * 4 and c["lost_trumps"].sum() == c["lose_seat"].sum()
    assert 0 < c["series_cung"] <= c["after_losing"] <= c["series_follows"]
    c2 = run_chunk(p, chunk_seed(5, 0), n)
    assert all(np.array_equal(c[k], c2[k]) for k in c)  # deterministic given the seed
    rows = {r["metric"]: r for r in summarize(TASK, c, p)}
    assert rows["series.cung_chu"]["n"] == n - 5 and rows["lose.after_losing"]["n"] == int(c["after_losing"])
    single = parse({"rules": {"players": 4}}, "cfg")
    cs = run_chunk(single, chunk_seed(5, 0), 200)
    decided = 200 - int(cs["draw"] + cs["truncated"])  # games with a loser; all but the last one are followed
    assert int(cs["series_follows"]) == 0 and int(cs["after_losing"]) in (decided - 1, decided)
    srows = {r["metric"] for r in summarize(TASK, cs, single)}
    assert "lose.after_losing" in srows and "series.cung_chu" not in srows


def test_xa_only_once_even_if_the_new_hand_has_no_trump():
    hands = ["2s 3s 4s 5s 6s 4h 7c 8c", "2c 3c 4c 9d Td Jd Qd Kd", "2d 3d 4d 5d 6d 7d 8d 5c"]
    g = game_of(TanRules(players=3), hands, "Ah", first=0)
    keys = ascending_keys()
    keys[0] = [1000.0 + c if suit_of(c) == 3 else c for c in range(52)]  # hearts come last in the loser's reshuffle
    cung, xa = carry_over(g, winner=0, loser=1, keys=keys)
    assert xa == [1] and cung is None and not any(suit_of(c) == 3 for c in g.hands[1])
    assert [e[0] for e in g.log].count("xa") == 1 and len(g.hands[1]) == H and g.all_cards() == deck_ids(52)


def test_series_replay_shows_every_game_and_its_carry_over():
    from cardodds.sim.tan.play_task import replay_text

    rules = TanRules(players=3, series_length=4, trump_exchange="two_only")
    text = replay_text(7, rules, "basic")
    assert text == replay_text(7, rules, "basic") and text.splitlines()[-1].startswith("result: ")
    assert [line for line in text.splitlines() if line.startswith("== game")] == [
        f"== game {k} of 4 ==" for k in range(1, 5)]
    assert text.count("result: ") == 4 and "cúng chủ" in text
    # the replay is the first series run_chunk plays: same losers
    p = parse({"rules": {"players": 3, "series_length": 4, "trump_exchange": "two_only"}}, "cfg")
    c = run_chunk(p, chunk_seed(7, 0), 4)
    losers = [int(line.split()[2]) for line in text.splitlines() if line.startswith("result: seat")]
    assert sorted(np.repeat(np.arange(3), c["lose_abs"]).tolist()) == sorted(losers)
