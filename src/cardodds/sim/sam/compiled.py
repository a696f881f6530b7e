"""The compiled Sâm engine: ``play_batch`` and ``play_from_state`` of ``cardodds.sim.sam.batch`` with every game played
to its end in numba code (``cardodds.sim.sam.kernel``), for the players it compiles: ``greedy`` and ``control`` with
any knobs and any declare rule.

The deals' tới trắng and Sâm declarations are settled as ``batch._deal_state`` does (compiled, ``kernel.deal``, for
the ``never`` and ``threshold`` declare rules; by that numpy code itself where a seat declares by ``oracle`` or
``bayes``), then the kernel plays (``kernel.game``): each seat chooses by the batch engine's own decision tables
(``batch._fast_player``), a declarer leading its Sâm by its plan, so the games are the numpy engine's action for
action — outcome, winner, payments, cóng, thối 2, chặt, plays, đền and steps — under every rules option (the move
table, ``no_finish_on_two``, ``den_bai``, ``den_on_pass``, ``thoi_hang``, ``play_on_after_failed_sam``, the payments).  These players
draw no random numbers.  ``chosen()`` says no (the numpy engine plays) for any other player (``random``, ``expert``,
a subclass), for an ``observer``, with ``CARDODDS_COMPILED=0`` or without numba.  The compiled code is cached on
disk (``cache=True``): the first call in a fresh install compiles (about 6-8 s), later processes load it.
"""

from __future__ import annotations

import functools

import numpy as np

from cardodds.sim.compiled_switch import compiled_on
from cardodds.sim.errors import CardoddsError
from cardodds.sim.player_base import has_compiled_form, not_compiled
from cardodds.sim.sam import batch
from cardodds.sim.sam.batch import BatchResult, SamState
from cardodds.sim.sam.cards import HAND_SIZE, N_RANKS
from cardodds.sim.sam.hand import _sanh_rong_windows, move_table, straight_masks
from cardodds.sim.sam.rules import SamRules
from cardodds.sim.sam.strategies import Control, Greedy, StrategyBase, _cached_scores


@functools.cache
def available() -> bool:
    """Whether numba imports (the compiled engine can run)."""
    try:
        import numba  # noqa: F401
    except ImportError:
        return False
    return True


def _game():
    if not available():
        raise CardoddsError("the compiled Sâm engine needs numba (pip install numba), or use the numpy engine")
    from cardodds.sim.sam.kernel import game
    return game


def supports(strategies) -> bool:
    """Whether every seat plays a player the compiled engine knows (its class declares ``compiled_form``)."""
    return all(has_compiled_form(s) for s in strategies)


def chosen(rules: SamRules, strategies, observer=None) -> bool:
    """Whether games go to the compiled engine: ``CARDODDS_COMPILED`` is not ``0``, numba imports, every seat plays a
    compiled player and no observer watches."""
    if isinstance(strategies, StrategyBase):
        strategies = [strategies] * rules.players
    return (compiled_on() and observer is None and available() and len(strategies) == rules.players
            and supports(strategies))


