"""The Tấn ``ismcts_tree`` player: its tree plays by the engines' rules, it sees only what its seat may see, finds a
win at once, plays legal moves on both engines and is reproducible."""

from types import SimpleNamespace

import numpy as np
import pytest

pytest.importorskip("numba")

from test_tan_expert import (batch_games_are_legal_and_reproducible,  # noqa: E402
                             both_engines_play_the_same_game_against_classic, reference_and_batch_forms_agree,
                             same_information_same_decision)

from cardodds.analysis.strength import TABLES  # noqa: E402
from cardodds.sim.errors import CardoddsError  # noqa: E402
from cardodds.sim.tan import compiled  # noqa: E402
from cardodds.sim.tan.cards import deck_ids, parse_card, parse_cards, parse_suit  # noqa: E402
from cardodds.sim.tan.deal import deal_orders  # noqa: E402
from cardodds.sim.tan.expert import _reference_rows  # noqa: E402
from cardodds.sim.tan.ismcts_tree import IsmctsTree  # noqa: E402
from cardodds.sim.tan.kernel import game, tree  # noqa: E402
from cardodds.sim.tan.players import make_strategy  # noqa: E402
from cardodds.sim.tan.reference import TanGame  # noqa: E402
from cardodds.sim.tan.rules import TanRules  # noqa: E402
from cardodds.sim.tan.strategies import Basic, Heuristic  # noqa: E402

C = parse_card


@pytest.mark.parametrize("rules", [
    TABLES["2p36"], TanRules(players=4),
    TanRules(players=3, throw_in_after_take=True, defender_runs_out="others_may_continue", refill_order="others")])
def test_tree_moves_follow_the_engines_rules(rules):
    """Whole games made of the tree's moves (``kernel.tree.play``), every seat playing ``basic`` through the
    rollout's choice, end as the compiled engine plays them: same loser, bouts and pick-ups, game for game."""
    P, S = rules.players, rules.stock_size
    o, f = deal_orders(rules, np.random.default_rng(5), 60)
    want = compiled.play_batch(rules, o, f, [Basic()] * P)
    kinds, knobs = compiled.seat_players(rules, [Basic()] * P)
    rv, offsets = compiled.rules_vector(rules)
    for g in range(o.shape[0]):
        hands, inn = np.empty(P, np.uint64), np.ones(P, bool)
        seq, cum = np.empty(S, np.int64), np.empty(S + 1, np.uint64)
        st = np.zeros(tree.SLOTS, np.int64)
        st[tree.PEND] = -1
        turned = game._deal(o[g].astype(np.int8), rv, hands, seq, cum)
        st[game.TRUMP] = turned & 3
        first = game._exchange(rv, turned, np.int64(f[g]), hands, seq, cum)
        game._start_bout(st, hands, inn, first, P, rv[game.R_CAP])
        rng, loser = np.zeros(1, np.uint64), tree.GOING
        while loser == tree.GOING:
            loser = tree.play(st, rv, offsets, hands, inn, cum,
                              tree._rollout_move(st, rv, hands, kinds, knobs, tree.POLICY, rng))
        assert (loser, st[game.BOUTS], st[game.PICKUPS]) == (want.loser[g], want.bouts[g], want.pickups[g]), g


@pytest.mark.parametrize("variant,knobs", [
    (dict(), {}), (dict(players=2, deck=36, hand_size=6), {}),
    (dict(players=3, defender_runs_out="others_may_continue"), dict(rollout="basic"))])
def test_same_information_same_decision(variant, knobs):
    """Two states that differ only in cards seat 0 cannot see give the same decision for the same seed."""
    same_information_same_decision(TanRules(**variant), IsmctsTree(iterations=40, **knobs))


@pytest.mark.parametrize("rules,player", [
    (TanRules(players=3), IsmctsTree(iterations=30)), (TABLES["2p36"], IsmctsTree(iterations=50, rollout="basic"))])
