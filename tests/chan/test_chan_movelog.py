"""The Chắn move log: round trips, and every way a log can break, reported with its move index."""

import json

import numpy as np
import pytest

from cardodds.sim.chan.cards import kind_of, parse_cards
from cardodds.sim.chan.deal import deal_orders
from cardodds.sim.chan.movelog import Move, complete_deal, game_log, parse_log, read_log
from cardodds.sim.chan.reference import ChanGame, play_game
from cardodds.sim.chan.replay import load_log, replay
from cardodds.sim.chan.rules import ChanRules
from cardodds.sim.chan.players import seat_strategies
from cardodds.sim.errors import CardoddsError

NINE_V = kind_of(9, 1)


def log_obj(hands, noc_top, moves, rules=None):
    hands, noc = complete_deal(hands, noc_top)
    codes = lambda ks: " ".join(("CC" if k == 24 else f"{k // 3 + 2}{'WVS'[k % 3]}") for k in ks)
    obj = {"deal": {"cai": 0, "hands": [codes(h) for h in hands], "noc": codes(noc)}, "moves": moves}
    if rules:
        obj["rules"] = rules
    return obj


# Seat 0 holds one 9V (the other three are elsewhere) and a 5W; the nọc starts 2W 3W 4W 5W.
HANDS = ["9V 5W", "9W 9V", "9V", "9V"]
NOC = "2W 3W 4W 5W"
OPENING = [
    {"seat": 0, "action": "danh", "card": "9V"},
    {"seat": 1, "action": "boc", "card": "2W"},
    {"seat": 1, "action": "duoi"},
    {"seat": 2, "action": "boc"},
    {"seat": 2, "action": "duoi"},
    {"seat": 3, "action": "boc"},
    {"seat": 3, "action": "duoi"},
    {"seat": 0, "action": "boc", "card": "5W"},
    {"seat": 0, "action": "an", "card": "5W", "with": "5W", "as": "chan"},
]


def replay_obj(obj):
    return replay(parse_log(obj))


def error_of(obj) -> str:
    with pytest.raises(CardoddsError) as info:
        replay_obj(obj)
    message = str(info.value)
    assert "\n" not in message
    return message


def test_engine_games_round_trip_through_json():
    rng = np.random.default_rng(11)
    rules = ChanRules()
    for order in deal_orders(rng, 20):
        game = play_game(ChanGame.from_order(rules, order), seat_strategies("random"), rng)
        text = game_log(game).dumps()
        again = replay(parse_log(json.loads(text)))
        assert again.moves == game.moves
        assert (again.winner, again.draw, again.cuoc, again.points) == (game.winner, game.draw, game.cuoc, game.points)


def test_a_clean_hand_made_opening_replays():
    game = replay_obj(log_obj(HANDS, NOC, OPENING))
    assert game.phase == "danh" and game.turn == 0
    assert game.seats[0].melds == [("chan", kind_of(5, 0), kind_of(5, 0))]
    assert game.noc_left == 23 - 4


def test_vietnamese_action_names_are_accepted():
    moves = [dict(m) for m in OPENING[:3]]
    moves[0]["action"], moves[1]["action"], moves[2]["action"] = "đánh", "bốc", "dưới"
    game = replay_obj(log_obj(HANDS, NOC, moves))
    assert [m.action for m in game.moves] == ["danh", "boc", "duoi"]


def test_a_card_played_twice_names_both_moves():
    moves = OPENING + [{"seat": 0, "action": "danh", "card": "9V"}]
    msg = error_of(log_obj(HANDS, NOC, moves))
    assert msg.startswith("move 9 (seat 0 đánh 9V)")
    assert "holds no 9V in hand" in msg and "left the hand at move 0" in msg


def test_a_card_not_in_the_hand():
    msg = error_of(log_obj(HANDS, NOC, [{"seat": 0, "action": "danh", "card": "CC"}]))
    assert msg.startswith("move 0") and "holds no CC" in msg


def test_unknown_action():
    msg = error_of(log_obj(HANDS, NOC, OPENING[:1] + [{"seat": 1, "action": "fold"}]))
    assert msg.startswith("move 1: unknown action 'fold'")


def test_out_of_turn():
    msg = error_of(log_obj(HANDS, NOC, OPENING[:1] + [{"seat": 2, "action": "boc"}]))
    assert msg.startswith("move 1 (seat 2 bốc)") and "seat 1 decides on the offered card 9V" in msg


def test_drawing_a_card_that_is_not_on_top():
    msg = error_of(log_obj(HANDS, NOC, OPENING[:1] + [{"seat": 1, "action": "boc", "card": "8S"}]))
    assert "the top of the nọc is 2W, not 8S" in msg


def test_eating_with_a_card_that_makes_nothing():
    moves = OPENING[:1] + [{"seat": 1, "action": "an", "card": "9V", "with": "9W", "as": "ca"}]
    replay_obj(log_obj(HANDS, NOC, moves))  # 9V with 9W is a cạ: fine
    bad = OPENING[:1] + [{"seat": 1, "action": "an", "card": "9V", "with": "9V", "as": "ca"}]
    assert "9V with 9V is a chan, not a ca" in error_of(log_obj(HANDS, NOC, bad))
    hands = ["9V 5W", "9W 8S", "9V", "9V 9V"]
    wrong = OPENING[:1] + [{"seat": 1, "action": "an", "card": "9V", "with": "8S", "as": "ca"}]
    assert "9V and 8S form neither chắn nor cạ" in error_of(log_obj(hands, NOC, wrong))


