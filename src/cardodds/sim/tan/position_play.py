"""Playing a Tấn position out: the unseen cards dealt as the expert deals them, every move in the same worlds, on
the batch engine; and the exact values of a 2-player endgame with the stock empty.

A world is one deal of the cards the seat cannot see (``cardodds.sim.tan.expert._determinize``: uniform over the
deals consistent with every hand size, known card and the stock's bottom card).  World ``j``'s sort keys are the
expert's (``expert._keys``) for a game seed ``seed`` at this decision, so world ``j`` is a function of ``seed``,
``j`` and the position only, and ``play_out(p, moves, rollout, worlds, game_seed)`` over the expert's candidates
replays the expert's own search (``expert_moves``, ``expert_pick``).
"""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from cardodds.sim.errors import CardoddsError
from cardodds.sim.options import strategy_label
from cardodds.sim.position import Outcomes
from cardodds.sim.tan import bits
from cardodds.sim.tan.batch import TanState
from cardodds.sim.tan.compiled import play_from_state_auto
from cardodds.sim.tan.bits import U64
from cardodds.sim.tan.cards import to_mask, unseen_mask
from cardodds.sim.tan.expert import INVALID, Expert, _before_move, _candidates, _determinize, _mix
from cardodds.sim.tan.players import seat_strategies
from cardodds.sim.tan.position_state import Position, legal_codes, move_code, move_text
from cardodds.sim.tan.solver import Node
from cardodds.sim.tan.solver import bout_bound, move_values

MAX_GAMES = 1 << 15
"""Rollout games played in one batch at most (bounds the memory of a play-out, whatever the worlds)."""

EXACT_MAX_CARDS = 12
"""``exact`` solves 2-player endgames of at most this many cards in the hands and on the table (the expert's
``solve_cards``: at 12 the solver takes up to about 0.3 s a position, at 14 up to seconds)."""


def _kind(p: Position) -> str:
    return "defend" if p.decision == "defend" else "attack"


def decision_row(p: Position, game_seed: int = 0) -> SimpleNamespace:
    """The position as one decision row of the batch engine's view, the form the expert's search reads
    (``expert._batch_rows``)."""
    def a(x, dt=np.intp):
        return np.array([x], dtype=dt)

    legal = to_mask(c for c in legal_codes(p) if c >= 0)
    d = SimpleNamespace(
        seat=a(p.seat), hand=a(to_mask(p.hand), U64), legal=a(legal, U64), trump=a(p.trump),
        tmask=bits.SUIT_MASK[a(p.trump)], stock_left=a(p.stock), disc=a(to_mask(p.discard), U64),
        att=a(p.attack_mask, U64), cov=a(p.cover_mask, U64), bottom=a(p.bottom), attacker=a(p.attacker),
        defender=a(p.defender), passes=a(p.passes), cap=a(p.cap), bouts=a(p.bouts), pickups=a(0),
        first_attacker=a(p.attacker), game_seed=a(game_seed, np.int64),
        hand_sizes=np.array(p.hand_sizes, dtype=np.intp)[:, None],
        known=np.array([to_mask(k) for k in p.known], dtype=U64)[:, None], out=np.array(p.out, dtype=bool)[:, None],
        n_attack=a(len(p.table)), defender_cards=a(p.hand_sizes[p.defender]), rules=p.rules)
    if _kind(p) == "attack":
        d.is_lead, d.taking = a(p.decision == "attack", bool), a(p.taking, bool)
    else:
        d.card, d.thrower = a(p.card), a(p.thrower)
    return d


def _seed64(seed) -> int:
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        raise CardoddsError(f"tan position: the seed must be a whole number, not {seed!r}")
    return int(seed) % 2**63


def world_keys(p: Position, seed: int, first_world: int, worlds: int) -> np.ndarray:
    """``(worlds, 52)`` uniform sort keys of worlds ``first_world …``: ``expert._keys`` of this decision for a game
    seeded ``seed`` (its determinization ``j`` is world ``j``)."""
    d = decision_row(p)
    defend = _kind(p) == "defend"
    place = (((U64(p.bouts) * U64(64) + bits.popcount(d.att).astype(U64)) * U64(64)
              + bits.popcount(d.cov).astype(U64)) * U64(64) + U64(0 if defend else p.passes)) * U64(2) + U64(defend)
    base = _mix(U64(_seed64(seed)) ^ _mix(place))
    count = (np.arange(first_world, first_world + worlds, dtype=U64)[:, None] * U64(52)
             + np.arange(52, dtype=U64)[None, :])
    return (_mix(base[:, None] + count) >> U64(11)).astype(np.float64) * 2.0 ** -53


