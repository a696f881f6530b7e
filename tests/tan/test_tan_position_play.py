"""Playing Tấn positions out: the expert's search is a play-out, the odds agree with games continued by the reference
engine, the same information gives the same answer, and 2-player endgames are exact (against brute force)."""

import functools
import math
import random

import numpy as np
import pytest

from cardodds.sim.errors import CardoddsError
from cardodds.sim.tan import position, position_play
from cardodds.sim.tan.batch import TanState, play_from_state
from cardodds.sim.tan.cards import deck_ids, rank_of, to_mask
from cardodds.sim.tan.deal import deal_orders
from cardodds.sim.tan.expert import _keys
from cardodds.sim.tan.players import make_strategy, seat_strategies
from cardodds.sim.tan.position_cut import replayed, watched_game
from cardodds.sim.tan.position_json import check, from_json, to_json
from cardodds.sim.tan.position_play import decision_row, exact, expert_moves, expert_pick, play_out, world_keys
from cardodds.sim.tan.position_state import PASS, Position, legal_codes, legal_moves, move_text
from cardodds.sim.tan.reference import TanGame, beats
from cardodds.sim.tan.rules import TanRules


def searched(p, expert) -> bool:
    """Whether the expert searches at ``p`` (more than one candidate, and not an endgame its solver decides)."""
    if len(expert_moves(p, expert)) < 2:
        return False
    solved = position_play.solver_node(p)
    return not (solved is not None and expert.solve_cards >= 2 and
                (solved.attacker | solved.defender | solved.attack | solved.cover).bit_count() <= expert.solve_cards)


@pytest.mark.parametrize("variant, seats, seed", [
    (dict(), [{"name": "expert", "worlds": 4}, "basic", "basic", "basic"], 11),
    (dict(players=2), ["expert", "tuned"], 12),
    (dict(players=3, defender_runs_out="others_may_continue"),
     [{"name": "expert", "worlds": 6, "rollout": "tuned", "max_candidates": 5}, "heuristic", "heuristic"], 13)])
def test_advise_with_the_experts_settings_is_the_experts_decision(variant, seats, seed):
    """At seat 0's decisions of a replayed game, picked at random among those it searched: the expert's candidates
    played out in its determinizations (its game seed) by its rollout player, ranked by ``lose`` with its tie rule,
    give the move it made."""
    rules = TanRules(**variant)
    expert = make_strategy(seats[0]).at_table(rules)
    log, game_seed = replayed(seed, rules, seats)
    mine = [(p, m) for p, m in log if p.seat == 0 and searched(p, expert)]
    picks = random.Random(seed).sample(mine, 3)
    for p, move in picks:
        cands = expert_moves(p, expert)
        out = play_out(p, cands, expert.rollout, expert.worlds, game_seed)
        assert out.worlds == expert.worlds and list(out.moves) == cands
        pick = expert_pick(out, expert)
        assert pick == move_text(p, move), to_json(p)
        measure, sign = position.RANK_BY
        ranked = sign * out.values[measure].mean(axis=1)
        assert ranked[cands.index(pick)] == ranked.max()  # the best by RANK_BY; ties broken by the expert's rule


def test_the_worlds_are_the_experts_determinizations():
    p = position.cut(4, TanRules(), "basic", 9)
    for seed in (0, 2**62 + 5):
        d = decision_row(p, seed)
        kind = "defend" if p.decision == "defend" else "attack"
        assert np.array_equal(world_keys(p, seed, 0, 12), _keys(d, kind, np.array([0]), 12)[0])
        assert np.array_equal(world_keys(p, seed, 5, 7), world_keys(p, seed, 0, 12)[5:])


def test_the_solvers_endgame_moves_are_the_best_exact_ones():
    """2 players, the stock empty: the expert plays the solver's move, one of the exact best."""
    rules = TanRules(players=2)
    expert = make_strategy("expert").at_table(rules)
    log, _ = replayed(12, rules, ["expert", "tuned"])
    solved = [(p, m) for p, m in log if p.seat == 0 and exact(p) is not None and len(legal_codes(p)) > 1]
    assert solved
    for p, move in solved:
        out = exact(p, legal_moves(p))
        value = -out.values["lose"][:, 0] + (1 - out.values["lose"][:, 0] - out.values["draw"][:, 0])
        assert value[legal_moves(p).index(move_text(p, move))] == value.max()
        assert expert.solve_cards >= 2


