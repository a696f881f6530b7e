"""One Sâm game in plain Python, with a move log: the executable statement of docs/rules.md §2.

Order of a game: tới trắng (checked right after the deal) → Sâm declarations (turn order from the first player)
→ rounds of play → payments.  Choices the rules text leaves open (docs/rules.md §2.10), made here and mirrored by
the batch engine:

- A round's leader who has no legal lead (only plays that would end on a 2) passes the lead to the next player in
  turn order; when nobody can lead the game is void (no win/loss payments).
- A declarer who cannot lead during a Sâm has failed the Sâm.
- đền (``den_bai``): the seat just before a player holding one card (báo 1) plays a single lower than its own
  highest card, and the báo-1 player wins at once with a card that beats that single but would not have beaten the
  highest one: the failure let them win, so the seat before pays every loser's amount.  Nothing is carried further:
  a pass, or any other move in between, clears it.  Passing while holding a higher single is no đền (the duty is
  on the single played) unless ``den_on_pass``: then a pass on a single that the seat's highest card would beat
  leaves the same đền pending (capped by that highest card) on the báo-1 player's very next move — their answer, or
  their lead when the pass ends the round.
- chặt: the chops of one round form one chain; when the round (or the game) ends, the last player chopped pays
  the last chopper the sum of the chain's values (``chat_two`` for a chopped 2, ``chat_quad`` for a chopped tứ quý:
  15 × the chain length with the seed's values; a chopped pair of 2s, under ``quad_beats`` "pair_two", is worth
  ``chat_two`` per 2).  A game ended by a failed Sâm pays only the Sâm penalty.
- A loser who never played pays ``cong`` (whatever the cards); otherwise ``card`` per card and ``two`` per 2 (thối 2),
  and, under ``thoi_hang``, ``heo_hang_quad`` per tứ quý left in hand (on top of its four cards).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import numpy as np

from cardodds.sim.sam.batch import play_batch
from cardodds.sim.sam.cards import HAND_SIZE, N_RANKS, TWO, format_cards, rank_counts, rank_of
from cardodds.sim.sam.declare import bayes_declare
from cardodds.sim.sam.hand import SINGLE, chop_value, is_chop, move_table, toi_trang_kind, toi_trang_name
from cardodds.sim.sam.rules import SamRules
from cardodds.sim.sam.strategies import PASS, Public, StrategyBase, View, sam_plan, unbeatable
from cardodds.sim.streams import DEAL, FIRST, PLAY, chunk_seed, stream


def deal_games(rng: np.random.Generator, n: int, rules: SamRules,
               first_rng: np.random.Generator | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Deal ``n`` tables: cards (n, P, 10) sorted in each hand, and the first player (n,) (random or seat 0).

    The first players are drawn from ``first_rng`` (runs and replays pass the chunk's FIRST stream, so table ``k``
    does not depend on ``n``; default: ``rng`` after all the deals).
    """
    p = rules.players
    order = np.argsort(rng.random((n, 52)), axis=1)[:, : p * HAND_SIZE].reshape(n, p, HAND_SIZE)
    cards = np.sort(order, axis=2).astype(np.int8)
    if rules.first_leader == "random":
        leader = (rng if first_rng is None else first_rng).integers(0, p, size=n)
    else:
        leader = np.zeros(n, np.int64)
    return cards, leader.astype(np.int64)


def thoi_hang(counts: np.ndarray, rules: SamRules) -> int:
    """What a normal game's loser pays for the tứ quý (not of 2s) left in hand: ``heo_hang_quad`` each under
    ``thoi_hang``, else 0."""
    return int((counts[:TWO] == 4).sum()) * rules.pay.heo_hang_quad if rules.thoi_hang else 0


def heo_hang(counts: np.ndarray, rules: SamRules) -> int:
    """Heo hàng of a hand: its 2s (and its tứ quý other than 2s with ``heo_hang_includes_quads``)."""
    amt = int(counts[TWO]) * rules.pay.heo_hang_two
    if rules.heo_hang_includes_quads:
        amt += int((counts[:TWO] == 4).sum()) * rules.pay.heo_hang_quad
    return amt


