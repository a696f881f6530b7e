"""Chắn: never break a chắn (the worked example of "Write your own player", the players page of the docs).

Takes every chíu and chắn offered; eats a cạ only with a card it holds no pair of, and only while its mat holds
fewer than ``max_ca`` cạ; discards the first card it holds an odd number of, breaking a chắn only when it must.
"""

from cardodds import Range, UserPlayer


class KeepChans(UserPlayer):
    knobs = {"max_ca": Range(0, 6)}
    max_ca: int = 2

    def decide(self, view, legal, rng):
        hand = view["hand"].split()
        for move in ("u", "chiu", "chan"):
            if move in legal:
                return move
        if view["decision"] in ("discard", "tra_cua"):
            return next((card for card in legal if hand.count(card) % 2), legal[0])
        mat = view["seats"][view["seat"]]["mat"]
        if sum(meld.startswith("ca ") for meld in mat) < self.max_ca:
            for move in legal:
                if move.startswith("ca ") and hand.count(move[3:]) % 2:
                    return move
        return legal[-1]  # draw (bốc), pass (dưới) or hoa: the last legal move of an act
