"""Properties of played games over random seeds, rules and random legal play (hypothesis).

Each game's move log is replayed here by a small independent checker (its own reading of the rules, not the
engine's move generator):

- Tấn: every card is in exactly one place after every event; every lead is the attacker's, every added card (tấn
  cùng) has a rank already on the table, a bout never holds more attack cards than the cap, every cover beats the
  card it covers, draws come off the top of the stock in order; each game ends exactly one way (loss, draw or
  truncated), and the batch engine equals the reference engine for deterministic players.
- Chắn: a random-legal game's log survives JSON and the movelog loader, the foul checker finds no foul in it, the
  replayed game ends the same way for the same points, the net points per game add to zero across the seats, and the
  batch engine equals the reference engine for basic and heuristic players.
- Sâm: in random-legal games every play is formed from the player's own cards and either leads a round or beats the
  play on the table (same kind and length, higher top; or a chặt allowed by the rules); payments add to zero.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

PROPS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SEEDS = st.integers(0, 2**32 - 1)


# --- Tấn ------------------------------------------------------------------------------------------------------------

TAN_VARIANTS = [
    {}, dict(players=2), dict(players=3), dict(players=6), dict(trump_exchange="two_only"),
    dict(trump_exchange="none"), dict(deck=36, hand_size=6), dict(deck=36, hand_size=6, players=5, max_attack_cards=4),
    dict(refill_order="attacker_others_defender", players=3), dict(first_attacker="seat0", players=5),
    dict(max_bouts=6), dict(max_attack_cards=2, players=2), dict(defender_runs_out="others_may_continue"),
    dict(defender_runs_out="others_may_continue", players=2),
    dict(defender_runs_out="others_may_continue", max_attack_cards=5, players=3, deck=36, hand_size=6),
]


def _tan_beats(cover: int, attack: int, trump: int) -> bool:
    """The checker's own reading of "covers": higher of the same suit, or any trump on a plain card."""
    from cardodds.sim.tan.cards import rank_of, suit_of

    if suit_of(cover) == suit_of(attack):
        return rank_of(cover) > rank_of(attack)
    return suit_of(cover) == trump and suit_of(attack) != trump