@functools.lru_cache(maxsize=16)
def _tables(rules: SamRules, strategies: tuple):
    """The kernel's tables for ``rules`` and the seats' players: (rv, mv, pos14, high, str2, smask, next_seat, sp, kc,
    inv, inv_pass, odd_hands, odd_keys)."""
    game = _game()
    t = move_table(rules)
    mt = batch._mask_tables(t)
    M, P = t.n, rules.players
    mv = np.zeros((game.N_MV, M + 1), np.int64)
    mv[game.KIND] = np.append(t.kind, -1)
    mv[game.TOP, :M], mv[game.LEN, :M], mv[game.HAS2, :M] = t.top, t.length, t.has_two
    # StrategyBase.choose's declarer order (2s first, then longer, then higher); integers, so the same argmax
    mv[game.SAMSC, :M] = t.has_two * 1000 + t.length * 20 + t.top
    mv[game.CHOPV] = batch._chop_values(t, rules.pay)
    mv[game.S4, :M], mv[game.SHM, :M] = mt.s4, mt.shm
    for row, a in ((game.CLS, mt.cls), (game.SHC, mt.shc), (game.COLR, mt.colr), (game.COLS, mt.cols),
                   (game.LENC, mt.lenc)):
        mv[row] = a
    pay = rules.pay
    rv = np.zeros(game.N_RV, np.int64)
    rv[game.R_P], rv[game.R_M], rv[game.R_NF2], rv[game.R_DEN] = P, M, rules.no_finish_on_two, rules.den_bai
    rv[game.R_PLAYON], rv[game.R_THOIHANG] = rules.play_on_after_failed_sam, rules.thoi_hang
    rv[game.R_DENPASS] = rules.den_on_pass
    rv[game.R_CARD], rv[game.R_TWO], rv[game.R_CONG] = pay.card, pay.two, pay.cong
    rv[game.R_SAM], rv[game.R_SAMFAIL], rv[game.R_QUAD] = pay.sam, pay.sam_fail, pay.heo_hang_quad
    rv[game.R_POSMASK] = ((1 << 14) - 1) & ~((1 << t.min_pos) - 1)
    sp = np.zeros((P, game.N_SP), np.int64)
    parts = {k: [] for k in ("kc", "inv", "inv_pass", "odd")}
    offsets, odd_hands = {}, None
    for seat, s in enumerate(strategies):
        if s not in offsets:
            fp = batch._fast_player(s, t, rules)
            keys = _cached_scores(s, t, rules)[1]
            # the key of the move of each (situation, class, column), 0 where none: what batch._fast_player's
            # ``best`` takes the max of
            kc = np.concatenate([keys, np.zeros((len(keys), 1), np.uint8)], axis=1)[:, mt.cand]
            odd_hands, odd_keys = batch._odd_table(fp, mt)
            offsets[s] = [sum(len(x) for x in parts[k]) for k in parts] + [odd_keys.shape[2]]
            for k, a in zip(parts, (kc.ravel(), fp.inv, fp.inv_pass, odd_keys.ravel())):
                parts[k].append(a)
        kind = game.CONTROL if type(s) is Control else game.GREEDY
        danger = s.danger if kind == game.CONTROL else 0
        o = offsets[s]
        sp[seat] = (kind, danger, o[0], o[1], o[3], o[4])
        assert o[1] == o[2]  # inv and inv_pass share their offsets
    cat = {k: np.ascontiguousarray(np.concatenate(v)) for k, v in parts.items()}
    smask = straight_masks(t).astype(np.int64)
    return (rv, mv, mt.pos14, mt.high, mt.str2, smask, batch._next_seat_table(P), sp, cat["kc"], cat["inv"],
            cat["inv_pass"], np.ascontiguousarray(odd_hands), cat["odd"])


_SLOT_FIELDS = ("actor", "current", "last", "passed", "chain_total", "chain_len", "chain_chopper", "chain_chopped",
                "den_by", "den_to", "den_cap", "declarer", "sam_on", "sam_failed", "ptr", "outcome", "winner", "done")
"""The ``SamState`` fields held in the kernel's slots ``ACTOR`` .. ``DONE`` (in that order)."""


def _seat_strategies(rules: SamRules, strategies) -> tuple:
    if isinstance(strategies, StrategyBase):
        strategies = [strategies] * rules.players
    strategies = tuple(strategies)
    if len(strategies) != rules.players:
        raise CardoddsError(f"the compiled Sâm engine needs a player at each of the {rules.players} seats, not "
                            f"{len(strategies)}: use the numpy engine")
    for seat, s in enumerate(strategies):
        if not supports([s]):
            raise CardoddsError(f"the compiled Sâm engine does not play {not_compiled(s)} (seat {seat}): use the "
                                "numpy engine")
    return strategies


