"""The batch form of a Chắn user player (``decide_batch``, ``cardodds.sim.chan.user_batch``): its observations and
masks are ``env_form``'s of each row's position, its games are the reference engine's, its errors one line."""

from pathlib import Path

import numpy as np
import pytest
from test_chan_batch_game import batch_outcome, reference_outcome
from test_chan_user_batch import RULES, Last

from cardodds.sim.chan import user_batch
from cardodds.sim.chan.batch import TRA, play_state
from cardodds.sim.chan.deal import deal_orders
from cardodds.sim.chan.env_form import actions, observation_size, observation_slices, observe
from cardodds.sim.chan.play_task import PlayParams, run_chunk
from cardodds.sim.chan.position import from_json, legal_moves
from cardodds.sim.chan.reference import ChanGame, play_game
from cardodds.sim.chan.strategies import Basic, Heuristic, Tuned
from cardodds.sim.chan.user_rows import UserState, play_user_batch, row_position
from cardodds.sim.chan.user_seat import UserSeat
from cardodds.sim.knobs import Range
from cardodds.sim.user_player import UserPlayer, UserPlayerError


class FirstBatch(UserPlayer):
    deterministic = True

    def decide_batch(self, observations, masks, rng):
        return masks.argmax(axis=1)


class LastBatch(UserPlayer):
    def decide_batch(self, observations, masks, rng):
        return masks.shape[1] - 1 - masks[:, ::-1].argmax(axis=1)


class KeepPairs(UserPlayer):
    """Reads its observation: discards the card it holds fewest of, eats whatever it may (else the last move)."""

    def decide_batch(self, observations, masks, rng):
        held = np.pad(observations[:, :25], ((0, 0), (0, masks.shape[1] - 25)), constant_values=1.0)
        score = np.where(masks == 1, 2.0 - held, -1.0)
        score[:, 25:50] += 3.0 * masks[:, 25:50]
        return score.argmax(axis=1)


class Checked(UserState):
    """Checks every ``decide_batch`` call's observations and masks against each row's position."""

    rows = 0

    def ask_batch(self, method, g, s, options):
        one = user_batch.forced(method, options)
        kind = np.array([{"act_batch": 1, "chiu_batch": 2}.get(method, 3 if self.phase[gi] == TRA else 0) for gi in g])
        live = np.flatnonzero(~one)
        obs = user_batch.observations(self, g[live], s[live], kind[live])
        masks = user_batch.legal_masks(self, g[live], method, {k: v[live] for k, v in options.items()})
        names = actions(self.rules)
        for i, r in enumerate(live):
            position = row_position(self, int(g[r]), int(s[r]), ("discard", "act", "chiu", "tra_cua")[kind[r]])
            assert np.array_equal(obs[i], observe(position))
            assert [names[a] for a in np.flatnonzero(masks[i])] == sorted(legal_moves(position), key=names.index)
            assert len(legal_moves(position)) > 1
        for r in np.flatnonzero(one):
            position = row_position(self, int(g[r]), int(s[r]), ("discard", "act", "chiu", "tra_cua")[kind[r]])
            assert len(legal_moves(position)) == 1
        Checked.rows += live.size
        return super().ask_batch(method, g, s, options)


def test_observations_and_masks_are_env_forms_of_each_rows_position():
    orders = deal_orders(np.random.default_rng(21), 100)
    Checked.rows = 0
    for r, rules in enumerate(RULES):
        seats = [(UserSeat(FirstBatch()), Basic(), UserSeat(LastBatch()), Tuned()),
                 (Tuned(), UserSeat(KeepPairs()), Heuristic(), Basic())][r % 2]
        play_state(Checked(rules, orders, seats))
    assert Checked.rows > 4000


@pytest.mark.parametrize("player", [FirstBatch(), LastBatch(), KeepPairs()], ids=lambda p: type(p).__name__)
def test_a_deterministic_batch_player_plays_the_reference_engines_games_asked_one_by_one_there(player):
    orders = deal_orders(np.random.default_rng(8), 100)
    for r, rules in enumerate(RULES[:3]):
        seats = [(UserSeat(player), Basic(), Basic(), Basic()), (Tuned(), UserSeat(player), Heuristic(), Basic()),
                 (UserSeat(player), Basic(), UserSeat(player), Tuned())][r % 3]
        params = PlayParams(rules, seats)
        res = play_user_batch(rules, orders, seats)
        for i, order in enumerate(orders[:25]):
            assert reference_outcome(play_game(ChanGame.from_order(rules, order), seats)) == batch_outcome(res, i)
        ref = run_chunk(params, np.random.SeedSequence(r), 12, engine="reference")
        assert all(np.array_equal(v, run_chunk(params, np.random.SeedSequence(r), 12)[k]) for k, v in ref.items())