def check_tan_log(rules, order, first: int, log, outcome) -> dict:
    """Replay a Tấn move log from the deal; assert every move legal and every card in one place.  Move tallies.

    Also the order of play of ``cardodds.sim.tan.reference``: adders take turns (the attacker first, then the others still in,
    the defender excluded), a bout is defended when every adder has passed in a row (or the defender has no card
    left), the next attacker is the defender (defended) or the player after them (taken), and the refill follows
    ``refill_order``, each player drawing up to the hand size while the stock lasts.
    """
    from cardodds.sim.tan.cards import deck_ids, min_rank, rank_of, suit_of

    P, H = rules.players, rules.hand_size
    order = [int(c) for c in order]
    deck = deck_ids(rules.deck)
    hands = [set(order[p * H:(p + 1) * H]) for p in range(P)]
    turned = order[P * H]
    trump = suit_of(turned)
    stock = order[P * H + 1:] + [turned]
    discard: list[int] = []
    attack: list[int] = []
    cover: list[int] = []
    out = [False] * P
    a = d = cap = None
    throwers: list[int] = []
    turn = passes = 0
    next_a = first
    refill: list[int] = []  # seats still allowed to draw after the bout, in order
    tally = {"attack": 0, "add": 0, "cover": 0, "take": 0, "bouts": 0}
    kind0, dealt, turned0, fa0 = log[0]
    assert kind0 == "deal" and dealt == [sorted(h) for h in hands] and turned0 == turned and fa0 == first
    in_bout, ended = False, None

    def at_or_after(seat):
        return next(x for x in ((seat + k) % P for k in range(P)) if not out[x])

    for i, ev in enumerate(log[1:], 1):
        kind, where = ev[0], f"event {i} {ev}"
        assert ended is None, f"{where} after the end"
        if kind == "exchange":
            s, choice, old = ev[1:]
            assert rules.trump_exchange != "none" and tally["bouts"] == 0 and old == turned, where
            assert choice in hands[s] and suit_of(choice) == trump, where
            if rules.trump_exchange == "any_lower":
                assert rank_of(choice) < rank_of(turned), where
            else:
                assert rank_of(choice) == min_rank(rules.deck), where
                next_a = s  # the swapper attacks first
            hands[s].remove(choice)
            hands[s].add(turned)
            stock[-1] = turned = choice
        elif kind == "bout":
            _, n, a, d = ev
            tally["bouts"] += 1
            assert n == tally["bouts"] and not attack and not cover and not in_bout, where
            assert a == next_a, f"{where}: seat {next_a} should attack"
            assert not out[a] and not out[d] and a != d, where
            assert d == next(s for s in ((a + k) % P for k in range(1, P)) if not out[s]), where
            cap = min(len(hands[d]), rules.attack_cap)
            throwers = [a] + [s for s in ((a + k) % P for k in range(1, P)) if not out[s] and s != d]
            turn = passes = 0
            in_bout = True
        elif kind == "attack":
            t, c = ev[1:]
            assert in_bout and t == throwers[turn] and c in hands[t], f"{where}: not seat {t}'s turn or card"
            assert len(cover) == len(attack), f"{where}: an attack card is still uncovered"
            if attack:
                assert rank_of(c) in {rank_of(x) for x in attack + cover}, f"{where}: rank not on the table"
                tally["add"] += 1
            else:
                assert t == a, f"{where}: the lead is not the attacker's"
            assert len(attack) < cap, f"{where}: more than {cap} attack cards"
            hands[t].remove(c)
            attack.append(c)
            passes = 0
            tally["attack"] += 1
        elif kind == "cover":
            s, att, cov = ev[1:]
            assert s == d and attack and att == attack[-1] and len(cover) == len(attack) - 1, where
            assert cov in hands[d] and _tan_beats(cov, att, trump), f"{where}: the cover does not beat the card"
            hands[d].remove(cov)
            cover.append(cov)
            tally["cover"] += 1
        elif kind == "pass":
            assert in_bout and ev[1] == throwers[turn] and attack and len(cover) == len(attack), where
            passes += 1
            turn = (turn + 1) % len(throwers)
        elif kind in ("take", "discard"):
            if kind == "take":
                s, cards = ev[1:]
                assert s == d and len(cover) == len(attack) - 1 and cards == sorted(attack + cover), where
                hands[d].update(cards)
                tally["take"] += 1
            else:
                assert attack and len(cover) == len(attack) and ev[1] == sorted(attack + cover), where
                assert passes == len(throwers) or not hands[d], f"{where}: defended before every adder passed"
                discard += attack + cover
            attack, cover = [], []
            in_bout = False
            others = [s for s in ((a + k) % P for k in range(1, P)) if s != d]
            refill = [a, d] + others if rules.refill_order == "attacker_defender_others" else [a] + others + [d]
            bout_d, taken = d, kind == "take"
        elif kind == "draw":
            s, drawn = ev[1:]
            assert drawn and drawn == stock[:len(drawn)] and not out[s], f"{where}: not the top of the stock"
            stock = stock[len(drawn):]
            if in_bout:  # drawn inside a bout: the defender covered with their last card
                assert s == d and not hands[d] and rules.defender_runs_out == "others_may_continue", where
                cap = min(len(attack) + len(drawn), rules.attack_cap)
            else:
                assert s in refill, f"{where}: out of the refill order {refill}"
                refill = refill[refill.index(s) + 1:]
            hands[s].update(drawn)
            assert len(hands[s]) == H or (not stock and len(hands[s]) < H), f"{where}: not drawn up to {H}"
        elif kind == "out":
            s = ev[1]
            assert not stock and not hands[s] and not out[s] and not in_bout, where
            out[s] = True
        elif kind in ("end", "truncated"):
            ended = ev
        else:
            raise AssertionError(f"unknown event {ev}")
        if kind in ("take", "discard", "draw", "out") and not in_bout and sum(not o for o in out) > 1:
            next_a = at_or_after(bout_d + 1 if taken else bout_d)
        where_cards = [c for h in hands for c in h] + stock + attack + cover + discard
        assert sorted(where_cards) == deck, f"{where}: a card is lost or duplicated"
    assert ended is not None and not in_bout, "the log has no end"
    if stock:  # every player short of a full hand has drawn
        assert all(len(hands[s]) >= H for s in range(P))
    left = [s for s in range(P) if not out[s]]
    if ended[0] == "end":
        assert not stock and len(left) <= 1 and ended[1] == (left[0] if left else None)
        assert all(not hands[s] for s in range(P) if s != ended[1])
        assert outcome.loser == ended[1] and outcome.draw == (ended[1] is None) and not outcome.truncated
    else:
        assert outcome.truncated and outcome.loser is None and not outcome.draw and ended[1] == rules.max_bouts
        assert tally["bouts"] == rules.max_bouts and len(left) > 1
    assert outcome.bouts == tally["bouts"] and outcome.pickups == tally["take"]
    assert (outcome.loser is not None) + outcome.draw + outcome.truncated == 1
    assert outcome.first_attacker == next(e[2] for e in log if e[0] == "bout")
    return tally


