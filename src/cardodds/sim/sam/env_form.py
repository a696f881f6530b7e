"""Sâm as learning code reads it (:mod:`cardodds.sim.turns`, :mod:`cardodds.envs`): one game's payoffs, every move
as an action, and a seat's view as one vector.

Payoffs: the game's payments in cược (tới trắng, thối 2, cóng, đền, a Sâm won or failed); they add up to zero.
"""

from __future__ import annotations

import functools

import numpy as np

from cardodds.sim.env_arrays import by_seat, counts, joined, one_hot, seat_from
from cardodds.sim.game_state import play_out
from cardodds.sim.sam.cards import HAND_SIZE, N_RANKS
from cardodds.sim.sam.game_state import deal
from cardodds.sim.sam.hand import STRAIGHT, move_table
from cardodds.sim.sam.position_state import PASS_TEXT, move_text
from cardodds.sim.sam.rules import SamRules

DECK = 52
CHAIN_VALUE_SCALE = 64
"""Cược that make a chặt chain's value 1 in the vector (a longer chain is clipped to 1)."""


def play(seed: int, rules, strategies) -> list[float]:
    """Each seat's payoff in the game ``cardodds replay sam --seed seed`` deals, played by ``strategies``
    (:func:`cardodds.sim.sam.game_state.deal` played out)."""
    return play_out(deal(seed, rules, list(strategies)))


def actions(rules) -> list[str]:
    """Every play of the rules' move table, as ``legal_moves`` spells it, then ``pass``."""
    table = move_table(rules)
    return [move_text(table, m) for m in range(table.n)] + [PASS_TEXT]


def observation_size(rules) -> int:
    """The length of :func:`observe`'s vector under ``rules`` (where its last part ends)."""
    return observation_slices(rules.players)[OBSERVATION_PARTS[-1]].stop


OBSERVATION_PARTS = ("hand", "played", "counts", "to_beat", "by", "passed", "declarer", "chain", "den", "bao_1")
"""The parts of :func:`observe`'s vector in order (its docstring says what each holds)."""


def observation_slices(players: int) -> dict[str, slice]:
    """Where each of :data:`OBSERVATION_PARTS` lies in the vector: ``hand`` one value per card id, ``played`` one such
    run per seat (from the observer's), ``to_beat`` the 13 rank counts then straight? and free lead?, a seat part one
    value per seat (``declarer`` and ``den`` one more: none), ``chain`` (on?, links, value), ``bao_1`` one value."""
    P = players
    widths = (DECK, P * DECK, P, N_RANKS + 2, P, P, P + 1, 3, P + 1, 1)
    ends = np.cumsum(widths)
    return {name: slice(int(end - w), int(end)) for name, w, end in zip(OBSERVATION_PARTS, widths, ends)}


def batch_slices(observations, masks=None) -> dict[str, slice]:
    """:func:`observation_slices` for the arrays a player's ``decide_batch`` gets (the players read from the
    observations' width; ``masks`` is not needed, taken as Tấn's ``batch_slices`` takes it)."""
    return observation_slices((observations.shape[1] - DECK - N_RANKS - 6) // (DECK + 5))


def batch_moves(masks) -> dict[str, np.ndarray]:
    """What each action of a player's ``decide_batch`` masks is, one row an action (``pass`` last: no cards):
    ``need`` (A, 13) its rank counts (3 … A, 2), ``length`` the cards played, ``two`` it holds a 2, ``straight`` it is
    a straight.  The rules' straights are read from the masks' width."""
    table = _tables_by_width()[masks.shape[1]]
    return {"need": np.vstack([table.need, np.zeros(N_RANKS, table.need.dtype)]),
            "length": np.append(table.length, 0), "two": np.append(table.has_two, False),
            "straight": np.append(table.kind == STRAIGHT, False)}


@functools.lru_cache(maxsize=1)
def _tables_by_width() -> dict:
    """The move table of each ``straights`` option by its actions' count (they differ)."""
    tables = [move_table(SamRules(straights=s)) for s in ("a23_to_qka", "3_to_a")]
    return {t.n + 1: t for t in tables}


def observe(p) -> np.ndarray:
    """The seat's view as a vector in [0, 1]: own hand and each seat's played cards (card vectors, seats from the
    observer on), cards left per seat, the play to beat (its rank counts, a straight?, none?), who made it, who has
    passed, the Sâm declarer (or none) and whether it stands, the chặt chain (on?, links, value), who owes a đền (or
    none) and whether a seat has one card left (báo 1) — seats counted from the observer."""
    P, me, table = p.rules.players, p.seat, p.table
    index = {c: c for c in range(DECK)}
    beat = np.zeros(N_RANKS + 2, np.float32)
    if p.to_beat is None:
        beat[-1] = 1.0
    else:
        beat[:N_RANKS] = table.need[p.to_beat] / 4.0
        beat[N_RANKS] = float(table.kind[p.to_beat] == STRAIGHT)
    chain = [0.0, 0.0, 0.0] if p.chain is None else [1.0, min(p.chain[0], P) / P,
                                                       min(p.chain[1], CHAIN_VALUE_SCALE) / CHAIN_VALUE_SCALE]
    passed = np.zeros(P, np.float32)
    for s in p.passed:
        passed[seat_from(s, me, P)] = 1.0
    declarer = seat_from(p.declarer, me, P)
    den = seat_from(p.den[0], me, P) if p.den else None
    return joined([counts(p.hand, index), *[counts(c, index) for c in by_seat(p.played, me)],
                   np.array(by_seat(p.counts, me)) / HAND_SIZE, beat, one_hot(seat_from(p.by, me, P), P), passed,
                   one_hot(P if declarer is None else declarer, P + 1), chain,
                   one_hot(P if den is None else den, P + 1), [float(1 in p.counts)]])
