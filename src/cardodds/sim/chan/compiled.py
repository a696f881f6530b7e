"""The compiled Chắn engine: ``play_batch`` of ``cardodds.sim.chan.batch`` with every game played to its end in numba
code (``cardodds.sim.chan.kernel``), for tables of the players it compiles: ``basic``, ``heuristic`` (without
``eat_ca_to_wait``, which the numpy engine does not play either), ``cuoc`` and ``tuned``, any knobs.

It plays the same deals (``deal_orders`` rows) move for move as the numpy engine, so every per-game outcome — winner,
hòa, how, win type, cước, points, cards left in the nọc, moves, fouls avoided — is the same.  These players draw no
random numbers, nor does the engine.  Rules options: every one the numpy engine plays (``cai_seat``,
``min_points_to_win`` of every form, ``ga``, ``hoa_needs_chan_ngu_van``, ``dia_u_first_noc_card``, ``[rules.points]``;
``allow_skip_thien_u`` and the calling options — ``strict_calls``, ``hoa_call_chi_bach_thu``,
``hoa_as_bach_thu_pays_chi``, ``ngu_ong_as_bach_thu``, ``thong_after_treo_tranh`` — change nothing in either
engine), single games only: with ``series_length`` > 1 :func:`chosen` says no and the numpy series engine plays.
numba is optional: ``available()`` says whether it imports, and ``play_batch_auto`` falls back to the numpy engine
without it or for other players.  ``play_state`` (``play_from_games``, ``play_state_auto``) resumes games
from a numpy engine state, as the search players' rollouts (each game's first decision of one seat forced to a
candidate move) and the adviser do.  ``CARDODDS_COMPILED=0`` turns the compiled engine off.  The compiled code
is cached on disk (``cache=True``): the first call in a fresh install compiles (about 20 s), later processes load
it.
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

import numpy as np

from cardodds.sim.chan import arrays, batch
from cardodds.sim.chan.batch import CUOC, FOUL_CODES, BatchResult
from cardodds.sim.chan.cards import DECK_SIZE
from cardodds.sim.chan.rules import ChanRules
from cardodds.sim.chan.strategies import Basic, CuocSeeker
from cardodds.sim.compiled_switch import compiled_on
from cardodds.sim.errors import CardoddsError
from cardodds.sim.player_base import has_compiled_form, not_compiled


@functools.cache
def available() -> bool:
    """Whether numba imports (the compiled engine can run)."""
    try:
        import numba  # noqa: F401
    except ImportError:
        return False
    return True


KERNEL = Path(__file__).with_name("kernel")


@functools.cache
def _fresh_cache() -> None:
    """Drop the kernel's numba cache when any kernel file changed since it was written: numba checks a cached function
    against its own file only, not against the helpers of the other files compiled into it.  (A read-only install,
    where numba caches elsewhere, is left alone.)"""
    cache = KERNEL / "__pycache__"
    stamp = hashlib.sha256(b"".join(f.read_bytes() for f in sorted(KERNEL.glob("*.py")))).hexdigest()
    mark = cache / "kernel_sources.sha256"
    try:
        if mark.is_file() and mark.read_text() == stamp:
            return
        for f in list(cache.glob("*.nbi")) + list(cache.glob("*.nbc")):
            f.unlink(missing_ok=True)
        cache.mkdir(exist_ok=True)
        mark.write_text(stamp)
    except OSError:
        pass


def _kernel():
    if not available():
        raise CardoddsError("the compiled Chắn engine needs numba (pip install numba), or use the numpy engine")
    _fresh_cache()
    from cardodds.sim.chan.kernel import decide, game
    return decide, game


def supports(strategies) -> bool:
    """Whether every seat plays a player the compiled engine knows (its class declares ``compiled_form``)."""
    return all(has_compiled_form(s) for s in strategies)


def seat_players(strategies) -> tuple[np.ndarray, np.ndarray]:
    """Each seat's knob row ``(4, len(decide.KNOBS))`` int64 and ``w_wide`` ``(4,)`` (``kernel.decide``)."""
    decide = _kernel()[0]
    strategies = list(strategies)
    if len(strategies) != batch.P:
        raise CardoddsError(f"the compiled Chắn engine needs {batch.P} players, one per seat, not {len(strategies)}")
    knobs = np.zeros((batch.P, len(decide.KNOBS)), dtype=np.int64)
    w_wide = np.zeros(batch.P)
    for seat, s in enumerate(strategies):
        if not supports([s]):
            raise CardoddsError(f"the compiled Chắn engine does not play {not_compiled(s)} (seat {seat}): use the "
                                "numpy engine")
        row = knobs[seat]
        if type(s) is Basic:
            row[decide.MAX_CA], row[decide.CHIU] = 4, 1
            continue
        row[decide.WAIT_FIRST], row[decide.MAX_CA], row[decide.CHIU] = s.wait_first, s.max_ca, s.chiu
        w_wide[seat] = s.w_wide
        if isinstance(s, CuocSeeker):
            row[decide.VALUED], row[decide.KEEP_RED] = 1, s.keep_red
            for name in CuocSeeker.WEIGHTS:
                row[decide.KNOBS.index(name)] = getattr(s, name)
    return knobs, w_wide


