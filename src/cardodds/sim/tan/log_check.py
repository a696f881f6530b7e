"""An independent Tấn log checker: it replays a reference game's move log from the deal with its own reading of the
rules, and fails on an illegal move, a card lost or duplicated, or an ending the log does not bear out (the player
checks of :mod:`cardodds.sim.conformance`, the property tests)."""

from __future__ import annotations

from cardodds.sim.conformance import expect


def _tan_beats(cover: int, attack: int, trump: int) -> bool:
    """The checker's own reading of "covers": higher of the same suit, or any trump on a plain card."""
    from cardodds.sim.tan.cards import rank_of, suit_of

    if suit_of(cover) == suit_of(attack):
        return rank_of(cover) > rank_of(attack)
    return suit_of(cover) == trump and suit_of(attack) != trump


class _Table:
    """Where every card is, whose turn it is and what was played so far, as the checker reads the log."""

    def __init__(self, rules, order: list, first: int):
        P, H = self.P, self.H = rules.players, rules.hand_size
        self.rules = rules
        self.hands = [set(order[p * H:(p + 1) * H]) for p in range(P)]
        self.turned = order[P * H]
        self.trump = _suit(self.turned)
        self.stock = order[P * H + 1:] + [self.turned]
        self.discard, self.attack, self.cover, self.throwers = [], [], [], []
        self.out = [False] * P
        self.a = self.d = self.cap = self.bout_d = None
        self.turn = self.passes = 0
        self.next_a = first
        self.refill = []  # seats still allowed to draw after the bout, in order
        self.tally = {"attack": 0, "add": 0, "cover": 0, "take": 0, "bouts": 0}
        self.in_bout, self.ended, self.taken = False, None, False

    def at_or_after(self, seat: int) -> int:
        return next(x for x in ((seat + k) % self.P for k in range(self.P)) if not self.out[x])

    def exchange(self, ev, where: str) -> None:
        from cardodds.sim.tan.cards import min_rank, rank_of

        s, choice, old = ev[1:]
        rules = self.rules
        expect(rules.trump_exchange != "none" and self.tally["bouts"] == 0 and old == self.turned, where)
        expect(choice in self.hands[s] and _suit(choice) == self.trump, where)
        if rules.trump_exchange == "any_lower":
            expect(rank_of(choice) < rank_of(self.turned), where)
        else:
            expect(rank_of(choice) == min_rank(rules.deck), where)
            self.next_a = s  # the swapper attacks first
        self.hands[s].remove(choice)
        self.hands[s].add(self.turned)
        self.stock[-1] = self.turned = choice

    def bout(self, ev, where: str) -> None:
        _, n, a, d = ev
        P, out = self.P, self.out
        self.tally["bouts"] += 1
        expect(n == self.tally["bouts"] and not self.attack and not self.cover and not self.in_bout, where)
        expect(a == self.next_a, f"{where}: seat {self.next_a} should attack")
        expect(not out[a] and not out[d] and a != d, where)
        expect(d == next(s for s in ((a + k) % P for k in range(1, P)) if not out[s]), where)
        self.a, self.d = a, d
        self.cap = min(len(self.hands[d]), self.rules.attack_cap)
        self.throwers = [a] + [s for s in ((a + k) % P for k in range(1, P)) if not out[s] and s != d]
        self.turn = self.passes = 0
        self.in_bout = True

    def attack_card(self, ev, where: str) -> None:
        from cardodds.sim.tan.cards import rank_of

        t, c = ev[1:]
        expect(self.in_bout and t == self.throwers[self.turn] and c in self.hands[t], f"{where}: not seat {t}'s turn "
                                                                                       "or card")
        expect(len(self.cover) == len(self.attack), f"{where}: an attack card is still uncovered")
        if self.attack:
            expect(rank_of(c) in {rank_of(x) for x in self.attack + self.cover}, f"{where}: rank not on the table")
            self.tally["add"] += 1
        else:
            expect(t == self.a, f"{where}: the lead is not the attacker's")
        expect(len(self.attack) < self.cap, f"{where}: more than {self.cap} attack cards")
        self.hands[t].remove(c)
        self.attack.append(c)
        self.passes = 0
        self.tally["attack"] += 1

    def cover_card(self, ev, where: str) -> None:
        s, att, cov = ev[1:]
        d = self.d
        expect(s == d and self.attack and att == self.attack[-1] and len(self.cover) == len(self.attack) - 1, where)
        expect(cov in self.hands[d] and _tan_beats(cov, att, self.trump), f"{where}: the cover does not beat the card")
        self.hands[d].remove(cov)
        self.cover.append(cov)
        self.tally["cover"] += 1

    def pass_turn(self, ev, where: str) -> None:
        expect(self.in_bout and ev[1] == self.throwers[self.turn] and self.attack
               and len(self.cover) == len(self.attack), where)
        self.passes += 1
        self.turn = (self.turn + 1) % len(self.throwers)

    def bout_end(self, kind: str, ev, where: str) -> None:
        a, d, P = self.a, self.d, self.P
        if kind == "take":
            s, cards = ev[1:]
            expect(s == d and len(self.cover) == len(self.attack) - 1 and cards == sorted(self.attack + self.cover),
                   where)
            self.hands[d].update(cards)
            self.tally["take"] += 1
        else:
            expect(self.attack and len(self.cover) == len(self.attack) and ev[1] == sorted(self.attack + self.cover),
                   where)
            expect(self.passes == len(self.throwers) or not self.hands[d],
                   f"{where}: defended before every adder passed")
            self.discard += self.attack + self.cover
        self.attack, self.cover = [], []
        self.in_bout = False
        others = [s for s in ((a + k) % P for k in range(1, P)) if s != d]
        self.refill = [a, d] + others if self.rules.refill_order == "attacker_defender_others" else [a] + others + [d]
        self.bout_d, self.taken = d, kind == "take"

    def draw(self, ev, where: str) -> None:
        s, drawn = ev[1:]
        expect(drawn and drawn == self.stock[:len(drawn)] and not self.out[s], f"{where}: not the top of the stock")
        self.stock = self.stock[len(drawn):]
        if self.in_bout:  # drawn inside a bout: the defender covered with their last card
            expect(s == self.d and not self.hands[self.d] and self.rules.defender_runs_out == "others_may_continue",
                   where)
            self.cap = min(len(self.attack) + len(drawn), self.rules.attack_cap)
        else:
            expect(s in self.refill, f"{where}: out of the refill order {self.refill}")
            self.refill = self.refill[self.refill.index(s) + 1:]
        self.hands[s].update(drawn)
        expect(len(self.hands[s]) == self.H or (not self.stock and len(self.hands[s]) < self.H),
               f"{where}: not drawn up to {self.H}")

    def player_out(self, ev, where: str) -> None:
        s = ev[1]
        expect(not self.stock and not self.hands[s] and not self.out[s] and not self.in_bout, where)
        self.out[s] = True

    def event(self, kind: str, ev, where: str) -> None:
        """Apply one event of the log, checking it."""
        expect(self.ended is None, f"{where} after the end")
        steps = {"exchange": self.exchange, "bout": self.bout, "attack": self.attack_card, "cover": self.cover_card,
                 "pass": self.pass_turn, "draw": self.draw, "out": self.player_out}
        if kind in steps:
            steps[kind](ev, where)
        elif kind in ("take", "discard"):
            self.bout_end(kind, ev, where)
        elif kind in ("end", "truncated"):
            self.ended = ev
        else:
            raise AssertionError(f"unknown event {ev}")
        if kind in ("take", "discard", "draw", "out") and not self.in_bout and sum(not o for o in self.out) > 1:
            self.next_a = self.at_or_after(self.bout_d + 1 if self.taken else self.bout_d)


