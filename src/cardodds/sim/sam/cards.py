"""Sâm cards: encoding, parsing and formatting (docs/rules.md §2.1).

A card is an integer ``id = rank * 4 + suit``.  Ranks run from weakest to strongest,
``3 4 5 6 7 8 9 10 J Q K A 2`` (indices 0..12, the 2 — heo — is 12); suits are ``♠ ♣ ♦ ♥`` (0..3),
♦ and ♥ are red.  Suits never matter in play, only for đồng hoa; the engines therefore hold hands as
rank-count vectors of length 13.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Iterable

import numpy as np

from cardodds.sim.arguments import shown
from cardodds.sim.errors import CardoddsError

RANK_NAMES = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
SUIT_ASCII = "scdh"
SUIT_SYMBOLS = "♠♣♦♥"
N_RANKS, N_SUITS, DECK_SIZE, HAND_SIZE = 13, 4, 52, 10
TWO = 12
"""Rank index of the 2 (heo)."""
ACE = 11

_RANK_OF = {name.lower(): i for i, name in enumerate(RANK_NAMES)}
_RANK_OF["t"] = 7
_SUIT_OF = {c: i for i, c in enumerate(SUIT_ASCII)}
_SUIT_OF.update({c: i for i, c in enumerate(SUIT_SYMBOLS)})
_SUIT_OF.update({c: i for i, c in enumerate("♤♧♢♡")})  # outline forms
_SUIT_ONLY = re.compile(r"^[♠♣♦♥♤♧♢♡]$")
_TOKEN = re.compile(r"^(10|[2-9]|[tjqka])([scdh♠♣♦♥♤♧♢♡])$", re.IGNORECASE)


def card_id(rank: int, suit: int) -> int:
    """The id of the card of rank index ``rank`` and suit index ``suit``."""
    return rank * N_SUITS + suit


def rank_of(card: int | np.ndarray):
    """Rank index (0 = 3 ... 12 = 2) of a card id (or array of ids)."""
    return card // N_SUITS


def suit_of(card: int | np.ndarray):
    """Suit index (0 ♠, 1 ♣, 2 ♦, 3 ♥) of a card id (or array of ids)."""
    return card % N_SUITS


def is_red(card: int | np.ndarray):
    """Whether a card (or each of an array of cards) is red (♦ or ♥)."""
    return suit_of(card) >= 2


def parse_card(token: str) -> int:
    """One card from a token such as ``10h``, ``Th``, ``q♦`` or ``2S``."""
    m = _TOKEN.match(token.strip())
    if not m:
        raise CardoddsError(f"unknown card '{token}' (write e.g. 3s 10h Td Qd A♣ 2♥)")
    return card_id(_RANK_OF[m.group(1).lower()], _SUIT_OF[m.group(2).lower()])


def _tokens(text: str) -> list[str]:
    out: list[str] = []
    for group in re.split(r"[,;]", unicodedata.normalize("NFC", text)):  # a card never spans a comma
        start = len(out)
        for tok in re.split(r"\s+", group):
            if not tok:
                continue
            # "6 ♦" (a space between rank and suit, as in the seed text) is one card
            if _SUIT_ONLY.match(tok) and len(out) > start and out[-1].lower() in _RANK_OF:
                out[-1] += tok
            else:
                out.append(tok)
    return out


def parse_cards(text: str, count: int | None = None) -> list[int]:
    """Parse a list of cards (``3s 10h Qd Ac 2c``, ``3♠ 10♥ Q♦``, ``T`` for 10, any case).

    Parameters
    ----------
    text : str
        Cards separated by spaces or commas.
    count : int, optional
        The number of cards required (10 for a Sâm hand).

    Raises
    ------
    CardoddsError
        On an unknown token, a duplicate card or a wrong number of cards (one line naming the problem).
    """
    if not isinstance(text, str):
        raise CardoddsError(f"cards must be a string such as '3s 10h Qd', not {shown(text)}")
    cards: list[int] = []
    seen: dict[int, str] = {}
    for tok in _tokens(text):
        c = parse_card(tok)
        if c in seen:
            raise CardoddsError(f"duplicate card '{tok}' (also given as '{seen[c]}')")
        seen[c] = tok
        cards.append(c)
    if count is not None and len(cards) != count:
        raise CardoddsError(f"expected {count} cards, got {len(cards)} in {' '.join(text.split())!r}")
    return cards


def parse_hand(text: str) -> list[int]:
    """A 10-card Sâm hand."""
    return parse_cards(text, HAND_SIZE)


def card_name(card: int, unicode: bool = False) -> str:
    """``10h`` (or ``10♥`` with ``unicode=True``)."""
    suits = SUIT_SYMBOLS if unicode else SUIT_ASCII
    return RANK_NAMES[rank_of(card)] + suits[suit_of(card)]


def format_cards(cards: Iterable[int], unicode: bool = False, sort: bool = True) -> str:
    """Cards as text, by default sorted weakest first (``3s 10h Qd Ac 2c``); ``parse_cards`` reads it back."""
    cards = [int(c) for c in cards]
    if sort:
        cards = sorted(cards)
    return " ".join(card_name(c, unicode) for c in cards)


def rank_counts(cards: Iterable[int]) -> np.ndarray:
    """The rank-count vector (13 integers) of a list of cards."""
    return np.bincount(np.asarray(list(cards), dtype=np.int64) // N_SUITS, minlength=N_RANKS).astype(np.int8)


def format_counts(counts: np.ndarray) -> str:
    """A rank-count vector as ranks only (``3 3 7 10 2``), for logs of plays where suits do not matter."""
    return " ".join(RANK_NAMES[r] for r in range(N_RANKS) for _ in range(int(counts[r])))
