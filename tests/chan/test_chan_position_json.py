"""Chắn positions: cut from replayed games, their JSON form, its checks, and the view game they stand for."""

import json

import pytest

from cardodds.sim.chan.cards import parse_hand
from cardodds.sim.chan.position import cut, decisions, from_json, legal_moves, to_json
from cardodds.sim.chan.position_cut import position_of, walk
from cardodds.sim.chan.position_state import game_of, move_text, view_decision
from cardodds.sim.errors import CardoddsError


def _act_from_discard(seed=2, seat=1):
    """The first position of ``seat`` deciding on a discarded card (basic players)."""
    return next(p for _, p, _ in decisions(seed, None, "basic", seat) if p.decision == "act" and p.source == "discard")


def test_cut_repeats_with_the_seed_and_round_trips_through_json_text():
    for seed, k in ((1, 1), (1, 7), (4, 12), (9, 20)):
        pos = cut(seed, None, "tuned", k)
        assert cut(seed, None, "tuned", k) == pos
        assert from_json(json.loads(json.dumps(to_json(pos)))) == pos
    assert cut(1, None, "tuned", 7) != cut(2, None, "tuned", 7)


def test_the_first_decision_is_the_cais_opening_discard_with_twenty_cards():
    pos = cut(3, None, "basic", 1)
    assert (pos.seat, pos.decision, sum(pos.hand), pos.noc) == (0, "discard", 20, 23)
    kinds = set(to_json(pos)["hand"].split())
    assert len(legal_moves(pos)) == len(kinds) and set(legal_moves(pos)) == kinds


def test_a_game_with_fewer_decisions_is_a_one_line_error_naming_the_range():
    with pytest.raises(CardoddsError, match=r"decision 999 asked; K must be 1\.\.24 for the game of seed 1 "):
        cut(1, None, "basic", 999)
    cut(1, None, "basic", 24)  # the range said is the range taken


def test_every_decision_of_a_game_the_views_legal_moves_are_the_games_and_its_state_is_the_games():
    """At every decision of two games, the position round-trips through JSON, its view game offers exactly the
    game's legal moves, and with the true hidden cards put back it is the game's state (all the history the engines
    read, the other seats' declined cards aside: the seat cannot know them)."""
    checked = set()
    for seed in (5, 6, 12):
        def look(k, game, dec, rng):
            pos = position_of(game, dec)
            checked.add(pos.decision)
            assert [move_text(m) for m in view_decision(pos)[1].moves] == [move_text(m) for m in dec.moves]
            full = game_of(pos, [p.hand for p in game.seats], game.noc[game.noc_pos:])
            for s, (a, b) in enumerate(zip(game.seats, full.seats)):
                for name in ("hand", "mat", "mat_chan", "mat_ca", "melds", "discard_set", "discard_numbers", "taken",
                             "ca_numbers", "chiu_count", "bon_count", "passed_first", "bon_open"):
                    assert getattr(a, name) == getattr(b, name), (seed, k, s, name)
            own_a, own_b = game.seats[dec.seat], full.seats[dec.seat]
            assert (own_a.declined_any, own_a.declined_chan, own_a.declined_ca_with) == \
                (own_b.declined_any, own_b.declined_chan, own_b.declined_ca_with)
            assert (full.noc_pos, full.table) == (game.noc_pos, game.table)
            assert full.noc[full.noc_pos:] == game.noc[game.noc_pos:]
            assert from_json(json.loads(json.dumps(to_json(pos)))) == pos
            return True
        walk(seed, None, "tuned", look)
    assert {"discard", "act"} <= checked


def test_the_moves_made_are_spelled_as_legal_moves():
    rows = decisions(7, None, "tuned", 2)
    assert rows and all(made in legal_moves(pos) for _, pos, made in rows)


def _broken(change):
    data = to_json(_act_from_discard())
    change(data)
    return data


def _seat(data, s):
    return data["seats"][s]


def _add_to_table(data, card):
    data["table"] = (data["table"] + " " + card).strip()


def _own_card(data):
    return data["hand"].split()[0]


