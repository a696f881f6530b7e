"""The perfect-information Sâm solver (``cardodds.sim.sam.solver``) against brute force on the reference engine.

The brute force enumerates every line with the reference engine's own game (``SamGame.apply``, copied at every
branch), so it shares no code with the solver's state machine: positions built by hand (a chặt chain, a đền, a
standing Sâm, a stuck leader, a failed Sâm played on) and positions cut from games played by ``control`` players.
"""

from __future__ import annotations

import copy

import numpy as np
import pytest

from cardodds.sim.errors import CardoddsError
from cardodds.sim.sam.cards import N_RANKS, TWO
from cardodds.sim.sam.hand import QUAD, SINGLE, move_table
from cardodds.sim.sam.reference import GameResult, SamGame, deal_games
from cardodds.sim.sam.rules import SamRules
from cardodds.sim.sam.solver import Node, Solver, node_of_game
from cardodds.sim.sam.strategies import PASS, Control

# ------------------------------------------------------------------------------------------------ the brute force


def clone(g: SamGame) -> SamGame:
    """A copy of a reference game that the copy's moves leave the original untouched."""
    c = copy.copy(g)
    c.counts = [x.copy() for x in g.counts]
    c.cards = [list(x) for x in g.cards]
    c.played, c.passed, c.chain, c.moves, c.lines = list(g.played), list(g.passed), list(g.chain), [], []
    c.result = copy.copy(g.result)
    c.result.pay, c.result.cong, c.result.thoi_2 = g.result.pay.copy(), g.result.cong.copy(), g.result.thoi_2.copy()
    return c


def brute(g: SamGame, mode: str, root: int):
    """Value of ``g`` (payments from here on): max-n vectors (the first best in canonical order) or the paranoid
    scalar for ``root``."""
    start = g.result.pay.copy()

    def rec(x: SamGame):
        if x.over:
            d = x.result.pay - start
            return tuple(int(v) for v in d) if mode == "maxn" else int(d[root])
        moves = [int(m) for m in np.flatnonzero(x.legal())] + ([PASS] if x.may_pass else [])
        best = None
        for m in moves:
            y = clone(x)
            y.apply(m)
            v = rec(y)
            if best is None:
                best = v
            elif mode == "maxn":
                best = v if v[x.actor] > best[x.actor] else best
            else:
                best = max(best, v) if x.actor == root else min(best, v)
        return best

    return rec(g)


def brute_values(g: SamGame, mode: str, root: int) -> dict:
    """Every legal move of the actor → its brute-force value."""
    out = {}
    for m in [int(m) for m in np.flatnonzero(g.legal())] + ([PASS] if g.may_pass else []):
        y = clone(g)
        y.apply(m)
        start = g.result.pay
        if y.over:
            d = y.result.pay - start
            out[m] = tuple(int(v) for v in d) if mode == "maxn" else int(d[root])
        else:
            inner = brute(y, mode, root)
            d = y.result.pay - start  # paid by the move itself (a chặt chain at the round's end)
            out[m] = tuple(int(a + b) for a, b in zip(d, inner)) if mode == "maxn" else int(d[root]) + inner
    return out


# --------------------------------------------------------------------------------------- positions, by hand or cut


def game_of(rules: SamRules, node: Node) -> SamGame:
    """The reference engine's game at ``node`` (the cards' suits made up: they play no part once dealt)."""
    P = rules.players
    used = [0] * N_RANKS
    cards = []
    for h in node.hands:
        ids = []
        for r, c in enumerate(h):
            for _ in range(c):
                ids.append(r * 4 + used[r])
                used[r] += 1
        cards.append(ids)
    spare = [c for c in range(52) if c not in {x for ids in cards for x in ids}]
    dealt = np.array([sorted(ids + spare[10 * s: 10 * s + 10 - len(ids)]) for s, ids in enumerate(cards)])
    g = SamGame(rules, dealt, 0)
    g.over = False
    g.result = GameResult("normal", -1, np.zeros(P, np.int64), g.result.toi_trang, cong=np.zeros(P, bool),
                          thoi_2=np.zeros(P, np.int64))
    g.cards = [sorted(ids) for ids in cards]
    g.counts = [np.array(h, np.int64) for h in node.hands]
    g.played = [bool(node.played >> s & 1) for s in range(P)]
    g.passed = [bool(node.passed >> s & 1) for s in range(P)]
    g.actor, g.current, g.last = node.actor, node.current, node.last
    total, chopper, chopped = node.chain
    g.chain = [(chopper, chopped, total)] if chopper >= 0 else []
    g.den_pending = node.den if node.den[0] >= 0 else None
    g.declarer, g.sam_on, g.sam_failed, g.plan, g.ptr = node.declarer, node.sam_on, node.sam_failed, [], 0
    return g