@settings(PROPS, max_examples=100)
@given(st.sampled_from(range(len(TAN_VARIANTS))), SEEDS)
def test_tan_random_legal_games_are_legal_and_conserve_cards(variant, seed):
    from cardodds.sim.tan.deal import deal_orders
    from cardodds.sim.tan.reference import TanGame
    from cardodds.sim.tan.rules import TanRules
    from cardodds.sim.tan.strategies import RandomLegal

    rules = TanRules(**TAN_VARIANTS[variant])
    orders, first = deal_orders(rules, np.random.default_rng(seed), 3)
    rng = np.random.default_rng(seed + 1)
    for order, f in zip(orders, first):
        game = TanGame(rules, order, int(f), [RandomLegal()] * rules.players, rng=rng, check=True)
        outcome = game.play()
        check_tan_log(rules, order, int(f), game.log, outcome)


@PROPS
@given(st.sampled_from(range(len(TAN_VARIANTS))), SEEDS, st.lists(st.integers(0, 3), min_size=6, max_size=6))
def test_tan_batch_equals_reference_for_deterministic_players(variant, seed, picks):
    from cardodds.sim.tan.batch import play_batch
    from cardodds.sim.tan.deal import deal_orders
    from cardodds.sim.tan.reference import TanGame
    from cardodds.sim.tan.rules import TanRules
    from cardodds.sim.tan.strategies import Basic, Heuristic

    rules = TanRules(**TAN_VARIANTS[variant])
    menu = [Basic(), Heuristic(), Basic(throw_max="A"), Heuristic(save_trumps=False, overload=False)]
    players = [menu[k] for k in picks[:rules.players]]
    orders, first = deal_orders(rules, np.random.default_rng(seed), 8)
    batch = play_batch(rules, orders, first, players, check=True)
    assert ((batch.loser >= 0).astype(int) + batch.draw + batch.truncated == 1).all()
    for i in range(len(orders)):
        game = TanGame(rules, orders[i], int(first[i]), players, check=True)
        out = game.play(skip_cycles=True)
        if not any(e[0] == "cycle" for e in game.log):  # a skipped cycle is not replayable move by move
            check_tan_log(rules, orders[i], int(first[i]), game.log, out)
        ref = (-1 if out.loser is None else out.loser, out.draw, out.truncated, out.bouts, out.pickups,
               out.first_attacker)
        got = (int(batch.loser[i]), bool(batch.draw[i]), bool(batch.truncated[i]), int(batch.bouts[i]),
               int(batch.pickups[i]), int(batch.first_attacker[i]))
        assert ref == got, f"seed {seed} game {i}: reference {ref}, batch {got}"


