"""Games as specs (``cardodds.sim.games``): the built-in games' parts resolve, and a new game is one module plus one
``register_game`` line (the test-only ``demo`` game of ``tests/demo_game/``, registered in ``conftest.py``)."""

import dataclasses
import json

import numpy as np
import pytest

from cardodds.analysis import i18n
from cardodds.cli import main
from cardodds.analysis.report import rules_doc_sections
from cardodds.sim.errors import CardoddsError
from cardodds.sim.game_spec import HOOKS
from cardodds.sim.games import game, game_names, register_game
from cardodds.sim.registry import get_task, task_names
from cardodds.sim.streams import chunk_seed

COIN = "[experiment]\nname = 'coin'\ntask = 'demo.coin'\ngames = 4_000\nchunk_size = 2_000\nseed = 3\n[rules]\np = 0.3\n"


def test_the_built_in_games_come_first_then_the_registered_one():
    assert game_names() == ["chan", "sam", "tan", "demo"]
    assert [game(g).title for g in game_names()] == ["Chắn", "Sâm", "Tấn", "Coin"]


@pytest.mark.parametrize("name", ["chan", "sam", "tan"])
def test_every_part_a_built_in_game_names_resolves(name):
    spec = game(name)
    for hook in HOOKS:
        ref = getattr(spec, hook)
        assert (spec.hook(hook) is None) == (ref is None), hook
    assert spec.hook("rules")().players in range(spec.min_players, spec.max_players + 1)
    deck = spec.hook("deck")()
    assert sorted(deck["sizes"]) == sorted(spec.hand_sizes)
    assert sum(face["copies"] for face in deck["cards"]) == {"chan": 100, "sam": 52, "tan": 52}[name]
    for task in spec.tasks:
        assert get_task(task).name == task
    assert spec.replay_task in spec.tasks
    assert set(spec.hook("players")) >= {"random"}


def test_the_specs_hold_the_player_limits_of_the_rules():
    from cardodds.sim.tan.rules import MAX_PLAYERS, TanRules

    assert [(game(g).min_players, game(g).max_players) for g in ("chan", "sam", "tan")] == [(4, 4), (2, 5),
                                                                                           (2, MAX_PLAYERS)]
    with pytest.raises(CardoddsError):
        TanRules(players=MAX_PLAYERS + 1)


def test_a_spec_card_codec_reads_its_own_cards():
    assert game("sam").hook("parse_cards")("3s 4s 5h 6d 7c 8s 9s 10h Jd Kd") != []
    assert game("tan").hook("format_cards")(game("tan").hook("parse_cards")("As 10h")) == "10♥ A♠"
    with pytest.raises(CardoddsError, match="unknown card"):
        game("chan").hook("parse_cards")("9X")


def test_the_tasks_are_the_games_tasks():
    assert task_names() == ["chan.deal", "chan.play", "chan.strength", "demo.coin", "sam.deal", "sam.odds", "sam.play",
                            "sam.strength", "tan.play", "tan.strength"]
    with pytest.raises(CardoddsError, match="unknown task 'demo.dice'"):
        get_task("demo.dice")


def test_a_game_is_checked_when_it_is_declared():
    spec = game("demo")
    with pytest.raises(CardoddsError, match="task 'coin.flip' must be named 'demo.<what>'"):
        dataclasses.replace(spec, tasks={"coin.flip": spec.tasks["demo.coin"]})
    with pytest.raises(CardoddsError, match="game 'chan' is built in"):
        register_game(dataclasses.replace(game("chan")))
    with pytest.raises(KeyError, match="not a hook"):
        spec.hook("title")


def test_the_report_links_only_the_games_the_rules_document_describes():
    assert rules_doc_sections() == {"chan": "1. Chắn", "sam": "2. Sâm (Sâm lốc)", "tan": "3. Tấn"}


def test_a_games_words_reach_the_report_tables():
    with i18n.using("vi"):
        assert i18n.unit("per coin") == "mỗi lần tung"          # the demo game's own words
        assert i18n.unit("per win") == "mỗi ván ù"              # Chắn's
        assert i18n.unit("per game") == "mỗi ván"               # shared
        assert i18n.chart("Coins: how often heads") == "Đồng xu: bao lâu ra mặt ngửa"
        assert i18n.title("coin", "Coin") == "Đồng xu"


