"""Named, parameterised Tấn players.

Every strategy makes three kinds of decision, each in two forms that must agree: a plain-Python one for the reference
engine (one game, a view object) and a vectorised one for the batch engine (``*_batch``, arrays over games).

- ``exchange``: which lower trump to swap for the turned card, or none.
- ``attack``: lead a card (the table is empty; a card must be played) or add (tấn cùng) one card, or pass (``None`` /
  ``-1``).  ``legal`` already holds only the cards the rules allow (rank on the table, attack cap not reached).
- ``defend``: cover the uncovered attack card with one of ``legal`` (the cards that beat it), or take (lên).

The hand-made players also carry the three series decisions as knobs (``SeriesChoices``: ``winner_swaps_two``,
``loser_swaps_first``, ``declares_xa``; ``cardodds.sim.tan.decisions``), asked by the reference engine in series play.

Views (what a decision may look at; the same names in both forms):

- exchange: ``seat, hand, options, turned, trump, rules, game_seed`` (batch: masks ``hand, options``, arrays
  ``seat, turned, trump, game_seed``, ``tmask``).
- attack: ``hand, legal, is_lead, trump, stock_left, defender_cards, n_attack`` (reference also ``seat, attack,
  cover``; batch also ``tmask``, the trump suit's mask).
- defend: ``hand, legal, card`` (the attack card to cover), ``trump, stock_left, n_attack`` (batch also ``tmask``).
- attack and defend views in both engines also carry ``rules`` (the table's ``TanRules``: ``tuned`` reads its kind)
  and the public discard pile and table (reference ``discard, attack, cover``, batch ``disc, att, cov``): the
  ``heuristic``'s card counting reads them.
- public information in attack and defend views (the batch engine adds it only when a strategy at the table has
  ``needs_public = True``, as the expert does): ``seat, hand_sizes, known`` (cards everyone knows a seat holds),
  ``out, bottom`` (the stock's face-up card, none once drawn), ``attacker, defender, passes, cap, bouts, pickups,
  first_attacker, rules, game_seed``, the discard pile (``discard`` / batch ``disc``), the table (batch ``att, cov``),
  defend views ``thrower``; batch ``live`` and ``decide`` (the rows to decide; ``forced``, where present: the rows
  whose move a play-out gives, the strategy's answer unused), and, for a strategy with
  ``needs_table = True`` (a user's player), ``table`` ``(n, T, 2)``: the attack cards in the order played, each with
  its cover (-1: none).

In the reference form cards are ids in sorted lists; in the batch form hands and ``legal`` are ``uint64`` masks and a
choice is an ``int16`` array, ``-1`` for none / pass / take.  Cards are ids ``4 * rank + suit``; "lowest" means the
lowest id, i.e. lowest rank, ties broken by suit order ♠ ♣ ♦ ♥.  Deterministic strategies (``deterministic = True``)
use only what the player can see and never the random stream; the batch engine relies on that to hand its longest
games to the reference engine.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace

import numpy as np

from cardodds.sim.knobs import Choice, Range
from cardodds.sim.players import Player, tuned_class, tuned_knobs
from cardodds.sim.tan import bits
from cardodds.sim.tan.bits import U64, unbeatable
from cardodds.sim.tan.cards import parse_rank, rank_of, suit_of, to_mask, unseen_mask
from cardodds.sim.tan.decisions import SERIES_KNOBS, SeriesChoices

View = SimpleNamespace
"""A reference-engine view (see the module docstring)."""


def _lowest_nontrump_first(cards: list[int], trump: int) -> int | None:
    plain = [c for c in cards if suit_of(c) != trump]
    pool = plain or list(cards)
    return min(pool) if pool else None


def pair_lead_batch(pool: np.ndarray, bonus: int) -> np.ndarray:
    """The lowest card of the lowest rank of ``pool``, or of a rank held twice or more when it is at most ``bonus``
    ranks higher (``bonus = 0``: the lowest card; ``pool`` must not be empty)."""
    counts = bits.rank_counts(pool).astype(np.intp)
    key = np.where(counts > 0, np.arange(13)[None, :] - bonus * (counts >= 2), 99)
    return bits.lowest(pool & bits.RANK_MASK[np.argmin(key, axis=1)])


def pair_lead(pool: list[int], bonus: int) -> int:
    """``pair_lead_batch`` of one list of cards."""
    counts = [0] * 13
    for c in pool:
        counts[rank_of(c)] += 1
    best = min((r - bonus * (counts[r] >= 2), r) for r in range(13) if counts[r])[1]
    return min(c for c in pool if rank_of(c) == best)


SAFE_LEADS = ("off", "finish", "always")
"""The ``heuristic``'s ``safe_lead`` settings."""

