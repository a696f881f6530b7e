"""The exact Tấn endgame solver equals a brute-force minimax driven by the reference engine's own rules."""

import numpy as np
import pytest

from cardodds.sim.errors import CardoddsError
from cardodds.sim.players import Player
from cardodds.sim.tan.cards import deck_ids, from_mask, parse_cards, parse_suit, suit_of, to_mask
from cardodds.sim.tan.deal import deal_orders
from cardodds.sim.tan.endgame_player import view_node
from cardodds.sim.tan.reference import TanGame
from cardodds.sim.tan.rules import TanRules
from cardodds.sim.tan.solver import PASS, Node, Solver, move_values, solve
from cardodds.sim.tan.strategies import Basic, Heuristic

RULES = [dict(), dict(max_attack_cards=1), dict(max_attack_cards=2), dict(throw_in_after_take=True),
         dict(deck=36, hand_size=6, max_attack_cards=6, throw_in_after_take=True,
              refill_order="attacker_others_defender", trump_exchange="none"),
         dict(defender_runs_out="others_may_continue", throw_in_after_take=True, max_attack_cards=2)]


class Decision(Exception):
    """The reference engine asks a decision past the scripted moves."""

    def __init__(self, view, kind, options):
        super().__init__(kind)
        self.view, self.kind, self.options = view, kind, options


class Script(Player):
    """Both seats: play the scripted moves in order, then stop the game at the next decision."""

    deterministic = True

    def __init__(self, moves):
        self.moves = list(moves)

    def _next(self, view, kind, options):
        if not self.moves:
            raise Decision(view, kind, options)
        return self.moves.pop(0)

    def attack(self, v, rng=None):
        return self._next(v, "attack", list(v.legal) + ([] if v.is_lead else [None]))

    def defend(self, v, rng=None):
        return self._next(v, "defend", list(v.legal) + [None])


def brute(rules, hands, trump, attacker, discard, checks, prefix=()):
    """Seat 0's value (+1 win, 0 draw, -1 loss) by plain minimax: every line replayed by the reference engine from
    the bout start; no pruning, no table.  At each decision, ``checks(view, kind, child values)`` is called."""
    script = Script(prefix)
    game = TanGame.from_state(rules, hands, [], discard, trump, [False, False], 0, 0, attacker, [script, script],
                              check=True)
    try:
        out = game.resume(attacker)
    except Decision as e:
        children = {PASS if m is None else m: brute(rules, hands, trump, attacker, discard, checks, (*prefix, m))
                    for m in e.options}
        checks(e.view, e.kind, children)
        return max(children.values()) if e.view.seat == 0 else min(children.values())
    assert not out.truncated
    return 0 if out.draw else 1 if out.loser == 1 else -1


def solver_checks(rules, counter):
    """Each decision: the solver's value and every move's value (for the mover) equal the brute force's."""
    def checks(view, kind, children):
        sign = 1 if view.seat == 0 else -1
        position = view_node(view, kind)
        values = move_values(position, rules)
        assert values == {m: sign * v for m, v in children.items()}, (kind, position)
        assert solve(position, rules) == max(values.values())
        counter.append(1)
    return checks


def endgame(a, d, trump="h", deck=52):
    hs = [sorted(parse_cards(a)), sorted(parse_cards(d))]
    used = set(hs[0]) | set(hs[1])
    return hs, parse_suit(trump), [c for c in deck_ids(deck) if c not in used]


HAND_WORKED = [
    # the defender's one trump covers any lead and empties their hand: the attacker is left holding a card
    ("7s 8c", "Ah", dict(), -1),
    # the lead is covered by the defender's last card and it was the attacker's last card too: a draw (taking loses)
    ("7s", "8s", dict(), 0),
    # a pair: the defender cannot cover the second seven, takes, and the attacker is out
    ("7s 7c", "8s 9d", dict(), 1),
    # cap 1: no pair, but leading the uncoverable 7c first leaves 7s, which the defender must cover or take
    ("7s 7c", "8s 9d", dict(max_attack_cards=1), 1),
    # nothing beats the lead A♠: the defender takes, covers 2♣ with 3♣ and is left holding A♠ (leading 2♣ loses)
    ("As 2c", "3c", dict(), 1),
]


@pytest.mark.parametrize("a,d,kw,value", HAND_WORKED)
def test_hand_worked(a, d, kw, value):
    rules = TanRules(players=2, **kw)
    hands, trump, discard = endgame(a, d)
    position = Node.bout_start(trump, to_mask(hands[0]), to_mask(hands[1]), rules)
    assert solve(position, rules) == value
    counter = []
    assert brute(rules, hands, trump, 0, discard, solver_checks(rules, counter)) == value
    assert counter


SMALL = [("7s 8c", "Ah 9s"), ("7s 7c 9d", "8s 9h Jd"), ("2s 3s 4c", "5d 2h Ks"), ("Ts Th Jc", "Qs Js"),
         ("7s 7c 7d", "8s 8c Ah"), ("9s Jc Qd 4h", "Ts 3h"), ("6s 6c Ks", "7s 7c Kh")]