def test_the_demo_game_has_cards_players_odds_and_a_deck():
    from demo_game import play_task as coin_task

    spec = game("demo")
    assert spec.hook("format_cards")(spec.hook("parse_cards")("h T")) == "H T"
    with pytest.raises(CardoddsError, match="unknown face 'X'"):
        spec.hook("parse_cards")("X")
    players = spec.hook("players")
    assert len(players) == spec.min_players == spec.max_players == 2
    tosses = np.array([1, 0, 1, 1])
    assert players["heads"]().wins(tosses).tolist() == [True, False, True, True]
    assert players["tails"]().wins(tosses).tolist() == [False, True, False, False]
    assert spec.hook("hand_odds")("T", p=0.3) == {"face": "tails", "chance": pytest.approx(0.7)}
    with pytest.raises(CardoddsError, match="one face"):
        spec.hook("hand_odds")("H T")
    assert [c["code"] for c in spec.hook("deck")()["cards"]] == ["H", "T"]
    assert spec.hook("rules") is coin_task.CoinRules


@pytest.mark.parametrize("lang, label, unit", [("en", "the coin lands heads", "per coin"),
                                               ("vi", "đồng xu ra mặt ngửa", "mỗi lần tung")])
def test_the_demo_game_runs_and_reaches_the_report(capsys, tmp_path, lang, label, unit):
    from demo_game import play_task as coin_task

    config = tmp_path / "coin.toml"
    config.write_text(COIN, encoding="utf-8")
    out = tmp_path / "run"
    code = main(["run", str(config), "--jobs", "1", "--no-progress", "--out", str(out), "--lang", lang])
    assert code == 0, capsys.readouterr().err
    report = (out / "report.md").read_text(encoding="utf-8")
    assert label in report and unit in report
    heads = sum(int(coin_task.run_chunk(coin_task.CoinRules(p=0.3), chunk_seed(3, k), 2_000)["heads"])
                for k in range(2))
    shown = f"{heads / 4_000:.4g}"
    assert (shown if lang == "en" else shown.replace(".", ",")) in report  # a decimal comma in Vietnamese


def test_the_page_seats_the_counts_the_rules_accept():
    from cardodds.web.tables import player_counts

    for name in ("chan", "sam", "tan"):
        rules = game(name).hook("rules")
        accepted = []
        for n in range(1, 13):
            try:
                rules(players=n)
            except CardoddsError:
                continue
            accepted.append(n)
        assert player_counts(name) == accepted, name
    assert player_counts("demo") == [2]


