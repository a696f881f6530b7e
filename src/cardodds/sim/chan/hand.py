"""Chắn hand evaluation in plain Python: the readable statement of docs/rules.md §1.2 and §1.5.

Works on count vectors (see :mod:`cardodds.sim.chan.cards`).  The vectorised deal engine computes the same things with lookup
tables; the tests check the two against each other hand by hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardodds.sim.chan.cards import CHI_CHI, COPIES, IS_RED, LEO_KINDS, N_KINDS, TOM_KINDS, kind_code

MIN_CHAN = 6
"""A winning hand has at least 6 chắn among its 10 chắn/cạ."""
WIN_SIZE = 20

U_RONG, BACH_THU, BACH_THU_CHI = "u_rong", "bach_thu", "bach_thu_chi"
WIN_TYPE_NAMES = {U_RONG: "ù rộng", BACH_THU: "bạch thủ", BACH_THU_CHI: "bạch thủ chi"}


@dataclass(frozen=True)
class Split:
    """A hand split into chắn, cạ, ba đầu and què, with as many chắn as possible.

    ``chan`` lists one kind per chắn (four of a kind gives two), ``ca`` pairs of kinds, ``ba_dau`` numbers, ``que`` kinds.
    """

    chan: tuple[int, ...]
    ca: tuple[tuple[int, int], ...]
    ba_dau: tuple[int, ...]
    que: tuple[int, ...]

    def describe(self) -> str:
        """The split in card codes, e.g. ``chắn 9V 9V | cạ 8V 8S | què CC``."""
        parts = []
        if self.chan:
            parts.append("chắn " + ", ".join(f"{kind_code(k)} {kind_code(k)}" for k in self.chan))
        if self.ca:
            parts.append("cạ " + ", ".join(f"{kind_code(a)} {kind_code(b)}" for a, b in self.ca))
        if self.ba_dau:
            parts.append("ba đầu " + ", ".join(" ".join(kind_code(3 * (n - 2) + s) for s in range(3)) for n in self.ba_dau))
        if self.que:
            parts.append("què " + " ".join(kind_code(k) for k in self.que))
        return " | ".join(parts)


def split_hand(counts) -> Split:
    """Split a hand so that it keeps the most chắn.

    Every pair of identical cards is a chắn; of the cards left over (at most one per kind), two of one number make a
    cạ, three make a ba đầu and a lone card is a què.  Taking every chắn first never costs a cạ: a number's leftovers
    are exactly its kinds with an odd count, so the split also has the most pairs possible.
    """
    chan, ca, ba_dau, que = [], [], [], []
    for kind in range(N_KINDS):
        chan.extend([kind] * (int(counts[kind]) // 2))
    for number in range(2, 10):
        odd = [3 * (number - 2) + s for s in range(3) if counts[3 * (number - 2) + s] % 2]
        if len(odd) == 3:
            ba_dau.append(number)
        elif len(odd) == 2:
            ca.append((odd[0], odd[1]))
        elif len(odd) == 1:
            que.append(odd[0])
    if counts[CHI_CHI] % 2:
        que.append(CHI_CHI)  # Chi Chi forms no cạ.
    return Split(tuple(chan), tuple(ca), tuple(ba_dau), tuple(sorted(que)))


def is_winning(counts) -> bool:
    """Whether 20 cards form a winning hand: 10 chắn/cạ, at least 6 chắn, nothing left over."""
    if sum(int(c) for c in counts) != WIN_SIZE:
        return False
    split = split_hand(counts)
    return not split.ba_dau and not split.que and len(split.chan) >= MIN_CHAN


def win_type(counts19, kind: int) -> str | None:
    """The win type if the 19-card hand ``counts19`` wins on a card of ``kind`` (None if it does not win).

    Bạch thủ: the waiting hand has exactly 5 chắn, 4 cạ, one què and no ba đầu, and the card pairs with the què.
    A Chi Chi completes a hand only as bạch thủ chi; any other completion is ù rộng.
    """
    if counts19[kind] >= COPIES:
        return None
    after = list(counts19)
    after[kind] += 1
    if not is_winning(after):
        return None
    split = split_hand(counts19)
    if len(split.chan) == MIN_CHAN - 1 and len(split.ca) == 4 and not split.ba_dau and split.que == (kind,):
        return BACH_THU_CHI if kind == CHI_CHI else BACH_THU
    if kind == CHI_CHI:
        return None
    return U_RONG


def waits(counts19) -> dict[int, str]:
    """Every kind that completes a 19-card hand, with the win type it gives."""
    found = {k: win_type(counts19, k) for k in range(N_KINDS)}
    return {k: t for k, t in found.items() if t is not None}


def thien_u_type(counts20) -> str | None:
    """Thiên ù of the cái's dealt 20 cards: None, ``"bach_thu"`` (exactly 6 chắn and 4 cạ) or ``"u_rong"``."""
    if not is_winning(counts20):
        return None
    return BACH_THU if len(split_hand(counts20).chan) == MIN_CHAN else U_RONG


def best_discards(counts20) -> dict[int, dict[int, str]]:
    """For a 20-card hand: every discard that leaves a waiting hand, with that hand's waits."""
    result = {}
    for kind in range(N_KINDS):
        if counts20[kind]:
            after = list(counts20)
            after[kind] -= 1
            if w := waits(after):
                result[kind] = w
    return result


def red_count(counts) -> int:
    """Number of red cards (bát vạn, bát sách, cửu vạn, cửu sách, Chi Chi)."""
    return sum(int(counts[k]) for k in range(N_KINDS) if IS_RED[k])


def thien_khai_count(counts) -> int:
    """Number of kinds held four times."""
    return sum(1 for k in range(N_KINDS) if counts[k] == COPIES)


def leo_count(counts) -> int:
    """Number of disjoint lèo (cửu vạn + bát sách + Chi Chi)."""
    return min(int(counts[k]) for k in LEO_KINDS)


def tom_count(counts) -> int:
    """Number of disjoint tôm (tam vạn + tam sách + thất văn)."""
    return min(int(counts[k]) for k in TOM_KINDS)