NEVER = 13
"""A rank index above every rank: ``rank >= NEVER`` is never true (a rank knob set to ``"off"``)."""


def rank_or_never(text: str) -> int:
    """``parse_rank``, with ``"off"`` as ``NEVER``."""
    return NEVER if text == "off" else parse_rank(text)


def endgame_safe(v, stock_left) -> np.ndarray:
    """Batch: the cards of the seat's hand no unseen card beats (``bits.unbeatable``), where the stock is empty
    (0 elsewhere: the counting knobs act in the endgame only)."""
    unseen = unseen_mask(v.rules.deck, v.hand, v.disc, v.att, v.cov)
    return np.where(stock_left == 0, v.hand & unbeatable(unseen, v.trump), U64(0))


def _one_row_safe(v) -> tuple[int, int]:
    """Reference: the hand's cards no unseen card beats and the unseen cards, as masks (stock empty or not)."""
    hand = to_mask(v.hand)
    unseen = unseen_mask(v.rules.deck, hand, to_mask(v.discard), to_mask(v.attack), to_mask(v.cover))
    return hand & int(unbeatable(np.array([unseen], dtype=U64), np.array([v.trump]))[0]), unseen


def _lowest_nontrump_first_batch(legal: np.ndarray, tmask: np.ndarray) -> np.ndarray:
    plain = legal & ~tmask
    pick = bits.lowest(np.where(plain != 0, plain, legal))
    return np.where(legal != 0, pick, -1).astype(np.int16)


@dataclass(frozen=True)
class RandomLegal(Player):
    """Chooses uniformly among the legal moves (passing and taking count as one move each)."""

    name = "random"
    deterministic = False

    def exchange(self, v: View, rng) -> int | None:
        k = int(rng.integers(len(v.options) + 1))
        return None if k == len(v.options) else v.options[k]

    def attack(self, v: View, rng) -> int | None:
        extra = 0 if v.is_lead else 1
        k = int(rng.integers(len(v.legal) + extra))
        return None if k == len(v.legal) else v.legal[k]

    def defend(self, v: View, rng) -> int | None:
        k = int(rng.integers(len(v.legal) + 1))
        return None if k == len(v.legal) else v.legal[k]

    @staticmethod
    def _pick(mask, extra, rng):
        """A uniform choice among the cards of ``mask`` and ``extra`` (0 or 1) "no card" moves; -1 for no card."""
        cards = bits.popcount(mask)
        total = cards + extra
        k = np.minimum((rng.random(mask.shape[0]) * total).astype(np.intp), np.maximum(total - 1, 0))
        play = (k < cards) & (mask != 0)
        return np.where(play, bits.nth_bit(mask, np.where(play, k, 0)), -1).astype(np.int16)

    def exchange_batch(self, v, rng):
        return self._pick(v.options, 1, rng)

    def attack_batch(self, v, rng):
        return self._pick(v.legal, np.where(v.is_lead, 0, 1), rng)

    def defend_batch(self, v, rng):
        return self._pick(v.legal, 1, rng)


