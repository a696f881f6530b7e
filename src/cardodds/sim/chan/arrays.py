"""Chắn holdings as arrays for the batch engine and its players: kind counts ``(..., 25)`` and 25-bit kind sets.

The shapes and waits of :mod:`cardodds.sim.chan.holding`, vectorised over rows, and the kind-set arithmetic the legal
move masks and the players' batch decisions (:mod:`cardodds.sim.chan.strategies`) are built from.
"""

from __future__ import annotations

import numpy as np

from cardodds.sim.chan.cards import CHI_CHI, LEO_KINDS, RED_KINDS, TOM_KINDS

P, K = 4, 25

NUM = np.array([k // 3 for k in range(24)] + [8], dtype=np.int64)
"""Number index of each kind (0..7), 8 for Chi Chi (which has no number)."""
SAME_NUM = (NUM[:, None] == NUM[None, :]) & (NUM[:, None] < 8)
"""``SAME_NUM[x, k]``: k is of x's number (Chi Chi: none)."""
OTHER_SUIT = SAME_NUM & ~np.eye(K, dtype=bool)
NUM_ONEHOT = np.zeros((K, 9), dtype=bool)
NUM_ONEHOT[np.arange(K), NUM] = True
NUM_ONEHOT[CHI_CHI, 8] = False
OTHER_Y = np.array([[3 * (k // 3) + j for j in range(3) if 3 * (k // 3) + j != k] if k < 24 else [0, 0]
                    for k in range(K)], dtype=np.int64)
"""The two other suits of a kind's number (ascending), for its cạ."""
RED = np.array(RED_KINDS)
IS_RED_K = np.isin(np.arange(K), RED)
LEO = np.array(LEO_KINDS)
TOM = np.array(TOM_KINDS)


def odd_numbers(hand):
    """Per number (0..7), how many of its three kinds the hand holds an odd number of times: ``(..., 8)``."""
    odd = hand[..., :24] & 1
    return odd[..., 0::3] + odd[..., 1::3] + odd[..., 2::3]


def hand_shape(hand):
    """Vectorised ``shape``: chắn, cạ, ba đầu count, què count, and the oddness per number, for ``(..., 25)``."""
    chan = (hand >> 1).sum(axis=-1, dtype=np.int16)
    odd_n = odd_numbers(hand)
    ca = (odd_n == 2).sum(axis=-1)
    ba = (odd_n == 3).sum(axis=-1)
    que = (odd_n == 1).sum(axis=-1) + (hand[..., CHI_CHI] & 1)
    return chan, ca, ba, que, odd_n


U32 = np.uint32
BIT = (U32(1) << np.arange(K, dtype=U32)).astype(U32)
"""``BIT[k]``: the bit of kind k in a 25-bit kind set."""
LOW = U32(sum(1 << (3 * n) for n in range(8)))
HI2 = U32(sum(6 << (3 * n) for n in range(8)))
HI1 = U32(sum(4 << (3 * n) for n in range(8)))
LOW2 = U32(sum(3 << (3 * n) for n in range(8)))
NUM_KINDS = np.array([sum(7 << (3 * n) for n in range(8) if m >> n & 1) for m in range(512)], dtype=U32)
"""``NUM_KINDS[number set]``: the kinds of those numbers (bit 8, Chi Chi's pseudo-number, has no kinds)."""
RANK_OF_ODD = np.array([3, 0, 2, 1])
"""Basic's shedding rank by how many kinds of the number are held oddly: 1 què (0), 3 ba đầu (1), 2 cạ (2)."""
NUM_BIT = np.array([1 << n if n < 8 else 0 for n in NUM], dtype=np.uint16)


def other_suits(bits):
    """For each kind, whether another kind of its number is in the set (rotations within each number's 3 bits)."""
    r1 = ((bits << U32(1)) & HI2) | ((bits >> U32(2)) & LOW)
    r2 = ((bits << U32(2)) & HI1) | ((bits >> U32(1)) & LOW2)
    return r1 | r2


def kind_bits(mask):
    """A boolean ``(M, 25)`` mask as 25-bit sets ``(M,)`` (packbits pads 25 bits to 4 bytes)."""
    return np.packbits(mask, axis=1, bitorder="little").view("<u4")[:, 0]


def has(bits, kind):
    """Whether ``kind`` is in each set."""
    return ((bits >> kind.astype(U32)) & U32(1)).astype(bool)


def wait_masks(hand, mat, mat_chan):
    """The set of kinds that complete each 19-card holding (``wait_kinds``, vectorised): ``(M,)`` 25-bit sets."""
    M = hand.shape[0]
    rows = np.arange(M)
    free = hand + mat < 4
    chan, _, ba, que, odd_n = hand_shape(hand)
    chan = chan + mat_chan
    free_bits = kind_bits(free)
    ba_num = (odd_n == 3).argmax(axis=1)
    by_ba = (ba == 1) & (que == 0) & (chan >= 5)
    out = np.where(by_ba, free_bits & (U32(7) << (3 * ba_num).astype(U32)), U32(0))
    single = (ba == 0) & (que == 1)
    cc = (hand[:, CHI_CHI] & 1) == 1
    qn = (odd_n == 1).argmax(axis=1)
    q = np.where(cc, CHI_CHI, 3 * qn + (hand[rows[:, None], 3 * qn[:, None] + np.arange(3)] & 1).argmax(axis=1))
    q_ok = single & ((chan == 5) | ((chan >= 6) & ~cc))
    out |= np.where(q_ok, free_bits & BIT[q], U32(0))
    same = single & (chan >= 6) & ~cc
    out |= np.where(same, free_bits & (U32(7) << (3 * qn).astype(U32)), U32(0))
    return out.astype(U32)


def kind_masks(bits):
    """25-bit kind sets ``(M,)`` as boolean ``(M, 25)`` masks."""
    return ((bits[:, None] >> np.arange(K, dtype=U32)[None, :]) & U32(1)).astype(bool)


ACT_NONE, ACT_CHIU, ACT_CHAN, ACT_CA = -1, 0, 1, 2
"""A player's answer to an ``act`` decision on the batch engine: let the card go (bốc / dưới / hòa), chíu it, eat it
as a chắn, or eat it as a cạ with ``OTHER_Y[card, j]`` (``ACT_CA + j``)."""
