"""Sâm positions played out: the expert's decision, the odds against games continued on the reference engine, the
same answer for the same information, and the worlds' numbering."""

from dataclasses import fields, replace
from statistics import NormalDist

import numpy as np
import pytest
from position_helpers import continued_games
from test_sam_batch import planted_quads

from cardodds.sim.errors import CardoddsError
from cardodds.sim.sam import position as pos
from cardodds.sim.sam.cards import rank_counts
from cardodds.sim.sam.expert import Expert, info_seed
from cardodds.sim.sam.hand import toi_trang_kind
from cardodds.sim.sam.position_cut import walk, walk_moves
from cardodds.sim.sam.position_state import view_of
from cardodds.sim.sam.reference import deal_games
from cardodds.sim.sam.rules import SamRules
from cardodds.sim.sam.strategies import Control, Greedy, Public
from cardodds.sim.streams import DEAL, FIRST, chunk_seed, stream


def _best(outcomes) -> str:
    """The move of the highest mean cược, the first of equals (``RANK_BY``)."""
    name, sign = pos.RANK_BY
    return outcomes.moves[int(np.argmax(sign * outcomes.values[name].mean(1)))]


def _expert_and_positions(rules, cards, leader, players, expert):
    """(position, the expert's decision there, from the live reference game's own view) at every decision of the
    game dealt ``cards`` played by ``players``; the view rebuilt from the position is checked equal to that view."""
    seen = []

    def choose(game):
        view, legal, may_pass = game.view(True), game.legal()[None], np.array([game.may_pass])
        seen.append((int(expert.choose(view, legal, may_pass)[0]), view))
        st = players[game.actor]
        return st.choose(game.view(st.needs_public), legal, may_pass)[0]

    out = []
    for (p, _), (e, view) in zip(walk_moves(rules, cards, leader, players, choose), seen):
        ours = view_of(p)  # what the position says is what the engine showed the seat
        for f in ("hand", "n_cards", "actor", "current", "sam_on", "declarer"):
            assert np.array_equal(getattr(ours, f), getattr(view, f)), f
        for f in fields(Public):
            assert np.array_equal(getattr(ours.public, f.name), getattr(view.public, f.name)), f.name
        assert info_seed(ours) == info_seed(view)
        out.append((p, pos.move_text(p.table, e)))
    return out


GAMES = [(2, {}, [Control()] * 2, False), (3, {}, [Greedy(), Control(), Greedy()], False),
         (4, {}, [Control()] * 4, False), (5, {"quad_beats": ["single_two", "pair_two", "lower_quad"]},
                                           [Greedy(chop_first=True)] * 5, True)]


@pytest.mark.parametrize("players,options,strategies,quads", GAMES)
def test_advise_with_the_experts_settings_is_the_experts_decision(players, options, strategies, quads):
    """At every decision of a game (one with tứ quý planted, so chặt chains stand at some decisions), the best
    move by ``RANK_BY`` over ``play_out`` with the expert's settings (``expert_moves``, its worlds, ``like_expert``)
    is the move the expert makes there, asked on the reference engine's own view of the game."""
    rules = SamRules(players=players, **options)
    # close_worlds=0: the extra worlds of a close decision are a second stage the play-out does not replay
    expert = Expert(worlds=8, max_candidates=4, close_worlds=0) if players != 4 else Expert(worlds=12, close_worlds=0)
    if quads:
        cards, leader = planted_quads(1, players, 3)
    else:
        cards, leader = deal_games(stream(chunk_seed(21, players), DEAL), 1, rules)
    searched = 0
    for g in range(1):
        for p, made in _expert_and_positions(rules, cards[g], leader[g], strategies, expert):
            moves = pos.expert_moves(p, expert)
            out = pos.play_out(p, moves, None, expert.worlds, 0, like_expert=expert)
            assert _best(out) == made, (pos.to_json(p), moves, out.values["cuoc"].mean(1))
            searched += len(moves) > 1
    assert searched >= 2


def _positions():
    """Positions for the odds test: late in games of control players (3 and 4 players), one where the mover was
    chopped (a chặt chain it pays unless it chops back), and a standing Sâm (seat 0 declares whatever it holds)."""
    rules = SamRules()
    late = [pos.cut(3, rules, [Control()] * 4, 20), pos.cut(3, SamRules(players=3), [Control()] * 3, 14)]
    cards, leader = planted_quads(2, 4, 5)
    chopped = next(p for p, _ in walk_moves(rules, cards[1], leader[1], [Greedy(chop_first=True)] * 4, _greedy_moves)
                   if p.chain is not None and p.chain[2] == p.seat)
    declarer = [Control(declare="threshold", threshold=0.0)] + [Control()] * 3
    sam = next(p for p, _ in walk(5, rules, declarer) if p.sam_on and p.seat != 0)
    return [*late, chopped, sam]


def _greedy_moves(game):
    st = Greedy(chop_first=True)
    return st.choose(game.view(), game.legal()[None], np.array([game.may_pass]))[0]