def _block_state(p: Position, pre, keys, K: int, seed: int, first_world: int) -> TanState:
    """The ``(worlds × K)`` rollout games of one block: world-major, every move of a world on the same deal."""
    rules = p.rules
    M = keys.shape[0]
    hands, stock = _determinize(pre, rules, keys[None])  # (P, 1, M), (1, M, S)

    def rep(x):
        return np.full(M * K, x[0], dtype=np.asarray(x).dtype)

    worlds = np.arange(first_world, first_world + M, dtype=U64)
    game_seed = (_mix(U64(_seed64(seed)) ^ _mix(worlds + U64(1))) >> U64(1)).astype(np.int64)
    table = p.table[:-1] if _kind(p) == "defend" else p.table  # a defence: the rollout replays the card to beat
    return TanState(
        hands=np.ascontiguousarray(np.repeat(hands[:, 0, :], K, axis=1)), stock=np.repeat(stock[0], K, axis=0),
        top=rep(np.array([rules.stock_size - p.stock])), trump=rep(pre.trump), disc=rep(pre.disc), att=rep(pre.att),
        cov=rep(pre.cov), attacker=rep(pre.attacker), defender=rep(pre.defender), cur=rep(pre.cur),
        passes=rep(pre.passes), cap=rep(pre.cap), out=np.repeat(pre.out, M * K, axis=1),
        bouts=rep(pre.bouts), pickups=np.zeros(M * K, dtype=np.intp), first_attacker=rep(pre.first_attacker),
        known=np.ascontiguousarray(np.repeat(pre.known, M * K, axis=1)), game_seed=np.repeat(game_seed, K),
        table=np.tile(np.array(table, dtype=np.int16).reshape(1, -1, 2), (M * K, 1, 1)))


def players_label(strategies) -> str:
    names = []
    for s in strategies:
        label = strategy_label(s.name, getattr(s, "player", s))  # a user's player: its own knobs
        if label not in names:
            names.append(label)
    return ", ".join(names)


def check_players(position: Position, players) -> None:
    """A one-line error unless ``players`` (a name or a table) can play every seat of ``position``."""
    seat_strategies(players, position.players, "opponents")  # the keyword of the CLI, the API and the page


