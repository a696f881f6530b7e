"""A user's player at a Sâm seat (issue 33): the run path, the reference engine and the replay see the same views,
the view is the position JSON, same information gives the same view, misbehaviour is one line, and the docs example
plays."""

from __future__ import annotations

import dataclasses
import importlib.util
from pathlib import Path

import numpy as np
import pytest

import cardodds
from cardodds.sim.errors import CardoddsError
from cardodds.sim.knobs import Choice, Range, declared
from cardodds.sim.sam import compiled
from cardodds.sim.sam.batch import play_batch
from cardodds.sim.sam.hand import QUAD
from cardodds.sim.sam.play_task import PlayParams, run_chunk, seating
from cardodds.sim.sam.position import legal_moves
from cardodds.sim.sam.position_cut import cut, walk
from cardodds.sim.sam.position_json import from_json, to_json
from cardodds.sim.sam.position_state import legal_ids, parse_move
from cardodds.sim.sam.reference import deal_games, play_game
from cardodds.sim.sam.rules import SamRules
from cardodds.sim.sam.strategies import Control, Greedy
from cardodds.sim.sam.user_seat import UserSeat, user_strategy
from cardodds.sim.user_player import UserPlayer, UserPlayerError

RULES = SamRules()
EXAMPLE = Path(__file__).parents[2] / "docs" / "examples" / "sam_keep_twos.py"


class First(UserPlayer):
    """The first legal move; records every (view, legal) it is asked and checks the view is the position JSON."""

    log: list = dataclasses.field(default_factory=list)

    def decide(self, view, legal, rng):
        p = from_json(view)
        assert to_json(p) == view and legal == legal_moves(p), (view, legal)
        self.log.append((view, legal))
        return legal[0]


class GreedyAgain(UserPlayer):
    """``greedy`` re-implemented from the view: lead the longest play, lowest first, keeping 2s and tứ quý
    (-500); answer with the lowest beat, a tứ quý last (-50); never pass while a beat is legal."""

    def decide(self, view, legal, rng):
        t = from_json(view).table
        lead = view["to_beat"] is None

        def score(text):
            m = parse_move(t, text)
            precious = bool(t.has_two[m]) or t.kind[m] == QUAD
            if lead:
                return t.length[m] * 20.0 - t.top[m] - (500.0 if precious else 0.0)
            return -t.top[m] - (50.0 if t.kind[m] == QUAD else 0.0)

        return max((m for m in legal if m != "pass"), key=score)


def seats(player, *others):
    return (user_strategy(player),) + (others or (Control(), Control(), Control()))


def test_run_path_plays_whole_games_at_one_seat_and_same_seed_same_counts():
    player = First()
    params = PlayParams(RULES, seats(player))
    counts = run_chunk(params, np.random.SeedSequence(5), 200)
    assert counts["games"] == 200 and counts["win"].sum() + counts["outcome"][4] == 200
    assert len(player.log) > 800  # every view checked by First.decide
    assert {v["seat"] for v, _ in player.log} == {0}
    again = run_chunk(PlayParams(RULES, seats(First())), np.random.SeedSequence(5), 200)
    assert all(np.array_equal(counts[k], again[k]) for k in counts)
    other = run_chunk(PlayParams(RULES, seats(First())), np.random.SeedSequence(6), 200)
    assert not np.array_equal(counts["cuoc_sum"], other["cuoc_sum"])


def test_series_and_five_seats():
    rules = SamRules(players=5, series_length=3)
    counts = run_chunk(PlayParams(rules, (Greedy(), user_strategy(First())) + (Control(),) * 3),
                       np.random.SeedSequence(2), 40)
    assert counts["games"] == 40 and counts["win"].shape == (5,)


def test_a_user_greedy_plays_the_games_greedy_plays():
    ss = np.random.SeedSequence(11)
    built_in = run_chunk(PlayParams(RULES, (Greedy(),) * 4), ss, 400)
    user = run_chunk(PlayParams(RULES, seats(GreedyAgain(), Greedy(), Greedy(), Greedy())), ss, 400)
    assert all(np.array_equal(built_in[k], user[k]) for k in built_in)
    assert built_in["plays_sum"] > 0