def test_passing_a_card_one_did_not_draw():
    msg = error_of(log_obj(HANDS, NOC, OPENING[:1] + [{"seat": 1, "action": "duoi"}]))
    assert msg.startswith("move 1") and "only one's own drawn card can be passed" in msg


def test_hoa_while_the_noc_still_holds_cards():
    msg = error_of(log_obj(HANDS, NOC, OPENING[:1] + [{"seat": 1, "action": "hoa"}]))
    assert "the nọc still holds 23 cards" in msg


def test_chiu_without_three_copies():
    msg = error_of(log_obj(HANDS, NOC, OPENING[:1] + [{"seat": 3, "action": "chiu", "card": "9V"}]))
    assert msg.startswith("move 1") and "a chíu needs 3" in msg


def test_moves_after_the_end():
    # The cái's Thiên ù ends the game at once.
    cai = "2W 2W 3V 3V 4S 4S 5W 5W 6V 6V 2V 2S 3W 3S 7W 7V 8W 8S 9V 9V"
    moves = [{"seat": 0, "action": "u"}, {"seat": 0, "action": "danh", "card": "9V"}]
    msg = error_of(log_obj([cai, "", "", ""], "", moves))
    assert msg == "move 1: the game is already over"


def test_bad_deals_and_bad_files(tmp_path):
    obj = log_obj(HANDS, NOC, [])
    obj["deal"]["noc"] = obj["deal"]["noc"].replace("2W", "9V", 1)
    with pytest.raises(CardoddsError, match=r"deal: Nhị Văn \(2W\) appears 3 times, not 4"):
        parse_log(obj)
    obj = log_obj(HANDS, NOC, [])
    obj["deal"]["hands"][1] += " 9S"
    with pytest.raises(CardoddsError, match="deal: seat 1 holds 20 cards, not 19"):
        parse_log(obj)
    path = tmp_path / "broken.json"
    path.write_text('{"deal": ', encoding="utf-8")
    with pytest.raises(CardoddsError, match=r"not valid JSON: Expecting value \(line 1"):
        read_log(path)
    with pytest.raises(CardoddsError, match="cannot read move log"):
        read_log(tmp_path / "missing.json")
    with pytest.raises(CardoddsError, match="move 0: unknown key 'colour'"):
        parse_log(log_obj(HANDS, NOC, [{"seat": 0, "action": "danh", "card": "9V", "colour": "red"}]))
    with pytest.raises(CardoddsError, match="move 0: 'seat' must be 0..3"):
        parse_log(log_obj(HANDS, NOC, [{"seat": 7, "action": "danh", "card": "9V"}]))
    with pytest.raises(CardoddsError, match="move 0: unknown card 'XX'"):
        parse_log(log_obj(HANDS, NOC, [{"seat": 0, "action": "danh", "card": "XX"}]))


def test_load_log_from_a_file(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(log_obj(HANDS, NOC, OPENING), ensure_ascii=False), encoding="utf-8")
    log, game = load_log(path)
    assert len(log.moves) == 9 and game.turn == 0
    assert log.moves[8] == Move("an", 0, kind_of(5, 0), kind_of(5, 0), "chan")


def test_complete_deal_keeps_the_given_cards_and_fills_the_rest():
    hands, noc = complete_deal(HANDS, NOC)
    assert [len(h) for h in hands] == [20, 19, 19, 19] and len(noc) == 23
    assert hands[0][:2] == parse_cards("9V 5W") and noc[:4] == parse_cards(NOC)
    everything = [k for h in hands for k in h] + noc
    assert all(everything.count(k) == 4 for k in range(25))
    with pytest.raises(CardoddsError, match="9V is used more than 4 times"):
        complete_deal(["9V 9V 9V", "9V 9V", "", ""])


@pytest.mark.parametrize("previous, message", [
    ([1], 'previous: expected an object like {"winner": 2, "fouls": []}, not [1]'),
    ({"winner": 1, "clean": True}, "previous: unknown key 'clean' (known: fouls, winner)"),
    ({"fouls": []}, "previous: no 'winner'"),
    ({"winner": 4}, "previous: 'winner' must be a seat 0..3 or null, not 4"),
    ({"winner": True}, "previous: 'winner' must be a seat 0..3 or null, not True"),
    ({"winner": 1, "fouls": "xuong_sai"}, "previous: 'fouls' must be a list of foul codes"),
    ({"winner": 1, "fouls": ["xuong_sai", "cheating"]}, "previous: fouls[1] 'cheating' is not a foul code"),
    ({"winner": None, "fouls": ["bo_u"]}, "previous: 'fouls' are the previous winner's; there is no winner"),
])
def test_a_malformed_previous_field_says_where(previous, message):
    obj = log_obj(HANDS, NOC, [])
    obj["previous"] = previous
    with pytest.raises(CardoddsError) as info:
        parse_log(obj)
    assert message in str(info.value) and "\n" not in str(info.value)


def test_previous_round_trips_and_sets_who_may_call_thong():
    obj = log_obj(HANDS, NOC, OPENING)
    obj["previous"] = {"winner": 2, "fouls": []}
    log = parse_log(obj)
    assert log.previous == {"winner": 2, "fouls": []} and replay(log).thong_seat == 2
    again = parse_log(json.loads(log.dumps()))
    assert again.previous == log.previous and again.moves == log.moves
    obj["previous"] = {"winner": 2, "fouls": ["bo_u"]}  # a penalised win: no Thông
    assert replay_obj(obj).thong_seat is None
    del obj["previous"]
    assert replay_obj(obj).thong_seat is None and "previous" not in parse_log(obj).to_json()
