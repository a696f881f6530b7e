"""The batch form of a Chắn user player (:mod:`cardodds.sim.user_batch`): the arrays of Chắn's batch engine.

On the batch engine (:class:`~cardodds.sim.chan.user_rows.UserState`) a player that defines ``decide_batch`` is
asked once per engine question for every row where its seat decides with more than one legal move:
``observations`` row ``i`` is ``env_form.observe`` of row ``i``'s position, built from the engine's arrays for all the
rows at once; ``masks`` mark the legal actions of ``env_form.actions(rules)`` (each card, each ``ca <card>``, then
``chan``, ``u``, ``chiu``, ``draw``, ``pass``, ``hoa``, ``skip``).  The call's generator is seeded from the deciding
games' deal keys, moves and seats (:func:`call_rng`).  Elsewhere (the reference engine: replays, play-outs, series)
``decide`` is asked; a player that defines only ``decide_batch`` is asked there as a batch of one
(:func:`decide_position`), with that decision's own generator.
"""

from __future__ import annotations

import numpy as np

from cardodds.sim.chan.arrays import ACT_CA, ACT_CHAN, ACT_CHIU, ACT_NONE, OTHER_Y, U32, P
from cardodds.sim.chan.cards import COPIES, N_KINDS
from cardodds.sim.chan.deal import NOC_SIZE
from cardodds.sim.chan.env_form import WORDS, actions, observe
from cardodds.sim.chan.position_json import to_json
from cardodds.sim.chan.position_state import DECISIONS, SOURCES, legal_moves
from cardodds.sim.user_batch import BatchRows, asked

WORD = {w: 2 * N_KINDS + i for i, w in enumerate(WORDS)}
"""The action index of each move that is not a card."""
CA0 = N_KINDS
"""The action index of ``ca <card 0>``."""
_KINDS = np.arange(N_KINDS)


def _bits(bits: np.ndarray) -> np.ndarray:
    """25-bit sets ``(M,)`` as ``(M, 25)`` 0/1."""
    return ((bits.astype(np.int64)[:, None] >> _KINDS) & 1).astype(np.float32)


def _one_hot(index: np.ndarray, size: int) -> np.ndarray:
    """``(M, size)`` rows with a 1 at ``index`` (none where ``index`` is negative)."""
    out = np.zeros((index.shape[0], size), np.float32)
    hit = index >= 0
    out[np.flatnonzero(hit), index[hit]] = 1.0
    return out


def observations(st, g: np.ndarray, s: np.ndarray, kind: np.ndarray) -> np.ndarray:
    """``env_form.observe`` of the positions of rows ``g`` (seats ``s``, decision indices ``kind``), ``(M, size)``."""
    order = (s[:, None] + np.arange(P)) % P  # the seats from the observer on
    gg = g[:, None]
    mats = st.mat[gg, order] - 2 * ((st.chiu_bits[gg, order].astype(np.int64)[..., None] >> _KINDS) & 1)
    on_card = kind != DECISIONS.index("discard")
    rel = lambda seat: np.where(on_card, (seat - s) % P, -1)  # noqa: E731
    parts = [st.hand[g, s] / COPIES, st.table[g] / COPIES, mats.reshape(g.size, P * N_KINDS) / COPIES,
             st.disc_count[gg, order].reshape(g.size, P * N_KINDS) / COPIES,
             *[_bits(d[g, s]) / COPIES for d in (st.dec_any, st.dec_chan, st.dec_ca_with)],
             _one_hot(np.where(on_card, st.card[g], -1), N_KINDS), st.passed[gg, order],
             ((st.noc.shape[1] - st.pos[g]) / NOC_SIZE)[:, None], _one_hot(kind, len(DECISIONS)),
             _one_hot(np.where(on_card, st.source[g], len(SOURCES)), len(SOURCES) + 1),
             _one_hot(np.where(on_card, 1 - st.slot_draw[g], 2), 3),
             _one_hot(np.where(on_card, rel(st.owner[g]), P), P + 1),
             _one_hot(np.where(on_card, rel(st.decider[g]), P), P + 1)]
    return np.concatenate([np.asarray(p, np.float32) for p in parts], axis=1)