def test_reference_engine_plays_the_batch_engines_games():
    cards, leader = deal_games(np.random.default_rng(3), 60, RULES)
    strategies = list(seats(First()))
    b = play_batch(RULES, cards, leader, strategies)
    for k in range(60):
        res = play_game(cards[k], int(leader[k]), RULES, strategies)
        assert (res.winner, res.pay.tolist()) == (b.winner[k], b.pay[k].tolist())


@pytest.mark.parametrize("seed", range(12))
def test_the_views_are_the_replayed_positions(seed):
    player = First()
    asked = [(k, p) for k, (p, _) in enumerate(walk(seed, RULES, seats(player)), 1)
             if p.seat == 0 and len(legal_ids(p))]  # (a forced pass is made without asking)
    # walk plays the run's game on the batch engine, where the player is asked, then replays its moves
    assert [v for v, _ in player.log] == [to_json(p) for _, p in asked]
    if asked:
        assert to_json(cut(seed, RULES, seats(First()), asked[0][0])) == player.log[0][0]


def twin_views(cards, card, undealt):
    """The views seat 0 is given in the game dealt ``cards`` and in its twin where an opponent holds the undealt
    card ``undealt`` instead of ``card``."""
    twin = np.where(cards == card, undealt, cards).astype(cards.dtype)
    twin.sort(axis=-1)
    out = []
    for deal in (cards, twin):
        player = First()
        play_batch(RULES, deal[None], np.zeros(1, np.int64), list(seats(player)))
        out.append([v for v, _ in player.log])
    return out


def test_same_information_same_views():
    rng = np.random.default_rng(4)
    checked = 0
    for _ in range(40):
        cards, _ = deal_games(rng, 1, RULES)
        cards = cards[0]
        undealt = np.setdiff1d(np.arange(52), cards)
        views, twin = twin_views(cards, int(cards[2, rng.integers(10)]), int(rng.choice(undealt)))
        if not views or not twin:  # a tới trắng: no decision
            continue
        checked += 1
        assert views[0] == twin[0]
        k = next((i for i, (a, b) in enumerate(zip(views, twin)) if a != b), None)
        if k is not None:  # the first difference is in what the seat sees played, not in its own hand
            assert views[k]["hand"] == twin[k]["hand"] and views[k]["played"] != twin[k]["played"]
    assert checked >= 30


class Wrong(UserPlayer):
    answer: str = "7 7 7 7 7"

    def decide(self, view, legal, rng):
        if self.answer == "raise":
            raise ValueError("no idea")
        return self.answer


class BadDeclare(First):
    def declare(self, view, rng):
        return "yes"


@pytest.mark.parametrize("player, text", [
    (Wrong(), "returned '7 7 7 7 7', not one of the legal moves"),
    (Wrong("raise"), "raised ValueError: no idea"),
    (BadDeclare(), "declare decision: returned 'yes', not one of the legal moves (True, False)"),
])
def test_misbehaviour_is_one_line_naming_the_seat_and_decision(player, text):
    with pytest.raises(UserPlayerError) as e:
        run_chunk(PlayParams(SamRules(players=3), (Control(), user_strategy(player), Control())),
                  np.random.SeedSequence(1), 50)
    msg = str(e.value)
    assert "\n" not in msg and "player" in msg and "at seat 1" in msg and text in msg
    assert ("declare decision" in msg) or ("lead decision" in msg) or ("beat decision" in msg)
    p = from_json(e.value.position)
    assert p.seat == 1 and e.value.game == "sam"


class DeclareStrong(First):
    def declare(self, view, rng):
        return view["hand"].count("2") >= 2 and rng.random() < 0.5


