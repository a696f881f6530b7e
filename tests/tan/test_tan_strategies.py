"""Each strategy's reference form and batch form make the same choice on the same view."""

from types import SimpleNamespace

import numpy as np
import pytest

from cardodds.sim.errors import CardoddsError
from cardodds.sim.knobs import Choice, Range, check_knobs, current, read_knobs_file
from cardodds.sim.tan import bits
from cardodds.sim.tan.batch import play_batch
from cardodds.sim.tan.cards import from_mask, parse_card
from cardodds.sim.tan.deal import deal_orders
from cardodds.sim.tan.players import STRATEGIES as LADDER
from cardodds.sim.tan.players import make_strategy, seat_strategies
from cardodds.sim.tan.reference import TanGame
from cardodds.sim.tan.rules import TanRules
from cardodds.sim.tan.strategies import TUNED_FILE, Basic, Beginner, Heuristic, RandomLegal, Tuned

STRATEGIES = [Basic(), Basic(throw_max="A"), Heuristic(), Heuristic(save_trumps=False),
              Heuristic(overload=False, endgame=False), Heuristic(take_max_table=0, hold_rank="10"),
              Beginner(), Tuned(), Heuristic(save_stock=6, overload_stock=3, trump_throw_max="10"),
              Heuristic(trump_throw_max="6", overload_cards=5, save_stock=12), Heuristic(endgame_lead_high=True),
              Heuristic(pair_bonus=3), Heuristic(pair_bonus=12, endgame=False)]
NEW = [Beginner(), Tuned(), Heuristic(save_stock=6, overload_stock=3, trump_throw_max="10", endgame_lead_high=True)]


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


@pytest.mark.parametrize("k", range(len(NEW)))
def test_same_information_same_decision(k):
    """Two views that differ only in what the player cannot see (the other hands, the stock's order, the seat's
    number) give the same decision."""
    s = NEW[k]
    v = random_views(300, 50 + k)
    v.is_lead &= v.legal != 0
    rng = np.random.default_rng(k)
    for i in range(300):
        w = one(v, i, seat=0, hidden=sorted(rng.choice(52, 10, replace=False).tolist()))
        u = one(v, i, seat=3, hidden=sorted(rng.choice(52, 10, replace=False).tolist()))
        if w.legal:
            assert s.attack(w) == s.attack(u) and s.defend(w) == s.defend(u)
        if w.options:
            assert s.exchange(w) == s.exchange(u)


@pytest.mark.parametrize("players", [2, 4])
def test_new_rungs_agree_with_the_reference_game_for_game(players):
    rules = TanRules(players=players)
    seats = [NEW[(p + players) % len(NEW)] for p in range(players)]
    for strategies in ([Beginner()] * players, [Tuned()] * players, seats):
        o, f = deal_orders(rules, np.random.default_rng(players), 300)
        br = play_batch(rules, o, f, strategies, check=True, handoff_bouts=None)
        for i in range(300):
            out = TanGame(rules, o[i], f[i], strategies, check=True).play()
            assert (-1 if out.loser is None else out.loser, out.bouts, out.pickups, out.draw) == (
                br.loser[i], br.bouts[i], br.pickups[i], br.draw[i]), f"game {i}"


def test_beginner_plays_like_a_casual_player():
    trump = 3  # hearts
    c = parse_card
    add = SimpleNamespace(legal=[c("Kh"), c("As")], is_lead=False, trump=trump, stock_left=10)
    assert Beginner().attack(add) == c("As")  # any rank, but no trump while the stock lasts
    assert Beginner().attack(SimpleNamespace(**{**vars(add), "legal": [c("Kh")]})) is None
    assert Beginner().attack(SimpleNamespace(**{**vars(add), "legal": [c("Kh")], "stock_left": 0})) == c("Kh")
    cover = SimpleNamespace(legal=[c("2h"), c("Qs")], trump=trump, stock_left=30, card=c("Js"), n_attack=1)
    assert Beginner().defend(cover) == c("Qs")  # always covers, cheapest first
    assert Beginner().defend(SimpleNamespace(**{**vars(cover), "legal": [c("Ah")]})) == c("Ah")