@settings(PROPS, max_examples=30)
@given(st.sampled_from(range(len(TAN_VARIANTS))), SEEDS)
def test_tan_random_batch_games_conserve_cards_and_end_one_way(variant, seed):
    from cardodds.sim.tan.batch import play_batch
    from cardodds.sim.tan.deal import deal_orders
    from cardodds.sim.tan.rules import TanRules
    from cardodds.sim.tan.strategies import RandomLegal

    rules = TanRules(**TAN_VARIANTS[variant])
    orders, first = deal_orders(rules, np.random.default_rng(seed), 40)
    res = play_batch(rules, orders, first, [RandomLegal()] * rules.players, rng=np.random.default_rng(seed),
                     check=True)  # check: conservation and legality asserted after every step
    assert ((res.loser >= 0).astype(int) + res.draw + res.truncated == 1).all()
    assert (res.loser < rules.players).all() and (res.bouts >= 1).all() and (res.bouts <= rules.max_bouts).all()
    assert (res.bouts[res.truncated] == rules.max_bouts).all()


@pytest.mark.parametrize("variant", [0, 1, 4, 6, 12])
def test_tan_expert_games_are_legal(variant):
    """The expert (search on the batch engine) at a seat of reference games: every move passes the checker."""
    from cardodds.sim.tan.deal import deal_orders
    from cardodds.sim.tan.expert import Expert
    from cardodds.sim.tan.reference import TanGame
    from cardodds.sim.tan.rules import TanRules
    from cardodds.sim.tan.strategies import Heuristic

    rules = TanRules(**TAN_VARIANTS[variant])
    orders, first = deal_orders(rules, np.random.default_rng(variant), 1)
    players = [Heuristic()] * rules.players
    players[variant % rules.players] = Expert(samples=2, max_candidates=3)
    game = TanGame(rules, orders[0], int(first[0]), players, rng=np.random.default_rng(variant), check=True)
    outcome = game.play()
    tally = check_tan_log(rules, orders[0], int(first[0]), game.log, outcome)
    assert tally["attack"] > 5


def test_the_tan_checker_catches_broken_logs():
    """The log checker is not vacuous: a wrong cover, a lost card, a card played twice, a bout ended early and the
    wrong attacker are each caught."""
    from cardodds.sim.tan.deal import deal_orders
    from cardodds.sim.tan.reference import TanGame
    from cardodds.sim.tan.rules import TanRules
    from cardodds.sim.tan.strategies import Basic

    rules = TanRules(players=3)
    orders, first = deal_orders(rules, np.random.default_rng(5), 20)
    games = []
    for order, f in zip(orders, first):
        g = TanGame(rules, order, int(f), [Basic()] * 3)
        games.append((order, int(f), g, g.play()))
    order, f, game, out = next(x for x in games if any(e[0] == "attack" for e in x[2].log))
    check_tan_log(rules, order, f, game.log, out)
    log = list(game.log)
    i = next(k for k, e in enumerate(log) if e[0] == "cover")
    s, att, cov = log[i][1:]
    log[i] = ("cover", s, att, att)  # a card covering itself
    with pytest.raises(AssertionError):
        check_tan_log(rules, order, f, log, out)
    log = list(game.log)
    i = next(k for k, e in enumerate(log) if e[0] == "discard")
    log[i] = ("discard", log[i][1][:-1])  # a card gone missing
    with pytest.raises(AssertionError):
        check_tan_log(rules, order, f, log, out)
    log = list(game.log)
    i = next(k for k, e in enumerate(log) if e[0] == "attack")
    log.insert(i + 1, log[i])  # the same card played twice
    with pytest.raises(AssertionError):
        check_tan_log(rules, order, f, log, out)
    log = list(game.log)
    i = next(k for k, e in enumerate(log) if e[0] == "pass" and log[k + 1][0] == "discard")
    del log[i]  # the bout ends before every adder has passed
    with pytest.raises(AssertionError, match="passed|turn"):
        check_tan_log(rules, order, f, log, out)
    log = list(game.log)
    i = next(k for k, e in enumerate(log) if e[0] == "bout" and e[1] == 2)
    log[i] = ("bout", 2, log[i][3], log[i][2])  # the wrong seat attacks
    with pytest.raises(AssertionError):
        check_tan_log(rules, order, f, log, out)


