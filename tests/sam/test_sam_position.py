"""Sâm positions: the JSON form and its checks, the moves as text, and the cut from a replayed game."""

import copy
import json
import re

import numpy as np
import pytest

from cardodds.sim.errors import CardoddsError
from cardodds.sim.games import game
from cardodds.sim.position import position_module
from cardodds.sim.sam import position as pos
from cardodds.sim.sam.hand import move_table
from cardodds.sim.sam.position_cut import walk
from cardodds.sim.sam.reference import replay_text
from cardodds.sim.sam.rules import SamRules
from cardodds.sim.sam.strategies import PASS, Control, Greedy, RandomLegal

# Seat 2 of a 4-player game (seed 3, four control players, decision 20), written out by hand: seat 1's pair of
# kings to beat.
BASE = {"rules": {}, "seat": 2, "hand": "3d 3h 4s 4h 5h 7c",
        "played": ["5c 8s 9h 10h Qs Kd Ac", "4c 5d 6h 9s Kc Kh 2c", "10c Jh Qd Ks", "As"], "counts": [3, 3, 6, 9],
        "to_beat": "K K", "by": 1, "passed": [], "bao_1": [], "chat": None, "den": None, "sam": None}


def test_the_hand_written_position_is_the_cut_one():
    """The position written above is the one ``cut`` gives, and it reads back to itself."""
    p = pos.from_json(BASE)
    assert p == pos.cut(3, SamRules(), [Control()] * 4, 20)
    assert pos.to_json(p) == BASE
    assert p.counts == (3, 3, 6, 9) and p.current == move_table(SamRules()).find(1, 10)  # pair of kings
    assert pos.legal_moves(p) == ["pass"]  # no pair above K K, no tứ quý


def test_the_sam_spec_names_the_module():
    assert position_module(game("sam")) is pos


def _with(**changes):
    data = copy.deepcopy(BASE)
    for k, v in changes.items():
        if v is KeyError:
            del data[k]
        else:
            data[k] = v
    return data


TWO_PLAYERS = {"rules": {"players": 2}, "seat": 0, "hand": "2s", "played": ["3s 4h 5s 6s 7s 8s 9s 10s Qs", "3h"],
               "counts": [1, 9]}

BAD = [
    ("not an object", [BASE], "a position is a JSON object"),
    ("unknown key", _with(colour="red"), "unknown key 'colour'"),
    ("missing key", _with(hand=KeyError), "missing 'hand'"),
    ("bad rules", _with(rules={"players": 7}), "players must be 2..5"),
    ("rules not an object", _with(rules=4), "rules must be an object of [rules] options"),
    ("unknown rules key", _with(rules={"straight": "3_to_a"}), "unknown key 'straight'"),
    ("seat out of range", _with(seat=4), "seat must be a seat 0..3"),
    ("malformed card", _with(hand="3d 3h 4s 4h 5h 7x"), "unknown card '7x'"),
    ("duplicate card", _with(hand="3d 3h 4s 4h 5h 3d"), "duplicate card '3d'"),
    ("a card held and played", _with(hand="3d 3h 4s 4h 5h 5c"), "5c is both in the hand and played by seat 0"),
    ("a card played twice", _with(played=["5c 8s 9h 10h Qs Kd Ac", "4c 5d 6h 9s Kc Kh 2c", "10c Jh Qd Ks", "Ac"]),
     "Ac is both played by seat 0 and played by seat 3"),
    ("played: wrong seats", _with(played=BASE["played"][:3]), "played must list the cards played by each of the 4"),
    ("counts: wrong seats", _with(counts=[3, 3, 6]), "counts must list the cards left in each of the 4 hands"),
    ("counts do not add up", _with(counts=[3, 3, 6, 8]), "seat 3: 8 cards left and 1 played do not add up"),
    ("the hand is not its count", _with(hand="3d 3h 4s 4h 5h"), "the hand has 5 cards but counts gives seat 2 6"),
    ("an empty hand", _with(played=["5c 8s 9h 10h Qs Kd Ac 3s 3c 4d", *BASE["played"][1:]], counts=[0, 3, 6, 9]),
     "seat 0 holds 0 cards"),
    ("báo 1 that counts deny", _with(bao_1=[1]), "bao_1 [1] is not the seats on one card"),
    ("to_beat without by", _with(by=None), "to_beat and by go together"),
    ("no such play", _with(to_beat="K Q"), "'K Q' is no Sâm play"),
    ("a pass to beat", _with(to_beat="pass"), "to_beat is a play, not a pass"),
    ("the play to beat is not its player's", _with(to_beat="A A"),
     "the play to beat A A is not among the cards seat 1"),
    ("the seat's own play to beat", _with(by=2, to_beat="Q"), "seat 2 made the play to beat"),
    ("not this seat's turn", _with(by=0, to_beat="Q"), "it is not seat 2's turn: seat 1, after seat 0's play"),
    ("the seat has passed", _with(passed=[2]), "passed lists seat 2, who is still in the round"),
    ("a seat passed twice", _with(by=0, to_beat="Q", passed=[1, 1]), "passed lists a seat twice"),
    ("passes on a free lead", _with(to_beat=None, by=None, passed=[1]), "nobody has passed on a free lead"),
    ("a chặt chain without a tứ quý", _with(chat={"links": 1, "value": 15, "chopped": 0}),
     "a chặt chain stands only while a tứ quý"),
    ("a chặt chain lacking a key", _with(chat={"links": 1, "value": 15}), "chat needs chopped"),
    ("a đền on a pair", _with(den={"by": 1, "to": 2, "highest": "A"}), "a pending đền is owed on a single"),
    ("a standing Sâm already beaten", _with(sam={"declarer": 0, "standing": True}),
     "the Sâm of seat 0 cannot stand: seat 1 has played over it"),
    ("a beaten Sâm played on without the rule", _with(sam={"declarer": 0, "standing": False}),
     "a beaten Sâm ends the game unless"),
    ("a stuck leader", TWO_PLAYERS, "seat 0 has no legal lead"),
    ("a tới trắng dealt", {"seat": 0, "hand": "3s 3h 5s 5h 7s 7h 9s 9h Js Jh", "played": ["", "", "", ""],
                          "counts": [10, 10, 10, 10]}, "seat 0 was dealt a tới trắng (nam_doi"),
]