def test_odds_agree_with_games_continued_on_the_reference_engine():
    """``play_out(position, None, "control", ...)`` against games continued from the same position on the reference
    engine by control players, the unseen cards dealt by ``random.shuffle`` (an independent path): per state and
    measure a two-sample z-test (the variance pooled: under the null both samples come from one distribution, which
    keeps a rare outcome the smaller sample never saw testable), the whole test's false-alarm rate alpha = 0.001
    (Bonferroni over the 4 states and their 2 or 3 measures, two-sided)."""
    states = _positions()
    tests = sum(3 if p.sam_on else 2 for p in states)
    z_max = NormalDist().inv_cdf(1 - 0.001 / tests / 2)
    assert states[2].chain[2] == states[2].seat and states[3].sam_on
    for i, p in enumerate(states):
        ours = pos.play_out(p, None, "control", 4000, 17 + i)
        ref = continued_games(p, Control(), 100, 100 + i)
        assert ours.moves == ("as control plays",)
        for m, v in ours.values.items():
            a, b = v[0], ref[m]
            se = np.sqrt(np.concatenate([a, b]).var(ddof=1) * (1 / len(a) + 1 / len(b)))  # pooled: under H0 a, b
            if se == 0:
                assert a.mean() == b.mean(), (i, m)
            else:
                assert abs(a.mean() - b.mean()) / se < z_max, (i, m, a.mean(), b.mean())
    declarer_view = next(p for p, _ in walk(5, SamRules(), [Control(declare="threshold", threshold=0.0)]
                                            + [Control()] * 3) if p.sam_on and p.seat == 0)
    o = pos.play_out(declarer_view, None, "control", 200, 1)
    assert np.all(o.values["sam"] <= o.values["win"])


def test_two_deals_that_differ_only_in_hidden_cards_give_the_same_position_and_answer():
    """The game's deal with every card the seat cannot see at decision k re-dealt (the opponents' unplayed cards and
    the undealt ones), the same moves played: the same position at k (up to the suits of the cards played, which the
    engine picks: the lowest of the rank held), so the same outcomes for a seed."""
    rules = SamRules(players=3)
    strategies = [Control()] * 3
    ss = chunk_seed(6, 0)
    cards, leader = deal_games(stream(ss, DEAL), 1, rules, stream(ss, FIRST))
    steps = list(walk(6, rules, strategies))
    k = len(steps) // 2
    p = steps[k - 1][0]
    moves = pos.legal_moves(p)
    assert len(moves) > 1
    ours = pos.play_out(p, moves, "control", 300, 4)
    rng = np.random.default_rng(0)
    hidden = [c for c in range(52) if c not in p.hand and not any(c in x for x in p.played)]
    tried = 0
    for _ in range(5):
        shuffled = list(rng.permutation(hidden))
        other = cards[0].copy()
        for s in range(3):
            if s != p.seat:
                other[s] = sorted(list(p.played[s]) + [int(shuffled.pop()) for _ in range(p.counts[s])])
        if any(toi_trang_kind(other[s], rules) >= 0 for s in range(3)) or np.array_equal(other, cards[0]):
            continue
        tried += 1
        again = [q for q, _ in walk_moves(rules, other, leader[0], strategies, [m for _, m in steps[:k]])]
        q = again[k - 1]
        assert len(again) == k and replace(q, played=p.played) == p
        assert [rank_counts(x).tolist() for x in q.played] == [rank_counts(x).tolist() for x in p.played]
        theirs = pos.play_out(q, moves, "control", 300, 4)
        assert all(np.array_equal(ours.values[m], theirs.values[m]) for m in ours.values)
    assert tried >= 3


def test_worlds_are_numbered_shared_by_every_move_and_keyed_by_the_seed(monkeypatch):
    p = pos.cut(3, SamRules(), [Control()] * 4, 12)
    moves = pos.legal_moves(p)
    assert moves == ["9", "J", "K", "2", "pass"]
    whole = pos.play_out(p, moves + ["pass"], "control", 300, 5)
    head = pos.play_out(p, moves + ["pass"], "control", 100, 5)
    tail = pos.play_out(p, moves + ["pass"], "control", 200, 5, first_world=100)
    joined = head.then(tail)
    assert all(np.array_equal(joined.values[m], whole.values[m]) for m in whole.values)
    monkeypatch.setattr(pos, "WORLDS_BLOCK", 64)  # dealt and played 64 worlds at a time: the same numbers
    blocks = pos.play_out(p, moves + ["pass"], "control", 300, 5)
    assert all(np.array_equal(blocks.values[m], whole.values[m]) for m in whole.values)
    assert np.array_equal(whole.values["cuoc"][-1], whole.values["cuoc"][-2])  # the same worlds for every move
    other = pos.play_out(p, moves, "control", 300, 6)
    assert not np.array_equal(other.values["cuoc"], whole.values["cuoc"][:-1])
    assert set(whole.values) == {"win", "cuoc"} and whole.players == "control" and not whole.exact
    assert pos.exact(p, moves) is None
    assert np.all(np.isin(whole.values["win"], (0, 1)))


@pytest.mark.parametrize("args,message", [((["Q Q"], "control", 10, 1), "'Q Q' is not a legal move here"),
                                          ((["9 9 9"], "control", 10, 1), "not a legal move here"),
                                          (("pass", "control", 10, 1), "moves must be a list"),
                                          ((["pass"], "cleverest", 10, 1), "unknown Sâm strategy"),
                                          ((["pass"], "control", 0, 1), "worlds must be a whole number"),
                                          ((["pass"], "control", 10, -1), "seed must be a whole number")])
def test_bad_play_out_arguments_are_one_line_errors(args, message):
    p = pos.cut(3, SamRules(), [Control()] * 4, 12)
    with pytest.raises(CardoddsError, match=message) as e:
        pos.play_out(p, *args)
    assert "\n" not in str(e.value)
