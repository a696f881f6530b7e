"""The Tấn reference engine on hand-worked situations, and its invariants over many games."""

from types import SimpleNamespace

import numpy as np
import pytest

from cardodds.sim.errors import CardoddsError
from cardodds.sim.tan.cards import deck_ids, parse_card, parse_cards, parse_suit
from cardodds.sim.tan.deal import deal_orders
from cardodds.sim.tan.reference import TanGame, beats, format_log
from cardodds.sim.tan.rules import TanRules
from cardodds.sim.tan.strategies import Basic, Heuristic, RandomLegal

C = parse_card


def setup(hands, stock="", trump="h", first=0, strategies=None, **kw):
    """A game in a chosen state: ``hands`` as card strings, the rest of the deck already discarded."""
    P = len(hands)
    kw.setdefault("trump_exchange", "none")
    rules = TanRules(players=P, **kw)
    g = TanGame(rules, deck_ids(rules.deck), first, strategies or [Basic()] * P, check=True)
    hs = [set(parse_cards(h)) for h in hands]
    st = parse_cards(stock)
    used = set().union(*hs) | set(st)
    g.hands, g.stock, g.trump = hs, st, parse_suit(trump)
    g.discard = [c for c in deck_ids(rules.deck) if c not in used]
    g._check()
    return g


def moves(g, kinds=("attack", "cover", "take", "pass", "draw", "out", "end", "exchange")):
    return [ev for ev in g.log if ev[0] in kinds]


def test_beats():
    h = 3
    assert beats(C("7s"), C("5s"), h) and not beats(C("5s"), C("7s"), h)
    assert beats(C("2h"), C("As"), h)  # any trump beats a non-trump
    assert not beats(C("Kd"), C("2h"), h)  # a trump only falls to a higher trump
    assert beats(C("3h"), C("2h"), h) and not beats(C("Ac"), C("2s"), h)


def test_last_bout_emptying_every_hand_is_a_draw():
    g = setup(["5s", "7s"])
    out = g.play()
    assert out.draw and out.loser is None and not out.truncated and out.bouts == 1
    assert moves(g) == [("attack", 0, C("5s")), ("cover", 1, C("5s"), C("7s")), ("out", 0), ("out", 1), ("end", None)]


def test_trump_covers_a_plain_card():
    out = setup(["As", "2h"]).play()
    assert out.draw


def test_trump_attack_needs_a_higher_trump():
    g = setup(["5h", "As 3h"])
    out = g.play()
    assert out.loser == 1 and out.pickups == 1
    assert ("take", 1, sorted([C("5h")])) in g.log


def test_defender_who_cannot_cover_takes_and_loses():
    out = setup(["5s", "3s"]).play()
    assert out.loser == 1 and out.bouts == 1


def test_attacker_adds_same_rank_and_last_holder_loses():
    # seat 0 leads 5♠ (lowest non-trump), adds 5♣; seat 1 covers both with 7♠ 7♣ and is out; seat 0 keeps 9♦
    g = setup(["5s 5c 9d", "7s 7c"])
    out = g.play()
    assert moves(g)[:5] == [("attack", 0, C("5s")), ("cover", 1, C("5s"), C("7s")), ("attack", 0, C("5c")),
                            ("cover", 1, C("5c"), C("7c")), ("out", 1)]
    assert out.loser == 0 and out.finish_order == [1]


def test_attack_cap_is_the_defenders_hand():
    # the defender holds one card: only one attack card in the bout even though seat 0 holds two fives
    g = setup(["5s 5c", "7s", "6d"])
    g.play()
    first_bout = g.log[g.log.index(("bout", 1, 0, 1)):]
    first_bout = first_bout[:next(i for i, ev in enumerate(first_bout) if ev[0] == "discard")]
    assert [ev for ev in first_bout if ev[0] == "attack"] == [("attack", 0, C("5s"))]


