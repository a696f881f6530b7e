"""A fixed Chắn hand played out: the other cards dealt around it at random, every game played by the compiled engine
when it is chosen (:func:`cardodds.sim.chan.compiled.play_batch_auto`), else by the numpy batch engine (the same
games).

The estimates and the text of ``cardodds odds chan`` are :mod:`cardodds.analysis.odds_chan`; here are the deals and
the games of one batch.
"""

from __future__ import annotations

import numpy as np

from cardodds.sim.chan.cards import COPIES, DECK_SIZE
from cardodds.sim.chan.compiled import play_batch_auto
from cardodds.sim.chan.rules import ChanRules
from cardodds.sim.streams import DEAL, stream

PLAYERS = 4


def fixed_hand_orders(counts, seat: int, cai: int, rng: np.random.Generator, n: int) -> np.ndarray:
    """``n`` deal orders (100 card ids) with the hand ``counts`` at ``seat`` and the other cards dealt uniformly."""
    from cardodds.sim.chan.deal import seat_slices

    ids = np.arange(DECK_SIZE)
    copy = ids % COPIES
    held = copy < np.asarray(counts)[ids // COPIES]  # the hand takes the first copies of each kind
    positions = np.zeros(DECK_SIZE, dtype=bool)
    positions[seat_slices(cai)[seat]] = True
    orders = np.empty((n, DECK_SIZE), dtype=np.uint8)
    orders[:, positions] = ids[held]
    orders[:, ~positions] = rng.permuted(np.broadcast_to(ids[~held], (n, int((~held).sum()))), axis=1)
    return orders


def table_players(strategy, seat: int) -> tuple:
    """``strategy`` (a name or table) at ``seat``, ``basic`` at the other seats; only players the batch engine plays.

    A bad one is a ``CardoddsError`` naming the argument as its caller gave it (``--strategy``, or ``strategy`` from
    the Python API: :func:`cardodds.sim.arguments.option`).
    """
    from cardodds.sim.arguments import option
    from cardodds.sim.chan.batch import batch_supports
    from cardodds.sim.chan.players import make_strategy, seat_strategies
    from cardodds.sim.errors import CardoddsError

    where = option("strategy")
    player = make_strategy(strategy, where)
    players = list(seat_strategies("basic", PLAYERS))
    players[seat] = player
    if not batch_supports(players, ChanRules()) or player.searches:  # a search: minutes, not seconds
        raise CardoddsError(f"{where}: odds chan simulates basic, heuristic, cuoc or tuned players, not {player.name!r}")
    return tuple(players)


def play_fixed_hand(rules: ChanRules, counts, seat: int, players: tuple, seed_seq, n: int) -> dict:
    """Deal ``n`` games around the hand ``counts`` at ``seat`` (from the DEAL stream of ``seed_seq``), play them out.

    Returns
    -------
    dict
        The seat's counts over the games: ``wins``, ``draws``, ``win_points`` (the points of its wins) and ``net_sum``,
        ``net_sq`` — the sum and sum of squares of its net points a game, as the ``chan.play`` task counts them (a win
        takes its points from each of the three others, a loss pays the winner's points, a draw nothing).
    """
    orders = fixed_hand_orders(counts, seat, rules.cai_seat, stream(seed_seq, DEAL), n)
    res = play_batch_auto(rules, orders, players)
    won = res.winner == seat
    pts = res.points.astype(np.int64)
    net = np.where(won, (PLAYERS - 1) * pts, np.where(res.winner >= 0, -pts, 0))
    return {"wins": int(won.sum()), "draws": int(res.draw.sum()), "win_points": int(pts[won].sum()),
            "net_sum": int(net.sum()), "net_sq": int((net * net).sum())}