def reference_continuations(p: Position, players, games: int, rng: random.Random) -> tuple[int, int]:
    """(losses of the seat, draws) in ``games`` reference-engine games continued from the bout start ``p``, the
    unseen cards dealt by a plain Python shuffle from the seat's information."""
    rules, P = p.rules, p.players
    seen = set(p.hand) | set(p.discard) | {c for k in p.known for c in k} | ({p.bottom} if p.bottom >= 0 else set())
    unseen = [c for c in deck_ids(rules.deck) if c not in seen]
    strategies = seat_strategies(players, P)
    lost = drawn = 0
    for _ in range(games):
        rng.shuffle(unseen)
        rest = list(unseen)
        hands = []
        for s in range(P):
            if s == p.seat:
                hands.append(list(p.hand))
                continue
            n = p.hand_sizes[s] - len(p.known[s])
            hands.append(list(p.known[s]) + rest[:n])
            rest = rest[n:]
        stock = rest + ([p.bottom] if p.bottom >= 0 else [])
        assert len(stock) == p.stock
        game = TanGame.from_state(rules, hands, stock, p.discard, p.trump, p.out, p.bouts, 0, p.attacker,
                                  strategies, known=p.known)
        out = game.resume(p.attacker)
        lost += out.loser == p.seat
        drawn += out.draw
    return lost, drawn


def test_odds_agree_with_games_continued_by_the_reference_engine():
    """At bout starts cut from games (4, 3 and 2 players, the stock full or nearly gone), the odds row of
    ``play_out`` (2,000 worlds) against 500 reference-engine games from the same position: a two-sample z-test of
    the chance to lose and of a draw, family false-alarm rate 0.001 (Bonferroni: 0.001 / 6 per test, |z| < 3.76)."""
    cases = [(TanRules(), "basic", 24, 20), (TanRules(players=3), "tuned", 25, 15),
             (TanRules(players=2), "tuned", 23, 25)]
    z_max = 3.76
    rng = random.Random(7)
    for rules, players, seed, k in cases:
        log, _ = replayed(seed, rules, players)
        p = next(q for q, _ in log[k - 1:] if q.decision == "attack")
        ours = play_out(p, None, players, 2000, seed)
        lost, drawn = reference_continuations(p, players, 500, rng)
        for measure, theirs in (("lose", lost), ("draw", drawn)):
            z = z_score(ours.values[measure].sum(), ours.worlds, theirs, 500)
            assert abs(z) < z_max, (measure, seed, ours.values[measure].mean(), theirs / 500)


def z_score(a: float, n_a: int, b: float, n_b: int) -> float:
    """The two-sample z statistic of ``a`` successes in ``n_a`` against ``b`` in ``n_b`` (pooled variance)."""
    pooled = (a + b) / (n_a + n_b)
    return (a / n_a - b / n_b) / math.sqrt(max(pooled * (1 - pooled), 1e-12) * (1 / n_a + 1 / n_b))


def python_dealt_states(p: Position, games: int, rng: random.Random) -> TanState:
    """``games`` batch-engine states of ``p`` just before its move (for a defence, the card to beat back in its
    thrower's hand), the unseen cards dealt by a plain Python shuffle of the seat's information."""
    rules, P, S = p.rules, p.players, p.rules.stock_size
    table = {c for t in p.table for c in t if c >= 0}
    seen = set(p.hand) | set(p.discard) | table | {c for k in p.known for c in k} | ({p.bottom} if p.bottom >= 0
                                                                                     else set())
    unseen = [c for c in deck_ids(rules.deck) if c not in seen]
    hands, stocks = [], []
    for _ in range(games):
        rng.shuffle(unseen)
        rest, row = list(unseen), []
        for s in range(P):
            n = 0 if s == p.seat else p.hand_sizes[s] - len(p.known[s])
            row.append(to_mask((p.hand if s == p.seat else p.known[s]) + tuple(rest[:n])))
            rest = rest[n:]
        if p.decision == "defend":
            row[p.thrower] |= 1 << p.card
        hands.append(row)
        stocks.append([-1] * (S - p.stock) + rest + ([p.bottom] if p.bottom >= 0 else []))
    defend = p.decision == "defend"
    att = p.attack_mask & ~((1 << p.card) if defend else 0)

    def col(x, dt=np.intp):
        return np.full(games, x, dtype=dt)

    return TanState(hands=np.array(hands, dtype=np.uint64).T.copy(), stock=np.array(stocks, dtype=np.int16),
                    top=col(S - p.stock), trump=col(p.trump), disc=col(to_mask(p.discard), np.uint64),
                    att=col(att, np.uint64), cov=col(p.cover_mask, np.uint64), attacker=col(p.attacker),
                    defender=col(p.defender), cur=col(p.thrower if defend else p.seat),
                    passes=col(0 if defend else p.passes), cap=col(p.cap),
                    out=np.repeat(np.array(p.out)[:, None], games, axis=1), bouts=col(p.bouts), pickups=col(0),
                    first_attacker=col(p.attacker))


