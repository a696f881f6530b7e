"""A Chắn seat played by a user's player (``cardodds.sim.chan.user_seat``): the run path, series, replays, the view
it is given, the moves it may make, what a misbehaving player gives, and the docs example."""

import dataclasses
import pickle
from pathlib import Path

import numpy as np
import pytest

from cardodds.sim.chan import compiled, strength_task
from cardodds.sim.chan.deal import deal_orders, seat_slices
from cardodds.sim.chan.play_task import PlayParams, batch_ok, ladder_seat, run_chunk, seating
from cardodds.sim.chan.position import check_players, decisions, from_json, legal_moves, play_out, to_json
from cardodds.sim.chan.position_cut import position_of
from cardodds.sim.chan.position_play import _play_reference, players_label
from cardodds.sim.chan.position_state import find_move, move_text, view_decision
from cardodds.sim.chan.reference import ChanGame
from cardodds.sim.chan.rules import ChanRules
from cardodds.sim.chan.strategies import Basic, Heuristic, RandomLegal, Tuned
from cardodds.sim.chan.user_rows import batch_seats_user
from cardodds.sim.chan.user_seat import UserSeat, user_strategy
from cardodds.sim.errors import CardoddsError
from cardodds.sim.knobs import Range
from cardodds.sim.streams import DEAL, PLAY, chunk_seed, stream
from cardodds.sim.user_player import UserPlayer, UserPlayerError

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "chan_keep_chans.py"


class First(UserPlayer):
    """Always the first legal move."""

    def decide(self, view, legal, rng):
        return legal[0]


class Uniform(UserPlayer):
    """The built-in ``random`` player's rule, written as a user would: uniform among the legal moves."""

    def decide(self, view, legal, rng):
        return legal[int(rng.integers(len(legal)))]


class AsBasic(UserPlayer):
    """The built-in ``basic`` rule, written as a user would: what ``basic`` plays in the view's game."""

    def decide(self, view, legal, rng):
        game, dec = view_decision(from_json(view))
        return move_text(Basic().choose(game, dec, None))


class Noted(UserPlayer):
    """Plays as ``inner`` and notes every (view, legal, move) it is asked (the list is shared, not compared)."""

    inner: UserPlayer = First()
    seen: list = dataclasses.field(default_factory=list, compare=False)

    def decide(self, view, legal, rng):
        move = self.inner.decide(view, legal, rng)
        self.seen.append((view, legal, move))
        return move


class Raises(UserPlayer):
    def decide(self, view, legal, rng):
        raise ValueError("no idea")


class Nonsense(UserPlayer):
    def decide(self, view, legal, rng):
        return "ù ngay"


def _chunk(seats, n=30, seed=5, rules=None):
    return run_chunk(PlayParams(rules or ChanRules(), tuple(seats)), np.random.SeedSequence(seed), n)


def _same_counts(a, b):
    return a.keys() == b.keys() and all(np.array_equal(a[k], b[k]) for k in a)


def test_a_user_seat_plays_whole_games_on_the_run_path_and_the_seed_fixes_the_counts():
    seats = (UserSeat(First()), Basic(), Basic(), Basic())
    params = PlayParams(ChanRules(), seats)
    assert not batch_ok(params) and not compiled.chosen(params.rules, seats)  # no built-in engine plays it alone
    assert batch_seats_user(seats, params.rules)  # the batch engine, asking the user row by row
    counts = _chunk(seats)
    assert int(counts["games"]) == 30 and int(counts["win"].sum() + counts["draw"]) == 30
    assert _same_counts(counts, _chunk(seats))
    assert not _same_counts(counts, _chunk(seats, seed=6))
    assert not _same_counts(counts, _chunk((Basic(),) * 4))  # the seat's play is the user's
    assert seating(params) == ["First", "basic", "basic", "basic"]
    keep = dataclasses.replace(params, strategies=(UserSeat(_example()(max_ca=4)),) + seats[1:])
    assert seating(keep)[0] == "chan_keep_chans.py:KeepChans (max_ca=4)" and ladder_seat([params, keep]) == 0


def test_every_move_is_legal_and_the_cards_are_all_there_at_every_decision():
    noted = Noted()
    seats = (user_strategy(noted), Tuned(), Basic(), Tuned())
    rng = stream(chunk_seed(3, 0), PLAY)
    for order in deal_orders(stream(chunk_seed(3, 0), DEAL), 12):
        game = ChanGame.from_order(ChanRules(), order)
        while (dec := game.decision()) is not None:
            held = sum(sum(p.hand) + sum(p.mat) for p in game.seats) + sum(game.table) + game.noc_left
            assert held == 100
            asked = len(noted.seen)
            move = dec.moves[0] if len(dec.moves) == 1 else seats[dec.seat].choose(game, dec, rng)
            assert move in dec.moves
            if dec.seat == 0 and len(dec.moves) > 1:
                _, legal, said = noted.seen[-1]
                assert len(noted.seen) == asked + 1 and said == legal[0] and move == dec.moves[0]
            else:
                assert len(noted.seen) == asked  # a forced move, or another seat's: the user is not asked
            game.apply(move)
    assert len(noted.seen) > 50


