"""The vectorised Tấn engine: N games at once, the same rules and order of play as ``cardodds.sim.tan.reference``.

State is held in arrays over games: hands as ``uint64`` bit masks ``(players, n)`` (a seat's row is contiguous; seat
``s`` of game ``g`` sits at flat index ``s * n + g``), the stock as the prefix-OR of its drawing order
``(n, stock + 1)`` with a pointer ``top``, the table as two masks (attack cards, cover cards).  Every step each running
game makes one move: the current adder (the attacker when the table is empty) plays a card or passes, and a played
card is covered or taken by the defender in the same step; adders with no legal card pass at once, without deciding,
as in the reference engine.  Finished games are dropped from the arrays (compaction).  There is no Python loop over
games, except for the rare very long games handed to the reference engine (see ``play_batch``).  The table's order
(which card covers which) is kept only for a strategy that reads it (``needs_table``: a user's player, whose view is
a ``cardodds.sim.tan.position_state.Position``).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace

import numpy as np

from cardodds.sim.errors import CardoddsError
from cardodds.sim.tan import bits
from cardodds.sim.tan.bits import ONE, U64, ZERO
from cardodds.sim.tan.cards import deck_ids, from_mask, min_rank
from cardodds.sim.tan.reference import TanGame
from cardodds.sim.tan.rules import TanRules

HANDOFF_BOUTS = 100


@dataclass
class BatchResult:
    """Per-game outcomes, in deal order.

    ``loser`` is the losing seat (-1 for a draw or a truncated game); ``first_attacker`` is the seat that attacked
    first (after a "two_only" swap); ``steps`` is the number of batch steps played.
    """

    loser: np.ndarray
    draw: np.ndarray
    truncated: np.ndarray
    bouts: np.ndarray
    pickups: np.ndarray
    first_attacker: np.ndarray
    steps: int = 0


@dataclass
class TanState:
    """``N`` games between two moves: at the start of a bout or inside one, with every attack card covered.

    Arrays have the game axis last for seats (``(players, N)``) and first otherwise.  ``stock`` is ``(N, stock_size)``
    in drawing order and right-aligned: game ``g``'s stock is ``stock[g, top[g]:]`` (its last card the turned trump
    card, or the card swapped for it), ``-1`` before ``top[g]``.  ``cur`` is the seat to move next (the attacker at
    a bout's start, else the adder whose turn it is) and ``passes`` the passes in a row since the last card;
    ``cap`` the bout's cap on attack cards.  ``known`` (optional) holds, per seat, the cards everyone knows that seat
    holds (picked up in a take, the turned card taken in an exchange or drawn last); it only feeds strategies that
    read public information, as does ``game_seed`` (optional; see ``cardodds.sim.tan.reference.game_seed``).
    ``table`` (optional, ``(N, T, 2)``): the bout's attack cards in the order played, each with its cover, ``-1``
    for none; read only by strategies with ``needs_table`` (a state with cards on the table needs it then).
    """

    hands: np.ndarray
    stock: np.ndarray
    top: np.ndarray
    trump: np.ndarray
    disc: np.ndarray
    att: np.ndarray
    cov: np.ndarray
    attacker: np.ndarray
    defender: np.ndarray
    cur: np.ndarray
    passes: np.ndarray
    cap: np.ndarray
    out: np.ndarray
    bouts: np.ndarray
    pickups: np.ndarray
    first_attacker: np.ndarray
    known: np.ndarray | None = None
    game_seed: np.ndarray | None = None
    table: np.ndarray | None = None


class _Dispatch:
    """Calls the right seat's strategy per game (one call when every seat plays the same strategy)."""

    def __init__(self, strategies):
        uniq, sid = [], []
        for s in strategies:
            for j, u in enumerate(uniq):
                if u is s or u == s:
                    sid.append(j)
                    break
            else:
                uniq.append(s)
                sid.append(len(uniq) - 1)
        self.uniq, self.sid = uniq, np.array(sid, dtype=np.int16)

    def __call__(self, method: str, seat: np.ndarray, view, rng) -> np.ndarray:
        if len(self.uniq) == 1:
            view.decide = np.ones(seat.shape[0], dtype=bool)
            return getattr(self.uniq[0], method)(view, rng)
        who = self.sid[seat]
        out = np.full(seat.shape[0], -1, dtype=np.int16)
        for j, s in enumerate(self.uniq):
            m = who == j
            if m.any():
                view.decide = m  # an expensive (``selective``) strategy decides only these rows
                out = np.where(m, getattr(s, method)(view, rng), out)
        return out


# arrays with the game axis first / last, compacted together when games finish
_ROW_ARRAYS = ("cum", "top", "att", "cov", "disc", "nt", "bouts", "pickups", "gid", "a", "d", "cur", "passes",
               "nthrow", "cap", "trump", "tmask", "beat_base", "live", "taking")
_SEAT_ARRAYS = ("hands", "succ", "inn", "known")


class _Games:
    """The running games of one ``play_batch`` call."""

    def __init__(self, rules: TanRules, orders, first_attacker, strategies, rng, check, handoff_bouts):
        P, H = rules.players, rules.hand_size
        N = orders.shape[0]
        self._setup(rules, strategies, rng, check, handoff_bouts, N)
        b = np.left_shift(ONE, orders[:, : P * H].astype(U64)).reshape(N, P, H)
        self.hands = np.ascontiguousarray(np.bitwise_or.reduce(b, axis=2).T)
        self.turned = orders[:, P * H].astype(np.intp)
        self._set_trump(self.turned & 3)
        # the stock in drawing order (the turned card last), and its prefix-OR: cards top..t+k are cum[t+k] & ~cum[t]
        self._set_stock(np.concatenate([orders[:, P * H + 1:], orders[:, P * H: P * H + 1]], axis=1))
        self.fa = np.asarray(first_attacker).astype(np.intp).copy()
        self.top = np.zeros(N, dtype=np.intp)
        self.att = np.zeros(N, dtype=U64)
        self.cov = np.zeros(N, dtype=U64)
        self.disc = np.zeros(N, dtype=U64)
        self.nt = np.zeros(N, dtype=np.intp)
        self.inn = np.ones((P, N), dtype=bool)
        self.known = np.zeros((P, N), dtype=U64)
        self.bouts = np.zeros(N, dtype=np.int32)
        self.pickups = np.zeros(N, dtype=np.int32)
        self.game_seed = self._draw_seeds(N)

    def _draw_seeds(self, N):
        """Each game's seed (``cardodds.sim.tan.reference.game_seed``): game ``i`` gets the i-th draw, so game 0 draws what
        the reference engine draws for the same game."""
        if self.public and self.rng is not None:
            return self.rng.integers(0, 2**63, size=N)
        return np.zeros(N, dtype=np.int64)

    @classmethod
    def from_state(cls, rules: TanRules, state: TanState, strategies, rng, check, handoff_bouts):
        """Games resumed from ``state`` (after the trump exchange)."""
        self = cls.__new__(cls)
        N = state.top.shape[0]
        self._setup(rules, strategies, rng, check, handoff_bouts, N)
        self.hands = np.ascontiguousarray(state.hands, dtype=U64)
        self._set_trump(np.asarray(state.trump).astype(np.intp))
        self._set_stock(np.asarray(state.stock))
        self.fa = np.asarray(state.first_attacker).astype(np.intp).copy()
        self.top = np.asarray(state.top).astype(np.intp).copy()
        self.att, self.cov = np.array(state.att, dtype=U64), np.array(state.cov, dtype=U64)
        self.disc = np.array(state.disc, dtype=U64)
        self.nt = bits.popcount(self.att).astype(np.intp)
        self.inn = np.ascontiguousarray(~np.asarray(state.out, dtype=bool))
        known = np.zeros((self.P, N), dtype=U64) if state.known is None else state.known
        self.known = np.ascontiguousarray(known, dtype=U64)
        self.bouts = np.array(state.bouts, dtype=np.int32)
        self.pickups = np.array(state.pickups, dtype=np.int32)
        self.game_seed = self._draw_seeds(N) if state.game_seed is None else np.asarray(state.game_seed, np.int64)
        self.a = np.asarray(state.attacker).astype(np.intp).copy()
        self.d = np.asarray(state.defender).astype(np.intp).copy()
        self.cur = np.asarray(state.cur).astype(np.intp).copy()
        self.passes = np.asarray(state.passes).astype(np.intp).copy()
        self.cap = np.asarray(state.cap).astype(np.intp).copy()
        self.taking = np.zeros(N, dtype=bool)  # a state holds no take in progress (every attack card is covered)
        self.nthrow = self.inn.sum(axis=0).astype(np.intp) - 1
        self.succ = self._successors(self.inn, self.d)
        if self.tab is not None:
            self._state_table(state.table)
        return self

    def _state_table(self, table):
        """The table order of resumed games (``TanState.table``), required where a table holds cards."""
        if table is None:
            if (self.att != 0).any():
                raise CardoddsError("tan: a player reading the table's order (a user's player) cannot resume a bout "
                                    "without it (TanState.table)")
            return
        table = np.asarray(table, dtype=np.int16)
        self.tab[:, : table.shape[1]] = table[:, : self.tab.shape[1]]

    def _setup(self, rules, strategies, rng, check, handoff_bouts, N):
        P, S = rules.players, rules.stock_size
        self.rules, self.P, self.H, self.S, self.N = rules, P, rules.hand_size, S, N
        self.strategies, self.disp, self.rng, self.check = list(strategies), _Dispatch(list(strategies)), rng, check
        deterministic = all(st.deterministic for st in strategies)
        self.handoff_bouts = handoff_bouts if deterministic else None
        # public information (cards known to be held, the stock's bottom card...) only for strategies that read it
        self.public = any(st.needs_public for st in strategies)
        self.force_attack = self.force_defend = None
        self.deck_mask = U64(sum(1 << c for c in deck_ids(rules.deck)))
        self.cap_rule = min(rules.attack_cap, 64)
        self.seat_col = np.arange(P)[:, None]
        # refill order as seat offsets from the attacker (the defender is offset 1 while the stock lasts)
        if rules.refill_order == "attacker_defender_others":
            self.refill_offsets = np.arange(P)
        else:
            self.refill_offsets = np.array([0] + list(range(2, P)) + [1])
        self.res_loser = np.full(N, -1, dtype=np.int16)
        self.res_draw = np.zeros(N, dtype=bool)
        self.res_trunc = np.zeros(N, dtype=bool)
        self.res_bouts = np.zeros(N, dtype=np.int32)
        self.res_pick = np.zeros(N, dtype=np.int32)
        self.gid = np.arange(N)
        self.live = np.ones(N, dtype=bool)
        self.steps = 0
        self.observer = None  # ``observer(kind=, game=, seat=, asked=, choice=)`` after each decision (replays record)
        # the table in the order played, (N, T, 2) attack / cover cards, only for strategies that read it
        table = any(getattr(st, "needs_table", False) for st in strategies)
        self.tab = np.full((N, min(self.cap_rule, rules.deck), 2), -1, dtype=np.int16) if table else None

    def _set_trump(self, trump):
        self.trump = trump
        self.tmask = bits.SUIT_MASK[trump]
        self.beat_base = 66 * trump + 1

    def _set_stock(self, seq):
        """``seq`` (N, S): each game's stock in drawing order (-1 for no card)."""
        self.seq = seq.astype(np.int16)
        self.cum = np.zeros((self.N, self.S + 1), dtype=U64)
        self.cum[:, 1:] = np.bitwise_or.accumulate(bits.bit(self.seq), axis=1)

    def state(self) -> tuple[np.ndarray, TanState]:
        """The running games (their deal indices) and their state, between two steps."""
        i = np.nonzero(self.live)[0]
        g = self.gid[i]
        top = self.top[i]
        stock = np.where(np.arange(self.S)[None, :] >= top[:, None], self.seq[g], -1).astype(np.int16)
        return g, TanState(self.hands[:, i].copy(), stock, top.copy(), self.trump[i].copy(), self.disc[i].copy(),
                           self.att[i].copy(), self.cov[i].copy(), self.a[i].copy(), self.d[i].copy(),
                           self.cur[i].copy(), self.passes[i].copy(), self.cap[i].copy(), ~self.inn[:, i],
                           self.bouts[i].copy(), self.pickups[i].copy(), self.fa[g].copy(), self.known[:, i].copy(),
                           self.game_seed[g].copy(), None if self.tab is None else self.tab[i].copy())

    # -- seats ------------------------------------------------------------------------------------------------------
    def _next_in(self, seat, inn, include_self=False):
        """First seat after (or at) ``seat`` still in the game; ``inn`` is (P, m)."""
        m = seat.shape[0]
        ks = np.arange(0 if include_self else 1, self.P)
        cand = (seat[None, :] + ks[:, None]) % self.P
        ok = inn.reshape(-1)[cand * m + np.arange(m)[None, :]]
        return np.where(ok.any(axis=0), (seat + ks[ok.argmax(axis=0)]) % self.P, seat)

    def _successors(self, inn, d):
        """``(P, m)``: the next adder after each seat in this bout (the next seat in, the defender skipped)."""
        out = np.broadcast_to(self.seat_col, inn.shape).copy()
        found = np.zeros(inn.shape, dtype=bool)
        for k in range(1, self.P):
            s = (self.seat_col + k) % self.P
            ok = ~found & np.roll(inn, -k, axis=0) & (s != d[None, :])
            out = np.where(ok, s, out)
            found |= ok
        return out

    # -- before the first bout --------------------------------------------------------------------------------------
    def exchange(self):
        """The trump exchange, seat by seat in turn order from the first attacker (docs/rules.md §3.3)."""
        mode, P, S = self.rules.trump_exchange, self.P, self.S
        if mode == "none":
            return
        rows = np.arange(self.N)
        swapped = np.zeros(self.N, dtype=bool)
        low_bit = bits.bit(4 * min_rank(self.rules.deck) + self.trump)
        fa0 = self.fa.copy()
        for k in range(P):
            s = (fa0 + k) % P
            h = self.hands[s, rows]
            options = h & self.tmask & bits.BELOW[self.turned >> 2] if mode == "any_lower" else h & low_bit
            options = np.where(swapped, ZERO, options)
            view = SimpleNamespace(hand=h, options=options, turned=self.turned, trump=self.trump, tmask=self.tmask,
                                   seat=s, rules=self.rules, game_seed=self.game_seed)
            choice = self.disp("exchange_batch", s, view, self.rng)
            sw = (choice >= 0) & (options != 0)
            if self.observer is not None:
                self.observer(kind="exchange", game=self.gid, seat=s, asked=options != 0,
                              choice=np.where(sw, choice, -1))
            give = bits.bit(np.where(sw, choice, -1))
            if self.check:
                assert ((give & options) != 0)[sw].all(), "illegal trump swap"
            self.hands[s, rows] = h ^ np.where(sw, give | bits.bit(self.turned), ZERO)
            self.known[s, rows] |= np.where(sw, bits.bit(self.turned), ZERO)  # everyone saw the swap
            self.cum[:, S] = np.where(sw, self.cum[:, S - 1] | give, self.cum[:, S])
            self.seq[:, S - 1] = np.where(sw, choice, self.seq[:, S - 1])
            if mode == "two_only":
                self.fa = np.where(sw, s, self.fa)
            swapped |= sw

    def first_bout(self):
        rows = np.arange(self.N)
        self.a = self.fa.copy()
        self.d = self._next_in(self.a, self.inn)
        self.cur = self.a.copy()
        self.succ = self._successors(self.inn, self.d)
        self.passes = np.zeros(self.N, dtype=np.intp)
        self.nthrow = np.full(self.N, self.P - 1, dtype=np.intp)
        self.cap = np.minimum(bits.popcount(self.hands[self.d, rows]), self.cap_rule).astype(np.intp)
        self.taking = np.zeros(self.N, dtype=bool)  # the defender has said lên (throw_in_after_take)

    def _public_view(self, view, seat):
        """Add what every player sees to a decision view (only for strategies that read it, see ``needs_public``).

        ``seat`` (the decider), ``hand_sizes`` (P, n), ``known`` (P, n) cards known to be in each hand, ``out``
        (P, n), ``disc``, ``att``, ``cov`` (masks), ``bottom`` (the stock's face-up bottom card, -1 once drawn),
        ``attacker``, ``defender``, ``passes``, ``cap``, ``bouts``, ``pickups``, ``first_attacker``, ``live`` (the
        rows of games still running), ``rules`` and ``game_seed``.
        """
        view.seat, view.hand_sizes, view.known = seat, bits.popcount(self.hands), self.known
        view.out, view.disc, view.att, view.cov = ~self.inn, self.disc, self.att, self.cov
        view.bottom = np.where(self.top < self.S, self.seq[self.gid, self.S - 1], -1)
        view.attacker, view.defender, view.passes, view.cap = self.a, self.d, self.passes, self.cap
        view.bouts, view.pickups, view.first_attacker = self.bouts, self.pickups, self.fa[self.gid]
        view.live, view.rules, view.game_seed = self.live, self.rules, self.game_seed[self.gid]
        if self.tab is not None:
            view.table = self.tab

    # -- one move in every running game -----------------------------------------------------------------------------
    def step(self):
        """One move in every running game: the attacker's card (or pass), the defender's cover (or take), the
        adders' forced passes, and the ends of the bouts it closes."""
        self.steps += 1
        n = self.gid.shape[0]
        rows = np.arange(n)
        hf = self.hands.reshape(-1)  # a view: the arrays are kept contiguous
        ic, idf = self.cur * n + rows, self.d * n + rows
        stock_left = self.S - self.top
        choice, play, nt = self._attack(hf, ic, idf, stock_left)
        hd, covered, take, taking, cap = self._defend(hf, idf, rows, choice, play, nt, stock_left)
        self._pass_on(hf, rows, ic, play, nt, cap, hd, covered, take, taking)

    def _attack(self, hf, ic, idf, stock_left):
        """The attacker's (or adder's) move in every game: ``(card or -1, played, cards on the table)``."""
        cur, nt, cap, live = self.cur, self.nt, self.cap, self.live
        hc, hd = hf[ic], hf[idf]
        lead = self.att == 0
        legal = np.where(lead, hc, np.where(nt < cap, hc & bits.rank_spread(self.att | self.cov), ZERO))
        view = SimpleNamespace(hand=hc, legal=legal, is_lead=lead, tmask=self.tmask, trump=self.trump,
                               stock_left=stock_left, defender_cards=bits.popcount(hd), n_attack=nt,
                               taking=self.taking, rules=self.rules, disc=self.disc, att=self.att, cov=self.cov)
        if self.public:
            self._public_view(view, cur)
        if self.force_attack is not None:  # rows whose move is given: a user's player is not asked there
            view.forced = self.force_attack >= -1
        choice = self.disp("attack_batch", cur, view, self.rng)
        if self.force_attack is not None:  # the first step of games resumed with a given move
            choice = np.where(self.force_attack >= -1, self.force_attack, choice)
        play = (choice >= 0) & (legal != 0)
        choice = np.where(play, choice, -1)
        if self.observer is not None:
            self.observer(kind="attack", game=self.gid, seat=cur, asked=(legal != 0) & live, choice=choice)
        b = bits.BIT_LUT[choice + 1]
        if self.check:
            assert ((b & legal) != 0)[play & live].all(), "illegal attack card"
            assert (play | ~lead | ~live).all(), "a lead must play a card"
        hf[ic] = hc ^ b
        self.att |= b
        if self.tab is not None:
            r = np.nonzero(play & live)[0]
            self.tab[r, nt[r], 0] = choice[r]
        if self.public:
            self.known.reshape(-1)[ic] &= ~b
        return choice, play, nt + play

    def _defend(self, hf, idf, rows, choice, play, nt, stock_left):
        """The defender's answer in every game: ``(its hand, covered, takes, taking, the bout's cap)``."""
        d, live, taking, cap, S, H = self.d, self.live, self.taking, self.cap, self.S, self.H
        hd = hf[idf]
        dlegal = np.where(taking, ZERO, bits.BEAT_LUT[self.beat_base + choice] & hd)
        dview = SimpleNamespace(hand=hd, legal=dlegal, card=np.maximum(choice, 0), tmask=self.tmask,
                                trump=self.trump, stock_left=stock_left, n_attack=nt, rules=self.rules,
                                disc=self.disc, att=self.att, cov=self.cov)
        if self.public:
            self._public_view(dview, d)
            dview.thrower = self.cur
        if self.force_defend is not None:
            dview.forced = self.force_defend >= -1
        dch = self.disp("defend_batch", d, dview, self.rng)
        if self.force_defend is not None:
            dch = np.where(self.force_defend >= -1, self.force_defend, dch)
            self.force_attack = self.force_defend = None
        covered = play & (dch >= 0) & (dlegal != 0)
        if self.observer is not None:
            self.observer(kind="defend", game=self.gid, seat=d, asked=play & (dlegal != 0) & live,
                          choice=np.where(covered, dch, -1))
        cb = bits.BIT_LUT[np.where(covered, dch, -1) + 1]
        if self.check:
            assert ((cb & dlegal) != 0)[covered & live].all(), "illegal cover"
        take = play & ~covered & ~taking
        if self.rules.throw_in_after_take:  # lên announced: the adding goes on, the bout ends when all pass
            taking = taking | take
            take = np.zeros_like(take)
        hd = hd ^ cb
        if self.public:
            self.known.reshape(-1)[idf] &= ~cb
        if self.tab is not None:
            r = np.nonzero(covered & live)[0]
            self.tab[r, nt[r] - 1, 1] = dch[r]
        if self.rules.defender_runs_out == "others_may_continue":
            refill = covered & (hd == 0) & (self.top < S)
            if refill.any():
                k = np.where(refill, np.minimum(H, S - self.top), 0)
                hd = hd | (self.cum[rows, self.top + k] & ~self.cum[rows, self.top])
                if self.public:  # the defender drew the stock's face-up bottom card
                    last = refill & (self.top + k == S)
                    self.known.reshape(-1)[idf] |= np.where(last, bits.bit(self.seq[self.gid, S - 1]), ZERO)
                self.top = self.top + k
                cap = np.where(refill, np.minimum(nt + k, self.cap_rule), cap)
        hf[idf] = hd
        self.cov |= cb
        return hd, covered, take, taking, cap

    def _pass_on(self, hf, rows, ic, play, nt, cap, hd, covered, take, taking):
        """Who adds next (the adders with no legal card pass without deciding, as in the reference engine), and the
        ends of the bouts this step closed."""
        n, P, live, sf = self.gid.shape[0], self.P, self.live, self.succ.reshape(-1)
        passes = np.where(play, 0, self.passes + 1)
        cur = np.where(play, self.cur, sf[ic])
        going = ~take & (hd != 0)
        spread = np.where(nt < cap, bits.rank_spread(self.att | self.cov), ZERO)
        for _ in range(P - 1):
            ic = cur * n + rows
            forced = going & (passes < self.nthrow) & ((hf[ic] & spread) == 0)
            if not forced.any():
                break
            passes = passes + forced
            cur = np.where(forced, sf[ic], cur)
        self.cur, self.nt, self.cap, self.passes, self.taking = cur, nt, cap, passes, taking
        end = live & ((going & (passes >= self.nthrow)) | (covered & (hd == 0)) | take)
        if end.any():
            self._end_bouts(np.nonzero(end)[0], take | taking)
        elif self.check:
            self.conservation()

    # -- between bouts ----------------------------------------------------------------------------------------------
    def _end_bouts(self, ei, take):
        """Finish the bouts of games ``ei``: discard or pick up, refill, outs, end of game, next bout."""
        P, H, S, rules = self.P, self.H, self.S, self.rules
        m = ei.shape[0]
        rows = np.arange(m)
        tk = take[ei]
        table = self.att[ei] | self.cov[ei]
        ai, di = self.a[ei], self.d[ei]
        Hf = self.hands[:, ei].ravel()  # a copy; Hh is a view of it
        Hh = Hf.reshape(P, m)
        Hf[di * m + rows] |= np.where(tk, table, ZERO)
        if self.public:
            Kf = self.known[:, ei].ravel()
            Kf[di * m + rows] |= np.where(tk, table, ZERO)
        self.disc[ei] |= np.where(tk, ZERO, table)
        self.pickups[ei] += tk
        self.bouts[ei] += 1
        self.att[ei] = ZERO
        self.cov[ei] = ZERO
        self.nt[ei] = 0
        self.taking[ei] = False
        if self.tab is not None:
            self.tab[ei] = -1

        # refill while the stock lasts, in the rules' order
        tp = self.top[ei]
        cf, base = self.cum.reshape(-1), ei * (S + 1)  # flat view: no copy of the stock rows
        if (tp < S).any():
            # nobody is out while the stock lasts, so the defender sits right after the attacker and the order is
            # a fixed rotation from the attacker; seat j draws the stock segment after the needs of those before it
            seats = (ai[None, :] + self.refill_offsets[:, None]) % P
            fi = seats * m + rows[None, :]
            need = np.maximum(H - bits.popcount(Hf[fi]), 0)
            cs = np.cumsum(need, axis=0)
            avail = S - tp
            start = tp + np.minimum(cs - need, avail)
            stop = tp + np.minimum(cs, avail)
            Hf[fi] |= cf[base + stop] & ~cf[base + start]
            if self.public:  # whoever draws the stock's last card takes the face-up bottom card, seen by all
                last = (stop == S) & (start < S)
                Kf[fi] |= np.where(last, bits.bit(self.seq[self.gid[ei], S - 1])[None, :], ZERO)
            tp = tp + np.minimum(cs[-1], avail)
        self.hands[:, ei] = Hh
        if self.public:
            self.known[:, ei] = Kf.reshape(P, m)
        self.top[ei] = tp

        # outs, end of game, truncation
        inn = np.ascontiguousarray(self.inn[:, ei] & ~((tp == S)[None, :] & (Hh == 0)))
        self.inn[:, ei] = inn
        n_in = inn.sum(axis=0)
        done = n_in <= 1
        trunc = ~done & (self.bouts[ei] >= rules.max_bouts)
        fin = done | trunc
        if fin.any():
            g, i = self.gid[ei[fin]], ei[fin]
            self.res_loser[g] = np.where(n_in[fin] == 1, np.argmax(inn[:, fin], axis=0), -1)
            self.res_draw[g] = n_in[fin] == 0
            self.res_trunc[g] = trunc[fin]
            self.res_bouts[g] = self.bouts[i]
            self.res_pick[g] = self.pickups[i]
            self.live[i] = False

        # the next bout: defended → the defender attacks; taken → the player after the defender
        na = self._next_in(np.where(tk, di + 1, di) % P, inn, include_self=True)
        nd = self._next_in(na, inn)
        self.a[ei], self.d[ei], self.cur[ei] = na, nd, na
        self.passes[ei] = 0
        self.nthrow[ei] = n_in - 1
        self.cap[ei] = np.minimum(bits.popcount(Hf[nd * m + rows]), self.cap_rule)
        self.succ[:, ei] = self._successors(inn, nd)
        if self.handoff_bouts is not None:
            for j in np.nonzero(~fin & (self.bouts[ei] >= self.handoff_bouts))[0]:
                self._handoff(ei[j], Hh[:, j], int(tp[j]), inn[:, j], int(na[j]))
        if self.check:
            self.conservation()
        if self.live.sum() < 0.75 * self.gid.shape[0]:
            self._compact()

    def _handoff(self, i, hands, top, inn, attacker):
        """Finish game ``i`` (a very long one) with the reference engine, skipping repeated periods exactly."""
        g = self.gid[i]
        game = TanGame.from_state(self.rules, [from_mask(h) for h in hands], self.seq[g, top:],
                                  from_mask(self.disc[i]), self.trump[i], ~inn, self.bouts[i], self.pickups[i],
                                  self.fa[g], self.strategies, check=self.check, seed=int(self.game_seed[g]),
                                  known=[from_mask(k) for k in self.known[:, i]] if self.public else None)
        out = game.resume(attacker, skip_cycles=True)  # the public part as in the batch: a user's player sees it
        self.res_loser[g] = -1 if out.loser is None else out.loser
        self.res_draw[g], self.res_trunc[g] = out.draw, out.truncated
        self.res_bouts[g], self.res_pick[g] = out.bouts, out.pickups
        self.live[i] = False

    def _compact(self):
        keep = np.nonzero(self.live)[0]
        for name in _ROW_ARRAYS:  # fancy indexing returns C-contiguous copies (cum's reshape(-1) is a view)
            setattr(self, name, getattr(self, name)[keep])
        if self.tab is not None:
            self.tab = self.tab[keep]
        for name in _SEAT_ARRAYS:  # kept contiguous so that reshape(-1) is a view
            setattr(self, name, np.ascontiguousarray(getattr(self, name)[:, keep]))

    def conservation(self):
        """Assert that every running game holds each card of the deck exactly once."""
        m = self.live
        stock = self.cum[m, self.S] & ~self.cum[np.nonzero(m)[0], self.top[m]]
        parts = [self.hands[p, m] for p in range(self.P)] + [self.att[m], self.cov[m], self.disc[m], stock]
        total = sum(bits.popcount(x).astype(np.int32) for x in parts)
        union = np.zeros(int(m.sum()), dtype=U64)
        for x in parts:
            union |= x
        assert (total == self.rules.deck).all() and (union == self.deck_mask).all(), "card lost or duplicated"
        if self.public:
            assert ((self.known[:, m] & ~self.hands[:, m]) == 0).all(), "a known card is not in its hand"


def play_batch(rules: TanRules, orders: np.ndarray, first_attacker: np.ndarray, strategies, rng=None,
               check: bool = False, handoff_bouts: int | None = HANDOFF_BOUTS, observer=None) -> BatchResult:
    """Play ``len(orders)`` games to the end.

    Parameters
    ----------
    rules : TanRules
    orders : (n, deck) int array
        Shuffled decks (see ``cardodds.sim.tan.deal.deal_orders``).
    first_attacker : (n,) int array
    strategies : sequence
        One strategy per seat.
    rng : numpy Generator, optional
        For randomised strategies (the PLAY stream).
    check : bool
        Assert card conservation and move legality in every running game after every step (for tests).
    handoff_bouts : int or None
        With deterministic strategies, a game still running after this many bouts (almost always a cycle that only
        ``max_bouts`` ends) is finished by the reference engine, which skips whole repeating periods exactly
        (``TanGame.resume(skip_cycles=True)``): the outcome is unchanged and the batch no longer waits for its
        slowest games.  ``None`` keeps every game in the batch.
    observer : callable, optional
        ``observer(kind=, game=, seat=, asked=, choice=)`` after every decision step
        (:mod:`cardodds.sim.replay_recorder`; ``kind``: ``"exchange"``, ``"attack"`` or ``"defend"``; per running
        row: its ``game``, the deciding ``seat``, whether it was ``asked`` — where the reference engine asks the
        strategy — and its ``choice``, a card or -1).
    """
    games = _Games(rules, np.asarray(orders), first_attacker, strategies, rng, check, handoff_bouts)
    games.observer = observer
    games.exchange()
    games.first_bout()
    return _finish(games)


def _finish(games: _Games) -> BatchResult:
    if games.check:
        games.conservation()
    while games.gid.shape[0]:
        games.step()
    return BatchResult(games.res_loser, games.res_draw, games.res_trunc, games.res_bouts, games.res_pick,
                       games.fa.astype(np.int16), games.steps)


def play_from_state(rules: TanRules, state: TanState, strategies, rng=None, check: bool = False,
                    handoff_bouts: int | None = HANDOFF_BOUTS, force_attack=None, force_defend=None) -> BatchResult:
    """Play games resumed from ``state`` to the end (``first_attacker`` and bouts, pick-ups as in the state).

    ``force_attack`` / ``force_defend`` (optional, one per game): the first move of the seat ``state.cur`` (a card,
    or -1 to pass) and the defender's answer to it (a card, or -1 to take); -2 leaves that move to the strategy.
    A forced move must be legal (asserted with ``check``).
    """
    games = _Games.from_state(rules, state, strategies, rng, check, handoff_bouts)
    if force_attack is not None:
        games.force_attack = np.asarray(force_attack).astype(np.intp)
        games.force_defend = (np.full(games.N, -2, dtype=np.intp) if force_defend is None
                              else np.asarray(force_defend).astype(np.intp))
    return _finish(games)


def play_to_step(rules: TanRules, orders, first_attacker, strategies, steps: int, rng=None,
                 check: bool = False) -> tuple[np.ndarray, TanState]:
    """Deal and play ``steps`` batch steps; return the games still running (their indices) and their state."""
    games = _Games(rules, np.asarray(orders), first_attacker, strategies, rng, check, None)
    games.exchange()
    games.first_bout()
    for _ in range(steps):
        if not games.gid.shape[0]:
            break
        games.step()
    return games.state()
