"""Tấn cards: ids, bit masks, parsing and names.

A card is an integer ``id = 4 * rank + suit`` with ``rank`` 0..12 for 2..A and ``suit`` 0..3 for ♠ ♣ ♦ ♥ (s c d h).
Ordering ids orders cards by rank first, so the lowest set bit of a hand mask (bit ``id``) is its lowest card, ties
broken by suit order.  A hand is a set of ids, or a ``uint64`` bit mask in the batch engine.  The 36-card deck
(``deck = 36``, classic Russian podkidnoy) keeps the same ids and drops ranks 2..5.
"""

from __future__ import annotations

import functools
import re
import unicodedata

from cardodds.sim.errors import CardoddsError

RANKS = "23456789TJQKA"
RANK_NAMES = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SUITS = "scdh"
SUIT_SYMBOLS = "♠♣♦♥"
N_CARDS = 52

_SUIT_WORDS = {
    "s": 0, "♠": 0, "♤": 0, "spade": 0, "spades": 0, "bich": 0, "bích": 0,
    "c": 1, "♣": 1, "♧": 1, "club": 1, "clubs": 1, "nhep": 1, "nhép": 1, "chuon": 1, "chuồn": 1,
    "d": 2, "♦": 2, "♢": 2, "diamond": 2, "diamonds": 2, "ro": 2, "rô": 2,
    "h": 3, "♥": 3, "♡": 3, "heart": 3, "hearts": 3, "co": 3, "cơ": 3,
}
_TOKEN = re.compile(r"(10|[2-9tjqka])([scdh♠♣♦♥♤♧♢♡])", re.IGNORECASE)
_SEP = re.compile(r"[\s,;]+")


def card(rank: int, suit: int) -> int:
    """The id of the card of ``rank`` (0 = 2 .. 12 = A) and ``suit`` (0..3)."""
    return 4 * rank + suit


def rank_of(c: int) -> int:
    """Rank index 0..12 (2..A)."""
    return c >> 2


def suit_of(c: int) -> int:
    """Suit index 0..3 (♠ ♣ ♦ ♥)."""
    return c & 3


def min_rank(deck: int) -> int:
    """Lowest rank index in a deck of 52 (the 2) or 36 (the 6) cards."""
    return 0 if deck == 52 else 4


def deck_ids(deck: int = 52) -> list[int]:
    """Card ids of the 52- or 36-card deck, ascending."""
    if deck not in (52, 36):
        raise CardoddsError(f"deck must be 52 or 36 cards, not {deck!r}")
    return list(range(4 * min_rank(deck), N_CARDS))


def parse_rank(text: str) -> int:
    """Rank index of ``"2".."10"``, ``"T"``, ``"J"``, ``"Q"``, ``"K"``, ``"A"`` (case-insensitive)."""
    t = str(text).strip().upper()
    if t == "10":
        t = "T"
    if len(t) != 1 or t not in RANKS:
        raise CardoddsError(f"{str(text)!r} is not a card rank (use 2..10, J, Q, K, A)")
    return RANKS.index(t)


def parse_suit(text: str) -> int:
    """Suit index of a suit letter, symbol or name (s c d h, ♠ ♣ ♦ ♥, spades, bích, chuồn, nhép, rô, cơ)."""
    t = unicodedata.normalize("NFC", str(text).strip().lower())  # "cơ" typed with a combining horn is still cơ
    if t not in _SUIT_WORDS:
        raise CardoddsError(f"{str(text)!r} is not a suit (use s, c, d, h or ♠ ♣ ♦ ♥)")
    return _SUIT_WORDS[t]


def parse_card(text: str) -> int:
    """One card such as ``10h``, ``T♥``, ``Qd`` (case-insensitive)."""
    m = _TOKEN.fullmatch(str(text).strip())
    if not m:
        raise CardoddsError(f"{str(text)!r} is not a card (write rank then suit, e.g. 10h, T♥, Qd)")
    return card(parse_rank(m.group(1)), parse_suit(m.group(2)))


def parse_cards(text: str, deck: int = 52) -> list[int]:
    """Cards separated by spaces or commas (or written back to back): ``"10h Qd 2♠"`` or ``"10hQd2s"``.

    Raises CardoddsError for a bad token, a repeated card or a card not in the ``deck``-card deck.
    """
    out: list[int] = []
    for token in _SEP.split(unicodedata.normalize("NFC", str(text)).strip()):
        if not token:
            continue
        pos = 0
        while pos < len(token):
            m = _TOKEN.match(token, pos)
            if not m:
                raise CardoddsError(f"'{token}' is not a card (write rank then suit, e.g. 10h, T♥, Qd)")
            out.append(card(parse_rank(m.group(1)), parse_suit(m.group(2))))
            pos = m.end()
    allowed = set(deck_ids(deck))
    seen: set[int] = set()
    for c in out:
        if c in seen:
            raise CardoddsError(f"card {format_card(c, unicode=False)} is given twice")
        if c not in allowed:
            raise CardoddsError(f"card {format_card(c, unicode=False)} is not in the {deck}-card deck")
        seen.add(c)
    return out


_NAMES = {unicode: tuple(RANK_NAMES[c >> 2] + (SUIT_SYMBOLS if unicode else SUITS)[c & 3] for c in range(N_CARDS))
          for unicode in (False, True)}


def format_card(c: int, unicode: bool = True) -> str:
    """``"10♥"`` (or ``"10h"`` with ``unicode=False``)."""
    if not 0 <= int(c) < N_CARDS:
        raise CardoddsError(f"{c!r} is not a card id (0..51)")
    return _NAMES[bool(unicode)][int(c)]


def format_cards(cards, unicode: bool = True) -> str:
    """Cards in ascending order, space separated."""
    names = _NAMES[bool(unicode)]
    return " ".join([names[c] if 0 <= c < N_CARDS else format_card(c) for c in sorted(cards)])


def to_mask(cards) -> int:
    """Bit mask (Python int) of card ids."""
    m = 0
    for c in cards:
        m |= 1 << int(c)
    return m


_BYTES = tuple(tuple(tuple(8 * k + i for i in range(8) if b >> i & 1) for b in range(256)) for k in range(8))
"""``_BYTES[k][b]``: the card ids of byte ``k`` of a mask when that byte is ``b``."""


def from_mask(mask: int) -> list[int]:
    """Card ids in a bit mask, ascending."""
    mask = int(mask)
    out = []
    k = 0
    while mask:
        if mask & 255:
            out += _BYTES[k][mask & 255]
        mask >>= 8
        k += 1
    return out


@functools.cache
def deck_mask(deck: int) -> int:
    """Every card of a ``deck``-card deck as one bit mask."""
    return to_mask(deck_ids(deck))


def unseen_mask(deck: int, hand, discard, attack, cover):
    """The cards of the deck in none of the masks given (ints, or uint64 arrays of rows): what a seat has not seen —
    with 2 players and the stock empty, exactly the other hand."""
    return deck_mask(deck) & ~(hand | discard | attack | cover)