def test_reference_and_batch_decide_alike(rules, player):
    """The reference form and the batch form make the same move at each decision of a reference game."""
    reference_and_batch_forms_agree(rules, player)


def test_both_engines_play_the_same_game():
    both_engines_play_the_same_game_against_classic(TABLES["2p36"], IsmctsTree(iterations=60))


@pytest.mark.parametrize("players", [2, 4])
def test_batch_games_are_legal_and_reproducible(players):
    rules = TanRules(players=players)
    o, f = deal_orders(rules, np.random.default_rng(41), 6)
    seats = [IsmctsTree(iterations=20)] + [Heuristic()] * (players - 1)
    if players == 4:
        seats[2] = IsmctsTree(iterations=20, rollout="basic")
    batch_games_are_legal_and_reproducible(rules, o, f, seats)


def test_reference_games_are_legal():
    rules = TABLES["2p36"]
    o, f = deal_orders(rules, np.random.default_rng(8), 3)
    for order, first in zip(o, f):
        out = TanGame(rules, order, int(first), [Heuristic(), IsmctsTree(iterations=30)],
                      rng=np.random.default_rng(1), check=True).play()  # an illegal move raises
        assert out.bouts > 3


def _add_view(rules, hand, other, attack, cover):
    """Seat 0's add decision (tấn cùng) with the stock empty, as the reference engine shows it: ``hand`` against
    seat 1's ``other``, the table's ``attack`` / ``cover`` cards, every other card discarded."""
    used = set(hand) | set(other) | set(attack) | set(cover)
    discard = [c for c in deck_ids(rules.deck) if c not in used]
    ranks = {c >> 2 for c in attack + cover}
    legal = [c for c in hand if c >> 2 in ranks]
    return SimpleNamespace(seat=0, hand=sorted(hand), legal=legal, trump=parse_suit("h"), stock_left=0,
                           is_lead=False, defender_cards=len(other), n_attack=len(attack), attack=attack,
                           cover=cover, taking=False, hand_sizes=[len(hand), len(other)], known=[[], []],
                           out=[False, False], discard=discard, bottom=None, attacker=0, defender=1,
                           cap=len(other) + len(cover), passes=0, bouts=9, pickups=1, first_attacker=0, rules=rules,
                           game_seed=12345)


def test_finds_the_win_at_once():
    """Stock empty, ♥ trumps: seat 0 attacks, 9♠ covered by 10♠ on the table, and holds only 10♣; seat 1 holds
    diamonds only.  Adding 10♣ wins at once (seat 1 cannot cover it, takes, and seat 0 is out of cards); passing
    leaves seat 0 with 10♣ against diamonds it can never cover before seat 1 runs out."""
    rules = TABLES["2p36"]
    v = _add_view(rules, [C("10c")], parse_cards("Jd Qd Kd Ad"), [C("9s")], [C("10s")])
    player = IsmctsTree(iterations=200)
    assert player.attack(v) == C("10c")
    row, visits = player.decide_row(_reference_rows(v, "attack"), "attack", rules)
    assert row == C("10c") and visits[C("10c")] > visits[52] > 0 and visits.sum() == 200


def test_knobs():
    assert make_strategy({"name": "ismcts_tree", "iterations": 64, "rollout": "basic"}) == IsmctsTree(
        iterations=64, rollout="basic")
    assert make_strategy("ismcts_tree") == IsmctsTree(iterations=1000, exploration=0.7, rollout="random")
    for bad in ({"iterations": 0}, {"iterations": 20_001}, {"iterations": 2.5}, {"iterations": True},
                {"exploration": -0.1}, {"exploration": "x"}, {"rollout": "tuned"}, {"worlds": 3}):
        with pytest.raises(CardoddsError, match="ismcts_tree") as err:
            make_strategy({"name": "ismcts_tree", **bad})
        assert "\n" not in str(err.value)
    for name, knob in IsmctsTree.knobs.items():
        for value in knob.values():
            IsmctsTree(**{name: value})
