"""The vectorised Tấn engine: N games at once, the same rules and order of play as ``sim.tan.reference``.

State is held in arrays over games: hands as ``uint64`` bit masks ``(players, n)`` (a seat's row is contiguous; seat
``s`` of game ``g`` sits at flat index ``s * n + g``), the stock as the prefix-OR of its drawing order
``(n, stock + 1)`` with a pointer ``top``, the table as two masks (attack cards, cover cards).  Every step each running
game makes one move: the current adder (the attacker when the table is empty) plays a card or passes, and a played
card is covered or taken by the defender in the same step; adders with no legal card pass at once, without deciding,
as in the reference engine.  Finished games are dropped from the arrays (compaction).  There is no Python loop over
games, except for the rare very long games handed to the reference engine (see ``play_batch``).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace

import numpy as np

from sim.tan import bits
from sim.tan.bits import ONE, U64, ZERO
from sim.tan.cards import deck_ids, from_mask, min_rank
from sim.tan.reference import TanGame
from sim.tan.rules import TanRules

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
            return getattr(self.uniq[0], method)(view, rng)
        who = self.sid[seat]
        out = np.full(seat.shape[0], -1, dtype=np.int16)
        for j, s in enumerate(self.uniq):
            m = who == j
            if m.any():
                out = np.where(m, getattr(s, method)(view, rng), out)
        return out


# arrays with the game axis first / last, compacted together when games finish
_ROW_ARRAYS = ("cum", "top", "att", "cov", "disc", "nt", "bouts", "pickups", "gid", "a", "d", "cur", "passes",
               "nthrow", "cap", "trump", "tmask", "beat_base", "live", "taking")
_SEAT_ARRAYS = ("hands", "succ", "inn")


class _Games:
    """The running games of one ``play_batch`` call."""

    def __init__(self, rules: TanRules, orders, first_attacker, strategies, rng, check, handoff_bouts):
        P, H = rules.players, rules.hand_size
        S, N = rules.stock_size, orders.shape[0]
        self.rules, self.P, self.H, self.S, self.N = rules, P, H, S, N
        self.strategies, self.disp, self.rng, self.check = list(strategies), _Dispatch(list(strategies)), rng, check
        deterministic = all(getattr(st, "deterministic", False) for st in strategies)
        self.handoff_bouts = handoff_bouts if deterministic else None
        self.deck_mask = U64(sum(1 << c for c in deck_ids(rules.deck)))
        self.cap_rule = min(rules.attack_cap, 64)
        self.seat_col = np.arange(P)[:, None]
        # refill order as seat offsets from the attacker (the defender is offset 1 while the stock lasts)
        if rules.refill_order == "attacker_defender_others":
            self.refill_offsets = np.arange(P)
        else:
            self.refill_offsets = np.array([0] + list(range(2, P)) + [1])

        b = np.left_shift(ONE, orders[:, : P * H].astype(U64)).reshape(N, P, H)
        self.hands = np.ascontiguousarray(np.bitwise_or.reduce(b, axis=2).T)
        self.turned = orders[:, P * H].astype(np.intp)
        self.trump = self.turned & 3
        self.tmask = bits.SUIT_MASK[self.trump]
        self.beat_base = 66 * self.trump + 1
        # the stock in drawing order (the turned card last), and its prefix-OR: cards top..t+k are cum[t+k] & ~cum[t]
        self.seq = np.concatenate([orders[:, P * H + 1:], orders[:, P * H: P * H + 1]], axis=1).astype(np.int16)
        self.cum = np.zeros((N, S + 1), dtype=U64)
        self.cum[:, 1:] = np.bitwise_or.accumulate(np.left_shift(ONE, self.seq.astype(U64)), axis=1)
        self.fa = np.asarray(first_attacker).astype(np.intp).copy()

        self.res_loser = np.full(N, -1, dtype=np.int16)
        self.res_draw = np.zeros(N, dtype=bool)
        self.res_trunc = np.zeros(N, dtype=bool)
        self.res_bouts = np.zeros(N, dtype=np.int32)
        self.res_pick = np.zeros(N, dtype=np.int32)

        self.gid = np.arange(N)
        self.top = np.zeros(N, dtype=np.intp)
        self.att = np.zeros(N, dtype=U64)
        self.cov = np.zeros(N, dtype=U64)
        self.disc = np.zeros(N, dtype=U64)
        self.nt = np.zeros(N, dtype=np.intp)
        self.inn = np.ones((P, N), dtype=bool)
        self.bouts = np.zeros(N, dtype=np.int32)
        self.pickups = np.zeros(N, dtype=np.int32)
        self.live = np.ones(N, dtype=bool)
        self.steps = 0

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
            view = SimpleNamespace(hand=h, options=options, turned=self.turned, trump=self.trump, tmask=self.tmask)
            choice = self.disp("exchange_batch", s, view, self.rng)
            sw = (choice >= 0) & (options != 0)
            give = bits.bit(np.where(sw, choice, -1))
            if self.check:
                assert ((give & options) != 0)[sw].all(), "illegal trump swap"
            self.hands[s, rows] = h ^ np.where(sw, give | bits.bit(self.turned), ZERO)
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

    # -- one move in every running game -----------------------------------------------------------------------------
    def step(self):
        self.steps += 1
        n, P, S, H = self.gid.shape[0], self.P, self.S, self.H
        rows = np.arange(n)
        hf, sf = self.hands.reshape(-1), self.succ.reshape(-1)  # views: the arrays are kept contiguous
        cur, d, nt, cap, live = self.cur, self.d, self.nt, self.cap, self.live
        ic, idf = cur * n + rows, d * n + rows
        hc, hd = hf[ic], hf[idf]
        lead = self.att == 0
        legal = np.where(lead, hc, np.where(nt < cap, hc & bits.rank_spread(self.att | self.cov), ZERO))
        stock_left = S - self.top
        taking = self.taking
        view = SimpleNamespace(hand=hc, legal=legal, is_lead=lead, tmask=self.tmask, trump=self.trump,
                               stock_left=stock_left, defender_cards=bits.popcount(hd), n_attack=nt, taking=taking)
        choice = self.disp("attack_batch", cur, view, self.rng)
        play = (choice >= 0) & (legal != 0)
        choice = np.where(play, choice, -1)
        b = bits.BIT_LUT[choice + 1]
        if self.check:
            assert ((b & legal) != 0)[play & live].all(), "illegal attack card"
            assert (play | ~lead | ~live).all(), "a lead must play a card"
        hf[ic] = hc ^ b
        self.att |= b
        nt = nt + play

        dlegal = np.where(taking, ZERO, bits.BEAT_LUT[self.beat_base + choice] & hd)
        dview = SimpleNamespace(hand=hd, legal=dlegal, card=np.maximum(choice, 0), tmask=self.tmask,
                                trump=self.trump, stock_left=stock_left, n_attack=nt)
        dch = self.disp("defend_batch", d, dview, self.rng)
        covered = play & (dch >= 0) & (dlegal != 0)
        cb = bits.BIT_LUT[np.where(covered, dch, -1) + 1]
        if self.check:
            assert ((cb & dlegal) != 0)[covered & live].all(), "illegal cover"
        take = play & ~covered & ~taking
        if self.rules.throw_in_after_take:  # lên announced: the adding goes on, the bout ends when all pass
            taking = taking | take
            take = np.zeros_like(take)
        hd = hd ^ cb
        if self.rules.defender_runs_out == "others_may_continue":
            refill = covered & (hd == 0) & (self.top < S)
            if refill.any():
                k = np.where(refill, np.minimum(H, S - self.top), 0)
                hd = hd | (self.cum[rows, self.top + k] & ~self.cum[rows, self.top])
                self.top = self.top + k
                cap = np.where(refill, np.minimum(nt + k, self.cap_rule), cap)
        hf[idf] = hd
        self.cov |= cb

        passes = np.where(play, 0, self.passes + 1)
        cur = np.where(play, cur, sf[ic])
        # forced passes: an adder with no legal card passes without deciding (as in the reference engine)
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
        self.disc[ei] |= np.where(tk, ZERO, table)
        self.pickups[ei] += tk
        self.bouts[ei] += 1
        self.att[ei] = ZERO
        self.cov[ei] = ZERO
        self.nt[ei] = 0
        self.taking[ei] = False

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
            tp = tp + np.minimum(cs[-1], avail)
        self.hands[:, ei] = Hh
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
                                  self.fa[g], self.strategies, check=self.check)
        out = game.resume(attacker, skip_cycles=True)
        self.res_loser[g] = -1 if out.loser is None else out.loser
        self.res_draw[g], self.res_trunc[g] = out.draw, out.truncated
        self.res_bouts[g], self.res_pick[g] = out.bouts, out.pickups
        self.live[i] = False

    def _compact(self):
        keep = np.nonzero(self.live)[0]
        for name in _ROW_ARRAYS:  # fancy indexing returns C-contiguous copies (cum's reshape(-1) is a view)
            setattr(self, name, getattr(self, name)[keep])
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


def play_batch(rules: TanRules, orders: np.ndarray, first_attacker: np.ndarray, strategies, rng=None,
               check: bool = False, handoff_bouts: int | None = HANDOFF_BOUTS) -> BatchResult:
    """Play ``len(orders)`` games to the end.

    Parameters
    ----------
    rules : TanRules
    orders : (n, deck) int array
        Shuffled decks (see ``sim.tan.deal.deal_orders``).
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
    """
    games = _Games(rules, np.asarray(orders), first_attacker, strategies, rng, check, handoff_bouts)
    games.exchange()
    games.first_bout()
    if check:
        games.conservation()
    while games.gid.shape[0]:
        games.step()
    return BatchResult(games.res_loser, games.res_draw, games.res_trunc, games.res_bouts, games.res_pick,
                       games.fa.astype(np.int16), games.steps)
