"""Sâm: keep the 2s for the end — play a 2 only once the hand is down to ``until`` cards (or has nothing else)."""

from cardodds import Range, UserPlayer


def cards(move: str) -> list[str]:
    """The ranks of a move as text: "7 7" -> ["7", "7"], "A-2-3" -> ["A", "2", "3"]."""
    return move.replace("-", " ").split()


class KeepTwos(UserPlayer):
    knobs = {"until": Range(0, 10)}
    until: int = 3

    def decide(self, view, legal, rng):
        plays = [m for m in legal if m != "pass"]
        if view["counts"][view["seat"]] > self.until:  # still early: keep the 2s
            plays = [m for m in plays if "2" not in cards(m)] or (["pass"] if "pass" in legal else plays)
        return max(plays, key=lambda m: len(cards(m)))  # the longest play, the lowest of equals