# --- Chắn -----------------------------------------------------------------------------------------------------------

CHAN_VARIANTS = [
    {}, dict(cai_seat=2), dict(cai_seat=3, ga=True), dict(ga=True, points={"leo": 3, "chi": 2}),
    dict(allow_skip_thien_u=True, cai_seat=1), dict(min_points_to_win="no_xuong"), dict(min_points_to_win=3, ga=True),
]


def _chan_net(game) -> np.ndarray:
    """Net points per seat of one game, as the ``chan.play`` task counts them."""
    from cardodds.sim.chan.play_task import add_game, empty_counts

    counts = empty_counts()
    add_game(counts, game)
    assert int(counts["games"]) == 1
    return counts["net"]


@settings(PROPS, max_examples=60)
@given(st.sampled_from(range(len(CHAN_VARIANTS))), SEEDS,
       st.lists(st.sampled_from(["random", "basic", "heuristic", "cuoc", {"name": "expert", "samples": 2}]),
                min_size=4, max_size=4))
def test_chan_random_legal_games_replay_without_a_foul_and_net_points_add_to_zero(variant, seed, seats):
    from cardodds.sim.chan.deal import deal_orders
    from cardodds.sim.chan.movelog import game_log, parse_log
    from cardodds.sim.chan.reference import ChanGame, play_game
    from cardodds.sim.chan.replay import check_game_log
    from cardodds.sim.chan.rules import ChanRules
    from cardodds.sim.chan.scorer import cuoc_of, points
    from cardodds.sim.chan.players import seat_strategies

    rules = ChanRules(**CHAN_VARIANTS[variant])
    seats = ["random"] + seats[1:] if "random" not in seats else seats  # at least one random seat
    strategies = seat_strategies(seats)
    rng = np.random.default_rng(seed)
    for order in deal_orders(rng, 2):
        game = play_game(ChanGame.from_order(rules, order), strategies, rng)
        assert game.over
        assert (game.winner is not None) + game.draw == 1 and game.u_lao is None and game.missed_wins == []
        log = parse_log(json.loads(game_log(game).dumps()))  # well-formed: survives JSON and the loader
        fouls, again = check_game_log(log)
        assert fouls == [], [f.describe() for f in fouls]
        assert again.moves == game.moves
        assert (again.winner, again.draw, again.cuoc, again.points) == (game.winner, game.draw, game.cuoc, game.points)
        net = _chan_net(game)
        assert int(net.sum()) == 0
        if game.winner is None:
            assert (net == 0).all() and game.points == 0
        else:
            assert game.points == points(cuoc_of(game.win, rules), rules) > 0
            assert net[game.winner] == 3 * game.points and (np.delete(net, game.winner) == -game.points).all()


@settings(PROPS, max_examples=30)
@given(st.sampled_from(range(len(CHAN_VARIANTS))), SEEDS,
       st.lists(st.sampled_from(["basic", "heuristic", {"name": "heuristic", "max_ca": 3, "w_wide": 0.0},
                                 {"name": "heuristic", "chiu": False}, {"name": "heuristic", "wait_first": False},
                                 "cuoc", {"name": "cuoc", "keep_red": False, "bach_thu": 8, "leo": 4, "tam_do": 0}]),
                min_size=4, max_size=4))
