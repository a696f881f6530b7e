"""The compiled Tấn engine: ``play_batch`` of ``cardodds.sim.tan.batch`` with every game played to its end in numba
code (``cardodds.sim.tan.kernel``), for tables of the players it compiles: ``beginner``, ``basic``, ``heuristic``
and ``tuned``.

It plays the same deals (``deal_orders`` / ``deal_chunk`` rows and first attackers) move for move as the numpy
engine, so the per-game outcomes are the same, every rules option included; these players never draw random
numbers.  ``play_from_state`` resumes games from a ``batch.TanState`` (the search players' rollouts) as
``batch.play_from_state`` does, and ``play_from_state_auto`` is the one function the searches call.  numba is
optional: ``available()`` says whether it imports, and ``play_batch_auto`` falls back to the numpy
engine without it or for other players.  The compiled code is cached on disk (``cache=True``): the first call in a
fresh install compiles (seconds), later processes load it.  numba checks a cached function against its own file
only, so every function that plays (``kernel.game``) sits in one file with the play code it calls.
"""

from __future__ import annotations

import functools

import numpy as np

from cardodds.sim.compiled_switch import compiled_on
from cardodds.sim.errors import CardoddsError
from cardodds.sim.player_base import has_compiled_form, not_compiled
from cardodds.sim.tan import batch, bits
from cardodds.sim.tan.batch import HANDOFF_BOUTS, BatchResult, TanState
from cardodds.sim.tan.cards import deck_mask, min_rank, parse_rank
from cardodds.sim.tan.rules import TanRules
from cardodds.sim.tan.strategies import SAFE_LEADS, Basic, Heuristic, Tuned, rank_or_never


@functools.cache
def available() -> bool:
    """Whether numba imports (the compiled engine can run)."""
    try:
        import numba  # noqa: F401
    except ImportError:
        return False
    return True


def _kernel():
    if not available():
        raise CardoddsError("the compiled Tấn engine needs numba (pip install numba), or use the numpy engine")
    from cardodds.sim.tan.kernel import decide, game, games
    return decide, game, games


def supports(strategies) -> bool:
    """Whether every seat plays a player the compiled engine knows (its class declares ``compiled_form``)."""
    return all(has_compiled_form(s) for s in strategies)


def seat_players(rules: TanRules, strategies) -> tuple[np.ndarray, np.ndarray]:
    """Each seat's player as a kind ``(P,)`` and a knob row ``(P, len(decide.KNOBS))`` (``kernel.decide``)."""
    decide = _kernel()[0]
    if len(strategies) != rules.players:
        raise CardoddsError(f"{len(strategies)} strategies given for {rules.players} players")
    kinds = np.zeros(rules.players, dtype=np.int64)
    knobs = np.zeros((rules.players, len(decide.KNOBS)), dtype=np.int64)
    for seat, s in enumerate(strategies):
        if not supports([s]):
            raise CardoddsError(f"the compiled Tấn engine does not play {not_compiled(s)} (seat {seat}): use the "
                                "numpy engine")
        if isinstance(s, Tuned):
            s = s.at_table(rules)
        if type(s) is Basic:
            kinds[seat] = decide.BASIC
            knobs[seat, decide.THROW_MAX] = parse_rank(s.throw_max)
        elif isinstance(s, Heuristic):
            kinds[seat] = decide.HEURISTIC
            for j, name in enumerate(decide.KNOBS[1:], start=1):
                value = getattr(s, name)
                if name == "safe_lead":
                    knobs[seat, j] = SAFE_LEADS.index(value)
                else:
                    knobs[seat, j] = rank_or_never(value) if isinstance(value, str) else int(value)
        else:
            kinds[seat] = decide.BEGINNER
    return kinds, knobs


def rules_vector(rules: TanRules) -> tuple[np.ndarray, np.ndarray]:
    """The rules as the kernel's integer vector (``kernel.game.R_*``) and the refill order (seat offsets from the
    attacker)."""
    game = _kernel()[1]
    exchange = {"none": game.EX_NONE, "any_lower": game.EX_ANY_LOWER, "two_only": game.EX_TWO_ONLY}
    rv = np.zeros(9, dtype=np.int64)
    rv[game.R_P], rv[game.R_H], rv[game.R_S] = rules.players, rules.hand_size, rules.stock_size
    rv[game.R_EXCHANGE], rv[game.R_LOW_RANK] = exchange[rules.trump_exchange], min_rank(rules.deck)
    rv[game.R_CAP] = min(rules.attack_cap, 64)
    rv[game.R_THROW_IN] = rules.throw_in_after_take
    rv[game.R_RUNS_ON] = rules.defender_runs_out == "others_may_continue"
    rv[game.R_MAX_BOUTS] = rules.max_bouts
    P = rules.players
    if rules.refill_order == "attacker_defender_others":
        offsets = np.arange(P, dtype=np.int64)
    else:
        offsets = np.array([0] + list(range(2, P)) + [1], dtype=np.int64)
    return rv, offsets


