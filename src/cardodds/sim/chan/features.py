"""Vectorised features of many Chắn hands at once: chắn count, waits, Thiên ù, red cards, lèo, tôm, thiên khai.

A hand is packed into two 64-bit words holding a 3-bit count per kind (kinds 0–20 in the first word, 21–24 in the
second), so one number's three suits are one 9-bit field.  A 512-entry table maps each field to that number's share of the
features (its chắn, whether its total is odd, whether an odd total leaves a single què, how many of its kinds can still
be drawn, its thiên khai), packed as bit fields that add up without overflow; summing eight lookups gives the hand.

The waiting rules used here follow from docs/rules.md §1.5 (checked against :mod:`cardodds.sim.chan.hand` and brute force in the
tests).  Call a group — one number's three kinds, or Chi Chi alone — odd when it holds an odd number of cards, and let C
be the most chắn the hand can keep:

* 20 cards win (Thiên ù for the cái) iff no group is odd and C ≥ 6;
* 19 cards wait iff exactly one group is odd and either it is a number with C ≥ 5 or it is Chi Chi with C = 5;
  the wait is bạch thủ when C = 5 and the odd number leaves one què (bạch thủ chi when it is Chi Chi), else ù rộng;
* 20 cards that do not win are one discard from waiting iff zero or two groups are odd and C ≥ 5.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from cardodds.sim.chan.cards import CHI_CHI, COPIES, DECK_SIZE, LEO_KINDS, RED_KINDS, TOM_KINDS

_LOW_KINDS = 21  # kinds 0..20 fill 63 bits of the first word

WORD0 = np.zeros(DECK_SIZE, dtype=np.uint64)
WORD1 = np.zeros(DECK_SIZE, dtype=np.uint64)
for _card in range(DECK_SIZE):
    _kind = _card // COPIES
    if _kind < _LOW_KINDS:
        WORD0[_card] = np.uint64(1) << np.uint64(3 * _kind)
    else:
        WORD1[_card] = np.uint64(1) << np.uint64(3 * (_kind - _LOW_KINDS))

# Bit fields of the per-number table; each is wide enough for the sum over eight numbers.
_CHAN, _ODD, _ONE_QUE, _AVAIL, _KHAI = 0, 5, 10, 15, 20
_FIELD_MASK = 0x1F


def _number_table() -> np.ndarray:
    table = np.zeros(512, dtype=np.uint32)
    for a in range(5):
        for b in range(5):
            for c in range(5):
                suits = (a, b, c)
                odd_suits = sum(x % 2 for x in suits)
                odd = sum(suits) % 2
                value = sum(x // 2 for x in suits) << _CHAN
                value |= odd << _ODD
                value |= int(odd and odd_suits == 1) << _ONE_QUE
                value |= (sum(x < COPIES for x in suits) if odd else 0) << _AVAIL
                value |= sum(x == COPIES for x in suits) << _KHAI
                table[a + 8 * b + 64 * c] = value
    return table


NUMBER_TABLE = _number_table()


def pack(cards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Pack hands given as ``(m, n)`` card ids — one hand per column — into two uint64 words of 3-bit kind counts.

    Hands run down the columns because numpy adds rows of a wide array far faster than it sums short rows.
    """
    return np.take(WORD0, cards).sum(axis=0, dtype=np.uint64), np.take(WORD1, cards).sum(axis=0, dtype=np.uint64)


