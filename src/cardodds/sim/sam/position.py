"""Sâm mid-game positions: the protocol of :mod:`cardodds.sim.position` for Sâm (docs/rules.md §2.11).

A :class:`~cardodds.sim.sam.position_state.Position` holds what the seat to move knows; ``from_json`` / ``to_json``
(:mod:`~cardodds.sim.sam.position_json`) read and write it, ``cut`` / ``decisions``
(:mod:`~cardodds.sim.sam.position_cut`) take it from a replayed game, and :func:`play_out` plays moves out from it
on the batch engine, the unseen cards dealt as the ``expert`` deals its worlds
(:func:`cardodds.sim.sam.expert.deal_worlds`), keyed by the seed besides what the seat sees.
"""

from __future__ import annotations

import sys

import numpy as np

from cardodds.sim.errors import CardoddsError
from cardodds.sim.options import strategy_label
from cardodds.sim.position import Outcomes
from cardodds.sim.sam.batch import SAM_SUCCESS
from cardodds.sim.sam.compiled import play_from_state_auto
from cardodds.sim.sam.expert import MAX_ROLLOUTS, Expert, deal_worlds, rollout_state
from cardodds.sim.sam.players import STRATEGIES, make_strategy
from cardodds.sim.sam.position_cut import cut, decisions
from cardodds.sim.sam.position_json import from_json, to_json
from cardodds.sim.sam.position_state import PASS_TEXT, Position, legal_ids, move_text, parse_move, view_of
from cardodds.sim.sam.position_worlds import possible_worlds
from cardodds.sim.sam.strategies import PASS

__all__ = ["DEFAULT_PLAYERS", "DEFAULT_WORLDS", "MEASURES", "RANK_BY", "Position", "check_players", "cut", "decisions",
           "exact", "expert_moves", "from_json", "legal_moves", "play_out", "to_json"]

MEASURES = {
    "win": ("chance", "the seat goes out first (wins the game)"),
    "cuoc": ("points", "the seat's cược from here on (payments still to come, the round's chặt chain included)"),
    "sam": ("chance", "the declared Sâm succeeds (only while a declared Sâm stands)"),
}
RANK_BY = ("cuoc", +1)

WORLDS_BLOCK = 8192
"""Worlds dealt and played at once by :func:`play_out` (a world's deal depends on its number only)."""

MODULE = sys.modules[__name__]
"""This module: ``GameSpec.position`` refers to it as ``"cardodds.sim.sam.position:MODULE"`` (a spec's references
are ``module:attribute``)."""

DEFAULT_PLAYERS = "control"
"""The strongest player that answers fast: the ``expert`` searches at every move of every world."""
DEFAULT_WORLDS = 5000
"""Worlds per move: a typical mid-game advise in well under 2 s on one core
(``benchmarks/bench_advise.py --game sam``)."""


def legal_moves(position: Position) -> list[str]:
    """The moves the seat may make, as text (``"7"``, ``"7 7"``, ``"3-4-5"``; ``"pass"`` last on a response)."""
    t = position.table
    out = [move_text(t, int(m)) for m in legal_ids(position)]
    return out + ([PASS_TEXT] if position.to_beat is not None else [])


def exact(position: Position, moves) -> None:
    """No exact values for Sâm positions (the hidden hands are too many to enumerate)."""
    return None


def _move_ids(position: Position, moves) -> list[int]:
    """The move ids (or ``PASS``) of ``moves``, each checked legal here."""
    t = position.table
    if isinstance(moves, str) or not hasattr(moves, "__iter__"):
        raise CardoddsError(f"sam position: moves must be a list of moves such as ['pass', '7 7'], not {moves!r}")
    legal = set(int(m) for m in legal_ids(position)) | ({PASS} if position.to_beat is not None else set())
    ids = []
    for text in moves:
        m = parse_move(t, text)
        if m not in legal:
            raise CardoddsError(f"sam position: {text!r} is not a legal move here (legal: "
                                f"{', '.join(legal_moves(position))})")
        ids.append(m)
    if not ids:
        raise CardoddsError("sam position: no moves to play out")
    return ids


def _salt(seed) -> int:
    if not isinstance(seed, (int, np.integer)) or isinstance(seed, bool) or not 0 <= seed < 2 ** 63:
        raise CardoddsError(f"sam position: seed must be a whole number from 0 to 2**63 - 1, not {seed!r}")
    return int(np.random.SeedSequence(int(seed)).generate_state(1, np.uint64)[0])