@pytest.mark.parametrize("k", range(len(RULES)))
def test_hand_built_endgames_equal_brute_force(k):
    rules = TanRules(players=2, **RULES[k])
    counter = []
    for a, d in SMALL:
        if not set(parse_cards(a + " " + d)) <= set(deck_ids(rules.deck)):
            continue  # a card below 6 in the 36-card deck
        hands, trump, discard = endgame(a, d, deck=rules.deck)
        for attacker in (0, 1):
            brute(rules, hands, trump, attacker, discard, solver_checks(rules, counter))
    assert len(counter) > 20


class StockEmpty(Player):
    """Plays ``inner``; records the first lead of a 2-player game with the stock empty and at most ``cards`` in
    both hands, 4 in either (the seat, both hands from public information, the discard pile, the trump)."""

    deterministic = True

    def __init__(self, inner, cards):
        self.inner, self.cards, self.found = inner, cards, None

    def exchange(self, v, rng=None):
        return self.inner.exchange(v, rng)

    def defend(self, v, rng=None):
        return self.inner.defend(v, rng)

    def attack(self, v, rng=None):
        if (self.found is None and v.is_lead and v.stock_left == 0 and sum(v.hand_sizes) <= self.cards
                and max(v.hand_sizes) <= 4):
            p = view_node(v, "attack")
            hands = [from_mask(p.attacker), from_mask(p.defender)]
            self.found = (v.seat, hands if v.seat == 0 else hands[::-1], list(v.discard), v.trump)
        return self.inner.attack(v, rng)


def cut_endgames(rules, n, cards, seed):
    """Endgames cut from reference games of heuristic against basic at the stock's end."""
    o, f = deal_orders(rules, np.random.default_rng(seed), n)
    out = []
    for order, first in zip(o, f):
        spies = [StockEmpty(Heuristic(), cards), StockEmpty(Basic(), cards)]
        TanGame(rules, order, int(first), spies).play()
        out += [s.found for s in spies if s.found is not None][:1]
    return out


@pytest.mark.parametrize("k", [0, 2, 4])
def test_endgames_cut_from_real_games_equal_brute_force(k):
    rules = TanRules(players=2, **RULES[k])
    found = cut_endgames(rules, 40, 7, seed=k)
    assert len(found) >= 6
    counter = []
    for seat, hands, discard, trump in found[:6]:
        brute(rules, hands, trump, seat, discard, solver_checks(rules, counter))
    assert len(counter) > 20


def test_value_is_the_best_childs_value():
    """On bigger endgames (no brute force), each decision's value is the mover's best child value, searched
    afresh; the best move's child has that value."""
    rules = TanRules(players=2, deck=36, hand_size=6)
    for seat, hands, discard, trump in cut_endgames(rules, 30, 12, seed=1)[:6]:
        a, d = to_mask(hands[seat]), to_mask(hands[1 - seat])
        position = Node.bout_start(trump, a, d, rules)
        solver = Solver(rules, trump)
        values = solver.move_values(position)
        fresh = Solver(rules, trump).solve(position)
        assert fresh == max(values.values())
        for m, v in values.items():
            value, nxt, attacker_next = solver._play(position.key(), m)
            if nxt is None:
                assert v == value
            else:
                child = Node.from_key(trump, nxt)
                assert Solver(rules, trump).solve(child) == (v if attacker_next else -v)  # a lead: the attacker moved


def test_small_table_gives_the_same_values():
    """A transposition table cleared every few entries changes the work, not the values."""
    rules = TanRules(players=2, deck=36, hand_size=6)
    for seat, hands, discard, trump in cut_endgames(rules, 20, 10, seed=2)[:4]:
        position = Node.bout_start(trump, to_mask(hands[seat]), to_mask(hands[1 - seat]), rules)
        assert Solver(rules, trump).move_values(position) == Solver(rules, trump, max_entries=16).move_values(position)


def test_refuses_what_it_does_not_model():
    position = Node.bout_start(parse_suit("h"), to_mask(parse_cards("7s")), to_mask(parse_cards("8s")),
                                   TanRules(players=2))
    with pytest.raises(CardoddsError, match="2-player"):
        solve(position, TanRules(players=3))
    with pytest.raises(CardoddsError, match="series"):
        solve(position, TanRules(players=2, series_length=2))
    with pytest.raises(CardoddsError, match="max_bouts"):
        solve(Node(position.trump, position.attacker, position.defender, cap=1, bouts=999), TanRules(players=2))
    with pytest.raises(CardoddsError, match="two places"):
        solve(Node(position.trump, position.attacker, position.attacker, cap=1), TanRules(players=2))
    with pytest.raises(CardoddsError, match="not a decision"):
        solve(Node(position.trump, position.attacker, position.defender, cap=0), TanRules(players=2))
    assert suit_of(parse_cards("8h")[0]) == position.trump