class Both(UserPlayer):
    """``decide`` says the last move, ``decide_batch`` the first action: the batch engine asks the batch form."""

    def decide(self, view, legal, rng):
        return legal[-1]

    def decide_batch(self, observations, masks, rng):
        return masks.argmax(axis=1)


def test_the_batch_engine_asks_the_batch_form_and_the_reference_engine_decide():
    orders = deal_orders(np.random.default_rng(2), 30)
    both = play_user_batch(RULES[0], orders, (UserSeat(Both()), Basic(), Basic(), Basic()))
    first = play_user_batch(RULES[0], orders, (UserSeat(FirstBatch()), Basic(), Basic(), Basic()))
    assert all(batch_outcome(both, i) == batch_outcome(first, i) for i in range(30))
    game = play_game(ChanGame.from_order(RULES[0], orders[0]), (UserSeat(Both()), Basic(), Basic(), Basic()))
    last = play_game(ChanGame.from_order(RULES[0], orders[0]), (UserSeat(Last()), Basic(), Basic(), Basic()))
    assert reference_outcome(game) == reference_outcome(last)


class Shaped(UserPlayer):
    def decide_batch(self, observations, masks, rng):
        return masks.argmax(axis=1)[:-1] if masks.shape[0] > 1 else np.zeros((2, 2), int)


class Illegal(UserPlayer):
    def decide_batch(self, observations, masks, rng):
        return masks.argmin(axis=1)


class Raises(UserPlayer):
    def decide_batch(self, observations, masks, rng):
        raise KeyError("oops")


@pytest.mark.parametrize("player, said", [(Shaped(), "an integer array of shape"), (Illegal(), "not one of the legal"),
                                          (Raises(), "raised KeyError")], ids=lambda p: type(p).__name__)
def test_a_misbehaving_batch_player_is_one_line_with_a_position_on_both_engines(player, said):
    seats = (Basic(), Basic(), UserSeat(player), Basic())
    for engine in ("auto", "reference"):
        with pytest.raises(UserPlayerError) as caught:
            run_chunk(PlayParams(RULES[0], seats), np.random.SeedSequence(3), 40, engine=engine)
        text = str(caught.value)
        assert "\n" not in text and "at seat 2" in text and said in text and caught.value.game == "chan"
        position = from_json(caught.value.position)
        assert position.seat == 2 and len(legal_moves(position)) > 1


def _examples():
    from cardodds.sim.user_loader import load_class

    docs = Path(__file__).resolve().parents[2] / "docs" / "examples"
    return (load_class(f"{docs / 'chan_keep_chans.py'}:KeepChans", "the docs example"),
            load_class(f"{docs / 'chan_keep_chans_batch.py'}:KeepChansBatch", "the docs example"), docs)


def test_the_docs_batch_example_plays_the_scalar_examples_games_and_declares_its_knob():
    keep, batch, docs = _examples()
    assert len((docs / "chan_keep_chans_batch.py").read_text(encoding="utf-8").splitlines()) <= 30
    assert isinstance(batch.knobs["max_ca"], Range) and batch().max_ca == 2
    orders = deal_orders(np.random.default_rng(4), 200)
    for max_ca in (0, 2, 6):
        seats = [(UserSeat(p(max_ca=max_ca)), Tuned(), Basic(), UserSeat(p(max_ca=max_ca))) for p in (keep, batch)]
        scalar, vector = (play_user_batch(RULES[0], orders, s) for s in seats)
        assert all(batch_outcome(scalar, i) == batch_outcome(vector, i) for i in range(200))
    game = play_game(ChanGame.from_order(RULES[0], orders[0]), seats[1])
    assert reference_outcome(game) == batch_outcome(vector, 0)


def test_observation_slices_name_the_parts_of_observe():
    noted = []

    class Note(UserPlayer):
        def decide(self, view, legal, rng):
            noted.append(from_json(view))
            return legal[0]

    play_user_batch(RULES[1], deal_orders(np.random.default_rng(1), 3), (UserSeat(Note()),) + (Basic(),) * 3)
    part = observation_slices()
    assert part["decider"].stop == observation_size(RULES[1]) == observe(noted[0]).size
    for p in noted[:30]:
        v = observe(p)
        assert np.array_equal(v[part["hand"]] * 4, p.hand) and np.array_equal(v[part["table"]] * 4, p.table)
        assert v[part["decision"]].argmax() == ("discard", "act", "chiu", "tra_cua").index(p.decision)
        assert v[part["noc"]][0] == np.float32(p.noc / 23)