def test_integer_attack_cap():
    g = setup(["5s 5c 5d", "7s 7c 7d 2h"], max_attack_cards=2)
    g.play()
    assert [ev for ev in g.log if ev[0] == "attack"][:3] == [("attack", 0, C("5s")), ("attack", 0, C("5c")),
                                                             ("attack", 1, C("7d"))]  # 5♦ not allowed: cap 2


def test_others_add_in_turn_order_and_nobody_adds_after_take():
    # 3 players: seat 0 leads 4♠, seat 1 covers with 9♠; seat 0 has no 4 or 9 and passes; seat 2 adds its lowest
    # match 4♣; seat 1 cannot cover it (no clubs, no trumps) and takes: seat 2's 9♣ may no longer be added.
    g = setup(["4s Kd", "9s 2d", "9c 4c"], stock="")
    g.play()
    bout = g.log[g.log.index(("bout", 1, 0, 1)) + 1:]
    assert bout[:5] == [("attack", 0, C("4s")), ("cover", 1, C("4s"), C("9s")), ("pass", 0),
                        ("attack", 2, C("4c")), ("take", 1, sorted(parse_cards("4s 9s 4c")))]
    # after a take the player after the defender (seat 2) attacks next
    assert g.log[g.log.index(bout[4]) + 1][:3] == ("bout", 2, 2)


def test_podkidnoy_throw_in_after_take():
    # throw_in_after_take: seat 1 cannot cover 4♣ and says lên; the adding goes on — seat 2 keeps the turn and throws
    # in 9♣ (a rank on the table, uncovered), then everyone passes and seat 1 picks up all four cards
    g = setup(["4s Kd", "9s 2d 3d", "9c 4c"], stock="", throw_in_after_take=True)
    g.play()
    bout = g.log[g.log.index(("bout", 1, 0, 1)) + 1:]
    assert bout[:9] == [("attack", 0, C("4s")), ("cover", 1, C("4s"), C("9s")), ("pass", 0),
                        ("attack", 2, C("4c")), ("taking", 1), ("attack", 2, C("9c")), ("pass", 2), ("pass", 0),
                        ("take", 1, sorted(parse_cards("4s 9s 4c 9c")))]
    assert "seat 1 says lên: the others may still add" in format_log(g)
    # ... but never past the cap: a defender who started the bout with 2 cards gets no third attack card
    g = setup(["4s Kd", "9s 2d", "9c 4c"], stock="", throw_in_after_take=True)
    g.play()
    bout = g.log[g.log.index(("bout", 1, 0, 1)) + 1:]
    assert bout[3:7] == [("attack", 2, C("4c")), ("taking", 1), ("pass", 2), ("pass", 0)]


def test_defended_bout_gives_the_defender_the_next_attack():
    g = setup(["4s Kd", "9s 2d", "3c 5c"])
    g.play()
    assert ("bout", 2, 1, 2) in g.log


def test_all_pass_round_then_discard():
    g = setup(["4s Kd", "9s Qs 2d", "3c Jc"])
    g.play()
    bout = g.log[g.log.index(("bout", 1, 0, 1)) + 1:]
    assert bout[:5] == [("attack", 0, C("4s")), ("cover", 1, C("4s"), C("9s")), ("pass", 0), ("pass", 2),
                        ("discard", sorted(parse_cards("4s 9s")))]


@pytest.mark.parametrize("order,expected", [
    ("attacker_defender_others", [("draw", 0, [C("2c")]), ("draw", 1, [C("3c")])]),
    ("attacker_others_defender", [("draw", 0, [C("2c")]), ("draw", 1, [C("3c")])]),
])
def test_refill_attacker_first(order, expected):
    g = setup(["5s 6d", "7s 8d"], stock="2c 3c 4c", hand_size=2, refill_order=order)
    g.play()
    assert [ev for ev in g.log if ev[0] == "draw"][:2] == expected