def test_chan_batch_equals_reference_for_basic_players(variant, seed, seats):
    from cardodds.sim.chan.batch import CUOC, FOUL_CODES, WIN_TYPES, play_batch
    from cardodds.sim.chan.deal import deal_orders
    from cardodds.sim.chan.reference import ChanGame, play_game
    from cardodds.sim.chan.rules import ChanRules
    from cardodds.sim.chan.players import seat_strategies

    rules = ChanRules(**CHAN_VARIANTS[variant])
    strategies = seat_strategies(seats)
    orders = deal_orders(np.random.default_rng(seed), 6)
    res = play_batch(rules, orders, strategies)
    hows = ("thien_u", "u", "chiu_u")
    for i, order in enumerate(orders):
        g = play_game(ChanGame.from_order(rules, order), strategies)
        ref = (-1 if g.winner is None else g.winner, g.draw, -1 if g.win is None else hows.index(g.win.how),
               0 if g.win is None else 1 + WIN_TYPES.index(g.win.win_type), dict(g.cuoc), g.points, g.noc_left,
               len(g.moves), [g.fouls_avoided.get(c, 0) for c in FOUL_CODES])
        got = (int(res.winner[i]), bool(res.draw[i]), int(res.how[i]), int(res.win_type[i]),
               {CUOC[j]: int(v) for j, v in enumerate(res.cuoc[i]) if v}, int(res.points[i]), int(res.noc_left[i]),
               int(res.moves[i]), [int(x) for x in res.fouls_avoided[i]])
        assert ref == got, f"seed {seed} game {i}"


# --- Sâm ------------------------------------------------------------------------------------------------------------


def _sam_play(ranks: list[int], rules) -> tuple[str, int, int]:
    """(kind, length, top) of a play, by the checker's own reading of RULES §2.2; top of a straight is a position."""
    from cardodds.sim.sam.cards import ACE, TWO

    ranks = sorted(ranks)
    if len(set(ranks)) == 1 and len(ranks) <= 4:
        return ("single", "pair", "triple", "quad")[len(ranks) - 1], len(ranks), ranks[0]
    assert len(ranks) >= 3 and len(set(ranks)) == len(ranks), f"not a combination: {ranks}"
    # positions: 3..K at 2..12, A high 13; with "a23_to_qka" A may be 0 and 2 may be 1 (low)
    high = [r + 2 if r < ACE else (13 if r == ACE else None) for r in ranks]
    if None not in high and max(high) - min(high) == len(ranks) - 1:
        return "straight", len(ranks), max(high)
    assert rules.straights == "a23_to_qka", f"not a straight under 3_to_a: {ranks}"
    low = sorted(0 if r == ACE else (1 if r == TWO else r + 2) for r in ranks)
    assert low == list(range(low[0], low[0] + len(low))), f"not a straight: {ranks}"
    return "straight", len(ranks), low[-1]


def _sam_beats(new, cur, rules) -> bool:
    from cardodds.sim.sam.cards import TWO

    if new[0] == "quad" and cur[0] == "single" and cur[2] == TWO:
        return rules.chop_two
    if new[0] == "quad" and cur[0] == "quad":
        return rules.chop_quad and new[2] > cur[2]
    return new[:2] == cur[:2] and new[2] > cur[2]


