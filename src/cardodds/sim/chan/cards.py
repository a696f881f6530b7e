"""Chắn cards: the 25 kinds, the 100-card deck, names and notation (docs/rules.md §1.1).

Kinds are numbered ``3 * (number - 2) + suit`` for the 24 number cards (suit 0 = văn, 1 = vạn, 2 = sách) and 24 for
Chi Chi, so the three suits of one number sit side by side.  A card of the deck is ``kind * 4 + copy``.  A hand is a
count vector of length 25 (how many copies of each kind it holds).

Notation.  Every card has a Vietnamese name (``Cửu Vạn``, ``Chi Chi``) and a short ASCII code: the number's digit and
a suit letter, ``V`` for vạn, ``W`` for văn (Telex writes ă as "aw") and ``S`` for sách, and ``CC`` for Chi Chi —
``9V`` is cửu vạn, ``9W`` cửu văn.  Parsing accepts either form, any case, with or without diacritics, except the
bare ASCII word "van", which could be văn or vạn and is rejected with a hint.
"""

from __future__ import annotations

import re
import unicodedata

import numpy as np

from cardodds.sim.errors import CardoddsError

N_KINDS = 25
COPIES = 4
DECK_SIZE = N_KINDS * COPIES
CHI_CHI = 24

NUMBER_NAMES = ("nhị", "tam", "tứ", "ngũ", "lục", "thất", "bát", "cửu")
SUIT_NAMES = ("văn", "vạn", "sách")
SUIT_CODES = ("W", "V", "S")


def kind_of(number: int, suit: int) -> int:
    """The kind of a number card (number 2..9, suit 0 văn, 1 vạn, 2 sách)."""
    return 3 * (number - 2) + suit


RED_KINDS = (kind_of(8, 1), kind_of(8, 2), kind_of(9, 1), kind_of(9, 2), CHI_CHI)
"""Bát vạn, bát sách, cửu vạn, cửu sách and Chi Chi: 20 red cards; the other 80 are black."""
LEO_KINDS = (kind_of(9, 1), kind_of(8, 2), CHI_CHI)
"""Lèo: cửu vạn + bát sách + Chi Chi."""
TOM_KINDS = (kind_of(3, 1), kind_of(3, 2), kind_of(7, 0))
"""Tôm: tam vạn + tam sách + thất văn."""

IS_RED = np.zeros(N_KINDS, dtype=bool)
IS_RED[list(RED_KINDS)] = True


def number_of(kind: int) -> int | None:
    """The number (2..9) of a kind, None for Chi Chi."""
    return None if kind == CHI_CHI else kind // 3 + 2


def kind_name(kind: int) -> str:
    """Vietnamese name with diacritics, e.g. ``Cửu Vạn``."""
    if kind == CHI_CHI:
        return "Chi Chi"
    return f"{NUMBER_NAMES[kind // 3].capitalize()} {SUIT_NAMES[kind % 3].capitalize()}"


def kind_code(kind: int) -> str:
    """Short ASCII code, e.g. ``9V``."""
    if kind == CHI_CHI:
        return "CC"
    return f"{kind // 3 + 2}{SUIT_CODES[kind % 3]}"


CODES = tuple(kind_code(k) for k in range(N_KINDS))
"""Each kind's code, by kind (what :func:`kind_code` says, looked up)."""


def _fold(text: str) -> str:
    """Lower case without diacritics (đ → d)."""
    text = unicodedata.normalize("NFD", text.lower().replace("đ", "d"))
    return "".join(ch for ch in text if unicodedata.category(ch) != "Mn")


_NUMBER_WORDS = {_fold(name): i + 2 for i, name in enumerate(NUMBER_NAMES)}
_NUMBER_WORDS.update({str(n): n for n in range(2, 10)})
# Suit words keep their tone marks: folding would merge văn and vạn.
_SUIT_WORDS = {"văn": 0, "vạn": 1, "sách": 2, "sach": 2, "vawn": 0, "vanj": 1, "w": 0, "v": 1, "s": 2}
_CODE = re.compile(r"^([2-9])([wvs])$")


