"""The vectorised Sâm engine: N games held in arrays, played one action per step.

The state of every game lives in arrays with a leading batch axis (hands as rank counts (N, P, 13)); each step,
every game still running takes one action — a lead, a beat, a pass, or a leader passing the lead on because only a
2 would end their hand — computed with array operations only (the loops are over steps, strategies and seats,
never over games).  It follows :mod:`sim.sam.reference` rule for rule; the differential tests check that both
engines give the same game, payment for payment, with deterministic strategies.

The one exception is the ``oracle`` declare rule: after a vectorised necessary-condition filter, the exact Sâm plan
search runs per remaining hand (a few per thousand deals).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from sim.sam.cards import HAND_SIZE, N_RANKS, TWO
from sim.sam.hand import QUAD, SINGLE, STRAIGHT, MoveTable, move_table, toi_trang_flags, toi_trang_kind_of_flags
from sim.sam.reference import OUTCOMES
from sim.sam.rules import SamRules
from sim.sam.strategies import PASS, StrategyBase, View, sam_plan, unbeatable

NORMAL, TOI_TRANG, SAM_SUCCESS, SAM_FAIL, VOID = range(5)
assert OUTCOMES == ("normal", "toi_trang", "sam_success", "sam_fail", "void")

POS_RANK = np.array([11, 12] + list(range(12)), np.int64)  # straight position -> rank index


def fast_formable(table: MoveTable, counts: np.ndarray) -> np.ndarray:
    """Same as ``table.formable`` for (n, 13) counts, without an (n, M, 13) temporary.

    Rank plays (ids ``k * 13 + r``) compare the counts with 1..4; a straight is formable when the bit mask of the
    straight positions held covers the straight's mask.
    """
    n_rank = 4 * N_RANKS
    out = np.empty((len(counts), table.n), bool)
    for k in range(4):
        np.greater_equal(counts, k + 1, out=out[:, k * N_RANKS:(k + 1) * N_RANKS])
    bits = ((counts[:, POS_RANK] > 0) * _POW2).sum(1, dtype=np.uint16)
    smask = _straight_masks(table)
    np.equal(bits[:, None] & smask, smask, out=out[:, n_rank:])
    return out


_POW2 = (1 << np.arange(14)).astype(np.uint16)


@lru_cache(maxsize=None)
def _straight_masks(table: MoveTable) -> np.ndarray:
    n_rank = 4 * N_RANKS
    return np.array([sum(1 << p for p in range(int(tp) - int(ln) + 1, int(tp) + 1))
                     for tp, ln in zip(table.top[n_rank:], table.length[n_rank:])], np.uint16)


@lru_cache(maxsize=None)
def _class_tables(table: MoveTable):
    """Per current play (rows, padded with a dummy ``M``), what can beat it, over 14 columns.

    Every set of beats in ``table.beats`` is one class: rank plays of one size from some rank up (columns = ranks),
    or straights of one length from some top position up (columns = top positions).  Tables: is_straight (M+1,),
    size (M+1, 1), column allowed (M+1, 14), straight bit mask (M+1, 14), holds a 2 (M+1, 14), length (M+1, 1),
    candidate move id (M+1, 14; ``M`` where none).
    """
    M = table.n
    is_str = np.zeros(M + 1, bool)
    size = np.zeros((M + 1, 1), np.int8)
    col_ok = np.zeros((M + 1, 14), bool)
    win = np.zeros((M + 1, 14), np.uint16)
    has2 = np.zeros((M + 1, 14), bool)
    length = np.zeros((M + 1, 1), np.int64)
    cand = np.full((M + 1, 14), M, np.int64)
    for c in range(M):
        b = np.flatnonzero(table.beats[c])
        if len(b) == 0:
            continue
        k = table.kind[b]
        assert np.all(k == k[0]) and np.all(table.length[b] == table.length[b[0]])
        cols = table.top[b]
        cand[c, cols] = b
        col_ok[c, cols] = True
        has2[c, cols] = table.has_two[b]
        length[c] = table.length[b[0]]
        if k[0] == STRAIGHT:
            is_str[c] = True
            win[c, cols] = _straight_masks(table)[b - 4 * N_RANKS]
        else:
            size[c] = table.length[b[0]]
    return is_str, size, col_ok, win, has2, length, cand


def sparse_legal(table: MoveTable, hand: np.ndarray, n_own: np.ndarray, current: np.ndarray, nf2: bool):
    """(cand (n, 14), legal (n, 14)): the moves that could beat ``current`` and whether each hand may play them.

    Columns are ranks (rank plays) or top positions (straights); row lookups and (n, 14) elementwise work only.
    """
    is_str, size, col_ok, win, has2, length, cand = _class_tables(table)
    n = len(hand)
    ok = np.zeros((n, 14), bool)
    np.greater_equal(hand, size[current], out=ok[:, :N_RANKS])
    s = np.flatnonzero(is_str[current])
    if len(s):
        bits = ((hand[s][:, POS_RANK] > 0) * _POW2).sum(1, dtype=np.uint16)[:, None]
        w = win[current[s]]
        ok[s] = (bits & w) == w
    ok &= col_ok[current]
    if nf2:
        ok &= ~(has2[current] & (length[current] == n_own[:, None]))
    return cand[current], ok


def _beats_nf2(table: MoveTable, nf2: bool) -> np.ndarray:
    """(M + 1, 11, M): ``beats[current]`` and, under ``no_finish_on_two``, not emptying a hand of n cards with a 2."""
    out = np.repeat(table.beats[:, None, :], HAND_SIZE + 1, axis=1)
    if nf2:
        for n in range(HAND_SIZE + 1):
            out[:, n, table.has_two & (table.length == n)] = False
    return out


@dataclass
class BatchResult:
    """Outcomes of N games (arrays with a leading batch axis).  ``pay`` rows sum to zero."""

    outcome: np.ndarray  # (N,) index into OUTCOMES
    winner: np.ndarray  # (N,) seat or -1
    pay: np.ndarray  # (N, P)
    toi_trang: np.ndarray  # (N, P) credited kind of each dealt hand or -1
    declarer: np.ndarray  # (N,)
    sam_success: np.ndarray  # (N,)
    cong: np.ndarray  # (N, P)
    thoi_2: np.ndarray  # (N, P)
    chops: np.ndarray  # (N,)
    plays: np.ndarray  # (N,)
    den: np.ndarray  # (N,)
    steps: int = 0


def _oracle_plans(t: MoveTable, counts: np.ndarray, seat: int, games: np.ndarray, nf2: bool):
    """(ok (n,), plans (n, 10)) for seat ``seat`` of ``games``: an exact Sâm plan where one exists."""
    P = counts.shape[1]
    hand = counts[games, seat].astype(np.int64)
    opp = counts[games][:, [o for o in range(P) if o != seat]].astype(np.int64)
    safe = unbeatable(t, opp, nf2)  # (n, M)
    form = fast_formable(t, hand)
    # necessary: the ranks no safe move covers must all fit in one (last) move
    cover = ((safe & form).astype(np.int16) @ (t.need > 0).astype(np.int16)) > 0  # (n, 13)
    unc = (hand > 0) & ~cover
    last_ok = form & ~(t.has_two & nf2)
    fits = np.all(~unc[:, None, :] | (t.need[None] > 0), axis=2) & last_ok  # (n, M)
    cand = np.flatnonzero(fits.any(1) | ~unc.any(1))
    ok = np.zeros(len(games), bool)
    plans = np.full((len(games), HAND_SIZE), -1, np.int64)
    for i in cand:  # few hands pass the filter
        plan = sam_plan(hand[i], safe[i], t, nf2)
        if plan is not None:
            ok[i] = True
            plans[i, : len(plan)] = plan
    return ok, plans


def play_batch(cards: np.ndarray, leader: np.ndarray, rules: SamRules, strategies, rng=None) -> BatchResult:
    """Play N games from deals ``cards`` (N, P, 10) with first players ``leader`` (N,)."""
    P = rules.players
    pay_t = rules.pay
    t = move_table(rules)
    M, LEAD = t.n, t.LEAD
    nf2 = rules.no_finish_on_two
    if isinstance(strategies, StrategyBase):
        strategies = [strategies] * P
    N = len(cards)
    cards = np.asarray(cards, np.int64)
    leader = np.asarray(leader, np.int64)
    ar = np.arange(N)
    hand_row = np.arange(N * P).reshape(N, P, 1) * N_RANKS
    counts = np.bincount((hand_row + cards // 4).ravel(), minlength=N * P * N_RANKS)
    counts = counts.astype(np.int8).reshape(N, P, N_RANKS)
    n_red = (cards % 4 >= 2).sum(-1)
    kinds = toi_trang_kind_of_flags(toi_trang_flags(counts, n_red, rules))
    kind_ext = np.append(t.kind, -1)  # kind of the current play; LEAD -> -1
    bn = _beats_nf2(t, nf2)
    uniq = list({id(x): x for x in strategies}.values())
    strat_of_seat = np.array([next(j for j, u in enumerate(uniq) if u is strategies[s]) for s in range(P)])

    pay = np.zeros((N, P), np.int64)
    outcome = np.full(N, NORMAL, np.int64)
    winner = np.full(N, -1, np.int64)
    done = np.zeros(N, bool)

    # ---- tới trắng
    rel = (np.arange(P)[None, :] - leader[:, None]) % P
    has_tt = kinds >= 0
    key = np.where(has_tt, rel + (kinds * P if rules.toi_trang_tie == "by_kind" else 0), 10**6)
    tt = has_tt.any(1)
    w = np.argmin(key, axis=1)
    heo = counts[..., TWO].astype(np.int64) * pay_t.heo_hang_two
    if rules.heo_hang_includes_quads:
        heo += (counts[..., :TWO] == 4).sum(-1) * pay_t.heo_hang_quad
    owe = np.where(np.arange(P)[None, :] == w[:, None], 0, pay_t.toi_trang + heo)
    pay[tt] -= owe[tt]
    pay[ar[tt], w[tt]] += owe[tt].sum(1)
    outcome[tt], winner[tt], done[tt] = TOI_TRANG, w[tt], True

    # ---- Sâm declarations, in turn order from the first player
    declarer = np.full(N, -1, np.int64)
    plans = np.full((N, HAND_SIZE), -1, np.int64)
    for i in range(P):
        seat_i = (leader + i) % P
        for s in range(P):
            g = np.flatnonzero(~done & (declarer < 0) & (seat_i == s))
            if len(g) == 0:
                continue
            plan_ok, plan_s = None, None
            if strategies[s].declare == "oracle":
                plan_ok, plan_s = _oracle_plans(t, counts, s, g, nf2)
            want = strategies[s].wants_sam(counts[g, s], plan_ok)
            declarer[g[want]] = s
            if plan_s is not None:
                plans[g[want]] = plan_s[want]
    sam_on = declarer >= 0
    sam_failed = np.zeros(N, bool)
    ptr = np.zeros(N, np.int64)

    played = np.zeros((N, P), bool)
    den_for = np.full((N, P), -1, np.int64)
    chain_total = np.zeros(N, np.int64)
    chain_len = np.zeros(N, np.int64)
    chain_chopper = np.zeros(N, np.int64)
    chain_chopped = np.zeros(N, np.int64)
    cong = np.zeros((N, P), bool)
    thoi_2 = np.zeros((N, P), np.int64)
    chops = np.zeros(N, np.int64)
    plays = np.zeros(N, np.int64)
    den = np.full(N, -1, np.int64)
    actor = np.where(sam_on, declarer, leader)
    current = np.full(N, LEAD, np.int64)
    last = actor.copy()
    passed = np.zeros((N, P), bool)
    skips = np.zeros(N, np.int64)
    seats = np.arange(P)
    ncards = counts.sum(-1, dtype=np.int64)

    def sam_fail_end(g):
        d = declarer[g]
        pay[g] += pay_t.sam_fail
        pay[g, d] -= pay_t.sam_fail * P
        outcome[g], done[g] = SAM_FAIL, True

    def settle_chain(g):
        g = g[chain_len[g] > 0]
        pay[g, chain_chopped[g]] -= chain_total[g]
        pay[g, chain_chopper[g]] += chain_total[g]
        chain_total[g] = chain_len[g] = 0

    def finish(g, w):
        winner[g] = w
        done[g] = True
        s_ok = sam_on[g]
        gs, ws = g[s_ok], w[s_ok]
        outcome[gs] = SAM_SUCCESS
        pay[gs] -= pay_t.sam
        pay[gs, ws] += pay_t.sam * P
        g, w = g[~s_ok], w[~s_ok]
        settle_chain(g)
        c = counts[g].astype(np.int64)
        n2 = c[..., TWO]
        loser = seats[None, :] != w[:, None]
        is_cong = loser & ~played[g]
        owed = np.where(is_cong, pay_t.cong, pay_t.card * (c.sum(-1) - n2) + pay_t.two * n2) * loser
        cong[g] = is_cong
        thoi_2[g] = np.where(loser & ~is_cong, n2, 0)
        v = den_for[g, w] if rules.den_bai else np.full(len(g), -1)
        has_den = v >= 0
        den[g[has_den]] = v[has_den]
        total = owed.sum(1)
        pay[g[~has_den]] -= owed[~has_den]
        pay[g[has_den], v[has_den]] -= total[has_den]
        pay[g, w] += total
        f = g[sam_failed[g]]
        pay[f] += pay_t.sam_fail
        pay[f, declarer[f]] -= pay_t.sam_fail * P

    steps = 0
    while True:
        g = np.flatnonzero(~done)
        if len(g) == 0:
            break
        steps += 1
        a, cur = actor[g], current[g]
        hand = counts[g, a]
        nc = ncards[g]
        n_own = nc[np.arange(len(g)), a]
        is_lead = cur == LEAD
        has = np.zeros(len(g), bool)
        choice = np.full(len(g), PASS, np.int64)
        # leads: every move; responses: only the few moves that could beat the current play
        fl, fr = np.flatnonzero(is_lead), np.flatnonzero(~is_lead)
        legal_l = fast_formable(t, hand[fl]) & bn[LEAD, n_own[fl]]
        has[fl] = legal_l.any(1)
        cand, legal_r = sparse_legal(t, hand[fr], n_own[fr], cur[fr], nf2)
        has[fr] = legal_r.any(1)
        sa = strat_of_seat[a]
        for j, strat in enumerate(uniq):
            for rows, lead in ((fl, True), (fr, False)):
                sub = np.flatnonzero(has[rows] & (sa[rows] == j))
                if len(sub) == 0:
                    continue
                r = rows[sub]
                gs = g[r]
                pn = None
                if lead and sam_on[gs].any():
                    pn = plans[gs, np.minimum(ptr[gs], HAND_SIZE - 1)]
                    pn = np.where((a[r] == declarer[gs]) & (ptr[gs] < HAND_SIZE), pn, -1)
                view = View(hand=hand[r], n_cards=nc[r], actor=a[r], current=cur[r], sam_on=sam_on[gs],
                            declarer=declarer[gs], table=t, rules=rules, plan_next=pn)
                if lead:
                    choice[r] = strat.choose(view, legal_l[sub], np.zeros(len(r), bool), rng)
                else:
                    choice[r] = strat.choose_sparse(view, cand[sub], legal_r[sub], np.ones(len(r), bool), rng)

        # -- a leader with no legal lead passes the lead on (a stuck declarer has failed the Sâm)
        stuck = is_lead & ~has
        if stuck.any():
            gs = g[stuck]
            fail = sam_on[gs] & (actor[gs] == declarer[gs])
            if rules.play_on_after_failed_sam:
                sam_on[gs[fail]] = False
                sam_failed[gs[fail]] = True
            else:
                sam_fail_end(gs[fail])
                gs = gs[~fail]
            actor[gs] = (actor[gs] + 1) % P
            skips[gs] += 1
            v = gs[skips[gs] >= P]
            outcome[v], done[v] = VOID, True

        # -- passes
        ps = ~is_lead & (choice == PASS)
        gp = g[ps]
        passed[gp, actor[gp]] = True

        # -- plays
        pl = choice >= 0
        gm, m, s = g[pl], choice[pl], a[pl]
        if len(gm):
            nxt = (s + 1) % P
            if rules.den_bai:  # a single under báo 1 lower than the player's highest card
                cand = np.flatnonzero((t.kind[m] == SINGLE) & (ncards[gm, nxt] == 1))
                h = counts[gm[cand], s[cand]]
                before_max = N_RANKS - 1 - np.argmax(h[:, ::-1] > 0, axis=1)
                viol = cand[t.top[m[cand]] < before_max]
                den_for[gm[viol], nxt[viol]] = s[viol]
            cm = current[gm]
            ck = kind_ext[cm]
            chop = (t.kind[m] == QUAD) & ((ck == QUAD) | (ck == SINGLE))
            counts[gm, s] -= t.need[m]
            ncards[gm, s] -= t.length[m]
            played[gm, s] = True
            plays[gm] += 1
            gc = gm[chop]
            chops[gc] += 1
            chain_len[gc] += 1
            chain_total[gc] += np.where(ck[chop] == SINGLE, pay_t.chat_two, pay_t.chat_quad)
            chain_chopper[gc] = s[chop]
            chain_chopped[gc] = last[gc]
            sam_g = sam_on[gm]
            by_decl = sam_g & (s == declarer[gm])
            ptr[gm[by_decl]] += 1
            beaten = sam_g & ~by_decl
            if rules.play_on_after_failed_sam:
                sam_on[gm[beaten]] = False
                sam_failed[gm[beaten]] = True
                cont = np.ones(len(gm), bool)
            else:
                sam_fail_end(gm[beaten])
                cont = ~beaten
            empty = cont & (ncards[gm, s] == 0)
            finish(gm[empty], s[empty])
            go = cont & ~empty
            gm, m, s = gm[go], m[go], s[go]
            current[gm], last[gm] = m, s
            skips[gm] = 0

        # -- move on: next seat not out of this round; back at the last player: the round ends
        adv = g[(ps | pl) & ~done[g]]
        q = (actor[adv] + 1) % P
        for _ in range(P):
            skip = passed[adv, q] & (q != last[adv])
            q = np.where(skip, (q + 1) % P, q)
        over = q == last[adv]
        actor[adv] = q
        ro = adv[over]
        settle_chain(ro)
        current[ro] = LEAD
        passed[ro] = False
        skips[ro] = 0

    assert np.all(pay.sum(1) == 0)
    return BatchResult(outcome, winner, pay, kinds, declarer, outcome == SAM_SUCCESS, cong, thoi_2, chops, plays, den,
                       steps)
