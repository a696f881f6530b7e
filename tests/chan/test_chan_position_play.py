"""Chắn positions played out: the batch rows are the reference games, advice is the expert's, odds are continued
games', the outcomes read nothing hidden, and a wait's next-card chance counts the unseen cards."""

import copy
import random

import numpy as np
import pytest

from cardodds.sim.chan.batch import play_from_games
from cardodds.sim.chan.cards import COPIES, N_KINDS, parse_hand
from cardodds.sim.chan.expert import Expert, _net, clone
from cardodds.sim.chan.players import make_strategy, seat_strategies
from cardodds.sim.chan.position import (cut, decisions, expert_outcomes, expert_pick, from_json, legal_moves,
                                        play_out, to_json)
from cardodds.sim.chan.position_cut import position_of, walk
from cardodds.sim.chan.position_play import deal_worlds
from cardodds.sim.chan.position_state import find_move, game_of, move_text, view_decision
from cardodds.sim.chan.reference import ChanGame, play_game
from cardodds.sim.errors import CardoddsError


def _same(a, b):
    return a.moves == b.moves and all(np.array_equal(a.values[k], b.values[k]) for k in a.values)


def test_each_batch_row_is_the_reference_game_of_its_world_played_on():
    """The arrays dealt in place (every move, a drawn card, bòn, waits; discard, act, chíu and trả cửa decisions)
    against each world built as a reference game and continued by ``play_from_games``: the same net points world by
    world."""
    seats = seat_strategies("tuned")
    kinds = set()
    for seed, k in ((3, 12), (2, 17), (3, 8), (3, 9), (3, 10), (0, 8)):
        pos = cut(seed, None, "tuned", k)
        kinds.add((pos.decision, pos.source))
        out = play_out(pos, legal_moves(pos), "tuned", 3, 11)
        hands, noc = deal_worlds(pos, 11, 0, 3)
        _, dec = view_decision(pos)
        games = []
        for m in out.moves:
            for j in range(3):
                game = game_of(pos, hands[j], noc[j])
                game.apply(find_move(dec, m))
                games.append(game)
        res = play_from_games(pos.rules, games, seats)
        want = _net(pos.seat, res.winner, res.points.astype(np.int64)).reshape(len(out.moves), 3)
        assert np.array_equal(want, out.values["points"])
    assert {("act", "discard"), ("chiu", "discard"), ("tra_cua", "discard"), ("act", "tra_cua"), ("act", "passed"),
            ("discard", None)} <= kinds


def test_worlds_extend_and_every_move_sees_the_same_worlds():
    pos = cut(4, None, "tuned", 9)
    moves = legal_moves(pos)[:3]
    whole = play_out(pos, moves, "tuned", 10, 5)
    assert _same(play_out(pos, moves, "tuned", 4, 5).then(play_out(pos, moves, "tuned", 6, 5, first_world=4)), whole)
    assert _same(play_out(pos, moves[1:2], "tuned", 10, 5),
                 type(whole)(tuple(moves[1:2]), {k: v[1:2] for k, v in whole.values.items()}, players="tuned"))
    assert not _same(play_out(pos, moves, "tuned", 10, 6), whole)


def test_the_odds_row_is_the_move_the_players_made_in_the_game():
    for _, pos, made in decisions(8, None, "tuned", 1)[:6]:
        odds = play_out(pos, None, "tuned", 3, 1)
        assert odds.info["move"] == made and odds.moves == ("as tuned plays",)
        assert _same(type(odds)((made,), odds.values, players="tuned"), play_out(pos, [made], "tuned", 3, 1))


def _expert_decisions(seed, seat, expert):
    """(position, the expert's stream at that decision, the move it made) at its decisions in a replayed game."""
    players = tuple(expert if s == seat else make_strategy("tuned") for s in range(4))
    seen, chosen = {}, []

    def look(k, game, dec, rng):
        if dec.seat == seat:
            seen[k] = (position_of(game, dec), copy.deepcopy(rng))
        return True

    walk(seed, None, players, look, chosen)
    return [(*seen[k], move_text(move)) for k, _, move in chosen if k in seen]


@pytest.mark.parametrize("z", [0.0, 2.0])
def test_advice_with_the_experts_settings_is_the_experts_decision(z):
    """Positions cut from games where seat s plays the expert (the others tuned), at every one of its decisions:
    the expert's rule over :func:`expert_outcomes` (its worlds, rollout player, number of worlds, candidate moves and tie
    rule) is the move the expert made in the game; with z = 0 that is the best move by mean points (ties: the base)."""
    expert = Expert(worlds=6, z=z)
    count = 0
    for seed, seat in ((1, 0), (2, 3), (4, 1)):
        for pos, rng, made in _expert_decisions(seed, seat, expert):
            out = expert_outcomes(pos, None, expert, rng)
            assert out.moves == tuple(legal_moves(pos)) and out.worlds == 6
            assert expert_pick(pos, out, expert) == made
            if z == 0.0:
                mean = out.values["points"].mean(axis=1)
                base = move_text(make_strategy("tuned").choose(*view_decision(pos), None))
                top = [m for m, v in zip(out.moves, mean) if v == mean.max()]
                assert made == (base if base in top else top[0])
            count += 1
    assert count >= 6