def _move_last_discard(data):
    """The card in play written as another seat's discard: the counts still add up, its owner's last does not."""
    owner = data["owner"]
    other = next(s for s in range(4) if s != owner and data["card"] not in data["seats"][s]["discards"].split())
    cards = data["seats"][owner]["discards"].split()
    data["seats"][owner]["discards"] = " ".join(cards[:-1])
    data["seats"][other]["discards"] = (data["seats"][other]["discards"] + " " + cards[-1]).strip()
    data["seats"][other]["acted"] = True


CASES = [
    ("an unknown key", lambda d: d.update(colour="red"), "unknown key 'colour'"),
    ("a seat that is not at the table", lambda d: d.update(seat=4), "seat must be a seat 0..3"),
    ("an unknown decision", lambda d: d.update(decision="think"), "decision must be one of"),
    ("a malformed card", lambda d: d.update(hand=d["hand"] + " 2X"), "hand: unknown card '2X'"),
    ("more copies than the deck", lambda d: [_add_to_table(d, _own_card(d)) for _ in range(4)], "the deck has"),
    ("a hand one card short", lambda d: d.update(hand=" ".join(d["hand"].split()[1:])), "needs 19"),
    ("a nọc count that does not add up", lambda d: d.update(noc=d["noc"] - 1), "do not add up"),
    ("a cạ of two numbers", lambda d: _seat(d, 3)["mat"].append("ca 9V 8W"), "are no cạ"),
    ("a card in play that is not on the table", lambda d: d.update(card="CC" if "CC" not in d["table"] else "2W"),
     "must be on the table"),
    ("an act decision that is another seat's", lambda d: d.update(decider=(d["seat"] + 1) % 4), "is the decider's"),
    ("a discard owned by the wrong seat", lambda d: d.update(owner=d["seat"]), "is owned by the seat that"),
    ("a discard decision with a card in play", lambda d: d.update(decision="discard"), "has no card in play"),
    ("a seat that discarded but never acted", lambda d: _seat(d, d["owner"]).update(acted=False),
     "acted cannot be false"),
    ("an unknown rule", lambda d: d.update(rules={"jokers": True}), "jokers"),
    ("a series rule in one game", lambda d: d.update(rules={"series_length": 3}), "series_length does not apply"),
    ("a chíu out of turn without three in hand",
     lambda d: d.update(decision="chiu", decider=(d["seat"] + 3) % 4, owner=(d["seat"] + 2) % 4), "out of turn"),
    ("a trả cửa card after no chíu", lambda d: d.update({"from": "tra_cua"}), "follows a chíu"),
    ("a drawn card in the offer slot", lambda d: d.update({"from": "noc", "owner": d["seat"], "slot": "offer"}),
     "lies in the draw slot"),
    ("a missing key", lambda d: d.pop("noc"), "'noc' is missing"),
    ("a mat that is not a list", lambda d: _seat(d, 0).update(mat="chan 9V"), "mat must be a list"),
    ("a wrong last discard", _move_last_discard, "last discard must be"),
]


@pytest.mark.parametrize("what, change, message", CASES, ids=[c[0] for c in CASES])
def test_an_inconsistent_position_is_a_one_line_error_naming_the_problem(what, change, message):
    data = _broken(change)
    with pytest.raises(CardoddsError) as err:
        from_json(data)
    assert message in str(err.value) and "\n" not in str(err.value)


def test_the_unbroken_position_is_accepted_and_defaults_follow_from_the_card_source():
    data = to_json(_act_from_discard())
    for key in ("slot", "owner", "decider", "declined", "rules"):
        data.pop(key)
    assert from_json(data) == _act_from_discard()


def test_nothing_happened_is_the_cais_start_and_the_hand_decides_thien_u():
    win = "2W 2W 3V 3V 4S 4S 5W 5W 6V 6V 7S 7S 8W 8V 9W 9S 2V 2S CC CC"
    data = {"seat": 0, "decision": "discard", "hand": win, "seats": [{}, {}, {}, {}], "noc": 23}
    assert legal_moves(from_json(data)) == ["u"]
    assert len(parse_hand(win)) == 25
    data["seat"] = 2
    with pytest.raises(CardoddsError, match="cái's"):
        from_json(data)
