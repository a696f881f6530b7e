"""The worlds of a Sâm position's play-outs: the unseen cards dealt only as the game could have dealt them.

A tới trắng wins at the deal under every rules set (docs/rules.md §2.4: no option turns it off), so a world where an
opponent's dealt hand — the cards it has played in the position and those the world gives it — is a tới trắng
could not have led to the position.  :func:`possible_worlds` deals the worlds of
:func:`~cardodds.sim.sam.expert.deal_worlds` and, by rejection, deals again every world where some opponent's dealt
hand is one (:func:`~cardodds.sim.sam.hand.toi_trang_any`, the check the ``bayes`` declarer conditions on): the odds
are then conditioned on the game having reached the position.  Only the rejected worlds are dealt again, all at once,
world ``j``'s attempt ``a`` keyed by (seed, ``j``, ``a``), so world ``j`` is a function of the seed and ``j`` alone,
however the worlds are split into calls and blocks.

Worlds are rank counts (suits are not dealt), so đồng hoa (ten cards of one colour) cannot be checked on them; where
the cards are named (a user's player is shown card ids, :func:`~cardodds.sim.sam.user_seat.world_cards`), a world whose
named cards give an opponent a đồng hoa is dealt again too, so that every view it is shown is a possible position.
"""

from __future__ import annotations

import numpy as np

from cardodds.sim.errors import CardoddsError
from cardodds.sim.hashing import GOLDEN, mix64
from cardodds.sim.sam.cards import HAND_SIZE, is_red, rank_counts
from cardodds.sim.sam.expert import deal_numbered
from cardodds.sim.sam.hand import toi_trang_any
from cardodds.sim.sam.position_state import Position
from cardodds.sim.sam.strategies import View
from cardodds.sim.sam.user_seat import world_cards

MAX_ATTEMPTS = 100
"""Deals of one world at most: past them the position is taken for impossible (nearly every deal is a tới trắng)."""


def attempt_salt(salt: int, attempt: int) -> int:
    """The salt of a world's ``attempt``-th deal (0: the first, ``salt`` itself: a possible world stays as dealt)."""
    if attempt == 0:
        return salt
    return int(mix64(np.uint64(salt) ^ mix64(np.uint64(attempt * int(GOLDEN) % 2**64))))


def impossible(position: Position, hands: np.ndarray, named: bool = False) -> np.ndarray:
    """Bool (W,): the worlds ``hands`` (W, P, 13) where some opponent's dealt hand (its played cards and the world's)
    is a tới trắng; with ``named``, đồng hoa too, on the cards :func:`~cardodds.sim.sam.user_seat.world_cards` names."""
    P = position.players
    opp = np.arange(P) != position.seat
    played = np.stack([rank_counts(c) for c in position.played])[opp]
    out = toi_trang_any(hands[:, opp] + played, position.rules)
    if named and len(hands):
        red = is_red(world_cards(position, hands)[:, opp]).sum(-1)
        out |= ((red == 0) | (red == HAND_SIZE)).any(-1)
    return out


def possible_worlds(position: Position, view: View, worlds: int, first: int, salt: int,
                    named: bool = False) -> tuple[np.ndarray, int]:
    """(hands (1, worlds, P, 13) of worlds ``first .. first + worlds - 1``, the deals rejected): each world dealt
    as :func:`~cardodds.sim.sam.expert.deal_worlds` deals it, again while :func:`impossible`.

    Raises ``CardoddsError`` when a world is still impossible after :data:`MAX_ATTEMPTS` deals."""
    numbers = np.arange(first, first + worlds, dtype=np.uint64)
    hands = deal_numbered(view, numbers, salt)
    todo, rejected = np.arange(worlds), 0
    for attempt in range(1, MAX_ATTEMPTS + 1):
        todo = todo[impossible(position, hands[0, todo], named)]
        rejected += len(todo)
        if not len(todo):
            return hands, rejected
        if attempt == MAX_ATTEMPTS:
            break
        hands[:, todo] = deal_numbered(view, numbers[todo], attempt_salt(salt, attempt))
    raise CardoddsError(f"sam position: world {first + int(todo[0])} still gives an opponent a tới trắng after "
                        f"{MAX_ATTEMPTS} deals: nearly every deal of the unseen cards would have ended the game at "
                        f"once, so the position cannot be reached")