def _suit(card: int) -> int:
    from cardodds.sim.tan.cards import suit_of

    return suit_of(card)


def check_tan_log(rules, order, first: int, log, outcome) -> dict:
    """Replay a Tấn move log from the deal; raise ``AssertionError`` unless every move is legal and every card in one
    place.  Move tallies.

    Also the order of play of ``cardodds.sim.tan.reference``: adders take turns (the attacker first, then the others
    still in, the defender excluded), a bout is defended when every adder has passed in a row (or the defender has no
    card left), the next attacker is the defender (defended) or the player after them (taken), and the refill follows
    ``refill_order``, each player drawing up to the hand size while the stock lasts.
    """
    from cardodds.sim.tan.cards import deck_ids

    order = [int(c) for c in order]
    deck = deck_ids(rules.deck)
    t = _Table(rules, order, first)
    kind0, dealt, turned0, fa0 = log[0]
    expect(kind0 == "deal" and dealt == [sorted(h) for h in t.hands] and turned0 == t.turned and fa0 == first,
           "the log does not start with the deal")
    for i, ev in enumerate(log[1:], 1):
        where = f"event {i} {ev}"
        t.event(ev[0], ev, where)
        where_cards = [c for h in t.hands for c in h] + t.stock + t.attack + t.cover + t.discard
        expect(sorted(where_cards) == deck, f"{where}: a card is lost or duplicated")
    _check_end(t, log, outcome)
    return t.tally


def _check_end(t: _Table, log, outcome) -> None:
    """The log's end is the outcome's: who lost, a draw or a game cut at ``max_bouts``, bouts and pickups."""
    rules, ended = t.rules, t.ended
    expect(ended is not None and not t.in_bout, "the log has no end")
    if t.stock:  # every player short of a full hand has drawn
        expect(all(len(t.hands[s]) >= t.H for s in range(t.P)), "a hand short of full while the stock lasts")
    left = [s for s in range(t.P) if not t.out[s]]
    if ended[0] == "end":
        expect(not t.stock and len(left) <= 1 and ended[1] == (left[0] if left else None), f"{ended}: not the end")
        expect(all(not t.hands[s] for s in range(t.P) if s != ended[1]), f"{ended}: a winner holds cards")
        expect(outcome.loser == ended[1] and outcome.draw == (ended[1] is None) and not outcome.truncated,
               f"{ended}: the outcome differs")
    else:
        expect(outcome.truncated and outcome.loser is None and not outcome.draw and ended[1] == rules.max_bouts,
               f"{ended}: the outcome is not a cut game")
        expect(t.tally["bouts"] == rules.max_bouts and len(left) > 1, f"{ended}: cut before max_bouts")
    expect(outcome.bouts == t.tally["bouts"] and outcome.pickups == t.tally["take"], "bouts or pickups differ")
    expect((outcome.loser is not None) + outcome.draw + outcome.truncated == 1, "not one ending")
    expect(outcome.first_attacker == next(e[2] for e in log if e[0] == "bout"), "another first attacker")