def play_batch(rules: TanRules, orders: np.ndarray, first_attacker: np.ndarray, strategies,
               threads: bool = False) -> BatchResult:
    """Play ``len(orders)`` games to the end with the compiled engine; the same outcomes as
    ``cardodds.sim.tan.batch.play_batch`` for the same deals.

    ``steps`` is the longest game's number of moves (the numpy engine's steps with ``handoff_bouts=None``).
    ``threads``: spread the games over numba's threads (the outcomes do not change).
    """
    games = _kernel()[2]
    kinds, knobs = seat_players(rules, strategies)
    rv, offsets = rules_vector(rules)
    orders = np.ascontiguousarray(orders, dtype=np.int8)
    first = np.ascontiguousarray(first_attacker, dtype=np.int64)
    if orders.ndim != 2 or orders.shape[1] != rules.deck or first.shape != (orders.shape[0],):
        raise CardoddsError(f"orders must be (n, {rules.deck}) decks with one first attacker per deck")
    return _result(games.play_games(orders, first, rv, offsets, kinds, knobs, threads))


def _result(out: np.ndarray) -> BatchResult:
    """The kernel's ``(n, 7)`` outcomes (``kernel.games.OUT_COLUMNS``) as a ``BatchResult``."""
    game = _kernel()[1]
    stuck = np.nonzero(out[:, 0] == game.STUCK)[0]
    if stuck.shape[0]:
        raise CardoddsError(f"game {stuck[0]} made more than {game.MAX_BOUT_MOVES} moves in one bout: its state "
                            "cannot arise in a game of legal moves")
    return BatchResult(out[:, 0].astype(np.int16), out[:, 1].astype(bool), out[:, 2].astype(bool),
                       out[:, 3].copy(), out[:, 4].copy(), out[:, 5].astype(np.int16),
                       int(out[:, 6].max(initial=0)))


def chosen(rules: TanRules, strategies) -> bool:
    """Whether games go to the compiled engine: ``CARDODDS_COMPILED`` is not ``0``, numba imports and every seat
    plays a compiled player."""
    return compiled_on() and available() and supports(strategies) and len(strategies) == rules.players


def play_batch_auto(rules: TanRules, orders, first_attacker, strategies, rng=None) -> BatchResult:
    """The compiled engine when it is :func:`chosen`, else the numpy engine (the same outcomes either way)."""
    if chosen(rules, strategies):
        return play_batch(rules, orders, first_attacker, strategies)
    return batch.play_batch(rules, orders, first_attacker, strategies, rng=rng)


def _state_slots(state: TanState, game) -> np.ndarray:
    """``(n, N_SLOTS)`` int64: the state's integer slots as ``kernel.game`` holds them (``batch._Games.from_state``
    reads the same fields: no take in progress, every seat still in may add)."""
    n = state.top.shape[0]
    st = np.zeros((n, game.N_SLOTS), dtype=np.int64)
    att, cov = np.asarray(state.att, dtype=np.uint64), np.asarray(state.cov, dtype=np.uint64)
    for slot, x in ((game.A, state.attacker), (game.D, state.defender), (game.CUR, state.cur),
                    (game.PASSES, state.passes), (game.CAP, state.cap), (game.TOP, state.top),
                    (game.BOUTS, state.bouts), (game.PICKUPS, state.pickups), (game.TRUMP, state.trump)):
        st[:, slot] = np.asarray(x)
    st[:, game.NTHROW] = (~np.asarray(state.out, dtype=bool)).sum(axis=0) - 1
    st[:, game.NT] = bits.popcount(att)
    st[:, game.ATT], st[:, game.COV] = att.view(np.int64), cov.view(np.int64)
    return st