def test_new_heuristic_knobs_default_to_the_old_player():
    h = Heuristic()
    assert (h.save_stock, h.overload_stock, h.trump_throw_max) == (0, 0, "A")
    trump, c = 3, parse_card
    view = SimpleNamespace(legal=[c("Qh"), c("8h")], is_lead=False, trump=trump, stock_left=0, defender_cards=4)
    assert h.attack(view) == c("8h")
    assert Heuristic(trump_throw_max="6").attack(view) is None
    early = SimpleNamespace(**{**vars(view), "stock_left": 3})
    assert h.attack(early) is None and Heuristic(overload_stock=3).attack(early) == c("8h")
    cover = SimpleNamespace(legal=[c("Qh")], trump=trump, stock_left=3, card=c("9s"), n_attack=1)
    assert h.defend(cover) is None and Heuristic(save_stock=3).defend(cover) == c("Qh")


def test_knob_declarations():
    assert Range(0, 6).values() == list(range(7))
    assert Range(0, 12).values() == [0, 2, 4, 6, 8, 10, 12]
    assert Range(0.0, 1.0, integer=False, points=3).values() == [0.0, 0.5, 1.0]
    assert Choice((True, False)).allows(True) and not Choice((True, False)).allows(1)
    assert not Range(0, 6).allows(7) and not Range(0, 6).allows(True) and not Range(0, 6).allows(2.5)
    for cls in (Heuristic, Tuned):
        h = cls()
        assert set(cls.knobs) <= {f for f in h.__dataclass_fields__}
        check_knobs(cls, current(h), "test")  # every default is inside its declared range
    with pytest.raises(CardoddsError, match="not a tunable knob"):
        check_knobs(Heuristic, {"colour": 1}, "x")
    with pytest.raises(CardoddsError, match=r"x: heuristic: knob 'take_max_table' = 9 is out of its range 0\.\.6"):
        check_knobs(Heuristic, {"take_max_table": 9}, "x")


def test_tuned_rung_plays_the_committed_knobs_and_files_name_strategies(tmp_path):
    name, knobs = read_knobs_file(TUNED_FILE, "t")
    assert name == "heuristic" and current(Tuned()) == {**current(Heuristic()), **knobs}
    assert Tuned() != Heuristic(**current(Tuned())) and Tuned().name == "tuned"
    assert list(LADDER)[:5] == ["random", "basic", "heuristic", "beginner", "tuned"]
    f = tmp_path / "k.toml"
    f.write_text('strategy = "heuristic"\n[knobs]\nhold_rank = "Q"\noverload_cards = 4\n')
    assert make_strategy({"file": str(f)}) == Heuristic(hold_rank="Q", overload_cards=4)
    assert make_strategy({"file": str(f), "overload_cards": 1}) == Heuristic(hold_rank="Q", overload_cards=1)
    for bad, match in (({"file": str(f), "name": "basic"}, "not of 'basic'"), ({"file": str(tmp_path / "no")},
                       "cannot read"), ({"file": 3}, "must be a path")):
        with pytest.raises(CardoddsError, match=match):
            make_strategy(bad)


COUNTING = [Heuristic(trump_take_rank="10", safe_add=True, safe_lead="finish", quiet_cover=True),
            Heuristic(safe_lead="always", quiet_cover=True, save_stock=3, trump_take_rank="8", endgame=False),
            Heuristic(safe_add=True, endgame_lead_high=True, trump_take_rank="A", save_trumps=False)]


@pytest.mark.parametrize("rules", [TanRules(players=2, deck=36, hand_size=6, trump_exchange="none"),
                                   TanRules(players=3)], ids=["2p36", "3p52"])
def test_counting_knobs_agree_with_the_reference_game_for_game(rules):
    P = rules.players
    n = 120 if P == 2 else 50
    o, f = deal_orders(rules, np.random.default_rng(P + 40), n)
    for strategies in ([COUNTING[j % 3] for j in range(P)], [COUNTING[(j + 1) % 3] for j in range(P)]):
        br = play_batch(rules, o, f, strategies, check=True, handoff_bouts=None)
        for i in range(n):
            out = TanGame(rules, o[i], f[i], strategies, check=True).play()
            assert (-1 if out.loser is None else out.loser, out.bouts, out.pickups, out.draw) == (
                br.loser[i], br.bouts[i], br.pickups[i], br.draw[i]), f"game {i}"


def _endgame(hand, discard, attack=(), cover=(), **kw):
    """A reference view with the stock empty at a 2-player 36-card table: the unseen cards are the other hand."""
    c = parse_card
    return SimpleNamespace(hand=sorted(map(c, hand)), discard=sorted(map(c, discard)), attack=[c(x) for x in attack],
                           cover=[c(x) for x in cover], trump=3, stock_left=0, n_attack=len(attack),
                           rules=TanRules(players=2, deck=36, hand_size=6), defender_cards=2, **kw)


