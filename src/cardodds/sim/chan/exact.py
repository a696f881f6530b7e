"""Exact deal odds for Chắn, by dynamic programming over card kinds.

A seat's dealt hand is a uniformly random subset of the deck, so a count vector ``c`` (copies held of each kind) has
probability ``prod_k C(copies, c_k) / C(cards, n)``. Every quantity here is a sum of such weights, computed with Python
integers (exact) and returned as :class:`fractions.Fraction` (``exact_chan_fractions``) or floats (``exact_chan_deal``).

The hand structure (Thiên ù, waiting hands, the max-chắn count) follows from these facts, proved by brute force on
shrunken decks in ``tests/test_exact_chan.py`` (a literal search over every split of every hand):

- Max-chắn split: chắn = ``sum_k c_k // 2``; in a number group (the suits of one number) the kinds with an odd count
  are the leftover singles, ``s`` of them (0 nothing, 1 a què, 2 a cạ, 3 a ba đầu); an odd Chi Chi count is a què.
  A group is *odd* when its card total is odd.
- A hand of ``2 * pairs`` cards (20: the cái's deal) wins iff every group is even and chắn >= ``min_chan`` (6);
  it is Thiên ù bạch thủ iff moreover chắn == ``min_chan`` exactly.
- A hand of ``2 * pairs - 1`` cards (19) is waiting iff exactly one group is odd and either that group is a number
  group and chắn >= ``min_chan - 1``, or it is Chi Chi and chắn == ``min_chan - 1`` (a lone Chi Chi with >= 6 chắn
  is no win: only bạch thủ chi). The wait is bạch thủ when chắn == ``min_chan - 1`` and the odd number group has
  ``s == 1``, bạch thủ chi when the odd group is Chi Chi, and ù rộng otherwise.
- A 20-card hand that is not a win is waiting after the right discard iff 0 or 2 groups are odd and
  chắn >= ``min_chan - 1``.

These need an even number of copies per kind (a held odd count then always leaves a copy to draw); the deck checks it.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections import defaultdict
from fractions import Fraction
from functools import lru_cache
from math import comb, prod
from types import MappingProxyType
from typing import Callable, Mapping

from cardodds.sim.errors import CardoddsError

__all__ = [
    "ChanDeck",
    "FULL",
    "exact_chan_fractions",
    "exact_chan_deal",
    "exact_rows",
    "format_table",
    "one_in",
]


@dataclasses.dataclass(frozen=True)
class ChanDeck:
    """A Chắn deck shape and its winning thresholds (the full deck by default).

    Kind index = ``suits * number_index + suit``; Chi Chi, when present, is the last kind (``numbers * suits``).
    ``red_kinds``, ``leo_kinds`` and ``tom_kinds`` are kind indices (the full deck's: bát/cửu vạn/sách + chi chi;
    cửu vạn, bát sách, chi chi; tam vạn, tam sách, thất văn). A win needs ``pairs`` chắn/cạ with >= ``min_chan`` chắn.
    """

    numbers: int = 8
    suits: int = 3
    copies: int = 4
    chi_chi: bool = True
    pairs: int = 10
    min_chan: int = 6
    red_kinds: tuple[int, ...] = (19, 20, 22, 23, 24)
    leo_kinds: tuple[int, ...] = (22, 20, 24)
    tom_kinds: tuple[int, ...] = (4, 5, 15)

    def __post_init__(self) -> None:
        if not 1 <= self.numbers:
            raise CardoddsError(f"Chắn deck: numbers must be >= 1, got {self.numbers}")
        if not 1 <= self.suits <= 3:
            raise CardoddsError(f"Chắn deck: suits must be 1..3, got {self.suits}")
        if self.copies < 2 or self.copies % 2:
            raise CardoddsError(f"Chắn deck: copies must be even and >= 2, got {self.copies}")
        if not 1 <= self.min_chan <= self.pairs:
            raise CardoddsError(f"Chắn deck: need 1 <= min_chan <= pairs, got min_chan={self.min_chan}, pairs={self.pairs}")
        if 2 * self.pairs > self.cards:
            raise CardoddsError(f"Chắn deck: {self.pairs} pairs need {2 * self.pairs} cards, the deck has {self.cards}")
        for name in ("red_kinds", "leo_kinds", "tom_kinds"):
            kinds = getattr(self, name)
            if not kinds or len(set(kinds)) != len(kinds) or not all(0 <= k < self.kinds for k in kinds):
                raise CardoddsError(f"Chắn deck: {name} must be distinct kind indices in 0..{self.kinds - 1}, got {kinds}")

    @property
    def kinds(self) -> int:
        """Number of card kinds."""
        return self.numbers * self.suits + int(self.chi_chi)

    @property
    def cards(self) -> int:
        """Number of cards in the deck."""
        return self.kinds * self.copies

    @property
    def chi_kind(self) -> int | None:
        """Kind index of Chi Chi (None without it)."""
        return self.numbers * self.suits if self.chi_chi else None

    @property
    def groups(self) -> list[tuple[int, ...]]:
        """The kinds of each number, then Chi Chi alone."""
        out = [tuple(range(g * self.suits, (g + 1) * self.suits)) for g in range(self.numbers)]
        if self.chi_chi:
            out.append((self.chi_kind,))
        return out


FULL = ChanDeck()

# Tag of the single odd group in a hand with exactly one odd group.
_CHI = "chi"


def _check_hand_size(hand_size: int, deck: ChanDeck) -> None:
    if isinstance(hand_size, bool) or not isinstance(hand_size, int):
        raise CardoddsError(f"Chắn exact odds: hand size must be an integer, got {hand_size!r}")
    if hand_size not in (2 * deck.pairs, 2 * deck.pairs - 1):
        raise CardoddsError(
            f"Chắn exact odds: hand size must be {2 * deck.pairs} (cái) or {2 * deck.pairs - 1}, got {hand_size}"
        )


def _structure_counts(deck: ChanDeck, n: int) -> dict[tuple, int]:
    """Weights of hands of ``n`` cards by (chắn, odd groups capped at 3, tag of the lone odd group).

    The tag is the odd group's number of singles ``s`` (1 or 3) for a number group, ``"chi"`` for Chi Chi, None when
    the number of odd groups is not 1.
    """
    # state: (cards, chắn, odd groups capped at 3, tag) -> weight
    states: dict[tuple, int] = {(0, 0, 0, None): 1}
    for group in deck.groups:
        is_chi = group == (deck.chi_kind,)
        summary: dict[tuple, int] = defaultdict(int)
        for counts in itertools.product(range(deck.copies + 1), repeat=len(group)):
            size = sum(counts)
            if size > n:
                continue
            singles = sum(c % 2 for c in counts)
            tag = (_CHI if is_chi else singles) if size % 2 else None
            summary[(size, sum(c // 2 for c in counts), tag)] += prod(comb(deck.copies, c) for c in counts)
        nxt: dict[tuple, int] = defaultdict(int)
        for (cards, chan, odd, tag), w in states.items():
            for (size, gchan, gtag), gw in summary.items():
                if cards + size > n:
                    continue
                if gtag is None:
                    new_odd, new_tag = odd, tag
                else:
                    new_odd = min(odd + 1, 3)
                    new_tag = gtag if new_odd == 1 else None
                nxt[(cards + size, chan + gchan, new_odd, new_tag)] += w * gw
        states = nxt
    return {key[1:]: w for key, w in states.items() if key[0] == n}


def _per_kind_counts(deck: ChanDeck, n: int, feature: Callable[[int], int]) -> dict[int, int]:
    """Weights of hands of ``n`` cards by ``sum_k feature(c_k)`` (an additive per-kind feature)."""
    states: dict[tuple[int, int], int] = {(0, 0): 1}
    for _ in range(deck.kinds):
        nxt: dict[tuple[int, int], int] = defaultdict(int)
        for (cards, value), w in states.items():
            for c in range(min(deck.copies, n - cards) + 1):
                nxt[(cards + c, value + feature(c))] += w * comb(deck.copies, c)
        states = nxt
    return {value: w for (cards, value), w in states.items() if cards == n}


def _subset_counts(deck: ChanDeck, n: int, kinds: tuple[int, ...], feature: Callable[..., object]) -> dict[object, int]:
    """Weights of hands of ``n`` cards by ``feature(*counts of kinds)``; the other kinds fill the rest freely."""
    rest = deck.copies * (deck.kinds - len(kinds))
    out: dict[object, int] = defaultdict(int)
    for counts in itertools.product(range(deck.copies + 1), repeat=len(kinds)):
        held = sum(counts)
        if held <= n:
            out[feature(*counts)] += prod(comb(deck.copies, c) for c in counts) * comb(rest, n - held)
    return out


def _pmf(prefix: str, weights: Mapping[int, int], top: int, total: int) -> dict[str, Fraction]:
    """``prefix.k`` for k = 0..top and ``prefix.mean``."""
    out = {f"{prefix}.{k}": Fraction(weights.get(k, 0), total) for k in range(top + 1)}
    out[f"{prefix}.mean"] = sum((k * p for k, p in enumerate(out.values())), Fraction(0))
    return out


@lru_cache(maxsize=32)
def _fractions(hand_size: int, deck: ChanDeck) -> tuple[tuple[str, Fraction], ...]:
    n = hand_size
    total = comb(deck.cards, n)
    low = deck.min_chan - 1  # chắn of a bạch thủ wait
    out: dict[str, Fraction] = {}

    structure = _structure_counts(deck, n)

    def mass(pred: Callable[[int, int, object], bool]) -> Fraction:
        return Fraction(sum(w for (chan, odd, tag), w in structure.items() if pred(chan, odd, tag)), total)

    if n == 2 * deck.pairs:
        out["thien_u"] = mass(lambda chan, odd, tag: odd == 0 and chan >= deck.min_chan)
        out["thien_u.bach_thu"] = mass(lambda chan, odd, tag: odd == 0 and chan == deck.min_chan)
        out["waiting"] = mass(
            lambda chan, odd, tag: odd in (0, 2) and chan >= low and not (odd == 0 and chan >= deck.min_chan)
        )
    else:
        out["waiting.bach_thu"] = mass(lambda chan, odd, tag: odd == 1 and tag == 1 and chan == low)
        out["waiting.bach_thu_chi"] = mass(lambda chan, odd, tag: odd == 1 and tag == _CHI and chan == low)
        out["waiting.u_rong"] = mass(
            lambda chan, odd, tag: odd == 1 and tag != _CHI and (chan > low or (chan == low and tag == 3))
        )
        out["waiting"] = out["waiting.bach_thu"] + out["waiting.bach_thu_chi"] + out["waiting.u_rong"]

    chan_weights: dict[int, int] = defaultdict(int)
    for (chan, _odd, _tag), w in structure.items():
        chan_weights[chan] += w
    out.update(_pmf("chan_count", chan_weights, deck.pairs, total))

    n_red = len(deck.red_kinds) * deck.copies
    red = _subset_counts(deck, n, deck.red_kinds, lambda *c: sum(c))
    out.update(_pmf("red", red, min(n, n_red), total))
    out["bach_dinh"] = out["red.0"]
    out["tam_do"] = Fraction(red.get(8, 0), total)

    fours = _per_kind_counts(deck, n, lambda c: int(c == deck.copies))
    out.update(_pmf("thien_khai", fours, n // deck.copies, total))
    out.update(_pmf("leo", _subset_counts(deck, n, deck.leo_kinds, min), deck.copies, total))
    out.update(_pmf("tom", _subset_counts(deck, n, deck.tom_kinds, min), deck.copies, total))

    if deck.chi_chi and deck.chi_kind in deck.red_kinds:
        chi_at = deck.red_kinds.index(deck.chi_kind)
        kinh = _subset_counts(
            deck, n, deck.red_kinds, lambda *c: c[chi_at] == deck.copies and sum(c) == deck.copies
        )
        out["kinh_tu_chi"] = Fraction(kinh.get(True, 0), total)
    return tuple(out.items())


def exact_chan_fractions(hand_size: int, deck: ChanDeck = FULL) -> dict[str, Fraction]:
    """Exact deal odds of one seat's hand, as fractions (see :func:`exact_chan_deal` for the keys)."""
    _check_hand_size(hand_size, deck)
    return dict(_fractions(hand_size, deck))