def hand(*ranks) -> tuple:
    """Rank counts of a hand given by rank names' indices (3 = 0 … A = 11, 2 = 12)."""
    out = [0] * N_RANKS
    for r in ranks:
        out[r] += 1
    return tuple(out)


def cut_positions(rules: SamRules, seeds, cards_left: int):
    """Reference games played by ``control`` players until at most ``cards_left`` cards are in the hands."""
    for seed in seeds:
        cards, leader = deal_games(np.random.default_rng(seed), 1, rules)
        g = SamGame(rules, cards[0], int(leader[0]))
        if g.over:
            continue
        strat = [Control()] * rules.players
        g.declare(strat)
        while not g.over and sum(int(c.sum()) for c in g.counts) > cards_left:
            view = g.view(False)
            g.apply(int(strat[g.actor].choose(view, g.legal()[None], np.array([g.may_pass]))[0]))
        if not g.over:
            yield g


def check(rules: SamRules, g: SamGame, modes=("maxn", "paranoid")) -> None:
    node = node_of_game(g)
    for mode in modes:
        roots = [g.actor] if mode == "maxn" else range(rules.players)
        for root in roots:
            solver = Solver(rules, mode)
            got = solver.values(node, root)
            assert got == brute_values(g, mode, root), (mode, root, node)


R2, R3, R4 = SamRules(players=2), SamRules(players=3), SamRules(players=4)
T = move_table(R4)
LEAD = T.LEAD


def single(r):
    return T.find(SINGLE, r)


# -------------------------------------------------------------------------------------------------------- tests


@pytest.mark.parametrize("rules, left", [(R2, 7), (R3, 8), (R4, 8), (SamRules(players=3, den_on_pass=True), 8)])
def test_cut_positions_equal_brute_force(rules, left):
    n = 0
    for g in cut_positions(rules, range(40), left):
        check(rules, g)
        n += 1
        if n == 3:
            break
    assert n == 3


def test_hand_built_chop_chain_and_den():
    # 3 players: seat 0 chopped a 2 with a tứ quý of 5s (chain 15 owed by seat 2); seat 1 to answer; seat 2 is on
    # báo 1 after seat 1
    q5 = T.find(QUAD, 2)
    node = Node(hands=(hand(0, 7, 12), hand(3, 9, 10, 11), hand(8)), actor=1, current=q5, last=0, passed=1 << 2,
                played=0b111, chain=(15, 0, 2))
    check(R3, game_of(R3, node))
    # seat 1 leads with seat 2 on báo 1 after it: a low single is đền if seat 2 then goes out on it
    node = Node(hands=(hand(0, 7, 12), hand(3, 9, 10, 11), hand(8)), actor=1, current=LEAD, last=1, played=0b111)
    g = game_of(R3, node)
    check(R3, g)
    vals = Solver(R3, "maxn").values(node)
    # leading the 6 lets seat 2 win with its J at once: seat 1 pays for everyone (đền)
    assert vals[single(3)][2] > 0 and vals[single(3)][0] == 0 and vals[single(3)][1] < 0
    # seat 2's last card ties seat 1's highest (an A): a low lead still lets it out, and đền is owed; seat 0 has
    # never played (cóng)
    node = Node(hands=(hand(0, 7, 12), hand(3, 9, 11), hand(11)), actor=1, current=LEAD, last=1, played=0b110)
    check(R3, game_of(R3, node))
    assert Solver(R3).values(node)[single(3)] == (0, -15 - 2, 15 + 2)