def test_a_player_holding_a_full_hand_or_more_does_not_draw():
    # seat 1 cannot cover 5♠ and takes it (3 cards, hand size 2); seat 0 draws one card, seat 1 none, seat 2 none
    g = setup(["5s 9d", "2c 3c", "Jd Qd"], stock="2d 3d 4d", hand_size=2)
    g.play()
    first = g.log[g.log.index(("bout", 1, 0, 1)):g.log.index(("bout", 2, 2, 0))]
    assert ("take", 1, [C("5s")]) in first
    assert [ev for ev in first if ev[0] == "draw"] == [("draw", 0, [C("2d")])]


def test_refill_order_options_differ():
    # seat 0 leads 5♠, seat 1 covers with 7♠; seat 0 passes; seat 2 adds 5♣, seat 1 covers with 7♣ and is empty.
    # Two cards are left: the seed's order serves attacker then defender, the Russian one attacker then seat 2.
    hands = ["5s 9d", "7s 7c", "5c Jh"]
    seed_order = setup(hands, stock="2c 3c", hand_size=2)
    seed_order.play()
    russian = setup(hands, stock="2c 3c", hand_size=2, refill_order="attacker_others_defender")
    russian.play()
    assert [ev for ev in seed_order.log if ev[0] in ("draw", "out")][:2] == [("draw", 0, [C("2c")]),
                                                                          ("draw", 1, [C("3c")])]
    # the Russian order leaves the defender with no card and no stock: seat 1 is out at once
    assert [ev for ev in russian.log if ev[0] in ("draw", "out")][:3] == [("draw", 0, [C("2c")]),
                                                                       ("draw", 2, [C("3c")]), ("out", 1)]


@pytest.mark.parametrize("mode", ["bout_ends", "others_may_continue"])
def test_defender_runs_out(mode):
    g = setup(["5s 5c 5d", "7s 7c"], stock="7d 2c 3c", hand_size=3, defender_runs_out=mode)
    g.play()
    head = [ev for ev in g.log if ev[0] in ("attack", "cover", "draw", "pass", "discard")][:9]
    common = [("attack", 0, C("5s")), ("cover", 1, C("5s"), C("7s")), ("attack", 0, C("5c")),
              ("cover", 1, C("5c"), C("7c"))]
    if mode == "bout_ends":
        assert head[:7] == common + [("discard", sorted(parse_cards("5s 5c 7s 7c"))),
                                     ("draw", 0, parse_cards("7d 2c")), ("draw", 1, parse_cards("3c"))]
    else:  # the defender draws at once and seat 0 may add its third five
        assert head == common + [("draw", 1, parse_cards("7d 2c 3c")), ("attack", 0, C("5d")),
                                 ("cover", 1, C("5d"), C("7d")), ("pass", 0),
                                 ("discard", sorted(parse_cards("5s 5c 5d 7s 7c 7d")))]


def test_trump_card_is_drawn_last_and_swap_any_lower():
    rules = TanRules(players=6)  # 48 cards dealt, stock of 4 with the turned card at the bottom
    order = deck_ids(52)  # seat p holds ids 8p..8p+7; id 48 = A♠ is turned: trump ♠
    g = TanGame(rules, order, 0, [Basic()] * 6, check=True)
    assert g.turned == C("As") and g.stock == [C("Ac"), C("Ad"), C("Ah"), C("As")]
    g._drive(g._exchange())  # the exchange alone, each seat asked by its strategy
    # seat 0 holds 2♠ 3♠ (ids 0 and 4): the first player in turn order with a lower trump swaps its lowest one
    assert ("exchange", 0, C("2s"), C("As")) in g.log and g.stock[-1] == C("2s") and C("As") in g.hands[0]


