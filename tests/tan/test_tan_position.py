"""Tấn positions: the JSON form round-trips, a cut is the replayed game's decision, and every inconsistent position
is a one-line error that names the problem."""

import copy
import json
from pathlib import Path

import pytest

from cardodds.sim.errors import CardoddsError
from cardodds.sim.games import game
from cardodds.sim.position import position_module
from cardodds.sim.tan import position
from cardodds.sim.tan.position_cut import replayed
from cardodds.sim.tan.position_json import check, from_json, to_json
from cardodds.sim.tan.position_state import legal_moves, move_code, move_text
from cardodds.sim.tan.rules import TanRules

DEFEND = {"rules": {}, "seat": 0, "decision": "defend", "hand": "4c 5s 6s 6c 6d 9c 10c", "trump": "d", "bottom": "2d",
          "stock": 20, "discard": "", "table": [["2h", "5h"], ["2c", None]], "attacker": 3, "defender": 0,
          "hand_sizes": [7, 7, 8, 7], "known": ["", "", "", "Kd"], "out": [], "passes": 0, "bouts": 0, "thrower": 1}
"""Decision 4 of ``cardodds replay tan --seed 1`` (4 ``basic`` players): seat 0 must beat 2♣ or take."""

ADD = {"rules": {}, "seat": 0, "decision": "add", "hand": "6d 6h", "trump": "d", "bottom": None, "stock": 0,
       "discard": "2s 2c 2d 2h 3s 3c 3d 3h 4s 4c 4d 4h 5s 5c 5h 6s 7s 7c 7d 7h 8s 8c 9s 9c 10s 10c 10h Js Jc Jd Jh "
                  "Qs Qd Qh Ks Kc Kd Kh As Ac Ad Ah",
       "table": [["6c", "8d"]], "attacker": 0, "defender": 1, "hand_sizes": [2, 2, 4, 0],
       "known": ["6d 6h", "", "", ""], "out": [3], "passes": 0, "bouts": 7}
"""Decision 59 of the same game: the stock is gone, seat 3 is out, seat 0 may add a 6 or pass (unseen: 5♦ 8♥ 9♦
9♥ 10♦ Q♣)."""


def changed(base, **keys):
    data = copy.deepcopy(base)
    for k, v in keys.items():
        if v is DROP:
            del data[k]
        else:
            data[k] = v
    return data


DROP = object()

BAD = [  # (what is wrong, the position, a part of the message)
    ("an unknown key", changed(DEFEND, colour="red"), "unknown key 'colour'"),
    ("a missing key", changed(DEFEND, hand=DROP), "missing key 'hand'"),
    ("a malformed card", changed(DEFEND, hand="4c 5s 6s 6c 6d 9c 1x"), "is not a card"),
    ("a card twice in the hand", changed(DEFEND, hand="4c 4c 6s 6c 6d 9c 10c"), "given twice"),
    ("a card in two places", changed(DEFEND, discard="4c Ah"), "4c is both in the hand and in the discard pile"),
    ("a card not in the deck", changed(DEFEND, rules={"deck": 36, "hand_size": 6}), "not in the 36-card deck"),
    ("a hand that is not its size", changed(DEFEND, hand_sizes=[8, 7, 8, 7]),
     "holds 7 cards but 'hand_sizes' says 8"),
    ("counts that do not add up", changed(DEFEND, stock=19), "hold 51 cards, not the deck's 52"),
    ("an odd discard pile", changed(DEFEND, stock=19, discard="Ah"), "discard pile holds 1 cards"),
    ("a bottom card not of trumps", changed(DEFEND, bottom="3h"), "not of the trump suit d"),
    ("no bottom card while the stock lasts", changed(DEFEND, bottom=None), "('bottom') is missing"),
    ("a bottom card with the stock empty", changed(ADD, bottom="Qc"), "the stock is empty"),
    ("a seat out while the stock lasts", changed(DEFEND, out=[2]), "out while the stock lasts"),
    ("a seat out holding cards", changed(ADD, out=[2, 3]), "seat 2 is out but holds cards"),
    ("a defender who is not next", changed(DEFEND, attacker=2), "the defender must be the next seat still in"),
    ("a cover that does not beat its card", changed(DEFEND, table=[["5h", "2h"], ["2c", None]]),
     "2h does not beat 5h"),
    ("a card thrown in with no rank on the table", changed(DEFEND, table=[["2h", "5h"], ["7c", None]]),
     "7c was thrown in, but no card of its rank"),
    ("two uncovered cards without lên", changed(DEFEND, table=[["2h", None], ["2c", None]], hand_sizes=[7, 8, 8, 7]),
     "more than one table card is uncovered"),
    ("a decision that does not fit the table", changed(DEFEND, decision="attack"),
     "an attack (a lead) is the attacker"),
    ("a defence that is not the defender's", changed(DEFEND, decision="add"), "an add (tấn cùng) is a non-defender"),
    ("a defence without its thrower", changed(DEFEND, thrower=DROP), "'thrower'"),
    ("the defender as the thrower", changed(DEFEND, thrower=0), "the thrower (seat 0) must be"),
    ("more passes than adders", changed(ADD, passes=2), "'passes' is 2"),
    ("lên without throw_in_after_take", changed(ADD, taking=True), "'taking'"),
    ("series play", changed(DEFEND, rules={"series_length": 3}), "series play"),
    ("rules out of range", changed(DEFEND, rules={"players": 9}), "players must be 2..6"),
    ("a seat that is not at the table", changed(DEFEND, seat=4), "'seat' must be a whole number 0..3"),
    ("a seat with nothing to play", changed(ADD, hand="9h Qc", known=["", "", "", ""]), "has no card to play here"),
    ("more known cards than the hand holds", changed(ADD, known=["6d 6h", "5d 8h 9d", "", ""]),
     "seat 1 is known to hold 3 cards but holds 2"),
    ("own known cards not in the hand", changed(DEFEND, known=["Ah", "", "", "Kd"]), "not all in its hand"),
    ("an unknown trump", changed(DEFEND, trump="x"), "'trump'"),
    ("an unknown decision", changed(DEFEND, decision="ù"), "'decision' must be one of"),
]


