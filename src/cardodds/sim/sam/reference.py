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
  on the single played).
- chặt: the chops of one round form one chain; when the round (or the game) ends, the last player chopped pays
  the last chopper the sum of the chain's values (``chat_two`` for a chopped 2, ``chat_quad`` for a chopped tứ quý:
  15 × the chain length with the seed's values; a chopped pair of 2s, under ``quad_beats`` "pair_two", is worth
  ``chat_two`` per 2).  A game ended by a failed Sâm pays only the Sâm penalty.
- A loser who never played pays ``cong`` (whatever the cards); otherwise ``card`` per card and ``two`` per 2 (thối 2),
  and, under ``thoi_hang``, ``heo_hang_quad`` per tứ quý left in hand (on top of its four cards).
"""

from __future__ import annotations

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


def _legal(t, counts: np.ndarray, current: int, nf2: bool) -> np.ndarray:
    ok = t.formable(counts) & t.beats[current]
    if nf2:
        ok &= ~(t.has_two & (t.length == int(counts.sum())))
    return ok


def play_game(cards: np.ndarray, leader: int, rules: SamRules, strategies, rng: np.random.Generator | None = None,
              log: bool = False) -> GameResult:
    """Play one game from a deal.

    Parameters
    ----------
    cards : (P, 10) card ids.  leader : the first player (who leads when nobody declares Sâm).
    strategies : one strategy per seat (or one for all).
    rng : randomness of non-deterministic strategies (the PLAY stream).
    """
    P = rules.players
    pay = rules.pay
    t = move_table(rules)
    nf2 = rules.no_finish_on_two
    if isinstance(strategies, StrategyBase):
        strategies = [strategies] * P
    cards = [sorted(int(c) for c in cards[s]) for s in range(P)]
    counts = [rank_counts(cards[s]).astype(np.int64) for s in range(P)]
    kinds = np.array([toi_trang_kind(cards[s], rules) for s in range(P)])
    order = [(leader + i) % P for i in range(P)]
    lines: list[str] = []
    say = lines.append if log else (lambda _s: None)
    for s in range(P):
        say(f"seat {s}: {format_cards(cards[s])}")
    say(f"first player: seat {leader}")
    res = GameResult("normal", -1, np.zeros(P, np.int64), kinds, cong=np.zeros(P, bool), thoi_2=np.zeros(P, np.int64))

    def transfer(frm: int, to: int, amt: int, why: str):
        res.pay[frm] -= amt
        res.pay[to] += amt
        say(f"  seat {frm} pays seat {to} {amt} ({why})")

    # ---- tới trắng
    holders = [s for s in order if kinds[s] >= 0]
    if holders:
        w = min(holders, key=lambda s: kinds[s]) if rules.toi_trang_tie == "by_kind" else holders[0]
        say(f"seat {w} has tới trắng: {toi_trang_name(int(kinds[w]))}")
        res.outcome, res.winner = "toi_trang", w
        for s in range(P):
            if s != w:
                transfer(s, w, pay.toi_trang + heo_hang(counts[s], rules), "tới trắng + heo hàng")
        res.log = lines
        return res

    # ---- Sâm declarations
    declarer, plan = -1, []
    for s in order:
        plan_s = None
        if strategies[s].declare == "oracle":
            opp = np.array([counts[o] for o in range(P) if o != s])
            plan_s = sam_plan(counts[s], unbeatable(t, opp, nf2), t, nf2)
        elif strategies[s].declare == "bayes":  # from the seat's own hand only
            ok, plans_s = bayes_declare(counts[s][None], P - 1, rules, strategies[s], play_batch)
            plan_s = [int(m) for m in plans_s[0] if m >= 0] if ok[0] else None
        if strategies[s].wants_sam(counts[s][None], np.array([plan_s is not None]))[0]:
            declarer, plan = s, (plan_s or [])
            say(f"seat {s} declares Sâm" + (f" (plan: {', '.join(t.name(m) for m in plan)})" if plan else ""))
            break
    res.declarer = declarer
    sam_on, sam_failed, ptr = declarer >= 0, False, 0
    played = [False] * P
    dealt = sum(counts)  # every card dealt, by rank (what is gone = dealt - what is held)
    den_pending: tuple[int, int, int] | None = None  # (seat before the báo 1, báo-1 seat, its highest rank)
    chain: list[tuple[int, int, int]] = []  # (chopper, chopped, value)

    def settle_chain():
        if chain:
            total = sum(v for _, _, v in chain)
            transfer(chain[-1][1], chain[-1][0], total, f"chặt ×{len(chain)}")
            chain.clear()

    def public() -> Public:
        chopper, chopped = (chain[-1][0], chain[-1][1]) if chain else (-1, -1)
        den = den_pending if den_pending is not None else (-1, -1, 0)
        return Public(played=np.array([played]), gone=(dealt - sum(counts)).astype(np.int8)[None],
                      last=np.array([last]), passed=np.array([sum(1 << q for q in range(P) if passed[q])]),
                      chain=np.array([[sum(v for _, _, v in chain), len(chain), chopper, chopped]]),
                      den=np.array([den]))

    def decide(s: int, current: int, legal: np.ndarray, may_pass: bool) -> int:
        view = View(
            hand=counts[s][None], n_cards=np.array([[int(c.sum()) for c in counts]]), actor=np.array([s]),
            current=np.array([current]), sam_on=np.array([sam_on]), declarer=np.array([declarer]), table=t,
            rules=rules, plan_next=np.array([plan[ptr] if (s == declarer and ptr < len(plan)) else -1]),
            public=public() if strategies[s].needs_public else None,
        )
        return int(strategies[s].choose(view, legal[None], np.array([may_pass]), rng)[0])

    def finish(w: int, den_by: int = -1):
        res.winner = w
        if sam_on:
            res.outcome, res.sam_success = "sam_success", True
            say(f"seat {w} has played out the Sâm")
            for s in range(P):
                if s != w:
                    transfer(s, w, pay.sam, "Sâm thành công")
            return
        say(f"seat {w} wins")
        settle_chain()
        owed = {}
        for s in range(P):
            if s == w:
                continue
            if not played[s]:
                res.cong[s] = True
                owed[s] = pay.cong
            else:
                n2 = int(counts[s][TWO])
                res.thoi_2[s] = n2
                owed[s] = pay.card * (int(counts[s].sum()) - n2) + pay.two * n2 + thoi_hang(counts[s], rules)
        if den_by >= 0:
            res.den = v = den_by
            transfer(v, w, sum(owed.values()), "đền: did not block báo 1")
        else:
            for s, a in owed.items():
                transfer(s, w, a, "cóng" if res.cong[s] else "cards left" + (" + thối 2" if res.thoi_2[s] else ""))
        if sam_failed:
            pay_failed_sam()

    def pay_failed_sam():
        for o in range(P):
            if o != declarer:
                transfer(declarer, o, pay.sam_fail, "Sâm thất bại")

    def sam_fails() -> bool:
        """The Sâm has failed; True when that ends the game (unless ``play_on_after_failed_sam``)."""
        nonlocal sam_on, sam_failed
        if not rules.play_on_after_failed_sam:
            res.outcome = "sam_fail"
            pay_failed_sam()
            return True
        sam_on, sam_failed = False, True
        return False

    def apply(s: int, m: int, current: int) -> str | None:
        """Play move m for seat s; returns 'win', 'sam_fail' or None."""
        nonlocal ptr, den_pending
        before_max = max(r for r in range(N_RANKS) if counts[s][r])
        den_by = -1
        if den_pending is not None and den_pending[1] == s and t.top[m] <= den_pending[2]:
            den_by = den_pending[0]  # owed only if this play empties the hand (see finish)
        den_pending = None
        nxt = (s + 1) % P
        if rules.den_bai and t.kind[m] == SINGLE and int(counts[nxt].sum()) == 1 and t.top[m] < before_max:
            den_pending = (s, nxt, before_max)
            say(f"  (seat {s} did not play its highest single before báo 1: đền if seat {nxt} wins on it)")
        chop = is_chop(t, current, m)
        taken = []
        for r in range(N_RANKS):
            for _ in range(int(t.need[m][r])):
                c = next(c for c in cards[s] if rank_of(c) == r)
                cards[s].remove(c)
                taken.append(c)
        counts[s] -= t.need[m]
        played[s] = True
        res.plays += 1
        verb = "leads" if current == t.LEAD else ("chops with" if chop else "beats with")
        say(f"seat {s} {verb} {t.name(m)} ({format_cards(taken)})")
        if chop:
            res.chops += 1
            chain.append((s, last, chop_value(t, current, pay)))
        if sam_on and s == declarer:
            ptr += 1
        if sam_on and s != declarer:
            say(f"  the Sâm of seat {declarer} is beaten")
            if sam_fails():
                return "sam_fail"
        n_left = int(counts[s].sum())
        if n_left == 1:
            say(f"  seat {s}: báo 1")
        if n_left == 0:
            finish(s, den_by)
            return "win"
        return None

    leader_seat = declarer if declarer >= 0 else leader
    last = -1
    while True:
        # a leader with no legal lead passes the lead on
        L = -1
        for i in range(P):
            s = (leader_seat + i) % P
            if _legal(t, counts[s], t.LEAD, nf2).any():
                L = s
                break
            say(f"seat {s} cannot lead (only a 2 would end the hand): passes")
        if L < 0:
            res.outcome = "void"
            if sam_failed:  # the penalty of a Sâm beaten earlier stands
                pay_failed_sam()
            say("nobody can play: the game is void")
            break
        if sam_on and L != declarer:
            say(f"the declarer, seat {declarer}, cannot lead: the Sâm fails")
            if sam_fails():
                break
        passed = [False] * P
        current = t.LEAD
        last = L
        m = decide(L, current, _legal(t, counts[L], current, nf2), False)
        end = apply(L, m, current)
        if end:
            break
        current = m
        q = (L + 1) % P
        while True:
            while passed[q] and q != last:
                q = (q + 1) % P
            if q == last:
                break
            legal = _legal(t, counts[q], current, nf2)
            m = decide(q, current, legal, True)
            if m == PASS:
                passed[q] = True
                den_pending = None
                say(f"seat {q} passes")
            else:
                end = apply(q, m, current)
                if end:
                    break
                current, last = m, q
            q = (q + 1) % P
        if end:
            break
        settle_chain()
        den_pending = None
        say(f"round to seat {last}")
        leader_seat = last
    res.log = lines
    assert int(res.pay.sum()) == 0
    return res


def replay_text(seed: int, rules: SamRules, strategies) -> str:
    """One game (chunk 0, game 0 of ``seed``: the first game ``cardodds run`` plays) move by move, for
    ``cardodds replay sam --seed S``."""
    ss = chunk_seed(seed, 0)
    cards, leader = deal_games(stream(ss, DEAL), 1, rules, stream(ss, FIRST))
    res = play_game(cards[0], int(leader[0]), rules, strategies, rng=stream(ss, PLAY), log=True)
    tail = [f"outcome: {res.outcome}" + (f", winner seat {res.winner}" if res.winner >= 0 else ""),
            "payments: " + ", ".join(f"seat {s} {int(v):+d}" for s, v in enumerate(res.pay))]
    return "\n".join(res.log + tail)