def test_two_only_swapper_attacks_first():
    order = deck_ids(52)
    order[0], order[8 * 3] = order[8 * 3], order[0]  # the 2♠ goes to seat 3
    g = TanGame(TanRules(players=6, trump_exchange="two_only"), order, 0, [Basic()] * 6, check=True)
    out = g.play()
    assert out.first_attacker == 3 and ("exchange", 3, C("2s"), C("As")) in g.log


def test_two_only_in_the_36_card_deck_swaps_the_six():
    order = deck_ids(36)  # 4 players x 6: id 40 (Q♠) turned, trump ♠; 6♠ (id 16) held by seat 0
    g = TanGame(TanRules(players=4, deck=36, hand_size=6, trump_exchange="two_only"), order, 2, [Basic()] * 4,
                check=True)
    out = g.play()
    assert out.first_attacker == 0 and ("exchange", 0, C("6s"), C("Qs")) in g.log


def test_truncation():
    rng = np.random.default_rng(0)
    rules = TanRules(players=4, max_bouts=3)
    o, f = deal_orders(rules, rng, 5)
    for i in range(5):
        out = TanGame(rules, o[i], f[i], [Basic()] * 4).play()
        assert out.truncated and out.bouts == 3 and out.loser is None and not out.draw


def test_bad_deck_order():
    with pytest.raises(CardoddsError):
        TanGame(TanRules(), list(range(51)) + [0], 0, [Basic()] * 4)


@pytest.mark.parametrize("players", [2, 3, 4, 6])
@pytest.mark.parametrize("strategy", [RandomLegal(), Basic(), Heuristic()])
def test_invariants_over_many_games(players, strategy):
    """Conservation after every move; exactly one of loss, draw, truncated; the loser is the last one in."""
    rules = TanRules(players=players)
    rng = np.random.default_rng(players)
    o, f = deal_orders(rules, rng, 40)
    for i in range(40):
        g = TanGame(rules, o[i], f[i], [strategy] * players, rng=rng, check=True)
        out = g.play()
        assert (out.loser is not None) + out.draw + out.truncated == 1
        if out.loser is not None:
            assert len(g.hands[out.loser]) > 0 and sorted(out.finish_order + [out.loser]) == list(range(players))
        if out.draw:
            assert all(len(h) == 0 for h in g.hands)
        assert len(g.discard) + sum(map(len, g.hands)) + len(g.stock) == 52


def test_replay_log_text():
    g = setup(["5s", "7s"])
    g.play()
    text = format_log(g)
    assert "seat 1 covers 5♠ with 7♠" in text and "draw: the last bout emptied every hand" in text


def test_basic_strategy_choices():
    b = Basic()
    v = SimpleNamespace(is_lead=True, legal=parse_cards("2h 5s 3d Kc"), trump=3)
    assert b.attack(v) == C("3d")
    v = SimpleNamespace(is_lead=True, legal=parse_cards("2h Ah"), trump=3)
    assert b.attack(v) == C("2h")
    v = SimpleNamespace(is_lead=False, legal=parse_cards("2h Qd 5c"), trump=3)
    assert b.attack(v) == C("5c")
    v = SimpleNamespace(is_lead=False, legal=parse_cards("2h Qd"), trump=3)
    assert b.attack(v) is None  # no trump, nothing above J added
    v = SimpleNamespace(legal=parse_cards("3h 9s Ks"), trump=3)
    assert b.defend(v) == C("9s")
    v = SimpleNamespace(legal=parse_cards("3h 8h"), trump=3)
    assert b.defend(v) == C("3h")


def test_heuristic_takes_rather_than_waste_a_high_trump():
    h = Heuristic()
    v = SimpleNamespace(legal=parse_cards("Kh"), trump=3, stock_left=10, card=C("5s"), n_attack=1)
    assert h.defend(v) is None
    v.stock_left = 0
    assert h.defend(v) == C("Kh")
    v = SimpleNamespace(legal=parse_cards("Kh"), trump=3, stock_left=10, card=C("5s"), n_attack=3)
    assert h.defend(v) == C("Kh")
