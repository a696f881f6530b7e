"""The classic benchmark player: hand-worked decisions, both forms and both engines agree (that it sees only its
seat's information: ``tests/test_conformance.py``)."""

from types import SimpleNamespace

import numpy as np
import pytest
from test_tan_strategies import random_views

from cardodds.sim.errors import CardoddsError
from cardodds.sim.knobs import check_knobs, current
from cardodds.sim.tan import bits
from cardodds.sim.tan.batch import play_batch
from cardodds.sim.tan.cards import deck_ids, from_mask, parse_card, parse_cards, to_mask
from cardodds.sim.tan.classic import Classic, unbeatable
from cardodds.sim.tan.deal import deal_orders
from cardodds.sim.tan.players import make_strategy
from cardodds.sim.tan.reference import TanGame
from cardodds.sim.tan.rules import TanRules
from cardodds.sim.tan.strategies import Beginner, Tuned

C = parse_card
R2 = TanRules(players=2, deck=36, hand_size=6, trump_exchange="none", refill_order="attacker_others_defender")
HEARTS = 3


def view(hand, legal=None, opponent="", table="", stock_left=0, **kw):
    """A reference view at a 2-player 36-card table, hearts trump: every card not in ``hand``, ``opponent`` or on the
    ``table`` (attack cards) is discarded."""
    hand, opp, att = parse_cards(hand), parse_cards(opponent), parse_cards(table)
    discard = [c for c in deck_ids(36) if c not in set(hand) | set(opp) | set(att)]
    if stock_left:  # cards in the stock are unseen too: keep the opponent's cards out of the discard pile
        discard = discard[: len(discard) - stock_left]
    return SimpleNamespace(hand=hand, legal=hand if legal is None else parse_cards(legal), trump=HEARTS,
                           stock_left=stock_left, n_attack=len(att), discard=discard, attack=att, cover=[],
                           rules=R2, is_lead=not att, **kw)


def test_endgame_leads_an_uncoverable_card_only_when_it_then_goes_out():
    assert Classic().attack(view("Ah 7s", opponent="Kh 9s")) == C("Ah")  # then 7♠: covered or taken, it is out
    assert Classic().attack(view("Ah 7s 8c", opponent="Kh 9s")) == C("7s")  # would hand its best card over


def test_endgame_adds_what_the_defender_cannot_beat_first():
    v = view("7d 7h", legal="7d 7h", opponent="9d 8d", table="7s")
    v.is_lead = False
    assert Classic().attack(v) == C("7h")  # the 8♦ covers the 7♦; no unseen card covers the 7♥
    v2 = view("7d Ah", legal="7d", opponent="9d 8d", table="7s")
    v2.is_lead = False
    assert Classic().attack(v2) == C("7d")


def test_endgame_covers_with_a_rank_the_opponent_cannot_add_on():
    assert Classic().defend(view("9s 10s", legal="9s 10s", opponent="9d 6c", table="7s", card=C("7s"))) == C("10s")
    # with the stock not empty it covers cheapest
    assert Classic().defend(view("9s 10s", legal="9s 10s", opponent="9d 6c", table="7s", card=C("7s"),
                                 stock_left=2)) == C("9s")


def test_early_it_takes_rather_than_spend_high_trumps():
    early = dict(opponent="Kh 8d", stock_left=10)
    assert Classic().defend(view("Qh 8c", legal="Qh", table="6h", card=C("6h"), **early)) is None  # trump attack
    assert Classic().defend(view("7h 8c", legal="7h", table="6h", card=C("6h"), **early)) == C("7h")
    assert Classic().defend(view("10h 8c", legal="10h", table="6s", card=C("6s"), **early)) is None
    assert Classic().defend(view("9h 8c", legal="9h", table="6s", card=C("6s"), **early)) == C("9h")
    late = dict(opponent="Kh 8d", stock_left=3)
    assert Classic().defend(view("Qh 8c", legal="Qh", table="6h", card=C("6h"), **late)) == C("Qh")