def check_sam_log(cards, leader: int, rules, res) -> int:
    """Replay a Sâm text log: each play from the player's cards, leading a round or beating the play on the table."""
    import re

    from cardodds.sim.sam.cards import TWO, parse_cards, rank_of

    P = rules.players
    hands = [set(int(c) for c in cards[s]) for s in range(P)]
    play_re = re.compile(r"^seat (\d) (leads|beats with|chops with) .* \(([^)]*)\)$")
    current = None
    plays, last, passed = 0, None, set()
    for line in res.log:
        m = play_re.match(line)
        if m:
            s, verb, text = int(m.group(1)), m.group(2), m.group(3)
            played = parse_cards(text)
            assert set(played) <= hands[s], f"{line}: cards not in the hand"
            assert s not in passed, f"{line}: the seat passed earlier in this round"
            hands[s] -= set(played)
            new = _sam_play([rank_of(c) for c in played], rules)
            if current is None:
                assert verb == "leads", f"{line}: a play on an empty table must lead"
            else:
                assert verb != "leads" and _sam_beats(new, current, rules), f"{line}: does not beat {current}"
                assert (verb == "chops with") == (new[0] == "quad" and current[0] in ("quad", "single")), line
            if rules.no_finish_on_two and not hands[s]:
                assert all(rank_of(c) != TWO for c in played), f"{line}: finishes on a 2"
            current, last = new, s
            plays += 1
        elif line.startswith("round to seat"):
            assert int(line.split()[-1]) == last, f"{line}: the round goes to the last player, seat {last}"
            current, passed = None, set()
        elif "cannot lead" in line:
            current, passed = None, set()
        elif re.match(r"^seat \d passes$", line):
            assert current is not None and int(line.split()[1]) != last, f"{line}: a pass on an empty table"
            passed.add(int(line.split()[1]))
    assert plays == res.plays
    if res.outcome in ("normal", "sam_success"):
        assert not hands[res.winner], "the winner still holds cards"
    return plays


@st.composite
def _sam_setting(draw):
    options = draw(st.fixed_dictionaries({}, optional={
        "straights": st.sampled_from(["a23_to_qka", "3_to_a"]),
        "quad_beats": st.sampled_from([[], ["single_two"], ["lower_quad"], ["single_two", "lower_quad"]]),
        "no_finish_on_two": st.booleans(),
        "den_bai": st.booleans(),
        "play_on_after_failed_sam": st.booleans(),
        "first_leader": st.sampled_from(["random", "seat0"]),
        "toi_trang_tie": st.sampled_from(["first_in_turn", "by_kind"]),
    }))
    players = draw(st.integers(2, 5))
    declare = draw(st.lists(st.sampled_from(["never", "threshold", "oracle"]), min_size=players, max_size=players))
    return draw(SEEDS), players, options, declare


@settings(PROPS, max_examples=100)
@given(_sam_setting())
def test_sam_random_legal_plays_beat_the_table_and_payments_add_to_zero(setting):
    from cardodds.sim.sam.reference import deal_games, play_game
    from cardodds.sim.sam.rules import SamRules
    from cardodds.sim.sam.strategies import RandomLegal

    seed, players, options, declare = setting
    rules = SamRules(players=players, **options)
    strategies = [RandomLegal() if d == "never" else RandomLegal(declare=d, threshold=0.6) if d == "threshold"
                  else RandomLegal(declare=d) for d in declare]
    rng = np.random.default_rng(seed)
    cards, leader = deal_games(rng, 6, rules)
    for i in range(len(cards)):
        res = play_game(cards[i], int(leader[i]), rules, strategies, rng=rng, log=True)
        assert int(res.pay.sum()) == 0
        check_sam_log(cards[i], int(leader[i]), rules, res)


def test_the_sam_checker_knows_the_beat_relation():
    from cardodds.sim.sam.cards import ACE, TWO
    from cardodds.sim.sam.rules import SamRules

    r = SamRules(quad_beats=["single_two"])
    assert _sam_play([ACE, TWO, 0], r) == ("straight", 3, 2)  # A-2-3
    assert _sam_play([9, 10, ACE], r) == ("straight", 3, 13)  # Q-K-A
    assert _sam_beats(("quad", 4, 3), ("single", 1, TWO), r) and not _sam_beats(("quad", 4, 5), ("quad", 4, 3), r)
    assert not _sam_beats(("pair", 2, 5), ("single", 1, 3), r) and not _sam_beats(("straight", 4, 9), ("straight", 3, 8), r)
    with pytest.raises(AssertionError):
        _sam_play([10, ACE, TWO], r)  # K-A-2 is no straight
