"""What one Chắn hand is worth (``cardodds odds chan``): its split, whether it wins, its waits and their odds, and
with a seat its chance to win the game from the deal and its expected points this game.

The chance is simulated with the chosen strategy at that seat and basic players at the others: the other cards are
dealt around the hand at random and every game is played by the compiled engine when it is chosen
(:func:`cardodds.sim.chan.compiled.play_batch_auto`), else by the numpy batch engine (the same games).  The text is
:mod:`cardodds.sim.chan.hand_odds_text`.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from cardodds.sim.chan.cards import COPIES, DECK_SIZE, N_KINDS, format_hand, kind_code, kind_name, parse_hand
from cardodds.sim.chan.compiled import play_batch_auto
from cardodds.sim.chan.hand import BACH_THU, best_discards, split_hand, thien_u_type
from cardodds.sim.chan.rules import ChanRules
from cardodds.sim.chan.scorer import cuoc_of, describe, hand_win_record, points, thien_u_record
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


def _waits_of(counts19, rules: ChanRules) -> list[dict]:
    """Each waiting card with its cước as the game scores the win, on another player's draw and on one's own (chì)."""
    unseen = DECK_SIZE - int(sum(counts19))
    result = []
    for kind in range(N_KINDS):
        record = hand_win_record(counts19, kind)
        if record is None:
            continue
        other = cuoc_of(record, rules)
        own = cuoc_of(dataclasses.replace(record, chi=True), rules)
        result.append(
            {
                "card": kind_code(kind),
                "name": kind_name(kind),
                "win_type": record.win_type,
                "how": record.how,
                "outs": COPIES - int(counts19[kind]),
                "cuoc": describe(other),
                "points": points(other, rules),
                "cuoc_chi": describe(own),
                "points_chi": points(own, rules),
            }
        )
    outs = sum(w["outs"] for w in result)
    return result, outs, unseen


def win_chance(hand: str, seat: int, games: int = 20_000, seed: int = 1, rules: ChanRules | None = None,
               strategy="basic", progress: bool | None = None, on_batch=None) -> dict:
    """The chance that ``hand``, dealt to ``seat``, wins the game, and its expected points this game (simulated).

    The hand is fixed at ``seat`` (20 cards at the cái's seat, else 19); the other cards are dealt uniformly at
    random to the other seats and the nọc, and every game is played to the end by the batch engine with ``strategy``
    (a name or a table with knobs; ``basic`` by default) at ``seat`` and ``basic`` players at the others.  The games
    are played in batches (:func:`cardodds.sim.odds_batches.batches`), each dealt from the DEAL stream of its own
    chunk seed of ``seed``.  ``on_batch``, if given, is called after each batch but the last with the result so far
    (the same keys, over the games played yet); it may raise to stop the run (``cardodds serve`` streams and cancels
    this way).

    Returns the win chance with its 95 % Wilson interval, ``points_game`` — the seat's mean net points a game, as the
    ``chan.play`` task counts them (a win takes its points from each of the three others, a loss pays the winner's
    points, a draw nothing) — with its normal 95 % interval, and ``points_win``, the mean points of its wins.
    """
    from cardodds.sim.arguments import check_games
    from cardodds.sim.errors import CardoddsError
    from cardodds.sim.odds_batches import batches

    rules = rules or ChanRules()
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < PLAYERS:
        raise CardoddsError(f"--seat must be 0..{PLAYERS - 1} for Chắn, not {seat}")
    check_games(games)
    players = table_players(strategy, seat)
    size = 20 if seat == rules.cai_seat else 19
    counts = parse_hand(hand, sizes=(19, 20))
    if int(counts.sum()) != size:
        who = "the cái's seat" if size == 20 else f"seat {seat} (not the cái, seat {rules.cai_seat})"
        raise CardoddsError(f"a hand at {who} has {size} cards, this one has {int(counts.sum())}")
    tally = dict(played=0, wins=0, draws=0, win_points=0, net_sum=0, net_sq=0)
    for seed_seq, n in batches(games, seed, desc="odds chan", progress=progress):
        for key, value in play_fixed_hand(rules, counts, seat, players, seed_seq, n).items():
            tally[key] += value
        tally["played"] += n
        if on_batch is not None and tally["played"] < games:
            on_batch(_win_chance_result(seat, players[seat].name, seed, tally))
    return _win_chance_result(seat, players[seat].name, seed, tally)


def _win_chance_result(seat: int, strategy: str, seed: int, t: dict) -> dict:
    from cardodds.sim.intervals import mean_interval, wilson

    games, wins = t["played"], t["wins"]
    low, high = wilson(wins, games)
    points_game, points_low, points_high = mean_interval(t["net_sum"], t["net_sq"], games)
    return {"seat": seat, "strategy": strategy, "games": games, "seed": seed, "wins": wins,
            "p_win": wins / games, "ci_low": float(low), "ci_high": float(high), "p_draw": t["draws"] / games,
            "points_game": points_game, "points_ci_low": points_low, "points_ci_high": points_high,
            "points_win": t["win_points"] / wins if wins else None}


def cli_seat(hand: str, seat: int | None, rules: ChanRules | None = None) -> int:
    """The seat the command simulates: ``--seat`` if given, else the cái's seat for 20 cards and the next seat for 19."""
    if seat is not None:
        return seat
    rules = rules or ChanRules()
    if int(parse_hand(hand, sizes=(19, 20)).sum()) == 20:
        return rules.cai_seat
    return (rules.cai_seat + 1) % 4


def odds_chan(hand: str, rules: ChanRules | None = None, seat: int | None = None, games: int = 20_000,
              seed: int = 1, progress: bool | None = None, strategy="basic") -> dict:
    """Everything the command reports about a 19- or 20-card hand (JSON-serialisable).

    The chance that the next nọc card completes a 19-card hand is exact: from the holder's view, the next card is
    equally likely to be any of the cards they cannot see.  With ``seat``, ``result["win_chance"]`` is
    :func:`win_chance` of the hand at that seat (``games`` simulated games, ``seed``, ``strategy`` at the seat).
    """
    rules = rules or ChanRules()
    counts = parse_hand(hand, sizes=(19, 20))
    split = split_hand(counts)
    result = {
        "hand": format_hand(counts),
        "cards": int(counts.sum()),
        "split": split.describe(),
        "chan": len(split.chan),
        "ca": len(split.ca),
    }
    if result["cards"] == 20:
        kind = thien_u_type(counts)
        result["win"] = kind is not None
        if kind is not None:
            cuoc = cuoc_of(thien_u_record(rules.cai_seat, counts), rules)
            result["win_type"] = "thien_u" + (".bach_thu" if kind == BACH_THU else "")
            result["cuoc"] = describe(cuoc)
            result["points"] = points(cuoc, rules)
        result["discards"] = [
            {"discard": kind_code(d), "waits": [kind_code(k) for k in w], "win_types": sorted(set(w.values()))}
            for d, w in best_discards(counts).items()
        ]
    else:
        found, outs, unseen = _waits_of(counts, rules)
        result.update(win=False, waits=found, outs=outs, unseen=unseen, p_next_card=outs / unseen)
    if seat is not None:
        result["win_chance"] = win_chance(hand, seat, games, seed, rules, strategy=strategy, progress=progress)
    return result


def hand_known(hand: str, **fields) -> dict:
    """What is known of ``hand`` without simulating (the page shows it first): :func:`odds_chan` without a seat."""
    return odds_chan(hand)


def hand_answer(hand: str, seat: int | None = None, strategy="basic", games: int = 20_000, seed: int = 1,
                progress: bool | None = None, on_batch=None) -> dict:
    """The answer of ``cardodds odds chan``: :func:`odds_chan` with its win chance at ``seat`` (default
    :func:`cli_seat`); ``on_batch`` is given the whole answer so far after each batch but the last."""
    known = hand_known(hand)
    at = cli_seat(hand, seat)

    def whole(partial: dict) -> dict:
        return {**known, "win_chance": partial}

    return whole(win_chance(hand, at, games, seed, strategy=strategy, progress=progress,
                            on_batch=None if on_batch is None else (lambda partial: on_batch(whole(partial)))))