def _continued(game, dec, players, n, seed):
    """The independent path: ``n`` games continued from a reference game's decision on the reference engine, the
    cards the seat cannot see re-dealt by ``random.shuffle`` (the other seats' declined cards cleared: a seat
    cannot know them), the seat's move made by its player, then everyone playing on: (net points, wins)."""
    seat = dec.seat
    seen = [0] * N_KINDS
    for k in range(N_KINDS):
        seen[k] = game.seats[seat].hand[k] + game.table[k] + sum(p.mat[k] for p in game.seats)
    pool = [k for k in range(N_KINDS) for _ in range(COPIES - seen[k])]
    shuffle = random.Random(seed)
    net, wins = [], []
    for _ in range(n):
        world = clone(game)
        cards = pool[:]
        shuffle.shuffle(cards)
        for s, p in enumerate(world.seats):
            if s != seat:
                size = sum(p.hand)
                p.hand = [0] * N_KINDS
                for k in cards[:size]:
                    p.hand[k] += 1
                cards = cards[size:]
                p.declined_any, p.declined_chan, p.declined_ca_with = set(), set(), set()
                chan = [m[2] for m in p.melds if m[0] == "chan"]
                p.bon_open = {k for k in chan if chan.count(k) == 1 and p.hand[k] >= 1}
        world.noc[world.noc_pos:] = cards
        world.apply(players[seat].choose(world, dec, None))
        play_game(world, players, None)
        winner = -1 if world.winner is None else world.winner
        net.append(float(_net(seat, winner, world.points)))
        wins.append(winner == seat)
    return np.array(net), np.array(wins, dtype=float)


def test_odds_agree_with_games_continued_on_the_reference_engine():
    """At 3 cut positions, the odds (:func:`play_out`, moves None, 200 worlds) against 200 games continued from the
    real game by the independent path of :func:`_continued`: a two-sample z-test on the mean net points and on the
    win chance, family-wise false-alarm rate 0.001 (Bonferroni over 6 tests: |z| < 3.94 each)."""
    players = seat_strategies("basic")
    spots = {(5, 6), (6, 14), (9, 21)}
    found = []

    def look(seed):
        def stop(k, game, dec, rng):
            if (seed, k) in spots:
                found.append((position_of(game, dec), clone(game), dec))
            return True
        return stop

    for seed in sorted({s for s, _ in spots}):
        walk(seed, None, "basic", look(seed))
    assert len(found) == 3
    for pos, game, dec in found:
        odds = play_out(pos, None, "basic", 200, 17)
        net, wins = _continued(game, dec, players, 200, 23)
        for a, b in ((odds.values["points"][0], net), (odds.values["win"][0], wins)):
            se = np.sqrt(a.var(ddof=1) / a.size + b.var(ddof=1) / b.size)
            assert se > 0 and abs(a.mean() - b.mean()) < 3.94 * se, (pos.seat, pos.decision, a.mean(), b.mean())


def _twin(seed, k, reshuffle):
    """The game of ``seed`` at decision ``k`` and a twin: the same moves replayed on a deal whose cards the seat has
    not seen are dealt anew (each other seat keeps the cards it has shown, the nọc its drawn cards)."""
    found = []
    walk(seed, None, "tuned", lambda i, game, dec, rng: found.append((clone(game), dec)) if i == k else True)
    game, dec = found[0]
    shown = [[0] * N_KINDS for _ in range(4)]
    for m in game.moves:
        if m.action in ("danh", "tra_cua"):
            shown[m.seat][m.card] += 1
        elif m.action == "an":
            shown[m.seat][m.with_] += 1
        elif m.action == "chiu":
            shown[m.seat][m.card] += 3
    dealt = [[0] * N_KINDS for _ in range(4)]
    for s, hand in enumerate(game.dealt):
        for c in hand:
            dealt[s][c] += 1
    rest = [k for s in range(4) if s != dec.seat for k in range(N_KINDS) for _ in range(dealt[s][k] - shown[s][k])]
    rest += game.noc[game.noc_pos:]
    random.Random(reshuffle).shuffle(rest)
    hands = []
    for s in range(4):
        if s == dec.seat:
            hands.append([k for k in range(N_KINDS) for _ in range(dealt[s][k])])
            continue
        size = sum(dealt[s]) - sum(shown[s])
        hands.append([k for k in range(N_KINDS) for _ in range(shown[s][k])] + rest[:size])
        rest = rest[size:]
    twin = ChanGame.from_hands(game.rules, hands, game.noc[:game.noc_pos] + rest)
    for m in game.moves:
        twin.apply(m)
    return (game, dec), (twin, twin.decision())


