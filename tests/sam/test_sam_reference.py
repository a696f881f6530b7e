"""The reference Sâm engine on hand-built deals: every outcome and payment, worked by hand."""

from collections import Counter

import numpy as np
import pytest

from cardodds.sim.sam.batch import play_batch
from cardodds.sim.sam.cards import parse_hand
from cardodds.sim.sam.reference import SamGame, deal_games, play, play_game
from cardodds.sim.sam.rules import OUTCOMES, SamRules
from cardodds.sim.sam.strategies import PASS, Control, Greedy, RandomLegal, StrategyBase
from cardodds.sim.streams import DEAL, PLAY, chunk_seed, stream


class Scripted(StrategyBase):
    """Plays a fixed list of moves (by name, or 'pass'), then plays greedy."""

    def __init__(self, script, **kw):
        super().__init__(**kw)
        object.__setattr__(self, "script", list(script))

    def choose(self, view, legal, may_pass, rng=None):
        if not self.script:
            return Greedy().choose(view, legal, may_pass, rng)
        step = self.script.pop(0)
        if step == "pass":
            assert may_pass[0]
            return np.array([PASS])
        m = [i for i in range(view.table.n) if view.table.name(i) == step]
        assert m and legal[0, m[0]], f"script move {step} is not legal"
        return np.array([m[0]])


def hands(*texts):
    return [parse_hand(t) for t in texts]


R2 = SamRules(players=2, first_leader="seat0")
STRAIGHT_K = "3s 4s 5s 6s 7s 8s 9s 10s Jh Kd"  # 3..J straight (9 cards) and a K; not a tới trắng


def test_cong_pays_fifteen_not_cards():
    res = play_game(hands(STRAIGHT_K, "3h 4h 5d 7d 9h Qs Qc Ac 2s 2c"), 0, R2, Greedy(), log=True)
    # seat 0 leads the 9-card straight, nobody beats, then the K: seat 1 never played
    assert res.outcome == "normal" and res.winner == 0 and res.plays == 2
    assert res.cong[1] and list(res.pay) == [15, -15]


STRAIGHT_QK = "3s 4s 5s 6s 7s 8s 9s 10s Qd Kh"  # 3..10 straight, a Q and a K


def test_last_play_ends_the_game_at_once():
    # a Sâm whose last play could be beaten still succeeds: the play that empties the hand ends the game
    decl = Greedy(declare="threshold", threshold=0.0)
    res = play_game(hands(STRAIGHT_K, "3h 4h 5d 7d 9h Qs Qc Ac 2s 2c"), 0, R2, [decl, Greedy()], log=True)
    assert res.outcome == "sam_success" and list(res.pay) == [20, -20] and "seat 0 leads single K (Kd)" in res.log


def test_sam_fails_when_beaten_and_succeeds_otherwise():
    decl = Greedy(declare="threshold", threshold=0.0)
    res = play_game(hands(STRAIGHT_QK, "3h 4h 5d 7d 9h Qs Qc Ac 2s 2c"), 0, R2, [decl, Greedy()], log=True)
    assert res.declarer == 0 and res.outcome == "sam_fail" and list(res.pay) == [-20, 20]
    assert "seat 0 leads single K (Kh)" in res.log and "seat 1 beats with single A (Ac)" in res.log
    res = play_game(hands(STRAIGHT_QK, "3h 4h 5d 7d 9h Qs Qc Jc Js 10c"), 0, R2, [decl, Greedy()])
    assert res.outcome == "sam_success" and res.sam_success and list(res.pay) == [20, -20]
    # the oracle declares only when a plan exists against the actual hands
    ora = Greedy(declare="oracle")
    assert play_game(hands(STRAIGHT_QK, "3h 4h 5d 7d 9h Qs Qc Ac 2s 2c"), 0, R2, ora).declarer == -1
    res = play_game(hands(STRAIGHT_QK, "3h 4h 5d 7d 9h Qs Qc Jc Js 10c"), 0, R2, ora, log=True)
    assert res.declarer == 0 and res.outcome == "sam_success"
    assert "seat 0 declares Sâm (plan: straight 4-5-6-7-8-9-10, single Q, single K, single 3)" in res.log


