"""A user's player on the vectorised Chắn engine (``cardodds.sim.chan.user_rows``) against the reference engine: the
same games, the same views, legal moves and generators at every decision, the same errors, the run path's counts."""

import dataclasses

import numpy as np
import pytest
from test_chan_batch_game import batch_outcome, reference_outcome
from test_chan_user_seat import AsBasic, First, Raises, Uniform

from cardodds.sim.chan.deal import deal_orders
from cardodds.sim.chan.play_task import PlayParams, run_chunk
from cardodds.sim.chan.position import from_json, legal_moves
from cardodds.sim.chan.reference import ChanGame, play_game
from cardodds.sim.chan.rules import ChanRules
from cardodds.sim.chan.strategies import Basic, Heuristic, RandomLegal, Tuned
from cardodds.sim.chan.user_rows import batch_seats_user, play_user_batch
from cardodds.sim.chan.user_seat import UserSeat
from cardodds.sim.streams import DEAL, stream
from cardodds.sim.user_player import UserPlayer, UserPlayerError

RULES = [ChanRules(), ChanRules(cai_seat=2, ga=True, points={"leo": 3, "chi": 2}),
         ChanRules(min_points_to_win=3, dia_u_first_noc_card=True), ChanRules(min_points_to_win="no_xuong", cai_seat=1),
         ChanRules(hoa_needs_chan_ngu_van=True, ga=True)]


class Last(UserPlayer):
    def decide(self, view, legal, rng):
        return legal[-1]


class Noted(UserPlayer):
    """Plays as ``inner``; notes (view, legal, move, a draw of the generator) at each decision (not compared)."""

    inner: UserPlayer = First()
    seen: list = dataclasses.field(default_factory=list, compare=False)

    def decide(self, view, legal, rng):
        move = self.inner.decide(view, legal, rng)
        self.seen.append((view, legal, move, int(rng.integers(1 << 30))))
        return move


def _seatings(user):
    return [(UserSeat(user), Basic(), Basic(), Basic()), (Tuned(), UserSeat(user), Heuristic(), Basic()),
            (UserSeat(user), Basic(), UserSeat(user), Tuned())]


@pytest.mark.parametrize("user", [First(), Last(), Uniform(), AsBasic()], ids=lambda u: type(u).__name__)
def test_the_batch_engine_plays_the_reference_engines_games_with_a_user_seat(user):
    orders = deal_orders(np.random.default_rng(7), 100)
    for r, rules in enumerate(RULES):
        seats = _seatings(user)[r % 3]
        assert batch_seats_user(seats, rules)
        res = play_user_batch(rules, orders, seats)
        for i, order in enumerate(orders):
            ref = reference_outcome(play_game(ChanGame.from_order(rules, order), seats))
            assert ref == batch_outcome(res, i), (r, i)


@pytest.mark.parametrize("user", [First(), Uniform()], ids=lambda u: type(u).__name__)
def test_every_user_decision_sees_the_reference_view_legal_moves_and_generator(user):
    orders = deal_orders(np.random.default_rng(11), 100)
    asked = 0
    for r, rules in enumerate(RULES):
        for order in orders[r::len(RULES)]:
            ref, batch = Noted(user), Noted(user)
            seats = [(UserSeat(p), Tuned(), UserSeat(p), Basic()) for p in (ref, batch)]
            game = play_game(ChanGame.from_order(rules, order), seats[0])
            res = play_user_batch(rules, order[None], seats[1])
            assert reference_outcome(game) == batch_outcome(res, 0)
            assert batch.seen == ref.seen and ref.seen
            for view, legal, _, _ in ref.seen:
                assert legal_moves(from_json(view)) == legal
            asked += len(ref.seen)
    assert asked > 1000


def test_the_generators_differ_by_decision_and_by_deal():
    noted = Noted(Uniform())
    play_user_batch(ChanRules(), deal_orders(np.random.default_rng(3), 20), (UserSeat(noted),) + (Basic(),) * 3)
    draws = [d for _, _, _, d in noted.seen]
    assert len(set(draws)) > 0.95 * len(draws)


class Illegal(UserPlayer):
    def decide(self, view, legal, rng):
        return "ù ngay" if view["decision"] == "act" else legal[0]


@pytest.mark.parametrize("player, said", [(Raises(), "raised ValueError: no idea"),
                                          (Illegal(), "returned 'ù ngay', not one of")])
def test_a_misbehaving_user_on_the_batch_engine_is_one_line_with_the_position(player, said):
    seats = (Basic(), UserSeat(player), Basic(), Basic())
    for engine in ("auto", "reference"):
        with pytest.raises(UserPlayerError) as caught:
            run_chunk(PlayParams(ChanRules(), seats), np.random.SeedSequence(4), 50, engine=engine)
        text = str(caught.value)
        assert "\n" not in text and "at seat 1" in text and said in text and caught.value.game == "chan"
        position = from_json(caught.value.position)
        assert position.seat == 1 and f"{position.decision} decision" in text


def test_the_run_path_gives_the_reference_engines_counts_and_the_seed_fixes_them():
    for rules in RULES[:3]:
        params = PlayParams(rules, (UserSeat(Uniform()), Heuristic(), Basic(), Basic()))
        batch = run_chunk(params, np.random.SeedSequence(9), 150)
        ref = run_chunk(params, np.random.SeedSequence(9), 150, engine="reference")
        assert all(np.array_equal(batch[k], ref[k]) for k in ref)
        again = run_chunk(params, np.random.SeedSequence(9), 150)
        assert all(np.array_equal(batch[k], again[k]) for k in ref)


def test_seatings_the_batch_engine_leaves_to_the_reference_engine():
    user = UserSeat(First())
    assert not batch_seats_user((Basic(),) * 4, ChanRules())
    assert not batch_seats_user((user, RandomLegal(), Basic(), Basic()), ChanRules())
    assert not batch_seats_user((user, Basic(), Basic(), Basic()), ChanRules(series_length=3))
    assert not batch_seats_user((user, Basic(), Basic(), Basic()), ChanRules(allow_skip_thien_u=True))
    assert batch_seats_user((user,) * 4, ChanRules())


def test_the_basic_rule_written_by_a_user_plays_basics_games():
    from cardodds.sim.chan.batch import play_batch

    orders = deal_orders(np.random.default_rng(5), 100)
    builtin = play_batch(ChanRules(), orders, (Basic(), Tuned(), Basic(), Heuristic()))
    user = play_user_batch(ChanRules(), orders, (UserSeat(AsBasic()), Tuned(), Basic(), Heuristic()))
    assert all(batch_outcome(builtin, i) == batch_outcome(user, i) for i in range(100))


def test_a_replay_with_a_user_seat_is_the_runs_game_whatever_the_chunk():
    from cardodds.sim.chan.play_task import replay_game
    from cardodds.sim.streams import chunk_seed

    seats = (Basic(), UserSeat(Uniform()), Tuned(), Basic())
    for seed in range(1, 9):
        game, _ = replay_game(seed, ChanRules(), seats)
        for n in (1, 7):
            counts = run_chunk(PlayParams(ChanRules(), seats), chunk_seed(seed, 0), n)
            first = play_user_batch(ChanRules(), deal_orders(stream(chunk_seed(seed, 0), DEAL), n)[:1], seats)
            assert reference_outcome(game) == batch_outcome(first, 0)
            assert n > 1 or int(counts["moves"]) == len(game.moves)