def test_counting_knobs_by_hand():
    """Hand-worked endgames (trump ♥, 36 cards; every card not listed as ours, discarded or on the table is the
    opponent's)."""
    c = parse_card
    deck = [f"{r}{s}" for r in ("6", "7", "8", "9", "10", "J", "Q", "K", "A") for s in "scdh"]
    # we hold A♥ (no trump above it is unseen) and 7♠; the opponent holds K♥ and 9♠, the rest is discarded
    disc = [x for x in deck if x not in ("Ah", "7s", "Kh", "9s")]
    lead = _endgame(["Ah", "7s"], disc, is_lead=True)
    lead.legal = lead.hand
    assert Heuristic().attack(lead) == c("7s")  # the lowest non-trump
    assert Heuristic(safe_lead="finish").attack(lead) == c("Ah")  # A♥ is covered by nothing: then 7♠ goes out
    assert Heuristic(safe_lead="always").attack(lead) == c("Ah")
    three = _endgame(["Ah", "7s", "8s"], [x for x in disc if x != "8s"], is_lead=True)
    three.legal = three.hand
    assert Heuristic(safe_lead="finish").attack(three) == c("7s")  # two cards would be left to beat
    assert Heuristic(safe_lead="always").attack(three) == c("Ah")
    # adding on a table of 6♠ covered by 6♥... we may add A♠ (nothing unseen beats it: no trump unseen) or 6♦
    add = _endgame(["As", "6d"], [x for x in deck if x not in ("As", "6d", "6s", "6h", "7d", "9c")],
                   attack=["6s"], cover=["6h"], is_lead=False)
    add.legal = [c("6d")]
    assert Heuristic(safe_add=True).attack(add) == c("6d")  # the only legal card: 7♦ beats it, the usual add
    add.legal = [c("As"), c("6d")]
    add.hand = add.legal
    assert Heuristic().attack(add) == c("6d") and Heuristic(safe_add=True).attack(add) == c("As")
    # covering 8♠ holding 9♠ and 10♠: the opponent holds a 9 (9♣), so 10♠ leaves nothing to add on
    cover = _endgame(["9s", "10s"], [x for x in deck if x not in ("9s", "10s", "8s", "9c", "Jd")], attack=["8s"],
                     card=c("8s"), legal=[c("9s"), c("10s")])
    assert Heuristic().defend(cover) == c("9s") and Heuristic(quiet_cover=True).defend(cover) == c("10s")
    # early, a trump attack 6♥ against Q♥: trump_take_rank = "Q" takes, "K" and "off" cover
    early = SimpleNamespace(legal=[c("Qh")], hand=[c("Qh")], trump=3, stock_left=10, card=c("6h"), n_attack=1)
    assert Heuristic().defend(early) == c("Qh") and Heuristic(trump_take_rank="K").defend(early) == c("Qh")
    assert Heuristic(trump_take_rank="Q").defend(early) is None
    assert Heuristic(trump_take_rank="Q", save_stock=10).defend(early) == c("Qh")  # not "early" any more
    for bad in (dict(safe_lead="often"), dict(trump_take_rank="1"), dict(trump_take_rank="Z")):
        with pytest.raises(CardoddsError):
            Heuristic(**bad)
    with pytest.raises(CardoddsError, match="must be one of"):
        check_knobs(Heuristic, {"safe_lead": "never"}, "x")


def test_classic_is_a_heuristic_knob_setting():
    """``classic``'s rules written as heuristic knobs play every game as ``classic`` does (an independent check of
    the counting knobs: ``classic`` counts cards its own way)."""
    from cardodds.sim.tan.classic import Classic

    as_heuristic = Heuristic(save_trumps=True, hold_rank="A", take_trump_rank="10", take_max_table=4, save_stock=8,
                             pair_bonus=8, trump_take_rank="Q", overload=True, overload_stock=0, overload_cards=0,
                             endgame=False, safe_add=True, safe_lead="finish", quiet_cover=True)
    for rules, other in ((TanRules(players=2, deck=36, hand_size=6, trump_exchange="none"), Basic()),
                         (TanRules(players=2), Heuristic()), (TanRules(players=4), Beginner())):
        o, f = deal_orders(rules, np.random.default_rng(rules.players + rules.deck), 150)
        seats = [other] * rules.players
        for s in range(rules.players):
            a = play_batch(rules, o, f, seats[:s] + [Classic()] + seats[s + 1:])
            b = play_batch(rules, o, f, seats[:s] + [as_heuristic] + seats[s + 1:])
            assert np.array_equal(a.loser, b.loser) and np.array_equal(a.bouts, b.bouts)
            assert np.array_equal(a.pickups, b.pickups)