@dataclass
class GameResult:
    """The outcome of one game.  ``pay`` sums to zero."""

    outcome: str
    winner: int
    pay: np.ndarray
    toi_trang: np.ndarray  # (P,) credited kind of each dealt hand (-1 none)
    declarer: int = -1
    sam_success: bool = False
    cong: np.ndarray | None = None  # (P,) bool: lost without playing a card
    thoi_2: np.ndarray | None = None  # (P,) 2s paid for by each loser
    chops: int = 0
    plays: int = 0
    den: int = -1  # the player who paid đền
    log: list[str] = field(default_factory=list)


def play_game(cards: np.ndarray, leader: int, rules: SamRules, strategies, rng: np.random.Generator | None = None,
              log: bool = False) -> GameResult:
    """Play one game from a deal (a :class:`SamGame` played to its end by the seats' strategies).

    Parameters
    ----------
    cards : (P, 10) card ids.  leader : the first player (who leads when nobody declares Sâm).
    strategies : one strategy per seat (or one for all).
    rng : randomness of non-deterministic strategies (the PLAY stream).
    """
    if isinstance(strategies, StrategyBase):
        strategies = [strategies] * rules.players
    return play(SamGame(rules, cards, leader, log=log), strategies, rng).result


def play(game: SamGame, strategies, rng: np.random.Generator | None = None) -> SamGame:
    """Play ``game`` (just dealt) to its end: the declarations, then each action by its seat's strategy."""
    if not game.over:
        game.declare(strategies)
    while not game.over:
        strategy = strategies[game.actor]
        view = game.view(strategy.needs_public, strategy.needs_cards)
        game.apply(int(strategy.choose(view, game.legal()[None], np.array([game.may_pass]), rng)[0]))
    return game


def _padded(cards: list) -> list:
    """Card ids padded with -1 to a hand's 10 slots (``View.hand_cards``, ``played_cards``)."""
    return cards + [-1] * (HAND_SIZE - len(cards))


