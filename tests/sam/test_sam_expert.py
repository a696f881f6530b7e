"""The Sâm ``expert`` and the batch engine started from states (``play_from_state``)."""

import copy
from dataclasses import dataclass, fields

import numpy as np
import pytest
from sam_agreement import agree
from test_sam_batch import planted_quads

from cardodds.sim.errors import CardoddsError
from cardodds.sim.sam import batch
from cardodds.sim.sam.batch import SamState, counts_of_therm, play_batch, play_from_state
from cardodds.sim.sam.cards import N_RANKS
from cardodds.sim.sam.expert import Expert, deal_worlds, rollout_state
from cardodds.sim.sam.hand import move_table
from cardodds.sim.sam.play_task import parse_strategies
from cardodds.sim.sam.players import make_strategy
from cardodds.sim.sam.reference import deal_games, play_game
from cardodds.sim.sam.rules import SamRules
from cardodds.sim.sam.strategies import PASS, Control, Greedy, Public, View
from cardodds.sim.streams import DEAL, FIRST, chunk_seed, stream

PER_SEAT = ("therm", "ncards", "played")


@dataclass(frozen=True)
class Watched(Greedy):
    """``greedy``, asked through the engines' general path with the public state (so a test can look at it)."""

    needs_public = True

    def choose(self, view, legal, may_pass, rng=None):
        return super().choose(view, legal, may_pass, rng)


def rows_of(st: SamState, games: np.ndarray, P: int) -> SamState:
    """The state of ``games`` only (copies)."""
    out = {}
    for f in fields(SamState):
        a = getattr(st, f.name)
        out[f.name] = a.reshape(-1, P)[games].ravel().copy() if f.name in PER_SEAT else a[games].copy()
    return SamState(**out)


@pytest.mark.parametrize("players,options", [(4, {}), (2, {}), (5, dict(quad_beats=["single_two", "pair_two",
                                                                                      "lower_quad"]))])
def test_a_game_played_on_from_any_point_ends_as_it_would(monkeypatch, players, options):
    """Snapshots of the batch engine's state at several steps, played on with ``play_from_state``, end with the
    payments of the uninterrupted games; so does the state the expert builds from the public part and the true
    hands (chặt chains, đền and cóng carried over)."""
    rules = SamRules(players=players, **options)
    P = players
    cards, leader = deal_games(stream(chunk_seed(5, players), DEAL), 2000, rules)
    if players > 2:  # tứ quý for seats 1 and 2 in half the deals, so chặt chains are pending at some decisions
        cards[::2] = planted_quads(1000, players, 5)[0]
    seats = [Watched(chop_first=True), Watched(), Control(), Watched(chop_first=True), Greedy()][:P]
    full = play_batch(rules, cards, leader, seats)
    snaps, calls = [], []
    real = batch.public_of

    def snapshot(st, games, P):
        pub = real(st, games, P)
        calls.append(1)
        if len(calls) % 4 == 1 or (pub.chain[:, 1] > 0).any() or (pub.den[:, 0] >= 0).any():
            snaps.append((copy.deepcopy(st), games.copy(), pub))
        return pub

    monkeypatch.setattr(batch, "public_of", snapshot)
    again = play_batch(rules, cards, leader, seats)
    monkeypatch.undo()
    assert np.array_equal(again.pay, full.pay) and len(snaps) > 5
    chains = dens = 0
    for st, games, pub in snaps:
        sub = rows_of(st, games, P)
        assert np.array_equal(play_from_state(rules, sub, seats).pay, full.pay[games])
        fr = (games * P)[:, None] + np.arange(P)
        hands = counts_of_therm(st.therm[fr].ravel()).reshape(len(games), 1, P, N_RANKS)
        actor = st.actor[games]
        view = View(hand=hands[np.arange(len(games)), 0, actor], n_cards=st.ncards[fr], actor=actor,
                    current=st.current[games], sam_on=st.sam_on[games], declarer=st.declarer[games],
                    table=move_table(rules), rules=rules, public=pub)
        st2 = rollout_state(view, hands, np.arange(len(games)), 1)
        res = play_from_state(rules, st2, seats)
        assert np.array_equal(res.pay + st.pay[games], full.pay[games])
        chains += int((pub.chain[:, 1] > 0).sum())
        dens += int((pub.den[:, 0] >= 0).sum())
    if P > 2:
        assert chains > 0 and dens > 0  # the snapshots cover pending chặt chains and a pending đền


