"""A recorded Chắn game replayed through the reference engine, and what the replay tells: its fouls and its score.

The move log (:mod:`cardodds.sim.chan.movelog`) is data; the foul rules (:mod:`cardodds.sim.chan.fouls`) and the scorer
(:mod:`cardodds.sim.chan.scorer`) judge single moves and wins; here a whole log is played again on
:class:`cardodds.sim.chan.reference.ChanGame` — so a log that breaks the game raises :class:`CardoddsError` naming the move
index where it breaks — and :func:`check_log` reports every foul in it, :func:`score_log` its cước and points.
"""

from __future__ import annotations

from cardodds.sim.chan.fouls import BO_U, U_LAO, U_THIEU_DIEM, XUONG_SAI, Foul, FoulRule, fouls_of, keeps_thong
from cardodds.sim.chan.movelog import Move, MoveLog, log_rules, read_log
from cardodds.sim.chan.reference import ChanGame
from cardodds.sim.chan.scorer import called_cuoc, min_points_ok, paid_call, score_game


def thong_seat(log: MoveLog, rules) -> int | None:
    """The seat that may call Thông in this game: the previous winner, if that win was clean (see the format)."""
    prev = log.previous
    if prev is None or prev["winner"] is None or not keeps_thong(prev["fouls"], rules):
        return None
    return prev["winner"]


def replay(log: MoveLog, observer=None):
    """Replay a log through the reference engine; the finished (or stopped) game.

    ``observer(index, game, move)`` is called before each move is applied (the foul checker uses it).
    Raises :class:`CardoddsError` at the first move that the game does not allow.
    """
    rules = log_rules(log)
    game = ChanGame.from_hands(rules, log.hands, log.noc)
    game.thong_seat = thong_seat(log, rules)
    for i, move in enumerate(log.moves):
        if observer is not None and not game.over:
            observer(i, game, move)
        game.apply(move, index=i)
    return game


def load_log(path):
    """Read, parse and replay a move-log file: ``(log, game)``; any problem is a CardoddsError naming where."""
    log = read_log(path)
    return log, replay(log)


def _chiu_of_chiu_u(game, move):
    """The chíu inside a chíu ù (the winner holds three of the card in play), else None: a chíu ù is checked as a chíu
    (foul 16: "ăn cạ rồi lại ăn hoặc chíu quân cùng hàng")."""
    card = game.card if move.card is None else move.card
    if game.phase != "card" or card is None or game.seats[move.seat].hand[card] != 3:
        return None
    return Move("chiu", move.seat, card)


def _found(index, seat, rule: FoulRule) -> Foul:
    return Foul(index, seat, rule.number, rule.code, rule.name, rule.penalty)


def check_game_log(log) -> tuple[list[Foul], object]:
    """Replay a :class:`MoveLog`; every foul in it and the replayed game (a broken log raises CardoddsError)."""
    found: list[Foul] = []

    def observe(index, game, move):
        if move.seat is None:
            return
        if move.action == "u":
            move = _chiu_of_chiu_u(game, move)
        if move is not None:
            found.extend(_found(index, move.seat, r) for r in fouls_of(game.seats[move.seat], move))

    game = replay(log, observe)
    # Bỏ ù: "ù được mà không ù rồi về sau mới ù" — a win let go is a foul only when that player wins later.
    found.extend(_found(i, s, BO_U) for i, s in game.missed_wins if s == game.winner)
    if game.u_lao is not None:
        found.append(_found(*game.u_lao, U_LAO))
    if game.winner is not None:
        index = len(game.moves) - 1
        declared = game.moves[-1].cuoc
        if declared is not None and paid_call(game.win, declared, game.rules) is None:
            found.append(_found(index, game.winner, XUONG_SAI))
        if not min_points_ok(called_cuoc(game), game.rules):  # "ù mà xướng thiếu điểm": judged on the call
            found.append(_found(index, game.winner, U_THIEU_DIEM))
    found.sort(key=lambda f: (f.index, f.seat, f.number))
    return found, game


def check_log(log) -> list[Foul]:
    """Every foul of a recorded game: ``[Foul(index, seat, number, code, name, penalty), ...]`` in move order.

    ``log`` is a :class:`cardodds.sim.chan.movelog.MoveLog` or a path to a JSON move log.
    """
    if not isinstance(log, MoveLog):
        log = read_log(log)
    return check_game_log(log)[0]


def score_log(log) -> tuple[dict[str, int], int]:
    """``(cước, points)`` of a recorded game (a MoveLog), replayed."""
    return score_game(replay(log))