def test_same_information_gives_the_same_position_and_the_same_outcomes():
    """Two games that differ only in cards the seat has not seen (a twin replayed on another deal) give equal
    positions, so identical outcomes for a seed, though their hidden hands differ."""
    for seed, k in ((4, 9), (7, 14)):
        (game, dec), (twin, tdec) = _twin(seed, k, reshuffle=seed)
        assert tdec.seat == dec.seat
        assert any(a.hand != b.hand for a, b in zip(game.seats, twin.seats))
        a, b = position_of(game, dec), position_of(twin, tdec)
        assert a == b and to_json(a) == to_json(b)
        assert _same(play_out(a, legal_moves(a), "tuned", 4, 3), play_out(b, legal_moves(b), "tuned", 4, 3))


def test_the_next_card_completes_a_wait_by_counting_the_unseen_cards():
    """The cái's 20 cards: 5 chắn, 4 cạ, a third 7S and a lone CC (80 cards unseen).  Discarding 7S leaves a bạch
    thủ chi waiting on CC (3 unseen); discarding CC a bạch thủ waiting on the last 7S (1 unseen) — with 5 chắn and 4
    cạ the lone card is the only wait, and a Chi Chi wins only so; discarding 9W leaves three lone cards: no wait."""
    hand = "2W 2W 4S 4S 5W 5W 6V 6V 7S 7S 7S 8W 8V 9W 9S 2V 2S 4W 4V CC"
    pos = from_json({"seat": 0, "decision": "discard", "hand": hand, "seats": [{}, {}, {}, {}], "noc": 23})
    assert sum(parse_hand(hand)) == 20
    out = play_out(pos, ["7S", "CC", "9W"], "basic", 2, 1)
    assert out.info["next_card_completes"] == {"7S": 3 / 80, "CC": 1 / 80}


def test_players_the_batch_engine_cannot_play_are_a_one_line_error():
    pos = cut(1, None, "basic", 1)
    for who in ("expert", "random"):
        with pytest.raises(CardoddsError, match="batch engine"):
            play_out(pos, None, who, 2, 1)
    with pytest.raises(CardoddsError, match="not a legal move"):
        play_out(pos, ["eat everything"], "basic", 2, 1)


def test_a_move_that_ends_the_game_is_the_same_in_every_world():
    """The cái's Thiên ù (7 chắn and 3 cạ dealt: Thiên ù, 3 points, and no other cước) wins every world: 3 x 3 net."""
    win = "2W 2W 3V 3V 4S 4S 5W 5W 6V 6V 7S 7S 8W 8V 9W 9S 2V 2S CC CC"
    pos = from_json({"seat": 0, "decision": "discard", "hand": win, "seats": [{}, {}, {}, {}], "noc": 23})
    out = play_out(pos, None, "basic", 3, 1)
    assert out.info["move"] == "u" and out.values["win"].tolist() == [[1, 1, 1]]
    assert out.values["draw"].sum() == 0 and out.values["points"].tolist() == [[9, 9, 9]]


def test_the_advice_is_the_same_on_the_compiled_engine_and_the_numpy_engine(monkeypatch):
    """Every kind of position, the odds row, given moves and the expert's own rollouts: the same outcomes world for
    world with ``CARDODDS_COMPILED=0`` as by default, and by default the play-outs went to the compiled engine."""
    pytest.importorskip("numba")
    import cardodds.sim.chan.compiled as compiled

    real, calls = compiled.play_state, []

    def counted(st, forced=None):
        calls.append(st.N)
        return real(st, forced)

    monkeypatch.setattr(compiled, "play_state", counted)
    expert = Expert(worlds=5, z=0.0)

    def answers():
        out = []
        for seed, k in ((3, 12), (2, 17), (3, 8), (3, 9), (3, 10), (0, 8)):
            pos = cut(seed, None, "tuned", k)
            out += [play_out(pos, legal_moves(pos), "tuned", 7, 11), play_out(pos, None, "basic", 7, 12),
                    expert_outcomes(pos, None, expert, None)]
            out.append(expert_pick(pos, out[-1], expert))
        return out

    monkeypatch.delenv("CARDODDS_COMPILED", raising=False)
    fast = answers()
    assert len(calls) == 18 and sum(calls) > 300
    monkeypatch.setenv("CARDODDS_COMPILED", "0")
    slow = answers()
    assert len(calls) == 18  # the numpy engine played them
    for a, b in zip(fast, slow):
        assert a == b if isinstance(a, str) else (_same(a, b) and a.info == b.info)
