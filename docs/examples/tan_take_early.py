"""Tấn take-early: lên (take) rather than beat a plain card with a trump while the stock is still thick."""

from cardodds import Range, UserPlayer

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def rank(move: str) -> int:
    return RANKS.index(move[:-1])  # "10h" -> the index of "10"


class TakeEarly(UserPlayer):
    """Play the lowest card (non-trumps first) and add only cards below 10; as the defender, take when only a
    trump would cover and at least ``take_above`` cards are left in the stock."""

    knobs = {"take_above": Range(0, 40)}
    take_above: int = 8

    def decide(self, view, legal, rng):
        cards = sorted((m for m in legal if m not in ("pass", "take")), key=rank)
        plain = [m for m in cards if m[-1] != view["trump"]]
        if view["decision"] == "defend" and not plain and view["stock"] >= self.take_above:
            return "take"  # keep the trumps for the endgame
        if view["decision"] == "add":
            small = [m for m in plain if rank(m) < RANKS.index("10")]
            return small[0] if small else "pass"
        return (plain or cards or legal)[0]