def play_out(position: Position, moves, players, worlds: int, seed: int, first_world: int = 0) -> Outcomes:
    """Each of ``moves`` (move texts; ``None``: the one row "as ``players`` plays") in worlds ``first_world …
    first_world + worlds - 1``, every seat then played by ``players``; see the module docstring.

    The values: ``lose`` (the seat is left holding cards) and ``draw``, ``(len(moves), worlds)``; ``info["bouts"]``
    the bouts each game lasted (the expert's tie-break).  A randomised player (``random``) draws for a whole block
    of games, so its worlds depend on the block.
    """
    p = position
    if p.taking:
        raise CardoddsError("tan position: a bout after lên (throw_in_after_take) cannot be played out yet")
    for name, value, low in (("worlds", worlds, 1), ("first_world", first_world, 0)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < low:
            raise CardoddsError(f"tan position: {name} must be a whole number >= {low}, not {value!r}")
    strategies = seat_strategies(players, p.players, "players")
    kind = _kind(p)
    if moves is None:
        codes, texts = [-2], (f"as {players_label(strategies)} plays",)
    else:
        if isinstance(moves, str) or not hasattr(moves, "__iter__"):
            raise CardoddsError(f"tan position: moves must be a list of moves (e.g. [\"10h\", \"take\"]), "
                                f"not {moves!r}")
        codes = [move_code(p, m) for m in moves]
        if not codes:
            raise CardoddsError("tan position: no move to play out")
        texts = tuple(move_text(p, c) for c in codes)
    K = len(codes)
    pre = _before_move(decision_row(p), kind)
    block = max(1, MAX_GAMES // K)
    lose, draw, nbouts = (np.zeros((K, worlds)) for _ in range(3))
    for start in range(0, worlds, block):
        M = min(block, worlds - start)
        w0 = first_world + start
        state = _block_state(p, pre, world_keys(p, seed, w0, M), K, seed, w0)
        move = np.tile(np.array(codes, dtype=np.intp), M)
        fa, fd = (move, None) if kind == "attack" else (np.full(M * K, p.card, dtype=np.intp), move)
        if moves is None and kind == "attack":
            fa = None
        res = play_from_state_auto(p.rules, state, strategies, rng=np.random.default_rng([_seed64(seed), w0]),
                                   force_attack=fa, force_defend=fd)
        cols = slice(start, start + M)
        lose[:, cols] = (res.loser.astype(np.intp) == p.seat).reshape(M, K).T
        draw[:, cols] = res.draw.reshape(M, K).T
        nbouts[:, cols] = res.bouts.reshape(M, K).T
    return Outcomes(texts, {"lose": lose, "draw": draw}, False, first_world, players_label(strategies),
                    {"bouts": nbouts})


def expert_moves(position: Position, expert: Expert | None = None) -> list[str]:
    """The expert's candidate moves here, in its order (its rollout policy's move first, then pass / take, then
    cards non-trumps first, low first; at most ``max_candidates``)."""
    p = position
    expert = (expert or Expert()).at_table(p.rules)
    d = decision_row(p)
    policy = expert.policy()
    first = (policy.attack_batch if _kind(p) == "attack" else policy.defend_batch)(d, None).astype(np.intp)
    cand = _candidates(d, first, _kind(p), expert.max_candidates)[0]
    return [move_text(p, int(c)) for c in cand if c != INVALID]


def expert_pick(outcomes: Outcomes, expert: Expert | None = None) -> str:
    """The move the expert's rule picks from ``outcomes`` of its candidates: the fewest losses (with
    ``objective = "lose_or_draw"`` draws count too), then the fewest bouts in all, then the earlier candidate."""
    bad = outcomes.values["lose"].sum(axis=1)
    if (expert or Expert()).objective == "lose_or_draw":
        bad = bad + outcomes.values["draw"].sum(axis=1)
    score = [(b, t, k) for k, (b, t) in enumerate(zip(bad, outcomes.info["bouts"].sum(axis=1)))]
    return outcomes.moves[min(score)[2]]


def solver_node(p: Position) -> Node | None:
    """The exact solver's position (2 players, the stock empty, no bigger than ``EXACT_MAX_CARDS``), else None."""
    rules = p.rules
    if rules.players != 2 or p.stock != 0:
        return None
    hand, att, cov = to_mask(p.hand), p.attack_mask, p.cover_mask
    other = unseen_mask(rules.deck, hand, to_mask(p.discard), att, cov)
    cards = (hand | other | att | cov).bit_count()
    if cards > EXACT_MAX_CARDS or p.bouts + bout_bound(cards) > rules.max_bouts:
        return None
    if _kind(p) == "attack":
        return Node(p.trump, hand, other, att, cov, p.cap, -1, p.taking, p.bouts)
    return Node(p.trump, other, hand, att, cov, p.cap, p.card, False, p.bouts)


def exact(position: Position, moves=None) -> Outcomes | None:
    """Every move's exact value (``moves=None``: the position's, both seats playing perfectly) where the solver
    applies (``solver_node``), else None: ``lose`` and ``draw`` are 0 or 1, one world."""
    sp = solver_node(position)
    if sp is None:
        return None
    values = move_values(sp, position.rules)
    if moves is None:
        texts, v = ("as perfect players play",), [max(values.values())]
    else:
        codes = [move_code(position, m) for m in moves]
        texts, v = tuple(move_text(position, c) for c in codes), [values[c] for c in codes]
    v = np.array(v, dtype=np.float64)[:, None]
    return Outcomes(texts, {"lose": (v < 0).astype(np.float64), "draw": (v == 0).astype(np.float64)}, True, 0,
                    "perfect play (the exact solver)")
