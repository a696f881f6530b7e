"""Exact Chắn deal odds: the DP against a literal brute force on shrunken decks, and full-deck sanity checks.

The brute force never uses the characterisation the DP relies on (odd groups, ``sum c // 2`` chắn): it searches every
way to cut a hand into chắn / cạ / ba đầu / què, tries every card that could be drawn and every discard.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from fractions import Fraction
from functools import lru_cache
from math import comb, prod

import numpy as np
import pytest

from cardodds.sim.chan.exact import (
    FULL,
    ChanDeck,
    exact_chan_deal,
    exact_chan_fractions,
    exact_rows,
    format_table,
    one_in,
)
from cardodds.sim.errors import CardoddsError

# ---------------------------------------------------------------------------------------------------------------------
# Literal evaluator


class Literal:
    """Rules of RULES.md §1.2/1.5 read literally, by exhaustive search over a count vector."""

    def __init__(self, deck: ChanDeck):
        self.deck = deck
        self.chi = deck.chi_kind
        # (number, suit) of each kind; Chi Chi has no number.
        self.number = [k // deck.suits for k in range(deck.numbers * deck.suits)] + ([None] if deck.chi_chi else [])
        self.suit = [k % deck.suits for k in range(deck.numbers * deck.suits)] + ([None] if deck.chi_chi else [])
        self.partitions = lru_cache(maxsize=None)(self._partitions)
        self.wins = lru_cache(maxsize=None)(self._wins)

    def _ca_ok(self, i: int, j: int) -> bool:
        return self.number[i] is not None and self.number[i] == self.number[j] and self.suit[i] != self.suit[j]

    def _partitions(self, h: tuple[int, ...]) -> frozenset[tuple[int, int, int, int]]:
        """Every (chắn, cạ, ba đầu, què) count of a partition of the hand into those combinations."""
        first = next((i for i, c in enumerate(h) if c), None)
        if first is None:
            return frozenset({(0, 0, 0, 0)})
        out = set()

        def take(*kinds):
            rest = list(h)
            for k in kinds:
                rest[k] -= 1
            return self.partitions(tuple(rest))

        # The first card is a què, or in a chắn, a cạ or a ba đầu with later cards.
        out |= {(a, b, c, d + 1) for a, b, c, d in take(first)}
        if h[first] >= 2:
            out |= {(a + 1, b, c, d) for a, b, c, d in take(first, first)}
        later = [j for j in range(first + 1, len(h)) if h[j] and self._ca_ok(first, j)]
        for j in later:
            out |= {(a, b + 1, c, d) for a, b, c, d in take(first, j)}
        for j, k in itertools.combinations(later, 2):
            if self.suit[j] != self.suit[k]:
                out |= {(a, b, c + 1, d) for a, b, c, d in take(first, j, k)}
        return frozenset(out)

    def max_chan(self, h) -> int:
        return max(p[0] for p in self.partitions(h))

    def pair_splits(self, h) -> list[int]:
        """Chắn counts of the splits of the whole hand into chắn / cạ."""
        return [p[0] for p in self.partitions(h) if p[2] == 0 and p[3] == 0]

    def is_win(self, h) -> bool:
        d = self.deck
        return sum(h) == 2 * d.pairs and any(c >= d.min_chan for c in self.pair_splits(h))

    def _wins(self, h: tuple[int, ...]) -> frozenset[int]:
        """Kinds whose drawing completes a win (Chi Chi only as bạch thủ chi)."""
        d = self.deck
        out = set()
        for x in range(d.kinds):
            if h[x] >= d.copies:
                continue  # no copy left to draw
            more = h[:x] + (h[x] + 1,) + h[x + 1 :]
            if self.is_win(more) and (x != self.chi or self.max_chan(h) == d.min_chan - 1):
                out.add(x)
        return frozenset(out)

    def wait_kind(self, h) -> str | None:
        """None, 'bach_thu', 'bach_thu_chi' or 'u_rong' for a hand one card short of a win."""
        d = self.deck
        wins = self.wins(h)
        if not wins:
            return None
        if self.chi in wins:
            return "bach_thu_chi"
        low = d.min_chan - 1
        parts = self.partitions(h)
        # Exactly 5 chắn, 4 cạ, one què and no ba đầu (no arrangement with the 5 chắn keeps a ba đầu).
        if (
            self.max_chan(h) == low
            and (low, d.pairs - 1 - low, 0, 1) in parts
            and not any(p[0] == low and p[2] for p in parts)
        ):
            return "bach_thu"
        return "u_rong"

    def waiting_after_discard(self, h) -> bool:
        return not self.is_win(h) and any(
            self.wins(h[:i] + (h[i] - 1,) + h[i + 1 :]) for i in range(len(h)) if h[i]
        )


@lru_cache(maxsize=None)
def literal(deck: ChanDeck) -> Literal:
    """One evaluator per deck, so its memoised searches are shared between tests."""
    return Literal(deck)


def count_vectors(deck: ChanDeck, n: int):
    """Every count vector with n cards and its weight prod C(copies, c)."""

    def rec(prefix: tuple[int, ...], left: int):
        if len(prefix) == deck.kinds:
            if left == 0:
                yield prefix
            return
        for c in range(min(deck.copies, left) + 1):
            yield from rec(prefix + (c,), left - c)

    for h in rec((), n):
        yield h, prod(comb(deck.copies, c) for c in h)


def brute(deck: ChanDeck, n: int) -> dict[str, Fraction]:
    """Every quantity of exact_chan_fractions, by enumeration and the literal evaluator."""
    lit = literal(deck)
    acc: dict[str, int] = defaultdict(int)
    total = 0
    for h, w in count_vectors(deck, n):
        total += w
        if n == 2 * deck.pairs:
            if lit.is_win(h):
                acc["thien_u"] += w
                if max(lit.pair_splits(h)) == deck.min_chan:
                    acc["thien_u.bach_thu"] += w
            elif lit.waiting_after_discard(h):
                acc["waiting"] += w
        else:
            kind = lit.wait_kind(h)
            if kind:
                acc["waiting"] += w
                acc[f"waiting.{kind}"] += w
        acc[f"chan_count.{lit.max_chan(h)}"] += w
        red = sum(h[k] for k in deck.red_kinds)
        acc[f"red.{red}"] += w
        acc[f"thien_khai.{sum(c == deck.copies for c in h)}"] += w
        acc[f"leo.{min(h[k] for k in deck.leo_kinds)}"] += w
        acc[f"tom.{min(h[k] for k in deck.tom_kinds)}"] += w
        if deck.chi_chi and h[deck.chi_kind] == deck.copies and red == deck.copies:
            acc["kinh_tu_chi"] += w
    assert total == comb(deck.cards, n)
    out = {key: Fraction(w, total) for key, w in acc.items()}
    for name in ("chan_count", "red", "thien_khai", "leo", "tom"):
        out[f"{name}.mean"] = sum(
            (int(k.split(".")[1]) * p for k, p in out.items() if k.startswith(name + ".")), Fraction(0)
        )
    out["bach_dinh"] = out.get("red.0", Fraction(0))
    out["tam_do"] = out.get("red.8", Fraction(0))
    return out


# Shrunken decks: number index n-2 plays bát, n-1 cửu (red vạn/sách), chi chi red; lèo = cửu vạn, bát sách, chi chi.
SHAPES = {
    "2x3+chi, 4 pairs, 3 chan": ChanDeck(
        numbers=2, pairs=4, min_chan=3, red_kinds=(1, 2, 4, 5, 6), leo_kinds=(4, 2, 6), tom_kinds=(1, 2, 3)
    ),
    "3x3+chi, 4 pairs, 3 chan": ChanDeck(
        numbers=3, pairs=4, min_chan=3, red_kinds=(4, 5, 7, 8, 9), leo_kinds=(7, 5, 9), tom_kinds=(1, 2, 6)
    ),
    "3x3+chi, 3 pairs, 2 chan": ChanDeck(
        numbers=3, pairs=3, min_chan=2, red_kinds=(4, 5, 7, 8, 9), leo_kinds=(7, 5, 9), tom_kinds=(1, 2, 6)
    ),
    "2x3+chi, 4 pairs, 4 chan": ChanDeck(
        numbers=2, pairs=4, min_chan=4, red_kinds=(1, 2, 4, 5, 6), leo_kinds=(4, 2, 6), tom_kinds=(1, 2, 3)
    ),
    "2x3+chi, 4 pairs, 1 chan": ChanDeck(
        numbers=2, pairs=4, min_chan=1, red_kinds=(1, 2, 4, 5, 6), leo_kinds=(4, 2, 6), tom_kinds=(1, 2, 3)
    ),
    "3x3 no chi, 3 pairs, 2 chan": ChanDeck(
        numbers=3, chi_chi=False, pairs=3, min_chan=2, red_kinds=(4, 5, 7, 8), leo_kinds=(7, 5, 0), tom_kinds=(1, 2, 6)
    ),
    "4x3+chi x2 copies, 4 pairs, 2 chan": ChanDeck(
        numbers=4, copies=2, pairs=4, min_chan=2, red_kinds=(7, 8, 10, 11, 12), leo_kinds=(10, 8, 12),
        tom_kinds=(1, 2, 3),
    ),
}


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("which", ["cai", "other"])
def test_dp_equals_brute_force(shape, which):
    deck = SHAPES[shape]
    n = 2 * deck.pairs - (which == "other")
    dp = exact_chan_fractions(n, deck)
    bf = brute(deck, n)
    for key, value in bf.items():
        assert key in dp, key
    for key, value in dp.items():
        assert value == bf.get(key, Fraction(0)), (shape, n, key, value, bf.get(key))
    # The brute force found hands of each interesting kind, so the comparison is not vacuous (with 4 pairs and 4 or 1
    # chắn needed, 7 cards cannot hold some kinds of wait).
    if deck.min_chan == 1 or deck.min_chan == deck.pairs:
        assert bf.get("waiting", 0) > 0
    elif which == "cai":
        assert bf["thien_u"] > 0 and bf["waiting"] > 0
    else:
        assert bf["waiting.u_rong"] > 0 and bf["waiting.bach_thu"] > 0
        if deck.chi_chi:
            assert bf["waiting.bach_thu_chi"] > 0


def _claimed(deck: ChanDeck, h) -> dict:
    """The characterisation of the module docstring, from a count vector."""
    chan = sum(c // 2 for c in h)
    odd = [g for g in deck.groups if sum(h[k] for k in g) % 2]
    low = deck.min_chan - 1
    out = {"max_chan": chan}
    if sum(h) == 2 * deck.pairs:
        out["win"] = not odd and chan >= deck.min_chan
        out["bach_thu"] = out["win"] and chan == deck.min_chan
        out["waiting"] = not out["win"] and len(odd) in (0, 2) and chan >= low
    else:
        kind = None
        if len(odd) == 1:
            g = odd[0]
            singles = sum(h[k] % 2 for k in g)
            if g == (deck.chi_kind,):
                kind = "bach_thu_chi" if chan == low else None
            elif chan == low and singles == 1:
                kind = "bach_thu"
            elif chan >= low:
                kind = "u_rong"
        out["wait"] = kind
    return out


@pytest.mark.parametrize("shape", ["3x3+chi, 4 pairs, 3 chan", "4x3+chi x2 copies, 4 pairs, 2 chan"])
def test_characterisation_hand_by_hand(shape):
    """The claims hold for every single hand, not just in aggregate."""
    deck = SHAPES[shape]
    lit = literal(deck)
    for n in (2 * deck.pairs, 2 * deck.pairs - 1):
        for h, _ in count_vectors(deck, n):
            claim = _claimed(deck, h)
            assert claim["max_chan"] == lit.max_chan(h), h
            if n == 2 * deck.pairs:
                assert claim["win"] == lit.is_win(h), h
                assert claim["bach_thu"] == (lit.is_win(h) and max(lit.pair_splits(h)) == deck.min_chan), h
                assert claim["waiting"] == lit.waiting_after_discard(h), h
            else:
                assert claim["wait"] == lit.wait_kind(h), h
                if claim["wait"] == "bach_thu":  # a bạch thủ wait is on one card kind only
                    assert len(lit.wins(h)) == 1, h


def test_literal_evaluator_hand_worked():
    """The brute force itself on hands worked by hand (full deck: kind = 3*(number-2) + suit, chi chi 24)."""
    lit = Literal(FULL)

    def hand(*kinds):
        h = [0] * 25
        for k in kinds:
            h[k] += 1
        return tuple(h)

    # 6 chắn (nhị văn ×2, tam vạn ×2, chi chi, ... ) + 4 cạ: a win, and Thiên ù bạch thủ.
    chans = [0, 0, 4, 4, 24, 24, 9, 9, 12, 12, 15, 15]
    cas = [1, 2, 16, 17, 19, 20, 22, 23]
    win = hand(*chans, *cas)
    assert sum(win) == 20 and lit.is_win(win) and max(lit.pair_splits(win)) == 6
    # Bát vạn alone and cửu văn, vạn, sách: two odd groups, no split into chắn / cạ.
    assert not lit.is_win(hand(*chans, 1, 2, 16, 17, 19, 21, 22, 23))
    # A lone chi chi pairs with nothing (Chi Chi forms no cạ): chi chi + bát văn in place of the chi chi chắn.
    assert not lit.is_win(hand(*chans[:4], 24, 18, *chans[6:], *cas))
    # 5 chắn + 5 cạ: a full split but no win; waiting after discarding a cạ card (not after a chắn card alone).
    five = hand(0, 0, 4, 4, 24, 24, 9, 9, 12, 12, 1, 2, 15, 16, 13, 14, 19, 20, 22, 23)
    assert sum(five) == 20 and max(lit.pair_splits(five)) == 5 and not lit.is_win(five)
    assert lit.waiting_after_discard(five)
    # 19 cards, 5 chắn + 4 cạ + què tam văn: bạch thủ on tam văn only.
    h19 = hand(0, 0, 4, 4, 9, 9, 12, 12, 15, 15, 1, 2, 16, 17, 19, 20, 22, 23, 3)
    assert lit.wait_kind(h19) == "bach_thu" and lit.wins(h19) == {3}
    # The same with a lone chi chi instead: bạch thủ chi.
    h19c = hand(0, 0, 4, 4, 9, 9, 12, 12, 15, 15, 1, 2, 16, 17, 19, 20, 22, 23, 24)
    assert lit.wait_kind(h19c) == "bach_thu_chi" and lit.wins(h19c) == {24}
    # 6 chắn + 3 cạ + a lone chi chi: no wait at all (RULES 1.5).
    h19n = hand(0, 0, 4, 4, 9, 9, 12, 12, 15, 15, 6, 6, 16, 17, 19, 20, 22, 23, 24)
    assert lit.wait_kind(h19n) is None
    # 5 chắn + 3 cạ + ba đầu (tam văn, vạn, sách): ù rộng on any of the three.
    h19b = hand(0, 0, 4, 4, 9, 9, 12, 12, 15, 15, 1, 2, 16, 17, 19, 20, 3, 4, 5)
    assert lit.wait_kind(h19b) == "u_rong"


# ---------------------------------------------------------------------------------------------------------------------
# Full deck


@pytest.fixture(scope="module", params=[20, 19])
def full(request):
    return request.param, exact_chan_fractions(request.param)


def test_pmfs_sum_to_one(full):
    n, f = full
    for name in ("chan_count", "red", "thien_khai", "leo", "tom"):
        assert sum(v for k, v in f.items() if k.startswith(name + ".") and k != f"{name}.mean") == 1
    if n == 19:
        assert f["waiting"] == f["waiting.bach_thu"] + f["waiting.bach_thu_chi"] + f["waiting.u_rong"]
        assert f["chan_count.10"] == 0


def test_closed_forms(full):
    n, f = full
    total = comb(100, n)
    for k in range(n + 1):
        assert f[f"red.{k}"] == Fraction(comb(20, k) * comb(80, n - k), total)
    assert f["red.mean"] == Fraction(20 * n, 100)
    assert f["bach_dinh"] == Fraction(comb(80, n), total)
    assert f["tam_do"] == Fraction(comb(20, 8) * comb(80, n - 8), total)
    assert f["kinh_tu_chi"] == Fraction(comb(80, n - 4), total)
    # Thiên khai: linearity for the mean, Bonferroni for P(at least one).
    s1 = Fraction(25 * comb(96, n - 4), total)
    s2 = Fraction(comb(25, 2) * comb(92, n - 8), total)
    assert f["thien_khai.mean"] == s1
    assert s1 - s2 <= 1 - f["thien_khai.0"] <= s1
    # Lèo and tôm are both "min of three kinds' counts": same law; P(lèo >= 1) by inclusion-exclusion.
    for k in range(5):
        assert f[f"leo.{k}"] == f[f"tom.{k}"]
    no_leo = sum((-1) ** j * comb(3, j) * comb(100 - 4 * j, n) for j in range(1, 4))
    assert f["leo.0"] == Fraction(-no_leo, total)  # P(some of the 3 kinds missing)


def test_chan_count_by_per_kind_convolution(full):
    """The max-chắn law from a plain per-kind polynomial product (independent of the grouped DP)."""
    n, f = full
    poly = {(0, 0): 1}  # (cards, chắn) -> weight
    for _ in range(25):
        nxt = defaultdict(int)
        for (cards, chan), w in poly.items():
            for c in range(5):
                if cards + c <= n:
                    nxt[(cards + c, chan + c // 2)] += w * comb(4, c)
        poly = nxt
    for k in range(11):
        assert f[f"chan_count.{k}"] == Fraction(poly.get((n, k), 0), comb(100, n))


def test_thien_u_within_win_mass(full):
    n, f = full
    if n == 20:
        assert 0 < f["thien_u.bach_thu"] < f["thien_u"] < sum(f[f"chan_count.{k}"] for k in range(6, 11))
        assert 0 < f["waiting"] < 1


def test_monte_carlo_agrees():
    """A seeded sample of full-deck hands, classified from counts, lies within 5 standard errors of the exact values."""
    rng = np.random.default_rng(20261129)
    n_hands = 60_000
    kinds = np.arange(100) // 4
    for n in (20, 19):
        cards = np.argpartition(rng.random((n_hands, 100)), n, axis=1)[:, :n]
        counts = np.zeros((n_hands, 25), dtype=np.int64)
        np.add.at(counts, (np.repeat(np.arange(n_hands), n), kinds[cards].ravel()), 1)
        chan = (counts // 2).sum(axis=1)
        group_tot = np.concatenate([counts[:, :24].reshape(n_hands, 8, 3).sum(axis=2), counts[:, 24:]], axis=1)
        n_odd = (group_tot % 2).sum(axis=1)
        exact = exact_chan_deal(n)
        checks = {f"chan_count.{k}": chan == k for k in range(4, 8)}
        if n == 20:
            checks["thien_u"] = (n_odd == 0) & (chan >= 6)
            checks["waiting"] = ~checks["thien_u"] & np.isin(n_odd, (0, 2)) & (chan >= 5)
        else:
            chi_odd = group_tot[:, 8] % 2 == 1
            checks["waiting"] = (n_odd == 1) & ((~chi_odd & (chan >= 5)) | (chi_odd & (chan == 5)))
        checks["red.4"] = counts[:, [19, 20, 22, 23, 24]].sum(axis=1) == 4
        for key, hit in checks.items():
            p = exact[key]
            se = (p * (1 - p) / n_hands) ** 0.5
            assert abs(hit.mean() - p) < 5 * se + 1e-12, (n, key, hit.mean(), p)


# ---------------------------------------------------------------------------------------------------------------------
# API


def test_exact_rows_and_table():
    rows = exact_rows()
    by_seat = defaultdict(dict)
    for row in rows:
        assert set(row) == {"metric", "seat", "exact"}
        by_seat[row["seat"]][row["metric"]] = row["exact"]
    assert sorted(by_seat) == [0, 1, 2, 3]
    assert by_seat[1] == by_seat[2] == by_seat[3] == exact_chan_deal(19)
    assert by_seat[0] == exact_chan_deal(20)
    assert "thien_u" in by_seat[0] and "thien_u" not in by_seat[1]
    assert abs(by_seat[0]["thien_u"] - 0.0011357997511) < 1e-12
    assert all(isinstance(v, float) for v in by_seat[0].values())
    table = format_table()
    assert "thien_u" in table and "waiting.bach_thu_chi" in table
    with_fractions = exact_rows(fractions=True)
    assert [{k: r[k] for k in ("metric", "seat", "exact")} for r in with_fractions] == rows
    assert all(r["fraction"] == exact_chan_fractions(20 if r["seat"] == 0 else 19)[r["metric"]] for r in with_fractions)


@pytest.mark.parametrize("p, text", [
    (Fraction(33820543261099621, 29776853911322760165), "1 in 880"),
    (Fraction(1, 3), "1 in 3"),
    (Fraction(2, 25), "1 in 12.5"),
    (Fraction(1, 535983370403809682970), "1 in 5.36e+20"),
    (Fraction(0), ""),
    (Fraction(1), ""),
])
def test_one_in(p, text):
    assert one_in(p) == text


@pytest.mark.parametrize(
    "call",
    [
        lambda: exact_chan_deal(18),
        lambda: exact_chan_deal(20.0),
        lambda: exact_chan_deal(True),
        lambda: ChanDeck(copies=3),
        lambda: ChanDeck(min_chan=11),
        lambda: ChanDeck(numbers=1, pairs=10),
        lambda: ChanDeck(red_kinds=(25,)),
        lambda: ChanDeck(suits=4),
    ],
)
def test_bad_input_is_one_line_error(call):
    with pytest.raises(CardoddsError) as err:
        call()
    assert "\n" not in str(err.value)