def test_the_builtin_basic_rule_written_by_a_user_plays_the_same_games():
    builtin = _chunk((Basic(), Heuristic(), Basic(), Tuned()), n=40)
    user = _chunk((UserSeat(AsBasic()), Heuristic(), UserSeat(AsBasic()), Tuned()), n=40)
    assert _same_counts(builtin, user)


def test_the_view_is_the_position_json_and_the_legal_moves_are_the_positions():
    noted = Noted(inner=Uniform())
    _chunk((UserSeat(noted),) * 4, n=25, seed=13)
    kinds = set()
    for view, legal, move in noted.seen:
        position = from_json(view)
        assert to_json(position) == view and legal_moves(position) == legal
        kinds.add(view["decision"])
    assert kinds == {"discard", "act", "chiu", "tra_cua"}
    # a seat that chíu-ed out of turn and put a card back has not had its first turn yet (Địa ù is still open)
    assert any(not s["acted"] and s["discards"] for view, _, _ in noted.seen for s in view["seats"])


def _views_of_seat0(order, inner):
    """The views seat 0 (``inner``, a user's player) is given in the game dealt ``order``, each with the moves before
    it (all public in Chắn: a drawn card is turned face up)."""
    noted = Noted(inner=inner)
    game = ChanGame.from_order(ChanRules(), order)
    out = []
    seats = (UserSeat(noted), Basic(), Tuned(), Basic())
    while (dec := game.decision()) is not None:
        move = dec.moves[0] if len(dec.moves) == 1 else seats[dec.seat].choose(game, dec, None)
        if dec.seat == 0 and len(dec.moves) > 1:
            out.append((noted.seen[-1][0], tuple(game.moves)))
        game.apply(move)
    return out


def _compared(order, twin, inner) -> int:
    """How many views seat 0 is given while the two games' moves so far are the same (they must be equal)."""
    same = 0
    for (view, before), (view2, before2) in zip(_views_of_seat0(order, inner), _views_of_seat0(twin, inner)):
        if before != before2:
            break  # from here what the seat has seen differs
        assert view == view2
        same += 1
    return same


@pytest.mark.parametrize("inner", [First(), "example"])
def test_twin_deals_differing_only_in_hidden_cards_give_the_same_views_while_the_seat_knows_the_same(inner):
    inner = _example()() if inner == "example" else inner
    compared = []
    for seed in range(21, 31):
        order = deal_orders(stream(chunk_seed(seed, 0), DEAL), 1)[0]
        kinds = order // 4
        one, three = (np.arange(100)[sl] for sl in seat_slices(0)[1::2])
        for i in one[:3]:  # a card of seat 1's and one of another kind of seat 3's swapped
            j = next(k for k in three if kinds[k] != kinds[i])
            twin = order.copy()
            twin[[i, j]] = order[[j, i]]
            compared.append(_compared(order, twin, inner))
        bottom = order.copy()  # the nọc's last two cards swapped: unseen unless the nọc runs out
        bottom[[-1, -2]] = order[[-2, -1]]
        compared.append(_compared(order, bottom, inner))
    assert min(compared) >= 1 and sum(compared) >= 2 * len(compared)


def test_a_player_that_raises_or_answers_nonsense_stops_the_game_with_one_line_and_the_position():
    for player, said in ((Raises(), "raised ValueError: no idea"), (Nonsense(), "returned 'ù ngay', not one of")):
        with pytest.raises(UserPlayerError) as caught:
            _chunk((Basic(), UserSeat(player), Basic(), Basic()), n=3)
        text = str(caught.value)
        assert "\n" not in text and "chan: player" in text and "at seat 1" in text and said in text
        position = from_json(caught.value.position)
        assert position.seat == 1 and f"{position.decision} decision" in text and caught.value.game == "chan"
        assert isinstance(caught.value, CardoddsError)


def test_series_play_seats_the_user_on_the_reference_engine_and_its_views_are_single_games():
    rules = ChanRules(series_length=3)
    noted = Noted(inner=Uniform())
    seats = (Basic(), UserSeat(noted), Basic(), Basic())
    assert not batch_ok(PlayParams(rules, seats))
    counts = _chunk(seats, n=9, rules=rules)
    assert int(counts["games"]) == 9 and int(counts["series"]) == 3
    assert _same_counts(counts, _chunk((Basic(), UserSeat(Noted(inner=Uniform())), Basic(), Basic()), n=9,
                                       rules=rules))
    cais = set()
    for view, legal, move in noted.seen:
        position = from_json(view)
        assert "series_length" not in view["rules"] and legal_moves(position) == legal
        cais.add(position.rules.cai_seat)
    assert len(cais) > 1  # the cái moved to the winners, and the views say so


