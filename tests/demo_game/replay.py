"""One coin game, call by call, as text (``cardodds replay demo --seed S``): the game the positions cut
(``replay demo --state-at K``) and the advice replays (``--advise 0``)."""

from __future__ import annotations

from demo_game.cards import FACE_NAMES
from demo_game.position import ROUNDS, _game


def replay_text(seed: int, rules, strategies, chunk: int = 1) -> str:
    """Seat 0's three calls and the tosses that fall in the game of ``seed`` (``chunk`` plays no part: no seat draws
    at random)."""
    p, face, tosses = _game(seed, rules, strategies)
    lines = [f"coin game, seed {seed}: p = {p:g}, seat 0 calls {FACE_NAMES[face]}"]
    for r, toss in enumerate(tosses, 1):
        lines.append(f"call {r}: {FACE_NAMES[face]}, toss: {FACE_NAMES[toss]}" + (", right" if toss == face else ""))
    right = sum(t == face for t in tosses)
    lines.append(f"{right} of {ROUNDS} calls right: seat 0 " + ("wins" if right >= 2 else "loses"))
    return "\n".join(lines)