def test_play_on_after_failed_sam():
    rules = SamRules(players=2, first_leader="seat0", play_on_after_failed_sam=True)
    decl = Greedy(declare="threshold", threshold=0.0)
    res = play_game(hands(STRAIGHT_QK, "3h 4h 5d 7d 9h Qs Qc Ac 2s 2c"), 0, rules, [decl, Greedy()], log=True)
    # seat 1 beats the K with the A and plays on: 3-4-5, pair Q, then a 7 under seat 0's báo 1 while holding
    # 9 and two 2s (đền); seat 0's Q wins.  Seat 1 pays its 9h 2s 2c = 1 + 5 + 5; seat 0 pays the failed Sâm, 20.
    assert res.declarer == 0 and res.outcome == "normal" and not res.sam_success and res.winner == 0
    assert "seat 1 beats with single A (Ac)" in res.log and "seat 0 beats with single Q (Qd)" in res.log
    assert res.den == 1 and list(res.pay) == [11 - 20, 20 - 11]


def test_failed_sam_penalty_stands_in_a_void_game():
    # play_on_after_failed_sam: seat 0's Sâm fails (it cannot lead: only a 2 would end its hand), play goes on and
    # ends void -- the penalty of the failed Sâm is still paid, in both engines
    deal = hands("3s 4s 5s 6s 7s 8s 9s 10s 2s 2h", "3d 4h 5d 6h 7d 8h 9d 10h 2c 2d")
    rules = SamRules(players=2, first_leader="seat0", play_on_after_failed_sam=True)
    strats = [Greedy(declare="threshold", threshold=0.0), Greedy()]
    res = play_game(deal, 0, rules, strats, log=True)
    assert "the declarer, seat 0, cannot lead: the Sâm fails" in res.log
    assert res.outcome == "void" and list(res.pay) == [-20, 20]
    b = play_batch(rules, np.array([deal]), np.array([0]), strats)
    assert b.outcome[0] == OUTCOMES.index("void") and list(b.pay[0]) == [-20, 20]


def test_no_finish_on_two_thoi_2_and_void():
    seat0 = "3s 4s 5s 6s 7s 8s 9s 10s Qs 2h"  # (2s 3s ... Js would be a sảnh rồng: the 2 counts low)
    seat1 = "3h 4h 5d 7d 9h 10c Jc Jd Qc Qd"
    res = play_game(hands(seat0, seat1), 0, R2, Greedy(), log=True)
    assert "seat 0 cannot lead (only a 2 would end the hand): passes" in res.log
    assert res.winner == 1 and res.thoi_2[0] == 1 and list(res.pay) == [-5, 5]
    free = SamRules(players=2, first_leader="seat0", no_finish_on_two=False)
    res = play_game(hands(seat0, seat1), 0, free, Greedy())
    assert res.winner == 0 and list(res.pay) == [15, -15]  # ends on the 2; seat 1 cóng
    # both end up holding only a 2: nobody can lead
    res = play_game(hands("3s 4s 5s 6s 7s 8s 9s 10s 2s 2h", "3d 4h 5d 6h 7d 8h 9d 10h 2c 2d"), 0, R2, Greedy(), log=True)
    assert res.outcome == "void" and res.winner == -1 and list(res.pay) == [0, 0] and res.plays == 4


def test_chat_chain_paid_by_last_chopped():
    r3 = SamRules(players=3, first_leader="seat0")
    deal = hands("2h 3c 4d 6c 7d 8c 10d Qc Kd Ah", "5s 5c 5d 5h 3s 4s 6s 8s 10s Qs", "9s 9c 9d 9h 3h 4h 6h 8h Jh Kh")
    strategies = [Scripted(["single 2", "pass"]), Scripted(["quad 5", "pass"]), Scripted(["quad 9"])]
    res = play_game(deal, 0, r3, strategies, log=True)
    assert "seat 1 chops with quad 5 (5s 5c 5d 5h)" in res.log and "seat 2 chops with quad 9 (9s 9c 9d 9h)" in res.log
    assert "  seat 1 pays seat 2 30 (chặt ×2)" in res.log and res.chops == 2
    one = [Scripted(["single 2", "pass"]), Scripted(["quad 5"]), Scripted(["pass"])]
    res = play_game(deal, 0, r3, one, log=True)
    assert "  seat 0 pays seat 1 15 (chặt ×1)" in res.log and res.chops == 1
    assert int(res.pay.sum()) == 0