def _played(position: Position, view, hands: np.ndarray, moves: list, strategy, rng) -> dict:
    """Measure → (len(moves), worlds): ``moves`` (``[None]``: the players' own) each played in the dealt worlds."""
    worlds = hands.shape[1]
    st = rollout_state(view, hands, np.zeros(len(moves), np.int64), worlds)
    if strategy.needs_cards:  # a user's player: its views name the cards
        from cardodds.sim.sam.user_seat import world_cards

        st.cards = np.tile(world_cards(position, hands[0]), (len(moves), 1, 1))
    if position.declarer is not None:  # the expert's rollouts leave the Sâm out: it never searches in one
        st.declarer[:] = position.declarer
        st.sam_on[:] = position.sam_standing
        st.sam_failed[:] = not position.sam_standing
    first = None if moves[0] is None else np.repeat(np.array(moves, np.int64), worlds)
    res = play_from_state_auto(position.rules, st, [strategy] * position.players, rng=rng, first=first)
    shape = (len(moves), worlds)
    return {"win": (res.winner == position.seat).reshape(shape), "cuoc": res.pay[:, position.seat].reshape(shape),
            "sam": (res.outcome == SAM_SUCCESS).reshape(shape)}


def expert_moves(position: Position, expert: Expert) -> list[str]:
    """The moves ``expert`` searches here, in its order (its rollout policy's choice first): one move where it does
    not search (a single candidate, or a Sâm being played)."""
    view = view_of(position)
    legal = np.zeros((1, position.table.n), bool)
    legal[0, legal_ids(position)] = True
    may_pass = np.array([position.to_beat is not None])
    base = expert.policy.choose(view, legal, may_pass)
    if position.sam_on:
        return [move_text(position.table, int(base[0]))]
    cands = expert.candidates(view, np.arange(position.table.n)[None], legal, may_pass, base)[0]
    return [move_text(position.table, int(c)) for c in cands if c != -2]


def check_players(position: Position, players) -> None:
    """A one-line error unless ``players`` (a name or a table) is a Sâm player (one plays every seat)."""
    make_strategy(players, "sam position: players")


def play_out(position: Position, moves, players, worlds: int, seed: int, first_world: int = 0,
             like_expert: Expert | None = None) -> Outcomes:
    """Each of ``moves`` (None: the seat plays as ``players`` do, the odds) played out in worlds ``first_world ..
    first_world + worlds - 1``, every seat played by ``players``.

    World ``j`` deals the cards the seat cannot see to the opponents (each hand of its size), as the expert deals
    its worlds, keyed by what the seat sees and ``seed``: the same worlds for every move; a deal that gives an
    opponent a tới trắng, which would have ended the game at once, is dealt again
    (:func:`~cardodds.sim.sam.position_worlds.possible_worlds`).  With ``like_expert`` the worlds are that expert's
    own (not keyed by the seed, not conditioned: the expert deals them so), ``players`` is ignored for its rollout
    policy, and with ``worlds = expert.worlds``, ``first_world = 0`` and ``moves = expert_moves(position, expert)``
    the move of the highest mean cược (the first of equals) is the expert's decision here when its ``close_worlds``
    is 0 (a close decision's extra worlds are a second stage, not replayed here).  Only the deals depend on the world
    numbers alone: a randomised player's choices also depend on how the worlds are split between calls.

    Returns
    -------
    Outcomes
        ``win`` and ``cuoc`` per move and world, and ``sam`` while a declared Sâm stands.
    """
    if not isinstance(worlds, int) or isinstance(worlds, bool) or not 1 <= worlds <= 1 << 20:
        raise CardoddsError(f"sam position: worlds must be a whole number from 1 to {1 << 20}, not {worlds!r}")
    if not isinstance(first_world, int) or isinstance(first_world, bool) or first_world < 0:
        raise CardoddsError(f"sam position: first_world must be a whole number >= 0, not {first_world!r}")
    salt = _salt(seed)
    if like_expert is not None:
        strategy, salt = like_expert.policy, 0
        label = f"the expert's rollouts ({like_expert.rollout})"
    else:
        strategy = make_strategy(players, "sam position: players")
        registry = {cls: name for name, cls in STRATEGIES.items()}
        user = getattr(strategy, "user_seat", False)  # a user's player (cardodds.sim.sam.user_seat)
        label = strategy.label() if user else strategy_label(registry[type(strategy)], strategy)
    ids = [None] if moves is None else _move_ids(position, moves)
    view = view_of(position)
    rng = np.random.Generator(np.random.PCG64DXSM(np.random.SeedSequence(int(seed), spawn_key=(first_world,))))
    names = ("win", "cuoc", "sam") if position.sam_on else ("win", "cuoc")
    values = {k: np.zeros((len(ids), worlds)) for k in names}
    block = min(worlds, WORLDS_BLOCK)  # worlds dealt at once: memory stays bounded however many are asked
    for w in range(0, worlds, block):
        n = min(block, worlds - w)
        if like_expert is None:
            hands, _ = possible_worlds(position, view, n, first_world + w, salt, strategy.needs_cards)
        else:
            hands = deal_worlds(view, n, first_world + w, salt)
        step = max(1, MAX_ROLLOUTS // n)
        for lo in range(0, len(ids), step):
            part = ids[lo:lo + step]
            out = _played(position, view, hands, part, strategy, rng)
            for k in names:
                values[k][lo:lo + len(part), w:w + n] = out[k]
    texts = (f"as {label} plays",) if moves is None else tuple(move_text(position.table, m) for m in ids)
    return Outcomes(texts, values, False, first_world, label)