def play_from_state(rules: SamRules, state: SamState, strategies, rng=None, first: np.ndarray | None = None,
                    observer=None) -> BatchResult:
    """Play the games of ``state`` to their end with the compiled engine (``state`` is played on in place): the same
    result as ``batch.play_from_state`` with the same arguments (``rng`` is unused: these players draw none;
    ``observer`` must be None)."""
    if observer is not None:
        raise CardoddsError("the compiled Sâm engine takes no observer: use the numpy engine")
    game = _game()
    strategies = _seat_strategies(rules, strategies)
    tabs = _tables(rules, strategies)
    rv = tabs[0].copy()
    N, P = state.n, rules.players
    S = np.empty((N, game.N_SLOTS), np.int64)
    for j, f in enumerate(_SLOT_FIELDS):
        S[:, j] = getattr(state, f)
    if first is not None:
        rv[game.R_HASFIRST] = 1
        S[:, game.FIRST] = first
    S[:, game.CHOPS:game.STEPS + 1] = 0
    S[:, game.DEN] = -1
    seat_arrays = [np.ascontiguousarray(np.reshape(a, (N, P)), dt) for a, dt in
                   ((state.therm, np.int64), (state.ncards, np.int64), (state.played, bool), (state.pay, np.int64))]
    therm, ncards, played, pay = seat_arrays
    plans = np.ascontiguousarray(state.plans, np.int64)
    cong = np.zeros((N, P), bool)
    thoi2 = np.zeros((N, P), np.int64)
    game.play_range(0, N, S, therm, ncards, played, pay, plans, cong, thoi2, np.zeros(P, np.int64), rv, *tabs[1:])
    stuck = np.flatnonzero(S[:, game.OUTCOME] == game.STUCK)
    if len(stuck):
        raise CardoddsError(f"game {stuck[0]} went on past {game.MAX_STEPS} actions: its state cannot arise in a "
                            "game of legal moves")
    for j, f in enumerate(_SLOT_FIELDS):  # the state is played on in place, as the numpy engine's is
        getattr(state, f)[:] = S[:, j]
    for f, a in zip(("therm", "ncards", "played", "pay"), seat_arrays):
        if not np.shares_memory(getattr(state, f), a):
            getattr(state, f)[:] = a.reshape(getattr(state, f).shape)
    assert np.all(state.pay.sum(1) == 0)
    return BatchResult(state.outcome, state.winner, state.pay, state.kinds, state.declarer,
                       state.outcome == batch.SAM_SUCCESS, cong, thoi2, S[:, game.CHOPS].copy(),
                       S[:, game.PLAYS].copy(), S[:, game.DEN].copy(), int(S[:, game.STEPS].max(initial=0)))


