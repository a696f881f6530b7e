"""A hand's odds: the chance one toss shows the face the hand names, exactly."""

from __future__ import annotations

from cardodds.sim.errors import CardoddsError
from demo_game.cards import FACE_NAMES, parse_cards
from demo_game.rules import CoinRules


def hand_odds(hand: str, p: float = 0.5) -> dict:
    """The chance that one toss shows the face ``hand`` names, exactly: ``p`` for heads, ``1 - p`` for tails."""
    faces = parse_cards(hand)
    if len(faces) != 1:
        raise CardoddsError(f"a coin's hand is one face (H or T), not {len(faces)}")
    face, rules = faces[0], CoinRules(p=p)
    return {"face": FACE_NAMES[face], "chance": rules.p if face == 1 else 1.0 - rules.p}