def test_given_first_actions_are_played():
    """``first`` replaces the actor's first choice: the strategy's own choice gives the same games; a pass (a lead
    cannot pass, so a lead is given) changes them."""
    rules = SamRules(players=4)
    cards, leader = deal_games(stream(chunk_seed(6, 0), DEAL), 500, rules)
    seats = [Control()] * 4
    st = batch._deal_state(rules, cards, leader, seats)
    base = play_batch(rules, cards, leader, seats)
    live = np.flatnonzero(~st.done)
    first = np.full(len(cards), PASS)
    # the lowest single held: control leads a long play first, so this differs from its choice in most games
    hands = counts_of_therm(st.therm.reshape(-1, 4)[np.arange(len(cards)), st.actor])
    first[live] = np.argmax(hands[live] > 0, axis=1)  # single of rank r is move r
    res = play_from_state(rules, copy.deepcopy(st), seats, first=first)
    assert np.all(res.pay.sum(1) == 0)
    assert not np.array_equal(res.pay[live], base.pay[live])
    assert np.all(res.plays[live] >= 1)


@pytest.mark.parametrize("players,variant", [(4, {}), (2, {}), (3, dict(play_on_after_failed_sam=True)),
                                             (5, dict(no_finish_on_two=False, den_bai=False))])
def test_engines_agree_game_for_game_with_the_expert(players, variant):
    rules = SamRules(players=players, **variant)
    n = 25
    cards, leader = deal_games(stream(chunk_seed(77, players), DEAL), n, rules)
    strats = [Expert(worlds=8), Control(declare="threshold", threshold=0.6), Expert(worlds=4, rollout="greedy"),
              Greedy(), Control()][:players]
    b = play_batch(rules, cards, leader, strats)
    assert np.all(b.pay.sum(1) == 0)
    assert [i for i in range(n) if not agree(b, i, play_game(cards[i], int(leader[i]), rules, strats))] == []


def test_same_information_same_decision():
    """Seat 0 leads the same hand at two tables whose other hands differ: it sees the same, so it decides the same;
    the view the engine gives it holds nothing of the other hands."""
    rules = SamRules(players=4, first_leader="seat0")
    rng = np.random.default_rng(3)
    made = []

    @dataclass(frozen=True)
    class Recorded(Expert):
        def choose(self, view, legal, may_pass, rng=None):
            out = super().choose(view, legal, may_pass, rng)
            made.append((view, out))
            return out

    hand = np.sort(rng.permutation(52)[:10])
    for k in range(6):
        rest = rng.permutation(np.setdiff1d(np.arange(52), hand))[:30].reshape(3, 10)
        cards = np.concatenate([hand[None], np.sort(rest, 1)])[None].astype(np.int8)
        play_batch(rules, cards, np.zeros(1, np.int64), [Recorded(worlds=16)] + [Control()] * 3)
    firsts = [(v, out) for v, out in made if v.public.gone.sum() == 0]
    assert len(firsts) >= 4  # (a table may end at once on an opponent's tới trắng)
    assert len({int(out[0]) for _, out in firsts}) == 1
    for v, _ in firsts:
        assert np.array_equal(v.hand, firsts[0][0].hand) and np.array_equal(v.n_cards, firsts[0][0].n_cards)
        assert set(vars(v.public)) == {"played", "gone", "last", "passed", "chain", "den"}


def public_view(hand, n_cards, gone, actor=0):
    n = len(hand)
    P = n_cards.shape[1]
    rules = SamRules(players=P)
    t = move_table(rules)
    pub = Public(played=np.zeros((n, P), bool), gone=gone.astype(np.int8), last=np.full(n, actor),
                 passed=np.zeros(n, np.int64), chain=np.tile([0, 0, -1, -1], (n, 1)), den=np.tile([-1, -1, 0], (n, 1)))
    return View(hand=hand.astype(np.int8), n_cards=n_cards, actor=np.full(n, actor), current=np.full(n, t.LEAD),
                sam_on=np.zeros(n, bool), declarer=np.full(n, -1), table=t, rules=rules, public=pub)