def test_leads_prefer_pairs_and_adds_keep_trumps_while_the_stock_lasts():
    hand = "6s 9c 9d Kh"
    assert Classic().attack(view(hand, opponent="7s", stock_left=10)) == C("9c")
    assert Classic(pair_bonus=0).attack(view(hand, opponent="7s", stock_left=10)) == C("6s")
    v = view("9h 9d", legal="9h 9d", opponent="7s", table="9s", stock_left=10)
    v.is_lead = False
    assert Classic().attack(v) == C("9d")
    v.legal = [C("9h")]
    assert Classic().attack(v) is None


def test_unbeatable_by_suit():
    unseen = np.array([to_mask(parse_cards("Kh 9s"))], dtype=np.uint64)
    safe = set(from_mask(unbeatable(unseen, np.array([HEARTS]))[0]))
    assert C("Ah") in safe and C("Kh") not in safe and C("Qh") not in safe and C("As") not in safe
    no_trump = np.array([to_mask(parse_cards("9s"))], dtype=np.uint64)
    safe = set(from_mask(unbeatable(no_trump, np.array([HEARTS]))[0]))
    assert C("10s") in safe and C("8s") not in safe and C("6c") in safe and C("6h") in safe


def test_batch_form_matches_reference_form():
    s = Classic()
    v = random_views(400, 77)
    rng = np.random.default_rng(1)
    v.is_lead &= v.legal != 0
    seen = np.zeros(400, dtype=np.uint64)  # discard pile and table: random cards outside the hand
    for _ in range(20):
        seen |= bits.bit(rng.integers(0, 52, 400))
    seen &= ~v.hand
    v.att = np.where(v.is_lead, np.uint64(0), seen & bits.SUIT_MASK[0] & bits.BELOW[7])  # a lead: an empty table
    v.disc, v.cov = seen & ~v.att, np.zeros(400, dtype=np.uint64)
    v.rules = TanRules(players=2)
    att, dfd = s.attack_batch(v), s.defend_batch(v)
    for i in range(400):
        w = SimpleNamespace(hand=from_mask(v.hand[i]), legal=from_mask(v.legal[i]), is_lead=bool(v.is_lead[i]),
                            trump=int(v.trump[i]), stock_left=int(v.stock_left[i]), n_attack=int(v.n_attack[i]),
                            card=int(v.card[i]), discard=from_mask(v.disc[i]), attack=from_mask(v.att[i]),
                            cover=[], rules=v.rules)
        if w.legal:
            a, d = s.attack(w), s.defend(w)
            assert (-1 if a is None else a) == att[i] and (-1 if d is None else d) == dfd[i], f"view {i}"
            assert a is None or a in w.legal
            assert d is None or d in w.legal
            assert a is not None or not w.is_lead


@pytest.mark.parametrize("rules", [R2, TanRules(players=4), TanRules(players=3, deck=36, hand_size=6)])
def test_agrees_with_the_reference_game_for_game(rules):
    for strategies in ([Classic()] * rules.players, [Classic(), Tuned()] * (rules.players // 2) + [Beginner()] *
                       (rules.players % 2)):
        o, f = deal_orders(rules, np.random.default_rng(rules.players), 150)
        br = play_batch(rules, o, f, strategies, check=True, handoff_bouts=None)
        for i in range(150):
            out = TanGame(rules, o[i], f[i], strategies, check=True).play()
            assert (-1 if out.loser is None else out.loser, out.bouts, out.pickups, out.draw) == (
                br.loser[i], br.bouts[i], br.pickups[i], br.draw[i]), f"game {i}"


def test_knobs_are_declared_and_checked():
    check_knobs(Classic, current(Classic()), "test")
    assert make_strategy({"name": "classic", "pair_bonus": 2}) == Classic(pair_bonus=2)
    for bad in ({"name": "classic", "pair_bonus": -1}, {"name": "classic", "throw_rank": "1"},
                {"name": "classic", "colour": 1}):
        with pytest.raises(CardoddsError):
            make_strategy(bad)