@dataclass(frozen=True)
class Basic(SeriesChoices, Player):
    """Lead the lowest non-trump; cover with the cheapest card that beats, non-trumps first; add only non-trump
    cards of rank at most ``throw_max``; swap the lowest allowed trump for the turned card.

    Parameters
    ----------
    throw_max : str
        Highest rank added in tấn cùng (``"J"``); trumps are never added.
    winner_swaps_two, loser_swaps_first, declares_xa : bool
        The series decisions (``SeriesChoices``).
    """

    throw_max: str = "J"
    name = "basic"
    compiled_form = True  # the compiled engine plays it (kernel/decide.py)
    deterministic = True
    knobs = dict(SERIES_KNOBS)

    def __post_init__(self):
        super().__post_init__()
        parse_rank(self.throw_max)

    def exchange(self, v: View, rng=None) -> int | None:
        return min(v.options) if v.options else None

    def attack(self, v: View, rng=None) -> int | None:
        if v.is_lead:
            return _lowest_nontrump_first(v.legal, v.trump)
        top = parse_rank(self.throw_max)
        cand = [c for c in v.legal if suit_of(c) != v.trump and rank_of(c) <= top]
        return min(cand) if cand else None

    def defend(self, v: View, rng=None) -> int | None:
        return _lowest_nontrump_first(v.legal, v.trump)

    def exchange_batch(self, v, rng=None):
        return np.where(v.options != 0, bits.lowest(v.options), -1).astype(np.int16)

    def attack_batch(self, v, rng=None):
        plain = v.legal & ~v.tmask
        lead_pool = np.where(plain != 0, plain, v.legal)
        x = np.where(v.is_lead, lead_pool, plain & bits.BELOW[parse_rank(self.throw_max) + 1])
        return np.where(x != 0, bits.lowest(x), -1).astype(np.int16)

    def defend_batch(self, v, rng=None):
        return _lowest_nontrump_first_batch(v.legal, v.tmask)


