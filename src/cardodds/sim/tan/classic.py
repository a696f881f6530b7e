"""The Tấn ``classic`` player: the project's benchmark opponent, a strong hand-written rule-based Durak player.

It plays what a good rule-based Durak program plays (the kind of page of if-statements public Durak AIs are), so that
our own rungs are measured against a player none of them was tuned into:

- **lead** the lowest non-trump, preferring a rank held twice or more (its partners can be added) when it is at most
  ``pair_bonus`` ranks higher; trumps only when nothing else is left;
- **add** (tấn cùng) matching non-trumps below ``throw_rank`` while more than ``keep_stock`` cards are left in the
  stock, never a trump; then any non-trump; with the stock empty any matching card, trumps up to
  ``endgame_trump_rank``;
- **cover** with the cheapest card that beats (non-trumps first); while more than ``keep_stock`` cards are left, take
  (lên) rather than spend a trump of rank ``take_trump_rank`` or above on a non-trump when at most ``take_max_table``
  attack cards are on the table (the table is cheap), and take a trump attack rather than cover it with a trump of
  rank ``trump_take_rank`` or above; with the stock empty always cover;
- **count cards** once the stock is empty: every card not in its hand, the discard pile or on the table is in an
  opponent's hand (with 2 players exactly the opponent's hand).  It adds first the cards no unseen card beats (the
  defender must take the table); it leads such a card when at most one other card is left in its hand (then it goes
  out whatever the answer: a lead nobody covers earlier would only hand its best cards over); it covers with a card
  of a rank no opponent holds (nothing can be added on it) when one is of the cheapest cover's kind (non-trump /
  trump).

The defaults were picked by a coordinate search against ``tuned`` on 2-player 36-card tables (6-card hands).

It reads only its own hand and public information (the discard pile, the table, the rules' deck; ``needs_public``).
Both forms share one mask implementation: the reference form turns its view into a one-row batch view.  The trump
exchange swaps the lowest allowed trump (the ``basic`` rule).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace

import numpy as np

from cardodds.sim.knobs import Choice, Range
from cardodds.sim.players import Player
from cardodds.sim.tan import bits
from cardodds.sim.tan.bits import U64, ZERO, unbeatable
from cardodds.sim.tan.cards import parse_rank, to_mask, unseen_mask
from cardodds.sim.tan.strategies import _lowest_nontrump_first_batch, pair_lead_batch

def unseen_cards(v) -> np.ndarray:
    """Cards the deciding seat has not seen: not in its hand, the discard pile or on the table (with the stock empty,
    the opponents' hands)."""
    return unseen_mask(v.rules.deck, v.hand, v.disc, v.att, v.cov)


@dataclass(frozen=True)
class Classic(Player):
    """A strong rule-based Durak player, the benchmark opponent (see the module docstring).

    Parameters
    ----------
    pair_bonus : int
        A lead prefers a rank held twice or more when it is at most this many ranks above the lowest (8: any pair
        in the 36-card deck).
    throw_rank : str
        While the stock lasts, add only non-trumps below this rank (``"A"``: every non-trump but the aces).
    keep_stock : int
        "Early" (keep trumps, take rather than spend them) means more than this many stock cards left (8).
    take_trump_rank : str
        Take rather than cover a non-trump with a trump of this rank or above, early (``"10"``).
    take_max_table : int
        ... when at most this many attack cards are on the table (4).
    trump_take_rank : str
        Early, take a trump attack rather than cover it with a trump of this rank or above (``"Q"``).
    endgame_trump_rank : str
        With the stock empty, add trumps up to this rank (``"A"``: every trump).
    """

    pair_bonus: int = 8
    throw_rank: str = "A"
    keep_stock: int = 8
    take_trump_rank: str = "10"
    take_max_table: int = 4
    trump_take_rank: str = "Q"
    endgame_trump_rank: str = "A"
    name = "classic"
    deterministic = True
    needs_public = True
    knobs = {
        "pair_bonus": Range(0, 12),
        "throw_rank": Choice(("9", "10", "J", "Q", "K", "A")),
        "keep_stock": Range(0, 12),
        "take_trump_rank": Choice(("8", "10", "J", "Q", "K", "A")),
        "take_max_table": Range(0, 6),
        "trump_take_rank": Choice(("8", "10", "Q", "K", "A")),
        "endgame_trump_rank": Choice(("6", "10", "Q", "A")),
    }

    # -- reference forms: one row of the batch forms ---------------------------------------------------------------
    def exchange(self, v, rng=None) -> int | None:
        return min(v.options) if v.options else None

    def attack(self, v, rng=None) -> int | None:
        c = int(self.attack_batch(_one_row(v, is_lead=v.is_lead))[0])
        return None if c < 0 else c

    def defend(self, v, rng=None) -> int | None:
        c = int(self.defend_batch(_one_row(v, card=v.card))[0])
        return None if c < 0 else c

    # -- batch forms -----------------------------------------------------------------------------------------------
    def exchange_batch(self, v, rng=None):
        return np.where(v.options != 0, bits.lowest(v.options), -1).astype(np.int16)

    def attack_batch(self, v, rng=None):
        legal, tmask = v.legal, v.tmask
        endgame = v.stock_left == 0
        early = v.stock_left > self.keep_stock
        unb = unbeatable(unseen_cards(v), v.trump)
        safe = np.where(endgame, legal & unb, ZERO)
        # a lead nobody can cover, only when at most one card is left besides such cards (a win by force)
        finish = bits.popcount(v.hand & ~unb) <= 1
        plain = legal & ~tmask
        pool = np.where(plain != 0, plain, legal)
        lead = pair_lead_batch(pool, self.pair_bonus)
        lead = np.where(finish & (safe != 0), _lowest_nontrump_first_batch(safe, tmask), lead)
        # add: cheap non-trumps early, any non-trump late, trumps up to a rank once the stock is empty
        cand = np.where(early, plain & bits.BELOW[parse_rank(self.throw_rank)], plain)
        low_trumps = legal & tmask & bits.BELOW[parse_rank(self.endgame_trump_rank) + 1]
        cand = np.where(endgame, np.where(safe != 0, safe, plain | low_trumps), cand)
        add = _lowest_nontrump_first_batch(cand, tmask)
        return np.where(v.is_lead, lead, add).astype(np.int16)

    def defend_batch(self, v, rng=None):
        legal, tmask, trump = v.legal, v.tmask, v.trump
        endgame = v.stock_left == 0
        best = _lowest_nontrump_first_batch(legal, tmask)
        # endgame: a cover of the same kind (non-trump / trump) whose rank no opponent holds, if there is one
        plain = legal & ~tmask
        kind = np.where(plain != 0, plain, legal)
        quiet = kind & ~bits.rank_spread(unseen_cards(v))
        best = np.where(endgame & (quiet != 0), bits.lowest(quiet), best).astype(np.intp)
        safe = np.maximum(best, 0)
        trump_cover = (best >= 0) & ((safe & 3) == trump)
        rank = safe >> 2
        trump_attack = (v.card & 3) == trump
        take = np.where(trump_attack, rank >= parse_rank(self.trump_take_rank),
                        rank >= parse_rank(self.take_trump_rank)) & trump_cover
        take &= (v.stock_left > self.keep_stock) & (trump_attack | (v.n_attack <= self.take_max_table))
        return np.where(take, -1, best).astype(np.int16)


def _one_row(v, **extra) -> SimpleNamespace:
    """A reference-engine view as a one-row batch view (masks and arrays of length 1)."""
    m = lambda cards: np.array([to_mask(cards)], dtype=U64)  # noqa: E731
    a = lambda x, dt=np.intp: np.array([x], dtype=dt)  # noqa: E731
    row = SimpleNamespace(hand=m(v.hand), legal=m(v.legal), trump=a(v.trump), tmask=bits.SUIT_MASK[a(v.trump)],
                          stock_left=a(v.stock_left), n_attack=a(v.n_attack), disc=m(v.discard), att=m(v.attack),
                          cov=m(v.cover), rules=v.rules)
    for k, x in extra.items():
        setattr(row, k, a(x, bool if isinstance(x, bool) else np.intp))
    return row
