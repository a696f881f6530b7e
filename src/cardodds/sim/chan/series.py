"""Series play of Chắn (``[rules] series_length = N``): N games in a row at the same table, so that Thông can happen.

Readings of the seeds (stated in docs/rules.md §1.11, readings C20–C21):

- Thông (seeds 000, 001): the winner of the previous game calls Thông when they win this one, if their previous win
  was correct and paid: declared right (no xướng sai) and no foul of theirs in that game (seed 000: "nghỉ ăn tiền
  không được hô thông", every penalised case loses it).  A draw (hòa), an ù láo or a bỏ ù leave no Thông (seed 001).
  With ``thong_after_treo_tranh`` (seed 001, "hoặc ván trước treo tranh") a win whose only fouls of the winner are
  nghỉ ăn tiền ones (fouls 1–3, the class seed 000 calls "treo tranh trái vỉ") still carries Thông.  Fouls of other
  players do not matter.
- Who deals: the seeds only say how the *first* cái is chosen (bốc cái, seed 001).  At the table the winner of a
  game becomes the cái of the next ("ù thì được cái"), which is also what makes Thông and Thiên ù interact; after a
  draw or an ù láo the cái stays.  The first game's cái is ``rules.cai_seat``.
- Each game of a series takes the next deal order of the chunk's DEAL stream; the strategies' PLAY stream runs on.
- The simulator's players never foul (the move generator lists no foul) and never declare cước (the scorer's are
  theirs), so in simulation every win carries Thông; the foul check (a replay) is only needed for recorded or
  hand-played games and is skipped when ``check_fouls`` is false.

:func:`play_series` is the reference (one game at a time); :func:`play_series_batch` plays many series at once with
the batch engine and agrees with it game for game (``tests/chan/test_chan_series.py``).
"""

from __future__ import annotations

import dataclasses

import numpy as np

from cardodds.sim.chan.fouls import keeps_thong
from cardodds.sim.chan.reference import ChanGame, play_game
from cardodds.sim.chan.rules import ChanRules


def game_fouls(game: ChanGame) -> list:
    """Every foul of a finished reference game (its move log carries who may call Thông)."""
    from cardodds.sim.chan.movelog import game_log
    from cardodds.sim.chan.replay import check_game_log

    return check_game_log(game_log(game))[0]


def thong_seat_after(game: ChanGame, rules: ChanRules, fouls=None) -> int | None:
    """The seat that may call Thông in the next game (None: nobody).

    ``fouls``: the game's fouls (:class:`cardodds.sim.chan.fouls.Foul` list) when known, else they are found by replaying it.
    """
    if game.winner is None or any(s == game.winner for _, s in game.missed_wins):
        return None
    if fouls is None:
        fouls = game_fouls(game)
    return game.winner if keeps_thong([f.code for f in fouls if f.seat == game.winner], rules) else None


def next_cai(game: ChanGame, cai: int) -> int:
    """The next game's cái: this game's winner, or the same cái after a draw or an ù láo."""
    return cai if game.winner is None else game.winner


def _new_game(rules: ChanRules, deal) -> ChanGame:
    if isinstance(deal, tuple):
        hands, noc = deal
        return ChanGame.from_hands(rules, hands, noc)
    return ChanGame.from_order(rules, deal)


def play_series(rules: ChanRules, deals, strategies, rng: np.random.Generator | None = None,
                check_fouls: bool = False) -> list[ChanGame]:
    """Play one series: one game per deal, the winner dealing next and carrying Thông.

    ``deals``: deal orders (100 card ids, :func:`cardodds.sim.chan.deal.deal_orders`; the cái's cards go where the deal puts
    them) or ``(hands by seat, nọc)`` pairs of kinds (the cái's hand must then have 20 cards).
    ``check_fouls``: replay each game for fouls before granting Thông (not needed for the simulator's players).
    """
    cai, thong = rules.cai_seat, None
    games = []
    for deal in deals:
        game = _new_game(dataclasses.replace(rules, cai_seat=cai), deal)
        game.thong_seat = thong
        play_game(game, strategies, rng)
        games.append(game)
        thong = thong_seat_after(game, rules, None if check_fouls else ())
        cai = next_cai(game, cai)
    return games


def batch_series_ok(strategies, rules: ChanRules) -> bool:
    """Whether :func:`play_series_batch` can play these series: batch-engine players, the same at every seat (so a
    table turned to put the cái at seat 0 plays the same game), and no minimum points (Thông cannot make a win legal)."""
    from cardodds.sim.chan.batch import batch_supports

    players = tuple(strategies)
    return (rules.min_points_to_win == 0 and all(p == players[0] for p in players)
            and batch_supports(players, rules))


def play_series_batch(rules: ChanRules, orders: np.ndarray, strategies) -> list:
    """Play ``S`` series at once with the batch engine: ``orders`` ``(S, L, 100)``; one result per game index.

    Each game index is one :func:`cardodds.sim.chan.batch.play_batch` call over the S tables with the cái at seat 0 (a deal
    order deals the same cards relative to the cái whoever it is); winners are turned back to the real seats and
    Thông is added to the cước and points of a win by the previous winner (replacing Xuông, as in
    :func:`cardodds.sim.chan.scorer.cuoc_of`).  Returns :class:`cardodds.sim.chan.batch.BatchResult` objects with real seats.
    """
    from cardodds.sim.chan.batch import play_batch
    from cardodds.sim.chan.scorer import ORDER

    n_series, length = orders.shape[:2]
    turned = dataclasses.replace(rules, cai_seat=0)
    table = rules.point_table()
    thong_i, xuong_i = ORDER.index("thong"), ORDER.index("xuong")
    cai = np.full(n_series, rules.cai_seat, dtype=np.int64)
    thong = np.full(n_series, -1, dtype=np.int64)
    results = []
    for j in range(length):
        res = play_batch(turned, orders[:, j], strategies)
        won = res.winner >= 0
        winner = np.where(won, (res.winner + cai) % 4, -1)
        again = won & (winner == thong)
        cuoc = res.cuoc.copy()
        points = res.points.astype(np.int64)
        had_xuong = again & (cuoc[:, xuong_i] > 0)
        cuoc[again, thong_i] = 1
        cuoc[had_xuong, xuong_i] = 0
        points = points + again * table["thong"] - had_xuong * table["xuong"]
        results.append(dataclasses.replace(res, winner=winner, cuoc=cuoc, points=points))
        thong = winner  # the simulator's players never foul: every win carries Thông
        cai = np.where(won, winner, cai)
    return results