def test_the_demo_game_has_an_odds_command(capsys):
    assert main(["odds", "demo", "--hand", "T", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"face": "tails", "chance": 0.5}
    assert main(["odds", "demo", "--hand", "H"]) == 0
    assert capsys.readouterr().out == "face: heads\nchance: 0.5\n"
    assert main(["odds", "demo", "--hand", "X"]) == 2
    assert capsys.readouterr().err == "cardodds: error: unknown face 'X' (a coin shows H or T)\n"
    assert main(["odds", "demo", "--hand", "H", "--seed", "3"]) == 2
    assert "odds demo does not take --seed" in capsys.readouterr().err


def test_the_demo_game_is_in_the_python_api():
    from cardodds import odds

    result = odds.demo("T", p=0.3)
    assert (result.game, result.details) == ("demo", {"face": "tails", "chance": pytest.approx(0.7)})
    assert result.table.empty and str(result) == "face: tails\nchance: 0.7"
    with pytest.raises(CardoddsError, match="cardodds.odds.demo: got an unexpected keyword argument 'q'"):
        odds.demo("T", q=1)
    with pytest.raises(AttributeError):
        odds.dice  # noqa: B018 - not a game


def test_the_commands_offer_only_the_games_whose_spec_has_the_part(capsys, monkeypatch):
    for argv, offered in ((["exact", "demo"], "'chan', 'sam'"), (["check", "demo", "x.json"], "'chan'")):
        assert main(argv) == 2
        assert f"invalid choice: 'demo' (choose from {offered})" in capsys.readouterr().err
    # replay offers a game with positions (--state-at, --advise) even without a move-by-move replay
    from cardodds.sim import games

    monkeypatch.setitem(games._ADDED, "demo", dataclasses.replace(game("demo"), replay_text=None))
    assert main(["replay", "demo", "--seed", "1"]) == 2
    assert capsys.readouterr().err == ("cardodds: error: Coin has no move-by-move replay; give --state-at K or "
                                       "--advise SEAT\n")


def _get(path: str) -> tuple[int, bytes]:
    """``GET path`` answered by the page's app, called directly (no server, no browser)."""
    pytest.importorskip("starlette")
    from asgi_call import asgi_call

    return asgi_call("GET", path)


def test_the_demo_game_has_a_page():
    status, body = _get("/api/cards/demo")
    assert status == 200
    answer = json.loads(body)
    assert [c["code"] for c in answer["cards"]] == ["H", "T"] and answer["sizes"] == [1]
    assert answer["question"] == [{"name": "p", "kind": "number", "lo": 0.0, "hi": 1.0, "default": 0.5,
                                   "help": "the chance of heads (default 0.5)"}]  # the page's form
    assert answer["games"] == {"chan": "Chắn", "sam": "Sâm", "tan": "Tấn", "demo": "Coin"}
    status, body = _get("/api/odds/demo?hand=H")
    events = body.decode().split("\n\n")
    assert status == 200 and events[0].startswith("event: exact\n") and events[1].startswith("event: done\n")
    assert json.loads(events[1].split("data: ", 1)[1]) == {"face": "heads", "chance": 0.5}
    status, body = _get("/api/odds/demo?hand=Q")  # refused before any event
    assert status == 400 and json.loads(body) == {"error": "unknown face 'Q' (a coin shows H or T)"}
    status, _ = _get("/api/cards/dice")
    assert status == 404


def test_a_package_gives_the_module_hooks_its_role_files(tmp_path, monkeypatch):
    """A spec naming its ``package`` need not name ``env_form``, ``game_state``, ``conformance`` or ``compiled``: each
    is the file of that role the package holds; a hook it names wins, and a role without a file stays None."""
    from cardodds.sim.game_spec import role_modules

    (tmp_path / "coinpkg").mkdir()
    for name in ("__init__.py", "game_state.py", "compiled.py"):
        (tmp_path / "coinpkg" / name).write_text("", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert role_modules("coinpkg") == {"game_state": "coinpkg.game_state", "compiled": "coinpkg.compiled"}
    spec = dataclasses.replace(game("demo"), package="coinpkg", game_state=None, env_form=None, compiled="other.engine")
    assert (spec.game_state, spec.compiled, spec.env_form, spec.conformance) == (
        "coinpkg.game_state", "other.engine", None, None)
    assert game("chan").conformance == "cardodds.sim.chan.conformance_parts" and role_modules(None) == {}


def test_a_package_cards_file_gives_the_card_text_hooks(tmp_path, monkeypatch):
    """``parse_cards`` and ``format_cards`` default to the package's ``cards.py`` functions of those names; a game
    that names neither and has no ``cards.py`` is refused in one line."""
    from cardodds.sim.game_spec import role_modules

    (tmp_path / "deckpkg").mkdir()
    for name in ("__init__.py", "cards.py"):
        (tmp_path / "deckpkg" / name).write_text("", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert role_modules("deckpkg") == {"parse_cards": "deckpkg.cards:parse_cards",
                                       "format_cards": "deckpkg.cards:format_cards"}
    assert (game("tan").parse_cards, game("sam").format_cards, game("sam").parse_cards) == (
        "cardodds.sim.tan.cards:parse_cards", "cardodds.sim.sam.cards:format_cards",
        "cardodds.sim.sam.cards:parse_hand")
    with pytest.raises(CardoddsError, match="^game nocards: name parse_cards and format_cards, or give its package"):
        dataclasses.replace(game("demo"), name="nocards", tasks={}, package=None, parse_cards=None)
