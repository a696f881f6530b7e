"""A Tấn player a user wrote, seated by ``user_seat.user_strategy``: whole games on the run path (the batch engine)
and the reference engine, the view it gets (the position JSON), its misbehaviour, and the docs example."""

import json
import pickle
from pathlib import Path

import numpy as np
import pytest

from cardodds.sim.knobs import Choice, Range, declared
from cardodds.sim.streams import PLAY, chunk_seed, stream
from cardodds.sim.tan import compiled, position_play
from cardodds.sim.tan.batch import play_batch
from cardodds.sim.tan.cards import SUITS, parse_card, rank_of, suit_of
from cardodds.sim.tan.deal import deal_chunk
from cardodds.sim.tan.play_task import TASK, TanParams, measures, run_chunk, seating
from cardodds.sim.tan.position_json import from_json, to_json
from cardodds.sim.tan.position_state import legal_moves
from cardodds.sim.tan.reference import TanGame
from cardodds.sim.tan.rules import TanRules
from cardodds.sim.tan.strategies import Basic
from cardodds.sim.tan.user_seat import UserSeat, user_strategy
from cardodds.sim.user_player import UserPlayer, UserPlayerError

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "tan_take_early.py"
RULES = {
    "4p52": {},
    "2p36": {"players": 2, "deck": 36, "hand_size": 6},
    "3p36 throw-in": {"players": 3, "deck": 36, "hand_size": 6, "throw_in_after_take": True},
    "5p52 refill": {"players": 5, "defender_runs_out": "others_may_continue", "trump_exchange": "two_only"},
}


class First(UserPlayer):
    """Always the first legal move."""

    def decide(self, view, legal, rng):
        return legal[0]


def recorder(seen: list):
    """A player that plays ``legal[0]`` and appends ``(view, legal)`` to ``seen``."""

    class Recorder(UserPlayer):
        def decide(self, view, legal, rng):
            seen.append((view, legal))
            return legal[0]

    return Recorder()


class BasicAgain(UserPlayer):
    """The built-in ``basic`` (``throw_max = "J"``) written from the view: lowest card, non-trumps first; add only
    non-trumps up to J; always cover."""

    def decide(self, view, legal, rng):
        trump = SUITS.index(view["trump"])
        cards = [parse_card(m) for m in legal if m not in ("pass", "take")]
        plain = [c for c in cards if suit_of(c) != trump]
        if view["decision"] == "add":
            cards = [c for c in plain if rank_of(c) <= rank_of(parse_card("Js"))]
            return legal[-1] if not cards else next(m for m in legal if m != "pass" and parse_card(m) == min(cards))
        pick = min(plain or cards)
        return next(m for m in legal if m not in ("pass", "take") and parse_card(m) == pick)


def _rules(name):
    return TanRules.from_table(RULES[name], "test")


def _reference_games(rules, orders, first, seats, seq):
    rng = stream(seq, PLAY)
    return [TanGame(rules, orders[g], int(first[g]), seats, rng=rng, check=True).play() for g in range(len(orders))]


@pytest.mark.parametrize("name", list(RULES))
def test_legal_first_plays_whole_games_on_the_run_path(name):
    rules = _rules(name)
    seats = (user_strategy(First()),) + (Basic(),) * (rules.players - 1)
    assert not compiled.chosen(rules, seats)  # the compiled engine never seats a user's player
    assert pickle.loads(pickle.dumps(seats)) == seats  # it reaches pool workers
    params = TanParams(rules, seats)
    counts = run_chunk(params, chunk_seed(3, 0), 40)
    assert counts["games"] == 40 and counts["lose_abs"].sum() + counts["draw"] + counts["truncated"] == 40
    again = run_chunk(params, chunk_seed(3, 0), 40)
    assert all(np.array_equal(counts[k], again[k]) for k in counts)  # same seed, same counts
    # the engine's own checks (every move legal, every card conserved) on the same deals: the same losers
    seq = chunk_seed(3, 0)
    orders, first = deal_chunk(rules, seq, 40)
    res = play_batch(rules, orders, first, seats, rng=stream(seq, PLAY), check=True)
    assert np.array_equal(np.bincount(res.loser[res.loser >= 0], minlength=rules.players), counts["lose_abs"])
    assert seating(params)[0] == "First" and seating(params)[1] == "basic"
    metrics = {m.metric for m in measures(counts, params)}
    assert "lose.strategy.First@0" in metrics and TASK.label_of("lose.strategy.First@0")


