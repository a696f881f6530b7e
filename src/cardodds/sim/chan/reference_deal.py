"""The deal tallies computed one table at a time in plain Python, from :mod:`cardodds.sim.chan.hand`.

This is the straightforward way to write the deal experiment: it states the metrics directly from the rules
(try every card for a wait, every discard for the cái) and is what the vectorised tallies are tested against and
benchmarked against.
"""

from __future__ import annotations

import random

import numpy as np

from cardodds.sim.chan.cards import CHI_CHI, COPIES, DECK_SIZE, N_KINDS
from cardodds.sim.chan.deal import seat_slices
from cardodds.sim.chan.deal_metrics import empty_counts
from cardodds.sim.chan.hand import (
    BACH_THU,
    BACH_THU_CHI,
    U_RONG,
    best_discards,
    leo_count,
    red_count,
    split_hand,
    thien_khai_count,
    thien_u_type,
    tom_count,
    waits,
)


def _counts(cards) -> list[int]:
    counts = [0] * N_KINDS
    for card in cards:
        counts[card // COPIES] += 1
    return counts


def count_table(order, cai_seat: int, counts: dict[str, np.ndarray]) -> None:
    """Add one dealt table (a sequence of 100 card ids in deal order) to the tallies."""
    counts["games"] += 1
    anyone = False
    for seat, sl in enumerate(seat_slices(cai_seat)):
        hand = _counts(order[sl])
        red = red_count(hand)
        if seat == cai_seat:
            kind = thien_u_type(hand)
            if kind is not None:
                counts["thien_u"] += 1
                counts["thien_u.bach_thu"] += kind == BACH_THU
                anyone = True
            elif best_discards(hand):
                counts["waiting"][seat] += 1
                anyone = True
            n_waits = 0
        else:
            found = waits(hand)
            types = set(found.values())
            n_waits = len(found)
            if found:
                anyone = True
                counts["waiting"][seat] += 1
                counts["waiting.bach_thu"][seat] += BACH_THU in types
                counts["waiting.bach_thu_chi"][seat] += BACH_THU_CHI in types
                counts["waiting.u_rong"][seat] += U_RONG in types
        counts["kinh_tu_chi"][seat] += red == 4 and hand[CHI_CHI] == 4
        values = {
            "chan_count": len(split_hand(hand).chan),
            "red": red,
            "thien_khai": thien_khai_count(hand),
            "leo": leo_count(hand),
            "tom": tom_count(hand),
            "wait_kinds": n_waits,
        }
        for name, value in values.items():
            counts[f"hist.{name}"][seat, value] += 1
    counts["any_waiting"] += anyone


def reference_counts(orders, cai_seat: int = 0) -> dict[str, np.ndarray]:
    """Tallies of the given dealt tables, one table at a time."""
    counts = empty_counts()
    for order in orders:
        count_table([int(c) for c in order], cai_seat, counts)
    return counts


def reference_deal(rng: random.Random, n: int, cai_seat: int = 0) -> dict[str, np.ndarray]:
    """Deal ``n`` tables with Python's shuffle and tally them: the per-table loop of the benchmark."""
    counts = empty_counts()
    deck = list(range(DECK_SIZE))
    for _ in range(n):
        rng.shuffle(deck)
        count_table(deck, cai_seat, counts)
    return counts