def deal_state(rules: SamRules, cards: np.ndarray, leader: np.ndarray, strategies) -> SamState:
    """``batch._deal_state``: the state of fresh deals after tới trắng and the Sâm declarations, in compiled code
    (``kernel.deal``) when every seat declares ``never`` or at a ``threshold``, else by the numpy code (an
    ``oracle`` or ``bayes`` seat)."""
    if any(s.declare not in ("never", "threshold") for s in strategies):
        return batch._deal_state(rules, cards, leader, strategies)
    from cardodds.sim.sam.kernel import deal

    cards = np.ascontiguousarray(cards, np.int8)  # deal_games' dtype: one compiled specialisation, not one per dtype
    leader = np.ascontiguousarray(leader, np.int64)
    N, P, n_cards = cards.shape
    if P != rules.players or leader.shape != (N,) or n_cards != HAND_SIZE:
        raise CardoddsError(f"deals must be (n, {rules.players}, {HAND_SIZE}) cards with one first player per deal")
    pay = rules.pay
    dv = np.zeros(deal.N_DV, np.int64)
    dv[deal.D_P], dv[deal.D_BY_KIND] = P, rules.toi_trang_tie == "by_kind"
    dv[deal.D_QUAD_TRIPLE], dv[deal.D_QUAD_PAIRS] = rules.quad_counts_as_triple, rules.quad_counts_as_two_pairs
    dv[deal.D_HEO_QUADS], dv[deal.D_TOI_TRANG] = rules.heo_hang_includes_quads, pay.toi_trang
    dv[deal.D_HEO_TWO], dv[deal.D_HEO_QUAD] = pay.heo_hang_two, pay.heo_hang_quad
    windows = (_sanh_rong_windows(rules.straights) * (1 << np.arange(N_RANKS))).sum(1).astype(np.int64)
    decl_kind = np.array([deal.THRESHOLD if s.declare == "threshold" else deal.NEVER for s in strategies], np.int64)
    thresholds = np.array([float(s.threshold) for s in strategies], np.float64)
    therm, kinds, pay_a = np.zeros((N, P), np.int64), np.zeros((N, P), np.int64), np.zeros((N, P), np.int64)
    dealt = np.zeros((N, N_RANKS), np.int8)
    outcome, winner = np.full(N, batch.NORMAL, np.int64), np.full(N, -1, np.int64)
    done, declarer = np.zeros(N, bool), np.full(N, -1, np.int64)
    deal.deal_states(cards, leader, dv, windows, decl_kind, thresholds, therm, kinds, dealt, pay_a, outcome, winner,
                     done, declarer, np.zeros((P, N_RANKS), np.int64), np.zeros(P, np.int64))
    sam_on = declarer >= 0
    actor = np.where(sam_on, declarer, leader)
    return SamState(
        therm=therm.ravel(), ncards=np.full(N * P, HAND_SIZE, np.int64), played=np.zeros(N * P, bool), dealt=dealt,
        actor=actor, current=np.full(N, move_table(rules).LEAD, np.int64), last=actor.copy(),
        passed=np.zeros(N, np.int64), chain_total=np.zeros(N, np.int64), chain_len=np.zeros(N, np.int64),
        chain_chopper=np.zeros(N, np.int64), chain_chopped=np.zeros(N, np.int64), den_by=np.full(N, -1, np.int64),
        den_to=np.full(N, -1, np.int64), den_cap=np.zeros(N, np.int64), declarer=declarer,
        plans=np.full((N, HAND_SIZE), -1, np.int64), sam_on=sam_on, sam_failed=np.zeros(N, bool),
        ptr=np.zeros(N, np.int64), pay=pay_a, outcome=outcome, winner=winner, done=done, kinds=kinds, cards=cards)


def play_batch(rules: SamRules, cards: np.ndarray, leader: np.ndarray, strategies, rng=None,
               observer=None) -> BatchResult:
    """Play N games from deals ``cards`` (N, P, 10) with first players ``leader`` (N,) with the compiled engine: the
    same result as ``batch.play_batch``."""
    strategies = _seat_strategies(rules, strategies)
    return play_from_state(rules, deal_state(rules, cards, leader, strategies), strategies, rng, observer=observer)


def play_batch_auto(rules: SamRules, cards, leader, strategies, rng=None, observer=None) -> BatchResult:
    """The compiled engine when it is :func:`chosen`, else the numpy engine (the same result either way)."""
    engine = play_batch if chosen(rules, strategies, observer) else batch.play_batch
    return engine(rules, cards, leader, strategies, rng=rng, observer=observer)


def play_from_state_auto(rules: SamRules, state: SamState, strategies, rng=None, first=None,
                         observer=None) -> BatchResult:
    """:func:`play_from_state` when the compiled engine is :func:`chosen`, else ``batch.play_from_state`` (the same
    result either way): the one call for the Sâm expert's rollouts."""
    engine = play_from_state if chosen(rules, strategies, observer) else batch.play_from_state
    return engine(rules, state, strategies, rng, first=first, observer=observer)



def warm() -> None:
    """Compile the kernel's entry points (or load them from numba's on-disk cache) with the types this module passes
    them, on a few games: what :mod:`cardodds.sim.kernel_warm` runs once before a pool of workers starts."""
    from cardodds.sim.sam.reference import deal_games

    rules = SamRules()
    play_batch(rules, *deal_games(np.random.default_rng(0), 4, rules), Greedy())
