"""The coin's cards: its two faces as text and back, and the page's deck."""

from __future__ import annotations

from cardodds.sim.errors import CardoddsError

FACES = ("T", "H")
"""The coin's faces by code: 0 is tails, 1 heads."""
FACE_NAMES = ("tails", "heads")


def parse_cards(text: str) -> list[int]:
    """``"H t"`` as face codes (``[1, 0]``); anything but H or T is a one-line ``CardoddsError``."""
    faces = []
    for token in text.split():
        if token.upper() not in FACES:
            raise CardoddsError(f"unknown face {token!r} (a coin shows H or T)")
        faces.append(FACES.index(token.upper()))
    if not faces:
        raise CardoddsError("no face given (a coin shows H or T)")
    return faces


def format_cards(faces) -> str:
    """Face codes as text: ``[1, 0]`` is ``"H T"``."""
    return " ".join(FACES[f] for f in faces)


def deck() -> dict:
    """The page's deck: the two faces, one row, a hand of one face."""
    return {"cards": [{"code": FACES[f], "name": FACE_NAMES[f], "copies": 1, "red": f == 1, "row": "coin"}
                      for f in (1, 0)], "sizes": [1]}