def exact_chan_deal(hand_size: int, deck: ChanDeck = FULL) -> dict[str, float]:
    """Exact deal odds of one seat's dealt hand.

    Parameters
    ----------
    hand_size : int
        ``2 * deck.pairs`` (20, the cái) or ``2 * deck.pairs - 1`` (19, the others).
    deck : ChanDeck
        Deck shape and winning thresholds; the full 100-card deck by default.

    Returns
    -------
    dict[str, float]
        For 20 cards ``thien_u``, ``thien_u.bach_thu``, ``waiting`` (not a win, waiting after the best discard);
        for 19 ``waiting`` and its split ``waiting.bach_thu``, ``waiting.bach_thu_chi``, ``waiting.u_rong``; for both
        the pmfs (``<name>.<k>``) and means (``<name>.mean``) of ``chan_count`` (max-chắn count, k = 0..pairs),
        ``red``, ``thien_khai`` (kinds held in all copies), ``leo`` and ``tom``, plus ``bach_dinh`` (no red),
        ``tam_do`` (exactly 8 red) and ``kinh_tu_chi`` (the red cards are exactly the four Chi Chi).
    """
    return {key: float(value) for key, value in exact_chan_fractions(hand_size, deck).items()}


_DEFAULT_SEATS = MappingProxyType({0: 20, 1: 19, 2: 19, 3: 19})


