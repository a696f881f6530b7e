"""The Tấn reference engine: one whole game in plain Python, with a move log (docs/rules.md §3).

This file is the executable statement of the rules; the batch engine must agree with it game for game.

The order of play inside a bout (lượt tấn), which the rule text leaves loose, is fixed as follows:

1. The attacker leads one card; the defender covers it at once or takes (lên).
2. Then the players add cards (tấn cùng) one at a time in turn: first the attacker, then each other player still in
   the game in turn order after the attacker (the defender excluded), round and round.  The player whose turn it is
   adds one card whose rank is already on the table (the defender covers it or takes) and keeps the turn, or passes
   and hands the turn on.  The bout ends as defended when every adder has passed in a row.
3. A take ends the bout at once: nobody may add after lên (seed).  The defender picks up every card on the table.
   With ``throw_in_after_take`` (podkidnoy) the take is announced instead (log ``taking``) and the adding of step 2
   goes on, the player who played the card the defender did not cover keeping the turn; the cards added are not
   covered; when every adder has passed in a row the defender picks up every card on the table.  Attack views carry
   ``taking`` (the defender has announced lên) in both engines.
4. Attack cards in a bout never exceed the defender's hand at the bout's start (or ``max_attack_cards`` if lower).
   A defender who covers with their last card ends the bout as defended (``defender_runs_out = "bout_ends"``); with
   ``"others_may_continue"`` and cards left in the stock, they draw up to ``hand_size`` at once and the bout goes on,
   the cap becoming the cards covered so far plus the new hand (at most an integer ``max_attack_cards``).
5. Defended: the cards are discarded (thải) and the defender attacks next.  Taken: the next player after the defender
   attacks.  A player who is out is skipped.
6. After the bout everyone draws up to ``hand_size`` while the stock lasts (``refill_order``); the turned trump card
   is the last card drawn.  With the stock empty, a player with no card is out (players out in the same bout finish
   in drawing order); the last player holding cards loses; if the last bout empties every remaining hand, the game
   is a draw.

Deal: seat ``p`` gets ``order[p*H:(p+1)*H]``; ``order[P*H]`` is turned (trump) and goes to the bottom of the stock;
the stock is drawn from ``order[P*H+1]`` on, then the turned card.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace

from cardodds.sim.errors import CardoddsError
from cardodds.sim.tan.cards import card, deck_ids, format_card, format_cards, min_rank, rank_of, suit_of
from cardodds.sim.tan.decisions import decide
from cardodds.sim.tan.rules import TanRules


def beats(cover: int, attack: int, trump: int) -> bool:
    """Whether ``cover`` beats ``attack``: same suit and higher, or a trump on a non-trump."""
    if suit_of(cover) == suit_of(attack):
        return rank_of(cover) > rank_of(attack)
    return suit_of(cover) == trump


@dataclass
class Outcome:
    """How one game ended."""

    loser: int | None
    draw: bool
    truncated: bool
    bouts: int
    pickups: int
    first_attacker: int
    finish_order: list[int] = field(default_factory=list)


@dataclass(slots=True)
class Request:
    """A decision the game waits for (:meth:`TanGame.decision`).

    Attributes
    ----------
    kind : {"exchange", "winner_swaps_two", "attack", "defend"}
        The strategy method the push form asks (``attack`` covers leads and adds; ``winner_swaps_two`` is the series
        winner's 2-swap, through ``cardodds.sim.tan.decisions.decide``).
    seat : int
        The seat deciding.
    view : SimpleNamespace
        What the strategy is given (``cardodds.sim.tan.strategies`` lists the fields).
    legal : list
        The cards it may play (``options`` to swap; ``[True, False]`` for ``winner_swaps_two``); None (keep, pass,
        take) is always allowed except for a lead.
    """

    kind: str
    seat: int
    view: SimpleNamespace
    legal: list


class TanGame:
    """One Tấn game, played by its strategies (:meth:`play`, push) or decision by decision from outside
    (:meth:`decision` and :meth:`apply`, pull: the same game for the same choices).

    Parameters
    ----------
    rules : TanRules
    order : sequence of int
        The shuffled deck (card ids), dealt as described in the module docstring.
    first_attacker : int
        Seat attacking first (before a "two_only" swap, which gives the swapper the first attack in a single game;
        for series games see ``cardodds.sim.tan.series`` and ``series_winner``).
    strategies : sequence
        One strategy per seat (see ``cardodds.sim.tan.strategies``).
    rng : numpy Generator, optional
        For randomised strategies.
    check : bool
        Check card conservation after every move (raises AssertionError).
    """

    outcome: Outcome | None = None
    """The pull form's result, once :meth:`decision` is None."""
    _steps = None
    _pending = None

    def __init__(self, rules: TanRules, order, first_attacker: int, strategies, rng=None, check: bool = False):
        P, H = rules.players, rules.hand_size
        order = [int(c) for c in order]
        if sorted(order) != deck_ids(rules.deck):
            raise CardoddsError(f"the deck order must hold each of the {rules.deck} cards once")
        if len(strategies) != P:
            raise CardoddsError(f"{len(strategies)} strategies given for {P} players")
        self.rules, self.strategies, self.rng, self.check = rules, list(strategies), rng, check
        self.P, self.H = P, H
        self.hands = [set(order[p * H:(p + 1) * H]) for p in range(P)]
        self.opening = [sorted(h) for h in self.hands]
        self.turned = order[P * H]
        self.trump = suit_of(self.turned)
        self.stock = order[P * H + 1:] + [self.turned]  # stock[0] is the top, stock[-1] the face-up trump card
        self.discard: list[int] = []
        self.attack: list[int] = []
        self.cover: list[int] = []
        self.out = [False] * P
        self.finish_order: list[int] = []
        self.first_attacker = int(first_attacker)
        self.bouts = 0
        self.pickups = 0
        self.known: list[set[int]] = [set() for _ in range(P)]  # cards everyone knows a seat holds
        self.game_seed = game_seed(self.strategies, rng)
        self.series_winner: int | None = None  # set by cardodds.sim.tan.series for the games after the first
        self.swapped = False  # the one trump swap of the game has been made
        self.log: list[tuple] = [("deal", [sorted(h) for h in self.hands], self.turned, self.first_attacker)]
        self._deck = deck_ids(rules.deck)
        self._check()

    # -- bookkeeping ------------------------------------------------------------------------------------------------
    def all_cards(self) -> list[int]:
        """Every card of the game wherever it is (hands, stock, table, discard), sorted."""
        cards = [c for h in self.hands for c in h] + self.stock + self.attack + self.cover + self.discard
        return sorted(cards)

    def _check(self):
        if self.check:
            assert self.all_cards() == self._deck, "card lost or duplicated"

    def _in(self) -> list[int]:
        return [p for p in range(self.P) if not self.out[p]]

    def _next_in(self, seat: int, skip: int | None = None) -> int:
        """First seat after ``seat`` (not ``seat`` itself) still in the game, skipping ``skip``."""
        for k in range(1, self.P + 1):
            s = (seat + k) % self.P
            if not self.out[s] and s != skip:
                return s
        raise AssertionError("no player in the game")

    def _at_or_after(self, seat: int) -> int:
        for k in range(self.P):
            s = (seat + k) % self.P
            if not self.out[s]:
                return s
        raise AssertionError("no player in the game")

    # -- phases -----------------------------------------------------------------------------------------------------
    def exchange_view(self, s: int, options: list[int]) -> SimpleNamespace:
        """What seat ``s`` sees when deciding a trump swap (``options``: the cards it may swap)."""
        return SimpleNamespace(seat=s, hand=sorted(self.hands[s]), options=options, turned=self.turned,
                               trump=self.trump, rules=self.rules, game_seed=self.game_seed)

    def swap(self, s: int, choice: int):
        """Seat ``s`` swaps ``choice`` for the turned card (one swap a game), moving the first attack if due.

        ``trump_exchange = "two_only"`` (đổi 2 chủ, docs/rules.md §3.3): in a single game the swapper attacks first;
        in a series game (``series_winner`` set) any 2-swap takes the first attack from the previous winner and gives
        it to the next player after the winner — or, with ``series_swap_opens = "swapper"``, a swap by another player
        gives it to the swapper (docs/rules.md §3.7, reading T11).
        """
        self.hands[s].remove(choice)
        self.hands[s].add(self.turned)
        self.known[s].add(self.turned)  # everyone sees who takes the turned card
        self.stock[-1] = choice
        self.log.append(("exchange", s, choice, self.turned))
        if self.rules.trump_exchange == "two_only":
            self.first_attacker = self._two_swap_opener(s)
        self.turned = choice
        self.swapped = True
        self._check()

    def _two_swap_opener(self, s: int) -> int:
        """Who attacks first after seat ``s`` swaps the 2 (``"two_only"``; see ``swap``)."""
        w = self.series_winner
        if w is None or (s != w and self.rules.series_swap_opens == "swapper"):
            return s
        return self._next_in(w)

    def _exchange(self):
        """The trump exchange (a generator: yields a :class:`Request` at each seat's decision)."""
        mode = self.rules.trump_exchange
        if mode == "none" or getattr(self, "swapped", False):
            return
        P = self.P
        low = card(min_rank(self.rules.deck), self.trump)
        for k in range(P):
            s = (self.first_attacker + k) % P
            if mode == "any_lower":
                options = sorted(c for c in self.hands[s] if suit_of(c) == self.trump and c < self.turned)
            else:
                options = [low] if low in self.hands[s] else []
            if not options:
                continue
            view = self.exchange_view(s, options)
            if mode == "two_only" and s == self.series_winner:  # the previous winner's own decision (docs/rules.md §3.7)
                choice = low if (yield Request("winner_swaps_two", s, view, [True, False])) else None
            else:
                choice = yield Request("exchange", s, view, options)
            if choice is None:
                continue
            if choice not in options:
                raise AssertionError(f"strategy swapped an illegal card {choice}")
            self.swap(s, choice)
            return

    def _bout(self, a: int, d: int):
        """One bout, a generator as :meth:`steps` is; returns True when the defender took (lên)."""
        cap = min(len(self.hands[d]), self.rules.attack_cap)
        throwers = [a] + [s for s in ((a + k) % self.P for k in range(1, self.P)) if not self.out[s] and s != d]
        i, passes, taking = 0, 0, False
        while True:
            t = throwers[i]
            lead = not self.attack
            if lead:
                legal = sorted(self.hands[t])
            elif len(self.attack) < cap:
                ranks = {rank_of(c) for c in self.attack + self.cover}
                legal = sorted(c for c in self.hands[t] if rank_of(c) in ranks)
            else:
                legal = []
            choice = None
            if legal:
                view = SimpleNamespace(seat=t, hand=list(legal) if lead else sorted(self.hands[t]), legal=legal,
                                       trump=self.trump, stock_left=len(self.stock), is_lead=lead,
                                       defender_cards=len(self.hands[d]), n_attack=len(self.attack),
                                       attack=list(self.attack), cover=list(self.cover), taking=taking,
                                       **self._public(a, d, cap, passes))
                choice = yield Request("attack", t, view, legal)
            if choice is None:
                if lead:
                    raise AssertionError("a lead must play a card")
                passes += 1
                self.log.append(("pass", t))
                if passes == len(throwers) and taking:
                    return self._pick_up(d)
                if passes == len(throwers):
                    return self._beaten_off()
                i = (i + 1) % len(throwers)
                continue
            if choice not in legal:
                raise AssertionError(f"strategy played an illegal card {choice}")
            passes = 0
            self.hands[t].remove(choice)
            self.known[t].discard(choice)
            self.attack.append(choice)
            self.log.append(("attack", t, choice))
            self._check()
            if taking:
                continue
            beaters = self._beaters(d, choice)
            cov = None
            if beaters:
                view = SimpleNamespace(seat=d, hand=sorted(self.hands[d]), legal=beaters, trump=self.trump,
                                       stock_left=len(self.stock), card=choice, n_attack=len(self.attack),
                                       attack=list(self.attack), cover=list(self.cover), thrower=t,
                                       **self._public(a, d, cap, passes))
                cov = yield Request("defend", d, view, beaters)
            if cov is None and self.rules.throw_in_after_take:
                taking = True
                self.log.append(("taking", d))
                continue
            if cov is None:
                return self._pick_up(d)
            if cov not in beaters:
                raise AssertionError(f"strategy covered with an illegal card {cov}")
            self.hands[d].remove(cov)
            self.known[d].discard(cov)
            self.cover.append(cov)
            self.log.append(("cover", d, choice, cov))
            self._check()
            if not self.hands[d] and self.rules.defender_runs_out == "others_may_continue" and self.stock:
                drawn, self.stock = self.stock[: self.H], self.stock[self.H:]
                self._draw(d, drawn)
                self.log.append(("draw", d, drawn))
                cap = min(len(self.attack) + len(drawn), self.rules.attack_cap)
                self._check()
            if not self.hands[d]:  # defender_runs_out = "bout_ends" (or the stock is empty)
                return self._beaten_off()

    def _beaten_off(self) -> bool:
        """The bout ends beaten off: the table's cards go to the discard; returns False (no one took)."""
        self.discard += self.attack + self.cover
        self.log.append(("discard", sorted(self.attack + self.cover)))
        self.attack, self.cover = [], []
        self._check()
        return False

    def _beaters(self, d: int, card: int) -> list[int]:
        """The defender's cards that beat ``card``, sorted (:func:`beats`, inlined: the engine's hottest test)."""
        suit, trump = suit_of(card), self.trump
        return sorted(c for c in self.hands[d] if (c > card if suit_of(c) == suit else suit_of(c) == trump))

    def _pick_up(self, d: int) -> bool:
        """The defender takes every card on the table (lên), in everyone's sight; returns True."""
        taken = self.attack + self.cover
        self.hands[d].update(taken)
        self.known[d].update(taken)
        self.attack, self.cover = [], []
        self.pickups += 1
        self.log.append(("take", d, sorted(taken)))
        self._check()
        return True

    def _draw(self, s: int, drawn: list[int]):
        self.hands[s].update(drawn)
        if not self.stock:  # the last card drawn is the face-up bottom card: everyone sees who takes it
            self.known[s].add(drawn[-1])

    def _public(self, a: int, d: int, cap: int, passes: int) -> dict:
        """What every player sees, added to the decision views (``cardodds.sim.tan.strategies`` lists the fields)."""
        return dict(hand_sizes=[len(h) for h in self.hands], known=[sorted(k) if k else [] for k in self.known],
                    out=list(self.out), discard=list(self.discard), bottom=self.stock[-1] if self.stock else None,
                    attacker=a, defender=d, cap=cap, passes=passes, bouts=self.bouts, pickups=self.pickups,
                    first_attacker=self.first_attacker, rules=self.rules, game_seed=self.game_seed)

    def _refill(self, a: int, d: int):
        others = [s for s in ((a + k) % self.P for k in range(1, self.P)) if s != d]
        order = [a, d] + others if self.rules.refill_order == "attacker_defender_others" else [a] + others + [d]
        for s in order:
            if self.out[s]:
                continue
            need = max(self.H - len(self.hands[s]), 0)
            drawn, self.stock = self.stock[:need], self.stock[need:]
            if drawn:
                self._draw(s, drawn)
                self.log.append(("draw", s, drawn))
        self._check()
        if not self.stock:
            for s in order:  # players finishing in the same bout are ranked in drawing order
                if not self.out[s] and not self.hands[s]:
                    self.out[s] = True
                    self.finish_order.append(s)
                    self.log.append(("out", s))

    @classmethod
    def from_state(cls, rules: TanRules, hands, stock, discard, trump: int, out, bouts: int, pickups: int,
                   first_attacker: int, strategies, rng=None, check: bool = False, known=None,
                   seed: int | None = None) -> "TanGame":
        """A game resumed between two bouts (used by the batch engine for its longest games).

        ``known`` (optional): per seat, the cards everyone knows that seat holds (see ``_public``); ``seed``: the
        game's seed (see ``game_seed``; drawn from ``rng`` when not given).
        """
        game = cls.__new__(cls)
        game.rules, game.strategies, game.rng, game.check = rules, list(strategies), rng, check
        game.P, game.H = rules.players, rules.hand_size
        game.hands = [set(int(c) for c in h) for h in hands]
        game.opening = None
        game.stock = [int(c) for c in stock]
        game.turned = game.stock[-1] if game.stock else None
        game.trump = int(trump)
        game.discard = [int(c) for c in discard]
        game.attack, game.cover = [], []
        game.out = [bool(o) for o in out]
        game.finish_order = [p for p in range(game.P) if game.out[p]]
        game.first_attacker = int(first_attacker)
        game.series_winner = None
        game.swapped = True
        game.bouts, game.pickups = int(bouts), int(pickups)
        game.known = [set(int(c) for c in k) for k in known] if known is not None else [set() for _ in hands]
        game.game_seed = game_seed(game.strategies, rng) if seed is None else int(seed)
        game.log = [("resume", game.bouts)]
        game._deck = deck_ids(rules.deck)
        game._check()
        return game

    def play(self, skip_cycles: bool = False) -> Outcome:
        """Play the game to its end (or to ``max_bouts``) and return the outcome, asking each seat's strategy.

        ``skip_cycles`` (only with deterministic strategies): once the stock is empty, a position seen before at the
        start of a bout (same hands, same attacker) repeats forever, so whole periods are skipped up to
        ``max_bouts`` (bouts and pick-ups advanced exactly); the outcome is the same as without skipping.
        """
        self._drive(self._exchange())  # driven apart from the bouts: one generator frame less a decision
        return self._drive(self._bouts(self.first_attacker, skip_cycles))

    def resume(self, a: int, skip_cycles: bool = False) -> Outcome:
        """Play on from the start of a bout with ``a`` attacking, asking each seat's strategy."""
        return self._drive(self._bouts(a, skip_cycles))

    # -- the pull form --------------------------------------------------------------------------------------------
    def steps(self, a: int | None = None, skip_cycles: bool = False):
        """The game as a generator: it yields a :class:`Request` at each decision, takes the choice by ``send`` and
        returns the :class:`Outcome`.  ``a`` None: from the start (the trump exchange first); else on from the start
        of a bout with ``a`` attacking (a game made by :meth:`from_state`).  :meth:`play` and :meth:`resume` drive it
        with the strategies; :meth:`decision` and :meth:`apply` let a caller drive it."""
        if a is None:
            yield from self._exchange()
            a = self.first_attacker
        return (yield from self._bouts(a, skip_cycles))

    def decision(self) -> "Request | None":
        """The pending decision (whose, its view, the legal choices), None once the game is over (:attr:`outcome`);
        the first call starts the game from its deal (or, for a game from :meth:`from_state`, call :meth:`begin`)."""
        if getattr(self, "_steps", None) is None:
            self.begin()
        return self._pending

    def begin(self, a: int | None = None, skip_cycles: bool = False) -> None:
        """Start the pull form: :meth:`steps` ``(a, skip_cycles)`` run to its first decision."""
        self._steps, self.outcome = self.steps(a, skip_cycles), None
        self._advance(lambda: next(self._steps))

    def apply(self, choice) -> None:
        """Make the pending decision's ``choice``: one of its ``legal``, or None (keep, pass, take; not a lead); a
        bool at ``winner_swaps_two``.  The game runs on to the next decision or its end."""
        r = self.decision()
        if r is None:
            raise CardoddsError("tan: the game is over")
        if choice not in r.legal and (choice is not None or r.kind == "attack" and r.view.is_lead):
            raise CardoddsError(f"tan: {choice!r} is not a legal {r.kind} choice of seat {r.seat} here")
        self._advance(lambda: self._steps.send(choice))

    def _advance(self, step) -> None:
        try:
            self._pending = step()
        except StopIteration as stop:
            self._pending, self.outcome = None, stop.value

    def _drive(self, steps) -> Outcome:
        """Run ``steps`` to its end, each request answered by the seat's strategy."""
        try:
            request = next(steps)
            while True:
                request = steps.send(self.answer(request))
        except StopIteration as stop:
            return stop.value

    def answer(self, r: "Request"):
        """The seat's strategy's answer to request ``r`` (as the push form has always asked it)."""
        strategy = self.strategies[r.seat]
        if r.kind == "winner_swaps_two":
            return decide(strategy, "winner_swaps_two", r.view, self.rng)
        return getattr(strategy, r.kind)(r.view, self.rng)

    def _bouts(self, a: int, skip_cycles: bool):
        """The bouts from one with ``a`` attacking to the game's end (a generator, as :meth:`steps`)."""
        if skip_cycles and not all(s.deterministic for s in self.strategies):
            raise ValueError("skip_cycles needs deterministic strategies")
        seen: dict = {}
        while True:
            ins = self._in()
            if len(ins) <= 1:
                loser = ins[0] if ins else None
                self.log.append(("end", loser))
                return Outcome(loser, loser is None, False, self.bouts, self.pickups, self.first_attacker,
                               self.finish_order)
            if self.bouts >= self.rules.max_bouts:
                self.log.append(("truncated", self.bouts))
                return Outcome(None, False, True, self.bouts, self.pickups, self.first_attacker, self.finish_order)
            if skip_cycles and not self.stock:
                key = (tuple(tuple(sorted(h)) for h in self.hands), a)
                if key in seen:
                    b1, p1 = seen.pop(key)
                    period = self.bouts - b1
                    k = (self.rules.max_bouts - self.bouts) // period
                    if k:
                        self.log.append(("cycle", self.bouts, period, k))
                        self.bouts += k * period
                        self.pickups += k * (self.pickups - p1)
                        seen.clear()
                        continue
                seen[key] = (self.bouts, self.pickups)
            d = self._next_in(a)
            self.log.append(("bout", self.bouts + 1, a, d))
            taken = yield from self._bout(a, d)
            self.bouts += 1
            self._refill(a, d)
            if len(self._in()) > 1:
                a = self._at_or_after(d + 1 if taken else d)


def game_seed(strategies, rng) -> int:
    """A game's own seed, drawn from the PLAY stream when the game starts, for strategies that read public
    information (the expert): its random choices hash this seed with the position, so that a game draws the same
    numbers in both engines (a replay is the game a run plays) and whatever other games run beside it.  0 when no
    such strategy plays or without a stream; the batch engine draws one per game in deal order (the same first draw).
    """
    if rng is None or not any(s.needs_public for s in strategies):
        return 0
    return int(rng.integers(0, 2**63))


def format_log(game: TanGame, unicode: bool = True, marks: dict | None = None) -> str:
    """The move log of a played game as text, one event a line; ``marks`` (index in ``game.log`` → decision number)
    tags the events that were decisions."""
    from cardodds.sim.position import decision_tag

    lines = []
    for i, ev in enumerate(game.log):
        text = _event_lines(ev, unicode)
        if marks and i in marks:
            text[-1] += decision_tag(marks[i])
        lines += text
    return "\n".join(lines)


def _event_lines(ev: tuple, unicode: bool) -> list[str]:
    """The line(s) of one event of a game's log."""
    f = lambda c: format_card(c, unicode)  # noqa: E731
    fs = lambda cs: format_cards(cs, unicode) or "-"  # noqa: E731
    lines = []
    kind = ev[0]
    if kind == "deal":
        hands, turned, fa = ev[1], ev[2], ev[3]
        lines.append(f"trump {f(turned)} (turned, bottom of the stock); first attacker: seat {fa}")
        lines += [f"  seat {p}: {fs(h)}" for p, h in enumerate(hands)]
    elif kind == "retrump":
        lines.append(f"{f(ev[1])} turned: its suit was trump the last two games; {f(ev[2])} is turned instead")
    elif kind == "xa":
        lines.append(f"seat {ev[1]} has no trump and declares xả: new hand {fs(ev[2])}")
    elif kind == "cung":
        lines.append(f"seat {ev[1]} (last, previous game) gives {f(ev[3])} to seat {ev[2]} (first): cúng chủ")
    elif kind == "exchange":
        lines.append(f"seat {ev[1]} swaps {f(ev[2])} for the turned {f(ev[3])}")
    elif kind == "bout":
        lines.append(f"bout {ev[1]}: seat {ev[2]} attacks seat {ev[3]}")
    elif kind == "attack":
        lines.append(f"  seat {ev[1]} plays {f(ev[2])}")
    elif kind == "cover":
        lines.append(f"  seat {ev[1]} covers {f(ev[2])} with {f(ev[3])}")
    elif kind == "pass":
        lines.append(f"  seat {ev[1]} passes")
    elif kind == "taking":
        lines.append(f"  seat {ev[1]} says lên: the others may still add")
    elif kind == "take":
        lines.append(f"  seat {ev[1]} takes (lên): {fs(ev[2])}")
    elif kind == "discard":
        lines.append(f"  discarded (thải): {fs(ev[1])}")
    elif kind == "draw":
        lines.append(f"  seat {ev[1]} draws {len(ev[2])}: {fs(ev[2])}")
    elif kind == "out":
        lines.append(f"  seat {ev[1]} is out of cards and finished")
    elif kind == "end":
        lines.append("draw: the last bout emptied every hand" if ev[1] is None else f"seat {ev[1]} loses (tấn)")
    elif kind == "cycle":
        lines.append(f"the position at bout {ev[1] + 1} repeats every {ev[2]} bouts: {ev[3]} periods skipped")
    elif kind == "resume":
        lines.append(f"resumed after bout {ev[1]}")
    elif kind == "truncated":
        lines.append(f"truncated after {ev[1]} bouts (max_bouts)")
    return lines