def rules_vector(rules: ChanRules) -> tuple[np.ndarray, np.ndarray]:
    """The rules as the kernel's integer vector (``kernel.game.R_*``) and each cước's points (``batch.CUOC`` order;
    Gà 0 without ``ga``, as ``batch.score`` weighs it)."""
    game = _kernel()[1]
    rv = np.zeros(game.N_RULES, dtype=np.int64)
    rv[game.R_CAI] = rules.cai_seat
    need = rules.min_points_to_win
    if need == "no_xuong":
        rv[game.R_MIN_MODE] = game.MIN_NO_XUONG
    elif need != 0:
        rv[game.R_MIN_MODE], rv[game.R_MIN_POINTS] = game.MIN_POINTS, need
    rv[game.R_GA], rv[game.R_HOA_NEEDS] = rules.ga, rules.hoa_needs_chan_ngu_van
    rv[game.R_DIA_FIRST] = rules.dia_u_first_noc_card
    table = rules.point_table()
    weights = np.array([table[k] if (k != "ga" or rules.ga) else 0 for k in CUOC], dtype=np.int64)
    return rv, weights


def play_batch(rules: ChanRules, orders: np.ndarray, strategies=None) -> BatchResult:
    """Play the dealt tables ``orders`` (``(N, 100)`` card ids) to the end with the compiled engine: the same
    outcomes as :func:`cardodds.sim.chan.batch.play_batch` (``strategies`` None: ``basic`` at every seat)."""
    if rules.series_length > 1:
        raise CardoddsError("the compiled Chắn engine plays single games (series_length = 1)")
    game = _kernel()[1]
    knobs, w_wide = seat_players((Basic(),) * batch.P if strategies is None else strategies)
    rv, weights = rules_vector(rules)
    orders = np.ascontiguousarray(orders, dtype=np.int64)
    if orders.ndim != 2 or orders.shape[1] != DECK_SIZE:
        raise CardoddsError(f"orders must be (n, {DECK_SIZE}) deals")
    out, cuoc, fouls = _outputs(game, orders.shape[0])
    game.play_range(0, orders.shape[0], orders, rv, weights, knobs, w_wide, out, cuoc, fouls)
    return _result(game, out, cuoc, fouls)


def _result(game, out, cuoc, fouls) -> BatchResult:
    """The kernel's outcomes (``kernel.game.OUT_COLUMNS``, cước, fouls) as a ``BatchResult``."""
    stuck = np.flatnonzero(out[:, 0] == game.STUCK)
    if stuck.size:
        raise CardoddsError(f"game {stuck[0]} made more than {game.MAX_MOVES} moves: its state cannot arise in a "
                            "game of legal moves")
    return BatchResult(winner=out[:, 0].copy(), draw=out[:, 1].astype(bool), how=out[:, 2].astype(np.int8),
                       win_type=out[:, 3].astype(np.int8), cuoc=cuoc, points=out[:, 4].copy(),
                       noc_left=out[:, 5].copy(), moves=out[:, 6].copy(), fouls_avoided=fouls)


def _outputs(game, n):
    return (np.empty((n, len(game.OUT_COLUMNS)), dtype=np.int64), np.empty((n, len(CUOC)), dtype=np.int16),
            np.empty((n, len(FOUL_CODES)), dtype=np.int32))


_SEAT_FIELDS = ("mat_chan", "mat_ca", "disc", "taken", "bon_open", "dec_any", "dec_chan", "dec_ca_with", "disc_num",
                "ca_num", "passed", "chiu_count", "bon_count", "waits")
_GAME_FIELDS = ("phase", "card", "slot_draw", "drawn", "owner", "decider", "u_open", "chiu_open", "turn", "moves",
                "winner", "draw", "how", "wtype", "points", "pos")
"""The ``batch._State`` arrays in the order of the kernel's slots (``kernel.game.S_*``, ``G_*``)."""


FORCED = ("chiu_batch", "act_batch", "discard_batch")
"""The decision kinds one may force, by the name of the batch players' method (``kernel.game.FORCE_*``)."""