def _suit_word(word: str) -> int:
    norm = unicodedata.normalize("NFC", word.lower())
    if norm in _SUIT_WORDS:
        return _SUIT_WORDS[norm]
    if _fold(norm) == "van":
        raise CardoddsError(
            f"'{word}' could be văn or vạn: write it with its diacritics or use the codes W (văn) and V (vạn), e.g. 9W, 9V"
        )
    raise CardoddsError(f"unknown suit '{word}' (expected văn, vạn or sách, or W, V, S)")


def parse_cards(text: str) -> list[int]:
    """Parse a list of cards into kinds.

    Cards are separated by commas or spaces: ``"9V 9W CC"``, ``"Cửu Vạn, cửu văn, chi chi"``, ``"9 vạn, 8 sách"``.
    A card's name never spans a comma (or semicolon): ``"chi chi"`` is one card (Chi Chi), ``"chi, chi"`` two — a
    lone ``chi`` is Chi Chi too, as in "bạch thủ chi" — and ``"cửu, vạn"`` is a number without its suit.  Text is
    read in Unicode NFC, so names typed with combining accents (NFD) are the same names.

    Raises
    ------
    CardoddsError
        For an unknown word or a card that is not in the deck.
    """
    kinds: list[int] = []
    for group in re.split(r"[,;]", unicodedata.normalize("NFC", text)):
        kinds += _parse_group([w for w in re.split(r"\s+", group) if w])
    return kinds


def _parse_group(words: list[str]) -> list[int]:
    """The cards of words between two commas."""
    kinds: list[int] = []
    i = 0
    while i < len(words):
        word = words[i]
        folded = _fold(word)
        if folded == "cc":
            kinds.append(CHI_CHI)
            i += 1
        elif folded == "chi":
            # "chi chi" is one card; a lone "chi" names the same card (the seeds' "lá Chi").
            kinds.append(CHI_CHI)
            i += 2 if i + 1 < len(words) and _fold(words[i + 1]) == "chi" else 1
        elif m := _CODE.match(folded):
            kinds.append(kind_of(int(m.group(1)), _SUIT_WORDS[m.group(2)]))
            i += 1
        elif folded in _NUMBER_WORDS:
            if i + 1 >= len(words):
                raise CardoddsError(f"card '{word}' has no suit (văn, vạn or sách, before the next comma)")
            kinds.append(kind_of(_NUMBER_WORDS[folded], _suit_word(words[i + 1])))
            i += 2
        else:
            raise CardoddsError(f"unknown card '{word}' (write cards as 9V, 9W, 9S, CC or Cửu Vạn, Cửu Văn, Chi Chi)")
    return kinds


def counts_of(kinds: list[int]) -> np.ndarray:
    """Count vector (length 25) of a list of kinds; more than 4 of a kind is an error."""
    counts = np.bincount(np.asarray(kinds, dtype=np.int64), minlength=N_KINDS)
    over = np.flatnonzero(counts > COPIES)  # checked before the cast: 8-bit counts would wrap at 256
    if over.size:
        k = int(over[0])
        raise CardoddsError(f"{kind_name(k)} ({kind_code(k)}) appears {counts[k]} times; the deck has only {COPIES}")
    return counts.astype(np.int8)


def parse_hand(text: str, sizes: tuple[int, ...] | None = None) -> np.ndarray:
    """Parse a hand into a count vector, optionally requiring one of the given sizes."""
    if not text.strip():
        raise CardoddsError("the hand is empty")
    counts = counts_of(parse_cards(text))
    total = int(counts.sum())
    if sizes is not None and total not in sizes:
        want = " or ".join(str(s) for s in sizes)
        raise CardoddsError(f"a hand here has {want} cards, this one has {total}")
    return counts


def format_hand(counts, names: bool = False) -> str:
    """The cards of a count vector, in kind order, as codes (``9V 9V CC``) or names."""
    if names:
        return ", ".join(kind_name(k) for k in range(N_KINDS) for _ in range(int(counts[k])))
    return " ".join([code for code, n in zip(CODES, counts) if n for _ in range(n)])