def test_worlds_deal_the_unseen_cards_uniformly_to_hands_of_their_sizes():
    hand = np.zeros(13, np.int64)
    hand[[0, 1, 2, 12]] = [2, 2, 1, 1]  # six cards
    gone = np.zeros(13, np.int64)
    gone[[0, 5, 12]] = [1, 4, 2]  # seven cards played (all four 8s)
    view = public_view(hand[None], np.array([[6, 3, 5, 8]]), gone[None])
    worlds = deal_worlds(view, 4096)  # (1, 4096, 4, 13)
    assert np.all(worlds[0, :, 0] == hand)
    assert np.array_equal(worlds[0].sum(-1)[:, 1:], np.tile([3, 5, 8], (4096, 1)))
    unseen = 4 - hand - gone  # 39 cards for 16 places
    assert np.all(worlds[0, :, 1:].sum(1) <= unseen) and np.all(worlds[0, :, 1:, 5] == 0)
    # each opponent's expected rank counts: size × unseen share
    mean = worlds[0, :, 1:].mean(0)
    expect = np.array([3, 5, 8])[:, None] * unseen / unseen.sum()
    assert np.abs(mean - expect).max() < 0.06
    assert np.array_equal(deal_worlds(view, 4096), worlds)  # a function of what the seat sees
    other = public_view(hand[None], np.array([[6, 3, 5, 7]]), gone[None] + np.eye(13, dtype=np.int64)[3])
    assert not np.array_equal(deal_worlds(other, 64)[0, :, 1:3], worlds[0, :64, 1:3])


def test_candidates_start_with_the_policy_choice_then_pass_and_are_legal():
    rules = SamRules(players=4)
    t = move_table(rules)
    hand = np.zeros(13, np.int64)
    hand[[0, 1, 2, 3, 7, 7, 12]] = 1
    hand[7] = 2
    view = public_view(hand[None], np.array([[7, 10, 10, 10]]), np.zeros((1, 13)))
    ex = Expert(max_candidates=5)
    legal = t.formable(hand)[None] & t.beats[t.LEAD][None]
    moves = np.arange(t.n)[None]
    base = ex.policy.choose(view, legal, np.zeros(1, bool))
    c = ex.candidates(view, moves, legal, np.zeros(1, bool), base)[0]
    assert c[0] == base[0] and PASS not in c and len(set(c)) == 5 and all(legal[0, c])
    view.current[:] = 0  # responding to a single 3: a pass may be a candidate, second
    legal = t.formable(hand)[None] & t.beats[0][None]
    base = ex.policy.choose(view, legal, np.ones(1, bool))
    c = ex.candidates(view, moves, legal, np.ones(1, bool), base)[0]
    assert c[0] == base[0] and c[1] == PASS and all(legal[0, c[c >= 0]])


def test_the_expert_beats_control_at_a_table_of_control_players():
    """Paired over the same deals: seat 0 expert vs seat 0 control, three control players; the expected cược a
    game goes up, with the 95 % interval clear of 0."""
    rules = SamRules(players=4)
    cards, leader = deal_games(stream(chunk_seed(8, 0), DEAL), 400, rules, stream(chunk_seed(8, 0), FIRST))
    c = Control()
    d = (play_batch(rules, cards, leader, [Expert(worlds=8), c, c, c]).pay[:, 0]
         - play_batch(rules, cards, leader, [c] * 4).pay[:, 0])
    half = 1.96 * d.std(ddof=1) / np.sqrt(len(d))
    assert d.mean() - half > 0.5


def test_expert_knobs_and_the_seats_form():
    assert make_strategy({"name": "expert", "worlds": 8, "z": 1.0}) == Expert(worlds=8, z=1.0)
    for bad in ({"worlds": 0}, {"max_candidates": 1}, {"rollout": "random"}, {"z": -1}, {"depth": 3}):
        with pytest.raises(CardoddsError):
            make_strategy({"name": "expert", **bad})
    got = parse_strategies({"seats": ["expert", "control", {"name": "greedy"}]}, 3, "[strategies]")
    assert got == (Expert(), Control(), Greedy())
    for bad in ({"seats": ["expert"]}, {"seats": ["expert"] * 3, "default": "control"}):
        with pytest.raises(CardoddsError):
            parse_strategies(bad, 3, "[strategies]")


def test_a_ladder_without_declarers_is_not_asked_about_sam():
    from cardodds.sim.sam.play_task import PlayParams, key_metrics

    rules = SamRules(players=4)
    never = PlayParams(rules, (Expert(),) + (Control(),) * 3)
    bayes = PlayParams(rules, (Control(declare="bayes"),) + (Control(),) * 3)
    assert key_metrics([never]) == [("win", 0), ("cuoc.mean", 0)]
    assert key_metrics([never, bayes])[:2] == [("sam.declare", 0), ("sam.success", 0)]