@pytest.mark.parametrize("name", ["4p52", "2p36"])
def test_a_user_copy_of_basic_plays_the_games_basic_plays(name):
    rules = _rules(name)
    seq = chunk_seed(5, 0)
    orders, first = deal_chunk(rules, seq, 60)
    built_in = play_batch(rules, orders, first, (Basic(),) * rules.players, check=True)
    mine = play_batch(rules, orders, first, (user_strategy(BasicAgain()),) + (Basic(),) * (rules.players - 1),
                      rng=stream(seq, PLAY), check=True)
    for field in ("loser", "draw", "bouts", "pickups", "first_attacker"):
        assert np.array_equal(getattr(built_in, field), getattr(mine, field)), field
    ref = _reference_games(rules, orders[:10], first[:10], (user_strategy(BasicAgain()),) * rules.players, seq)
    assert [(-1 if o.loser is None else o.loser, o.bouts) for o in ref] == \
        [(int(built_in.loser[g]), int(built_in.bouts[g])) for g in range(10)]


@pytest.mark.parametrize("name", list(RULES))
def test_the_view_is_the_position_json_and_both_engines_show_the_same(name):
    rules = _rules(name)
    seq = chunk_seed(11, 0)
    orders, first = deal_chunk(rules, seq, 25)
    batch_seen, ref_seen = [], []
    others = (Basic(),) * (rules.players - 1)
    play_batch(rules, orders, first, (user_strategy(recorder(batch_seen)),) + others, rng=stream(seq, PLAY),
               check=True)
    _reference_games(rules, orders, first, (user_strategy(recorder(ref_seen)),) + others, seq)
    assert len(batch_seen) > 100
    for view, legal in batch_seen:
        assert to_json(from_json(view)) == view and legal == legal_moves(from_json(view))
    # the batch engine interleaves the games: the same views, in another order
    key = lambda pair: json.dumps(pair, sort_keys=True)
    assert sorted(map(key, batch_seen)) == sorted(map(key, ref_seen))
    assert {v["decision"] for v, _ in batch_seen} == {"attack", "add", "defend"}
    assert any(len(v["table"]) > 1 and v["table"][0][1] is not None for v, _ in batch_seen)


def _views_of_seat0(rules, order, first_attacker):
    seen = []
    TanGame(rules, order, first_attacker, (user_strategy(recorder(seen)),) + (Basic(),) * (rules.players - 1),
            check=True).play()
    return [v for v, _ in seen]


def test_twin_deals_differing_in_hidden_cards_give_the_same_views():
    rules = _rules("4p52")
    P, H = rules.players, rules.hand_size
    order = [int(c) for c in deal_chunk(rules, chunk_seed(17, 0), 1)[0][0]]
    trump = suit_of(order[P * H])
    # a card of seat 2's hand swapped with one deep in the stock, both non-trumps (the exchange does not see them)
    a = next(i for i in range(2 * H, 3 * H) if suit_of(order[i]) != trump)
    b = next(i for i in range(len(order) - 2, P * H, -1) if suit_of(order[i]) != trump)
    twin = list(order)
    twin[a], twin[b] = twin[b], twin[a]
    first, second = _views_of_seat0(rules, order, 0), _views_of_seat0(rules, twin, 0)
    assert first[0] == second[0] and first[0]["decision"] == "attack"
    # deeper: two stock cards swapped, equal views until one of them is drawn
    depth = len(order) - 1 - b  # cards below b in the stock (the bottom card included)
    c = next(i for i in range(b - 1, P * H, -1) if suit_of(order[i]) != trump)
    twin = list(order)
    twin[b], twin[c] = twin[c], twin[b]
    second = _views_of_seat0(rules, twin, 0)
    early = [k for k, v in enumerate(first) if v["stock"] > depth + (b - c)]
    assert early and all(first[k] == second[k] for k in early)


@pytest.mark.parametrize("engine", ["batch", "reference"])
@pytest.mark.parametrize("bad,said", [("illegal", "returned '2x', not one of the legal moves"),
                                      ("raises", "raised ZeroDivisionError: division by zero")])