@dataclass(frozen=True)
class Heuristic(SeriesChoices, Player):
    """A stronger hand-made player (defaults picked from a small head-to-head grid against ``basic``).

    Parameters
    ----------
    save_trumps : bool
        While the stock lasts: never add trumps or cards of rank ``hold_rank`` and above, and take (lên) rather than
        cover a non-trump attack with a trump of rank ``take_trump_rank`` or above when at most ``take_max_table``
        attack cards are on the table.
    hold_rank, take_trump_rank : str
        Ranks for the two rules above (``"K"``, ``"J"``).
    take_max_table : int
        See ``save_trumps`` (2).
    overload : bool
        Add any matching card, trumps included, once the stock is empty or the defender holds at most
        ``overload_cards`` cards.
    overload_cards : int
        See ``overload`` (2).
    endgame : bool
        With the stock empty, lead the lowest card of the rank held most often (to add its partners), not just the
        lowest card.
    save_stock : int
        "While the stock lasts" in ``save_trumps`` means while more than ``save_stock`` cards are left (0).
    overload_stock : int
        ``overload`` also starts once at most ``overload_stock`` cards are left in the stock (0: when it is empty).
    trump_throw_max : str
        Highest trump rank added when overloading (``"A"``: every trump).
    endgame_lead_high : bool
        With the stock empty, lead the highest card (non-trumps first), the one the defender is least likely to
        beat: in the endgame every covered card costs both sides one card, so only a take breaks the one-for-one
        race to a shared last card (a draw) (False).
    pair_bonus : int
        Other leads take the lowest non-trump, or a rank held twice or more when it is at most this many ranks higher
        (0: the lowest card).
    trump_take_rank : str
        While more than ``save_stock`` cards are left, take a trump attack rather than cover it with a trump of this
        rank or above (``"off"``: never).
    safe_add : bool
        With the stock empty, add first a card no unseen card beats (the defender must take the table) (False).
    safe_lead : str
        With the stock empty, lead a card no unseen card beats (lowest first, non-trumps first): ``"finish"`` when at
        most one other card is left in the hand (then it goes out whatever the answer), ``"always"`` whenever there
        is one, ``"off"`` never.
    quiet_cover : bool
        With the stock empty, cover with a card of a rank no unseen card has (nothing can be added on it), when one
        is of the cheapest cover's kind (non-trump / trump) (False).

    The last four count cards: "unseen" is every card not in the hand, the discard pile or on the table (with the
    stock empty, the other hands).  Their defaults play as the heuristic did before they were added.
    winner_swaps_two, loser_swaps_first, declares_xa : bool
        The series decisions (``SeriesChoices``).
    """

    save_trumps: bool = True
    hold_rank: str = "K"
    take_trump_rank: str = "J"
    take_max_table: int = 2
    overload: bool = True
    overload_cards: int = 2
    endgame: bool = True
    save_stock: int = 0
    overload_stock: int = 0
    trump_throw_max: str = "A"
    endgame_lead_high: bool = False
    pair_bonus: int = 0
    trump_take_rank: str = "off"
    safe_add: bool = False
    safe_lead: str = "off"
    quiet_cover: bool = False
    name = "heuristic"
    compiled_form = True  # the compiled engine plays it (kernel/decide.py)
    deterministic = True
    knobs = {
        "save_trumps": Choice((True, False)),
        "hold_rank": Choice(("10", "J", "Q", "K", "A")),
        "take_trump_rank": Choice(("8", "10", "J", "Q", "K", "A")),
        "take_max_table": Range(0, 6),
        "overload": Choice((True, False)),
        "overload_cards": Range(0, 6),
        "endgame": Choice((True, False)),
        "save_stock": Range(0, 12),
        "overload_stock": Range(0, 12),
        "trump_throw_max": Choice(("6", "10", "Q", "A")),
        "endgame_lead_high": Choice((False, True)),
        "pair_bonus": Range(0, 12),
        "trump_take_rank": Choice(("off", "8", "10", "Q", "K", "A")),
        "safe_add": Choice((False, True)),
        "safe_lead": Choice(SAFE_LEADS),
        "quiet_cover": Choice((False, True)),
        **SERIES_KNOBS,
    }

    # -- reference forms -------------------------------------------------------------------------------------------
    def exchange(self, v: View, rng=None) -> int | None:
        return min(v.options) if v.options else None

    def attack(self, v: View, rng=None) -> int | None:
        counting = v.stock_left == 0 and (self.safe_add or self.safe_lead != "off")
        safe_mask = _one_row_safe(v)[0] if counting else 0
        safe = [c for c in v.legal if (1 << c) & safe_mask]
        if v.is_lead and safe and (self.safe_lead == "always" or (
                self.safe_lead == "finish" and len(v.hand) - len(safe) <= 1)):
            return _lowest_nontrump_first(safe, v.trump)
        if not v.is_lead and safe and self.safe_add:
            return _lowest_nontrump_first(safe, v.trump)
        if v.is_lead:
            plain = [c for c in v.legal if suit_of(c) != v.trump]
            pool = plain or list(v.legal)
            if self.endgame_lead_high and v.stock_left == 0:
                return max(pool)
            if self.endgame and v.stock_left == 0:
                counts = [0] * 13
                for c in pool:
                    counts[rank_of(c)] += 1
                best = max(range(13), key=lambda r: (counts[r], -r))
                return min(c for c in pool if rank_of(c) == best)
            return pair_lead(pool, self.pair_bonus)
        if self.overload and (v.stock_left <= self.overload_stock or v.defender_cards <= self.overload_cards):
            top = parse_rank(self.trump_throw_max)
            cand = [c for c in v.legal if suit_of(c) != v.trump or rank_of(c) <= top]
        else:
            cand = [c for c in v.legal if suit_of(c) != v.trump]
            if self.save_trumps and v.stock_left > self.save_stock:
                cand = [c for c in cand if rank_of(c) < parse_rank(self.hold_rank)]
        return _lowest_nontrump_first(cand, v.trump)

    def defend(self, v: View, rng=None) -> int | None:
        best = _lowest_nontrump_first(v.legal, v.trump)
        if best is not None and self.quiet_cover and v.stock_left == 0:
            unseen = _one_row_safe(v)[1]
            unseen_ranks = {rank_of(c) for c in range(52) if (unseen >> c) & 1}
            kind = [c for c in v.legal if (suit_of(c) == v.trump) == (suit_of(best) == v.trump)]
            quiet = [c for c in kind if rank_of(c) not in unseen_ranks]
            best = min(quiet) if quiet else best
        if (best is not None and suit_of(best) == v.trump and suit_of(v.card) == v.trump
                and v.stock_left > self.save_stock and rank_of(best) >= rank_or_never(self.trump_take_rank)):
            return None
        if (best is not None and self.save_trumps and v.stock_left > self.save_stock and suit_of(best) == v.trump
                and suit_of(v.card) != v.trump and rank_of(best) >= parse_rank(self.take_trump_rank)
                and v.n_attack <= self.take_max_table):
            return None
        return best

    # -- batch forms -----------------------------------------------------------------------------------------------
    def exchange_batch(self, v, rng=None):
        return np.where(v.options != 0, bits.lowest(v.options), -1).astype(np.int16)

    def attack_batch(self, v, rng=None):
        plain = v.legal & ~v.tmask
        pool = np.where(plain != 0, plain, v.legal)
        lead = pair_lead_batch(pool, self.pair_bonus) if self.pair_bonus else bits.lowest(pool)
        if self.endgame:
            counts = bits.rank_counts(pool)
            best = np.argmax(counts, axis=1)  # first maximum = lowest rank
            by_count = bits.lowest(pool & bits.RANK_MASK[best])
            lead = np.where(v.stock_left == 0, by_count, lead)
        if self.endgame_lead_high:
            lead = np.where(v.stock_left == 0, bits.highest(pool), lead)
        cand = plain
        if self.save_trumps:
            cand = np.where(v.stock_left > self.save_stock, cand & bits.BELOW[parse_rank(self.hold_rank)], cand)
        if self.overload:
            allowed = v.legal & ~(v.tmask & ~bits.BELOW[parse_rank(self.trump_throw_max) + 1])
            cand = np.where((v.stock_left <= self.overload_stock) | (v.defender_cards <= self.overload_cards),
                            allowed, cand)
        throw = _lowest_nontrump_first_batch(cand, v.tmask)
        if self.safe_add or self.safe_lead != "off":
            safe = v.legal & endgame_safe(v, v.stock_left)
            first = _lowest_nontrump_first_batch(safe, v.tmask)
            if self.safe_add:
                throw = np.where(safe != 0, first, throw)
            if self.safe_lead != "off":
                finish = bits.popcount(v.hand & ~safe) <= 1 if self.safe_lead == "finish" else True
                lead = np.where((safe != 0) & finish, first, lead)
        return np.where(v.is_lead, lead, throw).astype(np.int16)

    def defend_batch(self, v, rng=None):
        best = _lowest_nontrump_first_batch(v.legal, v.tmask)
        if self.quiet_cover:
            plain = v.legal & ~v.tmask
            kind = np.where(plain != 0, plain, v.legal)
            unseen = unseen_mask(v.rules.deck, v.hand, v.disc, v.att, v.cov)
            quiet = kind & ~bits.rank_spread(unseen)
            best = np.where((v.stock_left == 0) & (quiet != 0), bits.lowest(quiet), best).astype(np.int16)
        if self.trump_take_rank != "off":
            safe = np.where(best >= 0, best, 0)
            take = ((best >= 0) & ((safe & 3) == v.trump) & ((v.card & 3) == v.trump) & (v.stock_left > self.save_stock)
                    & ((safe >> 2) >= parse_rank(self.trump_take_rank)))
            best = np.where(take, -1, best).astype(np.int16)
        if self.save_trumps:
            safe = np.where(best >= 0, best, 0)
            trump_cover = (best >= 0) & ((safe & 3) == v.trump)
            plain_attack = (v.card & 3) != v.trump
            high = (safe >> 2) >= parse_rank(self.take_trump_rank)
            take = (trump_cover & plain_attack & high & (v.stock_left > self.save_stock)
                    & (v.n_attack <= self.take_max_table))
            best = np.where(take, -1, best)
        return best.astype(np.int16)