def _check_state(rules: TanRules, state: TanState, fa: np.ndarray, fd: np.ndarray) -> None:
    """Assert that every game of ``state`` holds each card of the deck once and that its forced first moves are
    legal (``check``: the kernel then plays only legal moves)."""
    n, S = state.top.shape[0], rules.stock_size
    hands = np.asarray(state.hands, dtype=np.uint64)
    stock = np.where(np.arange(S)[None, :] >= np.asarray(state.top)[:, None], np.asarray(state.stock), -1)
    parts = list(hands) + [bits.bit(stock[:, j]) for j in range(S)] + [np.asarray(x, dtype=np.uint64) for x in
                                                                        (state.att, state.cov, state.disc)]
    union = np.zeros(n, dtype=np.uint64)
    for x in parts:
        union |= x
    total = sum(bits.popcount(x).astype(np.int32) for x in parts)
    assert (total == rules.deck).all() and (union == np.uint64(deck_mask(rules.deck))).all(), \
        "card lost or duplicated"
    rows = np.arange(n)
    att, cov = np.asarray(state.att, dtype=np.uint64), np.asarray(state.cov, dtype=np.uint64)
    hc = hands[np.asarray(state.cur), rows]
    lead = att == 0
    open_ = bits.popcount(att) < np.asarray(state.cap)
    legal = np.where(lead, hc, np.where(open_, hc & bits.rank_spread(att | cov), np.uint64(0)))
    card = fa >= 0
    assert ((bits.bit(np.where(card, fa, -1)) & legal) != 0)[card & (legal != 0)].all(), "illegal attack card"
    assert not (lead & (fa == -1) & (legal != 0)).any(), "a lead must play a card"
    cover = (fd >= 0) & card & (legal != 0)
    beat = bits.BEAT[np.asarray(state.trump)[cover], fa[cover]] & hands[np.asarray(state.defender)[cover],
                                                                        rows[cover]]
    assert ((bits.bit(fd[cover]) & beat) != 0).all(), "illegal cover"


def play_from_state(rules: TanRules, state: TanState, strategies, rng=None, check: bool = False,
                    handoff_bouts: int | None = HANDOFF_BOUTS, force_attack=None, force_defend=None) -> BatchResult:
    """Play games resumed from ``state`` to the end with the compiled engine: the same outcomes as
    ``cardodds.sim.tan.batch.play_from_state`` with the same arguments.

    ``rng`` and ``handoff_bouts`` are the numpy engine's (the compiled players draw no random numbers, and every
    game is played here to its end or to ``max_bouts``, with the same outcome as the handoff); ``steps`` is the
    longest game's number of moves (the numpy engine's steps with ``handoff_bouts=None``).  ``check`` asserts that
    the state conserves the cards and that the forced first moves are legal.
    """
    game = _kernel()[1]
    kinds, knobs = seat_players(rules, strategies)
    rv, offsets = rules_vector(rules)
    n, P, S = np.asarray(state.top).shape[0], rules.players, rules.stock_size
    hands = np.ascontiguousarray(state.hands, dtype=np.uint64)
    stock = np.ascontiguousarray(state.stock, dtype=np.int16)
    if hands.shape != (P, n) or stock.shape != (n, S) or np.shape(state.out) != (P, n):
        raise CardoddsError(f"a state of {n} games needs hands and out of shape ({P}, {n}) and a stock of ({n}, {S})")
    no_move = np.full(n, -2, dtype=np.int64)
    fa = no_move if force_attack is None else np.ascontiguousarray(force_attack, dtype=np.int64)
    fd = no_move if force_attack is None or force_defend is None else np.ascontiguousarray(force_defend,
                                                                                           dtype=np.int64)
    if fa.shape != (n,) or fd.shape != (n,):
        raise CardoddsError(f"force_attack and force_defend need one move for each of the {n} games")
    if check:
        _check_state(rules, state, fa, fd)
    out = np.empty((n, 7), dtype=np.int32)
    scratch = (np.empty(P, dtype=np.uint64), np.empty(P, dtype=np.bool_), np.empty(S + 1, dtype=np.uint64),
               np.empty(game.N_SLOTS, dtype=np.int64))
    inn = np.ascontiguousarray(~np.asarray(state.out, dtype=bool))
    first = np.ascontiguousarray(state.first_attacker, dtype=np.int64)
    game.play_states(hands, inn, stock, _state_slots(state, game), first, fa, fd, rv, offsets, kinds, knobs,
                     out, *scratch)
    return _result(out)


def play_from_state_auto(rules: TanRules, state: TanState, strategies, rng=None, check: bool = False,
                         handoff_bouts: int | None = HANDOFF_BOUTS, force_attack=None,
                         force_defend=None) -> BatchResult:
    """:func:`play_from_state` when the compiled engine is :func:`chosen`, else the numpy engine's
    ``batch.play_from_state`` (the same outcomes either way)."""
    engine = play_from_state if chosen(rules, strategies) else batch.play_from_state
    return engine(rules, state, strategies, rng=rng, check=check, handoff_bouts=handoff_bouts,
                  force_attack=force_attack, force_defend=force_defend)


def warm() -> None:
    """Compile the kernel's entry points (or load them from numba's on-disk cache) with the types this module passes
    them, on a few games: what :mod:`cardodds.sim.kernel_warm` runs once before a pool of workers starts."""
    from cardodds.sim.tan.deal import deal_orders

    rules, players = TanRules(players=2, deck=36, hand_size=6), [Basic(), Basic()]
    orders, first = deal_orders(rules, np.random.default_rng(0), 4)
    play_batch(rules, orders, first, players)
    play_from_state(rules, batch.play_to_step(rules, orders, first, players, 2)[1], players)