def test_a_misbehaving_player_is_one_line_naming_seat_and_decision(engine, bad, said):
    class Bad(UserPlayer):
        def decide(self, view, legal, rng):
            if view["decision"] == "defend":
                return "2x" if bad == "illegal" else 1 / 0
            return legal[0]

    rules = _rules("4p52")
    orders, first = deal_chunk(rules, chunk_seed(1, 0), 10)
    seats = (Basic(), user_strategy(Bad())) + (Basic(),) * 2
    with pytest.raises(UserPlayerError) as e:
        if engine == "batch":
            play_batch(rules, orders, first, seats, check=True)
        else:
            _reference_games(rules, orders, first, seats, chunk_seed(1, 0))
    text = str(e.value)
    assert "\n" not in text and said in text
    assert text.startswith("tan: player Bad at seat 1, defend decision:")
    position = from_json(e.value.position)
    assert position.seat == 1 and position.decision == "defend" and e.value.game == "tan"


class Swapper(UserPlayer):
    """Keeps the trump card turned, declines xả, swaps first as the loser: the decisions outside the protocol."""

    def decide(self, view, legal, rng):
        return legal[0]

    def exchange(self, view, legal, rng):
        assert legal[-1] == "keep" and view["turned"] and view["hand"]
        return "keep"

    def declares_xa(self, view, rng):
        return False

    def loser_swaps_first(self, view, rng):
        return True


def test_exchange_and_series_decisions_default_and_ask_the_player():
    rules = TanRules.from_table({"players": 3, "deck": 36, "hand_size": 6, "series_length": 4}, "test")
    seq = chunk_seed(2, 0)
    params = TanParams(rules, (user_strategy(First()),) * 3)
    assert run_chunk(params, seq, 12)["games"] == 12
    single = TanRules.from_table({"players": 3, "deck": 36, "hand_size": 6}, "test")
    orders, first = deal_chunk(single, seq, 80)
    logs = {}
    for name, player in (("default", First()), ("keep", Swapper())):
        games = [TanGame(single, orders[g], int(first[g]), (user_strategy(player),) * 3, check=True)
                 for g in range(80)]
        for game in games:
            game.play()
        logs[name] = sum(1 for game in games for ev in game.log if ev[0] == "exchange")
    assert logs["default"] > 5 and logs["keep"] == 0
    assert run_chunk(TanParams(rules, (user_strategy(Swapper()),) * 3), seq, 12)["series_xa"] == 0


def test_the_series_decisions_are_asked_with_their_views():
    asked = []

    class Series(First):
        def declares_xa(self, view, rng):
            asked.append(("declares_xa", view))
            return False

        def loser_swaps_first(self, view, rng):
            asked.append(("loser_swaps_first", view))
            return True

        def winner_swaps_two(self, view, rng):
            asked.append(("winner_swaps_two", view))
            return False

    rules = TanRules.from_table({"players": 3, "hand_size": 6, "series_length": 40, "trump_exchange": "two_only"},
                                "test")
    counts = run_chunk(TanParams(rules, (user_strategy(Series()),) * 3), chunk_seed(6, 0), 40)
    assert {name for name, _ in asked} == {"declares_xa", "loser_swaps_first", "winner_swaps_two"}
    assert counts["series_xa"] == 0
    for name, view in asked:
        assert {"rules", "seat", "hand", "trump", "turned"} <= set(view) and view["rules"]["series_length"] == 40
        assert ("role" in view) == (name == "declares_xa") and ("winner" in view) == (name == "loser_swaps_first")


def test_a_bad_exchange_answer_is_one_line():
    class BadSwap(First):
        def exchange(self, view, legal, rng):
            return "swap"

    rules = TanRules.from_table({"players": 3, "deck": 36, "hand_size": 6}, "test")
    orders, first = deal_chunk(rules, chunk_seed(2, 0), 40)
    with pytest.raises(UserPlayerError, match=r"at seat \d, exchange decision: returned 'swap', not one of the legal "
                                              r"moves \(.*keep\)") as caught:
        play_batch(rules, orders, first, (user_strategy(BadSwap()),) * 3)
    assert not caught.value.replayable and "trump" in caught.value.position  # the exchange's view, not a position