def test_mid_bout_odds_agree_with_python_dealt_continuations():
    """At adds and defences cut from games (4 and 3 players), the odds row of ``play_out`` (2,000 worlds) against
    1,500 batch-engine games from states the test builds itself, the unseen cards dealt by a plain Python shuffle:
    a two-sample z-test of the chance to lose and of a draw, family false-alarm rate 0.001 (Bonferroni over 8
    tests: |z| < 3.84)."""
    rng = random.Random(9)
    for rules, players, seed in ((TanRules(), "tuned", 31), (TanRules(players=3), "heuristic", 32)):
        log, _ = replayed(seed, rules, players)
        for decision in ("add", "defend"):
            found = [q for q, _ in log if q.decision == decision and q.stock > 0]
            p = found[len(found) // 2]
            ours = play_out(p, None, players, 2000, seed)
            state = python_dealt_states(p, 1500, rng)
            fa = np.full(1500, p.card if decision == "defend" else -2)
            res = play_from_state(rules, state, seat_strategies(players, rules.players), force_attack=fa)
            theirs = {"lose": (res.loser == p.seat).sum(), "draw": res.draw.sum()}
            for measure in ("lose", "draw"):
                z = z_score(ours.values[measure].sum(), ours.worlds, theirs[measure], 1500)
                assert abs(z) < 3.84, (seed, decision, measure, ours.values[measure].mean(), theirs[measure] / 1500)


def hidden_reshuffle(rules, order, seat, rng):
    """``order`` with every card ``seat`` cannot see at its first lead (the others' hands, the stock above the
    turned card) dealt again at random."""
    P, H = rules.players, rules.hand_size
    order = list(order)
    hidden = [i for i in range(len(order)) if not (seat * H <= i < (seat + 1) * H or i == P * H)]
    cards = [order[i] for i in hidden]
    rng.shuffle(cards)
    for i, c in zip(hidden, cards):
        order[i] = c
    return order


def test_the_same_information_gives_the_same_outcomes():
    """Two deals that differ only in cards the first attacker cannot see give the same position at its first lead
    and the same outcomes for a seed; so does the position read back from its JSON form."""
    rules = TanRules(players=3, trump_exchange="none", first_attacker="seat0")
    orders, first = deal_orders(rules, np.random.default_rng(3), 1)
    twin = hidden_reshuffle(rules, orders[0], 0, random.Random(3))
    assert twin != list(orders[0])
    strategies = seat_strategies("heuristic", 3)
    p = watched_game(rules, orders[0], 0, strategies)[0][0][0]
    q = watched_game(rules, twin, 0, strategies)[0][0][0]
    assert p == q
    moves = legal_moves(p)[:3]
    a = play_out(p, moves, "heuristic", 300, 17)
    b = play_out(from_json(to_json(q)), moves, "heuristic", 300, 17)
    for m in ("lose", "draw"):
        assert np.array_equal(a.values[m], b.values[m])
    assert not np.array_equal(a.values["lose"], play_out(p, moves, "heuristic", 300, 18).values["lose"])


def test_more_worlds_extend_fewer_whatever_the_batch(monkeypatch):
    p = position.cut(8, TanRules(), "basic", 12)
    moves = legal_moves(p)[:3]
    whole = play_out(p, moves, "tuned", 40, 5)
    parts = play_out(p, moves, "tuned", 15, 5).then(play_out(p, moves, "tuned", 25, 5, first_world=15))
    monkeypatch.setattr(position_play, "MAX_GAMES", 20)
    small = play_out(p, moves, "tuned", 40, 5)
    for m in ("lose", "draw"):
        assert np.array_equal(whole.values[m], parts.values[m]) and np.array_equal(whole.values[m], small.values[m])
    assert whole.values["lose"].shape == (len(moves), 40) and whole.players == "tuned"


def test_the_odds_row_and_a_forced_defence():
    p = from_json({"rules": {}, "seat": 0, "decision": "defend", "hand": "4c 5s 6s 6c 6d 9c 10c", "trump": "d",
                   "bottom": "2d", "stock": 20, "discard": "", "table": [["2h", "5h"], ["2c", None]], "attacker": 3,
                   "defender": 0, "hand_sizes": [7, 7, 8, 7], "known": ["", "", "", "Kd"], "thrower": 1})
    odds = play_out(p, None, "basic", 200, 1)
    assert odds.moves == ("as basic plays",) and odds.values["lose"].shape == (1, 200)
    basic_move = move_text(p, seat_strategies("basic", 4)[0].defend(_reference_view(p), None) or PASS)
    assert np.array_equal(odds.values["lose"][0], play_out(p, [basic_move], "basic", 200, 1).values["lose"][0])
    for moves, worlds, players, message in ((["5s"], 10, "basic", "not a legal move"),
                                            ("6d", 10, "basic", "a list of moves"),
                                            (["6d"], 0, "basic", "worlds must be"),
                                            (["6d"], 10, "nobody", "nobody")):
        with pytest.raises(CardoddsError, match=message):
            play_out(p, moves, players, worlds, 1)


def _reference_view(p: Position):
    """A reference-engine defence view of ``p`` (the fields the ``basic`` player reads)."""
    from types import SimpleNamespace
    return SimpleNamespace(seat=p.seat, hand=list(p.hand), legal=[c for c in legal_codes(p) if c >= 0],
                           trump=p.trump, stock_left=p.stock, card=p.card, n_attack=len(p.table),
                           attack=[a for a, _ in p.table], cover=[c for _, c in p.table if c >= 0], rules=p.rules,
                           thrower=p.thrower, hand_sizes=list(p.hand_sizes))


# -- exactness ----------------------------------------------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def brute(hands, a, att, cov, card, cap, trump):
    """Plain recursive search of a 2-player Tấn endgame with the stock empty under the default rules: the value
    (+1 win, 0 draw, -1 loss) for the seat to move, and each legal move's value.  ``hands``: two frozensets; seat
    ``a`` attacks; ``card`` is the uncovered card the defender must answer (None: the attacker moves)."""
    d = 1 - a
    mover = d if card is not None else a
    moves = {}
    if card is not None:
        for c in sorted(hands[d]):
            if beats(c, card, trump):
                h = list(hands)
                h[d] = hands[d] - {c}
                moves[c] = after_cover(h, a, att, cov | {c}, cap, trump, mover)
        h = list(hands)
        h[d] = hands[d] | att | cov
        moves[PASS] = bout_over(h, a, False, trump, mover)
    else:
        ranks = {rank_of(c) for c in att | cov}
        for c in sorted(hands[a]):
            if not att or (len(att) < cap and rank_of(c) in ranks):
                h = list(hands)
                h[a] = hands[a] - {c}
                moves[c] = after_attack(h, a, att | {c}, cov, c, cap, trump, mover)
        if att:
            moves[PASS] = bout_over(list(hands), a, True, trump, mover)
    return max(moves.values()), moves


def for_seat(value_for_mover, mover, seat):
    return value_for_mover if mover == seat else -value_for_mover


def after_attack(h, a, att, cov, c, cap, trump, seat):
    if any(beats(x, c, trump) for x in h[1 - a]):
        v, _ = brute(tuple(h), a, att, cov, c, cap, trump)
        return for_seat(v, 1 - a, seat)
    h[1 - a] = h[1 - a] | att | cov
    return bout_over(h, a, False, trump, seat)


def after_cover(h, a, att, cov, cap, trump, seat):
    ranks = {rank_of(x) for x in att | cov}
    if h[1 - a] and len(att) < cap and any(rank_of(x) in ranks for x in h[a]):
        v, _ = brute(tuple(h), a, att, cov, None, cap, trump)
        return for_seat(v, a, seat)
    return bout_over(h, a, True, trump, seat)


def bout_over(h, a, defended, trump, seat):
    """The bout's end: who is out (the game's value for ``seat``), else the next bout."""
    if not h[0] and not h[1]:
        return 0
    if not h[0] or not h[1]:
        return 1 if not h[seat] else -1
    na = 1 - a if defended else a
    v, _ = brute(tuple(h), na, frozenset(), frozenset(), None, len(h[1 - na]), trump)
    return for_seat(v, na, seat)


def tiny_positions(n, rng):
    """Random 2-player endgames with the stock empty: 1–4 cards a hand, a lead, an add or a defence."""
    rules = TanRules(players=2)
    out = []
    while len(out) < n:
        cards = rng.sample(range(52), 9)
        trump = rng.randrange(4)
        ha, hd = rng.randint(1, 4), rng.randint(1, 4)
        a_hand, d_hand = cards[:ha], cards[ha:ha + hd]
        kind = rng.choice(["attack", "add", "defend"])
        table = []
        if kind != "attack":
            x = cards[8]
            beaters = [c for c in cards[4:8] if beats(c, x, trump) and c not in a_hand + d_hand]
            if not beaters:
                continue
            table = [(x, beaters[0])] if kind == "add" else [(x, -1)]
        used = set(a_hand) | set(d_hand) | {c for t in table for c in t if c >= 0}
        discard = [c for c in range(52) if c not in used]
        if len(discard) % 2:
            continue
        seat, hand = (0, a_hand) if kind != "defend" else (1, d_hand)
        sizes = (len(a_hand), len(d_hand))
        p = Position(rules, seat, kind, tuple(sorted(hand)), trump, -1, 0,
                     tuple(discard), tuple(table), 0, 1, sizes, ((), ()), (False, False),
                     thrower=0 if kind == "defend" else -1)
        try:
            check(p)
        except CardoddsError:
            continue
        out.append((p, frozenset(a_hand), frozenset(d_hand)))
    return out


def test_exact_values_match_a_brute_force_search():
    """Every legal move's exact value in random tiny 2-player endgames is the plain recursive search's."""
    for p, a_hand, d_hand in tiny_positions(40, random.Random(5)):
        att = frozenset(a for a, _ in p.table)
        cov = frozenset(c for _, c in p.table if c >= 0)
        card = p.card if p.decision == "defend" else None
        best, values = brute((a_hand, d_hand), 0, att, cov, card, p.cap, p.trump)
        moves = legal_moves(p)
        out = exact(p, moves)
        assert out.exact and out.worlds == 1 and out.moves == tuple(moves)
        for k, code in enumerate(legal_codes(p)):
            v = values[code]
            assert (out.values["lose"][k, 0], out.values["draw"][k, 0]) == (v < 0, v == 0), (to_json(p), moves[k])
        whole = exact(p)
        assert (whole.values["lose"][0, 0], whole.values["draw"][0, 0]) == (best < 0, best == 0)


def test_exact_is_none_where_the_solver_does_not_apply():
    assert exact(position.cut(1, TanRules(), "basic", 5)) is None  # 4 players
    p = position.cut(1, TanRules(players=2), "basic", 3)
    assert p.stock > 0 and exact(p) is None
    late = [q for q, _ in replayed(1, TanRules(players=2), "basic")[0] if q.stock == 0]
    big = [q for q in late if sum(q.hand_sizes) + sum(1 + (c >= 0) for _, c in q.table) > 12]
    assert big and all(exact(q) is None for q in big)


def test_a_take_in_progress_cannot_be_played_out():
    rules = TanRules(players=2, throw_in_after_take=True)
    for seed in range(30):
        taking = [p for p, _ in replayed(seed, rules, "basic")[0] if p.taking]
        if taking:
            break
    with pytest.raises(CardoddsError, match="lên"):
        play_out(taking[0], None, "basic", 10, 1)