def test_chat_of_a_pair_of_twos_pays_per_two():
    # seed 003: "Tứ Quý chặt 2: 15 cược/con" -- per 2 chopped; a pair of 2s only under quad_beats "pair_two"
    deal = hands("2h 2c 4d 6c 7d 8c 10d Qc Kd Ah", "5s 5c 5d 5h 3s 4s 6s 8s 10s Qs", "9s 9c 9d 3h 4h 6h 8h Jh Kh Js")
    strategies = [Scripted(["pair 2", "pass"]), Scripted(["quad 5"]), Scripted(["pass"])]
    rules = SamRules(players=3, first_leader="seat0", quad_beats=["single_two", "pair_two", "lower_quad"])
    res = play_game(deal, 0, rules, strategies, log=True)
    assert "seat 1 chops with quad 5 (5s 5c 5d 5h)" in res.log and "  seat 0 pays seat 1 30 (chặt ×1)" in res.log
    default = play_game(deal, 0, SamRules(players=3, first_leader="seat0"),
                        [Scripted(["pair 2"]), Scripted(["pass"]), Scripted(["pass"])], log=True)
    assert default.chops == 0 and "chặt" not in "\n".join(default.log)


def test_thoi_hang_charges_a_quad_left_in_a_losers_hand():
    # seed 003: "Chặt bình thường: Tổng số lá của người thua + heo hàng"; under thoi_hang a tứ quý left costs 15 more
    seat0, seat1 = STRAIGHT_K, "3h 4h 5d 7d 9h 9c 9d 9s Qc 2c"  # seat 1 keeps its tứ quý 9 (and a 2)
    # seat 1 leads its 3, seat 0 beats it with the K, seat 1 passes and seat 0 plays out its straight
    def play(rules):
        return play_game(hands(seat0, seat1), 1, rules, [Scripted(["single K"]), Scripted(["single 3", "pass"])])
    plain, hang = play(R2), play(SamRules(players=2, first_leader="seat0", thoi_hang=True))
    assert plain.winner == hang.winner == 0 and not plain.cong[1]
    assert list(plain.pay) == [13, -13] and list(hang.pay) == [28, -28]  # 8 cards + thối 2 (5), + 15 for the tứ quý


def test_toi_trang_tie_rules_and_heo_hang():
    r3 = SamRules(players=3, first_leader="seat0")
    # seat 1: the seed's 5 đôi; seat 2: tứ quý 2 (higher kind, later in turn order from seat 0)
    deal = hands("3s 5h 7d 9c Jh Kd As 3c 4c 5c", "4♦ 4♥ 7♦ 7♥ 9♣ 9♥ 10♣ 10♥ Q♣ Q♦", "2s 2c 2h 2d 3h 3d 5s 6s 8s Js")
    res = play_game(deal, 0, r3, Greedy(), log=True)
    assert res.outcome == "toi_trang" and res.winner == 1 and list(res.toi_trang) == [-1, 4, 1]
    assert list(res.pay) == [-20, 20 + 40, -40]  # seat 2 pays 20 + four 2s of heo hàng
    res = play_game(deal, 0, SamRules(players=3, first_leader="seat0", toi_trang_tie="by_kind"), Greedy())
    assert res.winner == 2 and list(res.pay) == [-20, -20, 40]
    res = play_game(deal, 2, r3, Greedy())  # turn order from seat 2: seat 2 calls first
    assert res.winner == 2
    deal[0] = parse_hand("3s 5h 7d 9c Jh Kd As Ac Ad Ah")
    rq = SamRules(players=3, first_leader="seat0", heo_hang_includes_quads=True)
    assert list(play_game(deal, 0, rq, Greedy()).pay) == [-35, 35 + 40, -40]


