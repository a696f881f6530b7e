"""Sâm combinations, the beat relation (with chặt) and tới trắng detection (docs/rules.md §2.3, §2.4).

Suits never matter in play, so a play is a *move* in rank space: an integer id into a :class:`MoveTable`
(singles, pairs, triples, tứ quý, then every straight by length and top).  ``need[m]`` is the rank-count vector
a move takes from the hand.  Both engines use the same table, so a move id means the same thing everywhere.

Straight positions: ``0`` = A played low, ``1`` = 2 played low, ``2..12`` = 3..K, ``13`` = A high.  With
``straights = "a23_to_qka"`` a straight is any run of >= 3 positions in ``0..13`` (so A–2–3 … Q–K–A, never K–A–2);
with ``"3_to_a"`` only positions ``2..13``.  A straight is ranked by its top position.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from cardodds.sim.sam.cards import ACE, HAND_SIZE, N_RANKS, RANK_NAMES, TWO, is_red, rank_counts
from cardodds.sim.sam.rules import SamRules

SINGLE, PAIR, TRIPLE, QUAD, STRAIGHT = 0, 1, 2, 3, 4
KIND_NAMES = ("single", "pair", "triple", "quad", "straight")
N_POS = 14

TOI_TRANG_KINDS = ("sanh_rong", "tu_quy_2", "dong_hoa", "ba_sam", "nam_doi")
"""Tới trắng kinds, highest priority first: sảnh rồng > tứ quý 2 > đồng hoa > 3 sám > 5 đôi."""
NO_TOI_TRANG = -1


def pos_rank(p: int) -> int:
    """The rank index at straight position ``p``."""
    return {0: ACE, 1: TWO, 13: ACE}.get(p, p - 2)


@dataclass(frozen=True, eq=False)
class MoveTable:
    """Every possible play under one ``straights`` option.

    Attributes
    ----------
    kind, length, top : int arrays (M,)
        Type, number of cards, and rank index (straight: top position) of each move.
    need : int8 array (M, 13)
        Rank counts each move takes.
    has_two : bool array (M,)
    beats : bool array (M + 1, M)
        ``beats[a, b]``: move ``b`` may be played on current play ``a``; row ``M`` (``LEAD``) is a free lead.
    """

    kind: np.ndarray
    length: np.ndarray
    top: np.ndarray
    need: np.ndarray
    has_two: np.ndarray
    beats: np.ndarray
    min_pos: int

    @property
    def n(self) -> int:
        return len(self.kind)

    @property
    def LEAD(self) -> int:
        return len(self.kind)

    def name(self, m: int) -> str:
        """A short text of a move in ranks, e.g. ``pair 7``, ``straight 3-4-5``, ``quad 2``."""
        k = int(self.kind[m])
        if k == STRAIGHT:
            t, n = int(self.top[m]), int(self.length[m])
            return "straight " + "-".join(RANK_NAMES[pos_rank(p)] for p in range(t - n + 1, t + 1))
        return f"{KIND_NAMES[k]} {RANK_NAMES[int(self.top[m])]}"

    def formable(self, counts: np.ndarray) -> np.ndarray:
        """Bool (..., M): which moves the hand(s) of rank counts ``counts`` (..., 13) can form."""
        return np.all(counts[..., None, :] >= self.need, axis=-1)

    def find(self, kind: int, top: int, length: int = 0) -> int:
        """The id of a move (straights: ``top`` is a position and ``length`` is needed)."""
        hit = (self.kind == kind) & (self.top == top)
        if kind == STRAIGHT:
            hit &= self.length == length
        return int(np.flatnonzero(hit)[0])


@lru_cache(maxsize=None)
def _table(straights: str, chop_two: bool, chop_quad: bool, chop_pair_two: bool = False) -> MoveTable:
    kinds, lengths, tops, needs = [], [], [], []
    for k, size in ((SINGLE, 1), (PAIR, 2), (TRIPLE, 3), (QUAD, 4)):
        for r in range(N_RANKS):
            v = np.zeros(N_RANKS, np.int8)
            v[r] = size
            kinds.append(k), lengths.append(size), tops.append(r), needs.append(v)
    min_pos = 0 if straights == "a23_to_qka" else 2
    for n in range(3, HAND_SIZE + 1):
        for t in range(min_pos + n - 1, N_POS):
            v = np.zeros(N_RANKS, np.int8)
            for p in range(t - n + 1, t + 1):
                v[pos_rank(p)] += 1
            kinds.append(STRAIGHT), lengths.append(n), tops.append(t), needs.append(v)
    kind, length, top = np.array(kinds), np.array(lengths), np.array(tops)
    need = np.array(needs, dtype=np.int8)
    m = len(kind)
    beats = np.zeros((m + 1, m), bool)
    beats[m, :] = True
    same = (kind[:, None] == kind[None, :]) & (length[:, None] == length[None, :]) & (top[None, :] > top[:, None])
    same &= kind[:, None] != QUAD  # a tứ quý over a tứ quý is chặt, allowed only by the option
    beats[:m] = same
    quad_b = kind == QUAD
    if chop_two:
        beats[np.flatnonzero((kind == SINGLE) & (top == TWO))] |= quad_b
    if chop_pair_two:
        beats[np.flatnonzero((kind == PAIR) & (top == TWO))] |= quad_b
    if chop_quad:
        beats[:m] |= (kind[:, None] == QUAD) & quad_b[None, :] & (top[None, :] > top[:, None])
    for a in (kind, length, top, need, beats):
        a.setflags(write=False)
    return MoveTable(kind, length, top, need, need[:, TWO] > 0, beats, min_pos)


def move_table(rules: SamRules) -> MoveTable:
    """The (cached) move table of a rules set."""
    return _table(rules.straights, rules.chop_two, rules.chop_quad, rules.chop_pair_two)


def is_chop(table: MoveTable, current: int, move: int) -> bool:
    """Whether playing ``move`` on ``current`` is a chặt (a tứ quý beating a 2, a pair of 2s or a tứ quý)."""
    return current != table.LEAD and table.kind[move] == QUAD and table.kind[current] in (QUAD, SINGLE, PAIR)


def chop_value(table: MoveTable, current: int, pay) -> int:
    """What a chặt of ``current`` is worth: ``chat_two`` per chopped 2, ``chat_quad`` for a tứ quý."""
    return pay.chat_quad if table.kind[current] == QUAD else pay.chat_two * int(table.length[current])


def legal_moves(table: MoveTable, counts: np.ndarray, current: int, no_finish_on_two: bool) -> np.ndarray:
    """Move ids a hand may play on ``current`` (``table.LEAD`` for a free lead), ascending."""
    ok = table.formable(counts) & table.beats[current]
    if no_finish_on_two:
        ok &= ~(table.has_two & (table.length == int(counts.sum())))
    return np.flatnonzero(ok)


# ----------------------------------------------------------------------------------------------------- tới trắng
def _sanh_rong_windows(straights: str) -> np.ndarray:
    """Rank-count vectors (W, 13) of the 10-card straights."""
    lo = 0 if straights == "a23_to_qka" else 2
    out = []
    for s in range(lo, N_POS - HAND_SIZE + 1):
        v = np.zeros(N_RANKS, np.int8)
        for p in range(s, s + HAND_SIZE):
            v[pos_rank(p)] += 1
        out.append(v)
    return np.array(out)


_MASK13 = (1 << N_RANKS) - 1


@lru_cache(maxsize=None)
def _toi_trang_fields(quad_triple: bool, quad_two_pairs: bool) -> np.ndarray:
    """(13, 16) int64: for rank r held c times, its bit in the held-once mask, in the not-held mask (13 bits up),
    its triple (4-bit count from bit 26) and its pairs (from bit 30); 0 for impossible counts."""
    out = np.zeros((N_RANKS, 16), np.int64)
    for r in range(N_RANKS):
        for c in range(5):
            triple = c == 3 or (c == 4 and quad_triple)
            pairs = (c == 2) + (2 if c == 4 and quad_two_pairs else 0)
            out[r, c] = (((c == 1) << r) + ((c == 0) << (N_RANKS + r)) + (triple << 2 * N_RANKS)
                         + (pairs << 2 * N_RANKS + 4))
    out.setflags(write=False)
    return out


def toi_trang_flags(counts: np.ndarray, n_red: np.ndarray, rules: SamRules) -> np.ndarray:
    """Which tới trắng kinds each hand qualifies for.

    Parameters
    ----------
    counts : int array (..., 13)
        Rank counts of 10-card hands.
    n_red : int array (...)
        Red cards in each hand.

    Returns
    -------
    bool array (..., 5), in the order of ``TOI_TRANG_KINDS``.
    """
    counts = np.asarray(counts)
    # one pass over the 13 ranks summing packed per-rank fields (reductions along a short last axis are slow in
    # numpy): bit masks of the ranks held once / not held, the number of triples and of pairs
    fields = _toi_trang_fields(rules.quad_counts_as_triple, rules.quad_counts_as_two_pairs)
    acc = np.zeros(counts.shape[:-1], np.int64)
    for r in range(N_RANKS):
        acc += np.take(fields[r], counts[..., r], mode="clip")
    ones, zeros = acc & _MASK13, (acc >> N_RANKS) & _MASK13
    triples, pairs = (acc >> 2 * N_RANKS) & 0xF, acc >> 2 * N_RANKS + 4
    bits = 1 << np.arange(N_RANKS)
    sanh = np.zeros(acc.shape, bool)
    for w in _sanh_rong_windows(rules.straights):  # the hand equals a window: its ranks once each, no others
        wm = int(bits[w == 1].sum())
        sanh |= (ones == wm) & (zeros == (1 << N_RANKS) - 1 - wm)
    quad2 = counts[..., TWO] == 4
    n_red = np.asarray(n_red)
    dong = (n_red == HAND_SIZE) | (n_red == 0)
    ba_sam = triples >= 3
    nam_doi = pairs >= 5
    return np.stack([sanh, quad2, dong, ba_sam, nam_doi], axis=-1)


def toi_trang_kind_of_flags(flags: np.ndarray) -> np.ndarray:
    """The credited kind (index into ``TOI_TRANG_KINDS``, the highest) or ``NO_TOI_TRANG`` (-1)."""
    anyk = flags.any(-1)
    return np.where(anyk, np.argmax(flags, axis=-1), NO_TOI_TRANG)


def toi_trang_any(counts: np.ndarray, rules: SamRules) -> np.ndarray:
    """Bool (...): some hand of ``counts`` (..., K, 13) (ten cards each, by rank) is a tới trắng of a rank kind.

    Suits are not dealt, so never đồng hoa (each hand is taken to hold five red cards)."""
    mixed = np.full(np.shape(counts)[:-1], HAND_SIZE // 2)
    return (toi_trang_kind_of_flags(toi_trang_flags(counts, mixed, rules)) >= 0).any(-1)


def toi_trang_kind(cards, rules: SamRules) -> int:
    """The tới trắng kind credited to one 10-card hand (index into ``TOI_TRANG_KINDS``), or -1."""
    cards = np.asarray(list(cards))
    flags = toi_trang_flags(rank_counts(cards), int(is_red(cards).sum()), rules)
    return int(toi_trang_kind_of_flags(flags))


def toi_trang_name(kind: int) -> str:
    return "none" if kind < 0 else TOI_TRANG_KINDS[kind]


POS_RANK = np.array([11, 12] + list(range(12)), np.int64)  # straight position -> rank index


def fast_formable(table: MoveTable, counts: np.ndarray) -> np.ndarray:
    """Same as ``table.formable`` for (n, 13) counts, without an (n, M, 13) temporary.

    Rank plays (ids ``k * 13 + r``) compare the counts with 1..4; a straight is formable when the bit mask of the
    straight positions held covers the straight's mask.
    """
    n_rank = 4 * N_RANKS
    out = np.empty((len(counts), table.n), bool)
    for k in range(4):
        np.greater_equal(counts, k + 1, out=out[:, k * N_RANKS:(k + 1) * N_RANKS])
    bits = ((counts[:, POS_RANK] > 0) * POW2).sum(1, dtype=np.uint16)
    smask = straight_masks(table)
    np.equal(bits[:, None] & smask, smask, out=out[:, n_rank:])
    return out


POW2 = (1 << np.arange(14)).astype(np.uint16)


@lru_cache(maxsize=None)
def straight_masks(table: MoveTable) -> np.ndarray:
    n_rank = 4 * N_RANKS
    return np.array([sum(1 << p for p in range(int(tp) - int(ln) + 1, int(tp) + 1))
                     for tp, ln in zip(table.top[n_rank:], table.length[n_rank:])], np.uint16)
