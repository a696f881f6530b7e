"""The hand question declared (``cardodds.sim.hand_question``): each game's "odds of this hand" options are a
declaration on its spec, and the command's flags, the API's keywords, the page's query and their checks are built from
it — for the built-in games, the ``demo`` coin of ``tests/demo_game/``, and a game declared here alone."""

import dataclasses
import inspect
import json

from demo_game import cards as coin_cards
from demo_game import play_task
from demo_game.spec import SPEC as DEMO
import numpy as np
import pytest

import cardodds.sim.games
from cardodds import odds
from cardodds.cli import main
from cardodds.sim.errors import CardoddsError
from cardodds.sim.games import game
from cardodds.sim.hand_question import PLAYER, TEXT, Field, HandQuestion
from cardodds.sim.knobs import Choice, Range

CHAN = "2W 2W 3V 3V 4S 4S 5W 5W 6V 6V 2V 2S 3W 3S 7W 7V 8W 8S 9V"
SAM = "3s 4s 5h 6d 7c 8s 9s 10h Jd Kd"
TAN = "As Ac Ad Kh 2s 3c 4d 5s"


@pytest.mark.parametrize("name", ["chan", "sam", "tan", "demo"])
def test_every_declared_field_is_a_flag_of_the_command_and_a_keyword_of_the_api(capsys, name):
    with pytest.raises(SystemExit):
        main(["odds", name, "--help"])
    shown = capsys.readouterr().out
    parameters = inspect.signature(getattr(odds, name)).parameters
    for f in game(name).question().fields:
        assert f"{f.flag()} " in shown and f.help_text().split()[0] in shown, f.name
        assert parameters[f.name].default is None  # None: the declared default