def pack_counts(counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Pack ``(n, 25)`` kind counts into the two words (for hands given as counts)."""
    counts = counts.astype(np.uint64)
    shifts = np.uint64(3) * np.arange(25, dtype=np.uint64)
    w0 = (counts[:, :_LOW_KINDS] << shifts[:_LOW_KINDS]).sum(axis=1, dtype=np.uint64)
    w1 = (counts[:, _LOW_KINDS:] << (shifts[_LOW_KINDS:] - np.uint64(3 * _LOW_KINDS))).sum(axis=1, dtype=np.uint64)
    return w0, w1


def kind_count(w0: np.ndarray, w1: np.ndarray, kind: int) -> np.ndarray:
    """The count of one kind in packed hands."""
    word, shift = (w0, 3 * kind) if kind < _LOW_KINDS else (w1, 3 * (kind - _LOW_KINDS))
    return ((word >> np.uint64(shift)) & np.uint64(7)).astype(np.int8)


@dataclass
class HandFeatures:
    """Features of ``n`` hands (arrays of length n, small integer dtypes)."""

    chan: np.ndarray  # most chắn the hand can keep (C)
    odd_groups: np.ndarray  # number groups with an odd total, plus Chi Chi if odd
    chi_odd: np.ndarray  # Chi Chi count is odd
    one_que: np.ndarray  # odd number groups that leave a single què
    avail: np.ndarray  # kinds with copies left in the odd number groups
    thien_khai: np.ndarray
    red: np.ndarray
    leo: np.ndarray
    tom: np.ndarray
    chi_chi: np.ndarray

    def winning(self) -> np.ndarray:
        """20 cards that win (Thiên ù when dealt to the cái)."""
        return (self.odd_groups == 0) & (self.chan >= 6)

    def waiting(self) -> np.ndarray:
        """19 cards one card from a win."""
        single = self.odd_groups == 1
        return single & np.where(self.chi_odd, self.chan == 5, self.chan >= 5)

    def waiting_bach_thu(self) -> np.ndarray:
        """19 cards waiting for bạch thủ (on a number card)."""
        return (self.odd_groups == 1) & ~self.chi_odd & (self.chan == 5) & (self.one_que == 1)

    def waiting_bach_thu_chi(self) -> np.ndarray:
        """19 cards waiting for bạch thủ chi."""
        return (self.odd_groups == 1) & self.chi_odd & (self.chan == 5)

    def wait_kinds(self) -> np.ndarray:
        """How many kinds complete a 19-card hand (0 when it is not waiting)."""
        single = self.waiting_bach_thu() | self.waiting_bach_thu_chi()
        return np.where(single, 1, np.where(self.waiting(), self.avail, 0)).astype(np.int8)

    def discard_waiting(self) -> np.ndarray:
        """20 cards that do not win but are one discard from a waiting hand."""
        return ~self.winning() & ((self.odd_groups == 0) | (self.odd_groups == 2)) & (self.chan >= 5)


def features(w0: np.ndarray, w1: np.ndarray) -> HandFeatures:
    """Features of packed hands (see :func:`pack`)."""
    total = np.zeros(w0.shape, dtype=np.uint32)
    mask9 = np.uint64(511)
    for g in range(7):
        total += NUMBER_TABLE[((w0 >> np.uint64(9 * g)) & mask9).astype(np.intp)]
    total += NUMBER_TABLE[(w1 & mask9).astype(np.intp)]
    chi = kind_count(w0, w1, CHI_CHI)

    def field(shift: int) -> np.ndarray:
        return ((total >> np.uint32(shift)) & np.uint32(_FIELD_MASK)).astype(np.int8)

    chi_odd = (chi & 1).astype(bool)
    red = sum(kind_count(w0, w1, k) for k in RED_KINDS)
    return HandFeatures(
        chan=field(_CHAN) + chi // 2,
        odd_groups=field(_ODD) + chi_odd,
        chi_odd=chi_odd,
        one_que=field(_ONE_QUE),
        avail=field(_AVAIL),
        thien_khai=field(_KHAI) + (chi == COPIES),
        red=red.astype(np.int8),
        leo=np.minimum.reduce([kind_count(w0, w1, k) for k in LEO_KINDS]),
        tom=np.minimum.reduce([kind_count(w0, w1, k) for k in TOM_KINDS]),
        chi_chi=chi,
    )