def legal_masks(st, g: np.ndarray, method: str, options: dict) -> np.ndarray:
    """The legal actions of rows ``g`` of one engine question, ``(M, len(actions))`` int8."""
    M = g.size
    masks = np.zeros((M, 2 * N_KINDS + len(WORDS)), np.int8)
    if method == "chiu_batch":
        masks[:, [WORD["chiu"], WORD["skip"]]] = 1
    elif method == "discard_batch":
        masks[:, :N_KINDS] = _bits(options["legal"])
    else:
        rows, card = np.arange(M), st.card[g]
        masks[:, WORD["chiu"]], masks[:, WORD["chan"]] = options["chiu"], options["chan"]
        for j in range(2):
            masks[rows, CA0 + OTHER_Y[card, j]] |= options["ca"][:, j]
        last = np.where(st.slot_draw[g], WORD["pass"], np.where(st.pos[g] < st.noc.shape[1], WORD["draw"], WORD["hoa"]))
        masks[rows, last] = 1
    return masks


def codes(st, g: np.ndarray, method: str, answer: np.ndarray) -> np.ndarray:
    """The engine's codes of the actions ``answer`` at rows ``g`` (see :mod:`cardodds.sim.chan.batch`)."""
    if method == "chiu_batch":
        return answer == WORD["chiu"]
    if method == "discard_batch":
        return answer
    ca = np.where(OTHER_Y[st.card[g], 0] == answer - CA0, ACT_CA, ACT_CA + 1)
    return np.where(answer == WORD["chiu"], ACT_CHIU, np.where(answer == WORD["chan"], ACT_CHAN,
                                                              np.where(answer < WORD["chan"], ca, ACT_NONE)))


def call_rng(st, g: np.ndarray, s: np.ndarray, kind: int) -> np.random.Generator:
    """The generator of one ``decide_batch`` call: a function of the deciding games' deals, moves and seats."""
    mixed = st.key[g] ^ (st.moves[g].astype(np.uint64) << np.uint64(8) | s.astype(np.uint64)) * np.uint64(
        0x9E3779B97F4A7C15)
    return np.random.Generator(np.random.PCG64([int(np.bitwise_xor.reduce(mixed)), g.size, kind]))


def decide_rows(player, st, method: str, g: np.ndarray, s: np.ndarray, kind: np.ndarray, options: dict,
                position_of) -> np.ndarray:
    """The engine's codes ``player.decide_batch`` chooses at rows ``g`` (``position_of(i)``: row ``i``'s position,
    built only for a message)."""
    masks = legal_masks(st, g, method, options)
    rows = BatchRows(game="chan", seats=s, decisions=np.asarray(DECISIONS)[kind],
                     position_json=lambda i: to_json(position_of(i)),
                     legal_text=lambda i: legal_moves(position_of(i)), action_names=actions(st.rules))
    answer = asked(player, observations(st, g, s, kind), masks, call_rng(st, g, s, int(kind[0])), rows)
    return codes(st, g, method, answer)


def decide_position(player, position, rng) -> str:
    """The move ``player.decide_batch`` makes at ``position``, asked as a batch of one, spelled as ``legal_moves``
    spells it (the scalar form of a player that defines only the batch form)."""
    names = actions(position.rules)
    legal = set(legal_moves(position))
    masks = np.array([[a in legal for a in names]], dtype=np.int8)
    rows = BatchRows(game="chan", seats=[position.seat], decisions=[position.decision],
                     position_json=lambda i: to_json(position), legal_text=lambda i: legal_moves(position),
                     action_names=names)
    return names[int(asked(player, observe(position)[None], masks, rng, rows)[0])]


def forced(method: str, options: dict) -> np.ndarray:
    """Which rows of an engine question have one legal move only (never asked)."""
    if method == "chiu_batch":
        return np.zeros(options["card"].shape[0], dtype=bool)
    if method == "discard_batch":
        legal = options["legal"]
        return (legal & (legal - U32(1))) == 0
    return ~(options["chiu"] | options["chan"] | options["ca"].any(axis=1))


def forced_codes(method: str, options: dict) -> np.ndarray:
    """The engine's codes of forced rows (:func:`forced`): the one legal discard, or no ăn (bốc, dưới or hòa)."""
    if method == "discard_batch":
        return np.log2(options["legal"].astype(np.float64)).astype(np.int64)
    return np.full(next(iter(options.values())).shape[0], ACT_NONE)