def exact_rows(hand_size_by_seat: Mapping[int, int] = _DEFAULT_SEATS, deck: ChanDeck = FULL,
               fractions: bool = False) -> list[dict]:
    """Rows ``dict(metric, seat, exact)`` of every deal quantity for every seat (the cái at seat 0 by default).

    With ``fractions``, each row also holds ``fraction``, the exact value as a :class:`~fractions.Fraction`.
    """
    rows = []
    for seat, hand_size in sorted(hand_size_by_seat.items()):
        for metric, value in exact_chan_fractions(hand_size, deck).items():
            row = {"metric": metric, "seat": seat, "exact": float(value)}
            if fractions:
                row["fraction"] = value
            rows.append(row)
    return rows


def one_in(p: Fraction) -> str:
    """``"1 in 880"`` for a probability strictly between 0 and 1, else ``""`` (3 significant figures outside 100..10⁶)."""
    if not 0 < p < 1:
        return ""
    n = 1 / float(p)
    return f"1 in {n:,.0f}" if 100 <= n < 1e6 else f"1 in {n:.3g}"


def format_table(deck: ChanDeck = FULL) -> str:
    """A human-readable listing of every quantity, the cái's hand next to the others'."""
    big, small = 2 * deck.pairs, 2 * deck.pairs - 1
    cai, other = exact_chan_deal(big, deck), exact_chan_deal(small, deck)
    keys = list(cai) + [k for k in other if k not in cai]
    lines = [f"{'metric':<22} {f'{big} cards (cái)':>20} {f'{small} cards':>20}"]
    for key in keys:
        cells = [f"{d[key]:>20.12g}" if key in d else f"{'':>20}" for d in (cai, other)]
        lines.append(f"{key:<22} {cells[0]} {cells[1]}")
    return "\n".join(lines)
