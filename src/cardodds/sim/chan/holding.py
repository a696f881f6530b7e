"""Quick tests on a player's holding — the hand counts beside the chắn and cạ laid on the mat — for the engines and
the players: the hand's shape, the kinds it waits on, the win a card gives.

Pure functions of count vectors (see :mod:`cardodds.sim.chan.cards`); :mod:`cardodds.sim.chan.hand` states the same rules on a whole
hand (``split_hand``), and the tests check the two against each other.
"""

from __future__ import annotations

from cardodds.sim.chan.cards import CHI_CHI, COPIES, N_KINDS
from cardodds.sim.chan.hand import BACH_THU, BACH_THU_CHI, U_RONG


def number(kind: int) -> int:
    """Number index of a kind (0..7), -1 for Chi Chi."""
    return -1 if kind == CHI_CHI else kind // 3


def shape(hand) -> tuple[int, int, list[int], list[int]]:
    """``(chắn, cạ, ba đầu numbers 0..7, què kinds)`` of hand counts, keeping the most chắn (see ``split_hand``)."""
    chan = 0
    for c in hand:
        chan += c >> 1
    ca, ba, que = 0, [], []
    for b in range(0, 24, 3):
        x, y, z = hand[b] & 1, hand[b + 1] & 1, hand[b + 2] & 1
        odd = x + y + z
        if odd == 2:
            ca += 1
        elif odd == 1:
            que.append(b if x else b + 1 if y else b + 2)
        elif odd == 3:
            ba.append(b // 3)
    if hand[CHI_CHI] & 1:
        que.append(CHI_CHI)
    return chan, ca, ba, que


def wait_kinds(hand, mat_chan: int, mat, held_extra=None) -> list[int]:
    """Every kind that completes a 19-card holding (same answers as :func:`win_type`, one split only)."""
    chan, _, ba, que = shape(hand)
    chan += mat_chan
    free = [k for k in range(N_KINDS) if hand[k] + mat[k] < COPIES]
    if ba:
        if len(ba) == 1 and not que and chan >= 5:
            return [k for k in free if k != CHI_CHI and k // 3 == ba[0]]
        return []
    if len(que) != 1:
        return []
    q = que[0]
    out = []
    if chan == 5 or (chan >= 6 and q != CHI_CHI):
        out = [q] if hand[q] + mat[q] < COPIES else []
    if chan >= 6 and q != CHI_CHI:
        out += [k for k in free if k != q and k != CHI_CHI and k // 3 == q // 3]
    return sorted(out)


def win_type(hand, mat_chan: int, mat_ca: int, held: int, card: int) -> str | None:
    """The win type if a 19-card holding (hand counts + laid chắn/cạ) wins on ``card``, else None.

    ``held`` is how many copies of ``card`` the player holds (hand and mat); with all four held no card can come.
    Bạch thủ: exactly 5 chắn, 4 cạ and one què (no ba đầu), the card pairing the què; a Chi Chi wins only that way.
    """
    if held >= COPIES:
        return None
    chan, ca, ba, que = shape(hand)
    chan += mat_chan
    ca += mat_ca
    if ba:
        if len(ba) == 1 and not que and number(card) == ba[0] and chan + 1 >= 6:
            return U_RONG
        return None
    if len(que) != 1:
        return None
    q = que[0]
    if card == q:
        if chan == 5 and ca == 4:
            return BACH_THU_CHI if card == CHI_CHI else BACH_THU
        if card == CHI_CHI:
            return None
        return U_RONG if chan >= 6 else None
    if q != CHI_CHI and card != CHI_CHI and number(card) == number(q) and chan >= 6:
        return U_RONG
    return None