def test_the_bases_are_real_decisions():
    assert legal_moves(from_json(DEFEND)) == ["4c", "6c", "6d", "9c", "10c", "take"]
    assert legal_moves(from_json(ADD)) == ["6d", "6h", "pass"]
    log, _ = replayed(1, TanRules(), "basic")
    assert to_json(log[3][0]) == DEFEND and to_json(log[58][0]) == ADD


@pytest.mark.parametrize("what, data, message", BAD, ids=[b[0] for b in BAD])
def test_an_inconsistent_position_is_a_one_line_error(what, data, message):
    with pytest.raises(CardoddsError) as err:
        from_json(json.loads(json.dumps(data)))
    text = str(err.value)
    assert message in text and "\n" not in text and text.startswith(("tan position", "tan position 'rules'"))


def test_at_least_ten_kinds_are_listed():
    assert len({b[0] for b in BAD}) >= 10


@pytest.mark.parametrize("variant, players", [
    (dict(), "basic"), (dict(players=2), "tuned"), (dict(players=3), "random"),
    (dict(players=3, defender_runs_out="others_may_continue", max_attack_cards=3), "heuristic"),
    (dict(players=2, deck=36, hand_size=6, throw_in_after_take=True, refill_order="attacker_others_defender"),
     "basic")])
def test_every_decision_of_a_game_is_a_checked_position_that_round_trips(variant, players):
    rules = TanRules(**variant)
    log, _ = replayed(2, rules, players, chunk=3)
    assert len(log) > 20
    for p, move in log:
        check(p)
        assert from_json(json.loads(json.dumps(to_json(p)))) == p
        assert move_text(p, move) in legal_moves(p) and move_code(p, move_text(p, move)) == move
    assert {p.decision for p, _ in log} == {"attack", "add", "defend"}


def test_cut_is_the_replayed_decision_and_reproducible():
    rules = TanRules(players=3)
    log, _ = replayed(5, rules, "heuristic")
    for k in (1, 7, len(log)):
        assert position.cut(5, rules, "heuristic", k) == log[k - 1][0] == position.cut(5, rules, "heuristic", k)
    assert position.cut(6, rules, "heuristic", 7) != log[6][0]
    with pytest.raises(CardoddsError, match=f"K must be 1..{len(log)} for the game of seed 5"):
        position.cut(5, rules, "heuristic", len(log) + 1)
    seat1 = position.decisions(5, rules, "heuristic", 1)
    assert [k for k, _, _ in seat1] == [k for k, (p, _) in enumerate(log, 1) if p.seat == 1]
    assert all(move in legal_moves(p) for _, p, move in seat1)


def test_the_first_decision_is_the_first_attackers_lead():
    p = position.cut(3, TanRules(), "basic", 1)
    assert p.decision == "attack" and p.seat == p.attacker and not p.table and p.stock == 20 and p.bouts == 0
    assert legal_moves(p) == [m for m in legal_moves(p) if m not in ("pass", "take")] and len(p.hand) == 8


def test_a_move_that_is_not_legal_is_refused():
    p = from_json(DEFEND)
    for bad in ("pass", "5s", "Kd"):
        with pytest.raises(CardoddsError, match="legal"):
            move_code(p, bad)


def test_the_game_spec_names_the_module():
    module = position_module(game("tan"))
    assert module.from_json is from_json and module.RANK_BY == ("lose", -1)
    assert set(module.MEASURES) == {"lose", "draw"} and module.DEFAULT_WORLDS >= 100


def test_the_documented_example_is_a_real_cut():
    """docs/rules.md §3.11 shows decision 27 of ``cardodds replay tan --seed 1`` (4 ``basic`` players)."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "rules.md").read_text(encoding="utf-8")
    section = text[text.index("### 3.11 Positions"):]
    example = json.loads(section[section.index("```json") + 7:section.index("```", section.index("```json") + 7)])
    assert from_json(example) == position.cut(1, TanRules(), "basic", 27)
    assert to_json(from_json(example)) == example