class SamGame:
    """One game of Sâm (see the module docstring for its order and the choices made).

    Built from a deal, it settles tới trắng at once; :meth:`declare` asks the seats for their Sâm in turn order and
    starts the first round; then :attr:`actor` is to play one of :meth:`legal` (or pass, when :attr:`may_pass`)
    with :meth:`apply`, until :attr:`over`.  :attr:`moves` logs the (seat, move) of every action, :attr:`result`
    holds the outcome and payments (and the text log when ``log``).
    """

    def __init__(self, rules: SamRules, cards: np.ndarray, leader: int, log: bool = False):
        P = self.P = rules.players
        self.rules = rules
        self.t = move_table(rules)
        self.nf2 = rules.no_finish_on_two
        self.cards = [sorted(int(c) for c in cards[s]) for s in range(P)]
        self.dealt_cards = [tuple(c) for c in self.cards]
        self.counts = [rank_counts(self.cards[s]).astype(np.int64) for s in range(P)]
        self.dealt = sum(self.counts)  # every card dealt, by rank (what is gone = dealt - what is held)
        self.leader = leader
        self.order = [(leader + i) % P for i in range(P)]
        self.lines: list[str] = []
        self._log_on = log
        self.moves: list[tuple[int, int]] = []  # (seat, move id or PASS) of every action
        kinds = np.array([toi_trang_kind(self.cards[s], rules) for s in range(P)])
        self.result = GameResult("normal", -1, np.zeros(P, np.int64), kinds, cong=np.zeros(P, bool),
                                 thoi_2=np.zeros(P, np.int64))
        self.declarer, self.plan, self.ptr = -1, [], 0
        self.sam_on = self.sam_failed = False
        self.played = [False] * P
        self.den_pending: tuple[int, int, int] | None = None  # (seat before the báo 1, báo-1 seat, its highest rank)
        self.chain: list[tuple[int, int, int]] = []  # (chopper, chopped, value)
        self.actor, self.current, self.last = -1, self.t.LEAD, -1
        self.passed = [False] * P
        self.over = False
        for s in range(P):
            self.say(f"seat {s}: {format_cards(self.cards[s])}")
        self.say(f"first player: seat {leader}")
        self._toi_trang()

    # -- the log and payments --------------------------------------------------------------------------------------
    def say(self, line: str) -> None:
        if self._log_on:
            self.lines.append(line)

    def _end(self) -> None:
        self.over = True
        self.result.log = self.lines
        assert int(self.result.pay.sum()) == 0

    def _transfer(self, frm: int, to: int, amt: int, why: str) -> None:
        self.result.pay[frm] -= amt
        self.result.pay[to] += amt
        self.say(f"  seat {frm} pays seat {to} {amt} ({why})")

    # -- tới trắng and the declarations ----------------------------------------------------------------------------
    def _toi_trang(self) -> None:
        """A tới trắng wins at once: from the first in turn order (or the highest kind, under ``by_kind``)."""
        kinds, pay = self.result.toi_trang, self.rules.pay
        holders = [s for s in self.order if kinds[s] >= 0]
        if not holders:
            return
        w = min(holders, key=lambda s: kinds[s]) if self.rules.toi_trang_tie == "by_kind" else holders[0]
        self.say(f"seat {w} has tới trắng: {toi_trang_name(int(kinds[w]))}")
        self.result.outcome, self.result.winner = "toi_trang", w
        for s in range(self.P):
            if s != w:
                self._transfer(s, w, pay.toi_trang + heo_hang(self.counts[s], self.rules), "tới trắng + heo hàng")
        self._end()

    def _plan_of(self, s: int, strategy: StrategyBase) -> list[int] | None:
        """The Sâm plan seat ``s`` declares on (oracle, bayes: from its own hand only), or None."""
        counts, t, P = self.counts, self.t, self.P
        if strategy.declare == "oracle":
            opp = np.array([counts[o] for o in range(P) if o != s])
            return sam_plan(counts[s], unbeatable(t, opp, self.nf2), t, self.nf2)
        if strategy.declare == "bayes":
            ok, plans_s = bayes_declare(counts[s][None], P - 1, self.rules, strategy, play_batch)
            return [int(m) for m in plans_s[0] if m >= 0] if ok[0] else None
        return None

    def declare(self, strategies) -> None:
        """The Sâm declarations in turn order from the first player (the first who wants it declares), then the
        first round starts (led by the declarer, else by the first player)."""
        t = self.t
        for s in self.order:
            plan_s = self._plan_of(s, strategies[s])
            if strategies[s].needs_cards:  # a player that reads its dealt cards (a user's)
                want = strategies[s].declares(self.rules, s, np.array([self.dealt_cards[s]]))[0]
            else:
                want = strategies[s].wants_sam(self.counts[s][None], np.array([plan_s is not None]))[0]
            if want:
                self.declarer, self.plan = s, (plan_s or [])
                self.say(f"seat {s} declares Sâm" + (f" (plan: {', '.join(t.name(m) for m in self.plan)})"
                                                     if self.plan else ""))
                break
        self.result.declarer = self.declarer
        self.sam_on = self.declarer >= 0
        self._start_round(self.declarer if self.declarer >= 0 else self.leader)

    # -- what the actor sees and may do ----------------------------------------------------------------------------
    def legal(self, seat: int | None = None) -> np.ndarray:
        """(M,) the moves ``seat`` (default: the actor) may play on the current play."""
        counts = self.counts[self.actor if seat is None else seat]
        t = self.t
        ok = t.formable(counts) & t.beats[self.current]
        if self.nf2:
            ok &= ~(t.has_two & (t.length == int(counts.sum())))
        return ok

    @property
    def may_pass(self) -> bool:
        """A round's lead may not pass; an answer may."""
        return self.current != self.t.LEAD

    def public(self) -> Public:
        """What every seat sees."""
        chain, P = self.chain, self.P
        chopper, chopped = (chain[-1][0], chain[-1][1]) if chain else (-1, -1)
        den = self.den_pending if self.den_pending is not None else (-1, -1, 0)
        return Public(played=np.array([self.played]), gone=(self.dealt - sum(self.counts)).astype(np.int8)[None],
                      last=np.array([self.last]), passed=np.array([sum(1 << q for q in range(P) if self.passed[q])]),
                      chain=np.array([[sum(v for _, _, v in chain), len(chain), chopper, chopped]]),
                      den=np.array([den]))

    def view(self, with_public: bool = False, with_cards: bool = False) -> View:
        """The actor's view (one row), with the public part when ``with_public``, the cards when ``with_cards``."""
        s = self.actor
        plan_next = self.plan[self.ptr] if (s == self.declarer and self.ptr < len(self.plan)) else -1
        view = View(
            hand=self.counts[s][None], n_cards=np.array([[int(c.sum()) for c in self.counts]]), actor=np.array([s]),
            current=np.array([self.current]), sam_on=np.array([self.sam_on]), declarer=np.array([self.declarer]),
            table=self.t, rules=self.rules, plan_next=np.array([plan_next]),
            public=self.public() if with_public else None,
        )
        if with_cards:
            view.hand_cards = np.array([_padded(self.cards[s])])
            view.played_cards = np.array([[_padded([c for c in self.dealt_cards[q] if c not in self.cards[q]])
                                           for q in range(self.P)]])
        return view

    # -- rounds ----------------------------------------------------------------------------------------------------
    def _start_round(self, leader_seat: int) -> None:
        """A round led by ``leader_seat``, or the next seat that has a legal lead (none: the game is void)."""
        P = self.P
        L = -1
        for i in range(P):
            s = (leader_seat + i) % P
            if self.legal(s).any():
                L = s
                break
            self.say(f"seat {s} cannot lead (only a 2 would end the hand): passes")
            self.den_pending = None  # (left by a pass: owed only on the báo-1 player's very next move)
        if L < 0:
            self.result.outcome = "void"
            if self.sam_failed:  # the penalty of a Sâm beaten earlier stands
                self._pay_failed_sam()
            self.say("nobody can play: the game is void")
            self._end()
            return
        if self.sam_on and L != self.declarer:
            self.say(f"the declarer, seat {self.declarer}, cannot lead: the Sâm fails")
            if self._sam_fails():
                self._end()
                return
        self.passed = [False] * P
        self.actor = self.last = L

    def _end_round(self) -> None:
        """Everyone else passed: the chặt chain is paid and the last player leads the next round."""
        self._settle_chain()  # (a đền pending here was left by the pass that ended the round: see _den_on_pass)
        self.say(f"round to seat {self.last}")
        self._start_round(self.last)

    def apply(self, m: int) -> None:
        """The actor plays move ``m`` (or passes, ``PASS``); then the next seat still in the round acts, or the
        round ends."""
        s = self.actor
        self.moves.append((s, m))
        if m == PASS:
            self.passed[s] = True
            self.say(f"seat {s} passes")
            self.den_pending = self._den_on_pass(s)
        else:
            if self._play(s, m):
                self._end()
                return
            self.current, self.last = m, s
        q = (s + 1) % self.P
        while self.passed[q] and q != self.last:
            q = (q + 1) % self.P
        if q == self.last:
            self.current = self.t.LEAD
            self._end_round()
        else:
            self.actor = q

    # -- a play ----------------------------------------------------------------------------------------------------
    def _den_check(self, s: int, m: int) -> int:
        """đền: the seat that owes it if this play empties the hand (-1: none); and whether this play leaves one."""
        t = self.t
        before_max = max(r for r in range(N_RANKS) if self.counts[s][r])
        den_by = -1
        if self.den_pending is not None and self.den_pending[1] == s and t.top[m] <= self.den_pending[2]:
            den_by = self.den_pending[0]  # owed only if this play empties the hand (see _win)
        self.den_pending = None
        nxt = (s + 1) % self.P
        if self.rules.den_bai and t.kind[m] == SINGLE and int(self.counts[nxt].sum()) == 1 and t.top[m] < before_max:
            self.den_pending = (s, nxt, before_max)
            self.say(f"  (seat {s} did not play its highest single before báo 1: đền if seat {nxt} wins on it)")
        return den_by

    def _den_on_pass(self, s: int) -> tuple[int, int, int] | None:
        """``den_on_pass``: the đền pending after seat ``s`` passes on a single it could beat with its highest card,
        the next seat being on báo 1 and still in the round (None: none)."""
        t, rules = self.t, self.rules
        nxt = (s + 1) % self.P
        if (not (rules.den_bai and rules.den_on_pass) or t.kind[self.current] != SINGLE or self.passed[nxt]
                or self.counts[nxt].sum() != 1):
            return None
        high = max(r for r in range(N_RANKS) if self.counts[s][r])
        if high <= t.top[self.current] or (rules.no_finish_on_two and high == TWO and self.counts[s].sum() == 1):
            return None  # the highest card does not beat the single, or may not be played (it would end on a 2)
        self.say(f"  (seat {s} passed instead of playing its highest single before báo 1: đền if seat {nxt} wins)")
        return s, nxt, high

    def _take(self, s: int, m: int) -> list[int]:
        """The cards of move ``m`` out of seat ``s``'s hand (the lowest of each rank)."""
        t, hand = self.t, self.cards[s]
        taken = []
        for r in range(N_RANKS):
            for _ in range(int(t.need[m][r])):
                c = next(c for c in hand if rank_of(c) == r)
                hand.remove(c)
                taken.append(c)
        self.counts[s] -= t.need[m]
        self.played[s] = True
        self.result.plays += 1
        return taken

    def _play(self, s: int, m: int) -> bool:
        """Seat ``s`` plays move ``m``; True when that ends the game (a win or a failed Sâm)."""
        t, current = self.t, self.current
        den_by = self._den_check(s, m)
        chop = is_chop(t, current, m)
        taken = self._take(s, m)
        verb = "leads" if current == t.LEAD else ("chops with" if chop else "beats with")
        self.say(f"seat {s} {verb} {t.name(m)} ({format_cards(taken)})")
        if chop:
            self.result.chops += 1
            self.chain.append((s, self.last, chop_value(t, current, self.rules.pay)))
        if self.sam_on and s == self.declarer:
            self.ptr += 1
        if self.sam_on and s != self.declarer:
            self.say(f"  the Sâm of seat {self.declarer} is beaten")
            if self._sam_fails():
                return True
        n_left = int(self.counts[s].sum())
        if n_left == 1:
            self.say(f"  seat {s}: báo 1")
        if n_left == 0:
            self._win(s, den_by)
            return True
        return False

    # -- chặt, Sâm and the win -------------------------------------------------------------------------------------
    def _settle_chain(self) -> None:
        chain = self.chain
        if chain:
            total = sum(v for _, _, v in chain)
            self._transfer(chain[-1][1], chain[-1][0], total, f"chặt ×{len(chain)}")
            chain.clear()

    def _pay_failed_sam(self) -> None:
        for o in range(self.P):
            if o != self.declarer:
                self._transfer(self.declarer, o, self.rules.pay.sam_fail, "Sâm thất bại")

    def _sam_fails(self) -> bool:
        """The Sâm has failed; True when that ends the game (unless ``play_on_after_failed_sam``)."""
        if not self.rules.play_on_after_failed_sam:
            self.result.outcome = "sam_fail"
            self._pay_failed_sam()
            return True
        self.sam_on, self.sam_failed = False, True
        return False

    def _win(self, w: int, den_by: int = -1) -> None:
        """Seat ``w`` has played out its hand: the Sâm, or every loser's cards (or đền) are paid."""
        res, pay = self.result, self.rules.pay
        res.winner = w
        if self.sam_on:
            res.outcome, res.sam_success = "sam_success", True
            self.say(f"seat {w} has played out the Sâm")
            for s in range(self.P):
                if s != w:
                    self._transfer(s, w, pay.sam, "Sâm thành công")
            return
        self.say(f"seat {w} wins")
        self._settle_chain()
        owed = self._owed(w)
        if den_by >= 0:
            res.den = den_by
            self._transfer(den_by, w, sum(owed.values()), "đền: did not block báo 1")
        else:
            for s, a in owed.items():
                why = "cóng" if res.cong[s] else "cards left" + (" + thối 2" if res.thoi_2[s] else "")
                self._transfer(s, w, a, why)
        if self.sam_failed:
            self._pay_failed_sam()

    def _owed(self, w: int) -> dict[int, int]:
        """What each loser owes the winner ``w``: cóng, or its cards, 2s (thối 2) and tứ quý (``thoi_hang``)."""
        res, pay = self.result, self.rules.pay
        owed = {}
        for s in range(self.P):
            if s == w:
                continue
            if not self.played[s]:
                res.cong[s] = True
                owed[s] = pay.cong
            else:
                c = self.counts[s]
                n2 = int(c[TWO])
                res.thoi_2[s] = n2
                owed[s] = pay.card * (int(c.sum()) - n2) + pay.two * n2 + thoi_hang(c, self.rules)
        return owed