def test_a_run_stopped_outside_the_position_protocol_says_advise_cannot_replay_it(tmp_path, capsys):
    """The view of a failed trump exchange is saved, and the run's one line does not offer ``advise`` for it."""
    from cardodds.cli import main

    (tmp_path / "bad.py").write_text("from cardodds import UserPlayer\n\nclass BadSwap(UserPlayer):\n"
                                     "    def decide(self, view, legal, rng):\n        return legal[0]\n\n"
                                     "    def exchange(self, view, legal, rng):\n        return 'swap'\n")
    (tmp_path / "c.toml").write_text('[experiment]\nname = "x"\ntask = "tan.play"\ngames = 200\nchunk_size = 100\n'
                                     '[rules]\nplayers = 3\ndeck = 36\nhand_size = 6\n'
                                     '[strategies]\nseats = [{python = "bad.py:BadSwap"}, "basic", "basic"]\n')
    out = tmp_path / "run"
    assert main(["run", str(tmp_path / "c.toml"), "--out", str(out), "--jobs", "1", "--no-progress"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "exchange decision: returned 'swap'" in err
    assert err.endswith(f"the decision's view is saved in {out / 'failed_decision.json'} (not a position: "
                        "`cardodds advise` cannot replay it)")
    assert "trump" in json.loads((out / "failed_decision.json").read_text())


def test_a_play_out_seats_the_user_player(monkeypatch):
    rules = _rules("4p52")
    seen = []
    players = (user_strategy(recorder(seen)),) * 4
    # the registry learns to seat user players with issue 33's core: here the seats are given as they are
    monkeypatch.setattr(position_play, "seat_strategies", lambda spec, n, where: spec)
    position = next(p for p, _ in _cut_positions(rules) if p.decision == "defend" and len(p.table) > 1)
    out = position_play.play_out(position, legal_moves(position), players, 8, seed=3)
    assert out.values["lose"].shape == (len(legal_moves(position)), 8) and seen
    for view, legal in seen:
        assert legal == legal_moves(from_json(view))
    assert to_json(position) not in [view for view, _ in seen]  # the move given is not asked of the player
    seen.clear()
    position_play.play_out(position, None, players, 4, seed=3)  # "as the players play": the player decides
    assert seen[0][0] == to_json(position)


def _cut_positions(rules):
    from cardodds.sim.tan.position_cut import watched_game
    orders, first = deal_chunk(rules, chunk_seed(4, 0), 3)
    log = []
    for g in range(3):
        log += watched_game(rules, orders[g], int(first[g]), (Basic(),) * rules.players)[0]
    return log


def _example():
    from cardodds.sim.user_loader import load_class

    return load_class(f"{EXAMPLE}:TakeEarly", "the docs example")


def test_the_docs_example_plays_and_declares_its_knob():
    TakeEarly = _example()
    assert len(EXAMPLE.read_text(encoding="utf-8").splitlines()) <= 30
    assert declared(TakeEarly) == {"take_above": Range(0, 40)}
    assert isinstance(TakeEarly.knobs["take_above"], (Range, Choice))
    rules = _rules("2p36")
    seq = chunk_seed(9, 0)
    orders, first = deal_chunk(rules, seq, 200)
    played = {}
    for take_above in (0, 40):
        res = play_batch(rules, orders, first, (user_strategy(TakeEarly(take_above=take_above)), Basic()),
                         rng=stream(seq, PLAY), check=True)
        played[take_above] = (res.loser, res.pickups)
    assert not np.array_equal(played[0][1], played[40][1])  # the knob changes the play
    assert UserSeat(TakeEarly()) == user_strategy(TakeEarly()) and user_strategy(TakeEarly()).user_seat


class Dice(UserPlayer):
    """A legal move drawn from the decision's generator."""

    def decide(self, view, legal, rng):
        return legal[int(rng.integers(len(legal)))]


@pytest.mark.parametrize("name", ["4p52", "3p36 throw-in"])
def test_a_player_drawing_from_its_rng_plays_the_runs_game_alone_as_the_replay_does(name):
    rules = _rules(name)
    seats = (user_strategy(Dice()),) * 2 + (Basic(),) * (rules.players - 2)
    seq = chunk_seed(21, 0)
    orders, first = deal_chunk(rules, seq, 30)
    run = play_batch(rules, orders, first, seats, rng=stream(seq, PLAY), check=True)
    # the replay: game 0 alone on the reference engine, seeded by the chunk's PLAY stream
    alone = TanGame(rules, orders[0], int(first[0]), seats, rng=stream(seq, PLAY), check=True).play()
    assert (alone.loser, alone.bouts, alone.pickups) == \
        (int(run.loser[0]) if run.loser[0] >= 0 else None, int(run.bouts[0]), int(run.pickups[0]))
    again = play_batch(rules, orders, first, seats, rng=stream(seq, PLAY), check=True)
    assert np.array_equal(run.loser, again.loser) and np.array_equal(run.bouts, again.bouts)
    other = play_batch(rules, orders, first, seats, rng=stream(chunk_seed(22, 0), PLAY), check=True)
    assert not np.array_equal(run.bouts, other.bouts)  # the draws follow the games' seeds