# Đền (seed 003: "người bên trái người báo phải có trách nhiệm đánh quân to nhất"): seat 2 is left with Kd (báo 1);
# seat 1, just before it, plays 5d on seat 0's 4d.  Rounds: seat 1 leads 3..10, seat 2 beats with 4..J, both others
# pass; seat 2 leads 3c (báo 1), seat 0 plays 4d, seat 1 plays 5d.
DEN_SEAT0 = "4d 6c 7d 9d Jc Qc Qh As 2s 2d"
DEN_SEAT2 = "4h 5h 6h 7h 8h 9h 10h Jh Kd 3c"
DEN_OPENING = (["pass", "single 4"], ["straight 3-4-5-6-7-8-9-10", "pass", "single 5"],
               ["straight 4-5-6-7-8-9-10-J", "single 3"])
R3 = SamRules(players=3, first_leader="seat0")


def _den_game(seat1: str, more0=(), more1=(), more2=(), rules=R3, opening=DEN_OPENING):
    scripts = [list(o) + list(m) for o, m in zip(opening, (more0, more1, more2))]
    deal = hands(DEN_SEAT0, seat1, DEN_SEAT2)
    return play_game(deal, 1, rules, [Scripted(s) for s in scripts], log=True)


def test_den_when_the_failure_lets_bao_1_win():
    # seat 1 plays 5d holding Ac; seat 2's K beats the 5 but not the A: seat 1 pays everyone's cards
    res = _den_game("3s 4s 5s 6s 7s 8s 9s 10s 5d Ac", more2=["single K"])
    assert "  (seat 1 did not play its highest single before báo 1: đền if seat 2 wins on it)" in res.log
    assert "  seat 1 pays seat 2 18 (đền: did not block báo 1)" in res.log
    assert res.winner == 2 and res.den == 1 and list(res.pay) == [0, -18, 18]
    assert list(_den_game("3s 4s 5s 6s 7s 8s 9s 10s 5d Ac", more2=["single K"]).pay) == [0, -18, 18]
    res = play_game(hands(DEN_SEAT0, "3s 4s 5s 6s 7s 8s 9s 10s 5d Ac", DEN_SEAT2), 1,
                    SamRules(players=3, first_leader="seat0", den_bai=False),
                    [Scripted(list(o) + m) for o, m in zip(DEN_OPENING, ([], [], ["single K"]))])
    assert res.den == -1 and list(res.pay) == [-17, -1, 18]


def test_no_den_when_the_highest_single_would_not_have_blocked():
    # seat 1 holds Qd, not Ac: playing the Q would not have stopped the K, so the failure did not cause the loss
    res = _den_game("3s 4s 5s 6s 7s 8s 9s 10s 5d Qd", more2=["single K"])
    assert res.winner == 2 and res.den == -1 and list(res.pay) == [-17, -1, 18]


def test_den_is_not_carried_past_the_next_move():
    # seat 2 passes on the 5; seat 0 beats it with 7d and leads 6c next round; seat 1 passes holding Ac (no duty
    # on a pass) and seat 2 wins with the K on seat 0's 6: nobody pays đền
    res = _den_game("3s 4s 5s 6s 7s 8s 9s 10s 5d Ac", more0=["single 7", "single 6"], more1=["pass", "pass"],
                    more2=["pass", "single K"])
    assert "seat 2 passes" in res.log and "seat 0 leads single 6 (6c)" in res.log
    assert res.winner == 2 and res.den == -1 and list(res.pay) == [-15, -1, 16]


# den_on_pass ("phải có trách nhiệm đánh quân to nhất" read as a duty a pass fails too): the same opening up to seat
# 2's báo 1, then seat 1 — just before seat 2 — passes holding A♣ instead of beating with it
R3_PASS = SamRules(players=3, first_leader="seat0", den_on_pass=True)
PASS_OPENING = (["pass"], ["straight 3-4-5-6-7-8-9-10", "pass"], ["straight 4-5-6-7-8-9-10-J", "single 3"])