@pytest.mark.parametrize("data,message", [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_an_inconsistent_position_is_one_line_naming_the_problem(data, message):
    with pytest.raises(CardoddsError) as e:
        pos.from_json(data)
    assert message in str(e.value) and "\n" not in str(e.value)


def test_the_stuck_leaders_position_is_fine_once_a_2_can_be_played_on():
    """The last case above, as a response to a single: the 2 beats the 3 and the seat may pass."""
    p = pos.from_json(dict(TWO_PLAYERS, to_beat="3", by=1))
    assert pos.legal_moves(p) == ["pass"]  # the 2 would end the hand on a 2 (no_finish_on_two)
    q = pos.from_json(dict(TWO_PLAYERS, rules={"players": 2, "no_finish_on_two": False}, to_beat="3", by=1))
    assert pos.legal_moves(q) == ["2", "pass"]


@pytest.mark.parametrize("text,kind,top,length", [("7", 0, 4, 1), ("7 7", 1, 4, 2), ("t T 10", 2, 7, 3),
                                                  ("2 2 2 2", 3, 12, 4), ("3-4-5", 4, 4, 3), ("A-2-3", 4, 2, 3),
                                                  ("q k a", 4, 13, 3), ("5,3,4,6", 4, 5, 4)])
def test_moves_read_as_people_write_them(text, kind, top, length):
    t = move_table(SamRules())
    m = pos.parse_move(t, text)
    assert (t.kind[m], t.top[m], t.length[m]) == (kind, top, length)
    assert pos.parse_move(t, pos.move_text(t, m)) == m
    assert pos.parse_move(t, " Pass ") == PASS


@pytest.mark.parametrize("text", ["K-A-2", "3 4", "7 7 8", "x", ""])
def test_a_move_that_is_no_play_is_an_error(text):
    with pytest.raises(CardoddsError):
        pos.parse_move(move_table(SamRules()), text)


def test_a_lead_lists_every_play_the_hand_can_make():
    """Hand-worked: 3 3 4 5 holds the singles 3, 4, 5, the pair of 3s and the straight 3-4-5."""
    p = pos.from_json({"rules": {"players": 2}, "seat": 0, "hand": "3s 3h 4d 5c",
                       "played": ["6s 7s 8s 9s 10s Js", "6h"], "counts": [4, 9]})
    assert pos.legal_moves(p) == ["3", "4", "5", "3 3", "3-4-5"]


CASES = [(4, {}, [Control()] * 4, 1), (2, {}, [Greedy(), Control()], 1),
         (3, {"straights": "3_to_a", "pay": {"two": 4}}, [Control()] * 3, 1),
         (5, {"quad_beats": ["single_two", "lower_quad", "pair_two"]}, [Greedy(chop_first=True)] * 5, 1),
         (4, {}, [RandomLegal(), Control(), RandomLegal(), Control()], 3),
         (4, {"play_on_after_failed_sam": True}, [Control(declare="threshold", threshold=0.0)] + [Greedy()] * 3, 1)]


@pytest.mark.parametrize("players,options,strategies,chunk", CASES)
def test_every_cut_of_a_replayed_game_round_trips_and_is_the_game_replay_shows(players, options, strategies, chunk):
    """At every decision of the game ``cardodds replay sam`` shows (a randomised seat: the run's first chunk of
    ``chunk`` games), the position reads back to itself through JSON text, the seat and move are the replay's next
    action, tagged with its decision number ``[K=k]``, and the same seed cuts the same position."""
    rules = SamRules(players=players, **options)
    seed = 11
    actions = [m.groups() for m in (re.match(r"seat (\d) (?:passes|(?:leads|beats with|chops with) (.+?) \(.*)  "
                                                 r"\[K=(\d+)\]$", line)
                                        for line in replay_text(seed, rules, strategies, chunk).splitlines()) if m]
    seen = []
    for k, (p, m) in enumerate(walk(seed, rules, strategies, chunk), 1):
        data = json.loads(json.dumps(pos.to_json(p), ensure_ascii=False))
        assert pos.from_json(data) == p and pos.to_json(pos.from_json(data)) == data
        assert (str(p.seat), None if m == PASS else p.table.name(m), str(k)) == actions[k - 1]  # tagged [K=k]
        assert m in (pos.legal_ids(p).tolist() + ([PASS] if p.to_beat is not None else []))
        seen.append(p)
    assert len(seen) == len(actions)
    for k in (1, len(seen) // 2, len(seen)):
        assert pos.cut(seed, rules, strategies, k, chunk) == seen[k - 1]
    with pytest.raises(CardoddsError, match=f"K must be 1..{len(seen)} for the game of seed {seed}"):
        pos.cut(seed, rules, strategies, len(seen) + 1, chunk)
    if "play_on_after_failed_sam" in options:  # seat 0 declared: its Sâm stands, then is beaten, play goes on
        assert seen[0].sam_on and any(p.declarer == 0 and not p.sam_standing for p in seen)


def test_decisions_lists_one_seats_decisions_with_the_moves_made():
    rules = SamRules(players=3)
    ds = pos.decisions(4, rules, [Control()] * 3, 1)
    everything = list(walk(4, rules, [Control()] * 3))
    assert [k for k, _, _ in ds] == [k for k, (p, _) in enumerate(everything, 1) if p.seat == 1]
    assert all(p == everything[k - 1][0] and pos.parse_move(p.table, made) == everything[k - 1][1]
               for k, p, made in ds)
    assert all(made in pos.legal_moves(p) for _, p, made in ds)


def test_the_hand_is_read_in_any_order_and_suits_of_the_hand_do_not_change_the_advice():
    p = pos.from_json(BASE)
    assert pos.from_json(_with(hand="7c 5h 4h 4s 3h 3d")) == p
    other = pos.from_json(_with(hand="3s 3c 4d 4h 5s 7h"))  # the same ranks, other suits
    assert other.hand != p.hand
    a, b = (pos.play_out(x, None, "control", 50, 9) for x in (p, other))
    assert all(np.array_equal(a.values[k], b.values[k]) for k in a.values)


def test_the_example_in_the_rules_document_is_the_cut_it_says():
    """docs/rules.md §2.11 shows seed 2's 19th decision (four control players) and its legal moves."""
    from pathlib import Path

    text = (Path(__file__).parents[2] / "docs" / "rules.md").read_text(encoding="utf-8")
    section = text[text.index("### 2.11 Positions"):text.index("## 3. Tấn")]
    example = json.loads(section[section.index("```json") + 7:section.index("```", section.index("```json") + 7)])
    p = pos.cut(2, SamRules(), [Control()] * 4, 19)
    assert example == pos.to_json(p)
    assert pos.legal_moves(p) == ["10", "Q", "2", "pass"] and "`10`, `Q`, `2` and `pass`" in section


def test_a_den_left_by_a_pass_reads_back_through_json_and_only_with_den_on_pass():
    """den_on_pass: a pending đền left by the pass of the seat before the báo-1 mover — on a single still to beat,
    or on the one whose round that pass ended (a free lead) — is a position like any other; without the option the
    same JSON is refused with one line."""
    from cardodds.sim.sam.position_cut import position_of_game
    from cardodds.sim.sam.reference import SamGame, deal_games

    rules = SamRules(players=3, den_on_pass=True)
    strats = [Control(danger=0, block_bao1=False)] * 3
    cards, leader = deal_games(np.random.default_rng(5), 300, rules)
    found = {}
    for i in range(300):
        g = SamGame(rules, cards[i], int(leader[i]))
        if not g.over:
            g.declare(strats)
        while not g.over:
            d = g.den_pending
            if d is not None and (g.current == g.t.LEAD or g.passed[d[0]]):
                p = position_of_game(g, cards[i])
                data = json.loads(json.dumps(pos.to_json(p), ensure_ascii=False))
                assert pos.from_json(data) == p and p.den == d and p.seat == d[1]
                found.setdefault(p.to_beat is None, data)
            g.apply(int(strats[g.actor].choose(g.view(False), g.legal()[None], np.array([g.may_pass]))[0]))
    assert set(found) == {True, False}
    for data in found.values():
        with pytest.raises(CardoddsError, match="pending đền") as e:
            pos.from_json(dict(data, rules={k: v for k, v in data["rules"].items() if k != "den_on_pass"}))
        assert "\n" not in str(e.value)
