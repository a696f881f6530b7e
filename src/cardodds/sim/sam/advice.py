"""What the ``bayes`` declarer weighs for one hand, for people: its decision, the Sâm's chance and value, the normal
game's value (the hand-odds page and ``odds sam`` show it)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from cardodds.sim.sam.batch import play_batch
from cardodds.sim.sam.declare import bayes_declare, estimate, normal_value, sam_value, screen
from cardodds.sim.sam.hand import move_table
from cardodds.sim.sam.rules import SamRules


def bayes_advice(counts, opponents: int, rules: SamRules, player) -> dict:
    """The ``bayes`` declarer ``player``'s decision for one hand of rank ``counts`` (13,), with what it weighs.

    ``declare`` is :func:`bayes_declare`'s own decision; beside it the estimate (:func:`estimate`, every plan
    searched), the Sâm's expected cược (:func:`sam_value`), the normal game's (:func:`normal_value`) and the margin.
    ``screened`` says whether the hand passed :func:`screen` (a hand that does not is never declared).
    """
    counts = np.asarray(counts, np.int64)
    est = estimate(counts, opponents, rules, player.samples)
    want, _ = bayes_declare(counts[None], opponents, rules, player, play_batch)
    table = move_table(rules)
    return {
        "declare": bool(want[0]),
        "p_success": est.success,
        "wins": est.wins,
        "n": est.n,
        "plan": [table.name(m) for m in est.plan],
        "sam_value": float(sam_value(est.success, opponents, rules.pay)),
        "normal_value": float(normal_value(counts[None], opponents, rules, replace(player, declare="never"),
                                           play_batch)[0]),
        "margin": float(player.margin),
        "screened": bool(screen(counts[None], opponents, rules)[0]),
    }