@dataclass(frozen=True)
class Beginner(SeriesChoices, Player):
    """Plays the way casual players do: lead the lowest non-trump; always cover, with the cheapest card that beats
    (non-trumps first); add whatever matches, keeping trumps back only while the stock lasts; swap the lowest allowed
    trump for the turned card.  A documented reference point (its strength: ``configs/tan_ladder.toml`` and docs/strength.md's
    strength table).  Its knobs are the series decisions (``SeriesChoices``)."""

    name = "beginner"
    compiled_form = True  # the compiled engine plays it (kernel/decide.py)
    deterministic = True
    knobs = dict(SERIES_KNOBS)

    def exchange(self, v: View, rng=None) -> int | None:
        return min(v.options) if v.options else None

    def attack(self, v: View, rng=None) -> int | None:
        if v.is_lead or v.stock_left == 0:
            return _lowest_nontrump_first(v.legal, v.trump)
        plain = [c for c in v.legal if suit_of(c) != v.trump]
        return min(plain) if plain else None

    def defend(self, v: View, rng=None) -> int | None:
        return _lowest_nontrump_first(v.legal, v.trump)

    def exchange_batch(self, v, rng=None):
        return np.where(v.options != 0, bits.lowest(v.options), -1).astype(np.int16)

    def attack_batch(self, v, rng=None):
        pool = np.where(v.is_lead | (v.stock_left == 0), v.legal, v.legal & ~v.tmask)
        return _lowest_nontrump_first_batch(pool, v.tmask)

    def defend_batch(self, v, rng=None):
        return _lowest_nontrump_first_batch(v.legal, v.tmask)