def replay_text(seed: int, rules: SamRules, strategies, chunk: int = 1) -> str:
    """One game (chunk 0, game 0 of ``seed``: the first game ``cardodds run`` plays) move by move, for
    ``cardodds replay sam --seed S``.  ``chunk``: the games of the run's first chunk (``min(chunk_size, games)``),
    which only a randomised seat depends on (the batch engine draws its choices for the whole chunk at once)."""
    from cardodds.sim.sam.replay import draws_for_the_batch, recorded_first_game  # it imports play_batch too

    if isinstance(strategies, StrategyBase):
        strategies = [strategies] * rules.players
    ss = chunk_seed(seed, 0)
    if draws_for_the_batch(strategies):
        cards, leader = deal_games(stream(ss, DEAL), chunk, rules, stream(ss, FIRST))
        res = recorded_first_game(rules, cards, leader, strategies, stream(ss, PLAY), SamGame)
    else:
        cards, leader = deal_games(stream(ss, DEAL), 1, rules, stream(ss, FIRST))
        res = play_game(cards[0], int(leader[0]), rules, strategies, rng=stream(ss, PLAY), log=True)
    tail = [f"outcome: {res.outcome}" + (f", winner seat {res.winner}" if res.winner >= 0 else ""),
            "payments: " + ", ".join(f"seat {s} {int(v):+d}" for s, v in enumerate(res.pay))]
    return "\n".join([_decisions_note(seed), *_marked(res.log), *tail])


_ACTION = re.compile(r"seat \d+ (?:passes$|leads |beats with |chops with )")
"""A log line of an action a seat was asked for (``SamGame.apply``): every one is a decision."""


def _decisions_note(seed: int) -> str:
    from cardodds.sim.position import decisions_note

    return decisions_note("sam", seed, "every lead, beat or pass a seat is asked for is a decision (not the Sâm "
                                       "declarations, nor a leader's pass with no card it may lead)")


def _marked(lines: list[str]) -> list[str]:
    """The game's log with each action's line tagged with its decision number, in the order of play."""
    from cardodds.sim.position import decision_tag

    out, k = [], 0
    for line in lines:
        if _ACTION.match(line):
            k += 1
            line += decision_tag(k)
        out.append(line)
    return out
