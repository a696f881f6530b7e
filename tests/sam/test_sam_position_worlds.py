"""A Sâm position's play-out worlds are possible worlds: no opponent dealt a tới trắng (which would have ended the
game at the deal), the share dealt again as counted exactly, world j a function of (seed, j) however the worlds are
split, a user's player that reads its views back with ``from_json`` plays, and the expert's own worlds unchanged."""

from __future__ import annotations

import dataclasses
import hashlib
from itertools import combinations

import numpy as np
import pytest

from cardodds.sim.errors import CardoddsError
from cardodds.sim.sam import position as pos
from cardodds.sim.sam.cards import HAND_SIZE, N_RANKS, is_red, rank_counts
from cardodds.sim.sam.expert import Expert, deal_worlds
from cardodds.sim.sam.hand import toi_trang_flags
from cardodds.sim.sam.position_json import from_json, to_json
from cardodds.sim.sam.position_state import view_of
from cardodds.sim.sam.position_worlds import MAX_ATTEMPTS, impossible, possible_worlds
from cardodds.sim.sam.rules import SamRules
from cardodds.sim.sam.strategies import Control
from cardodds.sim.sam.user_seat import user_strategy
from cardodds.sim.user_player import UserPlayer

# Three seats.  Seat 1 has played four pairs and holds two cards: a pair among them is 5 đôi.  Seat 2 has played
# 7 … A and holds two: a 5 and a 6 make a sảnh rồng.  The 26 unseen cards are two of every rank.
RISKY = {"rules": {"players": 3}, "seat": 0, "hand": "7c 8s 9s 10s Jc Qs Kd As 2s 2c",
         "played": ["", "3s 3h 4c 4d 5s 5h 6c 6d", "7s 8h 9c 10d Js Qh Kc Ad"], "counts": [10, 2, 2]}


