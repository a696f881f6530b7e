"""Each strategy's reference form and batch form make the same choice on the same view."""

from types import SimpleNamespace

import numpy as np
import pytest

from sim.errors import CardoddsError
from sim.tan import bits
from sim.tan.cards import from_mask, parse_card
from sim.tan.strategies import Basic, Heuristic, RandomLegal, make_strategy, seat_strategies

STRATEGIES = [Basic(), Basic(throw_max="A"), Heuristic(), Heuristic(save_trumps=False),
              Heuristic(overload=False, endgame=False), Heuristic(take_max_table=0, hold_rank="2")]


def random_views(n, seed):
    rng = np.random.default_rng(seed)
    hand = np.zeros(n, dtype=np.uint64)
    for _ in range(10):
        hand |= bits.bit(rng.integers(0, 52, n))
    sub = np.zeros(n, dtype=np.uint64)
    for _ in range(6):
        sub |= bits.bit(rng.integers(0, 52, n))
    lead = rng.random(n) < 0.3
    legal = np.where(lead, hand, hand & sub)
    trump = rng.integers(0, 4, n)
    return SimpleNamespace(hand=hand, legal=legal, is_lead=lead, trump=trump, tmask=bits.SUIT_MASK[trump],
                           stock_left=rng.choice([0, 0, 1, 5, 20], n), defender_cards=rng.integers(1, 9, n),
                           n_attack=rng.integers(1, 7, n), card=rng.integers(0, 52, n), options=sub & hand)


def one(v, i, **extra):
    d = dict(hand=from_mask(v.hand[i]), legal=from_mask(v.legal[i]), is_lead=bool(v.is_lead[i]),
             trump=int(v.trump[i]), stock_left=int(v.stock_left[i]), defender_cards=int(v.defender_cards[i]),
             n_attack=int(v.n_attack[i]), card=int(v.card[i]), options=from_mask(v.options[i]))
    d.update(extra)
    return SimpleNamespace(**d)


@pytest.mark.parametrize("k", range(len(STRATEGIES)))
def test_batch_form_matches_reference_form(k):
    s = STRATEGIES[k]
    v = random_views(400, k)
    v.is_lead &= v.legal != 0  # a lead always has cards
    att, dfd, exc = s.attack_batch(v), s.defend_batch(v), s.exchange_batch(v)
    for i in range(400):
        w = one(v, i)
        want_a = s.attack(w) if w.legal else None
        want_d = s.defend(w) if w.legal else None
        want_e = s.exchange(w) if w.options else None
        assert (-1 if want_a is None else want_a) == att[i], f"attack, view {i}"
        assert (-1 if want_d is None else want_d) == dfd[i], f"defend, view {i}"
        assert (-1 if want_e is None else want_e) == exc[i], f"exchange, view {i}"
        if want_a is not None:
            assert want_a in w.legal
        if want_d is not None:
            assert want_d in w.legal


def test_random_legal_only_plays_legal_moves_and_covers_every_choice():
    s = RandomLegal()
    v = random_views(4000, 9)
    rng = np.random.default_rng(0)
    a = s.attack_batch(v, rng)
    played = a >= 0
    assert ((bits.bit(a) & v.legal) != 0)[played].all()
    assert (played | ~v.is_lead | (v.legal == 0)).all()  # a lead always plays
    assert (~played & ~v.is_lead & (v.legal != 0)).any()  # passing happens
    # every legal card of a fixed view gets chosen
    w = SimpleNamespace(legal=[parse_card("2s"), parse_card("5h"), parse_card("Kd")], is_lead=False)
    seen = {s.attack(w, rng) for _ in range(200)}
    assert seen == set(w.legal) | {None}


def test_make_strategy():
    assert make_strategy("basic") == Basic()
    assert make_strategy({"name": "heuristic", "overload_cards": 3}) == Heuristic(overload_cards=3)
    assert seat_strategies(["basic", "random"], 2)[1] == RandomLegal()
    for bad in ({"name": "x"}, 3, {"overload": True}, {"name": "basic", "throw_max": "1"}):
        with pytest.raises(CardoddsError):
            make_strategy(bad)
