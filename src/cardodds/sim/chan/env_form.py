"""Chắn as learning code reads it (:mod:`cardodds.sim.turns`, :mod:`cardodds.envs`): one game's payoffs, every move
as an action, and a seat's view as one vector.

Payoffs: as the ``chan.play`` task's ``points.game`` counts them: the winner takes the hand's points from each of the
three others (+3 p, −p each); a drawn game (hòa) pays nothing.
"""

from __future__ import annotations

import numpy as np

from cardodds.sim.chan.cards import COPIES, N_KINDS, kind_code
from cardodds.sim.chan.deal import NOC_SIZE
from cardodds.sim.chan.position_state import DECISIONS, SOURCES
from cardodds.sim.env_arrays import by_seat, counts, joined, one_hot, seat_from

SEATS = 4
SLOTS = ("draw", "offer")
WORDS = ("chan", "u", "chiu", "draw", "pass", "hoa", "skip")
"""The moves that are not a card: ăn chắn, ù, chíu, bốc, dưới, hòa, let a chíu go."""
KINDS = {k: k for k in range(N_KINDS)}


def play(seed: int, rules, strategies) -> list[float]:
    """Each seat's payoff in the game ``cardodds replay chan --seed seed`` deals, played by ``strategies``
    (:func:`cardodds.sim.chan.game_state.deal` played out)."""
    from cardodds.sim.chan.game_state import deal  # it imports the user seat, which imports this module
    from cardodds.sim.game_state import play_out

    return play_out(deal(seed, rules, list(strategies)))


def actions(rules) -> list[str]:
    """Every move a Chắn seat can make, as ``legal_moves`` spells it: a card (đánh, trả cửa), ``ca <card>``, then
    the moves that are not a card."""
    cards = [kind_code(k) for k in range(N_KINDS)]
    return cards + [f"ca {c}" for c in cards] + list(WORDS)


OBSERVATION_PARTS = ("hand", "table", "mats", "discards", "declined", "card", "acted", "noc", "decision", "source",
                     "slot", "owner", "decider")
"""The parts of :func:`observe`'s vector, in order (:func:`observation_slices`)."""


def observation_slices() -> dict[str, slice]:
    """Where each of :data:`OBSERVATION_PARTS` lies in the vector: a card part has one value per kind
    (``actions(rules)``'s first 25), ``mats`` and ``discards`` one such run per seat (from the observer's),
    ``declined`` three (any ăn, chắn, cạ-with let go), ``acted`` one value per seat, the last four a one-hot with a
    last place for none."""
    K, P = N_KINDS, SEATS
    widths = (K, K, P * K, P * K, 3 * K, K, P, 1, len(DECISIONS), len(SOURCES) + 1, len(SLOTS) + 1, P + 1, P + 1)
    ends = np.cumsum(widths)
    return {name: slice(int(end - w), int(end)) for name, w, end in zip(OBSERVATION_PARTS, widths, ends)}


def observation_size(rules) -> int:
    """The length of :func:`observe`'s vector: where :func:`observation_slices`' last part ends."""
    return observation_slices()[OBSERVATION_PARTS[-1]].stop


def observe(p) -> np.ndarray:
    """The seat's view as a vector in [0, 1] (its parts: :func:`observation_slices`): own hand and the face-up cards
    (card counts over 4 copies), each seat's mat and discards (seats from the observer on), own let-go cards (fouls
    7–10), the card in play, whether each seat has had its first turn, the nọc left, the decision, where the card came
    from, its slot, who put it there and who decides on it (or none)."""
    me = p.seat
    mats = [counts([c for m in ms for c in m[1:]], KINDS, COPIES) for ms in by_seat(p.melds, me)]
    discards = [counts(d, KINDS, COPIES) for d in by_seat(p.discards, me)]
    owner, decider = seat_from(p.owner, me, SEATS), seat_from(p.decider, me, SEATS)
    return joined([np.array(p.hand) / COPIES, np.array(p.table) / COPIES, *mats, *discards,
                   *[counts(d, KINDS) / COPIES for d in p.declined], one_hot(p.card, N_KINDS),
                   np.array(by_seat(p.acted, me), float), [p.noc / NOC_SIZE], one_hot(DECISIONS.index(p.decision),
                                                                                         len(DECISIONS)),
                   _choice(p.source, SOURCES), _choice(p.slot, SLOTS), _choice(owner, range(SEATS)),
                   _choice(decider, range(SEATS))])


def _choice(value, options) -> np.ndarray:
    """One-hot over ``options`` plus a last place for None."""
    options = list(options)
    return one_hot(len(options) if value is None else options.index(value), len(options) + 1)