def test_declare_is_asked_and_played_the_same_on_both_engines():
    assert user_strategy(First()).declare == "never" and user_strategy(DeclareStrong()).declare == "user"
    cards, leader = deal_games(np.random.default_rng(8), 400, RULES)
    strategies = list(seats(DeclareStrong()))
    b = play_batch(RULES, cards, leader, strategies)
    assert (b.declarer == 0).sum() > 5 and not (b.declarer > 0).any()
    for k in np.flatnonzero(b.declarer == 0)[:10]:
        res = play_game(cards[k], int(leader[k]), RULES, strategies)
        assert (res.declarer, res.winner, res.pay.tolist()) == (0, b.winner[k], b.pay[k].tolist())


def test_the_compiled_engine_never_plays_it(monkeypatch):
    monkeypatch.setenv("CARDODDS_COMPILED", "1")
    strategies = list(seats(First()))
    assert not compiled.supports(strategies) and not compiled.chosen(RULES, strategies)
    with pytest.raises(CardoddsError, match=r"compiled Sâm engine does not play .* \(seat 0\)"):
        compiled.play_batch(RULES, *deal_games(np.random.default_rng(0), 2, RULES), strategies)


def test_report_names_the_players_source():
    player = First()
    labels = seating(PlayParams(RULES, seats(player)))
    assert labels[0] == "First, never declares Sâm" and labels[1].startswith("control")
    assert isinstance(user_strategy(player), UserSeat) and user_strategy(player).user_seat
    with pytest.raises(CardoddsError, match="UserPlayer"):
        user_strategy(Control())


def load_example(monkeypatch):
    for name, value in (("UserPlayer", UserPlayer), ("Range", Range)):  # until cardodds exports them
        monkeypatch.setattr(cardodds, name, getattr(cardodds, name, value), raising=False)
    spec = importlib.util.spec_from_file_location("sam_keep_twos", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.KeepTwos


def test_docs_example_plays_and_declares_its_knob(monkeypatch):
    assert len(EXAMPLE.read_text().splitlines()) <= 30
    KeepTwos = load_example(monkeypatch)
    assert isinstance(declared(KeepTwos)["until"], (Range, Choice))
    with pytest.raises(CardoddsError, match="until"):
        KeepTwos(until=99)
    ss = np.random.SeedSequence(3)
    counts = [run_chunk(PlayParams(RULES, seats(KeepTwos(until=u))), ss, 200) for u in (0, 10)]
    assert all(c["games"] == 200 for c in counts)
    assert not np.array_equal(counts[0]["cuoc_sum"], counts[1]["cuoc_sum"])  # the knob changes the play


class Logs(UserPlayer):
    """The first legal move, every (view, legal) logged."""

    log: list = dataclasses.field(default_factory=list)

    def decide(self, view, legal, rng):
        self.log.append((view, legal))
        return legal[0]


def test_advise_play_out_seats_a_user_player(monkeypatch):
    from cardodds.sim.sam import position as position_module
    from cardodds.sim.sam.cards import parse_cards

    p = next(q for q in (cut(3, RULES, Control(), k) for k in range(5, 15)) if len(legal_ids(q)))
    player = Logs()
    monkeypatch.setattr(position_module, "make_strategy", lambda players, where="": user_strategy(player))
    out = position_module.play_out(p, None, "my player", 60, seed=1)
    assert out.values["win"].shape == (1, 60) and out.players == "Logs"
    assert player.log[0] == (to_json(p), legal_moves(p))
    for view, legal in player.log:
        cards = parse_cards(view["hand"]) + [c for s in view["played"] for c in parse_cards(s)]
        assert len(set(cards)) == len(cards) == len(view["hand"].split()) + sum(10 - n for n in view["counts"])
        assert legal == legal_moves(from_json(view))  # every seat's view a possible position (no tới trắng dealt)


def test_replay_and_strength_seat_it():
    from cardodds.sim.sam import strength_task
    from cardodds.sim.sam.reference import replay_text

    text = replay_text(7, RULES, seats(First()))
    assert "outcome:" in text and "seat 0 " in text
    ss = np.random.SeedSequence(4)
    deals = strength_task.deal(RULES, ss, 30)
    winner, pay = strength_task.play(RULES, deals, list(seats(First())), ss)
    assert winner.shape == (30,) and np.all(pay.sum(1) == 0)