@pytest.mark.parametrize("rules,den,pay", [(R3, -1, [-17, -2, 19]), (R3_PASS, 1, [0, -19, 19])])
def test_a_pass_on_a_single_the_highest_card_would_beat_is_den_only_with_den_on_pass(rules, den, pay):
    # seat 0 plays 4♦ on seat 2's 3♣; seat 1 passes holding 5♦ A♣; seat 2 goes out with K♦, which the A would have
    # stopped: with den_on_pass seat 1 pays everyone's cards (seat 0: 9 cards with two 2s = 17, seat 1: 2)
    res = _den_game("3s 4s 5s 6s 7s 8s 9s 10s 5d Ac", more0=["single 4"], more1=["pass"], more2=["single K"],
                    rules=rules, opening=PASS_OPENING)
    assert "seat 1 passes" in res.log and res.winner == 2 and res.den == den and list(res.pay) == pay
    noted = "  (seat 1 passed instead of playing its highest single before báo 1: đền if seat 2 wins)" in res.log
    assert noted == rules.den_on_pass


def test_a_pass_that_ends_the_round_leaves_the_den_on_the_bao_1_lead():
    # seat 2 leads 3♣ (báo 1), seat 0 and seat 1 (holding A♣) pass: the round is seat 2's, who leads K♦ and goes out
    res = _den_game("3s 4s 5s 6s 7s 8s 9s 10s 5d Ac", more0=["pass"], more1=["pass"], more2=["single K"],
                    rules=R3_PASS, opening=PASS_OPENING)
    assert "round to seat 2" in res.log and res.den == 1 and list(res.pay) == [0, -17, 17]  # seat 0 cóng: 15
    res = _den_game("3s 4s 5s 6s 7s 8s 9s 10s 5d Ac", more0=["pass"], more1=["pass"], more2=["single K"],
                    opening=PASS_OPENING)
    assert res.den == -1 and list(res.pay) == [-15, -2, 17]


def test_no_den_on_a_pass_when_the_highest_card_would_not_have_stopped_the_win():
    # seat 1 holds Q♦ as its highest: the K goes out over it anyway; and a pass on a pair owes nothing
    res = _den_game("3s 4s 5s 6s 7s 8s 9s 10s 5d Qd", more0=["single 4"], more1=["pass"], more2=["single K"],
                    rules=R3_PASS, opening=PASS_OPENING)
    assert res.winner == 2 and res.den == -1 and list(res.pay) == [-17, -2, 19]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_zero_sum(players):
    rules = SamRules(players=players)
    ss = chunk_seed(11, players)
    cards, leader = deal_games(stream(ss, DEAL), 300, rules)
    rng = stream(ss, PLAY)
    seen = Counter()
    for i in range(300):
        strategies = [RandomLegal(declare="threshold", threshold=0.6), Control(), Greedy(declare="oracle"), RandomLegal()][:players]
        strategies += [Control()] * (players - len(strategies))
        res = play_game(cards[i], int(leader[i]), rules, strategies, rng=rng)
        assert int(res.pay.sum()) == 0
        seen[res.outcome] += 1
        if res.outcome == "normal":
            assert res.winner >= 0  # (a winner may still be down: it may have been chopped)
    assert seen["normal"] > 200


def test_the_move_log_replays_the_game():
    """A ``SamGame`` fed its own (seat, move) log, after the same declarations, ends as the played game did: same
    payments, outcome and text log; every logged move was the actor's and legal when made."""
    rules = SamRules(players=4, quad_beats=["single_two", "pair_two", "lower_quad"])
    ss = chunk_seed(12, 0)
    cards, leader = deal_games(stream(ss, DEAL), 60, rules)
    strategies = [RandomLegal(declare="threshold", threshold=0.55), Control(), Greedy(chop_first=True), Control()]
    rng = stream(ss, PLAY)
    played = 0
    for i in range(60):
        game = play(SamGame(rules, cards[i], int(leader[i]), log=True), strategies, rng)
        if not game.moves:  # a tới trắng
            continue
        again = SamGame(rules, cards[i], int(leader[i]), log=True)
        again.declare(strategies)
        for seat, m in game.moves:
            assert again.actor == seat and (m == PASS and again.may_pass or m >= 0 and again.legal()[m])
            again.apply(m)
        assert again.over and again.result.log == game.result.log
        assert (again.result.outcome, list(again.result.pay)) == (game.result.outcome, list(game.result.pay))
        played += 1
    assert played > 40