def _exact(p):
    """(chance some opponent is dealt a tới trắng, chance seat 2 holds a 5 given none is): every deal of the unseen
    cards (by card, suits and all) to seats 1 and 2, the hands judged by the engines' flags on their cards."""
    seen = set(p.hand).union(*p.played)
    unseen = [c for c in range(52) if c not in seen]
    bad = five = good = 0
    for one in combinations(unseen, p.counts[1]):
        rest = [c for c in unseen if c not in one]
        for two in combinations(rest, p.counts[2]):
            toi = False
            for s, held in ((1, one), (2, two)):
                cards = np.array(p.played[s] + held)
                toi |= bool(toi_trang_flags(rank_counts(cards), int(is_red(cards).sum()), p.rules).any())
            bad += toi
            if not toi:
                good += 1
                five += any(c // 4 == 2 for c in two)
    return bad / (bad + good), five / good


def test_worlds_give_no_opponent_a_toi_trang_and_the_share_dealt_again_is_the_exact_one():
    p = from_json(RISKY)
    p_bad, p_five = _exact(p)
    assert 0.05 < p_bad < 0.06  # 5 đôi 13/325, sảnh rồng 4/325, less both
    view, W = view_of(p), 20000
    first = deal_worlds(view, W, 0, 77)[0]
    bad = impossible(p, first)
    assert abs(bad.mean() - p_bad) < 4 * np.sqrt(p_bad * (1 - p_bad) / W)  # the first deals: unconditioned
    hands, rejected = possible_worlds(p, view, W, 0, 77)
    assert not impossible(p, hands[0]).any()
    played = np.stack([rank_counts(c) for c in p.played])
    dealt = hands[0] + played  # every seat's ten dealt cards, by rank
    assert np.all(dealt.sum(-1) == HAND_SIZE) and np.all(dealt.sum(1) <= 4)
    assert np.array_equal(hands[0][~bad], first[~bad])  # a possible world is kept as first dealt
    assert not np.array_equal(hands[0][bad], first[bad])
    # deals until a possible one: geometric, mean p / (1 - p) extra deals a world, variance p / (1 - p)**2
    mean, sd = p_bad / (1 - p_bad), np.sqrt(p_bad / W) / (1 - p_bad)
    assert abs(rejected / W - mean) < 4 * sd
    five = (hands[0, :, 2, 2] > 0).mean()  # the kept worlds follow the conditioned law, not the dealt one
    assert abs(five - p_five) < 4 * np.sqrt(p_five * (1 - p_five) / W)


def test_a_world_is_a_function_of_the_seed_and_its_number_alone(monkeypatch):
    p = from_json(RISKY)
    view = view_of(p)
    whole, r_whole = possible_worlds(p, view, 600, 0, 5)
    head, r_head = possible_worlds(p, view, 250, 0, 5)
    tail, r_tail = possible_worlds(p, view, 350, 250, 5)
    assert np.array_equal(np.concatenate([head, tail], axis=1), whole) and r_head + r_tail == r_whole > 0
    assert not np.array_equal(possible_worlds(p, view, 600, 0, 6)[0], whole)
    moves = pos.legal_moves(p)[:3]
    out = pos.play_out(p, moves, "control", 600, 5)
    joined = pos.play_out(p, moves, "control", 250, 5).then(pos.play_out(p, moves, "control", 350, 5, first_world=250))
    monkeypatch.setattr(pos, "WORLDS_BLOCK", 64)
    blocks = pos.play_out(p, moves, "control", 600, 5)
    for m in out.values:
        assert np.array_equal(joined.values[m], out.values[m]) and np.array_equal(blocks.values[m], out.values[m])


def test_a_position_whose_every_deal_is_a_toi_trang_is_one_line():
    """Five seats: seat 2 has played 3 … J and holds one card, and the seven unseen cards are Qs and 2s, each of which
    makes its hand a sảnh rồng: no deal could have reached the position."""
    data = {"rules": {"players": 5}, "seat": 0, "hand": "3c 4c 5c 6c 7c Kc Kd Ah Ad 2h",
            "played": ["", "3h 4h 5h 6h 7h 8h 9h 10h", "3s 4s 5s 6s 7s 8s 9s 10s Js",
                       "Jh 3d 4d 5d 6d 7d 8d 9d 10d", "Jd 8c 9c 10c Jc Ks Kh As Ac"], "counts": [10, 2, 1, 1, 1]}
    p = from_json(data)
    seen = set(p.hand).union(*p.played)
    assert sorted({c // 4 for c in range(52) if c not in seen}) == [9, 12]  # Q, 2
    with pytest.raises(CardoddsError, match=f"after {MAX_ATTEMPTS} deals") as e:
        pos.play_out(p, ["3"], "control", 50, 1)
    assert "\n" not in str(e.value)


class Reads(UserPlayer):
    """The first legal move, every view read back with ``from_json`` (refused for a seat dealt a tới trắng)."""

    log: list = dataclasses.field(default_factory=list)

    def decide(self, view, legal, rng):
        p = from_json(view)
        assert to_json(p) == view and legal == pos.legal_moves(p)
        self.log.append(view["seat"])
        return legal[0]


@pytest.mark.parametrize("which", ["risky", "first decision"])
def test_a_user_player_reading_its_views_with_from_json_plays_every_world(monkeypatch, which):
    p = from_json(RISKY) if which == "risky" else pos.cut(3, SamRules(), [Control()] * 4, 1)
    player = Reads()
    monkeypatch.setattr(pos, "make_strategy", lambda players, where="": user_strategy(player))
    out = pos.play_out(p, None, "mine", 400, seed=2)
    assert out.values["win"].shape == (1, 400) and len(set(player.log)) == p.players


def test_the_experts_own_worlds_are_not_conditioned():
    """``like_expert`` plays the expert's worlds as the expert deals them (3 of these 400 give an opponent a tới
    trắng): the numbers computed before this change (sha256 of the values)."""
    p = pos.cut(3, SamRules(), [Control()] * 4, 12)
    ex = Expert()
    assert impossible(p, deal_worlds(view_of(p), 400)[0]).sum() == 3
    moves = pos.expert_moves(p, ex)
    out = pos.play_out(p, moves, "control", 400, 7, like_expert=ex)
    h = hashlib.sha256()
    for k in sorted(out.values):
        h.update(np.ascontiguousarray(out.values[k], np.float64).tobytes())
    assert moves == ["9", "pass", "J", "K", "2"] and h.hexdigest()[:16] == "eab8be891d851909"
    assert hashlib.sha256(deal_worlds(view_of(p), 500, 3, 99).tobytes()).hexdigest()[:16] == "895aea60744cd77b"
    assert N_RANKS == 13