def test_hand_built_sam_standing_and_played_on():
    node = Node(hands=(hand(0, 1, 2, 5), hand(3, 9, 12), hand(4, 10)), actor=0, current=LEAD, last=0,
                played=0b001, declarer=0, sam_on=True)
    check(R3, game_of(R3, node))
    on = SamRules(players=3, play_on_after_failed_sam=True)
    check(on, game_of(on, node))
    failed = Node(hands=node.hands, actor=1, current=single(5), last=0, played=0b011, declarer=0, sam_failed=True)
    check(on, game_of(on, failed))


def test_hand_built_stuck_leader_and_void():
    # seat 1's only card is a 2: it can never lead or go out under no_finish_on_two
    node = Node(hands=(hand(0, 0, 5), hand(TWO)), actor=0, current=LEAD, last=0, played=0b11)
    check(R2, game_of(R2, node))
    # seat 2 has led a 4: seats 0 and 1 hold one 2 each and may only pass; seat 2 then goes out on its 6
    node = Node(hands=(hand(TWO), hand(TWO), hand(3)), actor=0, current=single(1), last=2, played=0b111)
    check(R3, game_of(R3, node))
    assert Solver(R3).values(node) == {PASS: (-5, -5, 10)}
    with pytest.raises(CardoddsError):  # seat 2 on a free lead with a single 2 has no lead
        Solver(R3).values(Node(hands=(hand(TWO), hand(3), hand(TWO)), actor=2, current=LEAD, last=2))
    # seat 2 leading its 4 is left with a 2, as the others are: nobody can lead, the game is void; leading the 2
    # first (nobody can beat it) and then the 4 wins
    void = Node(hands=(hand(TWO), hand(TWO), hand(1, TWO)), actor=2, current=LEAD, last=2, played=0b111)
    check(R3, game_of(R3, void))
    assert Solver(R3).values(void) == {single(1): (0, 0, 0), single(TWO): (-5, -5, 10)} and void.cards_left == 4


def test_value_is_the_best_childs_value():
    for g in cut_positions(R4, range(40, 60), 9):
        node = node_of_game(g)
        for mode in ("maxn", "paranoid"):
            solver = Solver(R4, mode)
            value, best = solver.solve(node)
            vals = solver.values(node)
            assert value == vals[best]
            mine = (lambda v: v[node.actor]) if mode == "maxn" else (lambda v: v)
            assert mine(value) == max(mine(v) for v in vals.values())
            y = clone(g)
            y.apply(best)
            paid = y.result.pay - g.result.pay  # what the move itself paid (a chặt chain, or the game's end)
            child = solver.solve(node_of_game(y), node.actor)[0] if not y.over else (
                (0,) * R4.players if mode == "maxn" else 0)
            got = tuple(int(a + b) for a, b in zip(paid, child)) if mode == "maxn" else int(paid[node.actor]) + child
            assert got == value


def test_two_players_maxn_is_paranoid():
    for g in cut_positions(R2, range(60, 80), 9):
        node = node_of_game(g)
        a = Solver(R2, "maxn").values(node)
        b = Solver(R2, "paranoid").values(node)
        assert {m: v[node.actor] for m, v in a.items()} == b
        assert all(sum(v) == 0 for v in a.values())


def test_bad_input_is_one_line():
    with pytest.raises(CardoddsError, match="mode"):
        Solver(R4, "best")
    with pytest.raises(CardoddsError, match="max_entries"):
        Solver(R4, max_entries=0)
    with pytest.raises(CardoddsError, match="hands"):
        Solver(R4).values(Node(hands=(hand(1),), actor=0, current=LEAD, last=0))
    with pytest.raises(CardoddsError, match="root"):
        Solver(R2, "paranoid").values(Node(hands=(hand(1), hand(2)), actor=0, current=LEAD, last=0), root=5)
