"""The batch form of a Sâm user player (:mod:`cardodds.sim.user_batch`): the arrays of a Sâm engine's view.

``observations`` rows are ``env_form.observe(position)``; ``masks`` mark the legal actions of
``env_form.actions(rules)`` (each move of the rules' move table, then ``pass``).  Every engine asks it through a
user seat's ``choose`` (:mod:`cardodds.sim.sam.user_seat`): the batch engine with every game where the seat decides,
the reference engine (replays, ``advise`` play-outs) with its one game.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable

import numpy as np

from cardodds.sim.sam import env_batch
from cardodds.sim.sam.env_form import actions
from cardodds.sim.user_batch import BatchRows, asked

_actions = functools.lru_cache(maxsize=16)(actions)


def decide_rows(player, view, legal: np.ndarray, may_pass: np.ndarray, rows: np.ndarray, rng,
                position_json: Callable[[int], dict]) -> np.ndarray:
    """The engine's moves (a move id, or ``PASS``) of rows ``rows`` of ``view`` (``legal``, ``may_pass``: a strategy's
    ``choose`` arguments), decided by ``player.decide_batch`` in one call; ``rng`` the engine's generator (None: one
    seeded from the call's arrays, :func:`arrays_rng`); ``position_json(row)`` a row's position JSON (for a message)."""
    observations = env_batch.observations(view, rows)
    masks = env_batch.legal_masks(legal, may_pass, rows)
    names = _actions(view.rules)
    lead = view.current[rows] == view.table.LEAD
    batch = BatchRows(game="sam", seats=view.actor[rows], decisions=np.where(lead, "lead", "beat"),
                      position_json=lambda i: position_json(int(rows[i])),
                      legal_text=lambda i: [names[a] for a in np.flatnonzero(masks[i])], action_names=names)
    answer = asked(player, observations, masks, arrays_rng(observations, masks) if rng is None else rng, batch)
    return env_batch.moves(answer, view.table.n)


def arrays_rng(observations: np.ndarray, masks: np.ndarray) -> np.random.Generator:
    """A generator seeded from a call's arrays (what the deciding seats see): where an engine passes none."""
    digest = hashlib.sha256(observations.tobytes() + masks.tobytes()).digest()
    return np.random.default_rng(np.frombuffer(digest, np.uint32))