@pytest.mark.parametrize("argv, message", [
    (["chan", "--hand", CHAN, "--seat", "4"], "--seat must be a whole number from 0 to 3, not 4"),
    (["chan", "--hand", CHAN, "--seat", "x"], "--seat must be a whole number from 0 to 3, not 'x'"),
    (["sam", "--hand", SAM, "--opponents", "0"], "--opponents must be a whole number from 1 to 4, not 0"),
    (["tan", "--hand", TAN, "--trump", "h", "--players", "7"], "--players must be a whole number from 2 to 6, not 7"),
    (["tan", "--hand", TAN, "--trump", "h", "--players", "3", "--seat", "3"],
     "--seat must be a whole number from 0 to 2, not 3"),  # below="players": the bound follows another field
    (["tan", "--hand", TAN, "--trump", "h", "--deck", "40"], "--deck must be one of 52, 36, not 40"),
    (["tan", "--hand", TAN], "the following arguments are required: --trump (see 'cardodds odds tan --help')"),
    (["demo", "--hand", "T", "--p", "1.5"], "--p must be a number from 0.0 to 1.0, not 1.5"),
    (["demo", "--hand", "T", "--p", "half"], "--p must be a number from 0.0 to 1.0, not 'half'"),
])
def test_a_value_outside_its_declared_range_is_one_line_and_exit_2(capsys, argv, message):
    assert main(["odds", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.err == f"cardodds: error: {message}\n" and captured.out == ""


def test_the_api_checks_the_same_declaration_under_its_keywords():
    with pytest.raises(CardoddsError, match=r"^seat must be a whole number from 0 to 2, not 3$"):
        odds.tan(TAN, "h", players=3, seat=3)
    with pytest.raises(CardoddsError, match=r"^p must be a number from 0.0 to 1.0, not -0.5$"):
        odds.demo("T", p=-0.5)
    with pytest.raises(CardoddsError, match=r"^strategy must be a player's name"):
        odds.tan(TAN, "h", strategy=7)
    with pytest.raises(CardoddsError, match="got an unexpected keyword argument 'trump'"):
        odds.sam(SAM, 2, trump="h")


def test_the_declared_defaults_are_the_commands_and_the_apis():
    """Sâm's opponents default to 3 from Python as on the command line (the API once refused a missing one)."""
    assert odds.sam(SAM, games=300).details == odds.sam(SAM, 3, games=300).details
    assert odds.sam(SAM, games=300).details["opponents"] == 3
    assert game("tan").question().checked({"trump": "h"}) == {"trump": "h", "players": 4, "seat": 0,
                                                             "strategy": "basic", "deck": 52}


def test_a_field_reads_typed_text_as_its_kind():
    seat, p, deck = Field("seat", Range(0, 3)), Field("p", Range(0.0, 1.0, integer=False)), Field("d", Choice((52, 36)))
    assert (seat.read("2"), seat.read("1_000"), seat.read("x")) == (2, 1000, "x")
    assert (p.read("0.25"), p.read("x"), deck.read("36"), Field("t", TEXT).read("h")) == (0.25, "x", 36, "h")
    assert Field("s", PLAYER, what="a player").check({"name": "basic"}, {}) == {"name": "basic"}
    with pytest.raises(CardoddsError, match=r"^t must be a suit, not 5$"):
        Field("t", TEXT, what="a suit").check(5, {}, named=str)


def flips(hand: str, p: float = 0.5, tosses: int = 1, games: int = 20_000, seed: int = 1, progress=None,
          on_batch=None) -> dict:
    """The chance that ``tosses`` tosses all show the face ``hand`` names, simulated (a game declared in this file)."""
    faces = coin_cards.parse_cards(hand)
    chance = p if faces[0] == 1 else 1 - p
    hits = int((np.random.default_rng(seed).random((games, tosses)) < chance).all(axis=1).sum())
    if on_batch is not None and games > 1:
        on_batch({"games": games // 2, "estimate": hits / games})
    return {"games": games, "estimate": hits / games, "exact": chance ** tosses}


FLIP = dataclasses.replace(
    DEMO, name="flip", title="Flips", position=None,
    tasks={"flip.coin": dataclasses.replace(play_task.TASK, name="flip.coin")}, hand_odds="test_hand_question:flips",
    hand_question=HandQuestion(fields=(Field("p", Range(0.0, 1.0, integer=False), default=0.5),
                                       Field("tosses", Range(1, 10), default=1, positional=True)), simulated=True),
)
"""A game whose question is declared here and nowhere else: no parser, API function or page job is written for it."""


@pytest.fixture
def flip(monkeypatch):
    monkeypatch.setitem(cardodds.sim.games._ADDED, "flip", FLIP)


def test_a_game_declaring_its_question_gets_the_command_the_api_and_the_page(flip, capsys):
    assert main(["odds", "flip", "--hand", "H", "--p", "0.25", "--tosses", "2", "--games", "4000", "--seed", "5",
                 "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == odds.flip("H", 2, p=0.25, games=4000, seed=5).details == flips("H", 0.25, 2, 4000, 5)
    assert printed["exact"] == 0.0625 and abs(printed["estimate"] - 0.0625) < 0.02
    assert main(["odds", "flip", "--hand", "H", "--tosses", "11"]) == 2
    assert capsys.readouterr().err == "cardodds: error: --tosses must be a whole number from 1 to 10, not 11\n"
    with pytest.raises(CardoddsError, match=r"^tosses must be a whole number from 1 to 10, not 0$"):
        odds.flip("H", 0)
    pytest.importorskip("starlette")
    from asgi_call import asgi_call

    status, body = asgi_call("GET", "/api/odds/flip?hand=H&p=0.25&tosses=2&games=4000&seed=5")
    events = [e for e in body.decode().split("\n\n") if e]
    assert status == 200 and [e.split("\n")[0] for e in events] == ["event: exact", "event: progress", "event: done"]
    assert json.loads(events[-1].split("data: ", 1)[1]) == printed
    question = json.loads(asgi_call("GET", "/api/cards/flip")[1])["question"]  # the form the page draws
    assert question == [
        {"name": "p", "kind": "number", "lo": 0.0, "hi": 1.0, "default": 0.5, "help": "0.0 to 1.0 (default 0.5)"},
        {"name": "tosses", "kind": "whole", "lo": 1, "hi": 10, "default": 1, "help": "1 to 10 (default 1)"}]
    status, body = asgi_call("GET", "/api/odds/flip?hand=H&tosses=0")
    assert status == 400 and json.loads(body) == {"error": "tosses must be a whole number from 1 to 10, not 0"}


def test_the_page_form_is_the_declaration_in_the_pages_order():
    """What the hand page draws its form from (``/api/cards/<game>``: ``question``): the declared fields in the order
    the question gives the page, a field's offered values as a list, a seat's bound, an empty value by size."""
    tan = {f["name"]: f for f in game("tan").question().form()}
    assert list(tan) == ["trump", "deck", "players", "seat", "strategy"]  # the order the page always showed
    assert game("tan").question().names()[:3] == ["trump", "players", "seat"]  # the command's and the API's order
    assert tan["trump"]["options"] == ["h", "d", "c", "s"] and tan["trump"]["kind"] == TEXT
    assert tan["seat"]["below"] == "players" and tan["deck"]["options"] == [52, 36]
    chan = {f["name"]: f for f in game("chan").question().form()}
    assert chan["seat"]["default"] is None and chan["seat"]["by_size"] == {"19": 1, "20": 0}
    assert chan["strategy"]["options"] == ["basic", "heuristic", "cuoc"] and "by_size" not in chan["strategy"]


@pytest.mark.parametrize("hand, extra", [(CHAN, ""), (CHAN, " 9V")])
def test_the_chan_seat_the_page_names_for_a_size_is_the_one_the_answer_plays(hand, extra):
    from cardodds.sim.chan.hand_odds import cli_seat

    by_size = game("chan").question().fields[0].by_size
    hand += extra
    assert by_size[len(hand.split())] == cli_seat(hand, None)


def test_the_tan_36_card_deck_of_the_page_is_the_rules_deck():
    from cardodds.sim.tan.cards import deck_ids, parse_cards

    variant = game("tan").hook("deck")()["variants"]["deck"]["36"]
    assert sorted(parse_cards(" ".join(variant["codes"]))) == deck_ids(36) and variant["sizes"] == [6]