def test_replays_and_positions_cut_from_a_game_with_a_user_seat_are_its_games():
    seats = (UserSeat(First()), Basic(), Basic(), Basic())
    made = decisions(4, None, seats, seat=0)
    assert made and all(move == legal_moves(position)[0] for _, position, move in made)


def test_the_strength_table_plays_a_user_seat_game_by_game():
    rules, seq = ChanRules(), chunk_seed(2, 0)
    orders = strength_task.deal(rules, seq, 6)
    seats = (UserSeat(AsBasic()), Tuned(), Basic(), Basic())
    winner, net = strength_task.play(rules, orders, seats, seq)
    builtin = strength_task.play(rules, orders, (Basic(), Tuned(), Basic(), Basic()), seq)
    assert np.array_equal(winner, builtin[0]) and np.array_equal(net, builtin[1])


def test_without_a_stream_the_choice_is_seeded_from_the_view_and_the_seat_pickles():
    seat = UserSeat(Uniform())
    game = ChanGame.from_order(ChanRules(), deal_orders(stream(chunk_seed(8, 0), DEAL), 1)[0])
    dec = game.decision()
    assert len({seat.choose(game, dec, None) for _ in range(3)}) == 1
    assert pickle.loads(pickle.dumps(seat)) == seat and seat.name == "Uniform" and seat.user_seat
    assert user_strategy(seat) is seat and user_strategy(First()).player == First()


def _example():
    from cardodds.sim.user_loader import load_class

    return load_class(f"{EXAMPLE}:KeepChans", "the docs example")


def test_the_docs_example_plays_never_breaks_a_chan_it_can_keep_and_declares_its_knob():
    assert len(EXAMPLE.read_text(encoding="utf-8").splitlines()) <= 30
    keep = _example()
    assert isinstance(keep.knobs["max_ca"], Range) and keep().max_ca == 2
    with pytest.raises(CardoddsError, match="max_ca"):
        keep(max_ca=9)
    noted = Noted(inner=keep())
    counts = _chunk((UserSeat(noted), Tuned(), Tuned(), Tuned()), n=20)
    assert int(counts["games"]) == 20 and counts["win"][0] > 0
    discards = 0
    for view, legal, move in noted.seen:
        hand = view["hand"].split()
        if view["decision"] in ("discard", "tra_cua") and move != "u":
            discards += 1
            if any(hand.count(card) % 2 for card in legal):
                assert hand.count(move) % 2 == 1
    assert discards > 50
    assert not _same_counts(counts, _chunk((UserSeat(keep(max_ca=0)), Tuned(), Tuned(), Tuned()), n=20))


def _positions():
    """Positions of every decision kind and card source, cut from games of built-in players."""
    found = {}
    for seed in range(1, 30):
        for seat in range(4):
            for _, position, _ in decisions(seed, None, "basic", seat):
                found.setdefault((position.decision, position.source), position)
        if len(found) >= 8:
            break
    return list(found.values())


def test_a_position_played_out_on_the_reference_engine_gives_the_batch_engines_outcomes():
    positions = _positions()
    assert {p.decision for p in positions} == {"discard", "act", "chiu", "tra_cua"}
    assert {p.source for p in positions} >= {"discard", "noc", "passed"}
    for position in positions:
        view, dec = view_decision(position)
        assert position_of(view, dec) == position  # the view game says what the position says
        legal = legal_moves(position)
        batch = play_out(position, legal, "tuned", 6, seed=3, first_world=2)
        live = [i for i, m in enumerate(legal) if not (m == "u" or m == "hoa")]
        rows = _play_reference(position, [find_move(dec, legal[i]) for i in live], (Tuned(),) * 4, 3, 2, 6)
        for n, name in enumerate(("win", "draw", "points")):
            assert np.array_equal(batch.values[name][live], rows[n])


def test_user_players_play_a_position_out_and_the_worlds_extend():
    position = next(p for p in _positions() if p.decision == "act")
    legal = legal_moves(position)
    seats = (UserSeat(Uniform()), Basic(), UserSeat(First()), Tuned())
    check_players(position, seats)
    ten = play_out(position, legal, seats, 10, seed=7)
    assert ten.values["points"].shape == (len(legal), 10) and ten.players == "Uniform/basic/First/tuned"
    assert players_label({"python": "chan_keep_chans.py:KeepChans", "max_ca": 3}) == "chan_keep_chans.py:KeepChans"
    assert np.array_equal(play_out(position, legal, seats, 10, seed=7).values["points"], ten.values["points"])
    later = play_out(position, legal, seats, 4, seed=7, first_world=6)
    assert all(np.array_equal(later.values[k], ten.values[k][:, 6:]) for k in ten.values)
    odds = play_out(position, None, (UserSeat(First()),) * 4, 5, seed=7)
    assert odds.info["move"] == legal[0]
    with pytest.raises(CardoddsError, match="not random"):
        check_players(position, (RandomLegal(),) * 4)