TUNED_FILE = Path(__file__).with_name("tuned.toml")
"""The knobs ``cardodds tune`` found for the ``heuristic`` (``configs/tan_tune.toml``); the ``tuned`` rung's defaults."""

TABLE_FILES = {(2, 36): Path(__file__).with_name("tuned_2p36.toml"),
               (2, 52): Path(__file__).with_name("tuned_2p52.toml"),
               (4, 52): Path(__file__).with_name("tuned_4p52.toml")}
"""Knobs files of the ``tuned`` rung by kind of table, ``(players, deck)``, each tuned against ``classic``
(``configs/tan_tune_2p36.toml``, ``tan_tune_2p52.toml``, ``tan_tune_4p52.toml``); other tables play ``TUNED_FILE``."""


@functools.cache
def _table_player(kind: tuple) -> Heuristic:
    return Heuristic(**{**tuned_knobs(Heuristic, TUNED_FILE), **tuned_knobs(Heuristic, TABLE_FILES[kind])})


class _TableKnobs:
    """``tuned`` at a table of a kind in ``TABLE_FILES`` plays that file's knobs, unless knobs were given to it (an
    instance unequal to the default one plays its own knobs at every table).  The views say the table
    (``v.rules``); a view without it (a test's) gets the instance's own knobs."""

    @functools.cached_property
    def _default(self) -> bool:
        return self == type(self)()

    def at_table(self, rules) -> Heuristic:
        """The player this instance is at a table with ``rules`` (itself, or the table kind's heuristic)."""
        kind = None if rules is None else (rules.players, rules.deck)
        return _table_player(kind) if kind in TABLE_FILES and self._default else self

    def attack(self, v: View, rng=None) -> int | None:
        return Heuristic.attack(self.at_table(getattr(v, "rules", None)), v, rng)

    def defend(self, v: View, rng=None) -> int | None:
        return Heuristic.defend(self.at_table(getattr(v, "rules", None)), v, rng)

    def attack_batch(self, v, rng=None):
        return Heuristic.attack_batch(self.at_table(getattr(v, "rules", None)), v, rng)

    def defend_batch(self, v, rng=None):
        return Heuristic.defend_batch(self.at_table(getattr(v, "rules", None)), v, rng)


Tuned = tuned_class(Heuristic, TUNED_FILE, module=__name__, mixins=(_TableKnobs,), doc=Heuristic.__doc__.replace(
    "A stronger hand-made player (defaults picked from a small head-to-head grid against ``basic``)",
    "The heuristic with the knobs ``cardodds tune`` found (``src/cardodds/sim/tan/tuned.toml``; at 2-player 36-card, "
    "2-player 52-card and 4-player 52-card tables ``tuned_2p36.toml``, ``tuned_2p52.toml``, ``tuned_4p52.toml``, see "
    "``TABLE_FILES``)"))
"""``heuristic`` with the defaults of ``TUNED_FILE`` (:func:`cardodds.sim.players.tuned_class`), and the knobs of
``TABLE_FILES`` at those kinds of table."""