def play_state(st, forced=None) -> BatchResult:
    """Play the games of a numpy engine state (:func:`cardodds.sim.chan.batch.state_from_games`, rows changed or not,
    as the search players and the adviser build them) to the end with the compiled engine: the same outcomes as
    :func:`cardodds.sim.chan.batch.play_state` on that state.  Unlike it, this leaves the state as it was.

    ``forced``: None, or ``(method, answer, seat)`` (a ``FORCED`` name, ``(N,)`` answers as that method returns
    them, ``(N,)`` seats): in game g the first ``method`` decision of ``seat[g]`` is ``answer[g]``, every other
    decision the state's players' (as ``cardodds.sim.chan.expert_batch`` forces each candidate move)."""
    if st.rules.series_length > 1:
        raise CardoddsError("the compiled Chắn engine plays single games (series_length = 1)")
    game = _kernel()[1]
    knobs, w_wide = seat_players(st.players)
    rv, weights = rules_vector(st.rules)
    N = st.hand.shape[0]
    if any(getattr(st, f).shape != (N, batch.P) for f in _SEAT_FIELDS) or st.noc.shape != (N, game.NOC) or any(
            getattr(st, f).shape != (N,) for f in _GAME_FIELDS):
        raise CardoddsError(f"a state of {N} games needs per-seat arrays ({N}, {batch.P}) and a nọc ({N}, {game.NOC})")
    ss = np.empty((N, batch.P, game.N_SEAT), dtype=np.int64)  # filled in place: one copy of each field
    for i, f in enumerate(_SEAT_FIELDS):
        ss[:, :, i] = getattr(st, f)
    gs = np.empty((N, game.N_GAME), dtype=np.int64)
    for i, f in enumerate(_GAME_FIELDS):
        gs[:, i] = getattr(st, f)
    # The engine's own small types (counts of at most 4 cards, the counters' types): no int64 copies of the big arrays.
    as_ = lambda x, t: np.ascontiguousarray(x, dtype=t)  # noqa: E731
    force = np.full((N, 3), game.NO_FORCE, dtype=np.int64)
    if forced is not None:
        method, answer, seat = forced
        code = (game.FORCE_CHIU, game.FORCE_ACT, game.FORCE_DISCARD)[FORCED.index(method)]
        force[:, game.FZ_METHOD], force[:, game.FZ_SEAT], force[:, game.FZ_ANSWER] = code, seat, answer
    out, cuoc, fouls = _outputs(game, N)
    game.play_states(as_(st.hand, np.int8), as_(st.mat, np.int8), as_(st.table, np.int8), ss, gs,
                     as_(st.noc, np.int64), as_(st.fouls, np.int32), as_(st.cuoc, np.int16), force, rv, weights, knobs,
                     w_wide, out, cuoc, fouls)
    return _result(game, out, cuoc, fouls)


def play_from_games(rules: ChanRules, games, strategies=None) -> BatchResult:
    """:func:`cardodds.sim.chan.batch.play_from_games` (reference games continued to the end) on the compiled
    engine."""
    return play_state(batch.state_from_games(rules, games, strategies))


def play_state_auto(st) -> BatchResult:
    """:func:`play_state` when the compiled engine is :func:`chosen` for the state's rules and players, else the
    numpy engine's ``batch.play_state`` (the same outcomes either way)."""
    return play_state(st) if chosen(st.rules, st.players) else batch.play_state(st)


def _switched_on() -> bool:
    """``CARDODDS_COMPILED`` is not ``0`` (a one-line error when it is neither 0 nor 1)."""
    return compiled_on()


def chosen(rules: ChanRules, strategies) -> bool:
    """Whether games go to the compiled engine: ``CARDODDS_COMPILED`` is not ``0``, numba imports, the games are
    single (``series_length`` 1) and every seat plays a compiled player."""
    strategies = list(strategies)
    return (_switched_on() and rules.series_length == 1 and len(strategies) == batch.P and supports(strategies)
            and available())


def wait_masks(hand, mat, mat_chan) -> np.ndarray:
    """:func:`cardodds.sim.chan.arrays.wait_masks` (the same ``(M,)`` sets) on the kernel when ``CARDODDS_COMPILED``
    is not ``0`` and numba imports, else the numpy form (the search's worlds: thousands of rows)."""
    if not (_switched_on() and available()):
        return arrays.wait_masks(hand, mat, mat_chan)
    _kernel()
    from cardodds.sim.chan.kernel import holding

    out = np.empty(hand.shape[0], dtype=np.int64)
    holding.wait_mask_rows(np.ascontiguousarray(hand), np.ascontiguousarray(mat), np.ascontiguousarray(mat_chan), out)
    return out.astype(arrays.U32)


def play_batch_auto(rules: ChanRules, orders, strategies=None) -> BatchResult:
    """The compiled engine when it is :func:`chosen`, else the numpy engine (the same outcomes either way)."""
    if chosen(rules, (Basic(),) * batch.P if strategies is None else strategies):
        return play_batch(rules, orders, strategies)
    return batch.play_batch(rules, orders, strategies)


def warm() -> None:
    """Compile the kernel's entry points (or load them from numba's on-disk cache) with the types this module passes
    them, on a few games: what :mod:`cardodds.sim.kernel_warm` runs once before a pool of workers starts."""
    from cardodds.sim.chan.deal import deal_orders
    from cardodds.sim.chan.reference import ChanGame

    rules, orders = ChanRules(), deal_orders(np.random.default_rng(0), 4)
    play_batch(rules, orders)
    games = [ChanGame.from_order(rules, o) for o in orders]
    play_from_games(rules, games)
    st = batch.state_from_games(rules, games)
    wait_masks(st.hand[:, 0], st.mat[:, 0], st.mat_chan[:, 0])  # the search's worlds
